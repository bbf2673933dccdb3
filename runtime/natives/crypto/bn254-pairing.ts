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
  FQ2_ONE, add2, sub2, neg2, mul2, sqr2, half2, mulFq2ByFq,
  FQ12_ONE, mul12, sqr12, mulByLine, conj12, inv12, frobenius12, cyclotomicSqr12, isOne12,
  type Fq2, type Fq12,
} from './bn254-field.js';
import { BN_X, TWIST_B, psiAffine, psi2Affine, signedDigitsBelowTop, type Affine, type G1Point, type G2Point } from './bn254-curve.js';

const ATE_DIGITS = signedDigitsBelowTop(6n * BN_X + 2n);
const X_DIGITS = signedDigitsBelowTop(BN_X);

const THREE_B = mulFq2ByFq(TWIST_B, 3n);

/** T on the twist, homogeneous projective. */
interface Projective { readonly x: Fq2; readonly y: Fq2; readonly z: Fq2 }
/** A line's value at P is py·y_P + px·x_P·w + c·w³. */
interface Line { readonly py: Fq2; readonly px: Fq2; readonly c: Fq2 }
/** A step of the loop: the new T and the line through the old one. */
interface Step { readonly t: Projective; readonly line: Line }

/** 2T, and the tangent at T: (−2YZ)·y_P + 3X²·x_P·w + (3b'Z² − Y²)·w³. */
function doubleStep(t: Projective): Step {
  const x = t.x, y = t.y, z = t.z;
  const yy = sqr2(y), yz = mul2(y, z), yz2 = add2(yz, yz);
  const bzz3 = mul2(sqr2(z), THREE_B);
  const bzz9 = add2(bzz3, add2(bzz3, bzz3));
  const xx = sqr2(x);
  const line = { py: neg2(yz2), px: add2(xx, add2(xx, xx)), c: sub2(bzz3, yy) };
  const halfSum = half2(add2(yy, bzz9));
  const bzz3Squared = sqr2(bzz3);
  return {
    t: {
      x: half2(mul2(mul2(sub2(yy, bzz9), x), y)),
      y: sub2(sqr2(halfSum), add2(bzz3Squared, add2(bzz3Squared, bzz3Squared))),
      z: mul2(yy, yz2),
    },
    line,
  };
}

/** T + Q for affine Q, and the line through them: with θ = Y − y_Q Z and λ = X − x_Q Z,
 *  λ·y_P − θ·x_P·w + (θ x_Q − λ y_Q)·w³. */
function addStep(t: Projective, q: Affine<Fq2>): Step {
  const x = t.x, y = t.y, z = t.z;
  const theta = sub2(y, mul2(q.y, z)), lambda = sub2(x, mul2(q.x, z));
  const line = { py: lambda, px: neg2(theta), c: sub2(mul2(theta, q.x), mul2(lambda, q.y)) };
  const lambda2 = sqr2(lambda), lambda3 = mul2(lambda2, lambda), lambda2x = mul2(lambda2, x);
  const e = add2(sub2(lambda3, add2(lambda2x, lambda2x)), mul2(sqr2(theta), z));
  return {
    t: { x: mul2(lambda, e), y: sub2(mul2(sub2(lambda2x, e), theta), mul2(lambda3, y)), z: mul2(z, lambda3) },
    line,
  };
}

const atP = (f: Fq12, line: Line, p: Affine<bigint>): Fq12 =>
  mulByLine(f, mulFq2ByFq(line.py, p.y), mulFq2ByFq(line.px, p.x), line.c);

/**
 * The product of the Miller functions f_{6x+2, Q}(P) · l_{T, ψ(Q)}(P) · l_{T + ψ(Q), −ψ²(Q)}(P)
 * of the pairs (T = [6x+2]Q, ψ the twisted q-power Frobenius).
 */
export function millerLoop(pairs: readonly (readonly [Affine<bigint>, Affine<Fq2>])[]): Fq12 {
  const ts: Projective[] = pairs.map(pair => ({ x: pair[1].x, y: pair[1].y, z: FQ2_ONE }));
  const negated = pairs.map(pair => ({ x: pair[1].x, y: neg2(pair[1].y) }));
  let f = FQ12_ONE;
  for (let i = 0; i < ATE_DIGITS.length; i++) {
    if (i > 0) f = sqr12(f);
    const digit = ATE_DIGITS[i];
    for (let j = 0; j < pairs.length; j++) {
      const p = pairs[j][0];
      const doubled = doubleStep(ts[j]);
      ts[j] = doubled.t;
      f = atP(f, doubled.line, p);
      if (digit !== 0) {
        const added = addStep(ts[j], digit > 0 ? pairs[j][1] : negated[j]);
        ts[j] = added.t;
        f = atP(f, added.line, p);
      }
    }
  }
  for (let j = 0; j < pairs.length; j++) {
    const p = pairs[j][0], q = pairs[j][1];
    const q2 = psi2Affine(q);
    const added = addStep(ts[j], psiAffine(q));
    f = atP(f, added.line, p);
    f = atP(f, addStep(added.t, { x: q2.x, y: neg2(q2.y) }).line, p);
  }
  return f;
}

/** a^(−x) for a in the cyclotomic subgroup, where inversion is conjugation. */
function powMinusX(a: Fq12): Fq12 {
  const inverse = conj12(a);
  let acc = a;
  for (const digit of X_DIGITS) {
    acc = cyclotomicSqr12(acc);
    if (digit !== 0) acc = mul12(acc, digit > 0 ? a : inverse);
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
export function finalExponentiation(f: Fq12): Fq12 {
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

/** e(P1, Q1) · … · e(Pn, Qn) = 1; pairs with a point at infinity contribute 1. */
export function pairingProductIsOne(pairs: readonly (readonly [G1Point, G2Point])[]): boolean {
  const terms: [Affine<bigint>, Affine<Fq2>][] = [];
  for (const pair of pairs) {
    const p = pair[0], q = pair[1];
    if (p !== null && q !== null) terms.push([p, q]);
  }
  // the empty product is 1 (and so is its final exponentiation)
  return terms.length === 0 || isOne12(finalExponentiation(millerLoop(terms)));
}
