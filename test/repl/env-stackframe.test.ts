// `env-stackframe`: the running defuns, defcaps and defpacts, innermost first, each the Haskell
// `show` of Pact's StackFrame record (Direct/ReplBuiltin.hs coreplEvalEnvStackFrame): its fully
// qualified name, its arguments as PactValues, its kind and the info of its application.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

/** The frames `(env-stackframe)` returned, from a script whose last form returns that list. */
function frames(src: string, file = 'sf.repl'): string[] {
  const r = runRepl('(env-enable-repl-natives true)\n' + src, file);
  if (r.error) throw new Error(r.error.message);
  // the last result is a list of strings, rendered unescaped: `["StackFrame {…}" "StackFrame {…}"]`
  const shown = r.traces[r.traces.length - 1];
  if (shown === '[]') return [];
  assert.ok(shown.startsWith('["StackFrame {') && shown.endsWith('"]'), shown);
  return shown.slice(2, -2).split('" "StackFrame {').map((t, i) => (i === 0 ? t : 'StackFrame {' + t));
}

const name = (module: string, fn: string, hash: string, ns = 'Nothing') =>
  `FullyQualifiedName {_fqModule = ModuleName {_mnName = "${module}", _mnNamespace = ${ns}}, _fqName = "${fn}", _fqHash = ModuleHash {_mhHash = "${hash}"}}`;
const info = (file: string, sl: number, sc: number, el: number, ec: number) =>
  `FileLocSpanInfo {_flsiFile = "${file}", _flsiSpan = SpanInfo {_liStartLine = ${sl}, _liStartColumn = ${sc}, _liEndLine = ${el}, _liEndColumn = ${ec}}}`;
const frame = (n: string, args: string, kind: string, at: string) =>
  `StackFrame {_sfName = ${n}, _sfArgs = [${args}], _sfFnType = ${kind}, _sfInfo = ${at}}`;

/** The hash `src`'s module gets, loaded as `frames` loads it (spans are part of a module's hash). */
const hashOf = (src: string): string => {
  const r = runRepl('(env-enable-repl-natives true)\n' + src, 'sf.repl');
  return /hash (\S+)$/.exec(r.traces.find(t => t.startsWith('Loaded module'))!)![1];
};

const MODULE = '(module m g (defcap g () true)\n' +
  '  (defun f (a b) (env-stackframe))\n' +
  '  (defun outer (x:integer) (f x "é1"))\n' +
  '  (defcap C (n:integer) (let ((fs (f n 0))) (enforce (= 3 (length fs)) "f, C and its caller")))\n' +
  '  (defun viaCap () (with-capability (C 3) (f 0 1)))\n' +
  '  (defpact p (k:string) (step (f k 1)))\n' +
  '  (defun viaFilter () (filter (lambda (fs) true) (map (f 9) [1]))))\n';

test('at top level there are no frames; in a defun, its frame and its callers\', innermost first, each at its application', () => {
  assert.equal(frames('(env-stackframe)'), []);
  const h = hashOf(MODULE);
  assert.equal(frames(MODULE + '(m.outer -5)'), [
    frame(name('m', 'f', h), 'PLiteral (LInteger (-5)),PLiteral (LString "\\233\\&1")', 'SFDefun', info('sf.repl', 3, 27, 3, 37)),
    frame(name('m', 'outer', h), 'PLiteral (LInteger (-5))', 'SFDefun', info('sf.repl', 8, 0, 8, 12)),
  ]);
});

test('a defcap\'s frame is SFDefcap at its with-capability form, a defpact step\'s SFDefPact at its start', () => {
  const h = hashOf(MODULE);
  // the body's own call to f, after the capability's frame is gone
  assert.equal(frames(MODULE + '(m.viaCap)'), [
    frame(name('m', 'f', h), 'PLiteral (LInteger 0),PLiteral (LInteger 1)', 'SFDefun', info('sf.repl', 5, 42, 5, 49)),
    frame(name('m', 'viaCap', h), '', 'SFDefun', info('sf.repl', 8, 0, 8, 10)),
  ]);
  // inside the defcap: f, C and the REPL defun applying it (the script fails otherwise)
  const inCap = frames(MODULE + '(defun capFrames () (with-capability (m.C 7) 1))\n(capFrames)\n(m.f 1 2)');
  assert.is(inCap.length, 1);
  const step = frames(MODULE + '(m.p "go")');
  assert.equal(step[1], frame(name('m', 'p', h), 'PLiteral (LString "go")', 'SFDefPact', info('sf.repl', 8, 0, 8, 10)));
  assert.ok(step[0].startsWith(`StackFrame {_sfName = ${name('m', 'f', h)}, _sfArgs = [PLiteral (LString "go"),PLiteral (LInteger 1)]`));
});

test('a REPL defun is in the pseudo-module #repl; a namespaced module\'s name carries its namespace', () => {
  const top = frames('(defun top (x) (env-stackframe))\n(top true)');
  assert.equal(top, [frame(name('#repl', 'top', 'I3JlcGw'), 'PLiteral (LBool True)', 'SFDefun', info('sf.repl', 2, 0, 2, 10))]);
  const setup = '(env-data {"ks": ["k"]})\n(env-keys ["k"])\n(define-namespace \'free (read-keyset \'ks) (read-keyset \'ks))\n(namespace \'free)\n' +
    '(module n g (defcap g () true) (defun f (x) (env-stackframe)))\n';
  const r = frames(setup + '(n.f 1)');
  assert.ok(r[0].startsWith('StackFrame {_sfName = FullyQualifiedName {_fqModule = ModuleName {_mnName = "n", _mnNamespace = Just "free"}, _fqName = "f"'), r[0]);
});

test('arguments of every kind show as PactValues', () => {
  const h = hashOf(MODULE);
  const src = MODULE + '(env-data {"ks": {"keys": ["bob", "alice"], "pred": "keys-any"}})\n' +
    '(m.f {"b": [1.50 false], "a": (read-keyset "ks")} [(create-user-guard (m.f 1 2)) (m.g) (time "2016-07-22T11:26:35Z")])';
  const [f] = frames(src);
  assert.is(f, frame(name('m', 'f', h),
    'PObject (fromList [(Field {_field = "a"},PGuard (GKeyset (KeySet {_ksKeys = fromList [PublicKeyText {_pubKey = "alice"},PublicKeyText {_pubKey = "bob"}], _ksPredFun = KeysAny}))),' +
    '(Field {_field = "b"},PList [PLiteral (LDecimal 1.50),PLiteral (LBool False)])]),' +
    'PList [PGuard (GUserGuard (UserGuard {_ugFunction = QualifiedName {_qnName = "f", _qnModName = ModuleName {_mnName = "m", _mnNamespace = Nothing}}, _ugArgs = [PLiteral (LInteger 1),PLiteral (LInteger 2)]})),' +
    `PCapToken (CapToken {_ctName = ${name('m', 'g', h)}, _ctArgs = []}),` +
    'PTime 2016-07-22 11:26:35 UTC]', 'SFDefun', info('sf.repl', 9, 0, 9, 118)));
});

test('a table value names its module\'s hash and carries its schema; a module reference its interfaces', () => {
  const src = '(interface i (defun q ()))\n(module m g (defcap g () true) (implements i)\n' +
    '  (defschema s a:integer) (deftable t:{s})\n  (defun q () 1)\n  (defun f (x y) (env-stackframe)))\n';
  const h = hashOf(src);
  const [f] = frames(src + '(m.f m.t m)');
  const M = 'ModuleName {_mnName = "m", _mnNamespace = Nothing}';
  assert.ok(f.includes('_sfArgs = [PTable (TableValue {_tvName = TableName {_tableName = "t", _tableModuleName = ' + M + '}, ' +
    `_tvHash = ModuleHash {_mhHash = "${h}"}, _tvSchema = Schema {_scName = QualifiedName {_qnName = "s", _qnModName = ${M}}, ` +
    '_scFields = fromList [(Field {_field = "a"},TyPrim PrimInt)]}}),' +
    `PModRef (ModRef {_mrModule = ${M}, _mrImplemented = fromList [ModuleName {_mnName = "i", _mnNamespace = Nothing}]})]`), f);
});

test('a partial application completed by a native shows the frame made with it: its site, no arguments', () => {
  const partial = '(module m g (defcap g () true)\n' +
    '  (defun g3 (a b c) (env-stackframe))\n' +
    '  (defun viaFold () (fold (g3 5) [] [1])))\n';
  const h = hashOf(partial);
  assert.equal(frames(partial + '(m.viaFold)'), [
    frame(name('m', 'g3', h), '', 'SFDefun', info('sf.repl', 3, 26, 3, 32)),
    frame(name('m', 'viaFold', h), '', 'SFDefun', info('sf.repl', 4, 0, 4, 11)),
  ]);
});

test.run();
