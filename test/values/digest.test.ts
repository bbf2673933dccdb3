// BLAKE2b-256 and base64url as Pact uses them (runtime/values/digest.ts): `hash` of known texts,
// and the decoder's acceptance rules (unpadded or padded, no misplaced `=`, canonical last bits).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64UrlDecode, base64UrlEncode, blake2b256, hashBytes, hashText } from '../../runtime/values/digest.js';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (u: Uint8Array | null) => (u === null ? null : Buffer.from(u).toString('latin1'));

test('hash of a text: BLAKE2b-256 of its UTF-8, unpadded base64url (the values in the Pact docs)', () => {
  assert.is(hashText('hello'), 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8');
  assert.is(hashText(''), 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g');
  assert.is(hashBytes(new TextEncoder().encode('hello')), hashText('hello'));
  assert.is(blake2b256(bytes()).length, 32);
  assert.is(hashText('é'), hashBytes(bytes(0xc3, 0xa9)));
});

test('encoding: the URL alphabet, no padding, and a view into a larger buffer encodes only its bytes', () => {
  assert.is(base64UrlEncode(bytes()), '');
  assert.is(base64UrlEncode(bytes(0xfb, 0xff)), '-_8');
  assert.is(base64UrlEncode(bytes(0x61)), 'YQ');
  const whole = bytes(1, 2, 0x61, 0x62, 3);
  assert.is(base64UrlEncode(whole.subarray(2, 4)), 'YWI');
});

// [input, decoded text or null for refused]
const decodes: [string, string | null][] = [
  ['', ''],
  ['YQ', 'a'],
  ['YQ=', 'a'],
  ['YQ==', 'a'],
  ['YWI', 'ab'],
  ['YWI=', 'ab'],
  ['YWJj', 'abc'],
  ['-_8', '\xfb\xff'],
  ['Y', null],
  ['YWJjZ', null],
  ['YQ===', null],
  ['Y=Q=', null],
  ['=YQ=', null],
  ['YW=j', null],
  ['===', null],
  ['YWI==', null],
  ['a+b/', null],
  ['YQ\n', null],
  ['ZE==', null],
  ['ZQ==', 'e'],
  ['YWJ', null],
  ['YR', null],
];

for (const [input, out] of decodes) {
  test(`base64url decoding of ${JSON.stringify(input)} gives ${out === null ? 'nothing' : JSON.stringify(out)}`, () => {
    assert.is(text(base64UrlDecode(input)), out);
  });
}

test('decoding returns exactly the decoded bytes', () => {
  const d = base64UrlDecode('AAEC_w')!;
  assert.equal([...d], [0, 1, 2, 255]);
  assert.is(d.byteLength, 4);
});

test.run();
