// Instructions executed by a corpus run (`pactvm test <corpus> --jobs 1`), counted by valgrind's
// cachegrind with V8 single-threaded (`node --single-threaded`: compiles and collections run on the
// one thread, in the same order each time). The count repeats to ~0.1 % on one copy of the bin, and
// to ~0.3 % across copies (the code caches, written anew for each, differ a little), where the
// same run's wall time moves by ±15 % on a shared machine: a change of a percent or two to the batch's cold code
// (issue 12, goal 6) shows here and is lost in `cli-timing`. It is a proxy, not the goal: on two
// cores the real run compiles and collects partly on the other core.
// Usage: node dist/bench/instructions.js [--before=DIR] [--corpus=DIR]
//   DIR: another checkout, built (its bin, or for older checkouts its unbundled CLI). Needs
//   valgrind (Debian: `apt-get install valgrind`); a run takes about a minute.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name: string) => process.argv.find(a => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const before = arg('before');
const corpus = resolve(arg('corpus') ?? process.env.PACT_TESTS ?? join(repo, '..', 'shared', 'conformance', 'pact-5', 'pact-tests'));
const node = process.execPath;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('instructions: valgrind is not installed (Debian: apt-get install valgrind)');
  process.exit(1);
}
if (!existsSync(corpus)) {
  console.error(`instructions: no corpus at ${corpus} (set --corpus=DIR or PACT_TESTS)`);
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'pactvm-instructions-'));

/**
 * How to run a checkout's CLI single-threaded. Its bin reads code caches that V8 accepts only
 * under the flags they were written with, so the bin is copied and its caches written again under
 * `--single-threaded`, from the same training runs as the build's (scripts/bundle.mjs).
 */
function cliOf(root: string, name: string): string[] {
  const bin = join(root, 'dist', 'bin');
  if (!existsSync(join(bin, 'pactvm.js'))) {
    const cli = join(root, 'dist', 'runtime', 'repl', 'cli.js');
    if (!existsSync(cli)) throw new Error(`${root}: no dist/bin/pactvm.js or dist/runtime/repl/cli.js (build it first)`);
    return ['--single-threaded', cli];
  }
  const copy = join(scratch, name);
  cpSync(bin, copy, { recursive: true });
  const tours = join(root, 'scripts', 'code-cache');
  const training = [
    ...(existsSync(tours) ? [tours] : []),
    ...['examples/token/token.repl', 'examples/vesting/vesting.repl'].map(f => join(root, f)).filter(f => existsSync(f)),
  ];
  const written = spawnSync(node, ['--single-threaded', join(copy, 'pactvm.js'), 'test', ...training, '--jobs', '1'],
    { cwd: root, env: { ...process.env, PACTVM_WRITE_CODE_CACHE: 'pactvm.js' }, stdio: 'ignore', timeout: 120_000 });
  if (written.error) throw written.error;
  if (!readdirSync(copy).some(f => f.endsWith('.batch.cache'))) throw new Error(`${root}: no batch code cache was written`);
  return ['--single-threaded', join(copy, 'pactvm.js')];
}

/** Instructions of one corpus run, all threads (there is one). */
function count(cli: string[], label: string): number {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null',
    // V8 writes and patches code at run time
    '--smc-check=all-non-file', node, ...cli, 'test', corpus, '--jobs', '1'], { encoding: 'utf8', timeout: 1_200_000 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${label}: the corpus run failed under valgrind (exit ${r.status})\n${r.stdout}`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (!refs) throw new Error(`${label}: no instruction count in valgrind's report`);
  return Number(refs[1]!.replace(/,/g, ''));
}

const millions = (n: number) => `${(n / 1e6).toFixed(0).padStart(6)} M`;
try {
  const ours = count(cliOf(repo, 'this'), 'this build');
  console.log(`this build   ${millions(ours)} instructions  (${corpus})`);
  if (before) {
    const theirs = count(cliOf(resolve(before), 'before'), 'before');
    console.log(`before       ${millions(theirs)} instructions  ×${(theirs / ours).toFixed(2)} of this build's`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
