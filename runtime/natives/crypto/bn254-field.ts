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
  let [r0, r1, s0, s1] = [Q, a, 0n, 1n];
  while (r1 !== 0n) {
    const k = r0 / r1;
    [r0, r1, s0, s1] = [r1, r0 - k * r1, s1, s0 - k * s1];
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
  const [c0, c1] = xiWide(a[0], a[1]);
  return [reduce(c0), reduce(c1)];
}

/**
 * a·b in Fq⁶, unreduced, by Karatsuba over Fq² (six Fq² products instead of nine):
 * with t_i = a_i b_i, c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2),
 * c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξ t2, c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1.
 * The inputs may themselves be unreduced sums.
 */
function mul6Wide(a: Fq6, b: Fq6): bigint[] {
  const [a0, a1, a2, a3, a4, a5] = a, [b0, b1, b2, b3, b4, b5] = b;
  const t0 = mulWide(a0, a1, b0, b1), t1 = mulWide(a2, a3, b2, b3), t2 = mulWide(a4, a5, b4, b5);
  const s12 = mulWide(a2 + a4, a3 + a5, b2 + b4, b3 + b5);
  const s01 = mulWide(a0 + a2, a1 + a3, b0 + b2, b1 + b3);
  const s02 = mulWide(a0 + a4, a1 + a5, b0 + b4, b1 + b5);
  const x12 = xiWide(s12[0] - t1[0] - t2[0], s12[1] - t1[1] - t2[1]);
  const x2 = xiWide(t2[0], t2[1]);
  return [
    t0[0] + x12[0], t0[1] + x12[1],
    s01[0] - t0[0] - t1[0] + x2[0], s01[1] - t0[1] - t1[1] + x2[1],
    s02[0] - t0[0] - t2[0] + t1[0], s02[1] - t0[1] - t2[1] + t1[1],
  ];
}

/** (x0 + x1 v + x2 v²)·v = ξ x2 + x0 v + x1 v², unreduced. */
function mulByVWide(x: Fq6): bigint[] {
  const [c0, c1] = xiWide(x[4], x[5]);
  return [c0, c1, x[0], x[1], x[2], x[3]];
}

/**
 * x·(s0 + s1 v) in Fq⁶ for sparse s (s2 = 0), unreduced: five Fq² products.
 * c0 = x0 s0 + ξ x2 s1, c1 = x0 s1 + x1 s0, c2 = x1 s1 + x2 s0.
 */
function mul01Wide(x: Fq6, s0: Fq2, s1: Fq2): bigint[] {
  const [x0, x1, x2, x3, x4, x5] = x;
  const m0 = mulWide(x0, x1, s0[0], s0[1]), m1 = mulWide(x2, x3, s1[0], s1[1]);
  const cross = mulWide(x0 + x2, x1 + x3, s0[0] + s1[0], s0[1] + s1[1]);
  const x2s0 = mulWide(x4, x5, s0[0], s0[1]);
  const x2s1 = xiWide(...mulWide(x4, x5, s1[0], s1[1]));
  return [
    m0[0] + x2s1[0], m0[1] + x2s1[1],
    cross[0] - m0[0] - m1[0], cross[1] - m0[1] - m1[1],
    m1[0] + x2s0[0], m1[1] + x2s0[1],
  ];
}

const sum = (a: readonly bigint[], b: readonly bigint[]): bigint[] => a.map((x, i) => x + b[i]);
const reduceAll = (a: readonly bigint[]): bigint[] => a.map(reduce);

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
  const low = sum(t0, mulByVWide(t1));
  return reduceAll([...low, ...cross.map((c, i) => c - t0[i] - t1[i])]);
}

/** (g + h w)² = (g + h)(g + h v) − t − t v + 2t w with t = gh: two Fq⁶ products. */
export function sqr12(a: Fq12): Fq12 {
  const g = lowHalf(a), h = highHalf(a);
  const t = mul6Wide(g, h);
  const tv = mulByVWide(t);
  const p = mul6Wide(sum(g, h), sum(g, mulByVWide(h)));
  return reduceAll([...p.map((c, i) => c - t[i] - tv[i]), ...t.map(c => c + c)]);
}

/**
 * f·(l0 + (l3 + l4 v) w), the shape of a Miller-loop line: with A = l0 and B = l3 + l4 v,
 * (g + h w)(A + B w) = gA + hB v + ((g + h)(A + B) − gA − hB) w: thirteen Fq² products where a
 * full multiplication takes eighteen.
 */
export function mulByLine(f: Fq12, l0: Fq2, l3: Fq2, l4: Fq2): Fq12 {
  const g = lowHalf(f), h = highHalf(f);
  const gA = mulWide(g[0], g[1], l0[0], l0[1]).concat(mulWide(g[2], g[3], l0[0], l0[1]), mulWide(g[4], g[5], l0[0], l0[1]));
  const hB = mul01Wide(h, l3, l4);
  const cross = mul01Wide(sum(g, h), [l0[0] + l3[0], l0[1] + l3[1]], l4);
  const low = sum(gA, mulByVWide(hB));
  return reduceAll([...low, ...cross.map((c, i) => c - gA[i] - hB[i])]);
}

/** g − h w: the q⁶-power Frobenius, and the inverse of an element of the cyclotomic subgroup. */
export function conj12(a: Fq12): Fq12 {
  return [...a.slice(0, 6), ...a.slice(6).map(c => (c === 0n ? 0n : Q - c))];
}

/** (g + h w)⁻¹ = (g − h w) / (g² − h² v). */
export function inv12(a: Fq12): Fq12 {
  const g = lowHalf(a), h = highHalf(a);
  const t = inv6(reduceAll(sum(mul6Wide(g, g), mulByVWide(mul6Wide(h, h).map(c => -c)))));
  return [...mul6(g, t), ...mul6(h, t).map(c => (c === 0n ? 0n : Q - c))];
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
    const [c0, c1] = mul2(c, gammas[k - 1]);
    out[at] = c0;
    out[at + 1] = c1;
  }
  if (n % 2 === 1) out[1] = out[1] === 0n ? 0n : Q - out[1];
  return out;
}

/**
 * The square of an element of the cyclotomic subgroup (norm 1 over Fq⁶, as after the final
 * exponentiation's easy part), Granger–Scott: viewed as A + B w + C w² over
 * Fq⁴ = Fq²[s]/(s² − ξ) with s = w³, A = f0 + f3 s, B = f1 + f4 s, C = f2 + f5 s, the square is
 * (3A² − 2Ā) + (3sC² + 2B̄) w + (3B² − 2C̄) w², Ā the conjugate over Fq² (s ↦ −s): three Fq⁴
 * squarings, six Fq² squarings where a general squaring takes twelve products.
 */
export function cyclotomicSqr12(a: Fq12): Fq12 {
  const f = (k: number): [bigint, bigint] => [a[W_POWER_AT[k]], a[W_POWER_AT[k] + 1]];
  const [A0, A1] = fq4SqrWide(f(0), f(3));
  const [B0, B1] = fq4SqrWide(f(1), f(4));
  const [C0, C1] = fq4SqrWide(f(2), f(5));
  const sC1 = xiWide(C1[0], C1[1]); // s·C² = ξ C1 + C0 s
  const out: bigint[] = new Array(12);
  const put = (k: number, three: Wide2, two: Wide2, sign: 1n | -1n) => {
    const at = W_POWER_AT[k];
    out[at] = reduce(3n * three[0] + sign * 2n * two[0]);
    out[at + 1] = reduce(3n * three[1] + sign * 2n * two[1]);
  };
  put(0, A0, f(0), -1n);
  put(3, A1, f(3), 1n);
  put(1, sC1, f(1), 1n);
  put(4, C0, f(4), -1n);
  put(2, B0, f(2), -1n);
  put(5, B1, f(5), 1n);
  return out;
}

/** (x + y s)² over Fq⁴ with s² = ξ: x² + ξ y² + ((x + y)² − x² − y²) s, unreduced. */
function fq4SqrWide(x: Fq2, y: Fq2): [Wide2, Wide2] {
  const x2 = sqrWide(x[0], x[1]), y2 = sqrWide(y[0], y[1]);
  const xy2 = sqrWide(x[0] + y[0], x[1] + y[1]);
  const xiY2 = xiWide(y2[0], y2[1]);
  return [[x2[0] + xiY2[0], x2[1] + xiY2[1]], [xy2[0] - x2[0] - y2[0], xy2[1] - x2[1] - y2[1]]];
}

function sqrWide(a0: bigint, a1: bigint): Wide2 {
  const m = a0 * a1;
  return [(a0 + a1) * (a0 - a1), m + m];
}
