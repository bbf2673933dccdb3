// Decimal arithmetic of runtime/values/numbers.ts with Haskell Data.Decimal's semantics, value
// and scale both checked: the places of sums (roundMax), normalisation after * and /, half-even
// rounding at 255 places, round/floor/ceiling, and the three texts a decimal prints as.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decAbs, decAdd, decCmp, decDigits, decDiv, decFromInt, decFromRational, decIsIntegral, decMul, decNeg,
  decNormalize, decPretty, decRoundTo, decShow, decSub, decToInt, pow10, roundHalfEven, PactDecimal,
} from '../../runtime/values/numbers.js';

const d = (mantissa: bigint, places: number) => new PactDecimal(mantissa, places);
/** a decimal as `mantissa@places`, so that scale is compared as well as value */
const raw = (x: PactDecimal) => `${x.mantissa}@${x.places}`;

test('a sum or difference has the larger scale, but a zero operand brings none (roundMax)', () => {
  const cases: [PactDecimal, PactDecimal, string, string][] = [
    [d(15n, 1), d(25n, 2), '175@2', '125@2'],
    [d(150n, 2), d(5n, 1), '200@2', '100@2'],
    [d(15n, 1), d(0n, 3), '15@1', '15@1'],
    [d(0n, 3), d(15n, 1), '15@1', '-15@1'],
    [d(0n, 2), d(0n, 3), '0@0', '0@0'],
    [d(15n, 1), d(15n, 1), '30@1', '0@1'],
    [d(-5n, 0), d(25n, 1), '-25@1', '-75@1'],
  ];
  for (const [a, b, sum, diff] of cases) {
    assert.is(raw(decAdd(a, b)), sum, `${raw(a)} + ${raw(b)}`);
    assert.is(raw(decSub(a, b)), diff, `${raw(a)} - ${raw(b)}`);
  }
});

test('half-even division: ties go to the even neighbour, on both sides of zero', () => {
  const cases: [bigint, bigint, bigint][] = [
    [25n, 10n, 2n], [35n, 10n, 4n], [-25n, 10n, -2n], [-35n, 10n, -4n], [26n, 10n, 3n], [24n, 10n, 2n],
    [-26n, 10n, -3n], [-24n, 10n, -2n], [20n, 10n, 2n], [-15n, 10n, -2n], [15n, 10n, 2n], [5n, 10n, 0n], [0n, 7n, 0n],
  ];
  for (const [n, dv, q] of cases) assert.is(roundHalfEven(n, dv), q, `${n} / ${dv}`);
});

test('normalisation strips trailing zeros; zero has no places', () => {
  assert.is(raw(decNormalize(d(1500n, 3))), '15@1');
  assert.is(raw(decNormalize(d(0n, 3))), '0@0');
  assert.is(raw(decNormalize(d(100n, 0))), '100@0');
  assert.is(raw(decNormalize(d(-1200n, 2))), '-12@0');
  const kept = d(15n, 1);
  assert.is(decNormalize(kept), kept);
  const zero = d(0n, 0);
  assert.is(decNormalize(zero), zero);
});

test('normalisation takes off any count of trailing zeros, up to the places, as one zero at a time would', () => {
  // the reference: Data.Decimal's normalisation, one zero at a time
  const oneByOne = (x: PactDecimal) => {
    let m = x.mantissa, p = x.places;
    while (p > 0 && m % 10n === 0n) { m /= 10n; p--; }
    return `${m}@${p}`;
  };
  const cores = [1n, 7n, -3n, 12345n, -999n, 10n ** 40n + 1n];
  let checked = 0;
  for (const core of cores) {
    for (const zeros of [0, 1, 2, 15, 16, 63, 64, 65, 127, 128, 129, 200, 253, 255, 256, 300, 400]) {
      for (const places of [0, 1, 64, 127, 128, 129, 200, 255, 300, 510]) {
        const x = d(core * 10n ** BigInt(zeros), places);
        assert.is(raw(decNormalize(x)), oneByOne(x), `${core}·10^${zeros} at ${places} places`);
        checked++;
      }
    }
  }
  for (const places of [0, 1, 128, 255, 300]) assert.is(raw(decNormalize(d(0n, places))), '0@0');
  assert.ok(checked > 1000);
  // a terminating division: 255 places, 253 of them zeros
  assert.is(raw(decDiv(d(10n, 1), d(40n, 1))), '25@2');
  assert.is(raw(decDiv(d(1n, 0), d(1024n, 0))), '9765625@10');
});

test('a rational rounds half-even at 255 places, then normalises', () => {
  assert.is(raw(decFromRational(1n, 3n)), `${'3'.repeat(255)}@255`);
  assert.is(raw(decFromRational(2n, 3n)), `${'6'.repeat(254)}7@255`);
  assert.is(raw(decFromRational(1n, -4n)), '-25@2');
  // a negative denominator rounds like the positive one with the sign moved to the numerator
  assert.is(raw(decFromRational(1n, -3n)), `-${'3'.repeat(255)}@255`);
  assert.is(raw(decFromRational(2n, -3n)), `-${'6'.repeat(254)}7@255`);
  assert.is(raw(decFromRational(-2n, -3n)), `${'6'.repeat(254)}7@255`);
  assert.is(raw(decFromRational(-1n, -4n)), '25@2');
  assert.is(raw(decFromRational(10n, 4n)), '25@1');
  assert.is(raw(decFromRational(4n, 2n)), '2@0');
  // 1/2^256: digit 256 onwards decide, exactly half of the last place is never reached
  assert.is(decFromRational(1n, 2n ** 256n).places, 255);
});

test('a product past the integer size limit fails as a decimal that is too large', () => {
  const big = d(1n << 600_000n, 0);
  assert.throws(() => decMul(big, big), (e: Error) => e.message === 'Value too large: decimal of more than 1048576 bits');
});

test('multiplication normalises; past 255 places it rounds half-even', () => {
  assert.is(raw(decMul(d(15n, 1), d(15n, 1))), '225@2');
  assert.is(raw(decMul(d(25n, 1), d(4n, 1))), '1@0');
  assert.is(raw(decMul(d(-2n, 0), d(15n, 1))), '-3@0');
  // 1.5e-155 × 1e-100: 300 places, 45 too many
  assert.is(raw(decMul(d(15n * 10n ** 44n, 200), d(1n, 100))), '2@255');
  assert.is(raw(decMul(d(25n * 10n ** 44n, 200), d(1n, 100))), '2@255');
  assert.is(raw(decMul(d(35n * 10n ** 44n, 200), d(1n, 100))), '4@255');
  assert.is(raw(decMul(d(1n, 200), d(1n, 55))), '1@255');
});

test('division is exact to 255 places, then normalised', () => {
  assert.is(raw(decDiv(d(10n, 1), d(3n, 0))), `${'3'.repeat(255)}@255`);
  assert.is(raw(decDiv(d(10n, 1), d(5n, 1))), '2@0');
  assert.is(raw(decDiv(d(-1n, 0), d(4n, 0))), '-25@2');
  assert.is(raw(decDiv(d(1n, 0), d(-8n, 1))), '-125@2');
  assert.is(raw(decDiv(d(2n, 0), d(-30n, 1))), `-${'6'.repeat(254)}7@255`);
});

test('negation, absolute value, comparison across scales, integrality', () => {
  assert.is(raw(decNeg(d(150n, 2))), '-150@2');
  assert.is(raw(decAbs(d(-15n, 1))), '15@1');
  const pos = d(15n, 1);
  assert.is(decAbs(pos), pos);
  assert.is(decCmp(d(15n, 1), d(150n, 2)), 0);
  assert.is(decCmp(d(149n, 2), d(15n, 1)), -1);
  assert.is(decCmp(d(2n, 0), d(1999n, 3)), 1);
  assert.is(decIsIntegral(d(200n, 2)), true);
  assert.is(decIsIntegral(d(201n, 2)), false);
  assert.is(decIsIntegral(d(5n, 0)), true);
  assert.is(raw(decFromInt(5)), '5@0');
  assert.is(raw(decFromInt(2n ** 60n)), `${2n ** 60n}@0`);
});

test('round (half-even), floor and ceiling to places, and to integers', () => {
  const cases: [PactDecimal, number, 'round' | 'floor' | 'ceiling', string][] = [
    [d(125n, 2), 1, 'round', '12@1'], [d(135n, 2), 1, 'round', '14@1'], [d(-125n, 2), 1, 'round', '-12@1'],
    [d(121n, 2), 1, 'floor', '12@1'], [d(-121n, 2), 1, 'floor', '-13@1'], [d(121n, 2), 1, 'ceiling', '13@1'],
    [d(-121n, 2), 1, 'ceiling', '-12@1'], [d(120n, 2), 1, 'floor', '12@1'], [d(-120n, 2), 1, 'ceiling', '-12@1'],
    [d(-120n, 2), 1, 'floor', '-12@1'], [d(120n, 2), 1, 'ceiling', '12@1'],
    [d(15n, 1), 3, 'round', '1500@3'], [d(15n, 1), 1, 'floor', '15@1'],
  ];
  for (const [x, places, mode, out] of cases) assert.is(raw(decRoundTo(x, places, mode)), out, `${mode} ${raw(x)} to ${places}`);
  assert.is(decToInt(d(25n, 1), 'round'), 2);
  assert.is(decToInt(d(35n, 1), 'round'), 4);
  assert.is(decToInt(d(-25n, 1), 'round'), -2);
  assert.is(decToInt(d(21n, 1), 'ceiling'), 3);
  assert.is(decToInt(d(-21n, 1), 'floor'), -3);
  assert.is(decToInt(d(10n ** 21n + 5n, 1), 'floor'), 10n ** 20n);
});

test('texts: digits at the scale, show adds .0 at scale 0, the REPL prints integral values as x.0', () => {
  const cases: [PactDecimal, string, string, string][] = [
    [d(5n, 2), '0.05', '0.05', '0.05'],
    [d(-5n, 2), '-0.05', '-0.05', '-0.05'],
    [d(150n, 2), '1.50', '1.50', '1.50'],
    [d(50n, 2), '0.50', '0.50', '0.50'],
    [d(5n, 1), '0.5', '0.5', '0.5'],
    [d(5n, 0), '5', '5.0', '5.0'],
    [d(-5n, 0), '-5', '-5.0', '-5.0'],
    [d(100n, 2), '1.00', '1.00', '1.0'],
    [d(-300n, 2), '-3.00', '-3.00', '-3.0'],
    [d(0n, 3), '0.000', '0.000', '0.0'],
    [d(123456n, 3), '123.456', '123.456', '123.456'],
  ];
  for (const [x, digits, show, pretty] of cases) {
    assert.is(decDigits(x), digits, `digits of ${raw(x)}`);
    assert.is(decShow(x), show, `show of ${raw(x)}`);
    assert.is(decPretty(x), pretty, `pretty of ${raw(x)}`);
  }
});

test('powers of ten, kept for every scale and computed above', () => {
  for (const n of [0, 1, 2, 63, 64, 65, 255, 256, 300]) {
    assert.is(pow10(n), 10n ** BigInt(n), `10^${n}`);
    assert.is(pow10(n), 10n ** BigInt(n), `10^${n} again`);
  }
});

test.run();
