// Base64url as Pact 5 reads and writes it. Pact prints unpadded text, and every place it reads
// base64url (`env-hash`, blessed and `use` hashes, `str-to-int 64`, the keccak and hyperlane
// natives) goes through base64-bytestring's URL `decode` (1.2), whose acceptance rules and error
// texts this file follows step by step:
// - empty input decodes to nothing;
// - the length mod 4 picks the case: 0 as is, 2 padded with "==", 3 padded with "=" unless the
//   input already ends in '=' ("has invalid padding"), 1 "has invalid size";
// - every quad but the last may hold no '=' (the first '=' in it is the error, before any
//   invalid character in it); the last may end in "=" or "==", and a '=' in its third place
//   must be followed by another (else the library reports an invalid character at the fourth);
// - the bits a short last quad drops must be zero ("non-canonical encoding").

export type Decoded = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

const INVALID = 0xff;
const PAD = 0x63;
/** byte → its 6-bit value, PAD for '=', INVALID for anything outside the URL alphabet */
const TABLE = new Uint8Array(256).fill(INVALID);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
for (let i = 0; i < ALPHABET.length; i++) TABLE[ALPHABET.charCodeAt(i)] = i;
TABLE[0x3d] = PAD;

const utf8 = new TextEncoder();

/** Unpadded base64url of the bytes, as Pact prints hashes and binary values. */
export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/** Decode base64url text (its UTF-8 bytes) as Pact does; a refusal carries the library's text. */
export function decodeBase64Url(text: string): Decoded {
  const input = utf8.encode(text);
  const length = input.length;
  if (length === 0) return { ok: true, bytes: input };
  const r = length % 4;
  if (r === 1) return refused('Base64-encoded bytestring has invalid size');
  if (r === 3 && input[length - 1] === 0x3d) return refused('Base64-encoded bytestring has invalid padding');
  const src = r === 0 ? input : new Uint8Array(length + 4 - r);
  if (r !== 0) {
    src.set(input);
    src.fill(0x3d, length);
  }

  const out = new Uint8Array((src.length / 4) * 3);
  let n = 0;
  const finalAt = src.length - 4;
  for (let at = 0; at < finalAt; at += 4) {
    const a = TABLE[src[at]], b = TABLE[src[at + 1]], c = TABLE[src[at + 2]], d = TABLE[src[at + 3]];
    if (a === PAD) return padding(at);
    if (b === PAD) return padding(at + 1);
    if (c === PAD) return padding(at + 2);
    if (d === PAD) return padding(at + 3);
    if (a === INVALID) return character(at);
    if (b === INVALID) return character(at + 1);
    if (c === INVALID) return character(at + 2);
    if (d === INVALID) return character(at + 3);
    out[n++] = (a << 2) | (b >> 4);
    out[n++] = ((b & 0x0f) << 4) | (c >> 2);
    out[n++] = ((c & 0x03) << 6) | d;
  }

  const at = finalAt;
  const a = TABLE[src[at]], b = TABLE[src[at + 1]], c = TABLE[src[at + 2]], d = TABLE[src[at + 3]];
  if (a === PAD) return padding(at);
  if (b === PAD) return padding(at + 1);
  if (c === PAD && d !== PAD) return character(at + 3);
  if (a === INVALID) return character(at);
  if (b === INVALID) return character(at + 1);
  if (c === INVALID) return character(at + 2);
  if (d === INVALID) return character(at + 3);
  out[n++] = (a << 2) | (b >> 4);
  if (c === PAD) {
    if ((b & 0x0f) !== 0) return nonCanonical(at + 1);
  } else if (d === PAD) {
    if ((c & 0x03) !== 0) return nonCanonical(at + 2);
    out[n++] = ((b & 0x0f) << 4) | (c >> 2);
  } else {
    out[n++] = ((b & 0x0f) << 4) | (c >> 2);
    out[n++] = ((c & 0x03) << 6) | d;
  }
  return { ok: true, bytes: out.subarray(0, n) };
}

/** The decoded bytes, or null where Pact's decoder refuses the text. */
export function base64UrlDecode(text: string): Uint8Array | null {
  const d = decodeBase64Url(text);
  return d.ok ? d.bytes : null;
}

const refused = (error: string): Decoded => ({ ok: false, error });
const padding = (offset: number) => refused(`invalid padding at offset: ${offset}`);
const character = (offset: number) => refused(`invalid character at offset: ${offset}`);
const nonCanonical = (offset: number) => refused(`non-canonical encoding detected at offset: ${offset}`);
