// hash-keccak256: Keccak-256 known answers, chunking over base64url inputs, errors and gas.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keccak256 } from '../../runtime/natives/crypto/keccak.js';
import { decodeBase64Url } from '../../runtime/values/base64url.js';
import { evalLast, errorOf } from '../helpers.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const utf8 = (s: string) => new TextEncoder().encode(s);
const b64 = (s: string) => Buffer.from(s).toString('base64url');

// Keccak-256 (the original padding Ethereum uses) of "", "abc" and the pangram: the published
// Keccak team / Ethereum values, also asserted by pact-5's pact-tests/hash.repl.
const KAT: [string, string][] = [
  ['', 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
  ['abc', '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
  ['The quick brown fox jumps over the lazy dog', '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15'],
];

test('keccak256 known answers', () => {
  for (const [msg, want] of KAT) assert.is(hex(keccak256(utf8(msg))), want, msg);
});

test('hash-keccak256 answers unpadded base64url of the digest', () => {
  for (const [msg, want] of KAT) {
    assert.is(evalLast(`(hash-keccak256 [(base64-encode "${msg}")])`), `"${Buffer.from(want, 'hex').toString('base64url')}"`);
  }
  // natives.md §7: the empty list hashes the empty string
  assert.is(evalLast('(hash-keccak256 [])'), '"xdJGAYb3IzySfn2y3McDwOUAtlPKgic7e_rYBF2FpHA"');
});

test('chunks are concatenated before hashing', () => {
  const whole = evalLast(`(hash-keccak256 ["${b64('The quick brown fox jumps over the lazy dog')}"])`);
  assert.is(evalLast(`(hash-keccak256 ["${b64('The quick brown ')}" "" "${b64('fox jumps over the lazy dog')}"])`), whole);
});

test('padded base64 is accepted, as base64-bytestring decode does', () => {
  assert.is(evalLast('(hash-keccak256 ["YWJj"])'), evalLast('(hash-keccak256 ["YWI=" "Yw=="])'));
  assert.is(evalLast('(hash-keccak256 ["YWI" "Yw"])'), evalLast('(hash-keccak256 ["YWJj"])'));
});

test('invalid base64 is a Base64URL decode failure', () => {
  assert.is(errorOf('(hash-keccak256 ["a"])'), 'Base64URL decode failed: Base64-encoded bytestring has invalid size');
  assert.is(errorOf('(hash-keccak256 ["YW!j"])'), 'Base64URL decode failed: invalid character at offset: 2');
  assert.is(errorOf('(hash-keccak256 ["Y=Jj"])'), 'Base64URL decode failed: invalid padding at offset: 1');
  assert.is(errorOf('(hash-keccak256 ["YR=="])'), 'Base64URL decode failed: non-canonical encoding detected at offset: 1');
});

test('base64 decoder edge cases', () => {
  const ok = (s: string) => { const d = decodeBase64Url(s); return d.ok ? Buffer.from(d.bytes).toString() : null; };
  assert.is(ok(''), '');
  assert.is(ok('YQ'), 'a');
  assert.is(ok('YQ=='), 'a');
  assert.is(ok('YWI'), 'ab');
  assert.is(ok('YWI='), 'ab');
  assert.is(ok('YQ='), null); // partly padded
  assert.is(ok('Y==='), null);
  assert.is(ok('YQ==YQ=='), null);
  assert.is(ok('_-8'), Buffer.from([0xff, 0xef]).toString());
});

test('a non-string element is a type error naming only that element', () => {
  assert.is(errorOf('(hash-keccak256 ["YWJj" 1])'),
    'Type error: failed to call native function hash-keccak256 with argument(s) of type(s): integer');
  assert.is(errorOf('(hash-keccak256 "YWJj")'),
    'Type error: failed to call native function hash-keccak256 with argument(s) of type(s): string');
});

test('gas: flat 1000 + ⌈Σ text bytes / 100⌉·146 + chunks·2120 (gas.md §2.3)', () => {
  const gas = (expr: string) => evalLast(`(env-gasmodel "table") (env-gaslimit 1000000) (env-gas 0) ${expr} (env-milligas)`);
  // list literal 100 + 1000 + 146 + 2120
  assert.is(gas('(hash-keccak256 ["aGVsbG8gd29ybGQ"])'), '3366');
  // 101 bytes of base64 text in two chunks: ⌈101/100⌉ = 2
  const a = 'A'.repeat(100), bb = 'A';
  assert.is(gas(`(hash-keccak256 ["${a}" "${bb}AA"])`), String(200 + 1000 + 2 * 146 + 2 * 2120));
  assert.is(gas('(hash-keccak256 [])'), '1000');
});

test.run();
