import Benchmark from 'benchmark';

// A benchmark case pairs pactvm's implementation ("subject") with a baseline doing the same job
// in the same process; the runner reports subject throughput / baseline throughput.
export interface BenchCase {
  suite: string;
  name: string;
  /** One unit of work done by pactvm. Must check its own result (throw on a wrong answer). */
  subject: () => void;
  /** The same unit of work done by the baseline (plain JS, or a reference library). */
  baseline: () => void;
  /** Optional one-time preparation before timing (build fixtures, warm caches). */
  setup?: () => void;
}

export interface RatioMeasurement {
  /** Subject and baseline throughput (ops/s), medians over the rounds. */
  hz: number;
  baseline: number;
  /** Median of the per-round ratios, and their range. */
  ratio: number;
  ratioMin: number;
  ratioMax: number;
}

function hz(fn: () => void, maxTime: number): number {
  const b = new Benchmark(fn, { maxTime, minSamples: 5 });
  b.run({ async: false });
  if (b.error) throw b.error;
  return b.hz;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Times subject and baseline in alternating rounds and takes the median of the per-round ratios:
 * on a shared machine the load drifts over seconds, and a ratio of two neighbouring measurements
 * is far steadier than one of two measurements taken a whole phase apart.
 */
export function measureRatio(c: BenchCase, maxTime: number, rounds = 3): RatioMeasurement {
  const subjects: number[] = [];
  const baselines: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const subject = hz(c.subject, maxTime / rounds);
    const baseline = hz(c.baseline, maxTime / rounds);
    subjects.push(subject);
    baselines.push(baseline);
    ratios.push(subject / baseline);
  }
  return {
    hz: median(subjects), baseline: median(baselines),
    ratio: median(ratios), ratioMin: Math.min(...ratios), ratioMax: Math.max(...ratios),
  };
}
