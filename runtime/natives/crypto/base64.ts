// Base64url decoding as Pact 5's crypto natives do it (base64-bytestring's URL `decode`): padded or
// unpadded input, canonical trailing bits, and that library's error texts.

import { base64UrlEncode } from '../../values/digest.js';

export type Decoded = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

const utf8 = new TextEncoder();

/** Decode base64url text; unpadded input is padded first, as the library's lenient decoder does. */
export function decodeBase64Url(text: string): Decoded {
  const input = utf8.encode(text);
  if (input.length === 0) return { ok: true, bytes: new Uint8Array(0) };
  const r = input.length % 4;
  if (r === 1) return { ok: false, error: 'Base64-encoded bytestring has invalid size' };
  // input that needs padding must carry none of its own ("YQ=" is neither padded nor unpadded)
  if (r !== 0 && input.includes(0x3d)) return { ok: false, error: `invalid padding at offset: ${input.indexOf(0x3d)}` };
  const padded = new Uint8Array(input.length + (r === 0 ? 0 : 4 - r));
  padded.set(input);
  padded.fill(0x3d, input.length);

  const quads = padded.length / 4;
  const out = new Uint8Array(quads * 3);
  let n = 0;
  for (let q = 0; q < quads; q++) {
    const at = q * 4;
    const last = q === quads - 1;
    const v = [0, 0, 0, 0];
    let pads = 0;
    for (let j = 0; j < 4; j++) {
      const c = padded[at + j];
      if (c === 0x3d) {
        // '=' only as the last one or two characters of the final quad
        if (!last || j < 2 || (j === 2 && padded[at + 3] !== 0x3d)) {
          return { ok: false, error: `invalid padding at offset: ${at + j}` };
        }
        pads++;
        continue;
      }
      if (pads > 0) return { ok: false, error: `invalid padding at offset: ${at + j}` };
      const d = c < 128 ? VALUE[c] : -1;
      if (d < 0) return { ok: false, error: `invalid character at offset: ${at + j}` };
      v[j] = d;
    }
    if (pads === 2 && (v[1] & 0x0f) !== 0) return { ok: false, error: `non-canonical encoding detected at offset: ${at + 1}` };
    if (pads === 1 && (v[2] & 0x03) !== 0) return { ok: false, error: `non-canonical encoding detected at offset: ${at + 2}` };
    out[n++] = (v[0] << 2) | (v[1] >> 4);
    if (pads < 2) out[n++] = ((v[1] & 0x0f) << 4) | (v[2] >> 2);
    if (pads < 1) out[n++] = ((v[2] & 0x03) << 6) | v[3];
  }
  return { ok: true, bytes: out.subarray(0, n) };
}

/** Unpadded base64url, as Pact prints hashes and binary messages. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return base64UrlEncode(bytes);
}
