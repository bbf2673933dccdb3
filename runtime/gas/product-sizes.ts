// Bit lengths of the integer products the meter has just charged, worked out from their operands'
// sizes, so that charging the next operation on a product (an accumulator) needs no BigInt call.

import { bitLength, largerBitLength, type PactInt } from '../values/numbers.js';

/** Outward margins for a product of two float bounds: each float multiply rounds by at most
 *  2^-53 relative, so scaling by 1 ∓ 2^-50 after it keeps a lower bound below and an upper bound
 *  above the true product. */
const DOWN = 1 - 2 ** -50;
const UP = 1 + 2 ** -50;
/** INVERSE[n] = 2^(1−n): the scale of an n-bit number (a table: `2 ** -k` is a Math.pow call) */
const INVERSE = Float64Array.from({ length: 54 }, (_, n) => 2 ** (1 - n));

/**
 * A metered integer operation is charged by the bit length of its larger operand (gas.md §2.3).
 * For a bigint that length costs BigInt runtime calls (a shift and a float read, 60–90 ns), paid
 * again on every step of a chain of products. The length of a product is the sum of its
 * operands' lengths or one less, and which one follows from the operands' leading digits: each
 * known integer x carries float bounds lo ≤ |x| / 2^(bits−1) ≤ hi within [1, 2] (exact for a
 * number), and the product's bounds are the products of these, widened for rounding. When they
 * lie on one side of 2 the product's length is known without reading it; when they straddle 2
 * (or an operand is an unknown bigint) it is measured the slow way.
 *
 * One product is remembered: `Object.is` tells in a few ns whether an operand is that very
 * value (equal values have equal lengths, so a hit is always right); a miss forgets it, so an
 * unrelated bigint pays the comparison once, not on every operation.
 */
export class ProductSizes {
  /** the remembered product, or null */
  private value: bigint | null = null;
  private bits = 0;
  private negative = false;
  private lo = 1;
  private hi = 1;
  // the last operand described by `describe` (module-free scratch, so nothing is allocated)
  private dBits = 0;
  private dNeg = false;
  private dLo = 1;
  private dHi = 1;
  /** slow ways taken, so tests can see the shortcut taken: products whose length had to be read
   *  from the product itself, and charges that sized a bigint operand by reading it */
  measured = 0;
  readOperands = 0;

  /** Bit length of the signed larger of l and r (what the integer formulas size by). */
  largerBits(l: PactInt, r: PactInt): number {
    if (this.value !== null) {
      if (typeof l === 'bigint') {
        if (typeof r === 'number') { if (this.isRemembered(l)) return this.negative ? bitLength(r) : this.bits; }
        else {
          const larger = l > r ? l : r;
          if (this.isRemembered(larger)) return this.bits;
        }
      } else if (typeof r === 'bigint') {
        if (this.isRemembered(r)) return this.negative ? bitLength(l) : this.bits;
      }
    }
    if (typeof l === 'bigint' || typeof r === 'bigint') this.readOperands++;
    return largerBitLength(l, r);
  }

  /** Remember p = a · b (a bigint) when its length follows from a's and b's, else forget. */
  product(a: PactInt, b: PactInt, p: bigint): void {
    // the usual step of a chain, the remembered product times a number, in locals (the general
    // path below goes through the scratch fields)
    const v = this.value;
    if (v !== null) {
      const k = typeof a === 'number' ? (Object.is(b, v) ? a : 0) : typeof b === 'number' && Object.is(a, v) ? b : 0;
      if (k !== 0) {
        const kBits = bitLength(k), m = Math.abs(k) * INVERSE[kBits];
        return this.scaled(p, this.bits + kBits - 1, this.negative !== k < 0, this.lo * m * DOWN, this.hi * m * UP);
      }
    }
    if (!this.describe(a)) return this.forget();
    const aBits = this.dBits, aNeg = this.dNeg, aLo = this.dLo, aHi = this.dHi;
    if (!this.describe(b)) return this.forget();
    this.scaled(p, aBits + this.dBits - 1, aNeg !== this.dNeg, aLo * this.dLo * DOWN, aHi * this.dHi * UP);
  }

  /** Remember p given bounds lo ≤ |p| / 2^(bits−1) ≤ hi within [1, 4): past 2 the length is one
   *  more; bounds either side of 2 leave it to be measured. */
  private scaled(p: bigint, bits: number, negative: boolean, lo: number, hi: number): void {
    if (lo >= 2) { bits++; lo /= 2; hi /= 2; }
    else if (hi >= 2) return this.measure(p); // too close to call: read p itself (rare)
    this.remember(p, bits, negative, lo < 1 ? 1 : lo, hi > 2 ? 2 : hi);
  }

  /** The bounds of x into the scratch fields: exact for a number, remembered for the product;
   *  false for any other bigint (and for 0, which never makes a bigint product). */
  private describe(x: PactInt): boolean {
    if (typeof x === 'number') {
      if (x === 0) return false;
      const bits = bitLength(x);
      const m = Math.abs(x) * INVERSE[bits]; // exact: a power-of-two scaling of a safe integer
      this.dBits = bits; this.dNeg = x < 0; this.dLo = m; this.dHi = m;
      return true;
    }
    if (!this.isRemembered(x)) return false;
    this.dBits = this.bits; this.dNeg = this.negative; this.dLo = this.lo; this.dHi = this.hi;
    return true;
  }

  /** A hit, or a miss that forgets the remembered product. */
  private isRemembered(x: bigint): boolean {
    if (this.value !== null && Object.is(x, this.value)) return true;
    this.value = null;
    return false;
  }

  /** Measures p's length and leading digits the slow way (bounds straddling 2). */
  private measure(p: bigint): void {
    this.measured++;
    const negative = p < 0n, a = negative ? -p : p;
    const bits = bitLength(a);
    // the top 53 bits exactly (a bigint of ≥ 54 bits): |p| / 2^(bits−1) ∈ [top, top + 1] · 2^-52
    const top = Number(a >> BigInt(bits - 53));
    this.remember(p, bits, negative, top * 2 ** -52, (top + 1) * 2 ** -52);
  }

  private remember(p: bigint, bits: number, negative: boolean, lo: number, hi: number): void {
    this.value = p; this.bits = bits; this.negative = negative; this.lo = lo; this.hi = hi;
  }

  private forget(): void { this.value = null; }
}
