// BN254 (alt_bn128) natives (natives.md §7): `point-add`, `scalar-mult` and `pairing-check` over
// G1 (y² = x³ + 3 over Fq) and G2 (the twist over Fq² = Fq[u]/(u² + 1)), with Pact's point
// encoding and checks. The arithmetic is ours (bn254-field.ts, bn254-curve.ts, bn254-pairing.ts),
// written for cold code; test/crypto/bn254-differential.test.ts compares it with @noble/curves.

import { reduce, type Fq2 } from './bn254-field.js';
import {
  g1OnCurve, g2OnCurve, g2InSubgroup, g1Add, g2Add, g1Multiply, g2Multiply, type G1Point, type G2Point,
} from './bn254-curve.js';
import { pairingProductIsOne } from './bn254-pairing.js';
import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { PactError } from '../../../vm/errors.js';
import { PactObject, type Value } from '../../../vm/values.js';
import { isInt, normInt } from '../../values/numbers.js';
import { BN254_R } from './poseidon.js';
import { chargePairing, chargePointAdd, chargeScalarMult, type ZkGroup } from './gas.js';

/** Not a well-formed point object: the caller reports its arguments as a type error. */
class Malformed extends Error {}

/** `{"x": int, "y": int}`, coordinates taken mod q; (0, 0) is the point at infinity. */
export function toG1(v: Value): G1Point {
  if (!(v instanceof PactObject)) throw new Malformed();
  const x = v.get('x'), y = v.get('y');
  if (!isInt(x) || !isInt(y)) throw new Malformed();
  const px = reduce(BigInt(x)), py = reduce(BigInt(y));
  if (px === 0n && py === 0n) return null;
  return { x: px, y: py };
}

/**
 * `{"x": [c0, c1], "y": [c0, c1]}` for c0 + c1·u. Pact builds the coordinate as a polynomial in u
 * from the whole list, so longer lists are reduced by u² = −1; all-zero coordinates are infinity.
 */
export function toG2(v: Value): G2Point {
  if (!(v instanceof PactObject)) throw new Malformed();
  const xs = v.get('x'), ys = v.get('y');
  if (!Array.isArray(xs) || !Array.isArray(ys) || !xs.every(isInt) || !ys.every(isInt)) throw new Malformed();
  const cx = xs.map(k => reduce(BigInt(k as number | bigint)));
  const cy = ys.map(k => reduce(BigInt(k as number | bigint)));
  if (cx.every(k => k === 0n) && cy.every(k => k === 0n)) return null;
  return { x: fq2(cx), y: fq2(cy) };
}

function fq2(coeffs: bigint[]): Fq2 {
  let c0 = 0n, c1 = 0n;
  coeffs.forEach((c, i) => {
    const sign = (i >> 1) % 2 === 0 ? c : -c; // u^i = ±1 or ±u
    if (i % 2 === 0) c0 += sign; else c1 += sign;
  });
  return [reduce(c0), reduce(c1)];
}

export function fromG1(p: G1Point): PactObject {
  if (p === null) return PactObject.of([['x', 0], ['y', 0]]);
  return PactObject.of([['x', normInt(p.x)], ['y', normInt(p.y)]]);
}

/** G2 coordinates print as their coefficient lists without trailing zeros; infinity as [0], [0]. */
export function fromG2(p: G2Point): PactObject {
  if (p === null) return PactObject.of([['x', [0]], ['y', [0]]]);
  const coeffs = (e: Fq2): Value[] => {
    const cs = [e[0], e[1]];
    while (cs.length > 0 && cs[cs.length - 1] === 0n) cs.pop();
    return cs.map(normInt);
  };
  return PactObject.of([['x', coeffs(p.x)], ['y', coeffs(p.y)]]);
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
      const ty = args[0], a = args[1], b = args[2];
      if (typeof ty !== 'string' || !(a instanceof PactObject) || !(b instanceof PactObject)) throw argTypeError('point-add', args);
      const g = groupOf('point-add', args, ty);
      if (rt.gas.metered) chargePointAdd(rt.gas, g);
      if (g === 'ZKG1') {
        const p = parse('point-add', args, () => toG1(a)), q = parse('point-add', args, () => toG1(b));
        if (!g1OnCurve(p) || !g1OnCurve(q)) throw notOnCurve();
        return fromG1(g1Add(p, q));
      }
      const p = parse('point-add', args, () => toG2(a)), q = parse('point-add', args, () => toG2(b));
      if (!g2OnCurve(p) || !g2OnCurve(q)) throw notOnCurve();
      return fromG2(g2Add(p, q));
    },

    'scalar-mult': args => {
      const ty = args[0], a = args[1], k = args[2];
      if (typeof ty !== 'string' || !(a instanceof PactObject) || !isInt(k)) throw argTypeError('scalar-mult', args);
      const g = groupOf('scalar-mult', args, ty);
      const scalar = ((BigInt(k) % BN254_R) + BN254_R) % BN254_R;
      if (rt.gas.metered) chargeScalarMult(rt.gas, g);
      if (g === 'ZKG1') {
        const p = parse('scalar-mult', args, () => toG1(a));
        if (!g1OnCurve(p)) throw notOnCurve();
        return fromG1(g1Multiply(p, scalar));
      }
      const p = parse('scalar-mult', args, () => toG2(a));
      if (!g2OnCurve(p)) throw notOnCurve();
      return fromG2(g2Multiply(p, scalar));
    },

    'pairing-check': args => {
      const as = args[0], bs = args[1];
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
