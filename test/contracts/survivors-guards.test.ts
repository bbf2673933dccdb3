// The guard natives (runtime/contracts/guards.ts), aimed at the mutants a mutation run left alive:
// enforcing each kind of guard, defining and reading keysets by name, creating user, capability
// and module guards, module admin, and dynamic references through a modref. Expectations follow
// Pact 5: CEK/CoreBuiltin.hs (coreEnforceGuard, keysetRefGuard, defineKeySet', defineKeySet,
// dbDescribeKeySet, createCapGuard, createModuleGuard, coreAcquireModuleAdmin), CEK/Evaluator.hs
// (enforceGuard, enforceCapGuard, runUserGuard, createUserGuard, CCreateUserGuard, NDynRef),
// Runtime/Utils.hs (getDefPactId, calledByModule), Errors.hs (the messages) and
// pact-tests/keysets.repl; their twins in Direct/ (the REPL's evaluator, normative per repl.md)
// agree on everything checked here.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, last, metered, typeError, MAGIC_CAPS } from './guard-helpers.js';

const TOP_LEVEL = (native: string) => `Top-level call used in module ${native}`;
const DB_READ_ONLY = 'Error during database operation: Operation disallowed in read-only or sys-only mode';

// ---- argument errors (argsError) --------------------------------------------------------------

test('the guard natives refuse arguments of the wrong type, naming the native and the types', () => {
  const ks = '(env-data {"ks": ["k"]})';
  const cases: [string, string, string][] = [
    ['(define-keyset "k" 1)', 'define-keyset', 'string, integer'],
    [`${ks} (define-keyset 1 (read-keyset "ks"))`, 'define-keyset', 'integer, guard'],
    ['(read-keyset 1)', 'read-keyset', 'integer'],
    ['(keyset-ref-guard 1)', 'keyset-ref-guard', 'integer'],
    ['(describe-keyset 1)', 'describe-keyset', 'integer'],
    ['(enforce-guard 1)', 'enforce-guard', 'integer'],
    ['(enforce-keyset 1)', 'enforce-keyset', 'integer'],
    ['(create-capability-guard 1)', 'create-capability-guard', 'integer'],
    ['(create-module-guard 1)', 'create-module-guard', 'integer'],
    ['(acquire-module-admin 1)', 'acquire-module-admin', 'integer'],
  ];
  for (const [script, native, types] of cases) assert.is(failure(script), typeError(native, types), script);
});

// ---- keysets by name --------------------------------------------------------------------------

test('an empty keyset name is refused by enforce-guard and keyset-ref-guard', () => {
  // coreEnforceGuard, keysetRefGuard: parseAnyKeysetName "" fails → InvalidKeysetNameFormat (keysets.repl)
  assert.is(failure('(enforce-guard "")'), 'Invalid keyset name format: ');
  assert.is(failure('(keyset-ref-guard "")'), 'Invalid keyset name format: ');
});

test('gas: read-keyset with message data that is not an object looks nothing up', () => {
  // readKeyset': only a PObject body is searched (ObjOpLookup ksn |data|); anything else is Nothing
  const { log, error } = metered('(env-data [1])', '(read-keyset "k")');
  assert.is(error, 'read-keyset failure');
  assert.equal(log.map(l => l.replace(/: \d+$/, '')), ['GNative read-keyset']);
});

const KS = '(env-data {"ks": ["k"], "other": ["o"]}) (env-keys ["k"])';
const IN_MODULE = `${KS} (begin-tx)
(module kd G
  (defcap G () true)
  (defun define () (define-keyset "ks" (read-keyset "ks")))
  (defun describe () (describe-keyset "ks")))
(commit-tx)`;

test('define-keyset and describe-keyset are top-level only', () => {
  // enforceTopLevelOnly: NativeIsTopLevelOnly (builtinName b)
  assert.is(failure(`${IN_MODULE} (kd.define)`), TOP_LEVEL('define-keyset'));
  assert.is(failure(`${IN_MODULE} (define-keyset "ks" (read-keyset "ks")) (kd.describe)`), TOP_LEVEL('describe-keyset'));
});

test('define-keyset of a name with no keyset in the data fails recoverably', () => {
  // defineKeySet [VString ksname]: readKeyset' Nothing → EnvReadFunctionFailure, a recoverable error
  assert.is(last('(try "caught" (define-keyset "nope"))'), '"caught"');
});

test('rotating a keyset needs the old keyset', () => {
  // defineKeySet': an existing keyset is enforced first (keysets.repl "test keyset redefinition")
  assert.is(failure(`${KS} (define-keyset "ks" (read-keyset "ks")) (env-keys ["o"]) (define-keyset "ks" (read-keyset "other"))`),
    'Keyset failure (keys-all): [k...]');
  assert.is(last(`${KS} (define-keyset "ks" (read-keyset "ks")) (define-keyset "ks" (read-keyset "other"))`), '"Keyset write success"');
});

test('rotating a keyset counts a signature scoped to pact.DEFINE_KEYSET of that keyset\'s name', () => {
  // defineKeySet': withMagicCap (DefineKeysetCap ksname) around the old keyset's check (keysets.repl magic caps)
  const setup = `${KS} ${MAGIC_CAPS} (define-keyset "ks" (read-keyset "ks"))`;
  const scoped = (name: string) => `(env-sigs [{"key": "k", "caps": [(pact.DEFINE_KEYSET "${name}")]}])`;
  assert.is(last(`${setup} ${scoped('ks')} (define-keyset "ks" (read-keyset "other"))`), '"Keyset write success"');
  assert.is(failure(`${setup} ${scoped('other')} (define-keyset "ks" (read-keyset "other"))`), 'Keyset failure (keys-all): [k...]');
});

test('before Pact 5.2 (DisablePact52) no magic capability is pushed: a signature scoped to one does not count', () => {
  const setup = `${KS} ${MAGIC_CAPS} (define-keyset "ks" (read-keyset "ks"))`;
  const scoped = '(env-sigs [{"key": "k", "caps": [(pact.DEFINE_KEYSET "ks")]}])';
  assert.is(failure(`${setup} ${scoped} (env-exec-config ["DisablePact52"]) (define-keyset "ks" (read-keyset "other"))`),
    'Keyset failure (keys-all): [k...]');
});

test('a magic capability asked for again while it is in scope is refused (withMagicCap), before any recursion', () => {
  // upgrading m checks its keyset under pact.MODULE_KEYSET "m"; the keyset's predicate asks for
  // m's module admin, which checks the same keyset under the same magic capability
  const src = `(env-data {"ks": {"keys": ["k"], "pred": "p.pred"}, "ks0": ["k"]}) (env-keys ["k"])
(begin-tx)
(define-keyset 'ks0 (read-keyset "ks0"))
(module p 'ks0 (defun pred:bool (c:integer n:integer) true))
(define-keyset 'ks (read-keyset "ks"))
(module m 'ks (defun f () 1))
(module p2 'ks0 (defun pred:bool (c:integer n:integer) (acquire-module-admin m) true))
(env-data {"ks": {"keys": ["k"], "pred": "p2.pred"}})
(define-keyset 'ks (read-keyset "ks"))
(commit-tx) (begin-tx)
(module m 'ks (defun f () 2))`;
  assert.is(failure(src), 'Program encountered an unhandled raised error: magic cap already acquired: MODULE_KEYSET');
});

const NAMESPACED = `(env-data {"user": ["u"], "admin": ["a"], "ks": ["k"]})
(env-keys ["u", "a"])
${MAGIC_CAPS}
(env-exec-config ["RequireKeysetNs"])
(define-namespace "ns" (read-keyset "user") (read-keyset "admin"))`;

test('RequireKeysetNs: a new keyset needs an active namespace', () => {
  // defineKeySet': loNamespace Nothing → CannotDefineKeysetOutsideNamespace (keysets.repl)
  assert.is(failure(`${NAMESPACED} (define-keyset "ns.ks" (read-keyset "ks"))`), 'Cannot define keyset outside of a namespace');
});

test('RequireKeysetNs: a new keyset is written in the active namespace, and only there', () => {
  // defineKeySet': Just ns /= _keysetNs ksn → MismatchingKeysetNamespace ns; a root name has no namespace
  assert.is(last(`${NAMESPACED} (namespace "ns") (define-keyset "ns.ks" (read-keyset "ks"))`), '"Keyset write success"');
  assert.is(failure(`${NAMESPACED} (namespace "ns") (define-keyset "other.ks" (read-keyset "ks"))`),
    'Error defining keyset, namespace mismatch, expected ns');
  assert.is(failure(`${NAMESPACED} (namespace "ns") (define-keyset "ks" (read-keyset "ks"))`),
    'Error defining keyset, namespace mismatch, expected ns');
});

test('RequireKeysetNs: a new keyset needs the namespace\'s user guard, with pact.NAMESPACE in scope', () => {
  // defineKeySet': withMagicCap (NamespaceOwnerCap ns) around enforceGuard uGuard (keysets.repl magic caps)
  const define = '(namespace "ns") (define-keyset "ns.ks" (read-keyset "ks"))';
  const scoped = (ns: string) => `(env-sigs [{"key": "u", "caps": [(pact.NAMESPACE "${ns}")]}])`;
  assert.is(failure(`${NAMESPACED} (env-keys ["a"]) ${define}`), 'Keyset failure (keys-all): [u...]');
  assert.is(last(`${NAMESPACED} ${scoped('ns')} ${define}`), '"Keyset write success"');
  assert.is(failure(`${NAMESPACED} ${scoped('other')} ${define}`), 'Keyset failure (keys-all): [u...]');
});

test('gas: define-keyset writes sizeOf the keyset: keys in UTF-8 bytes, keys-2 a bare constructor', () => {
  // defineKeySet': GWrite (sizeOf KeySet); SizeOf: KeySet{keys, pred} = 1 + Set (5 + Σ(bytes + 4))
  // + KSPredicate (2, Keys2 having no field): 1 + (5 + (3 + 4) + (2 + 4)) + 2 = 21
  const { log } = metered('(env-data {"ks": {"keys": ["ké", "k1"], "pred": "keys-2"}})', '(define-keyset "ks" (read-keyset "ks"))');
  assert.is(log[log.length - 1], 'GWrite 21: 4200');
});

test('define-keyset inside an enforce condition fails at the write: the condition is read-only', () => {
  // CEnforce evaluates its condition in readOnlyEnv; the write is dbOpDisallowed → DbOpFailure OpDisallowed
  assert.is(failure(`${KS} (enforce (= "x" (define-keyset "ks" (read-keyset "ks"))) "never")`), DB_READ_ONLY);
});

// ---- module guards ----------------------------------------------------------------------------

const ADMIN = `(env-data {"admin": ["admin"]}) (env-keys ["admin"])
(begin-tx)
(define-keyset "admin-ks" (read-keyset "admin"))
(module m "admin-ks"
  (defun mg () (create-module-guard "g"))
  (defun check () (enforce-guard (mg))))
(module other G
  (defcap G () true)
  (defun check () (enforce-guard (m.mg))))
(commit-tx)`;

test('a module guard passes inside its module without the module\'s admin', () => {
  // enforceGuard GModuleGuard: calledByModule mn → True
  assert.is(last(`${ADMIN} (env-keys []) (m.check)`), 'true');
});

test('a module guard enforced from elsewhere acquires the module\'s admin', () => {
  // enforceGuard GModuleGuard: not called by the module → acquireModuleAdmin (the governance keyset)
  assert.is(failure(`${ADMIN} (env-keys []) (enforce-guard (m.mg))`), 'Keyset failure (keys-all): [admin...]');
  assert.is(failure(`${ADMIN} (env-keys []) (other.check)`), 'Keyset failure (keys-all): [admin...]');
  assert.is(last(`${ADMIN} (enforce-guard (m.mg))`), 'true');
});

test('acquire-module-admin names the module it acquired', () => {
  // coreAcquireModuleAdmin: "Module admin for module " <> renderModuleName <> " acquired"
  assert.is(last(`${ADMIN} (acquire-module-admin m)`), '"Module admin for module m acquired"');
});

test('create-module-guard outside a module fails', () => {
  // createModuleGuard: findCallingModule Nothing → throwNativeExecutionError
  assert.is(failure('(create-module-guard "g")'),
    'native execution failure, create-module-guard failed with message: create-module-guard: must call within module');
});

// ---- pact guards ------------------------------------------------------------------------------

const PACT = `(begin-tx)
(module pm G
  (defcap G () true)
  (defcap C () true)
  (defpact p ()
    (step (create-pact-guard "pg"))
    (step (create-capability-pact-guard (C)))
    (step 3)))
(commit-tx)
(begin-tx)
(env-data {"pg": (pm.p)})`;
const NO_PACT = 'Attempted to fetch defpact data, but currently not within defpact execution';

test('a pact guard passes while its defpact is the one executing', () => {
  // enforceGuard GDefPactGuard: getDefPactId == dpid (the REPL keeps the last step's defpact)
  assert.is(last(`${PACT} (enforce-guard (read-msg "pg"))`), 'true');
});

test('a pact guard or a capability pact guard outside any defpact is an execution error', () => {
  // getDefPactId: esDefPactExec Nothing (a commit clears it) → NotInDefPactExecution, not recoverable
  assert.is(failure(`${PACT} (commit-tx) (try 0 (enforce-guard (read-msg "pg")))`), NO_PACT);
  assert.is(failure(`${PACT} (env-data {"cg": (continue-pact 1)}) (commit-tx) (try 0 (enforce-guard (read-msg "cg")))`), NO_PACT);
});

// ---- user guards ------------------------------------------------------------------------------

const USER = `(begin-tx)
(interface iface (defun f:bool ()))
(module um G
  (defcap G () true)
  (defcap C () true)
  (defpact p () (step 1))
  (defschema sch a:integer)
  (deftable tbl:{sch})
  (defconst K 1)
  (defun yes:bool () true)
  (defun one-arg:bool (x:integer) true)
  (defun ug () (create-user-guard (yes)))
  (defun guarded-put (k:string) (enforce-guard (ug)) (insert tbl k {"a": 1})))
(create-table um.tbl)
(commit-tx)`;
/** Enforce the user guard of `fun` applied to `args`, built from message data. */
const guardOf = (fun: string, args = '[]') =>
  `(env-data {"g": {"fun": "${fun}", "args": ${args}}}) (enforce-guard (read-msg "g"))`;

test('after a user guard ran (read-only), its caller may write again', () => {
  // runUserGuard runs the defun in readOnlyEnv; the caller's environment is left as it was
  assert.is(last(`${USER} (um.guarded-put "k")`), '"Write succeeded"');
});

test('a user guard naming no defun of a module is refused, each case with Pact\'s message', () => {
  // runUserGuard: getModuleMemberWithHash (getModule, ModuleMemberDoesNotExist), then
  // UserGuardMustBeADefun qn (defKind ...) — DefKind's Pretty spells a schema "defscema" — and
  // CannotApplyPartialClosure for another number of arguments
  const hash = last(`${USER} (at "hash" (describe-module "um"))`).slice(1, -1);
  const cases: [string, string, string?][] = [
    ['nomod.f', 'Cannot find module: nomod'],
    ['iface.f', 'Expected module, found interface: iface'],
    ['um.nope', `Module member does not exist um.nope.{${hash}}`],
    ['um.sch', 'User guard closure um.sch must be defun, gotdefscema'],
    ['um.K', 'User guard closure um.K must be defun, gotdefconst'],
    ['um.one-arg', 'Attempted to apply a closure outside of native callsite'],
    ['um.yes', 'Attempted to apply a closure outside of native callsite', '[1]'],
  ];
  for (const [fun, message, args] of cases) assert.is(failure(`${USER} ${guardOf(fun, args)}`), message, fun);
  assert.is(last(`${USER} ${guardOf('um.one-arg', '[1]')}`), 'true');
});

test('create-user-guard of a defcap or a defpact names its kind', () => {
  // createUserGuard: lookupFqName → Just d (not Dfun) → UserGuardMustBeADefun qn (defKind d)
  assert.is(failure(`${USER} (create-user-guard (um.C))`), 'User guard closure um.C must be defun, gotdefcap');
  assert.is(failure(`${USER} (create-user-guard (um.p))`), 'User guard closure um.p must be defun, gotdefpact');
});

test('create-user-guard of anything but a top-level function application fails', () => {
  // CCreateUserGuard: a term other than App (Var (NTopLevel ..)) → NativeExecutionError
  const message = 'native execution failure, create-user-guard failed with message: create-user-guard: expected function application of a top-level function';
  assert.is(failure('(create-user-guard (+ 1 2))'), message);
  assert.is(failure('(create-user-guard ((lambda (x) x) 1))'), message);
});

// ---- dynamic references through a modref (NDynRef) -------------------------------------------

const MODREF = `(begin-tx)
(interface iface (defun f:integer ()))
(module impl G (defcap G () true) (implements iface) (defconst C 7) (defun f:integer () 1))
(module caller G
  (defcap G () true)
  (defun const-of (r:module{iface}) r::C)
  (defun missing (r:module{iface}) r::nope)
  (defun call (r:module{iface}) (r::f)))
(commit-tx)`;

test('a modref reaches any member of its module, a constant too', () => {
  // NDynRef: getModule, then the member as a top-level Var (a DConst evaluates to its value)
  assert.is(last(`${MODREF} (caller.const-of impl)`), '7');
  assert.is(last(`${MODREF} (caller.call impl)`), '1');
});

test('a modref to a member or a module that does not exist is an error try does not catch, naming them', () => {
  // NDynRef: getModule → ModuleDoesNotExist ("Cannot find module: nomod"); a missing member →
  // failInvariant (InvariantUnboundFreeVariable impl.nope.{hash}); both execution errors
  assert.match(failure(`${MODREF} (try 0 (caller.missing impl))`) ?? '',
    /^Fatal execution error, invariant violated: Unbound free variable impl\.nope\.\{[A-Za-z0-9_-]{43}\}$/);
  const data = '(env-data {"r": {"refSpec": [{"name": "iface"}], "refName": {"name": "nomod"}}})';
  assert.is(failure(`${MODREF} ${data} (try 0 (caller.call (read-msg "r")))`), 'Cannot find module: nomod');
});

test.run();
