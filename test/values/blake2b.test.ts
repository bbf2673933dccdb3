// Our BLAKE2b-256 (runtime/values/blake2b.ts over WebAssembly written out by
// runtime/wasm/blake2b-module.ts) against the published values and against @noble/hashes on inputs
// of every length around the 128-byte block; the module is valid WebAssembly of the shape the hash
// relies on, and the shipped bytes are the ones the writer makes. Most tests build a module of
// their own from the writer (makeBlake2b256), so that they test the writer as it is now, not the
// shipped module or the shared instance an earlier test of the process made.

import { execFileSync } from 'node:child_process';
import { test, CHILD_PROCESS_MS } from '../deadline.js';
import * as assert from 'uvu/assert';
import { blake2b } from '@noble/hashes/blake2.js';
import { readFileSync } from 'node:fs';
import { blake2b256, makeBlake2b256 } from '../../runtime/values/blake2b.js';
import { blake2bModuleBytes } from '../../runtime/wasm/blake2b-module.js';
import { blake2bSource } from '../../runtime/wasm/module-source.js';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const reference = (b: Uint8Array) => hex(blake2b(b, { dkLen: 32 }));

/** deterministic bytes: a 32-bit xorshift stream from `seed` */
function bytesOf(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed | 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

test('the published BLAKE2b-256 values: empty input and "abc"', () => {
  const blake2b256 = makeBlake2b256(blake2bModuleBytes());
  assert.is(hex(blake2b256(new Uint8Array(0))), '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8');
  assert.is(hex(blake2b256(new TextEncoder().encode('abc'))), 'bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319');
});

test('every length from 0 to 520 bytes (four blocks and a part) agrees with @noble/hashes', () => {
  const blake2b256 = makeBlake2b256(blake2bModuleBytes());
  const wrong: number[] = [];
  for (let n = 0; n <= 520; n++) {
    const input = bytesOf(n, n + 7);
    if (hex(blake2b256(input)) !== reference(input)) wrong.push(n);
  }
  assert.equal(wrong, []);
});

test('large inputs, all-ones bytes, and a view into a larger buffer hash like a copy', () => {
  const blake2b256 = makeBlake2b256(blake2bModuleBytes());
  for (const n of [4096, 65_536 + 3, 300_001]) {
    const input = bytesOf(n, n);
    assert.is(hex(blake2b256(input)), reference(input), `${n} bytes`);
  }
  const ones = new Uint8Array(1000).fill(0xff);
  assert.is(hex(blake2b256(ones)), reference(ones));
  const whole = bytesOf(600, 3), view = whole.subarray(100, 357);
  assert.is(hex(blake2b256(view)), reference(view.slice()));
});

test('a hash does not depend on the one before it (the state and block buffer are reset)', () => {
  const blake2b256 = makeBlake2b256(blake2bModuleBytes());
  const long = bytesOf(1000, 11), short = bytesOf(5, 12);
  const alone = hex(blake2b256(short));
  blake2b256(long);
  assert.is(hex(blake2b256(short)), alone);
  const result = blake2b256(short);
  blake2b256(long);
  assert.is(hex(result), alone, 'a returned digest is a copy, not a view of the module memory');
});

test('the module is valid WebAssembly exporting compress(f64, i32) and one page of memory', () => {
  const bytes = blake2bModuleBytes();
  assert.ok(WebAssembly.validate(bytes));
  const module = new WebAssembly.Module(bytes);
  assert.equal(WebAssembly.Module.exports(module).map(e => `${e.name}:${e.kind}`), ['compress:function', 'memory:memory']);
  const { compress, memory } = new WebAssembly.Instance(module).exports as { compress: Function; memory: WebAssembly.Memory };
  assert.is(compress.length, 2);
  assert.is(memory.buffer.byteLength, 65_536);
});

test('the shipped module is the one blake2b-module.ts writes (npm run tables rewrites it)', () => {
  const shipped = readFileSync(`${REPO_ROOT}runtime/values/blake2b-wasm.ts`, 'utf8');
  assert.is(shipped, blake2bSource(blake2bModuleBytes()), 'runtime/values/blake2b-wasm.ts is stale: run npm run tables');
});

test('the shared function (what the engine calls, over the shipped module) gives the same digests', () => {
  for (const n of [0, 3, 128, 129, 1000]) {
    const input = bytesOf(n, 99);
    assert.is(hex(blake2b256(input)), reference(input), `${n} bytes`);
  }
});

test('without WebAssembly (node --jitless) the shared function hashes with @noble/hashes, to the same digests', () => {
  const module = new URL('../../runtime/values/blake2b.js', import.meta.url).href;
  const lengths = [0, 3, 127, 128, 129, 1000];
  const script = `
    const { blake2b256 } = await import(${JSON.stringify(module)});
    const digests = ${JSON.stringify(lengths)}.map(n => Buffer.from(blake2b256(new Uint8Array(n).fill(n & 255))).toString('hex'));
    console.log(JSON.stringify({ wasm: typeof WebAssembly, digests }));`;
  const got = JSON.parse(execFileSync(process.execPath, ['--jitless', '--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: CHILD_PROCESS_MS }));
  assert.is(got.wasm, 'undefined');
  assert.equal(got.digests, lengths.map(n => hex(blake2b256(new Uint8Array(n).fill(n & 255)))));
});

test.run();
