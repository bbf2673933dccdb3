// Names and special forms are checked as Pact 5 checks them, with its exact messages and locations.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

function located(src: string): string {
  const r = runRepl(src, 'names.repl');
  if (!r.error) throw new Error(`expected an error, got ${r.traces.join(' | ')}`);
  const s = r.error.span;
  return s ? `${s.startPos.line + 1}:${s.startPos.col}: ${r.error.message}` : r.error.message;
}

test('a defconst whose value is a function is Pact\'s "did not reduce to a value", at the expression', () => {
  assert.is(located('(module m g (defcap g () true)\n  (defconst f (lambda (x) x)))'),
    '2:14: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  assert.is(located('(interface i\n  (defconst f (lambda (x) x)))'),
    '2:14: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  assert.is(located('(defconst f (lambda (x) x))'),
    '1:12: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
});

test('a defconst is evaluated sys-only, as Pact\'s ConstEval does: no user table is read or written, keysets still are', () => {
  const other = `(begin-tx)
(module o g (defcap g () true) (defschema row v:integer) (deftable t:{row})
  (defun rd () (read t "k")) (defun wr () (write t "j" {"v": 2})))
(create-table t)
(insert t "k" {"v": 1})
`;
  const disallowed = 'Error during database operation: Operation disallowed in read-only or sys-only mode';
  assert.is(runRepl(`${other}(module m g (defcap g () true) (defconst X (o.rd)))`).error?.message, disallowed);
  assert.is(runRepl(`${other}(module m g (defcap g () true) (defconst X (o.wr)))`).error?.message, disallowed);
  assert.is(runRepl(`${other}(interface i (defconst X (o.rd)))`).error?.message, disallowed);
  assert.is(runRepl(`${other}(env-enable-repl-natives true) (defconst X (o.rd))`).error?.message, disallowed, 'a REPL defconst too');
  // and the code after the module runs impure again
  assert.is(runRepl(`${other}(module m g (defcap g () true) (defconst X 1)) (o.wr)`).traces.pop(), '"Write succeeded"');
  assert.is(runRepl(`(env-data {"ks": ["k1"]}) (module m g (defcap g () true) (defconst KS (read-keyset "ks"))) (identity m.KS)`).traces.pop(),
    'KeySet {keys: [k1],pred: keys-all}');
});

test('a module or interface named like a native shadows it, reported at the whole form', () => {
  assert.is(located('(module identity g (defcap g () true))'), '1:0: Variable identity shadows native with the same name');
  assert.is(located('(interface format (defconst K 1))'), '1:0: Variable format shadows native with the same name');
});

test('suspend, error and pure are special forms with Pact\'s arity errors at the form', () => {
  assert.is(located('(+ 1 (suspend))'), '1:5: Desugar syntax failure: suspend must take only 1 argument');
  assert.is(located('(suspend 2 3 4)'), '1:0: Desugar syntax failure: suspend must take only 1 argument');
  assert.is(located('(error)'), '1:0: Desugar syntax failure: error must take only 1 argument');
  assert.is(located('(pure 1 2)'), '1:0: Desugar syntax failure: pure must take only 1 argument');
});

test('an empty bind body is Pact\'s EmptyBindingBody, which has no "Desugar syntax failure" prefix', () => {
  assert.is(located('(bind {"a": 1} {"a" := a})'), '1:15: Bind expression lacks an accompanying body');
});

test('a bad cond clause is reported at the cond form', () => {
  assert.is(located('(cond 1 2 3)'), '1:0: Desugar syntax failure: cond: expected application of conditions');
});

test('a partial application is applied only by a native, else CannotApplyPartialClosure at the call', () => {
  const m = '(module m g (defcap g () true) (defun f (n:integer s:string) s))\n';
  assert.is(located(`${m}((f 1) "x")`), '2:0: Attempted to apply a closure outside of native callsite');
  assert.is(located('((take 1) "foo")'), '1:0: Attempted to apply a closure outside of native callsite');
  assert.is(runRepl(`${m}(map (f 1) ["a" "b"])`).traces.pop(), '["a" "b"]');
});

test('a @managed manager function must be a defun', () => {
  assert.is(located(`(module m g (defcap g () true)
  (defcap mgr (a:integer b:integer) a)
  (defcap C (a:string b:integer) @managed b mgr true))`),
  '3:2: m.mgr is not a valid managed capability manager function. m.mgr must be a defun');
});

test('a dynamic call through a name that is not a local modref is invalid; an unknown one is unbound', () => {
  assert.is(located('(defun f () 1)\n(defun g () (f::h))'), '2:13: Invalid dynamic call: f::h');
  assert.is(located('(defun g () (nope::h))'), '1:13: Unbound variable nope');
});

test('an interface is not a value, and a qualified interface name is not a module', () => {
  const iface = '(interface iface (defun foo:string ()))\n';
  assert.is(located(`${iface}iface`), '2:0: Invalid Interface attempted to be used as module reference: iface');
  assert.is(located(`(begin-tx)
(env-data { "ks": ["carl"] })
(env-keys ["carl"])
(define-namespace 'carl (read-keyset 'ks) (read-keyset 'ks))
(namespace 'carl)
${iface}(commit-tx)
carl.iface`), '8:0: Expected module, found interface: carl.iface');
});

test('top-level code naming a schema, or an interface\'s defun, defcap or defpact, is refused before it runs (Pact\'s renamer)', () => {
  // these names have no value: the whole expression fails before evaluating anything, even where the
  // name sits in a lambda that never runs, as in module code (Desugar.hs renameTerm, findDefInInterface)
  const defs = `(interface i (defun f:integer ()) (defconst C 1) (defschema s a:integer) (defcap CAP:bool ()) (defpact p:string ()))
(module m g (defcap g () true) (defschema s a:integer))
`;
  assert.is(located(`${defs}(i.f)`), '3:1: Module i has no such member: f');
  assert.is(located(`${defs}(let ((h (lambda () (i.f)))) 1)`), '3:21: Module i has no such member: f');
  assert.is(located(`${defs}(try 1 i.CAP)`), '3:7: Module i has no such member: CAP');
  assert.is(located(`${defs}(i.p)`), '3:1: Module i has no such member: p');
  assert.is(located(`${defs}(let ((h (lambda () m.s))) 1)`), '3:20: Invalid definition in term variable position: s');
  assert.is(located(`${defs}i.s`), '3:0: Invalid definition in term variable position: s');
  // a bare name: a deployed module's members are top-level names, and so are a use's
  assert.is(located(`${defs}[s]`), '3:1: Invalid definition in term variable position: s');
  assert.is(located(`${defs}(use i) (+ 1 s)`), '3:13: Invalid definition in term variable position: s');
  // an interface's constants are values; its members stay refused inside module code too
  assert.is(runRepl(`${defs}[i.C i.C]`).traces.pop(), '[1 1]');
  assert.is(runRepl(`${defs}(use i)\n(identity C)`).traces.pop(), '1');
  assert.is(located(`${defs}(module n g (defcap g () true) (defun h () (i.f)))`), '3:44: Module i has no such member: f');
  assert.is(located(`${defs}(module n g (defcap g () true) (defun h () m.s))`), '3:43: Invalid definition in term variable position: s');
});

test('a module may not take an interface\'s name, and an interface may not be redeployed', () => {
  const iface = '(interface iface (defun foo:string ()))\n';
  assert.is(located(`${iface}(module iface g (defcap g () true))`), '2:0: Expected module, found interface: iface');
  assert.is(located(`${iface}${iface}`), '2:0: Interface cannot be upgraded: iface');
  assert.is(located(`(module iface g (defcap g () true))\n${iface}`), '2:0: Interface cannot be upgraded: iface');
});

test('using a missing module by bare name inside a namespace is a runtime "Cannot find module"', () => {
  const ns = `(env-data { "ks": ["carl"] })
(env-keys ["carl"])
(define-namespace 'carl (read-keyset 'ks) (read-keyset 'ks))
(namespace 'carl)
`;
  // a module's imports fail at the module (Pact's renameModule hands its own info to handleImport)
  assert.is(located(`${ns}(module m g (defcap g () true) (use m))`), '5:0: Cannot find module: carl.m');
  assert.is(located(`${ns}(module m g (defcap g () true) (use carl.m))`), '5:0: Cannot find module:  carl.m');
  assert.is(located('(module m g (defcap g () true) (use m))'), '1:0: Cannot find module:  m');
  // a top-level use fails at itself
  assert.is(located(`${ns}(use m)`), '5:0: Cannot find module: carl.m');
  assert.is(located('(begin-tx) (use nope)'), '1:11: Cannot find module:  nope');
});

test('a user guard whose function was removed or changed fails as Pact\'s runUserGuard does', () => {
  const table = '(defschema s g:guard) (deftable t:{s})';
  const before = `(module m g (defcap g () true) ${table}
  (defun f:bool (a:integer) true)
  (defun guard () (create-user-guard (f 1))))
(create-table t)
(insert t "k" { "g": (guard) })
`;
  const after = (def: string) => `${before}(module m g (defcap g () true) ${table} ${def})
(enforce-guard (at "g" (read t "k")))`;
  assert.match(runRepl(after('(defun other () 1)')).error!.message, /^Module member does not exist m\.f\.\{[A-Za-z0-9_-]{43}\}$/);
  assert.is(runRepl(after('(defcap f (a:integer) true)')).error!.message, 'User guard closure m.f must be defun, gotdefcap');
  assert.is(runRepl(after('(defconst f 1)')).error!.message, 'User guard closure m.f must be defun, gotdefconst');
  assert.is(runRepl(after('(defun f (a:integer b:integer) true)')).error!.message, 'Attempted to apply a closure outside of native callsite');
});

test('an empty keyset name as module governance is an invalid keyset name, at the module', () => {
  assert.is(located('(module m "" (defun f () true))'), '1:0: Invalid keyset name format: ');
});

test('a namespace manager refusing define-namespace is wrapped as a native execution failure', () => {
  const policy = (answer: string) => `(module m g (defcap g () true) (defun manage (ns guard) ${answer}))
(env-namespace-policy false (manage))
(env-data { "ks": ["carl"] })
(env-keys ["carl"])
(define-namespace 'carl (read-keyset 'ks) (read-keyset 'ks))`;
  assert.is(located(policy('false')), '5:0: native execution failure, define-namespace failed with message: Namespace definition not permitted');
  // a non-boolean answer fails as the REPL's (direct) evaluator's enforceBool fails it
  assert.is(located(policy('1')), '5:0: expected bool value, got 1');
});

test('deploy checks without a location of their own are reported at the module form', () => {
  assert.is(located('(module m \'nonexistent (defun f () true))'), "1:0: Cannot find keyset in database: 'nonexistent");
  assert.is(located(`(module m g (defcap g () true) (defun manage (ns guard) true))
(env-namespace-policy false (manage))
(module another ag (defcap ag () true))`), '3:0: Namespace installation error: cannot install in root namespace');
});

test('a name shadowing a native anywhere in a file stops the file before any of it runs', () => {
  const r = runRepl('(print "first")\n(defun f () (let ((identity 1)) identity))', 'shadow.repl');
  // the print never ran; the only output is Pact's notice for the offending name
  assert.equal(r.prints, ['Variable identity shadows native of the same name in the body of definition defun #repl.f']);
  assert.is(r.error!.message, 'Variable identity shadows native with the same name');
  assert.is(r.error!.span!.startPos.line, 1);
});

test('binders are reported bottom-up, the innermost form first, as Pact walks them', () => {
  assert.is(located('(let ((identity 1)) (let ((format 2)) 1))'), '1:27: Variable format shadows native with the same name');
  assert.is(located('(lambda (identity) (lambda (format) 1))'), '1:28: Variable format shadows native with the same name');
  // a definition's name and arguments come before its body
  assert.is(located('(defun f (identity) (let ((format 1)) 1))'), '1:10: Variable identity shadows native with the same name');
  // a module's name comes before its definitions, which are checked in source order
  assert.is(located('(module format g (defcap g () true) (defconst identity 1))'), '1:0: Variable format shadows native with the same name');
  assert.is(located('(module m g (defcap g () true) (defconst identity 1) (defun format () 1))'),
    '1:41: Variable identity shadows native with the same name');
});

test.run();
