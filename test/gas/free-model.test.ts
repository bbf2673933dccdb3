// A gas limit set while the REPL is still on its free model: Pact counts every charge with the
// free model's cost constants, all 1, and its native table, all 0 (gas.md §1.4; Gas/Types.hs
// freeGasCostConfig, TableGasModel.hs runTableModel). So the constants a formula takes from the
// config scale down, and the numbers written into a formula stay as they are.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { logLines, meteredAfter } from '../helpers.js';

/** The gas log (`label: milligas` per charge) of `call` under the free model with a limit set,
 *  after `setup` ran unmetered in the same session. */
function freeLog(call: string, setup = ''): string[] {
  const m = meteredAfter(setup, call, { free: true, limitGas: 100_000_000 });
  if (m.error) throw new Error(`unexpected error: ${m.error.message}`);
  return logLines(m);
}

const cases: [string, string[]][] = [
  // GHashBlake w · mHashBytePenalty (1)
  ['(hash "abcdef")', ['GNative hash: 0', 'GHash 6: 6']],
  // the literal's ListConcat · concatFactor; TextListConcat chars · concatFactor + 40 per string
  ['(concat ["abc" "def"])', ['GConcat (ListConcat (GasListLength 2)): 2', 'GNative concat: 0',
    'GConcat (TextListConcat (GasTextLength 6) (GasListLength 2)): 86']],
  // TextConcat · concatFactor
  ['(+ "ab" "cd")', ['GNative +: 0', 'GConcat (TextConcat (GasTextLength 4)): 4']],
  // comparisons add nativeBasicWork (1)
  ['(< "abc" "abd")', ['GNative <: 0', 'GComparison (TextComparison "abc"): 4']],
  ['(< 1 2)', ['GNative <: 0', 'GComparison (IntComparison 1 2): 65']],
  // SortComparisons size · len² div sortBytePenaltyReduction (1)
  ['(sort [3 1 2])', ['GConcat (ListConcat (GasListLength 3)): 3', 'GNative sort: 0', 'GComparison (SortComparisons 12 3): 108']],
  // SubstringSearch |needle| + |hay| + nativeBasicWork
  ['(contains "b" "abc")', ['GNative contains: 0', 'GSearch (SubstringSearch "b" "abc"): 5']],
  // StrOpParse keeps its own 5 per character
  ['(is-principal "r:abc")', ['GNative is-principal: 0', 'GStrOp (StrOpParse 5): 26']],
];
for (const [call, log] of cases) {
  test(`free model with a limit: ${call}`, () => {
    assert.equal(freeLog(call), log);
  });
}

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defschema s a:integer b:[integer])
  (deftable t:{s})
  (defun tl:integer (xs:[integer]) 1)
  (defun w (k:string a:integer b:[integer]) (write t k {"a": a, "b": b})))
(create-table t)
(commit-tx)`;

/** The log without the first call's module load (checked on its own below). */
const withoutLoad = (log: string[]) => log.filter(e => !e.startsWith('GModuleOp'));

test('free model with a limit: loading a module costs bytes div moduleLoadSlope (1) + moduleLoadIntercept (1)', () => {
  const load = freeLog('(m.tl [])', MODULE).find(e => e.startsWith('GModuleOp (MOpLoadModule'))!;
  const [, bytes, cost] = /MOpLoadModule (\d+)\): (\d+)/.exec(load)!;
  assert.ok(Number(bytes) > 100, load);
  assert.is(Number(cost), Number(bytes) + 1);
});

test('free model with a limit: an empty typed list still logs its type check, of 0', () => {
  assert.equal(withoutLoad(freeLog('(m.tl [])', MODULE)), [
    'GConcat (ListConcat (GasListLength 0)): 0', 'GAApplyLam 1: 51', 'GAConstant (MilliGas 0): 0',
  ]);
});

test('free model with a limit: applying a function costs arguments · 1 + 50, a typed list a tick (1) per element', () => {
  assert.equal(withoutLoad(freeLog('(m.tl [1 2 3])', MODULE)), [
    'GConcat (ListConcat (GasListLength 3)): 3', 'GAApplyLam 1: 51', 'GAConstant (MilliGas 3): 3',
  ]);
});

test('free model with a limit: a write pays its schema check in ticks and GWrite bytes · perByteWriteCost (1)', () => {
  // the row {"a": 1, "b": [1 2]}: 5 + (1 + 5 + 12) + (1 + 5 + (2 + 5 + 12 + 12)) = 60 bytes
  assert.equal(withoutLoad(freeLog('(m.w "k" 1 [1 2])', MODULE)), [
    'GConcat (ListConcat (GasListLength 2)): 2', 'GAApplyLam 3: 53', 'GAConstant (MilliGas 2): 2',
    'GConcat (ObjConcat 2): 2', 'GNative write: 0', 'GAConstant (MilliGas 2): 2', 'GAConstant (MilliGas 2): 2', 'GWrite 60: 60',
  ]);
});

test.run();
