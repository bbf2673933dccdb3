// The per-native extra charges of the table gas model (gas.md §2.3, §3.4), one function per
// Pact `GasArgs` constructor, each labelled the way Pact's gas log shows it and priced by a
// formula that runs only while a gas limit is set, so unmetered runs pay a single branch.

import type { GasMeter } from './meter.js';
import { arithmeticCost, powCost, milliGasLabel, listConcatLabel, objConcatLabel, type IntOp, type LabelFormat } from './meter.js';
import { bitLength, type PactInt } from '../values/numbers.js';
import type { CostConfig } from './cost-table.js';
import { textLength } from '../values/size.js';
import { hsDecimal, hsInt, hsText } from '../values/haskell-show.js';

export { textLength };
import type { PactDecimal } from '../../vm/values.js';

/** The signed 64-bit rule of comparison costs: small integers count as 64 bits (gas.md §2.2). */
export function integerBits(x: PactInt): number {
  // |x| has at most 64 bits exactly on [-2^63, 2^63], so this is 64 there and nbits beyond
  return Math.max(64, bitLength(x));
}

// Gas-log labels, one formatter per charge: built only while a gas log or profile is on.
const textConcatLabel: LabelFormat = n => `GConcat (TextConcat (GasTextLength ${hsInt(n as PactInt)}))`;
const textListConcatLabel: LabelFormat = (chars, n) => `GConcat (TextListConcat (GasTextLength ${chars}) (GasListLength ${n}))`;
const strOpLengthLabel: LabelFormat = n => `GStrOp (StrOpLength ${n})`;
const strOpConvToIntLabel: LabelFormat = n => `GStrOp (StrOpConvToInt ${n})`;
/** `GStrOp (StrOpParse n)`: also charged by guard and principal parsing. */
export const strOpParseLabel: LabelFormat = n => `GStrOp (StrOpParse ${n})`;
const strOpExplodeLabel: LabelFormat = n => `GStrOp (StrOpExplode ${n})`;
const strOpParseTimeLabel: LabelFormat = (f, s) => `GStrOp (StrOpParseTime ${f} ${s})`;
const strOpFormatTimeLabel: LabelFormat = f => `GStrOp (StrOpFormatTime ${f})`;
/** `GObjOp (ObjOpLookup "key" size)`: also charged by keyset lookups in guards. */
export const objOpLookupLabel: LabelFormat = (key, size) => `GObjOp (ObjOpLookup ${hsText(key as string)} ${size})`;
const objOpRemoveLabel: LabelFormat = (key, size) => `GObjOp (ObjOpRemove ${hsText(key as string)} ${size})`;
const makeListLabel: LabelFormat = (len, size) => `GMakeList ${hsInt(len as PactInt)} ${size}`;
const hashLabel: LabelFormat = n => `GHash ${n}`;
const fieldSearchLabel: LabelFormat = k => `GSearch (FieldSearch ${k})`;
const substringSearchLabel: LabelFormat = (needle, hay) => `GSearch (SubstringSearch ${hsText(needle as string)} ${hsText(hay as string)})`;
const sortComparisonsLabel: LabelFormat = (size, len) => `GComparison (SortComparisons ${size} ${len})`;
/** `GComparison (TextComparison "s")`: also charged by principal validation. */
export const textComparisonLabel: LabelFormat = s => `GComparison (TextComparison ${hsText(s as string)})`;
const intComparisonLabel: LabelFormat = (l, r) => `GComparison (IntComparison ${hsInt(l as PactInt)} ${hsInt(r as PactInt)})`;
const decimalComparisonLabel: LabelFormat = (l, r) => `GComparison (DecimalComparison ${hsDecimal(l as PactDecimal)} ${hsDecimal(r as PactDecimal)})`;
const listComparisonLabel: LabelFormat = k => `GComparison (ListComparison ${k})`;
const objComparisonLabel: LabelFormat = k => `GComparison (ObjComparison ${k})`;
const transExpLabel: LabelFormat = p => `GTranscendental (TransExp ${hsInt(p as PactInt)})`;
const transLnLabel: LabelFormat = p => `GTranscendental (TransLn ${hsInt(p as PactInt)})`;
const transLogBaseLabel: LabelFormat = (b, x) => `GTranscendental (TransLogBase ${hsInt(b as PactInt)} ${hsInt(x as PactInt)})`;
const transSqrtLabel: LabelFormat = p => `GTranscendental (TransSqrt ${hsInt(p as PactInt)})`;

// Cost formulas, one per charge, over the same pieces as its label and the model's constants
// (gas.md §2.3, §3.4; TableGasModel.hs runTableModel): the constants named there come from the
// config, the bare numbers are Pact's own literals.
function concatCost(n: number, _: unknown, c: CostConfig): number { return n * c.concatFactor; }
function wrappedLengthCost(len: bigint, _: unknown, c: CostConfig): number { return len <= 0n ? 0 : Number(len) * c.concatFactor; }
function textListConcatCost(chars: number, n: number, c: CostConfig): number { return chars * c.concatFactor + n * 40; }
function hashCost(bytes: number, _: unknown, c: CostConfig): number { return bytes * c.mHashBytePenalty; }
function strOpLengthCost(n: number): number { return Math.floor(n / 100) + 1; }
function per20(n: number): number { return 20 * n + 1; }
function strOpParseCost(n: number): number { return 5 * n + 1; }
function strOpExplodeCost(n: number): number { return 100 * n + 1; }
function strOpParseTimeCost(f: number, s: number): number { return Math.floor((f * f) / 4) + 10 * s + 1; }
function objOpLookupCost(key: string, size: number): number { return bitLength(size) * textLength(key); }
function objOpRemoveCost(key: string, size: number): number { return size * textLength(key) * 10; }
// a negative length builds an empty list but is still priced as the product (saturating at 0)
function makeListCost(len: PactInt, size: number): number { return Math.max(0, Number(len) * size); }
function fieldSearchCost(k: number, _: unknown, c: CostConfig): number { return k + c.nativeBasicWork; }
function substringSearchCost(needle: string, hay: string, c: CostConfig): number {
  return textLength(needle) + textLength(hay) + c.nativeBasicWork;
}
function sortComparisonsCost(size: number, len: number, c: CostConfig): number {
  return Math.floor((size * len * len) / c.sortBytePenaltyReduction);
}
function textComparisonCost(s: string, _: unknown, c: CostConfig): number { return textLength(s) + c.nativeBasicWork; }
function intComparisonCost(l: PactInt, r: PactInt, c: CostConfig): number {
  return Math.max(integerBits(l), integerBits(r)) + c.nativeBasicWork;
}
function decimalComparisonCost(l: PactDecimal, r: PactDecimal, c: CostConfig): number {
  // intOpCost('PrimOpDiv', ml, mr) sizes by the signed larger mantissa, whose bit length is one
  // of the two the integerBits terms need: each bigint's length is found once
  const ml = l.mantissa, mr = r.mantissa;
  const lBits = bitLength(ml), rBits = bitLength(mr);
  return arithmeticCost('PrimOpDiv', ml > mr ? lBits : rBits) + Math.max(64, lBits, rBits) + c.nativeBasicWork;
}
function perBasicWork(k: number, _: unknown, c: CostConfig): number { return k * c.nativeBasicWork; }
function logBaseCost(b: PactInt, x: PactInt): number { return lnCost(b) + lnCost(x); }

/** The charges natives make; each is priced only while a gas limit is set (`GasMeter.chargeBy`). */
export class GasCharges {
  constructor(private readonly gas: GasMeter) {}

  get metered(): boolean { return this.gas.metered; }

  textConcat(len: number): void { this.gas.chargeBy(concatCost, textConcatLabel, len); }
  listConcat(len: number): void { this.gas.chargeBy(concatCost, listConcatLabel, len); }
  /** `take` of a negative count from a string (`text`) or list: Pact charges the length
   *  `fromIntegral (negate i) :: Int`, so the count wraps to a signed 64-bit Int, and a negative
   *  length costs nothing (SatWord saturates at 0; CoreBuiltin.hs rawTake). */
  takeFromEnd(text: boolean, count: PactInt): void {
    this.gas.chargeBy(wrappedLengthCost, text ? textConcatLabel : listConcatLabel, BigInt.asIntN(64, -BigInt(count)));
  }
  objConcat(len: number): void { this.gas.chargeBy(concatCost, objConcatLabel, len); }
  textListConcat(chars: number, n: number): void { this.gas.chargeBy(textListConcatCost, textListConcatLabel, chars, n); }
  strOpLength(n: number): void { this.gas.chargeBy(strOpLengthCost, strOpLengthLabel, n); }
  strOpConvToInt(n: number): void { this.gas.chargeBy(per20, strOpConvToIntLabel, n); }
  strOpParse(n: number): void { this.gas.chargeBy(strOpParseCost, strOpParseLabel, n); }
  strOpExplode(n: number): void { this.gas.chargeBy(strOpExplodeCost, strOpExplodeLabel, n); }
  strOpParseTime(f: number, s: number): void { this.gas.chargeBy(strOpParseTimeCost, strOpParseTimeLabel, f, s); }
  strOpFormatTime(f: number): void { this.gas.chargeBy(per20, strOpFormatTimeLabel, f); }
  objOpLookup(key: string, size: number): void { this.gas.chargeBy(objOpLookupCost, objOpLookupLabel, key, size); }
  objOpRemove(key: string, size: number): void { this.gas.chargeBy(objOpRemoveCost, objOpRemoveLabel, key, size); }
  makeList(len: PactInt, size: number): void { this.gas.chargeBy(makeListCost, makeListLabel, len, size); }
  hash(bytes: number): void { this.gas.chargeBy(hashCost, hashLabel, bytes); }
  fieldSearch(k: number): void { this.gas.chargeBy(fieldSearchCost, fieldSearchLabel, k); }
  substringSearch(needle: string, hay: string): void { this.gas.chargeBy(substringSearchCost, substringSearchLabel, needle, hay); }
  sortComparisons(size: number, len: number): void { this.gas.chargeBy(sortComparisonsCost, sortComparisonsLabel, size, len); }
  textComparison(s: string): void { this.gas.chargeBy(textComparisonCost, textComparisonLabel, s); }
  intComparison(l: PactInt, r: PactInt): void { this.gas.chargeBy(intComparisonCost, intComparisonLabel, l, r); }
  decimalComparison(l: PactDecimal, r: PactDecimal): void {
    this.gas.chargeBy(decimalComparisonCost, decimalComparisonLabel, l, r);
  }
  listComparison(k: number): void { this.gas.chargeBy(perBasicWork, listComparisonLabel, k); }
  objComparison(k: number): void { this.gas.chargeBy(perBasicWork, objComparisonLabel, k); }
  intOp(op: IntOp, l: PactInt, r: PactInt): void { this.gas.chargeIntOp(op, l, r); }
  /** p = a · b was just computed under `intOp`: sizes it for the next charge (see ProductSizes). */
  intProduct(a: PactInt, b: PactInt, p: bigint): void { this.gas.noteProduct(a, b, p); }
  constant(mg: number): void { this.gas.charge(mg, milliGasLabel, mg); }
  transExp(p: PactInt): void { this.gas.chargeBy(expCost, transExpLabel, p); }
  transLn(p: PactInt): void { this.gas.chargeBy(lnCost, transLnLabel, p); }
  transLogBase(b: PactInt, x: PactInt): void { this.gas.chargeBy(logBaseCost, transLogBaseLabel, b, x); }
  transSqrt(p: PactInt): void { this.gas.chargeBy(sqrtCost, transSqrtLabel, p); }
}

/** `expCost(p)`: powCost's shape with the base fixed at 3 (2 bits) and exponent 2.5 (gas.md §2.3). */
export function expCost(p: PactInt): number {
  const L = bitLength(p);
  const T = Math.max(0, 2 * L - 2);
  const avg = 2 * Math.ceil(2 ** (Math.max(0, L - 1) / 2));
  return T * Math.ceil(avg ** 2.5);
}

/** `lnCost(p)` = n·⌈(ln n)²⌉·⌈ln ln n⌉ with n = nbits p; 0 for n < 3 (a factor is 0 there). */
export function lnCost(p: PactInt): number {
  const n = bitLength(p);
  if (n < 3) return 0;
  return n * Math.ceil(Math.log(n) ** 2) * Math.ceil(Math.log(Math.log(n)));
}

/** TransSqrt: n·⌈ln n⌉·⌈ln ln n⌉ for p > 0 (n = nbits p), else 0; also 0 for n < 3, p < 4. */
export function sqrtCost(p: PactInt): number {
  if (p < 4) return 0;
  const n = bitLength(p);
  return n * Math.ceil(Math.log(n)) * Math.ceil(Math.log(Math.log(n)));
}

export { powCost };
