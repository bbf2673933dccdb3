// Module natives (describe-module, static-redeploy), module installation (use, deftable schemas,
// REPL natives in module code) and the compile cache of contracts loaded again, aimed at the
// mutants a mutation run of runtime/contracts/{module-natives,modules,module-cache}.ts left alive.
// Expectations follow Pact 5: CEK/CoreBuiltin.hs (describeModule, coreStaticRedeploy, coreTypeOf),
// Persistence/Utils.hs (getModuleData), IR/Desugar.hs (imports, resolveInterfaceName, the renamer's
// names), Environment/Utils.hs (pact51Natives), TransitiveDependencies.hs
// (getAllTransitiveDependencies), Compile.hs (compileDesugarOnly, evalTopLevel), the REPL's
// checkReplNativesEnabled (pact-repl Repl/Compile.hs) and Errors.hs for the texts. Pact has no
// compile cache: a contract loaded again behaves as its first load in that session would.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moduleCacheHits } from '../../runtime/contracts/module-cache.js';
import { errorOf, logLines, meteredAfter, runRepl } from '../helpers.js';
import { last, values } from './guard-helpers.js';

const typeError = (n: string, types: string) =>
  `Type error: failed to call native function ${n} with argument(s) of type(s): ${types}`;

const NS = `(env-data {"ks": ["k"]})
(env-keys ["k"])
(begin-tx)
(define-namespace 'ns (read-keyset 'ks) (read-keyset 'ks))
`;

// ---- describe-module and static-redeploy (module-natives.ts) -------------------------------------

test('describe-module and static-redeploy take a string (argsError names the native)', () => {
  assert.is(errorOf('(describe-module 1)'), typeError('describe-module', 'integer'));
  assert.is(errorOf('(static-redeploy 1)'), typeError('static-redeploy', 'integer'));
});

test('describe-module of an interface has no interfaces field (describeModule\'s InterfaceData case)', () => {
  // Pact's fields name, hash, tx_hash, code; pactvm adds the seed's blessed (decisions.md)
  const described = last('(begin-tx) (interface i (defun x ())) (describe-module "i")');
  assert.equal([...described.matchAll(/"([a-z_]+)": /g)].map(m => m[1]), ['blessed', 'code', 'hash', 'name', 'tx_hash']);
});

const REDEPLOYABLE = '(begin-tx) (module m g (defcap g () true) (defun f () 1) (defun sr () (static-redeploy "m")))';

test('static-redeploy returns unit', () => {
  assert.is(last(`${REDEPLOYABLE} [(static-redeploy "m")]`), '[()]');
});

test('static-redeploy is top-level only (enforceTopLevelOnly: NativeIsTopLevelOnly)', () => {
  assert.is(errorOf(`${REDEPLOYABLE} (m.sr)`), 'Top-level call used in module static-redeploy');
});

test('static-redeploy of a module that does not exist (getModuleData: ModuleDoesNotExist)', () => {
  assert.is(errorOf('(static-redeploy "nope")'), 'Cannot find module: nope');
});

// ---- installing modules (modules.ts) -------------------------------------------------------------

test('a table typed by another module\'s schema reached through the namespace carries its full name', () => {
  // the renamer resolves lib.s to ns.lib.s; typeof and describe-table render TyTable's schema name
  const out = values(`${NS} (namespace 'ns)
(module lib g (defcap g () true) (defschema s a:integer))
(module m g (defcap g () true) (defschema own x:integer) (deftable t:{lib.s}) (deftable u:{own}))
(typeof ns.m.t)
(typeof ns.m.u)
(at "type" (describe-table ns.m.t))`);
  assert.equal(out.slice(-3), ['"table{ns.lib.s}"', '"table{ns.m.own}"', '"table{ns.lib.s}"']);
});

test('use with a namespace-qualified module name', () => {
  assert.is(last(`${NS} (namespace 'ns) (module lib g (defcap g () true) (defun f () 1)) (namespace "") (use ns.lib)`),
    'Loaded imports from ns.lib');
});

test('use with a hash still checks its import list', () => {
  const setup = `${NS} (module lib g (defcap g () true) (defun f () 1))`;
  const hash = last(`${setup} (at "hash" (describe-module "lib"))`).replace(/"/g, '');
  assert.is(last(`${setup} (use lib "${hash}" [f])`), 'Loaded imports from lib');
  // InvalidImports mn imps: the message then Pact's rendering of the missing names
  const msg = errorOf(`${setup} (use lib "${hash}" [f nope])`);
  assert.ok(msg.startsWith('Invalid imports, module or interface lib does not implement the following members: '), msg);
  assert.match(msg, 'nope');
});

const REPL_NATIVE_DISALLOWED = 'Program encountered an unhandled raised error: repl native disallowed in module code. '
  + 'If you want to use this, enable them with (env-enable-repl-natives true)';

test('a defconst may use a REPL native: constants are evaluated before the check looks (compileDesugarOnly)', () => {
  // checkReplNativesEnabled runs on the module compileDesugarOnly returns, whose constants
  // ConstEval has already replaced by their values
  assert.is(last('(begin-tx) (module m g (defcap g () true) (defconst X (env-data {"a": 1})) (defun f () X)) (m.f)'),
    '"Setting transaction data"');
  assert.is(errorOf('(begin-tx) (module m g (defcap g () true) (defun f () (env-data {"a": 1})))'), REPL_NATIVE_DISALLOWED);
});

test('a REPL native in module code is refused at the native\'s own location', () => {
  // hasReplNatives: throwExecutionError i, with i the info of the Builtin term
  const src = '(begin-tx)\n(module m g (defcap g () true)\n  (defun a () 1)\n  (defun f () (env-data {"a": 1})))';
  const r = runRepl(src);
  assert.is(r.error?.message, REPL_NATIVE_DISALLOWED);
  assert.is(r.error?.span?.start, src.indexOf('env-data'));
});

// ---- a contract loaded again (module-cache.ts) ---------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'pactvm-survivors-modules-'));
// the folder is made again if gone: test.after removes it, and the in-process mutation runner
// runs these tests again in the same process after that
const file = (name: string, text: string) => {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
/** runs `src` as a script in the files' folder */
const run = (src: string, name = 'main.repl') => runRepl(src, join(dir, name));

test('a module using a REPL native loaded again without env-enable-repl-natives is refused', () => {
  const f = file('repl-native.repl', '(module rn g (defcap g () true) (defun f () (env-data {"a": 1})))');
  const enabled = run(`(env-enable-repl-natives true) (begin-tx) (load "${f}") (rn.f)`);
  assert.is(enabled.error, null, enabled.error?.message);
  assert.is(run(`(begin-tx) (load "${f}")`).error?.message, REPL_NATIVE_DISALLOWED);
});

test('a module using a Pact 5.1 native loaded again under DisablePact51 does not find it (pact51Natives)', () => {
  const f = file('keccak.pact', '(module kk g (defcap g () true) (defun h () (hash-keccak256 ["00"])))');
  assert.is(run(`(begin-tx) (load "${f}")`).error, null);
  // NoSuchModule: the renamer's unbound bare name
  assert.is(run(`(env-exec-config ["DisablePact51"]) (begin-tx) (load "${f}")`).error?.message,
    'Cannot find module:  hash-keccak256');
});

test('under DisablePact51 a module loaded again is stored with the old dependencies, as a fresh compile', () => {
  // getAllTransitiveDependencies: with the flag, oldDependencies (every loaded definition of the
  // modules named, lib3.b too), charging no MOpFindTransitiveDep; without it the walk (lib3.a only)
  const LIB = '(begin-tx) (module lib3 g (defcap g () true) (defun a () 1) (defun b () 2))';
  const text = '(module walk g (defcap g () true) (defun f () (lib3.a)))';
  const f = file('walk.pact', text);
  const charges = (flags: string, deploy: string) =>
    logLines(meteredAfter(`(env-exec-config [${flags}]) ${LIB}`, deploy)).filter(l => /MOpFindTransitiveDep|GWrite/.test(l));
  const walked = charges('', `(load "${f}")`);
  assert.ok(walked.some(l => l.includes('MOpFindTransitiveDep')), walked.join(' | '));
  const old = charges('"DisablePact51"', `(load "${f}")`);
  assert.not.ok(old.some(l => l.includes('MOpFindTransitiveDep')), old.join(' | '));
  assert.equal(old, charges('"DisablePact51"', text));
  assert.not.equal(old, walked.filter(l => l.startsWith('GWrite')));
});

test('a module importing another: reused while the import is there, Pact\'s error when it is gone', () => {
  const f = file('user-of-lib.pact', '(module user4 g (defcap g () true) (use lib4) (defun f () (base)))');
  const withLib = `(begin-tx) (module lib4 g (defcap g () true) (defun base () 4)) (load "${f}") (user4.f)`;
  assert.is(last(withLib), '4');
  const before = moduleCacheHits();
  assert.is(last(withLib), '4');
  assert.ok(moduleCacheHits() > before, 'the second load reuses the compile');
  // resolving the import fails as the renamer's NoSuchModule
  assert.is(run(`(begin-tx) (load "${f}")`).error?.message, 'Cannot find module:  lib4');
});

test('an imported member is the one of that name in the later session, wherever it is defined', () => {
  const f = file('calls-a.pact', '(module user11 g (defcap g () true) (use lib11) (defun call () (a)))');
  assert.is(last(`(begin-tx) (module lib11 g (defcap g () true) (defun a () 1) (defun b () 2)) (load "${f}") (user11.call)`), '1');
  assert.is(last(`(begin-tx) (module lib11 g (defcap g () true) (defun b () 20) (defun a () 10)) (load "${f}") (user11.call)`), '10');
});

test('a bare schema name resolves to the top-level schema of the later session, as a fresh compile', () => {
  // in a .repl file the renamer finds a bare name among the top-level names (resolveBare:
  // loToplevel); the runtime type check names the schema it resolved to
  const text = '(module user5 g (defcap g () true) (defun bad:object{s} () {"b": 1}))';
  const f = file('bare-schema.repl', text);
  const session = (lib: string, load: string) =>
    run(`(begin-tx) (module ${lib} g (defcap g () true) (defschema s a:integer)) ${load} (user5.bad)`);
  assert.match(session('libA', `(load "${f}")`).error?.message ?? '', 'object{libA.s}');
  const cached = session('libB', `(load "${f}")`), fresh = session('libB', text);
  assert.match(cached.error?.message ?? '', 'object{libB.s}');
  assert.is(cached.session.module('user5')!.hash, fresh.session.module('user5')!.hash);
});

test('a module reference names the interfaces its module implements in the later session', () => {
  // coreTypeOf: renderType of TyModRef, the module's interfaces as a set
  const f = file('modref.pact', '(module user7 g (defcap g () true) (defun r () lib7))');
  assert.is(last(`(begin-tx) (interface ia (defun x ())) (interface ib (defun y ()))
    (module lib7 g (defcap g () true) (implements ia) (implements ib) (defun x () 1) (defun y () 2))
    (load "${f}") (typeof (user7.r))`), '"module{ia, ib}"');
  assert.is(last(`(begin-tx) (interface iaib (defun x ()))
    (module lib7 g (defcap g () true) (implements iaib) (defun x () 1))
    (load "${f}") (typeof (user7.r))`), '"module{iaib}"');
});

test('implements resolves the interface as written first, then in the namespace (resolveInterfaceName)', () => {
  const f = file('impl9.pact', '(module impl9 g (defcap g () true) (implements iface9) (defun f:integer () 9))');
  const out = values(`${NS} (namespace 'ns)
(interface iface9 (defun f:integer ()))
(load "${f}")
(at "interfaces" (describe-module "ns.impl9"))
(namespace "")
(interface iface9 (defun f:integer ()))
(namespace 'ns)
(load "${f}")
(at "interfaces" (describe-module "ns.impl9"))`);
  assert.equal(out.filter(t => t.startsWith('[')), ['["ns.iface9"]', '["iface9"]']);
});

test('a module implementing a missing interface fails the same way when loaded again', () => {
  const f = file('impl10.pact', '(module impl10 g (defcap g () true) (implements iface10) (defun f () 1))');
  for (let i = 0; i < 2; i++) assert.is(run(`(begin-tx) (load "${f}")`).error?.message, 'Cannot find module:  iface10');
});

test('a reused compile keeps the module\'s interfaces and blessed hashes', () => {
  const blessed = 'A'.repeat(43);
  const f = file('keep.pact', `(module keep13 g (defcap g () true) (implements i13) (bless "${blessed}") (defun f:integer () 1))`);
  const describe = () => last(`(begin-tx) (interface i13 (defun f:integer ())) (load "${f}")
    [(at "interfaces" (describe-module "keep13")) (at "blessed" (describe-module "keep13"))]`);
  const first = describe();
  const before = moduleCacheHits();
  assert.is(describe(), first);
  assert.ok(moduleCacheHits() > before, 'the second load reuses the compile');
  assert.is(first, `[["i13"] ["${blessed}"]]`);
});

test('a module loaded again in a namespace is named and hashed there, whatever the transaction hashes', () => {
  // the namespace and the transaction hash are separate parts of what the IR depends on: root
  // with hash "xAAA" and namespace x with hash "AAA" must not be taken for each other
  const text = '(module m16 g (defcap g () true) (defun f () 1))';
  const f = file('m16.pact', text);
  assert.is(run(`(env-hash "xAAA") (begin-tx) (load "${f}")`).error, null);
  const inX = (deploy: string) => run(`${NS.replace(/'ns/g, "'x")} (commit-tx) (env-hash "AAA") (begin-tx) (namespace 'x) ${deploy}`);
  const cached = inX(`(load "${f}")`), fresh = inX(text);
  assert.is(cached.error, null, cached.error?.message);
  assert.is(cached.session.module('x.m16')!.hash, fresh.session.module('x.m16')!.hash);
});

// Two copies of one module under file names of one length: loaded after the same setup, the copy
// compiled before (cache) and the fresh one must be charged alike.
const USER_TEXT = (n: number) => `(module user${n} g (defcap g () true) (defun f () (lib${n}.a)))`;

test('reading back a module stored with its dependency\'s definitions counts the file they came from', () => {
  // the REPL's infos name their file; a module read is charged MOpLoadModule of its stored bytes
  // (lookupModuleData), the dependencies' definitions included
  const lib = '(module lib14 g (defcap g () true) (defun a () 1) (defun b () 2))';
  const short = file('lib14.pact', lib), long = file('lib14-with-a-longer-name.pact', lib);
  const [a, b] = [file('user14a.pact', USER_TEXT(14)), file('user14b.pact', USER_TEXT(14))];
  const read = (libFile: string, user: string) => logLines(meteredAfter(
    `(begin-tx) (load "${libFile}") (load "${user}") (commit-tx)`, '(begin-tx) (user14.f)')).filter(l => l.includes('MOpLoadModule'));
  const first = read(long, a);
  const cached = read(short, a);
  assert.equal(cached, read(short, b));
  assert.not.equal(cached, first);
});

test('under DisablePact51 every loaded version of a dependency is stored with the module (oldDependencies)', () => {
  // oldDependencies keeps the loAllLoaded entries of the modules named, an upgraded one's older
  // definitions too; the same number of loaded definitions with other content is another setting
  const lib = '(module lib15 g (defcap g () true) (defun a () 1) (defun b () 2))';
  const upgraded = `(env-exec-config ["DisablePact51"]) (begin-tx) (module lib15 g (defcap g () true) (defun a () 0)) ${lib}`;
  const unrelated = `(env-exec-config ["DisablePact51"]) (begin-tx) (module other g (defcap g () true) (defun z () 0)) ${lib}`;
  const [a, b] = [file('user15a.pact', USER_TEXT(15)), file('user15b.pact', USER_TEXT(15))];
  const writes = (setup: string, user: string) => logLines(meteredAfter(setup, `(load "${user}")`)).filter(l => l.startsWith('GWrite'));
  const withOld = writes(upgraded, a);
  const cached = writes(unrelated, a);
  assert.equal(cached, writes(unrelated, b));
  assert.not.equal(cached, withOld);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
