// BLAKE2b-256 and unpadded base64url, the hash and text encoding Pact uses everywhere.

import { blake2b256 } from './blake2b.js';

export { blake2b256 };

export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/**
 * Pact's base64url decoder (base64-bytestring's `decode` after padding the input to a multiple
 * of four): unpadded and correctly padded input are both accepted, but a length of 1 mod 4,
 * misplaced `=`, other characters and non-canonical trailing bits (`ZE==`) are rejected.
 * Returns null when the text is not valid.
 */
export function base64UrlDecode(text: string): Uint8Array | null {
  const padded = text.length % 4 === 0 ? text : text + '='.repeat(4 - (text.length % 4));
  // at most two '=' and only at the very end
  let body = padded;
  if (body.endsWith('==')) body = body.slice(0, -2);
  else if (body.endsWith('=')) body = body.slice(0, -1);
  // Node decodes leniently (it skips '=', whitespace and other characters, and accepts '+' and
  // '/'), so the text is valid exactly when re-encoding the bytes gives it back: that also
  // refuses a length of 1 mod 4 (its padding leaves a '=' in the body), any character outside
  // the URL alphabet, and non-zero unused bits in the last character
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.toString('base64url') !== body) return null;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** `hash` of a text: BLAKE2b-256 of its UTF-8 bytes, as unpadded base64url. */
export function hashText(text: string): string {
  return hashBytes(new TextEncoder().encode(text));
}

export function hashBytes(bytes: Uint8Array): string {
  return base64UrlEncode(blake2b256(bytes));
}
