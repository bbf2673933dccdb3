// exp, ln, sqrt, log and decimal ^: the exact decimal value of the correctly rounded 53-bit
// (MPFR default precision) result, and the argument checks in Pact's order (natives.md §0.5, §1).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err } from './helpers.js';
import {
  decimalToFloat, floatToDecimal, transExp, transLn, transPow, transSqrt, type BinFloat,
} from '../../runtime/values/mpfr.js';
import { PactDecimal } from '../../vm/values.js';
import { decDigits } from '../../runtime/values/numbers.js';

test('sqrt prints the exact value of the nearest double', () => {
  assert.is(ev('(sqrt 15)'), '3.87298334620741702138957407441921532154083251953125');
  assert.is(ev('(sqrt 16)'), '4.0');
  assert.is(ev('(sqrt 0)'), '0.0');
  assert.is(ev('(sqrt 2.25)'), '1.5');
});

test('exp, ln, log of common arguments', () => {
  assert.is(ev('(exp 1)'), '2.718281828459045090795598298427648842334747314453125');
  assert.is(ev('(exp 0)'), '1.0');
  assert.is(ev('(ln 2)'), '0.69314718055994528622676398299518041312694549560546875');
  assert.is(ev('(ln 1)'), '0.0');
  assert.is(ev('(log 2 1024)'), '10');
  assert.is(ev('(log 10 100.0)'), '2.0');
  assert.is(ev('(typeof (log 2 8))'), '"integer"');
  assert.is(ev('(typeof (log 2 8.0))'), '"decimal"');
});

test('MPFR\'s exponent range: exp 1000 is a finite (integral) value', () => {
  const out = ev('(exp 1000)');
  assert.ok(out.startsWith('19700711140170470360862634371355762886725077849683894159163606264675573347508462222318'));
  assert.ok(out.endsWith('.0'));
  assert.is(err('(exp 100000000000)'), 'Floating point error: Floating operation resulted in Infinity or NaN');
  assert.is(ev('(exp -100000000000)'), '0.0');
});

test('decimal powers', () => {
  assert.is(ev('(^ 2.0 0.5)'), '1.4142135623730951454746218587388284504413604736328125');
  assert.is(ev('(^ 1.5 2)'), '2.25');
  assert.is(ev('(^ 2 -2.0)'), '0.25');
  assert.is(ev('(^ -2.0 3)'), '-8.0');
  assert.is(ev('(^ 4.0 0.5)'), '2.0');
  // 0.1 is rounded to the nearest double before the power is taken
  assert.is(ev('(^ 0.1 1)'), '0.1000000000000000055511151231257827021181583404541015625');
});

test('log checks: base 1, then negative base, then non-positive argument; base 0 gives 0', () => {
  assert.is(err('(log 1 2)'), 'Arithmetic exception: Base 1 not supported');
  assert.is(err('(log 1.0 -2)'), 'Arithmetic exception: Base 1 not supported');
  assert.is(err('(log -2 -2)'), 'Arithmetic exception: Negative log base');
  assert.is(err('(log 2 0)'), 'Arithmetic exception: Non-positive log argument');
  assert.is(err('(log 2 -1.5)'), 'Arithmetic exception: Non-positive log argument');
  assert.is(ev('(log 0 16)'), '0');
  assert.is(ev('(log 0 16.0)'), '0.0');
  assert.is(ev('(log 0 1)'), '0');
});

test('ln and sqrt domain errors', () => {
  assert.is(err('(ln 0)'), 'Arithmetic exception: Natural logarithm must be greater then 0');
  assert.is(err('(ln -1.5)'), 'Arithmetic exception: Natural logarithm must be greater then 0');
  assert.is(err('(sqrt -1)'), 'Arithmetic exception: Square root must be non-negative');
  assert.is(err('(sqrt -0.5)'), 'Arithmetic exception: Square root must be non-negative');
  assert.is(err('(exp "a")'), 'Type error: failed to call native function exp with argument(s) of type(s): string');
});

/** A JS double in the engine's (mantissa, exponent) form. */
function fromDouble(x: number) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo) | (1n << 52n);
  return { neg: hi >>> 31 === 1, m, e: ((hi >>> 20) & 0x7ff) - 1075 };
}
const toDouble = (r: unknown) => {
  const f = r as { neg: boolean; m: bigint; e: number };
  return (f.neg ? -1 : 1) * Number(f.m) * 2 ** f.e;
};

test('correct rounding where V8\'s Math.exp/Math.log are one ulp off', () => {
  // references computed at 80 digits from the exact binary inputs
  assert.is(toDouble(transExp(fromDouble(0.3055969961967113))), 1.357435144775098);
  assert.is(toDouble(transExp(fromDouble(-4.306278897666569))), 0.013483630326965082);
  assert.is(toDouble(transLn(fromDouble(0.40494849112090026))), -0.9039954023814977);
});

test('exact results and ties: sqrt, integer powers, ln 1', () => {
  const one = decimalToFloat(new PactDecimal(1n, 0));
  assert.is(transLn(one), 'zero');
  assert.is(decDigits(floatToDecimal(transSqrt(decimalToFloat(new PactDecimal(625n, 2))) as BinFloat)), '2.5');
  // (2^53 + 1) is a tie between two doubles: it rounds to the even neighbour 2^53
  const big = decimalToFloat(new PactDecimal(2n ** 53n + 1n, 0))!;
  assert.is(big.m, 2n ** 52n);
  // 3^2 computed exactly
  assert.is(decDigits(floatToDecimal(transPow(decimalToFloat(new PactDecimal(3n, 0)), decimalToFloat(new PactDecimal(2n, 0))) as BinFloat)), '9');
});

test.run();
