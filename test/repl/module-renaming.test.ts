// What Pact's renamer (Desugar.hs renameModule, handleImport, resolveModuleName) decides about a
// module and a `use` beyond the order of its errors (test/compiler/error-order.test.ts): imports,
// names looked up in the active namespace, and the order in which constants are evaluated.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

/** The error a script stops with, as `line:col: message`. */
function firstError(script: string): string {
  const r = runRepl(script);
  if (r.error === null) throw new Error(`no error from ${script}`);
  const s = r.error.span!;
  const at = s.file.position(s.start);
  return `${at.line + 1}:${at.col}: ${r.error.message}`;
}

const DEPLOYED = `(begin-tx)
(module m g (defcap g () true) (defun f () 1) (defconst C 2))
(interface i (defun x:integer ()) (defconst IC 1) (defschema s a:integer))
`;

test('an import list\'s missing names are listed as a set: sorted, each once', () => {
  assert.is(firstError(`${DEPLOYED}(use m [f b a b])`),
    '4:7: Invalid imports, module or interface m does not implement the following members: [ a\n' + ' '.repeat(81) + ', b ]');
});

test('an interface brings only its constants and schemas: its functions cannot be imported', () => {
  assert.is(firstError(`${DEPLOYED}(use i [x IC])`),
    '4:7: Invalid imports, module or interface i does not implement the following members: [ x ]');
  const r = runRepl(`${DEPLOYED}(use i [IC s]) (+ 0 IC) IC`);
  assert.is(r.error, null);
  // alone, an interface's constant shows its (empty) docs: only modules' docs are recorded
  assert.equal(r.traces.slice(-2), ['1', 'i.IC\nDocs:\n']);
  // without a list, the function's name is not brought into scope
  assert.is(firstError(`${DEPLOYED}(use i) (x)`), '4:9: Cannot find module:  x');
});

test('an import names the module\'s current hash: a blessed older hash is refused', () => {
  const first = runRepl(`${DEPLOYED}(commit-tx)`);
  const loaded = first.traces.find(t => t.startsWith('Loaded module m, hash '))!;
  const old = loaded.slice('Loaded module m, hash '.length);
  const upgrade = `(begin-tx) (module m g (defcap g () true) (bless "${old}") (defun f () 2))`;
  const r = runRepl(upgrade, 'test.repl', first.session);
  assert.is(r.error, null);
  const current = r.traces[r.traces.length - 1].slice('Loaded module m, hash '.length);
  assert.is.not(current, old);
  const used = runRepl(`(use m "${old}")`, 'test.repl', r.session);
  assert.is(used.error?.message, `Import error for module m , hash not blessed: ${current}`);
  assert.is(runRepl(`(use m "${current}")`, 'test.repl', r.session).error, null);
});

const NS = `(env-data { "ks": ["carl"] })
(env-keys ["carl"])
(begin-tx)
(define-namespace 'carl (read-keyset 'ks) (read-keyset 'ks))
(namespace 'carl)
`;

test('in a namespace, a bare name that is nothing else is read as a module of the namespace: a runtime error', () => {
  assert.is(firstError(`${NS}(module m g (defcap g () true) (defun a () (xx)))`), '6:44: Cannot find module: carl.xx');
  assert.is(firstError(`${NS}(xx)`), '6:1: Cannot find module: carl.xx');
  assert.is(firstError(`${NS}(module m g (defcap g () true) (implements nope) (defun a () 1))`), '6:0: Cannot find module: carl.nope');
  assert.is(firstError(`${NS}(module m g (defcap g () true) (defun a (x:module{nope}) 1))`), '6:31: Cannot find module: carl.nope');
  assert.is(firstError(`${NS}(module m g (defcap g () true) (defun a (x:object{nosuch}) 1))`), '6:31: Cannot find module: carl.nosuch');
  // outside a namespace the same names are the renamer's own errors
  assert.is(firstError('(module m g (defcap g () true) (defun a () (xx)))'), '1:44: Cannot find module:  xx');
  assert.is(firstError('(module m g (defcap g () true) (defun a (x:object{nosuch}) 1))'), '1:31: Cannot find module:  nosuch');
});

test('a module of the namespace named where an interface is expected is refused as a module reference', () => {
  assert.is(firstError(`${NS}(module m g (defcap g () true) (defun a () 1))
(module m2 g (defcap g () true) (implements m) (defun b () 1))`), '7:0: Invalid Interface attempted to be used as module reference: m');
});

test('a qualified name that is not a definition is no schema; a bare unknown one is an unbound type variable', () => {
  const mod = (t: string) => `(module m g (defcap g () true) (defun a (x:object{${t}}) 1))`;
  assert.is(firstError(`${NS}(module other g (defcap g () true) (defun f () 1))
${mod('carl.other')}`), '7:31: Invalid def in defschema position: other is not a valid schema');
  assert.is(firstError(`(module other g (defcap g () true) (defun f () 1))\n${mod('other.f')}`),
    '2:31: Invalid def in defschema position: f is not a valid schema');
  // the module's own definition named in a type is a dependency: on itself, a cycle
  assert.is(firstError(mod('m.a')), '1:31: Recursive cycle detected in Module m in the following functions: [a]');
  assert.is(firstError('(module m g (defcap g () true) (defschema s a:integer) (deftable t:{nope}))'), '1:55: Cannot find module:  nope');
});

test('constants are evaluated in Pact\'s order of the renamed definitions: each after those it names, unrelated ones by descending name', () => {
  const two = (a: string, b: string) => `(module m g (defcap g () true) (defconst A ${a}) (defconst B ${b}))`;
  // unrelated: B is evaluated first
  assert.is(runRepl(two('(/ 1 0)', '(at 5 [])')).error?.message, 'Array index out of bounds. Length (0), Index (5)');
  // B names A: A first
  assert.is(runRepl(two('(/ 1 0)', '[A (at 5 [])]')).error?.message, 'Arithmetic exception: div by zero');
  // the values are those of a dependency order either way
  const r = runRepl(`(module m g (defcap g () true) (defconst Z (+ Y 1)) (defconst Y (* X 2)) (defconst X 3)) [X Y Z]`);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], '[3 6 7]');
});

test('a managed capability\'s manager must be a defun, unless DisablePact51 is set', () => {
  const mod = '(module m g (defcap g () true) (defcap c (x:integer) @managed x mgr true) (defconst mgr 1))';
  assert.is(firstError(mod), '1:31: m.mgr is not a valid managed capability manager function. m.mgr must be a defun');
  const r = runRepl(`(env-exec-config ["DisablePact51"]) ${mod}`);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1].startsWith('Loaded module m, hash '), true);
});


/** The gas log's labels of a script's charges, in order. */
function chargeLabels(src: string): string[] {
  const r = runRepl(`(env-gasmodel "table") (env-gaslimit 100000000) (env-gaslog) ${src}`);
  if (r.error) throw new Error(r.error.message);
  return (r.session.gas.log ?? []).map(e => e.what);
}

test('a deployment charges the renamed module before its constants run, its hash after them, its storage last', () => {
  const labels = chargeLabels('(module m g (defcap g () true) (defconst K (+ 1 2)) (defun f () 1))');
  const at = (prefix: string) => labels.findIndex(l => l.startsWith(prefix));
  const desugar = at('GModuleOp (MOpDesugarModule'), constant = labels.indexOf('GNative +'), hash = at('GHashOp (GHashBlake');
  assert.ok(desugar >= 0 && constant > desugar && hash > constant, labels.join(' | '));
  assert.ok(at('GModuleOp (MOpFindTransitiveDep') > hash && at('GWrite') > at('GModuleOp (MOpFindTransitiveDep'), labels.join(' | '));
});

test('a gas limit met by the desugar charge stops the deployment before any constant runs', () => {
  const r = runRepl('(env-gasmodel "table") (env-gaslimit 10) (module m g (defcap g () true) (defconst K (/ 1 0)))');
  // K would divide by zero: the limit is met first
  assert.ok(r.error?.message.startsWith('Gas limit "10"exceeded: '), r.error?.message);
});

const REPL_OFF = '(module m g (defcap g () true)';

test('REPL natives in module code are refused only after renaming, constants and hashing, in Pact\'s order of the definitions', () => {
  // an unknown name elsewhere is the renamer's, and wins
  assert.is(firstError(`${REPL_OFF} (defun a () (env-data {})) (defun b () (zz)))`), '1:71: Cannot find module:  zz');
  // so does a constant's evaluation error
  assert.is(firstError(`${REPL_OFF} (defun a () (env-data {})) (defconst K (/ 1 0)))`), '1:70: Arithmetic exception: div by zero');
  // of two definitions, the one Pact meets first: unrelated ones by descending name
  assert.is(firstError(`${REPL_OFF} (defun a () (env-data {})) (defun b () (env-sigs [])))`),
    '1:71: Program encountered an unhandled raised error: repl native disallowed in module code. If you want to use this, enable them with (env-enable-repl-natives true)');
  // a constant is evaluated before Pact looks: it may use one
  const r = runRepl(`${REPL_OFF} (defconst K (env-data {"a": 1})) (defun f () K)) (f)`);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], '"Setting transaction data"');
});

const KEYSETS = `(env-data { "ks": ["k1"], "ks2": ["k2"] })
(env-keys ["k1"])
(begin-tx)
(define-keyset 'ks (read-keyset 'ks))
(define-keyset 'ks2 (read-keyset 'ks2))
(module m 'ks (defun f () 1))
`;

test('upgrading a keyset-governed module evaluates (enforce-guard (keyset-ref-guard "ks")) even with module admin held, at the module', () => {
  const r = runRepl(`${KEYSETS}(env-gasmodel "table") (env-gaslimit 100000000) (env-gaslog)
(module m 'ks (defun f () 2))`);
  assert.is(r.error, null);
  const log = (r.session.gas.log ?? []).map(e => `${e.what} @${e.span?.range()} ${e.cost}`);
  assert.equal(log.slice(0, 3), [
    'GNative keyset-ref-guard @test.repl:7:0-7:29 2000',
    'GStrOp (StrOpParse 2) @test.repl:7:0-7:29 11',
    'GNative enforce-guard @test.repl:7:0-7:29 2000',
  ]);
  // the deployment's own charges are at the module form too
  assert.ok(log.slice(3).every(l => l.includes('@test.repl:7:0-7:29')), log.join('\n'));
});

test('a keyset-governed module\'s own keyset is enforced at every deployment, upgrades included', () => {
  assert.is(firstError(`${KEYSETS}(module m 'ks2 (defun f () 3))`), '7:0: Keyset failure (keys-all): [k2...]');
  assert.is(firstError(`${KEYSETS}(module n 'ks2 (defun f () 3))`), '7:0: Keyset failure (keys-all): [k2...]');
});

const LIB = '(begin-tx) (module lib g (defcap g () true) (defschema acct bal:decimal) (defun f () 1) (defconst K 7))\n';

/** The definitions stored with module or interface `name`, and the deployment's charges. */
function stored(src: string, name: string): { deps: string[]; labels: string[] } {
  const r = runRepl(`${LIB}(env-gasmodel "table") (env-gaslimit 100000000) (env-gaslog) ${src}`);
  if (r.error) throw new Error(r.error.message);
  const m = r.session.module(name)!;
  return { deps: m.sizes.deps.map(([f]) => `${f.module.name}.${f.name}`), labels: (r.session.gas.log ?? []).map(e => e.what) };
}

test('an interface stores every loaded definition of the modules it names, and makes no dependency walk', () => {
  const i = stored('(interface i (defun t:object{lib.acct} ()) (defconst C lib.K))', 'i');
  assert.equal(i.deps, ['lib.K', 'lib.acct', 'lib.f', 'lib.g']);
  assert.is(i.labels.some(l => l.startsWith('GModuleOp (MOpFindTransitiveDep')), false);
  // naming nothing outside itself, it stores nothing
  assert.equal(stored('(interface j (defconst C 1))', 'j').deps, []);
});

test('a module walks its transitive dependencies from Pact 5.1; under DisablePact51 it stores what an interface would', () => {
  const walked = stored('(module m g (defcap g () true) (defun h () (lib.f)))', 'm');
  assert.equal(walked.deps, ['lib.f']);
  assert.is(walked.labels.some(l => l.startsWith('GModuleOp (MOpFindTransitiveDep')), true);
  const old = stored('(env-exec-config ["DisablePact51"]) (module m g (defcap g () true) (defun h () (lib.f)))', 'm');
  assert.equal(old.deps, ['lib.K', 'lib.acct', 'lib.f', 'lib.g']);
  assert.is(old.labels.some(l => l.startsWith('GModuleOp (MOpFindTransitiveDep')), false);
});

test.run();
