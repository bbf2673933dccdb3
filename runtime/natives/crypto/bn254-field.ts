// BN254's base field Fq and its tower Fq² ⊂ Fq⁶ ⊂ Fq¹², on the WebAssembly of bn254-wasm.ts.
// Elements are addresses in that module's memory (numbers); the natives' BigInts come in and go
// out through `putFq`/`getFq` and friends. Elements are allocated from a heap that is taken back
// as a whole: `scratch(f)` runs f and then frees everything f allocated, so every entry point
// (a native's whole computation) runs inside one `scratch`, and its BigInt results are read out
// before it ends. Only the inverse is computed on BigInts (by Euclid: a handful per native call).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MissingRuntimeFeature } from '../../../vm/limits.js';
import {
  BN254_MODULE_FILE, CONST, HEAP, FQ, FQ2, FQ6, FQ12, type Bn254Exports,
} from './bn254-wasm.js';
import { ELEMENT, writeLimbs, readLimbs } from '../../wasm/montgomery.js';

/** q, the base field's modulus. */
export const Q = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;

/** r, the order of G1 and G2: the scalar field, Poseidon's field. */
export const BN254_R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

/** An Fq² element as BigInts, [c0, c1] for c0 + c1·u, as the natives read and print it. */
export type Fq2 = readonly [bigint, bigint];

/** Any integer, however large or negative, to [0, q). */
export function reduce(a: bigint): bigint {
  const r = a % Q;
  return r < 0n ? r + Q : r;
}

/** 1/a mod q by the extended Euclidean algorithm (cheaper cold than a 254-bit power). */
export function invFqBig(a: bigint): bigint {
  if (a === 0n) throw new RangeError('BN254: inverse of zero');
  let r0 = Q, r1 = a, s0 = 0n, s1 = 1n;
  while (r1 !== 0n) {
    const k = r0 / r1;
    const r = r0 - k * r1, s = s0 - k * s1;
    r0 = r1; r1 = r; s0 = s1; s1 = s;
  }
  return s0 < 0n ? s0 + Q : s0;
}

/** The module as the build ships it (bn254ModuleBytes, written out ahead of time), compiled. */
function shippedModule(): WebAssembly.Module {
  if (typeof WebAssembly !== 'object') {
    throw new MissingRuntimeFeature('BN254 pairings and Poseidon hashes need WebAssembly, which this JavaScript runtime lacks (node --jitless?)');
  }
  const url = new URL(BN254_MODULE_FILE, import.meta.url);
  let bytes: Buffer<ArrayBuffer>;
  try {
    bytes = readFileSync(url);
  } catch (e) {
    throw new Error(`BN254: cannot read ${fileURLToPath(url)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); the build puts it there`);
  }
  try {
    return new WebAssembly.Module(bytes);
  } catch (e) {
    throw new Error(`BN254: ${fileURLToPath(url)} is not the module the build writes (${(e as Error).message})`);
  }
}

/** The module's instance, its memory's 32-bit view and the heap's top. */
class Machine {
  readonly ex: Bn254Exports;
  u32: Uint32Array;
  /** the heap's top: elements are allocated from here up */
  top = HEAP;

  constructor() {
    const module = shippedModule(); // first: it says so where there is no WebAssembly
    this.ex = new WebAssembly.Instance(module).exports as unknown as Bn254Exports;
    this.u32 = new Uint32Array(this.ex.memory.buffer);
  }

  /** x (in [0, 2^261)) as limbs at `at`, unconverted */
  writePlain(at: number, x: bigint): void {
    writeLimbs(this.u32, at, x);
  }

  readPlain(at: number): bigint {
    return readLimbs(this.u32, at);
  }

  alloc(bytes: number): number {
    const at = this.top;
    this.top += bytes;
    if (this.top > this.u32.length * 4) {
      this.ex.memory.grow(Math.ceil((this.top - this.u32.length * 4) / 65536));
      this.u32 = new Uint32Array(this.ex.memory.buffer);
    }
    return at;
  }
}

let machine: Machine | null = null;
/** The module, read and compiled on first use. */
export const fields = (): Machine => (machine ??= new Machine());

/** Runs f, then frees every element allocated while it ran (f's result must not be one). */
export function scratch<T>(f: () => T): T {
  const m = fields(), top = m.top;
  try {
    return f();
  } finally {
    m.top = top;
  }
}

// ---- in and out ----

/** A new Fq element holding x (in [0, q)). */
export const putFq = (x: bigint): number => putFqs([x]);

export function getFq(a: number): bigint {
  const m = fields(), t = m.alloc(FQ);
  m.ex.fqMul(t, a, CONST.plainOne);
  const x = m.readPlain(t);
  m.top -= FQ;
  return x;
}

export const putFq2 = (a: Fq2): number => putFqs(a);

export const getFq2 = (a: number): [bigint, bigint] => [getFq(a), getFq(a + FQ)];

/** n consecutive Fq elements from BigInts, as one new element (an Fq² is 2, an Fq¹² 12, a G1
 *  point's [x, y] 2) */
export function putFqs(xs: readonly bigint[]): number {
  const m = fields(), at = m.alloc(xs.length * FQ);
  for (let i = 0; i < xs.length; i++) {
    m.writePlain(at + i * FQ, xs[i]);
    m.ex.fqMul(at + i * FQ, at + i * FQ, CONST.r2);
  }
  return at;
}

export const getFqs = (a: number, n: number): bigint[] => Array.from({ length: n }, (_, i) => getFq(a + i * FQ));

// ---- elements as values: each operation returns a new element ----

export const alloc = (bytes: number): number => fields().alloc(bytes);

export function isZero(a: number, bytes: number): boolean {
  const words = fields().u32;
  for (let i = a >> 2, end = (a + bytes) >> 2; i < end; i++) if (words[i] !== 0) return false;
  return true;
}

export function equal(a: number, b: number, bytes: number): boolean {
  const words = fields().u32;
  for (let i = 0; i < bytes >> 2; i++) if (words[(a >> 2) + i] !== words[(b >> 2) + i]) return false;
  return true;
}

/** A new element made of the given ones side by side: [address, bytes] each (a point's [x, y],
 *  a Miller-loop T = [X, Y, Z]). */
export function concat(parts: readonly (readonly [number, number])[]): number {
  const m = fields();
  let at = m.alloc(parts.reduce((n, part) => n + part[1], 0));
  const start = at;
  for (const [from, bytes] of parts) {
    m.u32.copyWithin(at >> 2, from >> 2, (from + bytes) >> 2);
    at += bytes;
  }
  return start;
}

export const copy = (a: number, bytes: number): number => concat([[a, bytes]]);

type Binary = (o: number, a: number, b: number) => void;
type Unary = (o: number, a: number) => void;
const binary = (bytes: number, op: (ex: Bn254Exports) => Binary) => (a: number, b: number): number => {
  const m = fields(), o = m.alloc(bytes);
  op(m.ex)(o, a, b);
  return o;
};
const unary = (bytes: number, op: (ex: Bn254Exports) => Unary) => (a: number): number => {
  const m = fields(), o = m.alloc(bytes);
  op(m.ex)(o, a);
  return o;
};

export const addFq = binary(FQ, ex => ex.fqAdd);
export const subFq = binary(FQ, ex => ex.fqSub);
export const mulFq = binary(FQ, ex => ex.fqMul);
export const sqrFq = (a: number): number => mulFq(a, a);
export const negFq = (a: number): number => subFq(CONST.zero, a);
export const invFq = (a: number): number => putFq(invFqBig(getFq(a)));

export const add2 = binary(FQ2, ex => ex.fq2Add);
export const sub2 = binary(FQ2, ex => ex.fq2Sub);
export const mul2 = binary(FQ2, ex => ex.fq2Mul);
export const sqr2 = unary(FQ2, ex => ex.fq2Sqr);
export const neg2 = unary(FQ2, ex => ex.fq2Neg);
/** The conjugate c0 − c1·u, which is also the q-power Frobenius of Fq². */
export const conj2 = unary(FQ2, ex => ex.fq2Conj);
export const mulByXi = unary(FQ2, ex => ex.fq2MulXi);

/** 1/a = conjugate / norm, the norm a0² + a1² in Fq. */
export function inv2(a: number): number {
  const n = invFq(addFq(sqrFq(a), sqrFq(a + FQ)));
  const o = alloc(FQ2);
  const ex = fields().ex;
  ex.fqMul(o, a, n);
  ex.fqMul(o + FQ, a + FQ, n);
  ex.fqSub(o + FQ, CONST.zero, o + FQ);
  return o;
}

export const sub6 = binary(FQ6, ex => ex.fq6Sub);
export const mul6 = binary(FQ6, ex => ex.fq6Mul);
export const mulByV6 = unary(FQ6, ex => ex.fq6MulV);

/**
 * 1/a in Fq⁶: with A = a0² − ξ a1 a2, B = ξ a2² − a0 a1, C = a1² − a0 a2, a·(A + Bv + Cv²) is
 * the Fq² element a0 A + ξ(a2 B + a1 C).
 */
export function inv6(a: number): number {
  const a0 = a, a1 = a + FQ2, a2 = a + 2 * FQ2;
  const A = sub2(sqr2(a0), mulByXi(mul2(a1, a2)));
  const B = sub2(mulByXi(sqr2(a2)), mul2(a0, a1));
  const C = sub2(sqr2(a1), mul2(a0, a2));
  const t = inv2(add2(mul2(a0, A), mulByXi(add2(mul2(a2, B), mul2(a1, C)))));
  const o = alloc(FQ6), ex = fields().ex;
  ex.fq2Mul(o, A, t); ex.fq2Mul(o + FQ2, B, t); ex.fq2Mul(o + 2 * FQ2, C, t);
  return o;
}

export const mul12 = binary(FQ12, ex => ex.fq12Mul);
export const sqr12 = unary(FQ12, ex => ex.fq12Sqr);
/** g − h w: the q⁶-power Frobenius, and the inverse of an element of the cyclotomic subgroup. */
export const conj12 = unary(FQ12, ex => ex.fq12Conj);
/** The square of an element of the cyclotomic subgroup (Granger–Scott). */
export const cyclotomicSqr12 = unary(FQ12, ex => ex.fq12CyclotomicSqr);
const frobenius = [unary(FQ12, ex => ex.fq12Frobenius1), unary(FQ12, ex => ex.fq12Frobenius2), unary(FQ12, ex => ex.fq12Frobenius3)];
/** f^(q^n) for n = 1, 2, 3. */
export const frobenius12 = (a: number, n: 1 | 2 | 3): number => frobenius[n - 1](a);

/** f·(l0 + (l3 + l4 v) w), the shape of a Miller-loop line. */
export function mulByLine(f: number, l0: number, l3: number, l4: number): number {
  const o = alloc(FQ12);
  fields().ex.fq12MulByLine(o, f, l0, l3, l4);
  return o;
}

/** (g + h w)⁻¹ = (g − h w) / (g² − h² v). */
export function inv12(a: number): number {
  const g = a, h = a + FQ6;
  const t = inv6(sub6(mul6(g, g), mulByV6(mul6(h, h))));
  const o = alloc(FQ12), ex = fields().ex;
  ex.fq6Mul(o, g, t);
  ex.fq6Mul(o + FQ6, h, t);
  ex.fq12Conj(o, o);
  return o;
}

/** A new Fq¹² equal to 1. */
export function one12(): number {
  const o = alloc(FQ12);
  fields().u32.fill(0, o >> 2, (o + FQ12) >> 2);
  fields().u32.copyWithin(o >> 2, CONST.montOne >> 2, (CONST.montOne + ELEMENT) >> 2);
  return o;
}

export function isOne12(a: number): boolean {
  return equal(a, CONST.montOne, FQ) && isZero(a + FQ, FQ12 - FQ);
}

export { FQ, FQ2, FQ6, FQ12 };
