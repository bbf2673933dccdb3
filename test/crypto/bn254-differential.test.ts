// Our BN254 arithmetic (bn254-wasm.ts through bn254-field.ts, bn254-curve.ts, bn254-pairing.ts) against @noble/curves,
// which the natives used before, on deterministic pseudo-random inputs and the edge cases: every
// field operation of the tower, the group laws of G1 and the twist (in G2 and outside it), the
// G2 membership test, and the pairing's Miller loop and final exponentiation value by value.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bn254 } from '@noble/curves/bn254.js';
import * as F from '../../runtime/natives/crypto/bn254-field.js';
import {
  g1Add, g1Multiply, g2Add, g2Multiply, g1OnCurve, g2OnCurve, g2InSubgroup, TWIST_B, BN_X, signedDigitsBelowTop,
  type G1Point, type G2Point,
} from '../../runtime/natives/crypto/bn254-curve.js';
import * as pairing from '../../runtime/natives/crypto/bn254-pairing.js';
import { evalLast } from '../helpers.js';

// BigInt views of the element operations: operands are put into the module's memory, the
// result read out, all inside one scratch (which frees the elements again)
const { Q, reduce } = F;
type Fq2 = F.Fq2;
type Fq12 = readonly bigint[];
const FQ12_ONE: Fq12 = [1n, ...Array<bigint>(11).fill(0n)];
const lift = F.scratch;
const fq1 = (f: (a: number) => number) => (a: bigint) => lift(() => F.getFq(f(F.putFq(a))));
const fq2Of = (f: (a: number, b: number) => number) => (a: bigint, b: bigint) => lift(() => F.getFq(f(F.putFq(a), F.putFq(b))));
const addFq = fq2Of(F.addFq), subFq = fq2Of(F.subFq), mulFq = fq2Of(F.mulFq), invFq = fq1(F.invFq), negFq = fq1(F.negFq);
const on2 = (f: (a: number, b: number) => number) => (a: Fq2, b: Fq2) => lift(() => F.getFq2(f(F.putFq2(a), F.putFq2(b))));
const on1 = (f: (a: number) => number) => (a: Fq2) => lift(() => F.getFq2(f(F.putFq2(a))));
const add2 = on2(F.add2), sub2 = on2(F.sub2), mul2 = on2(F.mul2);
const sqr2 = on1(F.sqr2), neg2 = on1(F.neg2), conj2 = on1(F.conj2), inv2 = on1(F.inv2), mulByXi = on1(F.mulByXi);
const wide2 = (n: number, f: (a: number, b: number) => number) => (a: readonly bigint[], b: readonly bigint[]) =>
  lift(() => F.getFqs(f(F.putFqs(a), F.putFqs(b)), n));
const wide1 = (n: number, f: (a: number) => number) => (a: readonly bigint[]) => lift(() => F.getFqs(f(F.putFqs(a)), n));
const mul6 = wide2(6, F.mul6), inv6 = wide1(6, F.inv6);
const mul12 = wide2(12, F.mul12), sqr12 = wide1(12, F.sqr12), inv12 = wide1(12, F.inv12), conj12 = wide1(12, F.conj12);
const cyclotomicSqr12 = wide1(12, F.cyclotomicSqr12);
const frobenius12 = (a: Fq12, n: 1 | 2 | 3) => lift(() => F.getFqs(F.frobenius12(F.putFqs(a), n), 12));
const mulByLine = (a: Fq12, l0: Fq2, l3: Fq2, l4: Fq2) =>
  lift(() => F.getFqs(F.mulByLine(F.putFqs(a), F.putFq2(l0), F.putFq2(l3), F.putFq2(l4)), 12));
const isOne12 = (a: Fq12) => lift(() => F.isOne12(F.putFqs(a)));
const millerLoop = (pairs: readonly (readonly [G1Point, G2Point])[]) => lift(() => F.getFqs(pairing.millerLoop(pairing.pairsIn(pairs)), 12));
const finalExponentiation = (f: Fq12) => lift(() => F.getFqs(pairing.finalExponentiation(F.putFqs(f)), 12));
const { pairingProductIsOne } = pairing;

const { Fp, Fp2, Fp6, Fp12, Fr } = bn254.fields;
const R = Fr.ORDER;
type NobleFp2 = ReturnType<typeof Fp2.fromBigTuple>;
type NobleFp6 = ReturnType<typeof Fp6.fromBigSix>;
type NobleFp12 = ReturnType<typeof Fp12.fromBigTwelve>;
type NobleG1 = InstanceType<typeof bn254.G1.Point>;
type NobleG2 = InstanceType<typeof bn254.G2.Point>;

/** A deterministic stream of integers below `bound` (xorshift over 512-bit words), so failures replay. */
function stream(seed: bigint, bound = Q): () => bigint {
  const mask = (1n << 512n) - 1n;
  let s = seed;
  return () => {
    s ^= (s << 13n) & mask; s ^= s >> 7n; s ^= (s << 17n) & mask;
    return s % bound;
  };
}

/** Edge values first, then pseudo-random ones. */
function fqValues(n: number, seed: bigint): bigint[] {
  const next = stream(seed);
  return [0n, 1n, 2n, Q - 1n, Q - 2n, (Q - 1n) / 2n, ...Array.from({ length: n }, next)];
}

const fq2s = (n: number, seed: bigint): Fq2[] => {
  const v = fqValues(2 * n, seed);
  return Array.from({ length: v.length >> 1 }, (_, i) => [v[2 * i], v[2 * i + 1]] as Fq2);
};
const flat = (n: number, width: number, seed: bigint): bigint[][] => {
  const next = stream(seed);
  return Array.from({ length: n }, () => Array.from({ length: width }, next));
};

const noble2 = (a: Fq2): NobleFp2 => Fp2.fromBigTuple([a[0], a[1]]);
const ours2 = (a: NobleFp2): bigint[] => [a.c0, a.c1];
const noble6 = (a: readonly bigint[]): NobleFp6 => Fp6.fromBigSix(a as Parameters<typeof Fp6.fromBigSix>[0]);
const ours6 = (a: NobleFp6): bigint[] => [...ours2(a.c0), ...ours2(a.c1), ...ours2(a.c2)];
const noble12 = (a: Fq12): NobleFp12 => Fp12.fromBigTwelve(a as Parameters<typeof Fp12.fromBigTwelve>[0]);
const ours12 = (a: NobleFp12): bigint[] => [...ours6(a.c0), ...ours6(a.c1)];

test('Fq: add, sub, mul, neg, reduce and inverse agree with noble, results in [0, q)', () => {
  const xs = fqValues(100, 0x1234567n), ys = fqValues(100, 0xabcdefn);
  let checked = 0;
  xs.forEach((x, i) => {
    const y = ys[i];
    assert.is(addFq(x, y), Fp.add(x, y));
    assert.is(subFq(x, y), Fp.sub(x, y));
    assert.is(reduce(x * y - 5n * Q * Q), Fp.mul(x, y));
    assert.is(mulFq(x, y), Fp.mul(x, y));
    assert.is(reduce(-x), Fp.neg(x));
    assert.is(negFq(x), Fp.neg(x));
    if (x !== 0n) { assert.is(invFq(x), Fp.inv(x)); checked++; }
  });
  assert.is(checked, xs.length - 1);
  assert.throws(() => invFq(0n));
});

test('Fq²: mul, sqr, inv, conjugate (its Frobenius), ξ-multiple agree with noble', () => {
  const as = fq2s(120, 0x51n), bs = fq2s(120, 0x77n);
  const xi = Fp2.fromBigTuple([9n, 1n]);
  as.forEach((a, i) => {
    const b = bs[i], na = noble2(a), nb = noble2(b);
    assert.equal(mul2(a, b), ours2(Fp2.mul(na, nb)));
    assert.equal(sqr2(a), ours2(Fp2.sqr(na)));
    assert.equal(add2(a, b), ours2(Fp2.add(na, nb)));
    assert.equal(sub2(a, b), ours2(Fp2.sub(na, nb)));
    assert.equal(neg2(a), ours2(Fp2.neg(na)));
    assert.equal(conj2(a), ours2(Fp2.frobeniusMap(na, 1)));
    assert.equal(mulByXi(a), ours2(Fp2.mul(na, xi)));
    if (!Fp2.is0(na)) assert.equal(inv2(a), ours2(Fp2.inv(na)));
  });
});

test('Fq⁶: mul and inv agree with noble', () => {
  const as = flat(60, 6, 0x66n), bs = flat(60, 6, 0x99n);
  as.push([0n, 0n, 0n, 0n, 0n, 0n], [1n, 0n, 0n, 0n, 0n, 0n], Array(6).fill(Q - 1n));
  bs.push(Array(6).fill(Q - 1n), [0n, 0n, 0n, 0n, Q - 1n, 1n], Array(6).fill(Q - 1n));
  as.forEach((a, i) => {
    const b = bs[i];
    assert.equal(mul6(a, b), ours6(Fp6.mul(noble6(a), noble6(b))));
    if (a.some(c => c !== 0n)) assert.equal(inv6(a), ours6(Fp6.inv(noble6(a))));
  });
});

test('Fq¹²: mul, sqr, inv, conjugate, Frobenius q, q², q³ and sparse line products agree with noble', () => {
  const as = flat(40, 12, 0x1212n), bs = flat(40, 12, 0x3434n);
  as.push([...FQ12_ONE], Array(12).fill(Q - 1n));
  bs.push(Array(12).fill(Q - 1n), [...FQ12_ONE]);
  as.forEach((a, i) => {
    const b = bs[i], na = noble12(a), nb = noble12(b);
    assert.equal(mul12(a, b), ours12(Fp12.mul(na, nb)));
    assert.equal(sqr12(a), ours12(Fp12.sqr(na)));
    assert.equal(inv12(a), ours12(Fp12.inv(na)));
    assert.equal(conj12(a), ours12(Fp12.conjugate(na)));
    for (const n of [1, 2, 3] as const) assert.equal(frobenius12(a, n), ours12(Fp12.frobeniusMap(na, n)), `q^${n}`);
    // a line l0 + (l3 + l4 v) w is the Fq¹² element with only those three coefficients
    const [l0, l3, l4]: Fq2[] = [[b[0], b[1]], [b[2], b[3]], [b[4], b[5]]];
    const line = [l0[0], l0[1], 0n, 0n, 0n, 0n, l3[0], l3[1], l4[0], l4[1], 0n, 0n];
    assert.equal(mulByLine(a, l0, l3, l4), ours12(Fp12.mul(na, noble12(line))));
  });
  assert.ok(isOne12(FQ12_ONE));
  assert.not.ok(isOne12([1n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 1n]));
  assert.throws(() => inv12(Array(12).fill(0n)));
});

test('Fq¹²: the cyclotomic squaring equals the general one on the cyclotomic subgroup (and noble\'s)', () => {
  for (const a of flat(30, 12, 0xc1c1n)) {
    // f^((q⁶ − 1)(q² + 1)) lies in the cyclotomic subgroup
    const t = mul12(conj12(a), inv12(a));
    const m = mul12(frobenius12(t, 2), t);
    assert.equal(cyclotomicSqr12(m), sqr12(m));
    assert.equal(cyclotomicSqr12(m), ours12(Fp12._cyclotomicSquare(noble12(m))));
  }
  // off the subgroup it is not a squaring: the test above can fail
  const a = flat(1, 12, 0xc2c2n)[0];
  assert.not.equal(cyclotomicSqr12(a), sqr12(a));
});

// ---- points ----

const g1Of = (p: NobleG1): G1Point => (p.is0() ? null : { x: p.toAffine().x, y: p.toAffine().y });
const g2Of = (p: NobleG2): G2Point => {
  if (p.is0()) return null;
  const { x, y } = p.toAffine();
  return { x: [x.c0, x.c1], y: [y.c0, y.c1] };
};

const B_TWIST = Fp2.div(Fp2.fromBigTuple([3n, 0n]), Fp2.fromBigTuple([9n, 1n]));
/** Points of the twist E'(Fq²) from pseudo-random x: almost all of them outside G2. */
function twistPoints(n: number, seed: bigint): NobleG2[] {
  const next = stream(seed), out: NobleG2[] = [];
  while (out.length < n) {
    const x = Fp2.fromBigTuple([next(), next()]);
    let y;
    try { y = Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), B_TWIST)); } catch { continue; } // x not on E'
    out.push(bn254.G2.Point.fromAffine({ x, y }));
  }
  return out;
}

/** [k]P for any k ≥ 0 (noble's multiplyUnsafe takes k < r only): k in 252-bit digits. */
function times<P extends NobleG1 | NobleG2>(p: P, k: bigint): P {
  const digit = 1n << 252n;
  let acc = p.multiplyUnsafe(0n) as P, base = p;
  for (; k > 0n; k /= digit, base = base.multiplyUnsafe(digit) as P) {
    if (k % digit !== 0n) acc = acc.add(base.multiplyUnsafe(k % digit) as never) as P;
  }
  return acc;
}

// #E'(Fq²) = r·h with h = 10069 · 5864401 · 1875725156269 · (a 177-bit prime)
const H_TWIST = 21888242871839275222246405745257275088844257914179612981679871602714643921549n;
const SMALL_FACTORS = [10069n, 5864401n, 1875725156269n, 10069n * 5864401n];

/** Twist points of order d (d | h): [r·h/d]P for P with a part of order d. */
function pointsOfOrder(d: bigint, n: number): NobleG2[] {
  const out: NobleG2[] = [];
  for (const p of twistPoints(3 * n, d)) {
    const q = times(p, R * (H_TWIST / d));
    if (!q.is0() && out.length < n) out.push(q);
  }
  assert.ok(out.length === n && out.every(q => times(q, d).is0()));
  return out;
}

const G1_BASE = bn254.G1.Point.BASE, G2_BASE = bn254.G2.Point.BASE;
const SCALARS = (() => {
  const next = stream(0x5ca1an, 1n << 256n);
  return [0n, 1n, 2n, 3n, R - 1n, R, R + 1n, 2n * R + 5n, (1n << 256n) - 1n, ...Array.from({ length: 12 }, next)];
})();

test('the twist\'s b is 3/ξ and our curve equations agree with noble\'s', () => {
  assert.equal(mul2(TWIST_B, [9n, 1n]), [3n, 0n]);
  assert.equal([...TWIST_B], ours2(B_TWIST));
  assert.ok(g1OnCurve(g1Of(G1_BASE)) && g1OnCurve(null) && !g1OnCurve({ x: 1n, y: 3n }));
  for (const p of twistPoints(5, 0xb0bn)) {
    const q = g2Of(p)!;
    assert.ok(g2OnCurve(q));
    assert.not.ok(g2OnCurve({ x: q.x, y: add2(q.y, [1n, 0n]) }));
  }
});

test('G1: sums (P + Q, P + P, P + (−P), with infinity) and multiples agree with noble', () => {
  const next = stream(0x61n, R);
  const points = [G1_BASE, ...Array.from({ length: 10 }, () => G1_BASE.multiplyUnsafe(next() || 1n))];
  let sums = 0, multiples = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length];
    for (const [a, b] of [[p, q], [p, p], [p, p.negate()], [p, bn254.G1.Point.ZERO], [bn254.G1.Point.ZERO, p]]) {
      assert.equal(g1Add(g1Of(a), g1Of(b)), g1Of(a.add(b)));
      sums++;
    }
    for (const k of SCALARS.slice(0, i % 3 === 0 ? SCALARS.length : 10)) {
      assert.equal(g1Multiply(g1Of(p), k), g1Of(p.multiplyUnsafe(k % R)));
      multiples++;
    }
  });
  assert.equal(g1Add(null, null), null);
  assert.equal(g1Multiply(null, 5n), null);
  assert.ok(sums === 55 && multiples > 130);
});

test('the twist: sums and multiples agree with noble in G2 and outside it (any order, multiples past r)', () => {
  const next = stream(0x62n, R);
  const inG2 = Array.from({ length: 5 }, () => G2_BASE.multiplyUnsafe(next() || 1n));
  const outside = [...twistPoints(5, 0x63n), ...pointsOfOrder(10069n, 1), ...pointsOfOrder(5864401n, 1)];
  const points = [G2_BASE, ...inG2, ...outside];
  points.forEach((p, i) => {
    const q = points[(i + 3) % points.length];
    for (const [a, b] of [[p, q], [p, p], [p, p.negate()], [p, bn254.G2.Point.ZERO], [bn254.G2.Point.ZERO, p]]) {
      assert.equal(g2Add(g2Of(a), g2Of(b)), g2Of(a.add(b)));
    }
    for (const k of SCALARS.slice(0, i % 4 === 0 ? SCALARS.length : 9)) assert.equal(g2Multiply(g2Of(p), k), g2Of(times(p, k)), `k = ${k}`);
  });
  // outside G2, [r]P is not infinity and [r+1]P is not P: the test above exercises a real difference
  assert.not.equal(g2Multiply(g2Of(outside[0]), R), null);
  assert.not.equal(g2Multiply(g2Of(outside[0]), R + 1n), g2Of(outside[0]));
});

test('G2 membership agrees with [r]P = ∞ in G2, outside it, in the cofactor part and on small orders', () => {
  const next = stream(0x64n, R);
  const inG2 = Array.from({ length: 6 }, () => G2_BASE.multiplyUnsafe(next() || 1n));
  const random = twistPoints(8, 0x65n);
  const cofactorPart = random.slice(0, 4).map(p => times(p, R));
  const mixed = cofactorPart.map((p, i) => p.add(inG2[i]));
  const small = SMALL_FACTORS.flatMap(d => pointsOfOrder(d, 1));
  let inside = 0, outside = 0;
  for (const p of [...inG2, ...random, ...cofactorPart, ...mixed, ...small, bn254.G2.Point.ZERO]) {
    const member = times(p, R).is0();
    assert.is(g2InSubgroup(g2Of(p)), member);
    if (member) inside++; else outside++;
  }
  assert.is(inside, 7);
  assert.is(outside, 8 + 4 + 4 + 4);
});

// ---- pairing ----

type Pair = [NobleG1, NobleG2];
const nobleMiller = (pairs: Pair[]): NobleFp12 =>
  bn254.millerLoopBatch(pairs.filter(([p, q]) => !p.is0() && !q.is0()).map(([p, q]) => {
    const a = p.toAffine();
    return [bn254.utils.calcPairingPrecomputes(q), a.x, a.y] as Parameters<typeof bn254.millerLoopBatch>[0][number];
  }));
const oursMiller = (pairs: Pair[]) =>
  millerLoop(pairs.filter(([p, q]) => !p.is0() && !q.is0()).map(([p, q]) => [g1Of(p)!, g2Of(q)!] as const));

/** Products of 1–4 pairs: random ones, ones whose product is 1, with infinity, with twist points outside G2. */
function pairProducts(): Pair[][] {
  const next = stream(0x70n, R);
  const g1 = () => G1_BASE.multiplyUnsafe(next() || 1n), g2 = () => G2_BASE.multiplyUnsafe(next() || 1n);
  const outside = [...twistPoints(4, 0x71n), ...SMALL_FACTORS.flatMap(d => pointsOfOrder(d, 1))];
  const products: Pair[][] = [];
  for (let n = 1; n <= 4; n++) {
    products.push(Array.from({ length: n }, (): Pair => [g1(), g2()]));
    products.push(Array.from({ length: n }, (_, i): Pair => [g1(), outside[(n + i) % outside.length]]));
  }
  for (const q of outside) products.push([[g1(), q]]);
  // e(aP, bQ) · e(−abP, Q) = 1, and the same with extra infinity pairs and a cancelling pair
  const [a, b] = [next(), next()];
  const balanced: Pair[] = [[G1_BASE.multiplyUnsafe(a), G2_BASE.multiplyUnsafe(b)], [G1_BASE.multiplyUnsafe((a * b) % R).negate(), G2_BASE]];
  const p = g1(), q = outside[0];
  products.push(balanced, [...balanced, [bn254.G1.Point.ZERO, g2()]], [[p, q], [p.negate(), q], [g1(), bn254.G2.Point.ZERO]]);
  products.push([[bn254.G1.Point.ZERO, g2()]], [], [...balanced, [g1(), g2()], [bn254.G1.Point.ZERO, bn254.G2.Point.ZERO]]);
  return products;
}

/** Miller–Rabin with fixed bases (enough to tell these few numbers apart; a failure shows). */
function isProbablePrime(n: bigint): boolean {
  if (n < 4n) return n > 1n;
  let d = n - 1n, s = 0;
  for (; d % 2n === 0n; d /= 2n) s++;
  return [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n].every(a => {
    let y = modPow(a % n, d, n);
    if (a % n === 0n || y === 1n || y === n - 1n) return true;
    for (let i = 1; i < s; i++) if ((y = (y * y) % n) === n - 1n) return true;
    return false;
  });
}
function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let acc = 1n;
  for (; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) acc = (acc * b) % m;
  return acc;
}
/** Square roots mod an odd prime by Tonelli–Shanks ([] for a non-residue). */
function sqrtMod(a: bigint, d: bigint): bigint[] {
  a = ((a % d) + d) % d;
  if (a === 0n) return [0n];
  if (modPow(a, (d - 1n) / 2n, d) !== 1n) return [];
  let q = d - 1n, s = 0n;
  for (; q % 2n === 0n; q /= 2n) s++;
  let z = 2n;
  while (modPow(z, (d - 1n) / 2n, d) !== d - 1n) z++;
  let [m, c, t, root] = [s, modPow(z, q, d), modPow(a, q, d), modPow(a, (q + 1n) / 2n, d)];
  while (t !== 1n) {
    let i = 0n;
    for (let t2 = t; t2 !== 1n; t2 = (t2 * t2) % d) i++;
    const b = modPow(c, 1n << (m - i - 1n), d);
    [m, c, t, root] = [i, (b * b) % d, (t * b * b) % d, (root * b) % d];
  }
  return [root, d - root];
}

test('pairing: for every on-curve input the Miller loop meets no T = ∞, T = ±Q or zero line (so never inverts 0)', () => {
  // #E'(Fq²) = r·h is a product of distinct primes: the twist is cyclic, each point a sum of
  // prime-order parts, and ψ acts on the part of order d as a root μ of μ² − tμ + q (mod d), as
  // [q] on G2. A step is degenerate for Q only if it is for every non-zero part of Q; so it
  // suffices that no step is degenerate for any prime d and any such μ.
  const primes = [R, ...SMALL_FACTORS.slice(0, 3), H_TWIST / (10069n * 5864401n * 1875725156269n)];
  assert.is(primes.slice(1).reduce((a, b) => a * b), H_TWIST);
  assert.ok(primes.every(isProbablePrime) && new Set(primes).size === 5);
  const trace = 6n * BN_X * BN_X + 1n;
  let checks = 0;
  for (const d of primes) {
    const ok = (k: bigint) => { checks++; return ((k % d) + d) % d !== 0n; };
    // the loop's multiples m of Q: after each doubling m ≢ 0; before each addition of ±Q, m ≢ ±1
    let m = 1n;
    for (const digit of signedDigitsBelowTop(6n * BN_X + 2n)) {
      m *= 2n;
      assert.ok(ok(m));
      if (digit !== 0) {
        assert.ok(ok(m - 1n) && ok(m + 1n));
        m += BigInt(digit);
        assert.ok(ok(m));
      }
    }
    assert.is(m, 6n * BN_X + 2n);
    const eigen = d === R ? [Q % R] : sqrtMod(trace * trace - 4n * Q, d).map(root => ((trace + root) * modPow(2n, d - 2n, d)) % d);
    assert.ok(eigen.length > 0 && eigen.every(mu => (mu * mu - trace * mu + Q) % d === 0n));
    for (const mu of eigen) {
      // T = [m]Q meets ψ(Q) = [μ]Q (neither equal nor opposite), then [m + μ]Q (not ∞) meets
      // −ψ²(Q) = [−μ²]Q (neither equal nor opposite)
      assert.ok(ok(m - mu) && ok(m + mu) && ok(m + mu + mu * mu) && ok(m + mu - mu * mu));
    }
  }
  assert.ok(checks > 5 * 100);
});

test('pairing: Miller loop and final exponentiation equal noble\'s values coefficient by coefficient', () => {
  const products = pairProducts();
  const ones: number[] = [];
  for (const [i, pairs] of products.entries()) {
    const f = oursMiller(pairs), nf = nobleMiller(pairs);
    assert.equal(f, ours12(nf), 'Miller loop');
    const e = finalExponentiation(f), ne = Fp12.finalExponentiate(nf);
    assert.equal(e, ours12(ne), 'final exponentiation');
    const one = Fp12.eql(ne, Fp12.ONE);
    assert.is(pairingProductIsOne(pairs.map(([p, q]) => [g1Of(p), g2Of(q)])), one);
    if (one) ones.push(i);
  }
  assert.is(products.length, 8 + 8 + 6);
  // the balanced products, e(P, Q)·e(−P, Q) with an infinity pair, the infinity pair alone, no pairs
  assert.equal(ones, [16, 17, 18, 19, 20]);
});

test('pairing: the hard part\'s exponent is 2x(6x² + 3x + 1)·(q⁴ − q² + 1)/r, a multiple prime to r', () => {
  const x = BN_X;
  const lambda = (12n * x ** 3n + 6n * x ** 2n + 4n * x - 1n) * Q ** 3n + (12n * x ** 3n + 6n * x ** 2n + 6n * x) * Q ** 2n
    + (12n * x ** 3n + 6n * x ** 2n + 4n * x) * Q + 12n * x ** 3n + 12n * x ** 2n + 6n * x + 1n;
  const hard = (Q ** 4n - Q ** 2n + 1n) / R;
  assert.is(hard * R, Q ** 4n - Q ** 2n + 1n);
  assert.is(lambda, 2n * x * (6n * x * x + 3n * x + 1n) * hard);
  assert.is.not((2n * x * (6n * x * x + 3n * x + 1n)) % R, 0n);
  // and our exponentiation raises to it: f^((q⁶ − 1)(q² + 1)λ) by plain powering on one element
  const f = flat(1, 12, 0xfe11n)[0];
  const t = mul12(conj12(f), inv12(f));
  const m = mul12(frobenius12(t, 2), t);
  let acc: Fq12 = FQ12_ONE;
  for (let bit = BigInt(lambda.toString(2).length - 1); bit >= 0n; bit--) {
    acc = cyclotomicSqr12(acc);
    if ((lambda >> bit) & 1n) acc = mul12(acc, m);
  }
  assert.equal(finalExponentiation(f), acc);
});

test('pairing: bilinearity on our side alone, e([a]P, [b]Q) = e([ab]P, Q)', () => {
  const next = stream(0x72n, R);
  for (let i = 0; i < 3; i++) {
    const a = next(), b = next();
    const lhs = finalExponentiation(millerLoop([[g1Of(G1_BASE.multiplyUnsafe(a))!, g2Of(G2_BASE.multiplyUnsafe(b))!]]));
    const rhs = finalExponentiation(millerLoop([[g1Of(G1_BASE.multiplyUnsafe((a * b) % R))!, g2Of(G2_BASE)!]]));
    assert.equal(lhs, rhs);
    assert.not.ok(isOne12(lhs));
  }
});

// ---- through the natives: printing and the scalar's reduction mod r stay as they were ----

const pactG1 = (p: NobleG1) => (p.is0() ? '{"x": 0, "y": 0}' : `{"x": ${p.toAffine().x}, "y": ${p.toAffine().y}}`);
const pactG2 = (p: NobleG2) => {
  if (p.is0()) return '{"x": [0], "y": [0]}';
  const { x, y } = p.toAffine();
  return `{"x": [${x.c0}, ${x.c1}], "y": [${y.c0}, ${y.c1}]}`;
};
/** How the REPL prints a result: coefficient lists without trailing zeros, space-separated. */
const printed = (obj: string) => obj.replace(/\[([^\]]*)\]/g, (_, list: string) => {
  const cs = list.split(', ');
  while (cs.length > 1 && cs[cs.length - 1] === '0') cs.pop();
  return `[${cs.join(' ')}]`;
}).replace(/, "y"/, ',"y"');

test('natives: point-add and scalar-mult print what noble\'s points printed', () => {
  const next = stream(0x73n, R);
  const g2s = [G2_BASE.multiplyUnsafe(next()), ...twistPoints(2, 0x74n)];
  for (const k of [0n, 1n, R - 1n, R, R + 7n, next()]) {
    const p = G1_BASE.multiplyUnsafe(next());
    assert.is(evalLast(`(scalar-mult "g1" ${pactG1(p)} ${k})`), printed(pactG1(p.multiplyUnsafe(k % R))));
    assert.is(evalLast(`(point-add "g1" ${pactG1(p)} ${pactG1(G1_BASE)})`), printed(pactG1(p.add(G1_BASE))));
    for (const q of g2s) {
      assert.is(evalLast(`(scalar-mult "g2" ${pactG2(q)} ${k})`), printed(pactG2(q.multiplyUnsafe(k % R))));
      assert.is(evalLast(`(point-add "g2" ${pactG2(q)} ${pactG2(G2_BASE)})`), printed(pactG2(q.add(G2_BASE))));
    }
  }
});

test.run();
