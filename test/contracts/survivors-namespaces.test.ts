// Namespaces (runtime/contracts/namespaces.ts), aimed at the mutants a mutation run left alive:
// define-namespace, namespace, describe-namespace, the install check for modules and the smart
// namespace policy, and their gas. Expectations follow Pact 5 (the direct evaluator where the two
// differ, repl.md): Direct/CoreBuiltin.hs and CEK/CoreBuiltin.hs (coreNamespace,
// coreDefineNamespace, coreDescribeNamespace), CEK/Evaluator.hs (DefineNamespaceC), Compile.hs
// (enforceNamespaceInstall), SizeOf.hs (sizeOf Namespace), TableGasModel.hs (GRead, GWrite),
// Errors.hs (the messages), pact-tests/namespaces.repl and the bad-ns-entry cases of
// pact-tests/Pact/Core/Test/StaticErrorTests.hs.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, last, metered, typeError, MAGIC_CAPS } from './guard-helpers.js';

const DATA = '(env-data {"user": ["u"], "admin": ["a1"], "user2": ["uu"]}) (env-keys ["u", "a1"])';
const DEFINE = (name: string, user = 'user') => `(define-namespace "${name}" (read-keyset "${user}") (read-keyset "admin"))`;
const NS = `${DATA} ${MAGIC_CAPS} ${DEFINE('ns')}`;

// ---- describe-namespace and namespace ----------------------------------------------------------

test('describe-namespace gives the admin guard, the name and the user guard', () => {
  // coreDescribeNamespace: {"user-guard": usrG, "admin-guard": laoG, "namespace-name": n}
  assert.is(last(`${NS} (= (describe-namespace "ns")
    {"admin-guard": (read-keyset "admin"), "namespace-name": "ns", "user-guard": (read-keyset "user")})`), 'true');
  assert.is(last(`${NS} (let ((d (describe-namespace "ns")))
    (= [(at "admin-guard" d) (at "namespace-name" d) (at "user-guard" d)] [(read-keyset "admin") "ns" (read-keyset "user")]))`), 'true');
});

test('describe-namespace and namespace of an unknown name fail', () => {
  // NamespaceNotFound: "Namespace not found:" <+> pretty nsn
  assert.is(failure(`${NS} (describe-namespace "nope")`), 'Namespace not found: nope');
  assert.is(failure(`${NS} (namespace "nope")`), 'Namespace not found: nope');
});

test('namespace sets the namespace, and the empty name resets it to the root', () => {
  // coreNamespace: "Namespace set to " <> n; T.null n → "Namespace reset to root" (namespaces.repl)
  assert.is(last(`${NS} (namespace "ns")`), '"Namespace set to ns"');
  assert.is(last(`${NS} (namespace "ns") (namespace "")`), '"Namespace reset to root"');
});

test('the namespace natives refuse arguments of the wrong type', () => {
  // argsError: the pattern [VString, VGuard, VGuard] / [VString] does not match
  const ks = '(read-keyset "user")';
  const cases: [string, string, string][] = [
    [`(define-namespace 1 ${ks} ${ks})`, 'define-namespace', 'integer, guard, guard'],
    [`(define-namespace "x" 1 ${ks})`, 'define-namespace', 'string, integer, guard'],
    [`(define-namespace "x" ${ks} 1)`, 'define-namespace', 'string, guard, integer'],
    ['(namespace 1)', 'namespace', 'integer'],
    ['(describe-namespace 1)', 'describe-namespace', 'integer'],
  ];
  for (const [call, native, types] of cases) assert.is(failure(`${DATA} ${call}`), typeError(native, types), call);
});

test('define-namespace and namespace are top-level only', () => {
  // enforceTopLevelOnly: NativeIsTopLevelOnly (builtinName b)
  const inModule = `${NS} (module nm G (defcap G () true)
    (defun define () ${DEFINE('other')})
    (defun enter () (namespace "ns")))`;
  assert.is(failure(`${inModule} (nm.define)`), 'Top-level call used in module define-namespace');
  assert.is(failure(`${inModule} (nm.enter)`), 'Top-level call used in module namespace');
});

// ---- redefinition and installation: the admin and user guards -----------------------------------

test('redefining a namespace needs its admin guard', () => {
  // coreDefineNamespace: an existing namespace's admin guard is enforced first
  assert.is(failure(`${NS} (env-keys ["u"]) ${DEFINE('ns', 'user2')}`), 'Keyset failure (keys-all): [a1...]');
  assert.is(last(`${NS} ${DEFINE('ns', 'user2')}`), '"Namespace defined: ns"');
});

test('redefining a namespace counts a signature scoped to pact.DEFINE_NAMESPACE of its name', () => {
  // coreDefineNamespace: withMagicCap (DefineNamespaceCap n) around the admin guard
  const scoped = (name: string) => `(env-sigs [{"key": "a1", "caps": [(pact.DEFINE_NAMESPACE "${name}")]}])`;
  assert.is(last(`${NS} ${scoped('ns')} ${DEFINE('ns', 'user2')}`), '"Namespace defined: ns"');
  assert.is(failure(`${NS} ${scoped('other')} ${DEFINE('ns', 'user2')}`), 'Keyset failure (keys-all): [a1...]');
});

test('installing a module in a namespace counts a signature scoped to pact.NAMESPACE of that namespace', () => {
  // enforceNamespaceInstall: withMagicCap (NamespaceOwnerCap nsn) around the user guard
  // (StaticErrorTests "bad-ns-entry-module")
  const install = (name: string) => `(namespace "ns") (env-sigs [{"key": "u", "caps": [(pact.NAMESPACE "${name}")]}])
    (module boom G (defcap G () true))`;
  assert.match(last(`${NS} ${install('ns')}`), /^Loaded module ns\.boom, hash /);
  assert.is(failure(`${NS} ${install('other')}`), 'Keyset failure (keys-all): [u...]');
});

// ---- the smart namespace policy ---------------------------------------------------------------

const POLICY = `${DATA} (begin-tx)
(module mgr G
  (defcap G () true)
  (defun manage (ns guard) (= ns "approve")))
(commit-tx)`;
const NATIVE_FAILURE = (message: string) => `native execution failure, define-namespace failed with message: ${message}`;

test('under a smart policy the manager\'s answer decides a new namespace', () => {
  // coreDefineNamespace (direct evaluator, the REPL's): the manager's true writes, false refuses
  // (writeNs). A non-boolean answer is left out: the direct evaluator's enforceBool gives
  // "expected bool value, got 1" where pactvm gives the CEK evaluator's text (reported).
  const with_ = (name: string) => `${POLICY} (env-namespace-policy true (mgr.manage)) ${DEFINE(name)}`;
  assert.is(last(with_('approve')), '"Namespace defined: approve"');
  assert.is(failure(with_('deny')), NATIVE_FAILURE('Namespace definition not permitted'));
});

test('a smart policy that refuses the root namespace refuses a new module there', () => {
  // enforceNamespaceInstall: no namespace and not allowRoot → RootNamespaceInstallError
  assert.is(failure(`${POLICY} (env-namespace-policy false (mgr.manage)) (module rootm G (defcap G () true))`),
    'Namespace installation error: cannot install in root namespace');
});

test('define-namespace inside an enforce condition fails at the write: the condition is read-only', () => {
  // CEnforce evaluates its condition in readOnlyEnv; the write is dbOpDisallowed → DbOpFailure OpDisallowed
  assert.is(failure(`${DATA} (enforce (= "x" ${DEFINE('ns')}) "never")`),
    'Error during database operation: Operation disallowed in read-only or sys-only mode');
});

// ---- gas ----------------------------------------------------------------------------------------

// sizeOf Namespace{name, user, admin} = 1 + (UTF-8 bytes of the name + 4) + each guard; a keyset
// guard is 2 + KeySet{keys, pred} = 2 + 1 + (5 + Σ(key bytes + 4)) + 2. For "ñs" (2 characters,
// 3 bytes) with ["u"] and ["a1"]: 1 + 7 + 15 + 16 = 39; with ["uu"] as user guard: 40.
const reads = (setup: string, call: string): string[] =>
  metered(setup, call).log.filter(l => /^G(Read|Write) /.test(l));

test('gas: define-namespace reads the name (GRead of its length in characters), then writes sizeOf the namespace', () => {
  // coreDefineNamespace: GRead (T.length n); SimpleNamespacePolicy → GWrite (sizeOf ns)
  assert.equal(reads(DATA, DEFINE('ñs')), ['GRead 2: 200', 'GWrite 39: 7800']);
});

test('gas: redefining reads the old namespace\'s size and writes the new one\'s', () => {
  // coreDefineNamespace: Just existing → GRead (sizeOf existing); DefineNamespaceC → GWrite (sizeOf ns)
  assert.equal(reads(`${DATA} ${DEFINE('ñs')}`, DEFINE('ñs', 'user2')), ['GRead 2: 200', 'GRead 39: 3900', 'GWrite 40: 8000']);
});

test('gas: namespace and describe-namespace read the name, then the namespace found', () => {
  // coreNamespace, coreDescribeNamespace: GRead (T.length n), then GRead (sizeOf ns)
  for (const call of ['(namespace "ñs")', '(describe-namespace "ñs")']) {
    assert.equal(reads(`${DATA} ${DEFINE('ñs')}`, call), ['GRead 2: 200', 'GRead 39: 3900'], call);
  }
  assert.equal(reads(DATA, '(describe-namespace "ñs")'), ['GRead 2: 200']);
});

test.run();
