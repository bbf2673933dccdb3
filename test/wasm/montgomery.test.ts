// Montgomery arithmetic as WebAssembly (runtime/wasm/montgomery.ts) against BigInt arithmetic, for
// BN254's two primes and a small one, on edge values and pseudo-random ones, results also written
// over their operands; and the limb conversions.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ModuleWriter } from '../../runtime/wasm/writer.js';
import {
  writeMontgomery, writeLimbs, readLimbs, writeLimbsFromWords, montgomeryRadix, ELEMENT, LIMBS,
} from '../../runtime/wasm/montgomery.js';

const Q = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;
const R_ORDER = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const SMALL = 1000003n;
/** the largest prime below 2^254 has limbs near their top: the carries' worst case */
const TOP = (1n << 254n) - 245n;

interface Field { mul(o: number, a: number, b: number): void; add(o: number, a: number, b: number): void; sub(o: number, a: number, b: number): void; memory: WebAssembly.Memory }

function field(p: bigint): Field {
  const w = new ModuleWriter(1);
  const f = writeMontgomery(w, p);
  w.export('mul', f.mul); w.export('add', f.add); w.export('sub', f.sub);
  return new WebAssembly.Instance(new WebAssembly.Module(w.bytes())).exports as unknown as Field;
}

function values(p: bigint, n: number): bigint[] {
  let s = p ^ 0x9e3779b97f4a7c15n;
  const next = () => { s = (s * 6364136223846793005n + 1442695040888963407n) % (1n << 256n); return s % p; };
  return [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n, (p + 1n) / 2n, ...Array.from({ length: n }, next)];
}

for (const p of [Q, R_ORDER, SMALL, TOP]) {
  test(`mod ${p < 10n ** 9n ? p : `${String(p).slice(0, 8)}…`}: mul is a·b/2^261, add and sub reduce, all in [0, p), also in place`, () => {
    const f = field(p), words = new Uint32Array(f.memory.buffer);
    const radixInverse = (() => { // 2^-261 mod p
      const r = montgomeryRadix(p);
      let r0 = p, r1 = r, s0 = 0n, s1 = 1n;
      while (r1 !== 0n) { const k = r0 / r1; [r0, r1] = [r1, r0 - k * r1]; [s0, s1] = [s1, s0 - k * s1]; }
      return ((s0 % p) + p) % p;
    })();
    const xs = values(p, 300);
    let checks = 0;
    xs.forEach((a, i) => {
      const b = xs[(i * 7 + 3) % xs.length];
      const put = () => { writeLimbs(words, 0, a); writeLimbs(words, ELEMENT, b); };
      put(); f.mul(2 * ELEMENT, 0, ELEMENT);
      assert.is(readLimbs(words, 2 * ELEMENT), (a * b * radixInverse) % p, `mul ${a} ${b}`);
      put(); f.add(2 * ELEMENT, 0, ELEMENT);
      assert.is(readLimbs(words, 2 * ELEMENT), (a + b) % p, `add ${a} ${b}`);
      put(); f.sub(2 * ELEMENT, 0, ELEMENT);
      assert.is(readLimbs(words, 2 * ELEMENT), (((a - b) % p) + p) % p, `sub ${a} ${b}`);
      // the result over an operand, and both operands one element
      put(); f.mul(0, 0, 0);
      assert.is(readLimbs(words, 0), (a * a * radixInverse) % p);
      put(); f.sub(ELEMENT, 0, ELEMENT);
      assert.is(readLimbs(words, ELEMENT), (((a - b) % p) + p) % p);
      // every limb within 29 bits and the word after them zero
      for (let j = 0; j < LIMBS; j++) assert.ok(words[ELEMENT / 4 + j] < 2 ** 29);
      assert.is(words[ELEMENT / 4 + LIMBS], 0);
      checks++;
    });
    assert.is(checks, xs.length);
  });
}

test('moduli it cannot serve are refused', () => {
  assert.throws(() => writeMontgomery(new ModuleWriter(1), Q + 1n), /odd/);
  assert.throws(() => writeMontgomery(new ModuleWriter(1), (1n << 254n) + 1n), /below 2\^254/);
});

test('limbs: written from an integer or from 32-bit words, read back, the word after them cleared', () => {
  const words = new Uint32Array(40).fill(0xffffffff);
  for (const x of [0n, 1n, (1n << 29n) - 1n, 1n << 29n, (1n << 256n) - 1n, Q, 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdefn]) {
    writeLimbs(words, 0, x);
    assert.is(readLimbs(words, 0), x);
    assert.is(words[LIMBS], 0);
    if (x < 1n << 256n) {
      const w32 = Array.from({ length: 8 }, (_, k) => Number((x >> BigInt(32 * k)) & 0xffffffffn));
      words.fill(0xffffffff, 10, 20);
      writeLimbsFromWords(words, ELEMENT, [7, ...w32], 1);
      assert.is(readLimbs(words, ELEMENT), x);
      assert.is(words[ELEMENT / 4 + LIMBS], 0);
    }
  }
});

test.run();
