// The per-native extra charges of the table gas model (gas.md §2.3, §3.4), one function per
// Pact `GasArgs` constructor, each labelled the way Pact's gas log shows it. Every function
// returns at once when no gas limit is set, so unmetered runs pay a single branch.

import type { GasMeter } from './meter.js';
import { intOpCost, powCost, type IntOp } from './meter.js';
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

/** The signed 64-bit rule of comparison costs: small integers count as 64 bits (gas.md §2.2). */
export function integerBits(x: PactInt): number {
  if (typeof x === 'number') return 64;
  if (x >= -(2n ** 63n) && x < 2n ** 63n) return 64;
  return bitLength(x);
}

export class GasCharges {
  constructor(private readonly gas: GasMeter) {}

  get metered(): boolean { return this.gas.metered; }

  textConcat(len: number): void {
    if (this.gas.metered) this.gas.charge(len * 100, `GConcat (TextConcat (GasTextLength ${hsInt(len)}))`);
  }
  listConcat(len: number): void {
    if (this.gas.metered) this.gas.charge(len * 100, `GConcat (ListConcat (GasListLength ${hsInt(len)}))`);
  }
  objConcat(len: number): void {
    if (this.gas.metered) this.gas.charge(len * 100, `GConcat (ObjConcat ${hsInt(len)})`);
  }
  textListConcat(chars: number, n: number): void {
    if (this.gas.metered) {
      this.gas.charge(chars * 100 + n * 40, `GConcat (TextListConcat (GasTextLength ${chars}) (GasListLength ${n}))`);
    }
  }
  strOpLength(n: number): void {
    if (this.gas.metered) this.gas.charge(Math.floor(n / 100) + 1, `GStrOp (StrOpLength ${n})`);
  }
  strOpConvToInt(n: number): void {
    if (this.gas.metered) this.gas.charge(20 * n + 1, `GStrOp (StrOpConvToInt ${n})`);
  }
  strOpParse(n: number): void {
    if (this.gas.metered) this.gas.charge(5 * n + 1, `GStrOp (StrOpParse ${n})`);
  }
  strOpExplode(n: number): void {
    if (this.gas.metered) this.gas.charge(100 * n + 1, `GStrOp (StrOpExplode ${n})`);
  }
  strOpParseTime(f: number, s: number): void {
    if (this.gas.metered) this.gas.charge(Math.floor((f * f) / 4) + 10 * s + 1, `GStrOp (StrOpParseTime ${f} ${s})`);
  }
  strOpFormatTime(f: number): void {
    if (this.gas.metered) this.gas.charge(20 * f + 1, `GStrOp (StrOpFormatTime ${f})`);
  }
  objOpLookup(key: string, size: number): void {
    if (this.gas.metered) {
      this.gas.charge(bitLength(size) * textLength(key), `GObjOp (ObjOpLookup ${hsText(key)} ${size})`);
    }
  }
  objOpRemove(key: string, size: number): void {
    if (this.gas.metered) {
      this.gas.charge(size * textLength(key) * 10, `GObjOp (ObjOpRemove ${hsText(key)} ${size})`);
    }
  }
  makeList(len: PactInt, size: number): void {
    if (!this.gas.metered) return;
    // a negative length builds an empty list but is still priced as the product (saturating at 0)
    const cost = Number(len) * size;
    this.gas.charge(cost < 0 ? 0 : cost, `GMakeList ${hsInt(len)} ${size}`);
  }
  hash(bytes: number): void {
    if (this.gas.metered) this.gas.charge(bytes * 100, `GHash ${bytes}`);
  }
  fieldSearch(k: number): void {
    if (this.gas.metered) this.gas.charge(k + 100, `GSearch (FieldSearch ${k})`);
  }
  substringSearch(needle: string, hay: string): void {
    if (this.gas.metered) {
      this.gas.charge(textLength(needle) + textLength(hay) + 100,
        `GSearch (SubstringSearch ${hsText(needle)} ${hsText(hay)})`);
    }
  }
  sortComparisons(size: number, len: number): void {
    if (this.gas.metered) {
      this.gas.charge(Math.floor((size * len * len) / 1000), `GComparison (SortComparisons ${size} ${len})`);
    }
  }
  textComparison(s: string): void {
    if (this.gas.metered) this.gas.charge(textLength(s) + 100, `GComparison (TextComparison ${hsText(s)})`);
  }
  intComparison(l: PactInt, r: PactInt): void {
    if (this.gas.metered) {
      this.gas.charge(Math.max(integerBits(l), integerBits(r)) + 100, `GComparison (IntComparison ${hsInt(l)} ${hsInt(r)})`);
    }
  }
  decimalComparison(l: PactDecimal, r: PactDecimal): void {
    if (!this.gas.metered) return;
    const ml = l.mantissa, mr = r.mantissa;
    const cost = intOpCost('PrimOpDiv', ml, mr) + Math.max(integerBits(ml), integerBits(mr)) + 100;
    this.gas.charge(cost, `GComparison (DecimalComparison ${l.mantissa} ${r.mantissa})`);
  }
  listComparison(k: number): void {
    if (this.gas.metered) this.gas.charge(k * 100, `GComparison (ListComparison ${k})`);
  }
  objComparison(k: number): void {
    if (this.gas.metered) this.gas.charge(k * 100, `GComparison (ObjComparison ${k})`);
  }
  intOp(op: IntOp, l: PactInt, r: PactInt): void {
    if (this.gas.metered) this.gas.chargeIntOp(op, l, r);
  }
  constant(mg: number): void {
    if (this.gas.metered) this.gas.charge(mg, `GAConstant (MilliGas ${mg})`);
  }
  transExp(p: PactInt): void {
    if (this.gas.metered) this.gas.charge(expCost(p), `GTranscendental (TransExp ${hsInt(p)})`);
  }
  transLn(p: PactInt): void {
    if (this.gas.metered) this.gas.charge(lnCost(p), `GTranscendental (TransLn ${hsInt(p)})`);
  }
  transLogBase(b: PactInt, x: PactInt): void {
    if (this.gas.metered) this.gas.charge(lnCost(b) + lnCost(x), `GTranscendental (TransLogBase ${hsInt(b)} ${hsInt(x)})`);
  }
  transSqrt(p: PactInt): void {
    if (this.gas.metered) this.gas.charge(sqrtCost(p), `GTranscendental (TransSqrt ${hsInt(p)})`);
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
