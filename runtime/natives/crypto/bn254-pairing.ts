// BN254's optimal ate pairing, for pairing-check's question "is e(P1, Q1) · … · e(Pn, Qn) = 1?".
// All pairs share one Miller loop over 6x + 2 (one Fq¹² accumulator, squared once per digit);
// the final exponentiation is then paid once for the whole product.
//
// The loop runs over the signed (non-adjacent) digits of 6x + 2 with T in homogeneous projective
// coordinates (x = X/Z, y = Y/Z), and evaluates each line at P as l0·y_P + l3·x_P·w + l4·w³,
// up to factors in proper subfields of Fq¹², which the final exponentiation sends to 1. These are
// the projective line formulas for a D-type sextic twist of Costello, Lange and Naehrig (2010) and
// Aranha et al. ("Faster explicit formulas for computing pairings over ordinary curves", 2011),
// the same that @noble/curves uses with the same scaling of the lines, so that the Miller loop's
// value (not only the pairing's) equals noble's, also for twist points outside G2, which
// pairing-check accepts before Pact 5.4.

import {
  scratch, putFqs, concat, copy, neg2, one12, mul12, conj12, inv12, frobenius12, cyclotomicSqr12,
  isOne12, fields, FQ2, FQ12,
} from './bn254-field.js';
import { CONST } from './bn254-wasm.js';
import { BN_X, psiAffine, psi2Affine, signedDigitsBelowTop, type G1Point, type G2Point } from './bn254-curve.js';

const ATE_DIGITS = signedDigitsBelowTop(6n * BN_X + 2n);
const X_DIGITS = signedDigitsBelowTop(BN_X);

/** A pair's points as elements: P = [x, y] (Fq each) and Q = [x, y] (Fq² each), side by side. */
interface Pair { readonly p: number; readonly q: number }

/**
 * The product of the Miller functions f_{6x+2, Q}(P) · l_{T, ψ(Q)}(P) · l_{T + ψ(Q), −ψ²(Q)}(P)
 * of the pairs (T = [6x+2]Q, ψ the twisted q-power Frobenius), as a new element. Each doubling
 * or addition of T, with its line evaluated at P and multiplied into f, is one call of
 * bn254-wasm.ts's millerDouble or millerAdd.
 */
export function millerLoop(pairs: readonly Pair[]): number {
  const ex = fields().ex;
  // T = Q with Z = 1, as [X, Y, Z]
  const ts = pairs.map(pair => concat([[pair.q, 2 * FQ2], [CONST.montOne, FQ2]]));
  // −Q as the [x, y] millerAdd reads
  const negated = pairs.map(pair => concat([[pair.q, FQ2], [neg2(pair.q + FQ2), FQ2]]));
  const f = one12();
  for (let i = 0; i < ATE_DIGITS.length; i++) {
    if (i > 0) ex.fq12Sqr(f, f);
    const digit = ATE_DIGITS[i];
    for (let j = 0; j < pairs.length; j++) {
      ex.millerDouble(f, ts[j], pairs[j].p);
      if (digit !== 0) ex.millerAdd(f, ts[j], digit > 0 ? pairs[j].q : negated[j], pairs[j].p);
    }
  }
  for (let j = 0; j < pairs.length; j++) {
    const q = { x: pairs[j].q, y: pairs[j].q + FQ2 };
    const q1 = psiAffine(q), q2 = psi2Affine(q);
    ex.millerAdd(f, ts[j], concat([[q1.x, FQ2], [q1.y, FQ2]]), pairs[j].p);
    ex.millerAdd(f, ts[j], concat([[q2.x, FQ2], [neg2(q2.y), FQ2]]), pairs[j].p);
  }
  return f;
}

/** a^(−x) for a in the cyclotomic subgroup, where inversion is conjugation. */
function powMinusX(a: number): number {
  const ex = fields().ex;
  const inverse = conj12(a);
  const acc = copy(a, FQ12);
  for (const digit of X_DIGITS) {
    ex.fq12CyclotomicSqr(acc, acc);
    if (digit !== 0) ex.fq12Mul(acc, acc, digit > 0 ? a : inverse);
  }
  return conj12(acc);
}

/**
 * f^((q⁶ − 1)(q² + 1)·λ): the easy part (q⁶ − 1)(q² + 1) by one inversion and Frobenius maps,
 * which lands in the cyclotomic subgroup (where squaring is cheaper and inversion is
 * conjugation), then the hard part by the chain of Fuentes-Castañeda, Knapp and
 * Rodríguez-Henríquez ("Faster hashing to G2", 2011) for BN curves:
 * λ = (12x³ + 6x² + 4x − 1)q³ + (12x³ + 6x² + 6x)q² + (12x³ + 6x² + 4x)q + 12x³ + 12x² + 6x + 1
 * = 2x(6x² + 3x + 1)·(q⁴ − q² + 1)/r, a multiple by an integer prime to r (so e = 1 is decided
 * alike), and the exponent of noble's GT values.
 */
export function finalExponentiation(f: number): number {
  const t = mul12(conj12(f), inv12(f));
  const m = mul12(frobenius12(t, 2), t);
  const m2x = cyclotomicSqr12(powMinusX(m)); // m^(−2x)
  const m6x = mul12(cyclotomicSqr12(m2x), m2x); // m^(−6x)
  const m6x2 = powMinusX(m6x); // m^(6x²)
  const m12x3 = powMinusX(cyclotomicSqr12(m6x2)); // m^(−12x³)
  const a = mul12(mul12(conj12(m12x3), m6x2), conj12(m6x)); // m^(12x³ + 6x² + 6x)
  const b = mul12(a, m2x); // m^(12x³ + 6x² + 4x)
  return mul12(
    mul12(frobenius12(mul12(conj12(m), b), 3), frobenius12(a, 2)),
    mul12(frobenius12(b, 1), mul12(mul12(a, m6x2), m)),
  );
}

/** The pairs without a point at infinity, as elements. */
export function pairsIn(pairs: readonly (readonly [G1Point, G2Point])[]): Pair[] {
  const out: Pair[] = [];
  for (const pair of pairs) {
    const p = pair[0], q = pair[1];
    if (p === null || q === null) continue;
    out.push({ p: putFqs([p.x, p.y]), q: putFqs([...q.x, ...q.y]) });
  }
  return out;
}

/** e(P1, Q1) · … · e(Pn, Qn) = 1; pairs with a point at infinity contribute 1. */
export function pairingProductIsOne(pairs: readonly (readonly [G1Point, G2Point])[]): boolean {
  return scratch(() => {
    const terms = pairsIn(pairs);
    // the empty product is 1 (and so is its final exponentiation)
    return terms.length === 0 || isOne12(finalExponentiation(millerLoop(terms)));
  });
}

