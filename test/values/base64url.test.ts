// Base64url as Pact reads it (runtime/values/base64url.ts, after base64-bytestring 1.2's URL
// `decode`): which texts decode to what, and the library's own words for each refusal, including
// the cases where its order of checks decides which error is reported.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64UrlDecode, base64UrlEncode, decodeBase64Url } from '../../runtime/values/base64url.js';

const bytes = (...b: number[]) => new Uint8Array(b);
/** the decoded bytes as latin1 text, or the refusal's text after "error: " */
const decoded = (input: string): string => {
  const d = decodeBase64Url(input);
  return d.ok ? Buffer.from(d.bytes).toString('latin1') : `error: ${d.error}`;
};

test('encoding: the URL alphabet, no padding, and a view into a larger buffer encodes only its bytes', () => {
  assert.is(base64UrlEncode(bytes()), '');
  assert.is(base64UrlEncode(bytes(0xfb, 0xff)), '-_8');
  assert.is(base64UrlEncode(bytes(0x61)), 'YQ');
  const whole = bytes(1, 2, 0x61, 0x62, 3);
  assert.is(base64UrlEncode(whole.subarray(2, 4)), 'YWI');
});

const SIZE = 'error: Base64-encoded bytestring has invalid size';
// [input, decoded text or the error]
const cases: [string, string][] = [
  ['', ''],
  // unpadded (length 2 or 3 mod 4) and correctly padded input both decode
  ['YQ', 'a'], ['YQ==', 'a'], ['YWI', 'ab'], ['YWI=', 'ab'], ['YWJj', 'abc'], ['ZQ==', 'e'],
  ['-_8', '\xfb\xff'], ['YWJjZA', 'abcd'],
  // a length of 1 mod 4 is refused before anything else is looked at
  ['Y', SIZE], ['YWJjZ', SIZE], ['YQ===', SIZE], ['YWI==', SIZE],
  // length 3 mod 4 ending in '=' is neither padded nor unpadded
  ['YQ=', 'error: Base64-encoded bytestring has invalid padding'],
  ['===', 'error: Base64-encoded bytestring has invalid padding'],
  // length 2 mod 4 is padded with "==" first, so a '=' inside it is found in the last quad
  ['Y=', 'error: invalid padding at offset: 1'],
  // the last quad: '=' first or second, and a third '=' without a fourth
  ['=YQ=', 'error: invalid padding at offset: 0'],
  ['Y=Q=', 'error: invalid padding at offset: 1'],
  ['YWJj=Q==', 'error: invalid padding at offset: 4'],
  ['YW=j', 'error: invalid character at offset: 3'],
  // an earlier quad may hold no '=' at all, and its '=' is reported before an invalid character
  ['Y=JjYWJj', 'error: invalid padding at offset: 1'],
  ['!W=jYWJj', 'error: invalid padding at offset: 2'],
  ['!WJjYWJj', 'error: invalid character at offset: 0'],
  // characters outside the URL alphabet, counted in UTF-8 bytes
  ['a+b/', 'error: invalid character at offset: 1'],
  ['YQ\n', 'error: invalid character at offset: 2'],
  ['é', 'error: invalid character at offset: 0'],
  ['YWJjé', 'error: invalid character at offset: 4'],
  // the bits a short last quad drops must be zero
  ['ZE==', 'error: non-canonical encoding detected at offset: 1'],
  ['YR', 'error: non-canonical encoding detected at offset: 1'],
  ['YWJ', 'error: non-canonical encoding detected at offset: 2'],
];

for (const [input, out] of cases) {
  test(`base64url ${JSON.stringify(input)} → ${JSON.stringify(out)}`, () => {
    assert.is(decoded(input), out);
    assert.is(base64UrlDecode(input) === null, out.startsWith('error: '));
  });
}

test('decoding returns exactly the decoded bytes', () => {
  const d = base64UrlDecode('AAEC_w')!;
  assert.equal([...d], [0, 1, 2, 255]);
  assert.is(d.byteLength, 4);
});

test('every byte string survives encoding and decoding', () => {
  for (let n = 0; n < 70; n++) {
    const b = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n * 11) & 0xff);
    assert.equal([...base64UrlDecode(base64UrlEncode(b))!], [...b], `length ${n}`);
  }
});

test.run();
