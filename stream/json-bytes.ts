// Byte-level helpers shared by the decoders: ASCII codes, character-class tables, Buffer views and
// the cheapest way to turn validated ASCII bytes into a string.

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const MINUS = 0x2d;
export const ZERO = 0x30;
export const NINE = 0x39;

export const HASH_LENGTH = 43; // 32 bytes as unpadded base64url
export const HEX_LENGTH = 64; // 32 bytes as hex
export const MAX_UINT32 = 0xffffffff;
export const MAX_WORD64 = 0xffffffffffffffffn;

/** 1 for each byte of the RFC 4648 §5 alphabet (`A–Z a–z 0–9 - _`). */
export const BASE64URL = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_') BASE64URL[c.charCodeAt(0)] = 1;
/** 1 for `0–9 a–f`. */
export const LOWER_HEX = new Uint8Array(256);
for (const c of '0123456789abcdef') LOWER_HEX[c.charCodeAt(0)] = 1;

/** The same memory as a Buffer (no copy): Buffer#indexOf is memchr, and latin1Slice needs a Buffer. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Character classes as bits, so one pair table serves both (half the cache a table per class takes). */
export const BASE64URL_CLASS = 1;
export const LOWER_HEX_CLASS = 2;
const BYTE_CLASS = new Uint8Array(256);
for (let c = 0; c < 256; c++) BYTE_CLASS[c] = BASE64URL[c]! * BASE64URL_CLASS | LOWER_HEX[c]! * LOWER_HEX_CLASS;
/** Classes shared by both bytes of a pair (index = first byte | second byte << 8). */
const PAIR_CLASS = new Uint8Array(65536);
for (let first = 0; first < 256; first++) {
  for (let second = 0; second < 256; second++) PAIR_CLASS[first | (second << 8)] = BYTE_CLASS[first]! & BYTE_CLASS[second]!;
}

/**
 * True if every byte of `view[start, start + length)` (absolute offsets in its buffer) is in
 * `classBit`. Reads the bytes two at a time and looks each pair up in a 64 KiB table; about twice
 * as fast as a byte loop.
 */
export function allPairsIn(classBit: number, view: DataView, start: number, length: number): boolean {
  const end = start + length;
  let valid = 0xff;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    valid &=
      PAIR_CLASS[view.getUint16(i, true)]! & PAIR_CLASS[view.getUint16(i + 2, true)]! &
      PAIR_CLASS[view.getUint16(i + 4, true)]! & PAIR_CLASS[view.getUint16(i + 6, true)]!;
  }
  for (; i < end; i++) valid &= BYTE_CLASS[view.getUint8(i)]!;
  return (valid & classBit) !== 0;
}

// Buffer#latin1Slice is what toString('latin1') ends in, without the encoding dispatch. It is
// undocumented, so fall back to toString where it is missing.
type Latin1Slicer = (b: Buffer, start: number, end: number) => string;
export const latin1: Latin1Slicer =
  typeof (Buffer.prototype as unknown as { latin1Slice?: unknown }).latin1Slice === 'function'
    ? (b, start, end) => (b as unknown as { latin1Slice(s: number, e: number): string }).latin1Slice(start, end)
    : (b, start, end) => b.toString('latin1', start, end);

const MAX_WORD64_DIGITS = Buffer.from('18446744073709551615', 'latin1');

/** True if `count` decimal digits at `start` are a Word64 (at most 2^64 − 1); the digits are already checked. */
export function isWord64Digits(b: Uint8Array, start: number, count: number): boolean {
  if (count < 20) return count > 0;
  if (count > 20) return false;
  for (let i = 0; i < 20; i++) {
    const d = b[start + i]! - MAX_WORD64_DIGITS[i]!;
    if (d < 0) return true;
    if (d > 0) return false;
  }
  return true;
}
