// BLAKE2b-256 and unpadded base64url, the hash and text encoding Pact uses everywhere.

import blake from 'blakejs';

export function blake2b256(bytes: Uint8Array): Uint8Array {
  return blake.blake2b(bytes, undefined, 32);
}

export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/** Strict unpadded base64url decode; null when the text is not valid. */
export function base64UrlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  // reject non-canonical trailing bits: re-encoding must give the input back
  if (bytes.toString('base64url') !== text) return null;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** `hash` of a text: BLAKE2b-256 of its UTF-8 bytes, as unpadded base64url. */
export function hashText(text: string): string {
  return base64UrlEncode(blake2b256(new TextEncoder().encode(text)));
}
