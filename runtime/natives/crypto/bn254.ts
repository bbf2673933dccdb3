// BN254 (alt_bn128) natives (natives.md §7): `point-add`, `scalar-mult` and `pairing-check` over
// G1 (y² = x³ + 3 over Fq) and G2 (the twist over Fq² = Fq[u]/(u² + 1)), with Pact's point
// encoding and checks. Curve arithmetic, Miller loop and final exponentiation are @noble/curves'.

import type { bn254 } from '@noble/curves/bn254.js';
import { bn254Library } from './libraries.js';
import { installFrobeniusTables } from './bn254-frobenius.js';
import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { PactError } from '../../../vm/errors.js';
import { PactObject, type Value } from '../../../vm/values.js';
import { isInt, normInt } from '../../values/numbers.js';
import { BN254_R } from './poseidon.js';
import { chargePairing, chargePointAdd, chargeScalarMult, type ZkGroup } from './gas.js';

type Fq2 = ReturnType<typeof bn254.fields.Fp2.fromBigTuple>;
type G1Point = InstanceType<typeof bn254.G1.Point>;
type G2Point = InstanceType<typeof bn254.G2.Point>;

/** The curve, its fields, q (the base field's modulus) and the twist's b (3 / (9 + u)), made on
 *  first use (libraries.ts). */
let made: { curve: typeof bn254; Fp: typeof bn254.fields.Fp; Fp2: typeof bn254.fields.Fp2; Fp12: typeof bn254.fields.Fp12; q: bigint; b2: Fq2 } | undefined;
function curve(): NonNullable<typeof made> {
  if (!made) {
    const c = bn254Library().bn254;
    const { Fp, Fp2, Fp6, Fp12 } = c.fields;
    installFrobeniusTables(Fp2, Fp6, Fp12);
    made = { curve: c, Fp, Fp2, Fp12, q: Fp.ORDER, b2: Fp2.div(Fp2.fromBigTuple([3n, 0n]), Fp2.fromBigTuple([9n, 1n])) };
  }
  return made;
}

const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;

/** Not a well-formed point object: the caller reports its arguments as a type error. */
class Malformed extends Error {}

/** `{"x": int, "y": int}`, coordinates taken mod q; (0, 0) is the point at infinity. */
export function toG1(v: Value): G1Point {
  if (!(v instanceof PactObject)) throw new Malformed();
  const x = v.get('x'), y = v.get('y');
  if (!isInt(x) || !isInt(y)) throw new Malformed();
  const { curve: c, q } = curve();
  const px = mod(BigInt(x), q), py = mod(BigInt(y), q);
  if (px === 0n && py === 0n) return c.G1.Point.ZERO;
  return c.G1.Point.fromAffine({ x: px, y: py });
}

/**
 * `{"x": [c0, c1], "y": [c0, c1]}` for c0 + c1·u. Pact builds the coordinate as a polynomial in u
 * from the whole list, so longer lists are reduced by u² = −1; all-zero coordinates are infinity.
 */
export function toG2(v: Value): G2Point {
  if (!(v instanceof PactObject)) throw new Malformed();
  const xs = v.get('x'), ys = v.get('y');
  if (!Array.isArray(xs) || !Array.isArray(ys) || !xs.every(isInt) || !ys.every(isInt)) throw new Malformed();
  const { curve: c, q } = curve();
  const cx = xs.map(k => mod(BigInt(k as number | bigint), q));
  const cy = ys.map(k => mod(BigInt(k as number | bigint), q));
  if (cx.every(k => k === 0n) && cy.every(k => k === 0n)) return c.G2.Point.ZERO;
  return c.G2.Point.fromAffine({ x: fq2(cx), y: fq2(cy) });
}

function fq2(coeffs: bigint[]): Fq2 {
  let c0 = 0n, c1 = 0n;
  coeffs.forEach((c, i) => {
    const sign = (i >> 1) % 2 === 0 ? c : -c; // u^i = ±1 or ±u
    if (i % 2 === 0) c0 += sign; else c1 += sign;
  });
  const { Fp2, q } = curve();
  return Fp2.fromBigTuple([mod(c0, q), mod(c1, q)]);
}

export function fromG1(p: G1Point): PactObject {
  if (p.is0()) return PactObject.of([['x', 0], ['y', 0]]);
  const { x, y } = p.toAffine();
  return PactObject.of([['x', normInt(x)], ['y', normInt(y)]]);
}

/** G2 coordinates print as their coefficient lists without trailing zeros; infinity as [0], [0]. */
export function fromG2(p: G2Point): PactObject {
  if (p.is0()) return PactObject.of([['x', [0]], ['y', [0]]]);
  const { x, y } = p.toAffine();
  const coeffs = (e: Fq2): Value[] => {
    const cs = [e.c0, e.c1];
    while (cs.length > 0 && cs[cs.length - 1] === 0n) cs.pop();
    return cs.map(normInt);
  };
  return PactObject.of([['x', coeffs(x)], ['y', coeffs(y)]]);
}

export function g1OnCurve(p: G1Point): boolean {
  if (p.is0()) return true;
  const { x, y } = p.toAffine();
  const { Fp } = curve();
  return Fp.eql(Fp.sub(Fp.sqr(y), Fp.mul(Fp.sqr(x), x)), 3n);
}

export function g2OnCurve(p: G2Point): boolean {
  if (p.is0()) return true;
  const { x, y } = p.toAffine();
  const { Fp2, b2 } = curve();
  return Fp2.eql(Fp2.sub(Fp2.sqr(y), Fp2.mul(Fp2.sqr(x), x)), b2);
}

/** BN254's parameter x (p and r are polynomials in it). */
const BN_X = 4965661367192848881n;

/**
 * ψ and ψ² (untwist ∘ Frobenius ∘ twist, and its square) on G2 affine coordinates, with ξ = 9 + u
 * the twist's non-residue: ψ(x, y) = (x̄·ξ^((q−1)/3), ȳ·ξ^((q−1)/2)) (x̄ the conjugate, the
 * q-power Frobenius of Fq²), ψ²(x, y) = (x·ξ^((q²−1)/3), −y). The three powers of ξ are written
 * out: raising to these ~500-bit exponents was a cold cost of every process's first
 * pairing-check. test/crypto/bn254.test.ts recomputes them with noble's psiFrobenius.
 */
export const PSI_CONSTANTS = {
  x: [21575463638280843010398324269430826099269044274347216827212613867836435027261n, 10307601595873709700152284273816112264069230130616436755625194854815875713954n],
  y: [2821565182194536844548159561693502659359617185244120367078079554186484126554n, 3505843767911556378687030309984248845540243509899259641013678093033130930403n],
  x2: [21888242871839275220042445260109153167277707414472061641714758635765020556616n, 0n],
} as const;

let psiMaps: { psi: (p: G2Point) => G2Point; psi2: (p: G2Point) => G2Point } | undefined;
function psiOf(): NonNullable<typeof psiMaps> {
  if (!psiMaps) {
    const { curve: c, Fp2 } = curve();
    const [px, py, px2] = [PSI_CONSTANTS.x, PSI_CONSTANTS.y, PSI_CONSTANTS.x2].map(k => Fp2.fromBigTuple([k[0], k[1]]));
    const Point = c.G2.Point;
    psiMaps = {
      psi: p => {
        const { x, y } = p.toAffine();
        return Point.fromAffine({ x: Fp2.mul(Fp2.frobeniusMap(x, 1), px), y: Fp2.mul(Fp2.frobeniusMap(y, 1), py) });
      },
      psi2: p => {
        const { x, y } = p.toAffine();
        return Point.fromAffine({ x: Fp2.mul(x, px2), y: Fp2.neg(y) });
      },
    };
  }
  return psiMaps;
}

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
  if (p.is0()) return true;
  const { psi, psi2 } = psiOf();
  const xp = p.multiplyUnsafe(BN_X);
  const left = xp.add(p).add(psi(xp)).add(psi2(xp));
  const right = psi(psi2(xp.double()));
  return left.equals(right);
}

/** e(P1, Q1) · … · e(Pn, Qn) = 1; pairs with a point at infinity contribute 1. */
export function pairingProductIsOne(pairs: [G1Point, G2Point][]): boolean {
  const { curve: bn254, Fp12 } = curve();
  const terms = pairs
    .filter(([p, q]) => !p.is0() && !q.is0())
    .map(([p, q]) => {
      const a = p.toAffine();
      return [bn254.utils.calcPairingPrecomputes(q), a.x, a.y] as Parameters<typeof bn254.millerLoopBatch>[0][number];
    });
  // The Miller loop is run without noble's subgroup assertions: before Pact 5.4 G2 points are
  // only checked to be on the curve, and pairing-check must still answer for them.
  return Fp12.eql(Fp12.finalExponentiate(bn254.millerLoopBatch(terms)), Fp12.ONE);
}

function notOnCurve(): PactError {
  return new PactError('exec', 'Point lies outside of elliptic curve');
}

function groupOf(name: string, args: Value[], v: Value): ZkGroup {
  const t = typeof v === 'string' ? v.toLowerCase() : '';
  if (t === 'g1') return 'ZKG1';
  if (t === 'g2') return 'ZKG2';
  throw argTypeError(name, args);
}

export function bn254Natives(rt: Runtime): NativeTable {
  /** parse a point, turning malformed input into the native's type error */
  const parse = <P>(name: string, args: Value[], f: () => P): P => {
    try {
      return f();
    } catch (e) {
      if (e instanceof Malformed) throw argTypeError(name, args);
      throw e;
    }
  };

  return {
    'point-add': args => {
      const [ty, a, b] = args;
      if (typeof ty !== 'string' || !(a instanceof PactObject) || !(b instanceof PactObject)) throw argTypeError('point-add', args);
      const g = groupOf('point-add', args, ty);
      if (rt.gas.metered) chargePointAdd(rt.gas, g);
      if (g === 'ZKG1') {
        const p = parse('point-add', args, () => toG1(a)), q = parse('point-add', args, () => toG1(b));
        if (!g1OnCurve(p) || !g1OnCurve(q)) throw notOnCurve();
        return fromG1(p.add(q));
      }
      const p = parse('point-add', args, () => toG2(a)), q = parse('point-add', args, () => toG2(b));
      if (!g2OnCurve(p) || !g2OnCurve(q)) throw notOnCurve();
      return fromG2(p.add(q));
    },

    'scalar-mult': args => {
      const [ty, a, k] = args;
      if (typeof ty !== 'string' || !(a instanceof PactObject) || !isInt(k)) throw argTypeError('scalar-mult', args);
      const g = groupOf('scalar-mult', args, ty);
      const scalar = mod(BigInt(k), BN254_R);
      if (rt.gas.metered) chargeScalarMult(rt.gas, g);
      if (g === 'ZKG1') {
        const p = parse('scalar-mult', args, () => toG1(a));
        if (!g1OnCurve(p)) throw notOnCurve();
        return fromG1(p.multiplyUnsafe(scalar));
      }
      const p = parse('scalar-mult', args, () => toG2(a));
      if (!g2OnCurve(p)) throw notOnCurve();
      return fromG2(p.multiplyUnsafe(scalar));
    },

    'pairing-check': args => {
      const [as, bs] = args;
      if (!Array.isArray(as) || !Array.isArray(bs)) throw argTypeError('pairing-check', args);
      if (rt.gas.metered) chargePairing(rt.gas, Math.max(as.length, bs.length));
      const g1s = parse('pairing-check', args, () => as.map(toG1));
      const g2s = parse('pairing-check', args, () => bs.map(toG2));
      for (const p of g1s) if (!g1OnCurve(p)) throw notOnCurve();
      // Pact 5.4 also requires G2 points to lie in the prime-order subgroup (DisablePact54 lifts it)
      const subgroup = !rt.env.flags.has('DisablePact54');
      for (const q of g2s) if (!g2OnCurve(q) || (subgroup && !g2InSubgroup(q))) throw notOnCurve();
      const n = Math.min(g1s.length, g2s.length);
      const pairs: [G1Point, G2Point][] = [];
      for (let i = 0; i < n; i++) pairs.push([g1s[i], g2s[i]]);
      return pairingProductIsOne(pairs);
    },
  };
}
