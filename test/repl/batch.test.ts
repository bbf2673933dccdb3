// Batches (`pactvm test`): the largest scripts start first on the workers, results still come in
// file order, and a script run again in a warm process or worker (Poseidon constants made, crypto
// libraries loaded, JIT warm) gives exactly the first run's output, results and gas.

import { test, withDeadline, CHILD_PROCESS_MS } from '../deadline.js';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largestFirst, runParallel, type PortableResult } from '../../runtime/repl/parallel.js';
import { runScript, type FileResult } from '../../runtime/repl/runner.js';
import { TABLE_MODEL } from '../../runtime/gas/meter.js';

const dir = mkdtempSync(join(tmpdir(), 'pactvm-batch-'));
const write = (name: string, text: string) => { writeFileSync(join(dir, name), text); return join(dir, name); };
const small = write('a-small.repl', '(expect "one" 1 1)\n');
const large = write('b-large.repl', `${'; padding to make this the largest file\n'.repeat(20)}(expect "two" 2 (+ 1 1))\n`);
const middle = write('c-middle.repl', '; a little padding\n(expect "fails on purpose" 3 (+ 1 1))\n');
// crypto (constants and libraries made on first use), a module deploy, prints, a failure, table gas
const heavy = write('d-heavy.repl', `(module m g (defcap g () true) (defun twice (x:integer) (* 2 x)))
(print (m.twice 21))
(print (hash-poseidon 1 2 3))
(print (hash-keccak256 ["YWJj"]))
(print (scalar-mult "g1" {"x": 1, "y": 2} 5))
(expect "fails on purpose" 1 (m.twice 1))
(env-gas)
`);

const settings = { gasModel: 'table', gasLimit: 10_000_000_000, callDepth: 1000, fileBytes: 1 << 20, root: null, coverage: false, anyKeyWildcard: false };
const untimed = ({ durationMs: _ms, ...rest }: PortableResult) => rest;

test('the largest file starts first; equal sizes keep file order; an unreadable path counts as empty', () => {
  assert.equal(largestFirst([small, large, middle]), [1, 2, 0]);
  assert.equal(largestFirst([small, small, join(dir, 'missing.repl'), large]), [3, 0, 1, 2]);
});

test('two workers given the largest first still report every file, in file order, as one thread does', async () => {
  const files = [small, large, middle, heavy];
  const parallel: PortableResult[] = [];
  await withDeadline(runParallel(files, 2, settings, r => parallel.push(r), undefined, undefined, largestFirst(files)),
    60_000, 'the parallel run');
  const serial: PortableResult[] = [];
  await withDeadline(runParallel(files, 1, settings, r => serial.push(r)), 60_000, 'the one-worker run');
  assert.equal(parallel.map(r => r.file), files);
  assert.equal(parallel.map(r => r.passed), [true, true, false, false]);
  assert.equal(parallel.map(untimed), serial.map(untimed));
});

/** A run's printed output, results and gas, without timings. */
function observed(file: string): { printed: string[]; result: Omit<FileResult, 'durationMs' | 'results' | 'profile'> } {
  const printed: string[] = [];
  const { durationMs: _ms, results: _results, profile: _profile, ...result } = runScript(file, {
    gasModel: TABLE_MODEL, gasLimit: 10_000_000_000,
    out: { print: text => printed.push(`print ${text}`), trace: text => printed.push(`trace ${text}`) },
  });
  return { printed, result };
}

test('a script run a second time in the same process prints, reports and charges exactly what the first run did', () => {
  const first = observed(heavy), second = observed(heavy);
  assert.equal(second, first);
  assert.ok(first.printed.includes('print 42'));
  assert.ok(first.result.gasMilli > 0, 'gas was charged');
  assert.is(first.result.expects.failed, 1);
});

test('pactvm test of one script listed three times: the same result thrice, on one thread and on two workers', () => {
  const cli = fileURLToPath(new URL('../../bin/pactvm.js', import.meta.url));
  const results = (jobs: string) => {
    const r = spawnSync(process.execPath, [cli, 'test', heavy, heavy, heavy, '--jobs', jobs, '--reporter', 'json', '--gasmodel', 'table',
      '--gaslimit', '10000000'], { encoding: 'utf8', timeout: CHILD_PROCESS_MS });
    if (r.error) throw r.error;
    assert.is(r.stderr, '0 passed, 3 failed\n');
    return r.stdout.trim().split('\n').map(line => untimed(JSON.parse(line) as PortableResult));
  };
  const one = results('1');
  assert.is(one.length, 3);
  assert.equal(one[1], one[0]);
  assert.equal(one[2], one[0]);
  assert.equal(results('2'), one);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
