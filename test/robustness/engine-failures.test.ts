// Found item 1: failures that are not Pact errors (stack overflow, BigInt/array/string sizes, bugs)
// end in a located Pact error: `run` exits 1 with file:line:col, `test` goes on, the REPL survives.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pactvm, scratch, write, assertLocatedFailure, assertNoStack, assertJunit } from './cli.js';
import { runRepl } from '../helpers.js';
import { interactive } from '../../runtime/repl/interactive.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { builtinId } from '../../vm/builtins.js';

const dir = scratch('engine');
const deepList = (n: number) => `(fold (lambda (acc i) [acc]) [] (enumerate 1 ${n}))`;

const cases: [string, string, number, number, string][] = [
  ['parser-nesting.repl', `(+ 1 ${'('.repeat(3000)}${')'.repeat(3000)})`, 1, 516,
    'Nesting too deep: more than 512 nested forms'],
  ['pow.repl', '(+ 1 2)\n(^ 2 (^ 2 64))', 2, 0, 'Value too large: integer of more than 1048576 bits'],
  ['shift.repl', '(shift -1 99999999999999999999999)', 1, 0, 'Value too large: integer of more than 1048576 bits'],
  ['decimal.repl', `(let* ((d 10.5) ${'(d (* d d)) '.repeat(30)}) d)`, 1, 235, 'Value too large: decimal of more than 1048576 bits'],
  ['make-list.repl', '(make-list 4294967296 1)', 1, 0, 'Value too large: list of 4294967296 elements (the limit is 16777216)'],
  ['doubled.repl', `(let* ((s "ab") ${'(s (+ s s)) '.repeat(30)}) (length s))`, 1, 319,
    'Value too large: string of more than 67108864 characters'],
  ['show-deep.repl', `(let ((x ${deepList(100000)})) (show x))`, 1, 65, 'Nesting too deep: value nested more than 1000 levels'],
  ['hash-deep.repl', `(let ((x ${deepList(100000)})) (hash x))`, 1, 65, 'Nesting too deep: value nested more than 1000 levels'],
  ['equal-deep.repl', `(let ((x ${deepList(100000)}) (y ${deepList(100000)})) (= x y))`, 1, 123,
    'Nesting too deep: value nested more than 1000 levels'],
  ['read-msg-deep.repl', `(env-data {"k": 1})\n(env-data ${deepList(5000)})`, 2, 0,
    'Nesting too deep: value nested more than 1000 levels'],
];

for (const [name, text, line, col, message] of cases) {
  test(`pactvm run ${name}: exit 1 at ${line}:${col} with "${message}"`, () => {
    const file = write(dir, name, text + '\n');
    assertLocatedFailure(pactvm(['run', file]), file, line, col, message);
  });
}

test('a top-level result too deep to render fails where it is shown (--trace), and is not rendered where it is not', () => {
  const file = write(dir, 'print-deep.repl', deepList(100000) + '\n');
  assertLocatedFailure(pactvm(['run', file, '--trace']), file, 1, 0, 'Nesting too deep: value nested more than 1000 levels');
  const quiet = pactvm(['run', file]);
  assert.is(quiet.stdout, 'Load successful\n');
  assert.is(quiet.status, 0);
});

test('the limits sit well inside what the engine can do: 512 nested forms and 1000-deep values work', () => {
  const file = write(dir, 'within.repl', `(expect "deep" 512 (+ ${'(+ 1 '.repeat(510)}1${')'.repeat(510)} 1))\n` +
    `(expect "deep value" 2002 (length (show ${deepList(1000)})))\n` +
    `(expect "deep hash" 43 (length (hash ${deepList(1000)})))\n`);
  const r = pactvm(['run', file]);
  assert.is(r.stdout, 'Load successful\n');
  assert.is(r.status, 0);
});

test('a string literal of 11 MB lexes (the string pattern does not backtrack per character)', () => {
  const file = write(dir, 'big-literal.repl', `(expect "length" 11000000 (length "${'a'.repeat(11_000_000)}"))\n`);
  const r = pactvm(['run', file]);
  assert.is(r.stdout, 'Load successful\n');
});

test('a limit error is a Pact error: expect-failure catches it and the script goes on', () => {
  const r = runRepl('(expect-failure "too big" "Value too large" (^ 2 (^ 2 64)))\n(+ 1 2)');
  assert.is(r.error, null);
  assert.equal(r.traces, ['"Expect failure: Success: too big"', '3']);
});

test('an internal bug is "internal error: …, please report" at its location, and expect-failure does not swallow it', () => {
  const s = new ReplSession();
  s.natives[builtinId('length')] = () => { throw new TypeError('x.foo is not a function'); };
  const r = runRepl('(+ 1 2)\n(expect-failure "hidden?" (length [1]))', 'bug.repl', s);
  assert.ok(r.error);
  assert.is(r.error!.message, 'internal error: x.foo is not a function, please report');
  assert.is(r.error!.kind, 'internal');
  assert.is(r.error!.span!.range(), 'bug.repl:1:26-1:38');
  assert.equal(s.testResults, []);
});

test('pactvm test: a file that overflows is reported failed, the batch goes on, the JUnit document is complete', () => {
  const batch = scratch('engine-batch');
  write(batch, 'a-good.repl', '(expect "one" 1 1)\n');
  write(batch, 'b-pow.repl', '(^ 2 (^ 2 64))\n');
  write(batch, 'c-deep.repl', `(+ 1 ${'('.repeat(3000)}${')'.repeat(3000)})\n`);
  write(batch, 'd-good.repl', '(expect "two" 2 2)\n');
  const pretty = pactvm(['test', batch]);
  assert.is(pretty.status, 1);
  const lines = pretty.stdout.trim().split('\n');
  assert.is(lines[lines.length - 1], '2 passed, 2 failed');
  assert.ok(lines.some(l => l.startsWith('FAIL') && l.includes('b-pow.repl')));
  assert.ok(pretty.stdout.includes(`${join(batch, 'b-pow.repl')}:1:0: Value too large: integer of more than 1048576 bits`));
  assert.ok(lines.some(l => l.startsWith('PASS') && l.includes('d-good.repl')));
  assertNoStack(pretty);
  const junit = pactvm(['test', '--reporter', 'junit', batch]);
  assertJunit(junit.stdout, 4, 2);
  assert.is(junit.stderr, '2 passed, 2 failed\n');
  const tap = pactvm(['test', '--reporter', 'tap', batch]).stdout.trim().split('\n');
  assert.equal(tap.slice(0, 2), ['TAP version 14', '1..4']);
  assert.is(tap.filter(l => /^(not )?ok \d+ - /.test(l)).length, 4);
  assert.is(tap[tap.length - 1], '# 2 passed, 2 failed');
  const jsonRun = pactvm(['test', '--reporter', 'json', batch]);
  const json = jsonRun.stdout.trim().split('\n');
  assert.is(json.length, 4, 'stdout carries only the JSON lines');
  const objects = json.map(l => JSON.parse(l));
  assert.equal(objects.map(o => o.passed), [true, false, false, true]);
  assert.equal(objects[2].error, { message: 'Nesting too deep: more than 512 nested forms', file: join(batch, 'c-deep.repl'), line: 1, column: 516 });
  assert.is(jsonRun.stderr, '2 passed, 2 failed\n');
});

test('pactvm repl survives every engine failure and keeps its session', async () => {
  const inp = new PassThrough(), out = new PassThrough();
  let text = '';
  out.on('data', d => { text += d.toString(); });
  const done = interactive(inp, out);
  inp.end(`(defconst K 41)\n(^ 2 (^ 2 64))\n(make-list 4294967296 1)\n(show ${deepList(5000)})\n(+ K 1)\n`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('deadline passed')), 60_000); });
  try { await Promise.race([done, deadline]); } finally { clearTimeout(timer); }
  assert.match(text, /\(interactive\):1:0: Value too large: integer of more than 1048576 bits/);
  assert.match(text, /\(interactive\):1:0: Value too large: list of 4294967296 elements/);
  assert.match(text, /\(interactive\):1:0: Nesting too deep: value nested more than 1000 levels/);
  assert.ok(text.endsWith('pact> 42\npact> goodbye\n'), text.slice(-200));
});

test.run();
