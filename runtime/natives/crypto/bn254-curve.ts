// BN254's groups: G1 on E: y² = x³ + 3 over Fq, and the twist E': y² = x³ + 3/ξ over Fq²
// (ξ = 9 + u) that holds G2. Points come in and go out affine, as BigInts; sums and multiples are
// computed in Jacobian coordinates (x = X/Z², y = Y/Z³, Z = 0 the point at infinity) on the
// field elements of bn254-field.ts, so that one inversion at the end replaces one per step. The
// same formulas serve both curves through a small table of field operations.

import {
  reduce, scratch, putFq, getFq, putFq2, getFq2, isZero as isZeroAt, equal as equalAt,
  addFq, subFq, mulFq, sqrFq, negFq, invFq, add2, sub2, neg2, conj2, mul2, sqr2, inv2, FQ, FQ2, type Fq2,
} from './bn254-field.js';
import { CONST, frobeniusAt } from './bn254-wasm.js';
import { FROBENIUS_W, TWIST_B } from './bn254-frobenius.js';

export { TWIST_B };

export interface Affine<T> { readonly x: T; readonly y: T }
/** A point of G1, or null for the point at infinity. */
export type G1Point = Affine<bigint> | null;
/** A point of the twist E'(Fq²) (G2 or not), or null for the point at infinity. */
export type G2Point = Affine<Fq2> | null;

/** A field's operations on element addresses; each returns a new element. */
interface Field {
  readonly bytes: number;
  readonly zero: number;
  readonly one: number;
  add(a: number, b: number): number;
  sub(a: number, b: number): number;
  mul(a: number, b: number): number;
  sqr(a: number): number;
  neg(a: number): number;
  inv(a: number): number;
}

const FQ_OPS: Field = {
  bytes: FQ, zero: CONST.zero, one: CONST.montOne,
  add: addFq, sub: subFq, mul: mulFq, sqr: sqrFq, neg: negFq, inv: invFq,
};

const FQ2_OPS: Field = {
  bytes: FQ2, zero: CONST.zero, one: CONST.montOne,
  add: add2, sub: sub2, mul: mul2, sqr: sqr2, neg: neg2, inv: inv2,
};

const isZero = (F: Field, a: number): boolean => isZeroAt(a, F.bytes);

export function g1OnCurve(p: G1Point): boolean {
  if (p === null) return true;
  return reduce(p.y * p.y - p.x * p.x * p.x - 3n) === 0n;
}

export function g2OnCurve(p: G2Point): boolean {
  if (p === null) return true;
  return scratch(() => {
    const x = putFq2(p.x), y = putFq2(p.y);
    return equalAt(sqr2(y), add2(mul2(sqr2(x), x), putFq2(TWIST_B)), FQ2);
  });
}

interface Jacobian { readonly x: number; readonly y: number; readonly z: number }

const fromAffine = (F: Field, p: Affine<number> | null): Jacobian => (p === null ? { x: F.one, y: F.one, z: F.zero } : { x: p.x, y: p.y, z: F.one });

function toAffine(F: Field, p: Jacobian): Affine<number> | null {
  if (isZero(F, p.z)) return null;
  const zInv = F.inv(p.z), zInv2 = F.sqr(zInv);
  return { x: F.mul(p.x, zInv2), y: F.mul(p.y, F.mul(zInv2, zInv)) };
}

/** 2P for a = 0 (Bernstein–Lange dbl-2009-l); Z = 2YZ is 0 for P = ∞ (and for y = 0). */
function double(F: Field, p: Jacobian): Jacobian {
  const A = F.sqr(p.x), B = F.sqr(p.y), C = F.sqr(B);
  const xB = F.sub(F.sub(F.sqr(F.add(p.x, B)), A), C);
  const D = F.add(xB, xB);
  const E = F.add(F.add(A, A), A);
  const x = F.sub(F.sqr(E), F.add(D, D));
  const C2 = F.add(C, C), C4 = F.add(C2, C2), C8 = F.add(C4, C4);
  const yz = F.mul(p.y, p.z);
  return { x, y: F.sub(F.mul(E, F.sub(D, x)), C8), z: F.add(yz, yz) };
}

/** P + Q for any two points, including P = Q, P = −Q and the point at infinity. */
function add(F: Field, p: Jacobian, q: Jacobian): Jacobian {
  if (isZero(F, p.z)) return q;
  if (isZero(F, q.z)) return p;
  const pz2 = F.sqr(p.z), qz2 = F.sqr(q.z);
  const u1 = F.mul(p.x, qz2), u2 = F.mul(q.x, pz2);
  const s1 = F.mul(p.y, F.mul(qz2, q.z)), s2 = F.mul(q.y, F.mul(pz2, p.z));
  return addWith(F, u1, u2, s1, s2, F.mul(p.z, q.z), p);
}

/** P + Q for Q affine (Z = 1): four fewer products. */
function addAffine(F: Field, p: Jacobian, q: Affine<number>): Jacobian {
  if (isZero(F, p.z)) return { x: q.x, y: q.y, z: F.one };
  const pz2 = F.sqr(p.z);
  return addWith(F, p.x, F.mul(q.x, pz2), p.y, F.mul(q.y, F.mul(pz2, p.z)), p.z, p);
}

/**
 * The sum from x1 = u1, x2 = u2, y1 = s1, y2 = s2 brought to a common denominator z1z2
 * (add-1998-cmo-2): H = u2 − u1, R = s2 − s1, X = R² − H³ − 2u1H², Y = R(u1H² − X) − s1H³,
 * Z = z1z2·H. H = 0 means equal x: the same point (double it) or opposite points (infinity).
 */
function addWith(F: Field, u1: number, u2: number, s1: number, s2: number, z1z2: number, p: Jacobian): Jacobian {
  const h = F.sub(u2, u1), r = F.sub(s2, s1);
  if (isZero(F, h)) return isZero(F, r) ? double(F, p) : { x: F.one, y: F.one, z: F.zero };
  const h2 = F.sqr(h), h3 = F.mul(h2, h), u1h2 = F.mul(u1, h2);
  const x = F.sub(F.sub(F.sqr(r), h3), F.add(u1h2, u1h2));
  return { x, y: F.sub(F.mul(r, F.sub(u1h2, x)), F.mul(s1, h3)), z: F.mul(z1z2, h) };
}

/**
 * The non-adjacent form of k > 0 (digits −1, 0, 1, no two adjacent non-zero: a third of them
 * non-zero where binary has half), from its second most significant digit down (the top one is 1).
 */
export function signedDigitsBelowTop(k: bigint): number[] {
  const digits: number[] = [];
  for (; k > 1n; k >>= 1n) {
    if ((k & 1n) === 0n) digits.push(0);
    else if ((k & 3n) === 3n) { digits.push(-1); k += 1n; }
    else digits.push(1);
  }
  return digits.reverse();
}

/** [k]P by double-and-add over the signed digits of k ≥ 0 (−P costs a negation): a one-off
 *  multiple needs no tables. */
function multiply(F: Field, p: Affine<number> | null, k: bigint): Jacobian {
  if (p === null || k === 0n) return fromAffine(F, null);
  const negated = { x: p.x, y: F.neg(p.y) };
  let acc = fromAffine(F, p);
  for (const digit of signedDigitsBelowTop(k)) {
    acc = double(F, acc);
    if (digit !== 0) acc = addAffine(F, acc, digit > 0 ? p : negated);
  }
  return acc;
}

function equal(F: Field, p: Jacobian, q: Jacobian): boolean {
  if (isZero(F, p.z) || isZero(F, q.z)) return isZero(F, p.z) && isZero(F, q.z);
  const pz2 = F.sqr(p.z), qz2 = F.sqr(q.z);
  return equalAt(F.mul(p.x, qz2), F.mul(q.x, pz2), F.bytes) && equalAt(F.mul(p.y, F.mul(qz2, q.z)), F.mul(q.y, F.mul(pz2, p.z)), F.bytes);
}

// points in and out: BigInt coordinates to elements and back
const g1In = (p: G1Point): Affine<number> | null => (p === null ? null : { x: putFq(p.x), y: putFq(p.y) });
const g2In = (p: G2Point): Affine<number> | null => (p === null ? null : { x: putFq2(p.x), y: putFq2(p.y) });
const g1Out = (p: Affine<number> | null): G1Point => (p === null ? null : { x: getFq(p.x), y: getFq(p.y) });
const g2Out = (p: Affine<number> | null): G2Point => (p === null ? null : { x: getFq2(p.x), y: getFq2(p.y) });

export const g1Add = (p: G1Point, q: G1Point): G1Point =>
  scratch(() => g1Out(toAffine(FQ_OPS, add(FQ_OPS, fromAffine(FQ_OPS, g1In(p)), fromAffine(FQ_OPS, g1In(q))))));
export const g1Multiply = (p: G1Point, k: bigint): G1Point => scratch(() => g1Out(toAffine(FQ_OPS, multiply(FQ_OPS, g1In(p), k))));
export const g2Add = (p: G2Point, q: G2Point): G2Point =>
  scratch(() => g2Out(toAffine(FQ2_OPS, add(FQ2_OPS, fromAffine(FQ2_OPS, g2In(p)), fromAffine(FQ2_OPS, g2In(q))))));
export const g2Multiply = (p: G2Point, k: bigint): G2Point => scratch(() => g2Out(toAffine(FQ2_OPS, multiply(FQ2_OPS, g2In(p), k))));

/** BN254's parameter x (p and r are polynomials in it). */
export const BN_X = 4965661367192848881n;

/**
 * ψ and ψ² (untwist ∘ Frobenius ∘ twist, and its square) on G2 affine coordinates:
 * ψ(x, y) = (x̄·ξ^((q−1)/3), ȳ·ξ^((q−1)/2)) (x̄ the conjugate, the q-power Frobenius of Fq²),
 * ψ²(x, y) = (x·ξ^((q²−1)/3), −y). These powers of ξ are Frobenius constants of Fq¹²:
 * ξ^(k(q^n − 1)/6) for n = 1, k = 2 and 3, and for n = 2, k = 2.
 */
export const PSI_CONSTANTS = { x: FROBENIUS_W[0][1], y: FROBENIUS_W[0][2], x2: FROBENIUS_W[1][1] } as const;

const PSI_X = frobeniusAt(1, 2), PSI_Y = frobeniusAt(1, 3), PSI_X2 = frobeniusAt(2, 2);

/** ψ on any coordinates where x is divided by Z² and y by Z³ (conjugation commutes with both). */
function psi(p: Jacobian): Jacobian {
  return { x: mul2(conj2(p.x), PSI_X), y: mul2(conj2(p.y), PSI_Y), z: conj2(p.z) };
}

function psi2(p: Jacobian): Jacobian {
  return { x: mul2(p.x, PSI_X2), y: neg2(p.y), z: p.z };
}

/** ψ and ψ² of an affine point (Z = 1 stays 1), for the Miller loop's last two lines. */
export const psiAffine = (p: Affine<number>): Affine<number> => psi({ x: p.x, y: p.y, z: CONST.montOne });
export const psi2Affine = (p: Affine<number>): Affine<number> => psi2({ x: p.x, y: p.y, z: CONST.montOne });

/**
 * Membership of the prime-order subgroup G2 (the twist's cofactor is not 1) by Scott's test
 * (Scott 2021, "A note on group membership tests for G1, G2 and GT"): P ∈ G2 iff
 * [x+1]P + ψ([x]P) + ψ²([x]P) = ψ³([2x]P), one 63-bit multiplication where [r]P = ∞ needs 254
 * bits. Why it is exact: ψ is an endomorphism of the twist E' with ψ² − tψ + p = 0
 * (t = 6x² + 1 the trace, p = 36x⁴ + 36x³ + 24x² + 6x + 1, r = p + 1 − t), so the test's
 * endomorphism α = (x+1) + xψ + xψ² − 2xψ³ reduces to a + bψ with deg α = a² + abt + b²p. The
 * rational points of ker α form a subgroup of E'(Fq²) of order dividing both deg α and
 * #E'(Fq²) = r·(p − 1 + t), whose gcd is r for BN254's x; and on G2 ψ acts as [p], where
 * α = (x+1) + xp + xp² − 2xp³ ≡ 0 (mod r), so G2 ⊆ ker α. Hence ker α ∩ E'(Fq²) = G2.
 * test/crypto/bn254.test.ts checks these identities and compares with [r]P = ∞ on many points.
 */
export function g2InSubgroup(p: G2Point): boolean {
  if (p === null) return true;
  return scratch(() => {
    const q = g2In(p)!;
    const xp = multiply(FQ2_OPS, q, BN_X);
    const left = add(FQ2_OPS, add(FQ2_OPS, addAffine(FQ2_OPS, xp, q), psi(xp)), psi2(xp));
    const right = psi(psi2(double(FQ2_OPS, xp)));
    return equal(FQ2_OPS, left, right);
  });
}
