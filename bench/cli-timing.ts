// CLI timings (issue 12, goals 5 and 6): a one-line `pactvm run` beside `node -e 0`, and the
// conformance corpus with `--jobs 1` and `--jobs 2`, each a child process timed from spawn to
// exit. Commands run in interleaved rounds, so that a load that drifts hits all of them alike;
// printed: min and median wall time, their ratio to the first command of the group, the median of
// the per-round ratios (each round runs the group back to back), and (on Linux) min and median
// CPU time and the median count of minor page faults of the child. A third group: a suite of
// scripts that each load the same contract.
// Usage: node dist/bench/cli-timing.js [--rounds=N] [--batch-rounds=M] [--before=DIR]
//   (DIR: another checkout, built; the batch groups run M rounds, by default a third of N and at
//   least 3: a corpus round takes seconds, and a verdict near a line wants 15 or more)

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name: string) => process.argv.find(a => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** A `--name=N` count: a whole number of at least 1, or the usage error naming it. */
function count(name: string, fallback: () => number): number {
  const text = arg(name);
  if (text === undefined) return fallback();
  if (!/^[1-9]\d*$/.test(text)) {
    console.error(`cli-timing: --${name} must be a whole number of at least 1, got "${text}"`);
    process.exit(2);
  }
  return Number(text);
}
const rounds = count('rounds', () => 10);
const batchRounds = count('batch-rounds', () => Math.max(3, Math.round(rounds / 3)));
const before = arg('before');
const corpus = resolve(process.env.PACT_TESTS ?? join(repo, '..', 'shared', 'conformance', 'pact-5', 'pact-tests'));

const scratch = mkdtempSync(join(tmpdir(), 'pactvm-cli-timing-'));
const oneLine = join(scratch, 'one.repl');
writeFileSync(oneLine, '(+ 1 2)\n');

// a suite whose scripts each load the same contract (where a per-batch cache of compiled modules
// would help): SAME_CONTRACT_SCRIPTS scripts, one module of 40 defuns, a defcap, a table and constants
const SAME_CONTRACT_SCRIPTS = 8;
const sameContract = join(scratch, 'same-contract');
mkdirSync(sameContract);
const defuns = Array.from({ length: 40 }, (_, i) =>
  `  (defun f${i}:integer (x:integer) (if (> x ${i}) (+ x (* ${i} 2)) (f${Math.max(0, i - 1)}x x)))\n  (defun f${i}x:integer (x:integer) (- x ${i}))`);
writeFileSync(join(sameContract, 'contract.pact'), [
  '(module shared GOV', '  (defcap GOV () true)', '  (defconst LIMIT:integer (* 1000 1000))',
  '  (defschema row n:integer)', '  (deftable rows:{row})', ...defuns, ')', '(create-table rows)', '',
].join('\n'));
for (let i = 0; i < SAME_CONTRACT_SCRIPTS; i++) {
  writeFileSync(join(sameContract, `s${i}.repl`), [
    '(begin-tx)', '(load "contract.pact")', '(commit-tx)',
    `(expect "f39 of ${i}" ${i - 38} (shared.f39 ${i}))`, // below 39: (f38x x) = x − 38, '',
  ].join('\n'));
}

type Command = { name: string; argv: string[] };
const node = process.execPath;
const bin = join(repo, 'dist', 'bin', 'pactvm.js');
const unbundled = join(repo, 'dist', 'runtime', 'repl', 'cli.js');
// the other checkout's bin where it has one (older checkouts have only the unbundled CLI)
const beforeCli = before && [join(resolve(before), 'dist', 'bin', 'pactvm.js'), join(resolve(before), 'dist', 'runtime', 'repl', 'cli.js')].find(f => existsSync(f));

const startup: Command[] = [
  { name: 'node -e 0', argv: ['-e', '0'] },
  { name: 'pactvm run one.repl (bin)', argv: [bin, 'run', oneLine] },
  { name: 'pactvm run one.repl (unbundled)', argv: [unbundled, 'run', oneLine] },
  ...(beforeCli ? [{ name: 'pactvm run one.repl (before)', argv: [beforeCli, 'run', oneLine] }] : []),
];
const batch: Command[] = existsSync(corpus) ? [
  { name: 'corpus --jobs 1 (bin)', argv: [bin, 'test', corpus, '--jobs', '1'] },
  { name: 'corpus --jobs 2 (bin)', argv: [bin, 'test', corpus, '--jobs', '2'] },
  ...(beforeCli ? [
    { name: 'corpus --jobs 1 (before)', argv: [beforeCli, 'test', corpus, '--jobs', '1'] },
    { name: 'corpus --jobs 2 (before)', argv: [beforeCli, 'test', corpus, '--jobs', '2'] },
  ] : []),
] : [];
const sameContractBatch: Command[] = [
  { name: `same contract ×${SAME_CONTRACT_SCRIPTS} --jobs 1 (bin)`, argv: [bin, 'test', sameContract, '--jobs', '1'] },
  ...(beforeCli ? [{ name: `same contract ×${SAME_CONTRACT_SCRIPTS} --jobs 1 (before)`, argv: [beforeCli, 'test', sameContract, '--jobs', '1'] }] : []),
];

/** CPU time (user + system, ms) and minor page faults of this process's reaped children so far,
 *  from /proc/self/stat (cutime and cstime, in clock ticks of 10 ms; cminflt); null where there is
 *  no /proc. On a loaded machine a child's CPU time varies much less than its wall time, and its
 *  page faults hardly at all: on a VM where a fault costs ~12 µs (this one), the count shows a
 *  change of memory footprint that the wall time cannot resolve. */
function childrenStat(): { cpuMs: number; faults: number } | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 12, 16 and 17 of proc(5), counted from the state field
    return { cpuMs: (Number(fields[13]) + Number(fields[14])) * 10, faults: Number(fields[8]) };
  } catch { return null; }
}

interface Timing { wall: number; cpu: number | null; faults: number | null }

function time(c: Command): Timing {
  const before = childrenStat();
  const started = performance.now();
  const r = spawnSync(node, c.argv, { stdio: 'ignore', timeout: 300_000 });
  if (r.error) throw r.error;
  // a failing run's time means nothing
  if (r.status !== 0) throw new Error(`${c.name}: exit status ${r.status}`);
  const wall = performance.now() - started, after = childrenStat();
  return before === null || after === null ? { wall, cpu: null, faults: null }
    : { wall, cpu: after.cpuMs - before.cpuMs, faults: after.faults - before.faults };
}

const minMedian = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return { min: s[0]!, median: s[s.length >> 1]! }; };

function measure(group: Command[], n: number): void {
  const times = group.map(() => [] as Timing[]);
  for (let r = 0; r < n; r++) group.forEach((c, i) => times[i]!.push(time(c)));
  const stats = times.map(t => minMedian(t.map(x => x.wall)));
  group.forEach((c, i) => {
    const { min, median } = stats[i]!;
    // the ratios of the min and median times, then the median of the ratios within each round
    // (the two commands ran back to back, so a drift of the host's load cancels out)
    const paired = () => minMedian(times[i]!.map((x, r) => x.wall / times[0]![r]!.wall)).median;
    const ratio = i === 0 ? '' : `  ×${(min / stats[0]!.min).toFixed(2)} / ×${(median / stats[0]!.median).toFixed(2)} / paired ×${paired().toFixed(2)}`;
    const cpus = times[i]!.map(x => x.cpu), faults = times[i]!.map(x => x.faults);
    const cpu = cpus.every(x => x !== null) ? (({ min: a, median: b }) => `  CPU min ${a.toFixed(0).padStart(5)} ms  median ${b.toFixed(0).padStart(5)} ms`)(minMedian(cpus as number[])) : '';
    const fault = faults.every(x => x !== null) ? `  faults median ${minMedian(faults as number[]).median.toFixed(0).padStart(6)}` : '';
    console.log(`${c.name.padEnd(34)} min ${min.toFixed(0).padStart(5)} ms  median ${median.toFixed(0).padStart(5)} ms${ratio}${cpu}${fault}`);
  });
}

try {
  measure(startup, rounds);
  if (batch.length) measure(batch, batchRounds);
  else console.log(`no corpus at ${corpus}: batch timings skipped (set PACT_TESTS)`);
  measure(sameContractBatch, batchRounds);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
