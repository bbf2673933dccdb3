// Gas-log labels are built only when someone reads them: a charge with neither the log nor a
// profile on never formats its label, and with the log on the text is the same as Pact's.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GasMeter, TABLE_MODEL, GasCharges, readLabel, writeLabel, type LabelPiece } from '../../runtime/gas/index.js';

function meteredMeter(): GasMeter {
  const gas = new GasMeter();
  gas.model = TABLE_MODEL;
  gas.setLimit(1_000_000_000);
  return gas;
}

test('a charge with no log and no profile never builds its label', () => {
  const gas = meteredMeter();
  let formatted = 0;
  gas.charge(7, (a: LabelPiece) => { formatted++; return `never ${a}`; }, 1);
  new GasCharges(gas).intOp('PrimOpMul', 10n ** 40n, 3);
  assert.is(formatted, 0);
  assert.is(gas.milligas, 7 + (Math.floor((3 * 133) / 20) + 26));
});

test('with the gas log on, labels read as Pact writes them (operands in decimal, negatives parenthesised)', () => {
  const gas = meteredMeter();
  gas.log = [];
  const charges = new GasCharges(gas);
  charges.intOp('PrimOpMul', 10n ** 20n, -3);
  charges.intComparison(-5, 2n ** 70n);
  charges.objOpLookup('balance', 3);
  charges.makeList(-2, 8);
  gas.chargeApply(2);
  assert.equal(gas.log.map(e => e.what), [
    'GIntegerOpCost PrimOpMul 100000000000000000000 (-3)',
    'GComparison (IntComparison (-5) 1180591620717411303424)',
    'GObjOp (ObjOpLookup "balance" 3)',
    'GMakeList (-2) 8',
    'GAApplyLam 2',
  ]);
  assert.equal(gas.log.map(e => e.cost), [Math.floor((3 * 67) / 20) + 26, 71 + 100, 2 * 7, 0, 2 * 25 + 50]);
});

test('each integer operation is named in its label, and so are database reads and writes', () => {
  const gas = meteredMeter();
  gas.log = [];
  const charges = new GasCharges(gas);
  for (const op of ['PrimOpAdd', 'PrimOpSub', 'PrimOpMul', 'PrimOpDiv', 'PrimOpShift', 'PrimOpPow'] as const) charges.intOp(op, 7, 2);
  gas.charge(300, readLabel, 3);
  gas.charge(400, writeLabel, 4);
  assert.equal(gas.log.map(e => e.what), [
    'GIntegerOpCost PrimOpAdd 7 2', 'GIntegerOpCost PrimOpSub 7 2', 'GIntegerOpCost PrimOpMul 7 2',
    'GIntegerOpCost PrimOpDiv 7 2', 'GIntegerOpCost PrimOpShift 7 2', 'GIntegerOpCost PrimOpPow 7 2',
    'GRead 3', 'GWrite 4',
  ]);
});

test('a profile receives the label text of each charge', () => {
  const gas = meteredMeter();
  const seen: string[] = [];
  gas.profiler = (_cost, what) => seen.push(what);
  new GasCharges(gas).textComparison('héllo');
  // Pretty GasArgs is `pretty . show`: Haskell's escapes, \233 for é
  assert.equal(seen, ['GComparison (TextComparison "h\\233llo")']);
});

test.run();
