// The gas meter on its own (gas.md §1–§2): saturation, the limit, the three models, the log and
// profiler hooks with Pact's labels, integer-op costs either side of 664 bits, module deployment.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  GasMeter, TABLE_MODEL, FREE_MODEL, MAX_MILLIGAS, fixedModel, intOpCost, chargeModuleDeploy, milliToGas, type Measured,
} from '../../runtime/gas/meter.js';
import { count } from '../../runtime/values/size.js';
import { BUILTINS, builtinId } from '../../vm/builtins.js';
import { LiteralCharge } from '../../vm/host.js';
import { lnCost, sqrtCost, GasCharges } from '../../runtime/gas/charges.js';
import { PactError } from '../../vm/errors.js';
import { PactDecimal } from '../../vm/values.js';

function meter(model = TABLE_MODEL, limit: number | null = MAX_MILLIGAS): GasMeter {
  const g = new GasMeter();
  g.model = model;
  g.setLimit(limit);
  return g;
}
const plus = BUILTINS[builtinId('+')];
const replNative = BUILTINS.find(b => b.repl)!;

test('without a limit nothing is counted; with one, every charge is', () => {
  const g = meter(TABLE_MODEL, null);
  assert.is(g.metered, false);
  assert.is(g.limit, null);
  g.charge(500, 'x');
  assert.is(g.milligas, 0);
  g.setLimit(10_000);
  assert.is(g.metered, true);
  assert.is(g.limit, 10_000);
  g.charge(500, 'x');
  assert.is(g.milligas, 500);
});

test('the counter saturates at 2^64 - 1 instead of overflowing', () => {
  const g = meter();
  // (counts near 2^64 are doubles: 2048 apart)
  g.milligas = MAX_MILLIGAS - 4096;
  g.charge(2048, 'x');
  assert.is(g.milligas, MAX_MILLIGAS - 2048);
  g.charge(100_000, 'x');
  assert.is(g.milligas, MAX_MILLIGAS);
});

test('passing the limit raises a gas error with Pact\'s text and keeps the charge', () => {
  const g = meter(TABLE_MODEL, 2000);
  g.charge(2000, 'x');
  const e = (() => { try { g.charge(1, 'y'); } catch (x) { return x; } return null; })() as PactError;
  assert.ok(e instanceof PactError);
  assert.is(e.kind, 'gas');
  assert.is(e.message, 'Gas limit "2"exceeded: 3');
  assert.is(g.milligas, 2001);
  assert.equal([0, 1, 1000, 1001].map(milliToGas), [0, 1, 1, 2]);
});

test('the three models: names, descriptions and what a native costs', () => {
  assert.equal([TABLE_MODEL.name, TABLE_MODEL.description], ['table', 'table-based cost model']);
  assert.equal([FREE_MODEL.name, FREE_MODEL.description], ['freeGasModel', 'free gas model']);
  const fixed = fixedModel(3);
  assert.equal([fixed.name, fixed.description], ['fixed 3', 'constant rate gas model with fixed rate 3']);
  assert.is(TABLE_MODEL.nativeCost(plus), 100);
  assert.is(FREE_MODEL.nativeCost(plus), 0);
  assert.is(fixed.nativeCost(plus), 3000);
  const free = meter(FREE_MODEL);
  free.chargeNative(plus);
  free.chargeApply(2);
  assert.is(free.milligas, 0 + (2 * 1 + 50));
  // the fixed model charges its rate at every charge point, whatever the charge would have been
  const g = meter(fixed);
  g.charge(123, 'x');
  g.chargeNative(plus);
  assert.is(g.milligas, 6000);
});

test('REPL natives are never charged', () => {
  const g = meter();
  g.chargeNative(replNative);
  assert.is(g.milligas, 0);
});

test('the gas log and the profiler see each charge with Pact\'s label', () => {
  const g = meter();
  g.log = [];
  const seen: [number, string][] = [];
  g.profiler = (cost, what) => seen.push([cost, what]);
  g.chargeNative(plus);
  g.chargeApply(2);
  g.chargeLiteral(LiteralCharge.List, 3);
  g.chargeLiteral(LiteralCharge.Object, 2);
  g.chargeLiteral(LiteralCharge.Uncons, 0);
  g.chargeIntOp('PrimOpAdd', 1, 2);
  const want: [number, string][] = [
    [100, 'GNative +'], [100, 'GAApplyLam 2'], [300, 'GConcat (ListConcat (GasListLength 3))'],
    [200, 'GConcat (ObjConcat 2)'], [100, 'GAConstant (MilliGas 100)'], [30, 'GIntegerOpCost PrimOpAdd 1 2'],
  ];
  assert.equal(g.log.map(e => [e.cost, e.what]), want);
  assert.equal(g.log.map(e => e.span), want.map(() => null));
  assert.equal(seen, want);
  assert.is(g.milligas, 830);
  // near saturation the profiler sees what was actually added
  g.milligas = MAX_MILLIGAS - 2048;
  g.charge(100_000, 'z');
  assert.equal(seen[seen.length - 1], [2048, 'z']);
});

test('integer op costs either side of 664 bits, by the signed larger operand', () => {
  const bits = (n: number) => 2n ** BigInt(n - 1); // an integer of exactly n bits
  assert.is(intOpCost('PrimOpAdd', bits(664), 1), 30);
  assert.is(intOpCost('PrimOpAdd', bits(665), 1), Math.floor(665 * 665 / 6400));
  assert.is(intOpCost('PrimOpSub', 1, bits(800)), Math.floor(800 * 800 / 6400));
  assert.is(intOpCost('PrimOpMul', bits(664), 1), Math.floor(3 * 664 / 20) + 26);
  assert.is(intOpCost('PrimOpDiv', bits(665), 1), Math.floor(665 * 665 / 6400));
  // signed: a huge negative operand is the smaller one
  assert.is(intOpCost('PrimOpMul', -bits(800), 3), Math.floor(3 * 2 / 20) + 26);
  assert.is(intOpCost('PrimOpMul', 3, -bits(800)), 26);
  // shift: nothing for a non-positive shift; otherwise powCost(2, r) + the larger bit size
  assert.is(intOpCost('PrimOpShift', 1, 0), 0);
  assert.is(intOpCost('PrimOpShift', 1, -3), 0);
  assert.is(intOpCost('PrimOpShift', bits(101), 2), 32 + Math.floor(3 * 101 / 20) + 26);
  assert.is(intOpCost('PrimOpShift', 1, 40), intOpCost('PrimOpPow', 2, 40) + Math.floor(3 * 40 / 20) + 26);
});

test('module deployment: desugar, hash, transitive dependencies (from Pact 5.1) and storage', () => {
  // each size a single piece of n bytes
  const bytes = (n: number): Measured<number> => ({ walk: count, of: n });
  const sizes = { desugared: bytes(10), hashed: bytes(20), transitiveDepCost: 7, stored: bytes(30) };
  const g = meter();
  g.log = [];
  chargeModuleDeploy(g, sizes);
  assert.equal(g.log.map(e => [e.cost, e.what]), [
    [4000, 'GModuleOp (MOpDesugarModule 10)'], [2000, 'GHashOp (GHashBlake 20)'],
    [7, 'GModuleOp (MOpFindTransitiveDep 7)'], [6000, 'GWrite 30'],
  ]);
  const old = meter();
  chargeModuleDeploy(old, sizes, true);
  assert.is(old.milligas, 4000 + 2000 + 6000);
  const unmetered = meter(TABLE_MODEL, null);
  unmetered.log = [];
  chargeModuleDeploy(unmetered, sizes);
  assert.is(unmetered.milligas, 0);
  assert.equal(unmetered.log, []);
});

test('lnCost and sqrtCost: nothing up to 2 bits or for non-positive roots, then the formula', () => {
  assert.is(lnCost(3), 0); // 2 bits
  assert.is(lnCost(4), 3 * Math.ceil(Math.log(3) ** 2) * Math.ceil(Math.log(Math.log(3)))); // 3 bits: 6
  assert.is(lnCost(4), 6);
  assert.is(sqrtCost(0), 0);
  assert.is(sqrtCost(-8), 0);
  assert.is(sqrtCost(3), 0);
  assert.is(sqrtCost(4), 3 * 2 * 1);
  assert.is(sqrtCost(1n << 20n), 21 * Math.ceil(Math.log(21)) * Math.ceil(Math.log(Math.log(21))));
  // below 3 bits a factor is 0 or the formula is undefined (ln ln 1): no charge
  assert.equal([0, 1, 2, 3, -3].map(lnCost), [0, 0, 0, 0, 0]);
  assert.equal([1, 2, 3].map(sqrtCost), [0, 0, 0]);
  assert.is(lnCost(-4), 6); // sized by |p|
  // from 16 bits on, ⌈ln ln n⌉ is 2: 21 bits cost 21 · ⌈3.04²⌉ · 2
  assert.is(lnCost(1n << 20n), 21 * 10 * 2);
});

test('comparison and constant charges: amounts and labels', () => {
  const g = meter();
  g.log = [];
  const c = new GasCharges(g);
  c.sortComparisons(28, 10);
  c.objComparison(3);
  c.listComparison(2);
  c.constant(7);
  assert.equal(g.log.map(e => [e.cost, e.what]), [
    [Math.floor(28 * 10 * 10 / 1000), 'GComparison (SortComparisons 28 10)'], [300, 'GComparison (ObjComparison 3)'],
    [200, 'GComparison (ListComparison 2)'], [7, 'GAConstant (MilliGas 7)'],
  ]);
  const off = meter(TABLE_MODEL, null);
  new GasCharges(off).objComparison(3);
  assert.is(off.milligas, 0);
});

test('a decimal comparison is sized by the larger mantissa: a division of the two plus its bits', () => {
  const g = meter();
  g.log = [];
  const c = new GasCharges(g);
  const big = new PactDecimal(2n ** 100n, 3), small = new PactDecimal(5n, 1);
  c.decimalComparison(big, small);
  c.decimalComparison(small, big);
  const want = intOpCost('PrimOpDiv', 2n ** 100n, 5n) + 101 + 100; // 101 bits, not the 64 of small
  assert.equal(g.log.map(e => [e.cost, e.what]), [
    [want, `GComparison (DecimalComparison ${2n ** 100n / 1000n}.${2n ** 100n % 1000n} 0.5)`],
    [want, `GComparison (DecimalComparison 0.5 ${2n ** 100n / 1000n}.${2n ** 100n % 1000n})`],
  ]);
});

test('an unmetered charge adds nothing and a metered one exactly its cost, whichever way it is asked for', () => {
  const off = meter(TABLE_MODEL, null);
  off.log = [];
  const c = new GasCharges(off);
  c.textConcat(5);
  c.intOp('PrimOpAdd', 1, 2);
  off.chargeBy((n: number) => n, () => 'never', 9);
  assert.is(off.milligas, 0);
  assert.equal(off.log, []);
  const on = meter(TABLE_MODEL, 1000);
  on.chargeBy((a: number, b: number) => a * b, () => 'product', 6, 7);
  assert.is(on.milligas, 42);
  // a formula is only evaluated while metered
  let evaluated = 0;
  off.chargeBy(() => ++evaluated, () => 'never', 1);
  assert.is(evaluated, 0);
});

test.run();
