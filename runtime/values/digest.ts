// BLAKE2b-256 as Pact hashes: `hash` of a text or bytes, printed as unpadded base64url.

import { blake2b256 } from './blake2b.js';
import { base64UrlEncode } from './base64url.js';

export { blake2b256 };

/** `hash` of a text: BLAKE2b-256 of its UTF-8 bytes, as unpadded base64url. */
export function hashText(text: string): string {
  return hashBytes(new TextEncoder().encode(text));
}

export function hashBytes(bytes: Uint8Array): string {
  return base64UrlEncode(blake2b256(bytes));
}
