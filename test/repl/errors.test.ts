// Bad input gives a clear error naming file, line and column, and what ran before is kept.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRepl } from '../helpers.js';
import { renderError } from '../../runtime/repl/report.js';
import { runScript } from '../../runtime/repl/runner.js';

function location(e: { span: { file: { name: string }; startPos: { line: number; col: number } } | null } | null) {
  if (!e?.span) return null;
  return `${e.span.file.name}:${e.span.startPos.line + 1}:${e.span.startPos.col}`;
}

test('a syntax error names the file, line and column, and nothing in that file runs', () => {
  const r = runRepl('(print "first")\n(+ 1 2))\n', 'bad.repl');
  assert.equal(r.prints, []);
  assert.is(location(r.error), 'bad.repl:2:7');
  assert.match(r.error!.message, 'Too many closing parens');
});

test('an unterminated string is a lexical error just after the opening quote (where Pact\'s string scanner starts)', () => {
  const r = runRepl('(print 1)\n  (print "abc', 'lex.repl');
  assert.is(location(r.error), 'lex.repl:2:10');
  assert.is(r.error!.message, 'Lexical Error: String literal parsing error:  did not close string literal');
});

test('an unclosed paren expects a close paren; at the end of the input Pact points at the file start', () => {
  const r = runRepl('(+ 1\n  (* 2 3)', 'open.repl');
  assert.is(r.error!.message, "Expected: [')']");
  assert.is(location(r.error), 'open.repl:1:0');
});

test('an unknown name is an error at its use, after earlier forms ran', () => {
  const r = runRepl('(defun ok () 1)\n(print (ok))\n(print (nope 1))\n(print "never")', 'names.repl');
  assert.equal(r.prints, ['1']);
  assert.is(r.error!.message, 'Cannot find module:  nope');
  assert.is(location(r.error), 'names.repl:3:8');
  assert.ok(r.session.replDefs.has('ok'));
});

test('too many arguments to a native or a function', () => {
  const r = runRepl('(defun two (a b) a)\n(two 1 2 3)', 'arity.repl');
  assert.is(r.error!.message, 'Attempted to apply a closure to too many arguments');
  assert.is(location(r.error), 'arity.repl:2:0');
  assert.is(runRepl('(+ 1 2 3)').error!.message, 'Attempted to apply a closure to too many arguments');
});

test('a missing load file names the file, and the state before it is kept', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-'));
  const main = join(dir, 'main.repl');
  writeFileSync(main, '(defconst BEFORE 1)\n(expect "ran" 1 BEFORE)\n(load "missing.repl")\n(expect "never" 1 1)\n');
  const r = runScript(main);
  assert.is(r.passed, false);
  assert.is(r.expects.passed, 1);
  assert.is(r.error!.message, `load: cannot read file ${join(dir, 'missing.repl')}: no such file`);
  assert.is(r.error!.file, main);
  assert.is(r.error!.line, 3);
  assert.is(r.error!.column, 0);
});

test('load resolves paths relative to the loading file, and errors point into the loaded file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-'));
  writeFileSync(join(dir, 'lib.repl'), '(defun inc (x) (+ x 1))\n(enforce false "lib failed")\n');
  writeFileSync(join(dir, 'main.repl'), '(load "lib.repl")\n');
  const r = runScript(join(dir, 'main.repl'));
  assert.is(r.error!.message, 'lib failed');
  assert.is(r.error!.file, join(dir, 'lib.repl'));
  assert.is(r.error!.line, 2);
});

test('load keeps ../ in the joined path, as Pact names loaded files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'lib.repl'), '(enforce false "from lib")\n');
  writeFileSync(join(dir, 'sub', 'main.repl'), '(load "../lib.repl")\n');
  const r = runScript(join(dir, 'sub', 'main.repl'));
  assert.is(r.error!.file, `${join(dir, 'sub')}/../lib.repl`);
});

test('a .pact file sees only core natives and starts without the caller\'s imports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-'));
  writeFileSync(join(dir, 'uses-repl.pact'), '(env-data {"a": 1})\n');
  writeFileSync(join(dir, 'uses-import.pact'), '(f)\n');
  writeFileSync(join(dir, 'main.repl'),
    '(module m g (defcap g () true) (defun f () 1))\n(use m)\n(expect "import works here" 1 (f))\n(load "uses-import.pact")\n');
  assert.is(runScript(join(dir, 'main.repl')).error!.message, 'Cannot find module:  f');
  writeFileSync(join(dir, 'main2.repl'), '(load "uses-repl.pact")\n');
  assert.is(runScript(join(dir, 'main2.repl')).error!.message, 'Cannot find module:  env-data');
});

test('the uncaught error block: header, slice, marker and an empty final line', () => {
  const r = runRepl('(let ((x 1))\n  (enforce (= x 2) "x must be 2"))', 'blk.repl');
  assert.is(renderError(r.error!),
    'blk.repl:2:2: x must be 2\n' +
    ' 2 |   (enforce (= x 2) "x must be 2"))\n' +
    '   |   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n' +
    '\n');
});

test('stack lines name each function with its module hash, abbreviate long string arguments and locate the application (Pact\'s REPL gives a frame its call\'s info)', () => {
  const r = runRepl('(module m g (defcap g () true)\n  (defun inner (x:string) (enforce false "boom"))\n' +
    '  (defun outer (s:string n:integer) (inner s)))\n(m.outer "a very long argument string" 3)', 'st.repl');
  const lines = renderError(r.error!).split('\n');
  assert.match(lines[3], /^  at\(m\.inner\.\{[A-Za-z0-9_-]{43}\} "a very long \.\.\."\):st\.repl:2:36-2:45$/);
  assert.match(lines[4], /^  at\(m\.outer\.\{[A-Za-z0-9_-]{43}\} "a very long \.\.\." 3\):st\.repl:3:0-3:41$/);
  assert.is(lines.length, 6); // the block ends with a newline
});

test('stack lines abbreviate lists, objects, numbers and times as Pact does', () => {
  const r = runRepl('(module m g (defcap g () true)\n  (defun f (xs o n t) (enforce false "boom")))\n' +
    '(m.f [1 2 3 4 5 6 7 8 9 10 11] {"alpha": 1, "beta": 2} 12345678901234 (time "2016-07-22T11:26:35Z"))', 'ab.repl');
  const lines = renderError(r.error!).split('\n');
  assert.match(lines[3], /^  at\(m\.f\.\{[A-Za-z0-9_-]{43}\} \[1 2 3 4 5 6 \.\.\.\] \{"alpha": 1,"\.\.\.\} 123456789012\.\.\. 2016-07-22 11:26:35 UTC\):ab\.repl:2:0-2:100$/);
});

test('a frame argument too deep to render prints as ... and the error is still reported where it was raised', () => {
  const r = runRepl('(module m g (defcap g () true)\n  (defun f (o) (enforce false "boom")))\n' +
    '(m.f {"a": (fold (lambda (acc x) [acc]) 1 (enumerate 1 1100))})', 'deep.repl');
  const lines = renderError(r.error!).split('\n');
  assert.is(lines[0], 'deep.repl:2:15: boom');
  assert.match(lines[3], /^  at\(m\.f\.\{[A-Za-z0-9_-]{43}\} \.\.\.\):deep\.repl:2:0-2:63$/);
});

test('module definitions may not call each other in a cycle, themselves included', () => {
  assert.is(runRepl('(module m g (defcap g () true)\n (defun f (x) (h x))\n (defun h (x) (f x)))').error!.message,
    'Recursive cycle detected in Module m in the following functions: [f, h]');
  assert.is(runRepl('(module m g (defcap g () true) (defun f (x) (m.f x)))').error!.message,
    'Recursive cycle detected in Module m in the following functions: [f]');
  // definitions may appear in any order
  assert.is(runRepl('(module m g (defcap g () true) (defun a () (b)) (defun b () 1)) (m.a)').error, null);
});

test('recursion through a module reference is refused at run time, and later calls still work', () => {
  const src = '(interface i (defun f:integer (m:module{i} n:integer)))\n' +
    '(module a g (defcap g () true) (implements i)\n' +
    '  (defun f:integer (m:module{i} n:integer) (if (> n 0) (m::f m (- n 1)) 0)))\n';
  assert.is(runRepl(`${src}(a.f a 0)`).error, null);
  const r = runRepl(`${src}(expect-failure "recurses" "Recursion detected" (a.f a 1))\n(a.f a 0)`);
  assert.is(r.error, null);
  assert.is(runRepl(`${src}(a.f a 1)`).error!.message, 'Recursion detected by the runtime. Recursing in function: a.f');
});

test('binding a name that is a native is rejected where it is bound', () => {
  const r = runRepl('(print 1)\n(let ((length 3)) length)', 'shadow.repl');
  assert.is(r.error!.message, 'Variable length shadows native with the same name');
  assert.is(location(r.error), 'shadow.repl:2:7');
  assert.is(runRepl('(defun f (time) time)').error!.message, 'Variable time shadows native with the same name');
  assert.is(runRepl('(defun format () 1)').error!.message, 'Variable format shadows native with the same name');
  assert.is(runRepl('(lambda (expect) 1)').error!.message, 'Variable expect shadows native with the same name');
});

test('load with reset empties the evaluation state and the environment, and keeps the transaction marker and results', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-'));
  writeFileSync(join(dir, 'probe.repl'), [
    '(expect-failure "no data" (read-msg "k"))',
    '(expect "no keys" "KeySet {keys: [],pred: keys-all}" (format "{}" [(sig-keyset)]))',
    '(expect-failure "no module" (describe-module "m"))',
    '(expect "gas free again" 0 (env-gas))',
    '(expect "flags off" [] (env-exec-config []))',
    '(expect-failure "no pact" (pact-state))',
    '(expect "tx hash reset" "DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g" (tx-hash))',
  ].join('\n') + '\n');
  writeFileSync(join(dir, 'main.repl'), `(env-data {"k": 1}) (env-keys ["a"]) (env-hash "YQo")
(defun before () 1)
(begin-tx "open")
(module m g (defcap g () true) (defun f () 1) (defpact p () (step 1) (step 2)))
(m.p)
(env-gasmodel "table") (env-gaslimit 100000) (+ 1 2)
(env-exec-config ["DisableRuntimeRTC"])
(load "probe.repl" true)
(commit-tx)
`);
  const r = runScript(join(dir, 'main.repl'));
  // every probe held; then commit-tx meets the new database with no transaction
  assert.is(r.expects.passed, 7);
  assert.is(r.expects.failed, 0);
  assert.is(r.error!.message, 'Error during database operation: No Transaction currently in progress, cannot execute "commit"');
  // REPL definitions and deployed modules are gone: their names no longer resolve
  for (const [probe, message] of [['(before)', 'Cannot find module:  before'], ['(m.f)', 'Module m has no such member: f']]) {
    writeFileSync(join(dir, 'names.repl'), `${probe}\n`);
    writeFileSync(join(dir, 'main3.repl'), '(defun before () 1)\n(module m g (defcap g () true) (defun f () 1))\n(load "names.repl" true)\n');
    assert.is(runScript(join(dir, 'main3.repl')).error!.message, message, probe);
  }
  // runtime type checks are back on
  writeFileSync(join(dir, 'rtc.repl'), '(module t g (defcap g () true) (defun f:integer () (+ "a" "")))\n(t.f)\n');
  writeFileSync(join(dir, 'main2.repl'), '(env-exec-config ["DisableRuntimeRTC"])\n(load "rtc.repl" true)\n');
  assert.is(runScript(join(dir, 'main2.repl')).error!.message, 'Runtime typecheck failure, argument is string , but expected type integer');
});

test.run();
