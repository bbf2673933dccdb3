// BN254's base field Fq and its tower Fq² = Fq[u]/(u² + 1), Fq⁶ = Fq²[v]/(v³ − ξ) with ξ = 9 + u,
// Fq¹² = Fq⁶[w]/(w² − v), on plain bigints. The natives run as cold code (a few calls per
// process), where every BigInt operation costs an allocation and `%` costs most, so: additions
// reduce by one conditional ±q, and each multiplication accumulates its products unreduced
// (possibly negative, a few bits over 2·254) and reduces each result coefficient once.
//
// Fq² elements are [c0, c1] for c0 + c1·u. Fq⁶ and Fq¹² elements are flat arrays: Fq⁶ is
// [a0, a1, a2] (a_i ∈ Fq², 6 bigints) for a0 + a1·v + a2·v², and Fq¹² is [g, h] (12 bigints,
// g first) for g + h·w.

import { FROBENIUS_W } from './bn254-frobenius.js';

/** q, the base field's modulus. */
export const Q = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;

export type Fq2 = readonly [bigint, bigint];
export type Fq6 = readonly bigint[];
export type Fq12 = readonly bigint[];

/** Any integer, however large or negative, to [0, q). */
export function reduce(a: bigint): bigint {
  const r = a % Q;
  return r < 0n ? r + Q : r;
}

export function addFq(a: bigint, b: bigint): bigint {
  const s = a + b;
  return s >= Q ? s - Q : s;
}

export function subFq(a: bigint, b: bigint): bigint {
  const d = a - b;
  return d < 0n ? d + Q : d;
}

/** 1/a by the extended Euclidean algorithm (cheaper cold than a 254-bit power). */
export function invFq(a: bigint): bigint {
  if (a === 0n) throw new RangeError('BN254: inverse of zero');
  let r0 = Q, r1 = a, s0 = 0n, s1 = 1n;
  while (r1 !== 0n) {
    const k = r0 / r1;
    const r = r0 - k * r1, s = s0 - k * s1;
    r0 = r1; r1 = r; s0 = s1; s1 = s;
  }
  return s0 < 0n ? s0 + Q : s0;
}

// ---- Fq² ----

export const FQ2_ZERO: Fq2 = [0n, 0n];
export const FQ2_ONE: Fq2 = [1n, 0n];

export const add2 = (a: Fq2, b: Fq2): Fq2 => [addFq(a[0], b[0]), addFq(a[1], b[1])];
export const sub2 = (a: Fq2, b: Fq2): Fq2 => [subFq(a[0], b[0]), subFq(a[1], b[1])];
export const neg2 = (a: Fq2): Fq2 => [a[0] === 0n ? 0n : Q - a[0], a[1] === 0n ? 0n : Q - a[1]];
/** The conjugate c0 − c1·u, which is also the q-power Frobenius of Fq². */
export const conj2 = (a: Fq2): Fq2 => [a[0], a[1] === 0n ? 0n : Q - a[1]];
export const isZero2 = (a: Fq2): boolean => a[0] === 0n && a[1] === 0n;
export const eq2 = (a: Fq2, b: Fq2): boolean => a[0] === b[0] && a[1] === b[1];

/** (a0 + a1 u)(b0 + b1 u) with u² = −1, Karatsuba: three products. */
export function mul2(a: Fq2, b: Fq2): Fq2 {
  const m0 = a[0] * b[0], m1 = a[1] * b[1];
  return [reduce(m0 - m1), reduce((a[0] + a[1]) * (b[0] + b[1]) - m0 - m1)];
}

/** (a0 + a1 u)² = (a0 + a1)(a0 − a1) + 2 a0 a1 u: two products. */
export function sqr2(a: Fq2): Fq2 {
  const m = a[0] * a[1];
  return [reduce((a[0] + a[1]) * (a[0] - a[1])), reduce(m + m)];
}

export const mulFq2ByFq = (a: Fq2, k: bigint): Fq2 => [reduce(a[0] * k), reduce(a[1] * k)];

/** a/2: a or a + q, whichever is even, shifted (no product, no division). */
const halveFq = (a: bigint): bigint => ((a & 1n) === 0n ? a : a + Q) >> 1n;
export const half2 = (a: Fq2): Fq2 => [halveFq(a[0]), halveFq(a[1])];

/** 1/a = conjugate / norm, the norm a0² + a1² in Fq. */
export function inv2(a: Fq2): Fq2 {
  const n = invFq(reduce(a[0] * a[0] + a[1] * a[1]));
  return [reduce(a[0] * n), reduce(-a[1] * n)];
}

// ---- unreduced Fq² arithmetic for the Fq⁶ and Fq¹² products: pairs of any integers ----

type Wide2 = [bigint, bigint];

function mulWide(a0: bigint, a1: bigint, b0: bigint, b1: bigint): Wide2 {
  const m0 = a0 * b0, m1 = a1 * b1;
  return [m0 - m1, (a0 + a1) * (b0 + b1) - m0 - m1];
}

/** ξ·(c0 + c1 u) = (9c0 − c1) + (c0 + 9c1) u, by additions only. */
function xiWide(c0: bigint, c1: bigint): Wide2 {
  return [9n * c0 - c1, c0 + 9n * c1];
}

export function mulByXi(a: Fq2): Fq2 {
  const c = xiWide(a[0], a[1]);
  return [reduce(c[0]), reduce(c[1])];
}

/**
 * a·b in Fq⁶, unreduced, by Karatsuba over Fq² (six Fq² products instead of nine):
 * with t_i = a_i b_i, c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2),
 * c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξ t2, c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1.
 * The inputs may themselves be unreduced sums. Written out on locals: this is the kernel of
 * every Fq¹² product, and cold code pays for each call and each intermediate array.
 */
function mul6Wide(a: Fq6, b: Fq6): bigint[] {
  const a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5];
  const b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5];
  // each Fq² product (x0 + x1 u)(y0 + y1 u) as m − n + ((x0 + x1)(y0 + y1) − m − n) u
  let m = a0 * b0, n = a1 * b1;
  const t0r = m - n, t0i = (a0 + a1) * (b0 + b1) - m - n;
  m = a2 * b2; n = a3 * b3;
  const t1r = m - n, t1i = (a2 + a3) * (b2 + b3) - m - n;
  m = a4 * b4; n = a5 * b5;
  const t2r = m - n, t2i = (a4 + a5) * (b4 + b5) - m - n;
  let x0 = a2 + a4, x1 = a3 + a5, y0 = b2 + b4, y1 = b3 + b5;
  m = x0 * y0; n = x1 * y1;
  const s12r = m - n - t1r - t2r, s12i = (x0 + x1) * (y0 + y1) - m - n - t1i - t2i;
  x0 = a0 + a2; x1 = a1 + a3; y0 = b0 + b2; y1 = b1 + b3;
  m = x0 * y0; n = x1 * y1;
  const s01r = m - n - t0r - t1r, s01i = (x0 + x1) * (y0 + y1) - m - n - t0i - t1i;
  x0 = a0 + a4; x1 = a1 + a5; y0 = b0 + b4; y1 = b1 + b5;
  m = x0 * y0; n = x1 * y1;
  const s02r = m - n - t0r - t2r, s02i = (x0 + x1) * (y0 + y1) - m - n - t0i - t2i;
  // ξ(r + i u) = (9r − i) + (r + 9i) u
  return [
    t0r + 9n * s12r - s12i, t0i + s12r + 9n * s12i,
    s01r + 9n * t2r - t2i, s01i + t2r + 9n * t2i,
    s02r + t1r, s02i + t1i,
  ];
}

/** (x0 + x1 v + x2 v²)·v = ξ x2 + x0 v + x1 v², unreduced. */
function mulByVWide(x: Fq6): bigint[] {
  const c = xiWide(x[4], x[5]);
  return [c[0], c[1], x[0], x[1], x[2], x[3]];
}

/**
 * x·(s0 + s1 v) in Fq⁶ for sparse s (s2 = 0), unreduced: five Fq² products.
 * c0 = x0 s0 + ξ x2 s1, c1 = (x0 + x1)(s0 + s1) − x0 s0 − x1 s1, c2 = x1 s1 + x2 s0.
 */
function mul01Wide(x: Fq6, s0: Fq2, s1: Fq2): bigint[] {
  const m0 = mulWide(x[0], x[1], s0[0], s0[1]), m1 = mulWide(x[2], x[3], s1[0], s1[1]);
  const cross = mulWide(x[0] + x[2], x[1] + x[3], s0[0] + s1[0], s0[1] + s1[1]);
  const x2s0 = mulWide(x[4], x[5], s0[0], s0[1]);
  const x2s1 = mulWide(x[4], x[5], s1[0], s1[1]);
  const xi = xiWide(x2s1[0], x2s1[1]);
  return [
    m0[0] + xi[0], m0[1] + xi[1],
    cross[0] - m0[0] - m1[0], cross[1] - m0[1] - m1[1],
    m1[0] + x2s0[0], m1[1] + x2s0[1],
  ];
}

function sum(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const out = new Array<bigint>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] + b[i];
  return out;
}

function reduceAll(a: readonly bigint[]): bigint[] {
  const out = new Array<bigint>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = reduce(a[i]);
  return out;
}

// ---- Fq⁶, the parts of Fq¹² inversion needs ----

export function mul6(a: Fq6, b: Fq6): bigint[] {
  return reduceAll(mul6Wide(a, b));
}

/**
 * 1/a in Fq⁶: with A = a0² − ξ a1 a2, B = ξ a2² − a0 a1, C = a1² − a0 a2, a·(A + Bv + Cv²) is
 * the Fq² element a0 A + ξ(a2 B + a1 C).
 */
export function inv6(a: Fq6): bigint[] {
  const a0: Fq2 = [a[0], a[1]], a1: Fq2 = [a[2], a[3]], a2: Fq2 = [a[4], a[5]];
  const A = sub2(sqr2(a0), mulByXi(mul2(a1, a2)));
  const B = sub2(mulByXi(sqr2(a2)), mul2(a0, a1));
  const C = sub2(sqr2(a1), mul2(a0, a2));
  const t = inv2(add2(mul2(a0, A), mulByXi(add2(mul2(a2, B), mul2(a1, C)))));
  return [...mul2(A, t), ...mul2(B, t), ...mul2(C, t)];
}

// ---- Fq¹² ----

export const FQ12_ONE: Fq12 = [1n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n];

const lowHalf = (a: Fq12): Fq6 => a.slice(0, 6);
const highHalf = (a: Fq12): Fq6 => a.slice(6);

export function isOne12(a: Fq12): boolean {
  return a.every((c, i) => c === FQ12_ONE[i]);
}

/** (g + h w)(g' + h' w) = gg' + hh' v + ((g + h)(g' + h') − gg' − hh') w: three Fq⁶ products. */
export function mul12(a: Fq12, b: Fq12): Fq12 {
  const g = lowHalf(a), h = highHalf(a), g2 = lowHalf(b), h2 = highHalf(b);
  const t0 = mul6Wide(g, g2), t1 = mul6Wide(h, h2);
  const cross = mul6Wide(sum(g, h), sum(g2, h2));
  return karatsuba12(t0, t1, cross);
}

/** (g + h w)(g' + h' w) from the unreduced Fq⁶ products lo = gg', hi = hh' and cross =
 *  (g + h)(g' + h'): lo + hi v + (cross − lo − hi) w, each coefficient reduced once. */
function karatsuba12(lo: readonly bigint[], hi: readonly bigint[], cross: readonly bigint[]): Fq12 {
  const hiV = mulByVWide(hi);
  const out = new Array<bigint>(12);
  for (let i = 0; i < 6; i++) {
    out[i] = reduce(lo[i] + hiV[i]);
    out[i + 6] = reduce(cross[i] - lo[i] - hi[i]);
  }
  return out;
}

/** (g + h w)² = (g + h)(g + h v) − t − t v + 2t w with t = gh: two Fq⁶ products. */
export function sqr12(a: Fq12): Fq12 {
  const g = lowHalf(a), h = highHalf(a);
  const t = mul6Wide(g, h);
  const tv = mulByVWide(t);
  const p = mul6Wide(sum(g, h), sum(g, mulByVWide(h)));
  const out = new Array<bigint>(12);
  for (let i = 0; i < 6; i++) {
    out[i] = reduce(p[i] - t[i] - tv[i]);
    out[i + 6] = reduce(t[i] + t[i]);
  }
  return out;
}

/**
 * f·(l0 + (l3 + l4 v) w), the shape of a Miller-loop line: with A = l0 and B = l3 + l4 v,
 * (g + h w)(A + B w) = gA + hB v + ((g + h)(A + B) − gA − hB) w: thirteen Fq² products where a
 * full multiplication takes eighteen.
 */
export function mulByLine(f: Fq12, l0: Fq2, l3: Fq2, l4: Fq2): Fq12 {
  const g = lowHalf(f), h = highHalf(f);
  const gA0 = mulWide(g[0], g[1], l0[0], l0[1]), gA1 = mulWide(g[2], g[3], l0[0], l0[1]), gA2 = mulWide(g[4], g[5], l0[0], l0[1]);
  const gA = [gA0[0], gA0[1], gA1[0], gA1[1], gA2[0], gA2[1]];
  const hB = mul01Wide(h, l3, l4);
  const cross = mul01Wide(sum(g, h), [l0[0] + l3[0], l0[1] + l3[1]], l4);
  return karatsuba12(gA, hB, cross);
}

/** g − h w: the q⁶-power Frobenius, and the inverse of an element of the cyclotomic subgroup. */
export function conj12(a: Fq12): Fq12 {
  const out = a.slice();
  for (let i = 6; i < 12; i++) out[i] = a[i] === 0n ? 0n : Q - a[i];
  return out;
}

/** (g + h w)⁻¹ = (g − h w) / (g² − h² v). */
export function inv12(a: Fq12): Fq12 {
  const g = lowHalf(a), h = highHalf(a);
  const hhv = mulByVWide(mul6Wide(h, h));
  const t = inv6(reduceAll(mul6Wide(g, g).map((c, i) => c - hhv[i])));
  return conj12([...mul6(g, t), ...mul6(h, t)]);
}

/**
 * Where the coefficient of w^k (k = 0 … 5, over Fq² with w⁶ = ξ) sits in the flat layout:
 * g = f0 + f2 w² + f4 w⁴ and h = f1 + f3 w² + f5 w⁴.
 */
const W_POWER_AT = [0, 6, 2, 8, 4, 10] as const;

/**
 * f^(q^n) for n = 1, 2, 3: the Frobenius of Σ f_k w^k is Σ f̄_k (w^(q^n − 1))^k w^k, with f̄ the
 * q^n-power Frobenius of Fq² (conjugation for odd n) and the powers of w^(q^n − 1) =
 * ξ^((q^n − 1)/6) written out in bn254-frobenius.ts.
 */
export function frobenius12(a: Fq12, n: 1 | 2 | 3): Fq12 {
  const out = a.slice();
  const gammas = FROBENIUS_W[n - 1];
  for (let k = 1; k < 6; k++) {
    const at = W_POWER_AT[k];
    const c: Fq2 = n % 2 === 1 ? conj2([a[at], a[at + 1]]) : [a[at], a[at + 1]];
    const product = mul2(c, gammas[k - 1]);
    out[at] = product[0];
    out[at + 1] = product[1];
  }
  if (n % 2 === 1) out[1] = out[1] === 0n ? 0n : Q - out[1];
  return out;
}

/**
 * The square of an element of the cyclotomic subgroup (norm 1 over Fq⁶, as after the final
 * exponentiation's easy part), Granger–Scott: viewed as A + B w + C w² over
 * Fq⁴ = Fq²[s]/(s² − ξ) with s = w³, A = f0 + f3 s, B = f1 + f4 s, C = f2 + f5 s, the square is
 * (3A² − 2Ā) + (3sC² + 2B̄) w + (3B² − 2C̄) w², Ā the conjugate over Fq² (s ↦ −s): three Fq⁴
 * squarings of three Fq² squarings each (two products apiece), where a general squaring takes
 * twelve Fq² products of three.
 */
export function cyclotomicSqr12(a: Fq12): Fq12 {
  const A = fq4SqrWide(a[0], a[1], a[8], a[9]); // f0, f3
  const B = fq4SqrWide(a[6], a[7], a[4], a[5]); // f1, f4
  const C = fq4SqrWide(a[2], a[3], a[10], a[11]); // f2, f5
  const sC = xiWide(C[2], C[3]); // s·C² = ξ C1 + C0 s
  const out = new Array<bigint>(12);
  out[0] = threeMinusTwo(A[0], a[0]); out[1] = threeMinusTwo(A[1], a[1]);
  out[8] = threePlusTwo(A[2], a[8]); out[9] = threePlusTwo(A[3], a[9]);
  out[6] = threePlusTwo(sC[0], a[6]); out[7] = threePlusTwo(sC[1], a[7]);
  out[4] = threeMinusTwo(C[0], a[4]); out[5] = threeMinusTwo(C[1], a[5]);
  out[2] = threeMinusTwo(B[0], a[2]); out[3] = threeMinusTwo(B[1], a[3]);
  out[10] = threePlusTwo(B[2], a[10]); out[11] = threePlusTwo(B[3], a[11]);
  return out;
}

/** 3t − 2z and 3t + 2z, reduced, by additions. */
function threeMinusTwo(t: bigint, z: bigint): bigint {
  const d = t - z;
  return reduce(d + d + t);
}

function threePlusTwo(t: bigint, z: bigint): bigint {
  const d = t + z;
  return reduce(d + d + t);
}

/**
 * (x + y s)² over Fq⁴ with s² = ξ, x = x0 + x1 u and y = y0 + y1 u: x² + ξ y² + ((x + y)² − x² − y²) s
 * as four unreduced coefficients [c0, c1 of the first, c0, c1 of the second].
 */
function fq4SqrWide(x0: bigint, x1: bigint, y0: bigint, y1: bigint): bigint[] {
  let m = x0 * x1;
  const xx0 = (x0 + x1) * (x0 - x1), xx1 = m + m;
  m = y0 * y1;
  const yy0 = (y0 + y1) * (y0 - y1), yy1 = m + m;
  const s0 = x0 + y0, s1 = x1 + y1;
  m = s0 * s1;
  const ss0 = (s0 + s1) * (s0 - s1), ss1 = m + m;
  return [xx0 + 9n * yy0 - yy1, xx1 + yy0 + 9n * yy1, ss0 - xx0 - yy0, ss1 - xx1 - yy1];
}
