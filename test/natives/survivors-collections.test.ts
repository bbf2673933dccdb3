// Tests for runtime/natives/collections.ts aimed at the mutants the in-process suite left alive:
// take/drop on astral strings, zero and bigint counts, the list/object shapes and their gas
// charges; enumerate's and make-list's size charges and bounds; at with indices beyond Int;
// sort's order on times and on tied non-literals; sort-object's empty cases and field folding;
// and the exact type errors of every native here.
//
// Every expectation follows Pact 5's source (pact/Pact/Core/IR/Eval/CEK/CoreBuiltin.hs:
// rawTake, rawDrop, coreEnumerate/coreEnumerateStepN with createEnumerateList (Runtime/Utils.hs),
// makeList, rawReverse, coreAccess, rawContains, coreRemove, rawSort, rawSortObject,
// coreDistinct, coreWhere, argsError (CEK/Utils.hs); gas from Gas/TableGasModel.hs; sizes from
// SizeOf.hs). Two-element sorts follow vector-algorithms' sort2 (swap only on GT).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err, typeError, meteredRun } from './helpers.js';


/** The gas log of `src` under the table model (no effective limit), as "label=cost" strings whose
 *  label starts with `prefix`. */
function gasLog(src: string, prefix: string): string[] {
  const r = meteredRun(src);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.log.filter(e => e.what.startsWith(prefix)).map(e => `${e.what}=${e.cost}`);
}

const T1 = '(time "2020-01-01T00:00:00Z")', T2 = '(time "2021-01-01T00:00:00Z")', T3 = '(time "2022-01-01T00:00:00Z")';

// ---- take / drop -------------------------------------------------------------------------------

test('take/drop cut strings by code point, also when every character is astral', () => {
  assert.is(ev('(take 1 "😀😀")'), '"😀"');
  assert.is(ev('(drop 1 "😀😀")'), '"😀"');
  assert.is(ev('(take 2 "a😀b")'), '"a😀"');
  assert.is(ev('(drop -1 "a😀b")'), '"a😀"');
  assert.is(ev('(take -2 "a😀b")'), '"😀b"');
});

test('take/drop with a zero count', () => {
  assert.is(ev('(take 0 [1 2 3])'), '[]');
  assert.is(ev('(drop 0 [1 2 3])'), '[1 2 3]');
  assert.is(ev('(take 0 "abc")'), '""');
  assert.is(ev('(drop 0 "abc")'), '"abc"');
});

test('take/drop with counts beyond any Int keep their sign', () => {
  assert.is(ev('(take (- (^ 10 20)) "abc")'), '"abc"');
  assert.is(ev('(drop (- (^ 10 20)) "abc")'), '""');
  assert.is(ev('(take (^ 10 20) "abc")'), '"abc"');
  assert.is(ev('(drop (^ 10 20) "abc")'), '""');
  assert.is(ev('(take (- (^ 10 20)) [1 2 3])'), '[1 2 3]');
  assert.is(ev('(drop (- (^ 10 20)) [1 2 3])'), '[]');
  assert.is(ev('(take (^ 10 20) [1 2 3])'), '[1 2 3]');
  assert.is(ev('(drop (^ 10 20) [1 2 3])'), '[]');
});

test('take/drop reject mismatched shapes, naming the native', () => {
  assert.is(err('(take ["a"] "abc")'), typeError('take', 'list, string'));
  assert.is(err('(take ["a"] [1 2])'), typeError('take', 'list, list'));
  assert.is(err('(take 1 {"a": 1})'), typeError('take', 'integer, object'));
  assert.is(err('(take 1.5 [1])'), typeError('take', 'decimal, list'));
  assert.is(err('(drop 1.5 [1])'), typeError('drop', 'decimal, list'));
  assert.is(err('(drop 1 {"a": 1})'), typeError('drop', 'integer, object'));
});

test('take charges ListConcat on lists (clamped for n >= 0, |n| for n < 0); drop charges nothing', () => {
  // (enumerate 1 3) builds the list without a GConcat charge of its own
  assert.equal(gasLog('(take 2 (enumerate 1 3))', 'GConcat'), ['GConcat (ListConcat (GasListLength 2))=200']);
  assert.equal(gasLog('(take 9 (enumerate 1 3))', 'GConcat'), ['GConcat (ListConcat (GasListLength 3))=300']);
  assert.equal(gasLog('(take -2 (enumerate 1 3))', 'GConcat'), ['GConcat (ListConcat (GasListLength 2))=200']);
  assert.equal(gasLog('(take -5 (enumerate 1 3))', 'GConcat'), ['GConcat (ListConcat (GasListLength 5))=500']);
  assert.equal(gasLog('(drop 1 (enumerate 1 3))', 'GConcat'), []);
  assert.equal(gasLog('(drop -1 (enumerate 1 3))', 'GConcat'), []);
});

test('take of a count beyond a 64-bit Int from the end charges the count wrapped to an Int, a negative one nothing', () => {
  // rawTake charges GasTextLength/GasListLength (fromIntegral (negate i) :: Int), and SatWord
  // saturates a negative length at 0 (TableGasModel.hs: fromIntegral totalLen * concatFactor)
  assert.equal(gasLog('(take (- (^ 2 64)) "abc")', 'GConcat'), ['GConcat (TextConcat (GasTextLength 0))=0']);
  assert.equal(gasLog('(take (- 0 (+ (^ 2 64) 2)) "abc")', 'GConcat'), ['GConcat (TextConcat (GasTextLength 2))=200']);
  assert.equal(gasLog('(take (- (^ 2 63)) (enumerate 1 3))', 'GConcat'),
    ['GConcat (ListConcat (GasListLength (-9223372036854775808)))=0']);
  assert.is(ev('(take (- (^ 2 64)) "abc")'), '"abc"');
});

test('take on an object charges ObjConcat of the key count; drop charges nothing', () => {
  // the object literal itself is charged ObjConcat 2 (Evaluator.hs), before the native runs
  assert.equal(gasLog('(take ["a" "c" "d"] {"a": 1, "b": 2})', 'GConcat (ObjConcat'),
    ['GConcat (ObjConcat 2)=200', 'GConcat (ObjConcat 3)=300']);
  assert.equal(gasLog('(drop ["a" "c" "d"] {"a": 1, "b": 2})', 'GConcat (ObjConcat'), ['GConcat (ObjConcat 2)=200']);
  assert.is(ev('(take ["a" "c"] {"a": 1, "b": 2})'), '{"a": 1}');
  assert.is(ev('(drop ["a" "c"] {"a": 1, "b": 2})'), '{"b": 2}');
});

// ---- enumerate / make-list ---------------------------------------------------------------------

test('enumerate from = to charges GMakeList 1 (sizeOf from)', () => {
  assert.is(ev('(enumerate 5 5)'), '[5]');
  assert.equal(gasLog('(enumerate 5 5)', 'GMakeList'), ['GMakeList 1 8=8']);
  assert.equal(gasLog('(enumerate 5 5 0)', 'GMakeList'), ['GMakeList 1 8=8']);
});

test('enumerate sizes its elements by the larger of |from| and |to|', () => {
  // len = |from - to| div |step| + 1 = 10; sizeOf 10^30 = max 64 (log2 + 1) quot 8 = 12
  assert.equal(gasLog('(enumerate 1 (^ 10 30) (^ 10 29))', 'GMakeList'), ['GMakeList 10 12=120']);
  assert.equal(gasLog('(enumerate (^ 10 30) 1 (- (^ 10 29)))', 'GMakeList'), ['GMakeList 10 12=120']);
  assert.equal(gasLog('(enumerate (- (^ 10 30)) 0 (^ 10 29))', 'GMakeList'), ['GMakeList 11 12=132']);
});

test('enumerate and make-list build a list of 2^24 elements', () => {
  assert.is(ev('(length (enumerate 1 16777216))'), '16777216');
  assert.is(ev('(length (make-list 16777216 1))'), '16777216');
});

test('enumerate-step and make-list type errors', () => {
  assert.is(err('(enumerate 1.0 2 1)'), typeError('enumerate-step', 'decimal, integer, integer'));
  assert.is(err('(enumerate 1 2.0 1)'), typeError('enumerate-step', 'integer, decimal, integer'));
  assert.is(err('(enumerate 1 2 1.0)'), typeError('enumerate-step', 'integer, integer, decimal'));
  assert.is(err('(make-list 1.5 1)'), typeError('make-list', 'decimal, integer'));
  assert.is(err('(make-list 2 (lambda (x) x))'), typeError('make-list', 'integer, closure'));
});

// ---- reverse / at / contains / remove / distinct / where ---------------------------------------

test('reverse rejects non-list, non-string arguments', () => {
  assert.is(err('(reverse 1)'), typeError('reverse', 'integer'));
  assert.is(err('(reverse {"a": 1})'), typeError('reverse', 'object'));
});

test('at converts the index to a 64-bit Int before the bounds check', () => {
  // vec V.!? fromIntegral i: 2^64 + 1 wraps to 1, 2^63 to minBound, 2^64 - 1 to -1
  assert.is(ev('(at (+ 1 (^ 2 64)) [10 20 30])'), '20');
  assert.is(err('(at (^ 2 63) [1])'), 'Array index out of bounds. Length (1), Index (-9223372036854775808)');
  assert.is(err('(at (- (^ 2 64) 1) [10 20])'), 'Array index out of bounds. Length (2), Index (-1)');
});

test('contains, remove, distinct: type errors', () => {
  assert.is(err('(contains "a" 1)'), typeError('contains', 'string, integer'));
  assert.is(err('(remove 1 {"a": 1})'), typeError('remove', 'integer, object'));
  assert.is(err('(remove "a" [1])'), typeError('remove', 'string, list'));
  assert.is(err('(distinct 1)'), typeError('distinct', 'integer'));
});

test('where: each argument is type-checked', () => {
  assert.is(err('(where 1 (lambda (x) true) {"a": 1})'), typeError('where', 'integer, closure, object'));
  assert.is(err('(where "a" 1 {"a": 1})'), typeError('where', 'string, integer, object'));
  assert.is(err('(where "a" (lambda (x) true) 1)'), typeError('where', 'string, closure, integer'));
});

// ---- sort --------------------------------------------------------------------------------------

test('sort orders times, and literals before times', () => {
  assert.is(ev(`(= (sort [${T1} ${T2}]) [${T1} ${T2}])`), 'true');
  assert.is(ev(`(= (sort [${T2} ${T1}]) [${T1} ${T2}])`), 'true');
  assert.is(ev(`(= (sort [${T3} ${T1} ${T2}]) [${T1} ${T2} ${T3}])`), 'true');
  assert.is(ev(`(= (sort [${T1} 1 "a"]) ["a" 1 ${T1}])`), 'true');
});

test('sort: non-literals tie with everything (two elements are swapped only on GT)', () => {
  assert.is(ev('(sort [{"a": 1} 1])'), '[{"a": 1} 1]');
  assert.is(ev('(sort [{"b": 2} {"a": 1}])'), '[{"b": 2} {"a": 1}]');
  assert.is(ev(`(= (sort [${T1} {"a": 1}]) [${T1} {"a": 1}])`), 'true');
});

test('sort type error and gas: none on [], SortComparisons (max sizeOf) (length) otherwise', () => {
  assert.is(err('(sort 1)'), typeError('sort', 'integer'));
  assert.equal(gasLog('(sort [])', 'GComparison'), []);
  // 40 integers of sizeOf 12: 12 * 40 * 40 div 1000 = 19
  assert.equal(gasLog('(sort (enumerate 40 1))', 'GComparison'), ['GComparison (SortComparisons 12 40)=19']);
});

test('sort-object: empty fields or objects return the objects unchecked', () => {
  assert.is(ev('(sort [] [1 2])'), '[1 2]');
  assert.is(ev('(sort [1] [])'), '[]');
  assert.is(err('(sort ["a"] 1)'), typeError('sort-object', 'list, integer'));
  assert.is(err('(sort 1 [{"a": 1}])'), typeError('sort-object', 'integer, list'));
});

test('sort-object: a non-literal field compares equal and defers to earlier fields', () => {
  // foldr over the fields: "b" (lists, EQ) is looked at first, then "a" decides
  assert.is(ev('(sort ["a" "b"] [{"a": 2, "b": [1]} {"a": 1, "b": [1]}])'),
    '[{"a": 1,"b": [1]} {"a": 2,"b": [1]}]');
});

test('contains on a list compares by value, not by identity: lists, objects and decimals inside it', () => {
  // rawContains searches with valEqGassed, so a fresh [1] or {"a": 1} or 1.5 is found
  assert.is(ev('(contains [1] [[0] [1]])'), 'true');
  assert.is(ev('(contains {"a": 1} [{"a": 1}])'), 'true');
  assert.is(ev('(contains 1.5 [1.5])'), 'true');
});

test.run();
