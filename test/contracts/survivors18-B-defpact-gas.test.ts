// What writing a defpact's state after a step costs (runtime/contracts/defpacts.ts countPactExec),
// aimed at the mutants a mutation run left alive: GWrite of sizeOf DefPactExec (Direct/Evaluator.hs
// applyPact; SizeOf.hs makeSizeOf ''DefPactExec, ''NestedDefPactExec, ''Yield, ''Provenance over
// DefPacts/Types.hs; the byte rules of gas.md §4). A DefPactExec is 1 + stepCount 5 + Maybe Yield
// + step 5 + id (43-character base64url text: 47) + continuation (1 + QualifiedName + args list)
// + stepHasRollback 1 + the nested map (5 + 1 + id + NestedDefPactExec per entry, which has no
// rollback flag). For `m.q` with no arguments and no yield: 1+5+2+5+47+(1+(1+5+(1+5+2))+5)+1+5 = 86.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { metered } from './guard-helpers.js';

const MODULE = `(begin-tx)
(module m g
  (defcap g () true)
  (defpact q () (step 1) (step 2))
  (defpact p () (step (yield {"a": 1})) (step 2))
  (defpact x () (step (yield {"a": 1} "1")) (step 2))
  (defpact c () (step 1) (step 2))
  (defpact par () (step (c)) (step (c)))
)
(commit-tx)
(begin-tx)
(env-chain-data {"chain-id": "0"})
`;

const writes = (call: string) => {
  const r = metered(MODULE, call);
  assert.is(r.error, null);
  return r.log.filter(l => l.startsWith('GWrite'));
};

test('a step without yield or nested defpacts writes 86 bytes', () => {
  assert.equal(writes('(m.q)'), ['GWrite 86: 17200']);
});

test('a yield adds Just Yield{data, Nothing, Nothing}: 2 + 1 + (5 + 1 + "a" 5 + 12) + 2 + 2', () => {
  // 86 - 2 (Nothing) + 30
  assert.equal(writes('(m.p)'), ['GWrite 114: 22800']);
});

test('a cross-chain yield adds its provenance (target chain and a 36-byte module hash) and source chain', () => {
  // Yield = 1 + 23 + Just (1 + "1" 5 + 36) + Just "0" (2 + 5) = 75; 86 - 2 + 2 + 75
  assert.equal(writes('(m.x)'), ['GWrite 161: 32200']);
});

test('a nested defpact is counted as a NestedDefPactExec under its id, without a rollback flag', () => {
  // par: 88 (its name is two bytes longer than q's); the entry 1 + id 47 + (1+5+2+5+47+20+5) = 133
  assert.equal(writes('(m.par)'), ['GWrite 221: 44200']);
});

test.run();
