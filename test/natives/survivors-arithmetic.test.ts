// Edge cases of the arithmetic, bitwise and transcendental natives (runtime/natives/arithmetic.ts,
// transcendental.ts) that a mutation run found untested: bitwise ops past 32 bits, shifts of zero
// and by huge counts, powers of 0, 1 and -1 with large exponents, zero decimal bases, overflow to
// infinity, native names in type errors, and the table-model charges of metered runs.
//
// Every expectation follows Pact 5's source (pact/Pact/Core/IR/Eval/CEK/CoreBuiltin.hs: rawAdd,
// rawMul, rawDiv, rawPow, binaryIntFn/unaryIntFn, bitShiftInt, rawAbs, roundingFn, rawExp,
// rawLn, rawSqrt, rawLogBase, guardNanOrInf, argsError; the costs from Gas/TableGasModel.hs:
// intMultCost, intDivCost, intPowCost, GConcat ObjConcat, cost_ln, transExpCost, TransSqrt).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err, typeError, meteredRun } from './helpers.js';
import { runRepl } from '../helpers.js';

const nanOrInf = 'Floating point error: Floating operation resulted in Infinity or NaN';

/** A metered run of `src` (table model, no effective limit, gas log on): the rendered value of
 *  its last form and the gas-log entries (`label = milligas`) whose label starts with `prefix`. */
function metered(src: string, prefix: string): { value: string; log: string[] } {
  const r = meteredRun(src);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return { value: r.value!, log: r.log.filter(e => e.what.startsWith(prefix)).map(e => `${e.what} = ${e.cost}`) };
}

/** The gas-log entries of a metered run of `src` whose label starts with `prefix`, in order. */
const charges = (src: string, prefix: string): string[] => metered(src, prefix).log;

// ---------------------------------------------------------------------------------------------
// Values

test('bitwise ops on operands past 32 bits are exact', () => {
  // one operand within int32, the other not: no 32-bit truncation of either
  assert.is(ev('(| 1 1099511627778)'), '1099511627779');
  assert.is(ev('(xor 3 1099511627776)'), '1099511627779');
  assert.is(ev('(& -1 1099511627776)'), '1099511627776');
  // an operand past 2^53 (a bigint) with a small one
  assert.is(ev('(& (+ (^ 2 60) 7) 5)'), '5');
  assert.is(ev('(| 5 (^ 2 60))'), '1152921504606846981');
});

test('shift: zero stays zero, huge right shifts leave the sign, large left shifts are exact', () => {
  assert.is(ev('(shift 0 -5)'), '0');
  assert.is(ev('(shift 0 2097152)'), '0');
  assert.is(ev('(shift 5 -4611686018427387904)'), '0');
  assert.is(ev('(shift -5 -4611686018427387904)'), '-1');
  // 2^1048575: a million-bit result, shifted back
  assert.is(ev('(shift (shift 1 1048575) -1048575)'), '1');
});

test('integer ^: bases 0, 1 and -1 with exponents of millions of bits of result', () => {
  assert.is(ev('(^ 1 2000000)'), '1');
  assert.is(ev('(^ 0 2000000)'), '0');
  assert.is(ev('(^ -1 2000001)'), '-1');
  assert.is(ev('(^ -1 2000000)'), '1');
  assert.is(ev('(^ -1 100)'), '1');
  // 2^600000 is computed (600001 bits), not refused as too large
  assert.is(ev('(shift (^ 2 600000) -600000)'), '1');
});

test('decimal ^: a zero base is an error only for a negative exponent', () => {
  assert.is(ev('(^ 0.0 2.0)'), '0.0');
  assert.is(ev('(^ 0.0 0.0)'), '1.0');
  assert.is(ev('(^ 0 0.0)'), '1.0');
  assert.is(err('(^ 0.0 -1.0)'), 'Floating point error: zero to a negative power is undefined');
});

test('NaN and infinite results are errors (guardNanOrInf)', () => {
  assert.is(err('(^ -8.0 0.5)'), nanOrInf);
  assert.is(err('(^ 10.0 10000000000.0)'), nanOrInf);
  assert.is(err('(exp 100000000000)'), nanOrInf);
});

test('abs of a positive integer is itself', () => {
  assert.is(ev('(abs 5)'), '5');
  assert.is(ev('(abs 0)'), '0');
  assert.is(ev('(abs -5)'), '5');
});

test('log of two integers rounds the result to an integer', () => {
  assert.is(ev('(log 2 3)'), '2'); // 1.58...
  assert.is(ev('(log 2 8)'), '3');
  assert.is(ev('(log 2 6)'), '3'); // 2.58...
});

test('mod by zero is an error', () => {
  // Pact's `mod` does not check: Haskell's DivideByZero escapes (see the report); only that it fails
  const r = runRepl('(mod 1 0)');
  assert.ok(r.error !== null);
});

test('concatenation right at the engine\'s size limits is allowed (Pact has none)', () => {
  // 2^26 characters, metered (unmetered string + never reaches the native): the string limit is
  // a strict bound; TextConcat costs 100 milligas a character
  const doubling = Array.from({ length: 21 }, (_, i) => `(s${i + 2} (+ s${i + 1} s${i + 1}))`).join(' ');
  const r = metered(`(let* ((s1 "aaaaaaaaaaaaaaaa") ${doubling}) (length (+ s22 s22)))`, 'GConcat');
  assert.is(r.value, '67108864');
  assert.is(r.log[r.log.length - 1], 'GConcat (TextConcat (GasTextLength 67108864)) = 6710886400');
  // 2^24 elements: likewise for lists
  assert.is(ev('(let ((l (make-list 8388608 0))) (length (+ l l)))'), '16777216');
});

// ---------------------------------------------------------------------------------------------
// Type errors name the native and the argument types (argsError)

test('type errors of the arithmetic natives', () => {
  assert.is(err('(* 2 "a")'), typeError('*', 'integer, string'));
  assert.is(err('(/ "a" 2)'), typeError('/', 'string, integer'));
  // a zero divisor does not turn a bad dividend into a division error
  assert.is(err('(/ "a" 0)'), typeError('/', 'string, integer'));
  assert.is(err('(+ {"a": 1} 1)'), typeError('+', 'object, integer'));
  assert.is(err('(+ 1 {"a": 1})'), typeError('+', 'integer, object'));
  assert.is(err('(^ "a" 1)'), typeError('^', 'string, integer'));
  assert.is(err('(^ 1.0 "a")'), typeError('^', 'decimal, string'));
  assert.is(err('(ceiling 1)'), typeError('ceiling', 'integer'));
  assert.is(err('(floor 1 2)'), typeError('floor-prec', 'integer, integer'));
  assert.is(err('(!= (lambda (x) x) 1)'), typeError('!=', 'closure, integer'));
});

test('type errors of the bitwise natives', () => {
  assert.is(err('(| 1 1.0)'), typeError('|', 'integer, decimal'));
  assert.is(err('(xor 1 1.0)'), typeError('xor', 'integer, decimal'));
  assert.is(err('(~ 1.0)'), typeError('~', 'decimal'));
  assert.is(err('(shift 1.0 1)'), typeError('shift', 'decimal, integer'));
  assert.is(err('(shift 1 1.0)'), typeError('shift', 'integer, decimal'));
});

test('type errors of the transcendental natives', () => {
  assert.is(err('(ln "a")'), typeError('ln', 'string'));
  assert.is(err('(sqrt "a")'), typeError('sqrt', 'string'));
  assert.is(err('(log "a" 2)'), typeError('log', 'string, integer'));
  assert.is(err('(log 2 "a")'), typeError('log', 'integer, string'));
});

// ---------------------------------------------------------------------------------------------
// Table-model charges (metered runs)

test('gas: / charges PrimOpDiv on the integers, or on the decimals\' mantissas', () => {
  assert.equal(charges('(/ 7 2)', 'GIntegerOpCost'), ['GIntegerOpCost PrimOpDiv 7 2 = 26']);
  assert.equal(charges('(/ 7.0 2)', 'GIntegerOpCost'), ['GIntegerOpCost PrimOpDiv 70 2 = 27']);
});

test('gas: a sum past 2^53 is sized by its own bits when multiplied next', () => {
  // 2^54 - 2 has 54 bits: (3·54) quot 20 + 26 = 34
  assert.equal(charges('(let ((x (+ 9007199254740991 9007199254740991))) (* x 1))', 'GIntegerOpCost'), [
    'GIntegerOpCost PrimOpAdd 9007199254740991 9007199254740991 = 30',
    'GIntegerOpCost PrimOpMul 18014398509481982 1 = 34',
  ]);
});

test('gas: decimal ^ charges PrimOpPow on the ceilings of base and exponent', () => {
  // intPowCost 3 2: T = 2, avg = 2·⌈√2⌉ = 4, 2·16
  assert.equal(charges('(^ 2.5 1.5)', 'GIntegerOpCost'), ['GIntegerOpCost PrimOpPow 3 2 = 32']);
});

test('gas: + of two objects charges ObjConcat on the total size', () => {
  const log = charges('(+ {"a": 1} {"b": 2, "c": 3})', 'GConcat');
  assert.is(log[log.length - 1], 'GConcat (ObjConcat 3) = 300');
});

test('gas: exp, ln, sqrt and log charge their GTranscendental cost', () => {
  // transExpCost 25: T = 8, avg = 2·4, 8·⌈8^2.5⌉
  assert.equal(charges('(exp 2.5)', 'GTranscendental'), ['GTranscendental (TransExp 25) = 1456']);
  // transExpCost 3: T = 2, avg = 2·⌈√2⌉ = 4, 2·4^2.5
  assert.equal(charges('(exp 3)', 'GTranscendental'), ['GTranscendental (TransExp 3) = 64']);
  // cost_ln of a 4-bit number: 4·⌈(ln 4)²⌉·⌈ln ln 4⌉ = 8; decimals by their ceiling
  assert.equal(charges('(ln 10)', 'GTranscendental'), ['GTranscendental (TransLn 10) = 8']);
  assert.equal(charges('(ln 10.5)', 'GTranscendental'), ['GTranscendental (TransLn 11) = 8']);
  // TransSqrt: n·⌈ln n⌉·⌈ln ln n⌉ (n = 5 bits: 10; n = 7: 14); decimals by their mantissa
  assert.equal(charges('(sqrt 16)', 'GTranscendental'), ['GTranscendental (TransSqrt 16) = 10']);
  assert.equal(charges('(sqrt 10.5)', 'GTranscendental'), ['GTranscendental (TransSqrt 105) = 14']);
  assert.equal(charges('(log 2 8)', 'GTranscendental'), ['GTranscendental (TransLogBase 2 8) = 8']);
  assert.equal(charges('(log 2.5 8.5)', 'GTranscendental'), ['GTranscendental (TransLogBase 3 9) = 8']);
});

test.run();
