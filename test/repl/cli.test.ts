// The command line: `pactvm test` output and exit codes, the JSON reporter's fields.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHILD_PROCESS_MS } from '../deadline.js';

const cli = fileURLToPath(new URL('../../runtime/repl/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pactvm-cli-'));
writeFileSync(join(dir, 'good.repl'), '(expect "one" 1 1)\n');
writeFileSync(join(dir, 'bad.repl'), '(expect "two" 2 3)\n(expect "ok" 1 1)\n');
writeFileSync(join(dir, 'broken.repl'), '(expect "x" 1 1)\n(+ 1 "a")\n');
writeFileSync(join(dir, 'sum.repl.txt'), '(expect "sum" 3 (+ 1 2))\n');
/** Run the CLI; a run that outlives its deadline is killed and fails the test with a message. */
function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: CHILD_PROCESS_MS });
  if (r.error) throw new Error(`deadline: pactvm ${args.join(' ')} did not finish within ${CHILD_PROCESS_MS} ms (${r.error.message})`);
  return r;
}

test('pactvm test prints one line per file and ends with N passed, N failed; exit 1 on failure', () => {
  const r = run('test', dir);
  const lines = r.stdout.trim().split('\n');
  assert.is(lines[lines.length - 1], '1 passed, 2 failed');
  assert.ok(lines.some(l => l.startsWith('PASS') && l.includes('good.repl')));
  assert.ok(lines.some(l => l.startsWith('FAIL') && l.includes('bad.repl')));
  assert.is(r.status, 1);
  assert.is(run('test', join(dir, 'good.repl')).status, 0);
});

test('--reporter json: one object per file with exactly the specified fields', () => {
  const r = run('test', '--reporter', 'json', join(dir, 'bad.repl'), join(dir, 'broken.repl'));
  const [bad, broken] = r.stdout.trim().split('\n').slice(0, 2).map(l => JSON.parse(l));
  assert.equal(Object.keys(bad), ['file', 'passed', 'expects', 'failures', 'error', 'durationMs', 'gasMilli']);
  assert.equal(bad.expects, { passed: 1, failed: 1 });
  assert.equal(bad.failures, [{ doc: 'two', message: 'FAILURE: two expected: 2, received: 3', line: 1 }]);
  assert.is(bad.error, null);
  assert.equal(broken.error, {
    message: 'Type error: failed to call native function + with argument(s) of type(s): integer, string',
    file: join(dir, 'broken.repl'), line: 2, column: 0,
  });
});

test('pactvm run: Pact-style verdicts and the file:line:col error header', () => {
  const ok = run('run', join(dir, 'good.repl'));
  assert.is(ok.stdout, 'Load successful\n');
  assert.is(ok.status, 0);
  const bad = run('run', join(dir, 'bad.repl'));
  assert.match(bad.stdout, /bad\.repl:0:0-0:18:FAILURE: two expected: 2, received: 3\n/);
  assert.is(bad.stderr, 'Load failed\n');
  const broken = run('run', join(dir, 'broken.repl'));
  assert.match(broken.stderr, new RegExp(`^${join(dir, 'broken.repl').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2:0: Type error`));
  assert.match(broken.stderr, /\nLoad failed\n$/);
  assert.is(broken.status, 1);
});

test('--jobs runs scripts on worker threads and reports them in file order, as a sequential run does', () => {
  const strip = (out: string) => out.replace(/"durationMs":[0-9.]+/g, '');
  const seq = run('test', '--reporter', 'json', dir);
  const par = run('test', '--reporter', 'json', '--jobs', '2', dir);
  assert.is(strip(par.stdout), strip(seq.stdout));
  assert.is(par.status, 1);
  assert.match(run('test', '--jobs', '0', dir).stderr, '--jobs must be a positive whole number');
});

test('--reporter tap and junit describe each script for CI systems', () => {
  const tap = run('test', '--reporter', 'tap', join(dir, 'good.repl'), join(dir, 'bad.repl'));
  assert.match(tap.stdout, /^TAP version 13\n1\.\.2\nok 1 - .*good\.repl\nnot ok 2 - .*bad\.repl\n  ---\n  failure: "line 1: FAILURE: two expected: 2, received: 3"\n  \.\.\.\n/);
  const junit = run('test', '--reporter', 'junit', join(dir, 'bad.repl'), join(dir, 'broken.repl'));
  assert.match(junit.stdout, /<testsuite name="pactvm" tests="2" failures="1" errors="1"/);
  assert.match(junit.stdout, /<failure message="FAILURE: two expected: 2, received: 3">/);
  assert.match(junit.stdout, /<error message="Type error: failed to call native function \+ with argument\(s\) of type\(s\): integer, string">/);
  assert.is(junit.stderr, '0 passed, 2 failed\n');
});

test('--shard K/N runs every N-th script starting at the K-th', () => {
  const names = (k: string) => run('test', '--reporter', 'json', '--shard', k, dir).stdout.trim().split('\n')
    .filter(l => l.startsWith('{')).map(l => JSON.parse(l).file.split('/').pop());
  assert.equal(names('1/2'), ['bad.repl', 'good.repl']);
  assert.equal(names('2/2'), ['broken.repl']);
  assert.match(run('test', '--shard', '3/2', dir).stderr, '--shard must be K/N');
});

test('run --trace shows prints and results with their locations (0-based lines)', () => {
  const file = join(dir, 'trace.repl.txt');
  writeFileSync(file, '(print "hi")\n(+ 1 2)\n');
  assert.is(run('run', file, '--trace').stdout, `${file}:0:0-0:12:Print: "hi"\n${file}:1:0-1:7:Trace: 3\nLoad successful\n`);
  assert.is(run('run', file).stdout, '"hi"\nLoad successful\n');
});

test('run --dump shows each compiler stage', () => {
  const file = join(dir, 'sum.repl.txt');
  assert.match(run('run', file, '--dump', 'tokens').stdout, /^1:0\tlparen\t\(\n1:1\tident\texpect\n1:8\tstring\t"sum"\n/);
  assert.is(run('run', file, '--dump', 'ast').stdout, '(expect "sum" 3 (+ 1 2))\n');
  const bytecode = run('run', file, '--dump', 'bytecode').stdout;
  assert.match(bytecode, /== <toplevel> \(toplevel, arity 0/);
  assert.match(bytecode, /CALL_NATIVE\s+\d+ 3\s+; expect/);
  assert.match(bytecode, /ADD/);
  assert.match(run('run', file, '--dump', 'nope').stderr, '--dump must be tokens, ast or bytecode');
});

test('--gasmodel and --gaslimit set the gas every script starts with', () => {
  // (+ 1 2): 100 mG for the native + 30 mG for the integer addition
  const r = run('test', '--reporter', 'json', '--gasmodel', 'table', '--gaslimit', '1000', join(dir, 'sum.repl.txt'));
  assert.is(JSON.parse(r.stdout.split('\n')[0]).gasMilli, 130);
  const fixed = run('test', '--reporter', 'json', '--gasmodel', 'fixed:2', '--gaslimit', '1000', join(dir, 'sum.repl.txt'));
  assert.is(JSON.parse(fixed.stdout.split('\n')[0]).gasMilli, 4000);
  assert.match(run('test', '--gasmodel', 'nope', dir).stderr, '--gasmodel must be');
});

test.run();
