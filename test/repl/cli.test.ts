// The command line: `pactvm test` output and exit codes, the JSON reporter's fields, and the CLI
// basics (--version, --help of every command, unknown flags, `pactvm builtins`).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHILD_PROCESS_MS } from '../deadline.js';
import { readFileSync } from 'node:fs';
import { COMMANDS } from '../../runtime/repl/cli.js';
import { BUILTINS, userNamed } from '../../vm/builtins.js';
import { Parser as TapParser } from 'tap-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

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

test('--reporter json: stdout holds only JSON lines; the closing line goes to stderr', () => {
  const r = run('test', '--reporter', 'json', dir);
  const lines = r.stdout.trimEnd().split('\n');
  assert.is(lines.length, 3);
  for (const line of lines) assert.type(JSON.parse(line).file, 'string');
  assert.is(r.stderr, '1 passed, 2 failed\n');
});

test('--reporter tap and junit: a strict TAP parser and an XML parser read what the CLI writes', () => {
  const tap = run('test', '--reporter', 'tap', join(dir, 'good.repl'), join(dir, 'bad.repl'), join(dir, 'broken.repl'));
  const events = TapParser.parse(tap.stdout, { strict: true });
  const complete = events.find(e => e[0] === 'complete')![1] as { count: number; pass: number; failures: { tapError?: string | null }[] };
  assert.equal(complete.failures.filter(f => f.tapError), []);
  assert.equal([complete.count, complete.pass], [3, 1]);
  const bad = events.filter(e => e[0] === 'assert')[1][1] as { diag: { failures: unknown[] } };
  assert.equal(bad.diag.failures, [{ doc: 'two', message: 'FAILURE: two expected: 2, received: 3', line: 1 }]);
  assert.ok(tap.stdout.endsWith('\n# 1 passed, 2 failed\n'));
  assert.is(tap.stderr, '');
  const junit = run('test', '--reporter', 'junit', join(dir, 'bad.repl'), join(dir, 'broken.repl'));
  assert.is(XMLValidator.validate(junit.stdout), true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: n => n === 'testsuite' || n === 'testcase' }).parse(junit.stdout);
  const [badSuite, brokenSuite] = doc.testsuites.testsuite;
  assert.equal(badSuite.testcase.map((c: { name: string }) => c.name), ['two', 'ok']);
  assert.is(badSuite.testcase[0].failure.message, 'FAILURE: two expected: 2, received: 3');
  assert.is(brokenSuite.testcase[1].error.message, 'Type error: failed to call native function + with argument(s) of type(s): integer, string');
  assert.is(junit.stderr, '0 passed, 2 failed\n');
});

test('test and run name a failure at the same place, as Pact does', () => {
  const file = join(dir, 'bad.repl');
  const fromRun = run('run', file).stdout.split('\n')[0];
  assert.is(fromRun, `${file}:0:0-0:18:FAILURE: two expected: 2, received: 3`);
  assert.ok(run('test', file).stdout.split('\n').includes(`    ${fromRun}`));
});

test('an error an expect caught inside a loaded .pact is named where it was raised in that file', () => {
  const lib = join(dir, 'lib');
  mkdirSync(lib, { recursive: true });
  writeFileSync(join(lib, 'm.pact'), '(module m g\n  (defcap g () true)\n\n  (defun check (x:integer)\n    (enforce (> x 0) "x must be positive")\n    x))\n');
  const script = join(dir, 'loads.repl.txt');
  writeFileSync(script, '(load "lib/m.pact")\n(expect "negative" 1 (m.check -1))\n');
  const r = run('test', script);
  assert.is(r.stdout.split('\n').slice(1, 4).join('\n'), [
    `    ${script}:1:0-1:34:FAILURE: negative evaluation of actual failed with error message:`,
    '        x must be positive',
    `        (raised at ${join(dir, 'lib', 'm.pact')}:5:4)`,
  ].join('\n'));
  // run keeps Pact's text exactly: the message, no location
  assert.is(run('run', script).stdout, `${script}:1:0-1:34:FAILURE: negative evaluation of actual failed with error message:\nx must be positive\n`);
});

test('--bail stops at the first failing file and says how many were not run', () => {
  const r = run('test', '--bail', '--reporter', 'json', join(dir, 'good.repl'), join(dir, 'bad.repl'), join(dir, 'broken.repl'));
  assert.equal(r.stdout.trim().split('\n').map(l => JSON.parse(l).passed), [true, false]);
  assert.is(r.stderr, '--bail: stopped at the first failing file; 1 of 3 files not run\n1 passed, 1 failed\n');
  assert.is(r.status, 1);
  const parallel = run('test', '--bail', '--jobs', '2', '--reporter', 'json', join(dir, 'bad.repl'), join(dir, 'good.repl'), join(dir, 'broken.repl'));
  assert.is(parallel.stdout.trim().split('\n').length, 1);
  assert.match(parallel.stderr, /\n0 passed, 1 failed\n$/);
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

test('--version prints the package version and the Pact version it follows', () => {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8'));
  const r = run('--version');
  assert.is(r.stdout, `pactvm ${pkg.version} (Pact 5.4)\n`);
  assert.is(r.status, 0);
});

test('--help lists every command; each command has its own --help listing its flags', () => {
  const overview = run('--help');
  assert.is(overview.status, 0);
  for (const c of COMMANDS) assert.match(overview.stdout, new RegExp(`^  ${c.name}\\b`, 'm'));
  for (const c of COMMANDS) {
    const help = run(c.name, '--help');
    assert.is(help.status, 0, c.name);
    assert.match(help.stdout, new RegExp(`^usage: pactvm ${c.name}\\b`), c.name);
    for (const f of c.flags) assert.ok(help.stdout.includes(`--${f.name}${f.value ? ` ${f.value}` : ''}`), `${c.name} --help lists --${f.name}`);
  }
  assert.equal(run('help', 'gas').stdout, run('gas', '--help').stdout);
});

test("run's usage lists --gasmodel and --gaslimit", () => {
  const help = run('run', '--help').stdout;
  assert.match(help, /^  --gasmodel MODEL +table \(Pact's gas table\) or fixed:RATE/m);
  assert.match(help, /^  --gaslimit N +gas limit in whole gas units/m);
});

test('an unknown flag is a usage error naming it: exit 2, the message and the usage on stderr', () => {
  for (const c of COMMANDS) {
    const r = run(c.name, '--no-such-flag', join(dir, 'good.repl'));
    assert.is(r.status, 2, c.name);
    assert.is(r.stdout, '', c.name);
    assert.match(r.stderr, new RegExp(`^pactvm ${c.name}: unknown option --no-such-flag\nusage: pactvm ${c.name}\\b`), c.name);
  }
  const short = run('test', '-q', dir);
  assert.is(short.status, 2);
  assert.match(short.stderr, /^pactvm test: unknown option -q\n/);
  const top = run('--frobnicate');
  assert.is(top.status, 2);
  assert.match(top.stderr, /^pactvm: unknown option --frobnicate\nusage: pactvm COMMAND/);
  assert.match(run('frobnicate').stderr, /^pactvm: unknown command "frobnicate"\n/);
  const missing = run('run');
  assert.is(missing.status, 2);
  assert.match(missing.stderr, /^pactvm run: expected a file\n/);
});

test('pactvm builtins lists every native once, sorted, with its argument counts', () => {
  const r = run('builtins');
  assert.is(r.status, 0);
  const rows = r.stdout.trimEnd().split('\n').map(l => l.split(/ {2,}/));
  const names = rows.map(([name]) => name);
  assert.equal(names, [...new Set([...BUILTINS.filter(userNamed).map(b => b.surface), 'negate'])].sort());
  assert.not.ok(names.some(n => n.includes('modref-member'))); // the compiler's own m::f form
  const row = (name: string) => rows.find(([n]) => n === name);
  assert.equal(row('round'), ['round', '1, 2']);
  assert.equal(row('-'), ['-', '1, 2']);
  assert.equal(row('negate'), ['negate', '1']);
  assert.equal(row('expect'), ['expect', '3', 'REPL only']);
  assert.equal(row('env-data'), ['env-data', '1', 'REPL only']);
});

test.run();
