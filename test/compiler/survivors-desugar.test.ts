// Behaviours of compiler/desugar.ts that the mutation run of compiler/ (issue 16) found untested:
// each test here fails under at least one mutant that survived it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

/** `line:col: message` of the error a script stops with. */
function firstError(script: string): string {
  const r = runRepl(script);
  if (r.error === null) throw new Error(`no error from ${script}: ${r.traces.join(' | ')}`);
  const s = r.error.span!;
  const at = s.file.position(s.start);
  return `${at.line + 1}:${at.col}: ${r.error.message}`;
}

/** The last trace of a script that must not fail. */
function last(script: string): string {
  const r = runRepl(script);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces[r.traces.length - 1];
}

const NS = '(env-data {"ks": ["k"]}) (env-sigs [{"key": "k", "caps": []}]) ' +
  '(define-namespace "ns" (read-keyset "ks") (read-keyset "ks")) (namespace "ns")\n';

test('an unknown name inside a nested lambda is held back: a later syntax error of the form wins', () => {
  assert.is(firstError('(do (lambda () (nope)) (if 1))'), '1:23: Desugar syntax failure: if must take three arguments');
  assert.is(firstError('(+ 1 (let ((f (lambda () (nope)))) (if 1)))'), '1:35: Desugar syntax failure: if must take three arguments');
});

test('an unknown bare name while a namespace is active is looked up as a module of that namespace', () => {
  assert.is(firstError(`${NS}(foo)`), '2:1: Cannot find module: ns.foo');
});

test('a binding form\'s object is the local #bindObject, which its body may name (Desugar.hs objFreshText)', () => {
  assert.is(last('(bind {"a": 1, "b": 2} {"a" := x} #bindObject)'), '{"a": 1,"b": 2}');
  assert.is(last('(bind {"a": 1} {"a" := x} (+ x (at "a" #bindObject)))'), '2');
});

test('create-user-guard of a qualified name whose first part is also a local: the module member', () => {
  const mod = '(module m g (defcap g () true) (defun f () 1))\n';
  assert.is(last(`${mod}(let ((m 1)) (create-user-guard (m.f)))`), 'UserGuard {fun: m.f,args: []}');
});

test('(map (f a)) with no list: eta-expanded and partially applied, not map applied to (f a)', () => {
  assert.is(last('(let ((g (map (+ 1)))) "ok")'), '"ok"');
  // the partial application is not evaluated: it is the body of the eta-expansion (Desugar.hs desugar1ArgHOF)
  assert.is(last('(let ((g (map (+ 1 "a")))) "ok")'), '"ok"');
  assert.is(firstError('(map () [1])'), '1:0: Type error: failed to call native function map with argument(s) of type(s): unit, list');
});

test('expect and expect-failure with too few arguments are partial applications, not special forms', () => {
  assert.is(last('(let ((f (expect "a" 1))) "ok")'), '"ok"');
  assert.is(last('(let ((f (expect-failure "a"))) "ok")'), '"ok"');
  assert.is(firstError('(expect "a" 1 1 1)'), '1:0: Attempted to apply a closure to too many arguments');
});

test('a repl native in module code is refused at its first use in the definition', () => {
  assert.is(firstError('(module m g (defcap g () true) (defun f () (env-hash (hash 1)) (env-hash (hash 2))))'),
    '1:44: Program encountered an unhandled raised error: repl native disallowed in module code. ' +
    'If you want to use this, enable them with (env-enable-repl-natives true)');
  // a constant may use them (Pact evaluates constants before it looks)
  assert.ok(last('(module m g (defcap g () true) (defconst C (env-hash (hash 1))) (defun f () 1))').startsWith('Loaded module m'));
});

test('a schema named by its bare module name inside a namespaced module is the module\'s own: ns.m.s', () => {
  const mod = '(module m g (defcap g () true) (defschema s a:integer) (defun f:object{m.s} (x:object{m.s}) x))\n';
  assert.is(firstError(`${NS}${mod}(f {"a": "x"})`),
    '2:77: Runtime typecheck failure, argument is object , but expected type object{ns.m.s}');
  assert.is(firstError(`${NS}(module m g (defcap g () true) (defschema s a:integer) (defun f (x:object{m.nosuch}) x))`),
    '2:55: Module m has no such member: nosuch');
});

test('module{…} keeps its interfaces as a set in Pact\'s module-name order', () => {
  const src = '(interface b (defun h ())) (interface a (defun h ()))\n' +
    '(module m g (defcap g () true) (defun f (x:module{b, a, b}) x) (defun h () 1))\n(f 1)';
  assert.is(firstError(src), '2:41: Runtime typecheck failure, argument is integer , but expected type module{a, b}');
});

test('an interface naming itself in module{…} while it is defined means its full name', () => {
  // the renamed interface is what is hashed: module{i} and module{ns.i} are the same interface
  const iface = (t: string) => `(interface i (defschema s x:module{${t}}) (defun h ()))\n`;
  const mod = '(module m g (defcap g () true) (implements i) (defun h () 1) (defun f (o:object{i.s}) (at "x" o)))\n';
  const bare = runRepl(`${NS}${iface('i')}${mod}(f {"x": m})`);
  const full = runRepl(`${NS}${iface('ns.i')}${mod}(f {"x": m})`);
  assert.is(bare.error, null);
  assert.is(bare.traces[4], 'Loaded interface ns.i, hash y9JpkFaQCrcecGHcGFZu_izhBpEKipAU68nevuaQldU');
  assert.equal(bare.traces.slice(4), full.traces.slice(4));
  assert.is(bare.traces[6], 'ns.m');
  // outside a namespace the bare name is the full name
  const plain = runRepl(`${iface('i')}${mod}(f {"x": m})`);
  assert.is(plain.traces[0], 'Loaded interface i, hash B3CIg22RhQjTcSaPcd7oCjoZ9gPYOAeZXXFd1zRt2QU');
  assert.is(plain.traces[2], 'm');
  // a dotted name is not completed: ns.other.i is not ns.i
  const other = runRepl(`${NS}${iface('x.i')}`);
  assert.is(other.error?.message, 'Cannot find module:  x.i');
});

test.run();
