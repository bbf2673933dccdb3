// The execution errors raised by the capability, guard, namespace and module-member natives are
// Pact's EvalError family (PEExecutionError, Errors.hs), not user-recoverable ones: each error
// below carries the kind 'exec' (pactvm's name for that family), is not recoverable, and `try`
// does not catch it. Aimed at the mutants that blank the kind ('exec' → '') in
// runtime/contracts/{capabilities,guards,namespaces,module-members}.ts.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { MAGIC_CAPS } from './guard-helpers.js';

const CAPS = `(begin-tx)
(module m g
  (defcap g () true)
  (defcap U (x:integer) true)
  (defcap E (x:integer) @event true)
  (defcap AU (x:integer) @managed true)
  (defcap MA (x:integer) @managed x mgr true)
  (defun mgr:integer (have:integer want:integer) (- have want))
  (defun acquire-here () (with-capability (U 1) true))
  (defcap CALLS-WITH () (acquire-here))
  (defun install-here () (install-capability (AU 1)))
  (defcap CALLS-INSTALL () (install-here))
  (defun within (c) (with-capability c true))
  (defun emit-u () (emit-event (U 1))))
(commit-tx)
`;

const PACT = `(begin-tx)
(module pm G
  (defcap G () true)
  (defpact p () (step (create-pact-guard "pg")) (step 2)))
(commit-tx)
(begin-tx)
(env-data {"pg": (pm.p)})
(commit-tx)
`;

const USER = `(begin-tx)
(interface iface (defun f:bool ()))
(module um G
  (defcap G () true)
  (defcap C () true)
  (defconst K 1)
  (defun one-arg:bool (x:integer) true))
(commit-tx)
`;
/** USER, then message data holding a user guard of `fun` with no arguments. */
const withGuardOf = (fun: string) => `${USER}(env-data {"g": {"fun": "${fun}", "args": []}})\n`;
const ENFORCE_G = '(enforce-guard (read-msg "g"))';

const MODREF = `(begin-tx)
(interface iface (defun f:integer ()))
(module impl G (defcap G () true) (implements iface) (defun f:integer () 1))
(module caller G (defcap G () true) (defun missing (r:module{iface}) r::nope))
(commit-tx)
`;

const NAMESPACED = `(env-data {"user": ["u"], "admin": ["a"], "ks": ["k"]})
(env-keys ["u", "a"])
${MAGIC_CAPS}
(env-exec-config ["RequireKeysetNs"])
(define-namespace "ns" (read-keyset "user") (read-keyset "admin"))
`;

const IN_MODULE = `(env-data {"ks": ["k"], "user": ["u"], "admin": ["a"]})
(begin-tx)
(module kd G
  (defcap G () true)
  (defun define-ks () (define-keyset "ks" (read-keyset "ks")))
  (defun define-ns () (define-namespace "x" (read-keyset "user") (read-keyset "admin"))))
(commit-tx)
`;

const POLICY = `(env-data {"user": ["u"], "admin": ["a"]})
(begin-tx)
(module mgr G
  (defcap G () true)
  (defun refuse-root (ns guard) true)
  (defun answer-one (ns guard) 1))
(commit-tx)
`;

/** The error `script` stops with: its text, its kind, and whether `try` would catch it. */
function stopped(script: string): { message: string; kind: string; recoverable: boolean } {
  const r = runRepl(script);
  if (!r.error) throw new Error(`expected an error, got ${r.traces.join(' | ')}`);
  return { message: r.error.message, kind: r.error.kind, recoverable: r.error.recoverable };
}

/** `call` (also wrapped in `try`, which must not catch it) after `setup` fails with an execution error. */
function isExecError(setup: string, call: string, message: string | RegExp): void {
  for (const script of [`${setup}${call}`, `${setup}(try 0 ${call})`]) {
    const e = stopped(script);
    if (typeof message === 'string') assert.is(e.message, message, script);
    else assert.match(e.message, message, script);
    assert.is(e.kind, 'exec', `the kind of: ${e.message}`);
    assert.is(e.recoverable, false);
  }
}

// ---- capabilities.ts ----------------------------------------------------------------------------

test('CapNotInstalled is an execution error', () => {
  isExecError(CAPS, '(m.within (m.MA 5))', 'Managed capability not installed: (m.MA 5)');
});

test('ModuleAdminNotAcquired is an execution error', () => {
  isExecError(CAPS, '(with-capability (m.U 1) 1)', 'Module admin necessary for operation but has not been acquired:m');
});

test('FormIllegalWithinDefcap (with-capability) is an execution error', () => {
  isExecError(CAPS, '(m.within (m.CALLS-WITH))', 'Form illegal within defcap with-capability');
});

test('ExpectedCapToken is an execution error', () => {
  isExecError(CAPS, '(with-capability 1 2)', 'expected capability token value, got: 1');
});

test('compose-capability outside a defcap body is an execution error', () => {
  isExecError(CAPS, '(compose-capability (m.U 1))',
    'native execution failure, compose-capability failed with message: native must be called within a defcap body');
});

test('FormIllegalWithinDefcap (install-capability) is an execution error', () => {
  isExecError(CAPS, '(m.within (m.CALLS-INSTALL))', 'Form illegal within defcap install-capability');
});

test('InvalidManagedCap is an execution error', () => {
  isExecError(CAPS, '(install-capability (m.U 1))',
    'Install capability error: capability is not managed and cannot be installed: m.U');
});

test('CapAlreadyInstalled is an execution error', () => {
  isExecError(`${CAPS}(install-capability (m.AU 1))\n`, '(install-capability (m.AU 1))', 'Capability already installed: (m.AU 1)');
});

test('InvalidEventCap is an execution error', () => {
  isExecError(CAPS, '(m.emit-u)', /^Invalid event capability m\.U\.\{[A-Za-z0-9_-]{43}\}$/);
});

test('EventDoesNotMatchModule is an execution error', () => {
  isExecError(`${CAPS}(begin-tx)\n(acquire-module-admin m)\n`, '(emit-event (m.E 1))', 'Emitted event does not match module: m');
});

// ---- guards.ts -----------------------------------------------------------------------------------

test('NotInDefPactExecution (a pact guard outside its defpact) is an execution error', () => {
  isExecError(PACT, '(enforce-guard (read-msg "pg"))',
    'Attempted to fetch defpact data, but currently not within defpact execution');
});

test('NativeIsTopLevelOnly (define-keyset) is an execution error', () => {
  isExecError(IN_MODULE, '(kd.define-ks)', 'Top-level call used in module define-keyset');
});

test('CannotDefineKeysetOutsideNamespace is an execution error', () => {
  isExecError(NAMESPACED, '(define-keyset "ns.ks" (read-keyset "ks"))', 'Cannot define keyset outside of a namespace');
});

test('MismatchingKeysetNamespace is an execution error', () => {
  isExecError(`${NAMESPACED}(namespace "ns")\n`, '(define-keyset "other.ks" (read-keyset "ks"))',
    'Error defining keyset, namespace mismatch, expected ns');
});

test('UserGuardMustBeADefun (create-user-guard of a defcap) is an execution error', () => {
  isExecError(USER, '(create-user-guard (um.C))', 'User guard closure um.C must be defun, gotdefcap');
});

test('an unbound member reached through a modref is an execution error', () => {
  isExecError(MODREF, '(caller.missing impl)',
    /^Fatal execution error, invariant violated: Unbound free variable impl\.nope\.\{[A-Za-z0-9_-]{43}\}$/);
});

test('UserGuardMustBeADefun (a user guard naming a constant) is an execution error', () => {
  isExecError(withGuardOf('um.K'), ENFORCE_G, 'User guard closure um.K must be defun, gotdefconst');
});

test('CannotApplyPartialClosure (a user guard with too few arguments) is an execution error', () => {
  isExecError(withGuardOf('um.one-arg'), ENFORCE_G, 'Attempted to apply a closure outside of native callsite');
});

// ---- module-members.ts ---------------------------------------------------------------------------

test('ModuleDoesNotExist (a user guard of an unknown module) is an execution error', () => {
  isExecError(withGuardOf('nomod.f'), ENFORCE_G, 'Cannot find module: nomod');
});

test('ExpectedModule (a user guard of an interface) is an execution error', () => {
  isExecError(withGuardOf('iface.f'), ENFORCE_G, 'Expected module, found interface: iface');
});

test('ModuleMemberDoesNotExist (a user guard of an unknown member) is an execution error', () => {
  isExecError(withGuardOf('um.nope'), ENFORCE_G, /^Module member does not exist um\.nope\.\{[A-Za-z0-9_-]{43}\}$/);
});

// ---- namespaces.ts -------------------------------------------------------------------------------

test('RootNamespaceInstallError is an execution error', () => {
  // a module is not an expression `try` can wrap: only the plain form
  const e = stopped(`${POLICY}(env-namespace-policy false (mgr.refuse-root))\n(module rootm G (defcap G () true))`);
  assert.is(e.message, 'Namespace installation error: cannot install in root namespace');
  assert.is(e.kind, 'exec');
  assert.is(e.recoverable, false);
});

test('NativeIsTopLevelOnly (define-namespace) is an execution error', () => {
  isExecError(IN_MODULE, '(kd.define-ns)', 'Top-level call used in module define-namespace');
});

test('ExpectedBoolValue (a namespace manager answering 1) is an execution error', () => {
  isExecError(`${POLICY}(env-namespace-policy true (mgr.answer-one))\n`,
    '(define-namespace "new" (read-keyset "user") (read-keyset "admin"))', 'expected bool value, got 1');
});

test('NamespaceNotFound (namespace, describe-namespace) is an execution error', () => {
  isExecError('', '(namespace "nope")', 'Namespace not found: nope');
  isExecError('', '(describe-namespace "nope")', 'Namespace not found: nope');
});

test.run();
