// BN254's groups: G1 on E: y² = x³ + 3 over Fq, and the twist E': y² = x³ + 3/ξ over Fq²
// (ξ = 9 + u) that holds G2. Points come in and go out affine; sums and multiples are computed in
// Jacobian coordinates (x = X/Z², y = Y/Z³, Z = 0 the point at infinity), so that one inversion
// at the end replaces one per step. The same formulas serve both curves through a small table of
// field operations.

import {
  Q, addFq, subFq, reduce, invFq,
  FQ2_ZERO, FQ2_ONE, add2, sub2, neg2, conj2, mul2, sqr2, inv2, isZero2, eq2, type Fq2,
} from './bn254-field.js';
import { FROBENIUS_W } from './bn254-frobenius.js';

export interface Affine<T> { readonly x: T; readonly y: T }
/** A point of G1, or null for the point at infinity. */
export type G1Point = Affine<bigint> | null;
/** A point of the twist E'(Fq²) (G2 or not), or null for the point at infinity. */
export type G2Point = Affine<Fq2> | null;

interface Field<T> {
  readonly zero: T;
  readonly one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  sqr(a: T): T;
  neg(a: T): T;
  inv(a: T): T;
  isZero(a: T): boolean;
  eq(a: T, b: T): boolean;
}

const FQ: Field<bigint> = {
  zero: 0n, one: 1n,
  add: addFq, sub: subFq,
  mul: (a, b) => reduce(a * b), sqr: a => reduce(a * a),
  neg: a => (a === 0n ? 0n : Q - a),
  inv: invFq,
  isZero: a => a === 0n, eq: (a, b) => a === b,
};

const FQ2: Field<Fq2> = {
  zero: FQ2_ZERO, one: FQ2_ONE,
  add: add2, sub: sub2, mul: mul2, sqr: sqr2, neg: neg2, inv: inv2, isZero: isZero2, eq: eq2,
};

/** The twist's b = 3/ξ. test/crypto/bn254-differential.test.ts checks b·ξ = 3. */
export const TWIST_B: Fq2 = [
  19485874751759354771024239261021720505790618469301721065564631296452457478373n,
  266929791119991161246907387137283842545076965332900288569378510910307636690n,
];

export function g1OnCurve(p: G1Point): boolean {
  if (p === null) return true;
  return reduce(p.y * p.y - p.x * p.x * p.x - 3n) === 0n;
}

export function g2OnCurve(p: G2Point): boolean {
  if (p === null) return true;
  return eq2(sqr2(p.y), add2(mul2(sqr2(p.x), p.x), TWIST_B));
}

interface Jacobian<T> { readonly x: T; readonly y: T; readonly z: T }

const fromAffine = <T>(F: Field<T>, p: Affine<T> | null): Jacobian<T> => (p === null ? { x: F.one, y: F.one, z: F.zero } : { x: p.x, y: p.y, z: F.one });

function toAffine<T>(F: Field<T>, p: Jacobian<T>): Affine<T> | null {
  if (F.isZero(p.z)) return null;
  const zInv = F.inv(p.z), zInv2 = F.sqr(zInv);
  return { x: F.mul(p.x, zInv2), y: F.mul(p.y, F.mul(zInv2, zInv)) };
}

/** 2P for a = 0 (Bernstein–Lange dbl-2009-l); Z = 2YZ is 0 for P = ∞ (and for y = 0). */
function double<T>(F: Field<T>, p: Jacobian<T>): Jacobian<T> {
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
function add<T>(F: Field<T>, p: Jacobian<T>, q: Jacobian<T>): Jacobian<T> {
  if (F.isZero(p.z)) return q;
  if (F.isZero(q.z)) return p;
  const pz2 = F.sqr(p.z), qz2 = F.sqr(q.z);
  const u1 = F.mul(p.x, qz2), u2 = F.mul(q.x, pz2);
  const s1 = F.mul(p.y, F.mul(qz2, q.z)), s2 = F.mul(q.y, F.mul(pz2, p.z));
  return addWith(F, u1, u2, s1, s2, F.mul(p.z, q.z), p);
}

/** P + Q for Q affine (Z = 1): four fewer products. */
function addAffine<T>(F: Field<T>, p: Jacobian<T>, q: Affine<T>): Jacobian<T> {
  if (F.isZero(p.z)) return { x: q.x, y: q.y, z: F.one };
  const pz2 = F.sqr(p.z);
  return addWith(F, p.x, F.mul(q.x, pz2), p.y, F.mul(q.y, F.mul(pz2, p.z)), p.z, p);
}

/**
 * The sum from x1 = u1, x2 = u2, y1 = s1, y2 = s2 brought to a common denominator z1z2
 * (add-1998-cmo-2): H = u2 − u1, R = s2 − s1, X = R² − H³ − 2u1H², Y = R(u1H² − X) − s1H³,
 * Z = z1z2·H. H = 0 means equal x: the same point (double it) or opposite points (infinity).
 */
function addWith<T>(F: Field<T>, u1: T, u2: T, s1: T, s2: T, z1z2: T, p: Jacobian<T>): Jacobian<T> {
  const h = F.sub(u2, u1), r = F.sub(s2, s1);
  if (F.isZero(h)) return F.isZero(r) ? double(F, p) : { x: F.one, y: F.one, z: F.zero };
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
function multiply<T>(F: Field<T>, p: Affine<T> | null, k: bigint): Jacobian<T> {
  if (p === null || k === 0n) return fromAffine(F, null);
  const negated = { x: p.x, y: F.neg(p.y) };
  let acc = fromAffine(F, p);
  for (const digit of signedDigitsBelowTop(k)) {
    acc = double(F, acc);
    if (digit !== 0) acc = addAffine(F, acc, digit > 0 ? p : negated);
  }
  return acc;
}

function equal<T>(F: Field<T>, p: Jacobian<T>, q: Jacobian<T>): boolean {
  if (F.isZero(p.z) || F.isZero(q.z)) return F.isZero(p.z) && F.isZero(q.z);
  const pz2 = F.sqr(p.z), qz2 = F.sqr(q.z);
  return F.eq(F.mul(p.x, qz2), F.mul(q.x, pz2)) && F.eq(F.mul(p.y, F.mul(qz2, q.z)), F.mul(q.y, F.mul(pz2, p.z)));
}

export const g1Add = (p: G1Point, q: G1Point): G1Point => toAffine(FQ, add(FQ, fromAffine(FQ, p), fromAffine(FQ, q)));
export const g1Multiply = (p: G1Point, k: bigint): G1Point => toAffine(FQ, multiply(FQ, p, k));
export const g2Add = (p: G2Point, q: G2Point): G2Point => toAffine(FQ2, add(FQ2, fromAffine(FQ2, p), fromAffine(FQ2, q)));
export const g2Multiply = (p: G2Point, k: bigint): G2Point => toAffine(FQ2, multiply(FQ2, p, k));

/** BN254's parameter x (p and r are polynomials in it). */
export const BN_X = 4965661367192848881n;

/**
 * ψ and ψ² (untwist ∘ Frobenius ∘ twist, and its square) on G2 affine coordinates:
 * ψ(x, y) = (x̄·ξ^((q−1)/3), ȳ·ξ^((q−1)/2)) (x̄ the conjugate, the q-power Frobenius of Fq²),
 * ψ²(x, y) = (x·ξ^((q²−1)/3), −y). These powers of ξ are Frobenius constants of Fq¹²:
 * ξ^(k(q^n − 1)/6) for n = 1, k = 2 and 3, and for n = 2, k = 2.
 */
export const PSI_CONSTANTS = { x: FROBENIUS_W[0][1], y: FROBENIUS_W[0][2], x2: FROBENIUS_W[1][1] } as const;

/** ψ on any coordinates where x is divided by Z² and y by Z³ (conjugation commutes with both). */
function psi(p: Jacobian<Fq2>): Jacobian<Fq2> {
  return { x: mul2(conj2(p.x), PSI_CONSTANTS.x), y: mul2(conj2(p.y), PSI_CONSTANTS.y), z: conj2(p.z) };
}

function psi2(p: Jacobian<Fq2>): Jacobian<Fq2> {
  return { x: mul2(p.x, PSI_CONSTANTS.x2), y: neg2(p.y), z: p.z };
}

/** ψ and ψ² of an affine point (Z = 1 stays 1), for the Miller loop's last two lines. */
export const psiAffine = (p: Affine<Fq2>): Affine<Fq2> => psi({ x: p.x, y: p.y, z: FQ2_ONE });
export const psi2Affine = (p: Affine<Fq2>): Affine<Fq2> => psi2({ x: p.x, y: p.y, z: FQ2_ONE });

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
  const xp = multiply(FQ2, p, BN_X);
  const left = add(FQ2, add(FQ2, addAffine(FQ2, xp, p), psi(xp)), psi2(xp));
  const right = psi(psi2(double(FQ2, xp)));
  return equal(FQ2, left, right);
}
