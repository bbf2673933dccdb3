// Defpacts (starting, continuing, nesting, yield/resume, pact guards, pact-state), aimed at the
// mutants a mutation run of runtime/contracts/defpacts.ts left alive. Expectations follow Pact 5:
// CEK/Evaluator.hs (initPact, applyPact, applyNestedPact, resumePact, emitXChainEvents),
// CEK/CoreBuiltin.hs (coreYield, coreResume, enforceYield, createPactGuard,
// createCapabilityPactGuard), Runtime/Utils.hs (getCallingModule, emitEventUnsafe), the REPL's
// continuePact and pactState (pact-repl Repl/Runtime/ReplBuiltin.hs) and Errors.hs for the texts.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast, runRepl } from '../helpers.js';
import { last } from './guard-helpers.js';

/** The default transaction hash: the id of a pact started at top level (initPact). */
const ID = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defpact two () (step (yield {"a": 1})) (step (resume {"a" := a} a)))
  (defpact plain () (step 0) (step (resume {"a" := a} a)))
  (defpact child () (step (pact-id)) (step (pact-id)))
  (defpact twice-later () (step (child)) (step [(continue (child)) (continue (child))])))
(commit-tx)
(begin-tx)
`;

/** InvalidDefPactStepSupplied (Errors.hs) */
const invalidStep = (step: number, count: number) =>
  `DefPactStep does not match defpact properties: requested: ${step} step count:${count}`;

// ---- continue-pact: which steps may run (resumePact, applyPact) ----------------------------------

test('continue-pact to a step past the last or below 0 is InvalidDefPactStepSupplied (resumePact checks it first)', () => {
  assert.is(errorOf(`${MODULE} (m.two) (continue-pact 2)`), invalidStep(2, 2));
  assert.is(errorOf(`${MODULE} (m.two) (continue-pact -1)`), invalidStep(-1, 2));
});

const UPGRADED = (body: string) => `(begin-tx)
(module m g (defcap g () true)
  (defpact p () (step 1) (step 2) (step 3)))
(m.p)
(commit-tx)
(begin-tx)
(module m g (defcap g () true) ${body})
(continue-pact 1 false "${ID}")`;

test('a pact whose defpact an upgrade shortened fails at applyPact with the new step count', () => {
  // resumePact accepts step 1 of the stored 3; applyPact finds no step 1 in the 1-step defpact
  assert.is(errorOf(UPGRADED('(defpact p () (step "only"))')), invalidStep(1, 1));
});

test('a pact whose defpact an upgrade removed or turned into a defun cannot be continued', () => {
  // Pact: getModuleMemberWithHash raises ModuleMemberDoesNotExist (m.p.{hash}) for a removed member,
  // applyPact fails the invariant InvariantExpectedDefPact (m.p.{hash}) for a defun; both name m.p
  for (const body of ['(defun q () 1)', '(defun p () 1)']) {
    assert.match(errorOf(UPGRADED(body)), 'm.p', body);
  }
});

test('a defpact an upgrade removed cannot be started from code compiled against it', () => {
  // a's stored code still reaches b.p; initPact's applyPact looks b.p up in the current b and
  // raises ModuleMemberDoesNotExist (b.p.{hash})
  assert.match(errorOf(`(begin-tx)
(module b g (defcap g () true) (defpact p () (step 1) (step 2)))
(module a g (defcap g () true) (defun go () (b.p)))
(commit-tx)
(begin-tx) (module b g (defcap g () true) (defun q () 1)) (commit-tx)
(begin-tx) (a.go)`), 'b.p');
});

// ---- continue-pact's resume object (continuePact) ------------------------------------------------

test('without a pact in the environment, continue-pact resumes the object it is given', () => {
  // (pact-state true) clears esDefPactExec: continuePact then builds Yield o Nothing Nothing
  assert.is(last(`${MODULE} (m.plain) (pact-state true) (continue-pact 1 false "${ID}" {"a": 5})`), '5');
});

test('a pact that yielded nothing resumes the object given to continue-pact', () => {
  // _peYield is Nothing: continuePact builds Yield o Nothing Nothing
  assert.is(last(`${MODULE} (m.plain) (continue-pact 1 false "${ID}" {"a": 6})`), '6');
});

test('pact-state shows yield false when the step yielded nothing (pactState)', () => {
  assert.is(last(`${MODULE} (m.plain) (pact-state)`), `{"pactId": "${ID}","step": 0,"yield": false}`);
  assert.is(last(`${MODULE} (m.two) (pact-state)`), `{"pactId": "${ID}","step": 0,"yield": {"a": 1}}`);
});

// ---- nested pacts (applyNestedPact) --------------------------------------------------------------

test('a nested pact called twice in a later step without rollback was "never started" (applyNestedPact)', () => {
  // the nested id is the hash of the parent id, ':' and the continuation's stable encoding (initPact)
  const nested = last(`(hash "${ID}:{\\"args\\":[],\\"def\\":\\"m.child\\"}")`).replace(/"/g, '');
  assert.is(last(`${MODULE} (m.twice-later)`), `"${nested}"`);
  assert.is(errorOf(`${MODULE} (m.twice-later) (continue-pact 1)`),
    `Requested nested defpact never started: defpact id: ${nested}`);
});

// The direct evaluator (the REPL's) raises InvariantPactExecNotInEnv with no location, which Pact's
// `<+>` prints as a trailing space (the CEK evaluator names the continuation there instead)
const NO_PACT_EXEC = 'Fatal execution error, invariant violated: No pact exec found ';

test('a nested pact with no defpact execution in the environment fails Pact\'s invariant', () => {
  // (pact-state true) in a step empties esDefPactExec; applyNestedPact then fails
  const msg = errorOf(`(env-enable-repl-natives true)
(begin-tx)
(module m g (defcap g () true)
  (defpact child () (step 1) (step 2))
  (defpact p () (step (let ((x (pact-state true))) (child))) (step 2)))
(m.p)`);
  assert.is(msg, NO_PACT_EXEC);
});

test('a step that leaves no defpact execution behind fails the same invariant, top-level or nested', () => {
  const module = `(env-enable-repl-natives true)
(begin-tx)
(module m g (defcap g () true)
  (defpact clears () (step (pact-state true)) (step 2))
  (defpact child-clears () (step (pact-state true)) (step 2))
  (defpact parent () (step (child-clears)) (step 2))
  (defpact plain () (step (pact-state)) (step 2)))
`;
  assert.is(errorOf(`${module}(m.clears)`), NO_PACT_EXEC);
  assert.is(errorOf(`${module}(m.parent)`), NO_PACT_EXEC);
  // (pact-state) without clearing leaves it: the step returns the state it read
  assert.ok(evalLast(`${module}(m.plain)`).includes('"step": 0'), evalLast(`${module}(m.plain)`));
});

// ---- argument types come before the pact checks (argsError) --------------------------------------

const typeError = (n: string, types: string) =>
  `Type error: failed to call native function ${n} with argument(s) of type(s): ${types}`;

test('yield, resume and the pact guards check their arguments\' types before anything else', () => {
  assert.is(errorOf('(yield 1)'), typeError('yield', 'integer'));
  // the two-argument yield is CoreYieldToChain, named yield-to-chain (coreBuiltinToText)
  assert.is(errorOf('(yield 1 "1")'), typeError('yield-to-chain', 'integer, string'));
  assert.is(errorOf('(resume 1)'), typeError('resume', 'integer'));
  assert.is(errorOf('(create-pact-guard 1)'), typeError('create-pact-guard', 'integer'));
  assert.is(errorOf('(create-capability-pact-guard 1)'), typeError('create-capability-pact-guard', 'integer'));
});

// ---- cross-chain yields (coreYield, enforceYield, emitXChainEvents) ------------------------------

test('a cross-chain yield outside module code has no calling module (getCallingModule)', () => {
  // after a step the pact stays in the environment: yield at top level reaches provenanceOf
  assert.is(errorOf(`${MODULE} (m.two) (yield {"a": 2} "1")`),
    'Program encountered an unhandled raised error: no module call in stack');
});

const XC = `(module xc g (defcap g () true)
  BLESS
  (defpact transfer () (step (yield {"n": 1} "1")) (step (resume {"n" := n} n))))`;
// three 32-byte hashes whose byte order (ZEROS, SECOND, HIGH), text order (HIGH, ZEROS, SECOND),
// blessing order (SECOND, HIGH, ZEROS) and its reverse all differ
const HIGH = `0${'A'.repeat(42)}`; // d0 00 …
const ZEROS = 'A'.repeat(43); // 00 00 …
const SECOND = `AB${'A'.repeat(41)}`; // 00 10 …

test('a provenance mismatch lists the current hash, then the blessed ones in byte order, one a line', () => {
  const src = `(env-chain-data {"chain-id": "0"})
(begin-tx) ${XC.replace('BLESS', '')} (xc.transfer) (commit-tx)
(begin-tx) ${XC.replace('BLESS', `(bless "${SECOND}") (bless "${HIGH}") (bless "${ZEROS}")`)}
(env-chain-data {"chain-id": "2"})
(continue-pact 1 false "${ID}")`;
  const r = runRepl(src);
  const [yielding, current] = r.traces.filter(t => t.startsWith('Loaded module')).map(t => t.split('hash ')[1]);
  // YieldProvenanceDoesNotMatch: "received" <+> p <> ", expected" <+> pretty [p'] (prettyprinter's
  // align . list: too wide for 80 columns, so one item a line under the bracket); the expected
  // list is the current hash, then toList of the blessed Set, ordered by the hashes' bytes
  const prefix = `Yield provenance does not match, received (Provenance 1 ${yielding}), expected `;
  const items = [current, ZEROS, SECOND, HIGH].map(h => `(Provenance 2 ${h})`);
  assert.is(r.error?.message, `${prefix}[ ${items.join(`\n${' '.repeat(prefix.length)}, `)} ]`);
});

test('DisablePactEvents (or its seed name DisableLangEvents) suppresses the X_YIELD event', () => {
  const events = (flags: string) => last(`(env-exec-config [${flags}])
(env-chain-data {"chain-id": "0"})
(begin-tx) ${XC.replace('BLESS', '')} (xc.transfer) (env-events true)`);
  assert.match(events(''), '"name": "pact.X_YIELD"');
  assert.is(events('"DisablePactEvents"'), '[]');
  assert.is(events('"DisableLangEvents"'), '[]');
});

test.run();
