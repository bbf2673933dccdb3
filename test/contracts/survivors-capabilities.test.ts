// Capabilities (with-capability, compose/require/install-capability, test-capability, emit-event,
// events, scoped signatures), aimed at the mutants a mutation run of runtime/contracts/
// capabilities.ts left alive. Expectations follow Pact 5: CEK/Evaluator.hs (evalCap, installCap,
// requireCap, composeCap, findMsgSigCap), CEK/CoreBuiltin.hs (requireCapability, composeCapability,
// installCapability, coreEmitEvent), Runtime/Utils.hs (guardForModuleCall, enforceStackTopIsDefcap,
// emitEvent, emitEventLegacyUnsafe), Environment/Utils.hs (checkSigCaps), the REPL's testCapability
// (pact-repl Repl/Runtime/ReplBuiltin.hs), Errors.hs for the texts, and caps.repl.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { logLines, meteredAfter, runRepl, replTranscript } from '../helpers.js';

const MODULE = `(begin-tx)
(env-data {"ks": ["k1"], "ok": true})
(module m g
  (defcap g () true)
  (defcap U (x:integer) true)
  (defcap E (x:integer) @event true)
  (defcap AU (x:integer) @managed true)
  (defcap AU2 (x:integer y:integer) @managed true)
  (defcap MA (x:integer) @managed x mgr true)
  (defun mgr:integer (have:integer want:integer) (enforce (<= want have) "too much") (- have want))
  (defcap D (allow:bool) @managed allow D-mgr (enforce allow "allowed"))
  (defun D-mgr (m r) m)
  (defcap MC (x:integer) @managed x mgr (compose-capability (U x)))
  (defcap MR (x:integer) @managed x mgr (compose-capability (U x)) (require-capability (U x)))
  (defcap UD () (enforce (read-msg "ok") "not ok"))
  (defcap COMPOSES-U () (compose-capability (U 1)))
  (defcap COMPOSES-AU () (compose-capability (AU 1)))
  (defcap COMPOSE-RESULT ()
    (enforce (compose-capability (U 2)) "a fresh compose returned false")
    (enforce (compose-capability (U 2)) "a repeated compose returned false"))
  (defun acquire-here () (with-capability (U 1) true))
  (defcap CALLS-WITH () (acquire-here))
  (defun install-here () (install-capability (AU 1)))
  (defcap CALLS-INSTALL () (install-here))
  (defun compose-here () (compose-capability (U 1)))
  (defun within (c) (with-capability c true))
  (defun nested (a b) (with-capability a (with-capability b true)))
  (defun req-in (c r) (with-capability c (require-capability r)))
  (defun keyset-in (c) (with-capability c (enforce-guard (read-keyset "ks"))))
  (defun emit-u () (emit-event (U 1)))
)
(commit-tx)
`;

const loaded = runRepl(MODULE);
const moduleTraces = loaded.traces.length;
const HASH = /hash (\S+)/.exec(loaded.traces.find(t => t.startsWith('Loaded module m'))!)![1];

/** The rendered value of each top-level form of `script`, run after MODULE (whose own are left out). */
function after(script: string): string[] {
  const r = runRepl(MODULE + script);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces.slice(moduleTraces);
}
const last = (script: string): string => after(script).slice(-1)[0];
/** The message of the error `script` raises, run after MODULE. */
function failure(script: string): string {
  const r = runRepl(MODULE + script);
  if (!r.error) throw new Error(`expected an error, got ${r.traces.slice(moduleTraces).join(' | ')}`);
  return r.error.message;
}
const sig = (caps: string) => `(env-sigs [{"key": "k1", "caps": [${caps}]}])\n`;

// ---- errors and their texts (Errors.hs) -------------------------------------------------------

test('a managed capability neither installed nor signed: CapNotInstalled', () => {
  assert.is(failure('(m.within (m.MA 5))'), 'Managed capability not installed: (m.MA 5)');
});

test('a capability of another module needs module admin (guardForModuleCall)', () => {
  assert.is(failure('(with-capability (m.U 1) 1)'), 'Module admin necessary for operation but has not been acquired:m');
});

test('with-capability of a value that is not a capability token: ExpectedCapToken', () => {
  assert.is(failure('(with-capability 1 2)'), 'expected capability token value, got: 1');
});

test('with-capability and install-capability reached from a defcap body: FormIllegalWithinDefcap', () => {
  // the defun called from the body inherits the defcap's environment (_ceInCap)
  assert.is(failure('(m.within (m.CALLS-WITH))'), 'Form illegal within defcap with-capability');
  assert.is(failure('(m.within (m.CALLS-INSTALL))'), 'Form illegal within defcap install-capability');
});

test('compose-capability outside a defcap body: enforceStackTopIsDefcap, also with an empty stack', () => {
  const msg = 'native execution failure, compose-capability failed with message: native must be called within a defcap body';
  assert.is(failure('(compose-capability (m.U 1))'), msg);
  assert.is(failure('(m.compose-here)'), msg);
});

test('install-capability of an unmanaged capability: InvalidManagedCap names it without hash', () => {
  assert.is(failure('(install-capability (m.U 1))'),
    'Install capability error: capability is not managed and cannot be installed: m.U');
});

test('emit-event of an unmanaged capability: InvalidEventCap names it with its module hash', () => {
  assert.is(failure('(m.emit-u)'), `Invalid event capability m.U.{${HASH}}`);
});

test('emit-event of another module\'s event from the top level: EventDoesNotMatchModule', () => {
  // with module admin, guardForModuleCall passes; emitEvent finds no calling module and names the event's
  assert.is(failure('(begin-tx)\n(acquire-module-admin m)\n(emit-event (m.E 1))'), 'Emitted event does not match module: m');
});

// ---- installing managed capabilities (installCap, evalCap) ------------------------------------

test('a capability installed twice: CapAlreadyInstalled', () => {
  assert.is(failure('(install-capability (m.AU 1))\n(install-capability (m.AU 1))'), 'Capability already installed: (m.AU 1)');
});

test('install-capability of a @managed capability a signature already grants: CapAlreadyInstalled', () => {
  // installCap with autonomous = True looks for a matching signature (managed param 0 left out)
  assert.is(failure(`${sig('(m.MA 5)')}(install-capability (m.MA 5))`), 'Capability already installed: (m.MA 5)');
  assert.is(failure(`${sig('(m.MA 5)')}(install-capability (m.MA 7))`), 'Capability already installed: (m.MA 7)');
});

test('install-capability of an auto-managed capability ignores signatures', () => {
  // installCap's AutoManagedMeta branch has no signature check
  assert.equal(after(`${sig('(m.AU 5)')}(install-capability (m.AU 5))\n(m.within (m.AU 5))`).slice(1),
    ['"Installed capability"', 'true']);
});

test('an installed auto-managed capability of two arguments is acquired by the same token', () => {
  assert.equal(after('(install-capability (m.AU2 1 2))\n(m.within (m.AU2 1 2))'), ['"Installed capability"', 'true']);
});

test('a signature installs an auto-managed capability only for exactly its token', () => {
  // evalCap AutoManagedMeta: find (== qualCapToken) msgCaps
  assert.is(failure(`${sig('(m.AU2 1 9)')}(m.within (m.AU2 1 2))`), 'Managed capability not installed: (m.AU2 1 2)');
  assert.is(failure(`${sig('(m.U 1)')}(m.within (m.AU 1))`), 'Managed capability not installed: (m.AU 1)');
  assert.is(last(`${sig('(m.AU2 1 2)')}(m.within (m.AU2 1 2))`), 'true');
});

test('a signature of an older arity does not install a capability whose arity changed', () => {
  // the signed token keeps one argument; the upgraded defcap takes two: they are not equal
  const upgraded = `(env-sigs [{"key": "k1", "caps": [(m.AU 1)]}])
(begin-tx)
(module m g
  (defcap g () true)
  (defcap AU (x:integer y:integer) @managed true)
  (defun go () (with-capability (AU 1 2) true)))
(commit-tx)
(m.go)`;
  assert.is(failure(upgraded), 'Managed capability not installed: (m.AU 1 2)');
});

test('a signature for a @managed capability installs the signed amount, not the requested one', () => {
  // evalCap DefManagedMeta: findMsgSigCap, then installCap of the signed token (ManagedParam 10)
  assert.equal(after(`${sig('(m.MA 10)')}(m.within (m.MA 3))\n(m.within (m.MA 7))`).slice(1), ['true', 'true']);
  assert.is(failure(`${sig('(m.MA 10)')}(m.within (m.MA 3))\n(m.within (m.MA 7))\n(m.within (m.MA 1))`), 'too much');
});

// ---- scope: in the stack, composed, already acquired (isCapInStack, composeCap) ---------------

test('a capability composed into a slot is in scope; another one is not', () => {
  assert.is(last('(m.req-in (m.COMPOSES-U) (m.U 1))'), 'true');
  assert.is(failure('(m.req-in (m.COMPOSES-U) (m.U 2))'), 'require-capability: not granted: (m.U 2)');
});

test('with-capability of a capability in scope only runs the body: a one-shot is not used twice', () => {
  assert.is(last('(install-capability (m.AU 1))\n(m.nested (m.AU 1) (m.AU 1))'), 'true');
});

test('compose-capability of a capability in scope returns true without acquiring it again', () => {
  assert.is(last('(install-capability (m.AU 1))\n(m.nested (m.AU 1) (m.COMPOSES-AU))'), 'true');
});

test('compose-capability returns true, whether it acquires or finds the capability', () => {
  assert.is(last('(m.within (m.COMPOSE-RESULT))'), 'true');
});

// ---- events (evalCap DefEvent, emitEventLegacyUnsafe, emitEventUnsafe) ------------------------

test('acquiring an unmanaged capability emits no event; an @event one emits its token', () => {
  assert.is(last('(m.within (m.U 1))\n(env-events true)'), '[]');
  assert.is(last('(m.within (m.E 1))\n(env-events true)'), `[{"module-hash": "${HASH}","name": "m.E","params": [1]}]`);
});

test('DisablePactEvents (and the seed\'s DisableLangEvents, decisions.md) drops every event', () => {
  for (const flag of ['DisablePactEvents', 'DisableLangEvents']) {
    assert.is(last(`(env-exec-config ["${flag}"])\n(m.within (m.E 1))\n(env-events true)`), '[]', flag);
  }
});

test('an event carries the hash of the module version that built it, the current one with EnableLegacyEventHashes', () => {
  // caps.repl, "Test legacy events": the expected hashes are Pact's
  const script = `(begin-tx)
(module A g
  (defcap g () true)
  (defconst A_VERSION:integer 1)
  (defcap A_EVENT (a:integer)
   @event
   1
   )

   (defun emit-a(a:integer) (emit-event (A_EVENT a))))


(module B g
 (defcap g () true)
 (use A)
 (defun call-a () (emit-a 420)))


(call-a)
(env-events true)
(commit-tx)

(begin-tx)
 (module A g
  (defcap g () true)
  (defconst A_VERSION:integer 2)
  (defcap A_EVENT (a:integer b:integer)
   @event
   1
   )

   (defun emit-a(a:integer) (emit-event (A_EVENT a a))))


(use B)
(call-a)
(env-events true)
(commit-tx)

(begin-tx)
(env-exec-config ["EnableLegacyEventHashes"])
(use B)
(call-a)
(env-events true)
(commit-tx)`;
  const r = runRepl(script);
  if (r.error) throw new Error(r.error.message);
  const events = r.traces.filter(t => t.startsWith('[{'));
  const v1 = '[{"module-hash": "eUXxnKczPNGardQAz-nFnoIpp0e90I63XHq1mvQ0s7A","name": "A.A_EVENT","params": [420]}]';
  assert.equal(events, [v1, v1,
    '[{"module-hash": "YkqNXWA9pNH9cFhfOM4fwPvi427v5jjo29tb6mFNAXA","name": "A.A_EVENT","params": [420]}]']);
});

// ---- signatures scoped to capabilities (checkSigCaps) -----------------------------------------

test('a signature scoped to a capability counts inside with-capability of it or of what composes it', () => {
  // no defcap body runs, so the granted caps are the whole stack (getAllStackCaps)
  assert.is(last(`${sig('(m.U 1)')}(m.keyset-in (m.U 1))`), 'true');
  assert.is(last(`${sig('(m.U 1)')}(m.keyset-in (m.COMPOSES-U))`), 'true');
  assert.is(failure(`${sig('(m.U 1)')}(m.keyset-in (m.U 2))`), 'Keyset failure (keys-all): [k1...]');
});

test('install-capability makes unscoped signatures stop counting', () => {
  // installCap autonomous inserts into csAutonomous; checkSigCaps then refuses empty cap lists
  assert.is(last(`${sig('')}(enforce-guard (read-keyset "ks"))`), 'true');
  assert.is(failure(`${sig('')}(install-capability (m.AU 1))\n(enforce-guard (read-keyset "ks"))`),
    'Keyset failure (keys-all): [k1...]');
});

// ---- test-capability (ReplBuiltin.hs testCapability) ------------------------------------------

test('test-capability leaves an unmanaged capability in scope', () => {
  // evalCap with TestCapEval: no CapBodyC, so its slot is never popped
  assert.is(last('(test-capability (m.U 1))\n(require-capability (m.U 1))'), 'true');
});

test('test-capability of a capability in scope does not run its body again', () => {
  assert.is(last('(test-capability (m.UD))\n(env-data {"ok": false})\n(test-capability (m.UD))\n(require-capability (m.UD))'), 'true');
  assert.is(failure('(env-data {"ok": false})\n(test-capability (m.UD))'), 'not ok');
});

test('test-capability installs a @managed capability with its amount, without running the manager', () => {
  assert.is(last('(test-capability (m.MA 5))\n(m.within (m.MA 3))'), 'true');
  assert.is(failure('(test-capability (m.MA 5))\n(m.within (m.MA 3))\n(m.within (m.MA 3))'), 'too much');
});

test('test-capability installs an auto-managed capability', () => {
  assert.is(failure('(test-capability (m.AU2 1 2))\n(install-capability (m.AU2 1 2))'), 'Capability already installed: (m.AU2 1 2)');
});

test('test-capability runs the body of a managed capability, which may compose', () => {
  assert.is(failure('(test-capability (m.D false))'), 'allowed'); // caps.repl
  assert.is(failure('(test-capability (m.D true))\n(test-capability (m.MC 1))\n(install-capability (m.MC 1))'),
    'Capability already installed: (m.MC 1)');
});

test('a capability installed before a test-capability that fails stays installed (interactive REPL)', async () => {
  // Pact refuses the test outright (installCap: CapAlreadyInstalled) and keeps its state; pactvm
  // runs the body, which fails: either way the installed capability is still there
  const out = await replTranscript(`(begin-tx)
(module m g (defcap g () true)
  (defcap D (allow:bool) @managed allow D-mgr (enforce allow "allowed"))
  (defun D-mgr (m r) m)
  (defun within (c) (with-capability c true)))
(commit-tx)
(install-capability (m.D true))
(test-capability (m.D false))
(m.within (m.D true))
`);
  const lines = out.trim().split('\n');
  assert.is(lines[lines.length - 2], 'pact> true', out);
});

// ---- module governance by capability (acquireModuleAdmin) -------------------------------------

test('acquiring module admin runs the governance capability', () => {
  const gov = `(begin-tx)
(module gm GOV
  (defcap GOV () (enforce false "no admin"))
  (defun f () 1))
(commit-tx)
(begin-tx)
(acquire-module-admin gm)`;
  assert.is(runRepl(gov).error?.message, 'no admin');
});

// ---- gas (table model): GCapOp (CapOpRequire k), k = the slots plus what they composed -----------

/** The gas log lines of `call`, metered, after `setup` ran unmetered in the same session. */
function gasLog(setup: string, call: string): string[] {
  const m = meteredAfter(MODULE + setup, call);
  if (m.error) throw new Error(`unexpected error: ${m.error.message}`);
  return logLines(m);
}
const capOps = (setup: string, call: string) => gasLog(setup, call).filter(l => l.startsWith('GCapOp'));

test('gas: require-capability inside with-capability of each kind of capability counts one slot', () => {
  const one = ['GCapOp (CapOpRequire 1): 100'];
  assert.equal(capOps('', '(m.req-in (m.U 1) (m.U 1))'), one, 'unmanaged');
  assert.equal(capOps('', '(m.req-in (m.E 1) (m.E 1))'), one, '@event');
  assert.equal(capOps('(install-capability (m.AU 1))', '(m.req-in (m.AU 1) (m.AU 1))'), one, 'auto-managed');
  assert.equal(capOps('(install-capability (m.MA 5))', '(m.req-in (m.MA 3) (m.MA 3))'), one, '@managed');
});

test('gas: under test-capability, a managed capability\'s body counts its own slot and what it composed', () => {
  assert.equal(capOps('', '(test-capability (m.MR 5))'), ['GCapOp (CapOpRequire 2): 200']);
});

test('gas: a composed capability counts too', () => {
  assert.equal(capOps('', '(m.req-in (m.COMPOSES-U) (m.U 1))'), ['GCapOp (CapOpRequire 2): 200']);
});

test.run();
