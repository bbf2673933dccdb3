// The per-native extra charges of the table gas model (gas.md §2.3, §3.4), one function per
// Pact `GasArgs` constructor, each labelled the way Pact's gas log shows it. Every function
// returns at once when no gas limit is set, so unmetered runs pay a single branch.

import type { GasMeter } from './meter.js';
import { intOpCost, powCost, milliGasLabel, listConcatLabel, objConcatLabel, type IntOp, type LabelFormat } from './meter.js';
import { bitLength, type PactInt } from '../values/numbers.js';
import type { PactDecimal } from '../../vm/values.js';

/** Haskell `show` of an integer in argument position: negatives are parenthesised. */
export function hsInt(n: PactInt): string {
  return n < 0 ? `(${n})` : `${n}`;
}

/** Haskell `show` of Text (close enough for the gas log: quotes and escapes). */
export function hsText(s: string): string {
  return JSON.stringify(s);
}

/** Code-point length (Haskell `T.length`), not UTF-16 units: a surrogate pair counts once. */
export function textLength(s: string): number {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

const INT64_MIN = -(2n ** 63n);
const INT64_END = 2n ** 63n;

/** The signed 64-bit rule of comparison costs: small integers count as 64 bits (gas.md §2.2). */
export function integerBits(x: PactInt): number {
  if (typeof x === 'number') return 64;
  const f = Number(x); // strictly inside ±2^63 after rounding means inside before it
  if (f < 2 ** 63 && f > -(2 ** 63)) return 64;
  if (x >= INT64_MIN && x < INT64_END) return 64;
  return bitLength(x);
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
const decimalComparisonLabel: LabelFormat = (l, r) => `GComparison (DecimalComparison ${l} ${r})`;
const listComparisonLabel: LabelFormat = k => `GComparison (ListComparison ${k})`;
const objComparisonLabel: LabelFormat = k => `GComparison (ObjComparison ${k})`;
const transExpLabel: LabelFormat = p => `GTranscendental (TransExp ${hsInt(p as PactInt)})`;
const transLnLabel: LabelFormat = p => `GTranscendental (TransLn ${hsInt(p as PactInt)})`;
const transLogBaseLabel: LabelFormat = (b, x) => `GTranscendental (TransLogBase ${hsInt(b as PactInt)} ${hsInt(x as PactInt)})`;
const transSqrtLabel: LabelFormat = p => `GTranscendental (TransSqrt ${hsInt(p as PactInt)})`;

export class GasCharges {
  constructor(private readonly gas: GasMeter) {}

  get metered(): boolean { return this.gas.metered; }

  textConcat(len: number): void {
    if (this.gas.metered) this.gas.charge(len * 100, textConcatLabel, len);
  }
  listConcat(len: number): void {
    if (this.gas.metered) this.gas.charge(len * 100, listConcatLabel, len);
  }
  objConcat(len: number): void {
    if (this.gas.metered) this.gas.charge(len * 100, objConcatLabel, len);
  }
  textListConcat(chars: number, n: number): void {
    if (this.gas.metered) this.gas.charge(chars * 100 + n * 40, textListConcatLabel, chars, n);
  }
  strOpLength(n: number): void {
    if (this.gas.metered) this.gas.charge(Math.floor(n / 100) + 1, strOpLengthLabel, n);
  }
  strOpConvToInt(n: number): void {
    if (this.gas.metered) this.gas.charge(20 * n + 1, strOpConvToIntLabel, n);
  }
  strOpParse(n: number): void {
    if (this.gas.metered) this.gas.charge(5 * n + 1, strOpParseLabel, n);
  }
  strOpExplode(n: number): void {
    if (this.gas.metered) this.gas.charge(100 * n + 1, strOpExplodeLabel, n);
  }
  strOpParseTime(f: number, s: number): void {
    if (this.gas.metered) this.gas.charge(Math.floor((f * f) / 4) + 10 * s + 1, strOpParseTimeLabel, f, s);
  }
  strOpFormatTime(f: number): void {
    if (this.gas.metered) this.gas.charge(20 * f + 1, strOpFormatTimeLabel, f);
  }
  objOpLookup(key: string, size: number): void {
    if (this.gas.metered) this.gas.charge(bitLength(size) * textLength(key), objOpLookupLabel, key, size);
  }
  objOpRemove(key: string, size: number): void {
    if (this.gas.metered) this.gas.charge(size * textLength(key) * 10, objOpRemoveLabel, key, size);
  }
  makeList(len: PactInt, size: number): void {
    if (!this.gas.metered) return;
    // a negative length builds an empty list but is still priced as the product (saturating at 0)
    const cost = Number(len) * size;
    this.gas.charge(cost < 0 ? 0 : cost, makeListLabel, len, size);
  }
  hash(bytes: number): void {
    if (this.gas.metered) this.gas.charge(bytes * 100, hashLabel, bytes);
  }
  fieldSearch(k: number): void {
    if (this.gas.metered) this.gas.charge(k + 100, fieldSearchLabel, k);
  }
  substringSearch(needle: string, hay: string): void {
    if (this.gas.metered) {
      this.gas.charge(textLength(needle) + textLength(hay) + 100, substringSearchLabel, needle, hay);
    }
  }
  sortComparisons(size: number, len: number): void {
    if (this.gas.metered) {
      this.gas.charge(Math.floor((size * len * len) / 1000), sortComparisonsLabel, size, len);
    }
  }
  textComparison(s: string): void {
    if (this.gas.metered) this.gas.charge(textLength(s) + 100, textComparisonLabel, s);
  }
  intComparison(l: PactInt, r: PactInt): void {
    if (this.gas.metered) {
      this.gas.charge(Math.max(integerBits(l), integerBits(r)) + 100, intComparisonLabel, l, r);
    }
  }
  decimalComparison(l: PactDecimal, r: PactDecimal): void {
    if (!this.gas.metered) return;
    const ml = l.mantissa, mr = r.mantissa;
    const cost = intOpCost('PrimOpDiv', ml, mr) + Math.max(integerBits(ml), integerBits(mr)) + 100;
    this.gas.charge(cost, decimalComparisonLabel, ml, mr);
  }
  listComparison(k: number): void {
    if (this.gas.metered) this.gas.charge(k * 100, listComparisonLabel, k);
  }
  objComparison(k: number): void {
    if (this.gas.metered) this.gas.charge(k * 100, objComparisonLabel, k);
  }
  intOp(op: IntOp, l: PactInt, r: PactInt): void {
    if (this.gas.metered) this.gas.chargeIntOp(op, l, r);
  }
  constant(mg: number): void {
    if (this.gas.metered) this.gas.charge(mg, milliGasLabel, mg);
  }
  transExp(p: PactInt): void {
    if (this.gas.metered) this.gas.charge(expCost(p), transExpLabel, p);
  }
  transLn(p: PactInt): void {
    if (this.gas.metered) this.gas.charge(lnCost(p), transLnLabel, p);
  }
  transLogBase(b: PactInt, x: PactInt): void {
    if (this.gas.metered) this.gas.charge(lnCost(b) + lnCost(x), transLogBaseLabel, b, x);
  }
  transSqrt(p: PactInt): void {
    if (this.gas.metered) this.gas.charge(sqrtCost(p), transSqrtLabel, p);
  }
}

/** `expCost(p)`: powCost's shape with the base fixed at 3 (2 bits) and exponent 2.5 (gas.md §2.3). */
export function expCost(p: PactInt): number {
  const L = bitLength(p);
  const T = Math.max(0, 2 * L - 2);
  const avg = 2 * Math.ceil(2 ** (Math.max(0, L - 1) / 2));
  return T * Math.ceil(avg ** 2.5);
}

/** `lnCost(p)` = n·⌈(ln n)²⌉·⌈ln ln n⌉ with n = nbits p; 0 for n ≤ 2 (a factor is 0 there). */
export function lnCost(p: PactInt): number {
  const n = bitLength(p);
  if (n <= 2) return 0;
  return n * Math.ceil(Math.log(n) ** 2) * Math.ceil(Math.log(Math.log(n)));
}

/** TransSqrt: n·⌈ln n⌉·⌈ln ln n⌉ for p > 0 (n = nbits p), else 0. */
export function sqrtCost(p: PactInt): number {
  if (!(p > 0)) return 0;
  const n = bitLength(p);
  if (n <= 2) return 0;
  return n * Math.ceil(Math.log(n)) * Math.ceil(Math.log(Math.log(n)));
}

export { powCost };
