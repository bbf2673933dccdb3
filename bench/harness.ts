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
