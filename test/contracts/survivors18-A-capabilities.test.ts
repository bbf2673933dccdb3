// Capabilities (runtime/contracts/capabilities.ts) and module constants (const-hashes.ts), aimed at
// the mutants a mutation run left alive: a token whose module is gone (defcapOf), a manager
// function in another module or that is no defun (managerOf, evalUserManagedCap), test-capability
// of a capability a signature grants or one already in scope, and a module's constants that share
// a list with another module's. Expectations follow Pact 5: Runtime/Utils.hs (getDefCap,
// isCapInStack'), Direct/Evaluator.hs (evalCap, evalUserManagedCap, installCap), Desugar.hs
// (resolveMeta), the REPL's testCapability (Repl/Runtime/ReplBuiltin.hs) and ModuleHashing.hs
// (updatePactValueHash stamps a new value, leaving the other module's constant as it was).

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { PactError } from '../../vm/errors.js';

/** What `script` ends with: the error (kind, recoverable, text) or null, and the traces. */
function outcome(script: string): { error: { kind: string; recoverable: boolean; message: string } | null; traces: string[] } {
  const r = runRepl(script);
  // a JS error (not a PactError) is rethrown by runRepl and fails the test by itself
  assert.ok(r.error === null || r.error instanceof PactError);
  return { error: r.error && { kind: r.error.kind, recoverable: r.error.recoverable, message: r.error.message }, traces: r.traces };
}

/** `call` after `setup` stops with an execution error, also inside `try` (which cannot catch it). */
function stopsWithExecError(setup: string, call: string): void {
  for (const script of [`${setup}${call}`, `${setup}(try 0 ${call})`]) {
    const { error } = outcome(script);
    assert.ok(error, `expected an error from ${call}`);
    assert.is(error!.kind, 'exec', `${call}: ${error!.message}`);
    assert.is(error!.recoverable, false);
  }
}

// ---- a token whose module is not loaded (defcapOf) ----------------------------------------------

const ROLLED_BACK = `(begin-tx)
(module m g (defcap g () true) (defcap U (x:integer) true) (defcap AU (x:integer) @managed true))
(defconst T (m.U 1))
(defconst A (m.AU 1))
(rollback-tx)
`;

test('a capability token of a module rolled back away: test-capability and with-capability fail as execution errors', () => {
  // the REPL's defconsts outlive the transaction; Pact's getDefCap (testCapability, installCap)
  // then finds no definition (lookupFqName → failInvariant InvariantUnboundFreeVariable), and
  // with-capability's guardForModuleCall finds no module admin first (ModuleAdminNotAcquired):
  // execution errors that try does not catch. (Pact's texts are "Fatal execution error, invariant
  // violated: Unbound free variable m.U.{hash}" and "Module admin necessary ...:m"; pactvm says
  // "Cannot find module: m" for all, so only the kind is pinned here.)
  stopsWithExecError(ROLLED_BACK, '(test-capability T)');
  stopsWithExecError(ROLLED_BACK, '(test-capability A)');
  stopsWithExecError(ROLLED_BACK, '(with-capability T 1)');
  stopsWithExecError(ROLLED_BACK, '(install-capability A)');
});

// ---- manager functions (managerOf) --------------------------------------------------------------

const FOREIGN = `(begin-tx)
(module o g
  (defcap g () true)
  (defun debit:integer (have:integer want:integer) (enforce (<= want have) "too much") (- have want)))
(module m g
  (defcap g () true)
  (defcap MO (x:integer) @managed x o.debit true)
  (defun spend (n:integer) (with-capability (MO n) n)))
(install-capability (m.MO 5))
`;

test('a managed capability whose manager is a defun of another module uses it', () => {
  // resolveMeta resolves the manager's name like any other (another module's defun is fine);
  // evalUserManagedCap applies it to the installed amount and the requested one
  const r = outcome(`${FOREIGN}(m.spend 2)\n(m.spend 3)`);
  assert.is(r.error, null);
  assert.equal(r.traces.slice(-2), ['2', '3']);
  const over = outcome(`${FOREIGN}(m.spend 2)\n(m.spend 4)`);
  assert.is(over.error?.message, 'too much');
});

const NOT_DEFUN = `(env-exec-config ["DisablePact51"])
(begin-tx)
(module m g
  (defcap g () true)
  (defconst K 1)
  (defcap D (a:integer b:integer) true)
  (defcap CK (x:integer) @managed x K true)
  (defcap CD (x:integer) @managed x D true)
  (defun use-k () (with-capability (CK 1) true))
  (defun use-d () (with-capability (CD 1) true)))
(install-capability (m.CK 5))
(install-capability (m.CD 5))
`;

test('under DisablePact51 a manager that is no defun (a constant, a defcap) fails when the capability is acquired', () => {
  // resolveMeta lets any name through with DisablePact51; evalUserManagedCap's getDefun then fails
  // (failInvariant InvariantExpectedDefun), an execution error. (Pact's text is "Fatal execution
  // error, invariant violated: Expected a defun for free variable m.K..."; pactvm's differs, so
  // only the kind is pinned here.)
  stopsWithExecError(NOT_DEFUN, '(m.use-k)');
  stopsWithExecError(NOT_DEFUN, '(m.use-d)');
});

// ---- test-capability (testCapability) -----------------------------------------------------------

const MANAGED = `(begin-tx)
(module m g
  (defcap g () true)
  (defcap MA (x:integer) @managed x mgr true)
  (defun mgr:integer (have:integer want:integer) (- have want)))
`;

test('test-capability installs a @managed capability even when a signature grants it', () => {
  // testCapability calls installCap with autonomous False: no signature check (unlike
  // install-capability, which refuses a capability a signature already grants)
  const r = outcome(`${MANAGED}(env-sigs [{"key": "k1", "caps": [(m.MA 5)]}])\n(test-capability (m.MA 5))`);
  assert.is(r.error, null);
  const refused = outcome(`${MANAGED}(env-sigs [{"key": "k1", "caps": [(m.MA 5)]}])\n(install-capability (m.MA 5))`);
  assert.is(refused.error?.message, 'Capability already installed: (m.MA 5)');
});

const UPGRADED = `(begin-tx)
(module m g (defcap g () true) (defcap U (x:integer) true))
(test-capability (m.U 1))
(module m g (defcap g () true) (defcap U (x:integer) @managed (enforce false "the body ran")))
`;

test('test-capability of a managed capability already in scope installs it and does not run its body', () => {
  // the unmanaged (m.U 1) of the first version stays on the stack (test-capability), and the
  // stack is searched by name and arguments (isCapInStack'): evalCap skips the body of the new,
  // auto-managed version, after installCap installed it
  const r = outcome(`${UPGRADED}(test-capability (m.U 1))`);
  assert.is(r.error, null);
  assert.is(outcome(`${UPGRADED}(test-capability (m.U 1))\n(install-capability (m.U 1))`).error?.message,
    'Capability already installed: (m.U 1)');
  // not in scope: the body runs
  assert.is(outcome(`${UPGRADED}(test-capability (m.U 2))`).error?.message, 'the body ran');
});

// ---- constants shared between modules (stampModuleHash) -----------------------------------------

const SHARED = `(begin-tx)
(module m g (defcap g () true) (defcap U (x:integer) true) (defconst L [(U 1)]))
(module o g (defcap g () true) (defconst OL m.L))
(module m g (defcap g () true) (defcap U (x:integer) (enforce false "the new body ran")) (defconst X o.OL))
`;

test('a new module version stamps its hash into its own constant, not into the other module\'s it copied', () => {
  // updatePactValueHash makes a new value for m's X; o's OL keeps the token built by the first
  // version of m, whose defcap (looked up by hash, getDefCap) is the first version's
  assert.is(outcome(`${SHARED}(test-capability (at 0 o.OL))`).error, null);
  assert.is(outcome(`${SHARED}(test-capability (at 0 m.X))`).error?.message, 'the new body ran');
});

test.run();
