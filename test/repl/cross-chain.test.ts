// Cross-chain defpacts as Pact 5 runs them: a yield to another chain is endorsed with its target
// chain and module hash, resumed only there (or by a blessing version), never from a step with a
// rollback; rolled-back pacts cannot be continued on any chain.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, runRepl } from '../helpers.js';

const MODULE_CODE = `(module xc g (defcap g () true)
  (defpact transfer (n:string)
    (step-with-rollback (let ((a (yield {"n": (+ n "-0")}))) "s0") "undo-s0")
    (step (let ((a (yield {"n": (resume {"n" := x} (+ x "-1"))} "1"))) "s1"))
    (step (resume {"n" := x} (+ x "-2"))))
  (defpact rollback-yield (n:string)
    (step-with-rollback (yield {"n": n} "1") "undo")
    (step "s1"))
  (defpact later-rollback (n:string)
    (step (yield {"n": n}))
    (step-with-rollback "s1" (let ((a (yield {"n": "back"} "1"))) "undo-s1"))
    (step "s2")))`;

const SETUP = `(begin-tx) ${MODULE_CODE} (commit-tx)
(begin-tx) (env-chain-data {"chain-id": "0"})
`;

function traces(src: string): string[] {
  const r = runRepl(SETUP + src);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces;
}

const hashOf = (src: string) => traces(`${src} (at "hash" (describe-module "xc"))`).pop()!.replace(/"/g, '');
const HASH = hashOf('');
const ID = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';
const event = (name: string, chain: string, hash = HASH) =>
  `{"module-hash": "${hash}","name": "${name}","params": ["${chain}" "xc.transfer" ["t"]]}`;

test('a pact yields to another chain and resumes there, with X_YIELD and X_RESUME events', () => {
  assert.equal(traces(`(xc.transfer "t") (continue-pact 1) (env-events true)
    (env-chain-data {"chain-id": "1"}) (continue-pact 2) (env-events true)`).slice(-5),
  ['"s1"', `[${event('pact.X_YIELD', '1')}]`, '"Updated public metadata"', '"t-0-1-2"', `[${event('pact.X_RESUME', '0')}]`]);
});

test('the cross-chain step can be resumed from the database in a later transaction', () => {
  assert.equal(traces(`(xc.transfer "t") (continue-pact 1) (commit-tx) (begin-tx)
    (env-chain-data {"chain-id": "1"}) (continue-pact 2 false "${ID}") (env-events true)`).slice(-2),
  ['"t-0-1-2"', `[${event('pact.X_RESUME', '0')}]`]);
});

test('a cross-chain yield cannot be resumed on another chain than its target', () => {
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 1) (continue-pact 2)`),
    `Yield provenance does not match, received (Provenance 1 ${HASH}), expected [ (Provenance 0 ${HASH}) ]`);
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 1) (env-chain-data {"chain-id": "2"}) (continue-pact 2)`),
    `Yield provenance does not match, received (Provenance 1 ${HASH}), expected [ (Provenance 2 ${HASH}) ]`);
});

test('a yield object given to continue-pact keeps the endorsement: checked, and no X_RESUME', () => {
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 1) (continue-pact 2 false "${ID}" {"n": "forged"})`),
    `Yield provenance does not match, received (Provenance 1 ${HASH}), expected [ (Provenance 0 ${HASH}) ]`);
  assert.equal(traces(`(xc.transfer "t") (continue-pact 1) (env-events true) (env-chain-data {"chain-id": "1"})
    (continue-pact 2 false "${ID}" {"n": "given"}) (env-events true)`).slice(-2), ['"given-2"', '[]']);
});

test('a step with a rollback cannot yield to another chain, also when rolling back', () => {
  assert.is(errorOf(`${SETUP} (xc.rollback-yield "t")`),
    'Program encountered an unhandled raised error: Cross-chain yield not allowed in step with rollback');
  assert.is(errorOf(`${SETUP} (xc.later-rollback "t") (continue-pact 1) (continue-pact 1 true)`),
    'Program encountered an unhandled raised error: Cross-chain yield not allowed in step with rollback');
});

test('a rolled-back pact cannot be continued, on the same chain or another', () => {
  assert.equal(traces('(xc.transfer "t") (continue-pact 0 true)').slice(-1), ['"undo-s0"']);
  const done = `Requested defpact already completed:  defpact id:${ID}`;
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 0 true) (continue-pact 1 false "${ID}")`), done);
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 0 true) (env-chain-data {"chain-id": "1"})
    (continue-pact 1 false "${ID}")`), done);
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 0 true) (commit-tx) (begin-tx)
    (env-chain-data {"chain-id": "1"}) (continue-pact 1 false "${ID}")`), done);
});

test('the cross-chain step has no rollback: rolling it back fails, before or after the resume', () => {
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 1) (continue-pact 1 true)`),
    `Step has no rollback: defpact id: ${ID}`);
  assert.is(errorOf(`${SETUP} (xc.transfer "t") (continue-pact 1) (env-chain-data {"chain-id": "1"})
    (continue-pact 2) (continue-pact 2 true)`), `Requested defpact already completed:  defpact id:${ID}`);
});

test('after an upgrade the yield is resumed only if the new version blesses the yielding one', () => {
  const upgraded = (bless: string) => MODULE_CODE.replace('(defcap g () true)', `(defcap g () true) ${bless} (defun extra () 1)`);
  const pending = `(xc.transfer "t") (continue-pact 1) (commit-tx) (begin-tx)`;
  const NEW = hashOf(`(commit-tx) (begin-tx) ${upgraded('')}`);
  assert.is(errorOf(`${SETUP} ${pending} ${upgraded('')} (env-chain-data {"chain-id": "1"}) (continue-pact 2 false "${ID}")`),
    `Yield provenance does not match, received (Provenance 1 ${HASH}), expected [ (Provenance 1 ${NEW}) ]`);
  assert.equal(traces(`${pending} ${upgraded(`(bless "${HASH}")`)} (env-chain-data {"chain-id": "1"})
    (continue-pact 2 false "${ID}")`).slice(-1), ['"t-0-1-2"']);
});

test.run();
