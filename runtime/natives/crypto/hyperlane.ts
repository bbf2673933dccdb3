// Hyperlane natives (natives.md §8): the message id (Keccak-256 of the packed message) and the
// ERC-20 token message codec (uint256 amount ‖ uint16 chain id ‖ recipient guard as JSON bytes),
// with Pact's field checks and error texts.

import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { PactError } from '../../../vm/errors.js';
import { PactDecimal, PactObject, type Value } from '../../../vm/values.js';
import { decNormalize, isInt, pow10, roundHalfEven } from '../../values/numbers.js';
import { textLength } from '../../gas/charges.js';
import { decodeBase64Url, base64UrlEncode } from '../../values/base64url.js';
import { keccak256 } from './keccak.js';
import { parseJsonBytes } from './json-text.js';
import { guardFromLegacyJson } from './legacy-guard.js';
import { chargeHyperlane } from './gas.js';

const hyperlaneError = (msg: string) => new PactError('exec', `Hyperlane native error: ${msg}`);
const decodeError = (msg: string) => new PactError('exec', `Hyperlane decode error: ${msg}`);

/** A field holding a literal of the wanted kind, else "Failed to find key". */
function grab(o: PactObject, key: string, kind: 'integer' | 'string' | 'decimal'): Value {
  const v = o.get(key);
  const ok = kind === 'integer' ? isInt(v) : kind === 'string' ? typeof v === 'string' : v instanceof PactDecimal;
  if (v === undefined || !ok) throw hyperlaneError(`Failed to find key in object: ${key}`);
  return v;
}

/** An unsigned integer field of `bits` bits. */
function grabUint(o: PactObject, key: string, bits: number): bigint {
  const i = BigInt(grab(o, key, 'integer') as number | bigint);
  if (i < 0n || i >= 1n << BigInt(bits)) throw hyperlaneError(`Object key ${key} was out of bounds`);
  return i;
}

function grabBytes(o: PactObject, key: string, size?: number): Uint8Array {
  const d = decodeBase64Url(grab(o, key, 'string') as string);
  if (!d.ok) throw hyperlaneError(`Invalid base64 encoding on field ${key}`);
  if (size !== undefined && d.bytes.length !== size) {
    throw hyperlaneError(`Incorrect binary data size ${key}. Expected: ${size}, but got ${d.bytes.length}`);
  }
  return d.bytes;
}

function uintBytes(v: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = size - 1; i >= 0; i--) { out[i] = Number(v & 0xffn); v >>= 8n; }
  return out;
}

function bytesToUint(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** version:u8 ‖ nonce:u32 ‖ originDomain:u32 ‖ sender:32 ‖ destinationDomain:u32 ‖ recipient:32 ‖ body */
export function packHyperlaneMessage(o: PactObject): Uint8Array {
  const version = grabUint(o, 'version', 8);
  const nonce = grabUint(o, 'nonce', 32);
  const origin = grabUint(o, 'originDomain', 32);
  const sender = grabBytes(o, 'sender', 32);
  const destination = grabUint(o, 'destinationDomain', 32);
  const recipient = grabBytes(o, 'recipient', 32);
  const body = grabBytes(o, 'messageBody');
  return concat([uintBytes(version, 1), uintBytes(nonce, 4), uintBytes(origin, 4), sender,
    uintBytes(destination, 4), recipient, body]);
}

/** Chain ids parse like Haskell's `Text.decimal` at Word16: leading digits, wrapping mod 2^16. */
function parseChainId(s: string): bigint {
  const m = /^[0-9]+/.exec(s);
  if (!m) throw hyperlaneError('Failed to decode chainId: input does not start with a digit');
  return BigInt(m[0]) % 65536n;
}

/** amount:uint256 (the decimal rounded half-even, mod 2^256) ‖ chainId:uint16 ‖ recipient bytes */
export function packTokenMessage(o: PactObject): Uint8Array {
  const recipient = grabBytes(o, 'recipient');
  const amount = grab(o, 'amount', 'decimal') as PactDecimal;
  const chainId = parseChainId(grab(o, 'chainId', 'string') as string);
  const word = ((roundHalfEven(amount.mantissa, pow10(amount.places)) % (1n << 256n)) + (1n << 256n)) % (1n << 256n);
  return concat([uintBytes(word, 32), uintBytes(chainId, 2), recipient]);
}

/** The inverse: amount as wei/10^18 (normalised), chain id as text, recipient as a guard. */
export function unpackTokenMessage(bytes: Uint8Array): PactObject {
  if (bytes.length < 34) throw decodeError('Decoding error: binary decoding failed');
  const amount = decNormalize(new PactDecimal(bytesToUint(bytes.subarray(0, 32)), 18));
  const chainId = bytesToUint(bytes.subarray(32, 34)).toString();
  const json = parseJsonBytes(bytes.subarray(34));
  const recipient = json === null ? null : guardFromLegacyJson(json);
  if (recipient === null) throw decodeError('Could not parse recipient into a guard');
  return PactObject.of([['recipient', recipient], ['amount', amount], ['chainId', chainId]]);
}

export function hyperlaneNatives(rt: Runtime): NativeTable {
  return {
    'hyperlane-message-id': args => {
      const o = args[0];
      if (!(o instanceof PactObject)) throw argTypeError('hyperlane-message-id', args);
      const id = base64UrlEncode(keccak256(packHyperlaneMessage(o)));
      if (rt.gas.metered) chargeHyperlane(rt.gas, 'MessageId', id.length);
      return id;
    },
    'hyperlane-encode-token-message': args => {
      const o = args[0];
      if (!(o instanceof PactObject)) throw argTypeError('hyperlane-encode-token-message', args);
      const encoded = base64UrlEncode(packTokenMessage(o));
      if (rt.gas.metered) chargeHyperlane(rt.gas, 'EncodeDecodeTokenMessage', encoded.length);
      return encoded;
    },
    'hyperlane-decode-token-message': args => {
      const s = args[0];
      if (typeof s !== 'string') throw argTypeError('hyperlane-decode-token-message', args);
      if (rt.gas.metered) chargeHyperlane(rt.gas, 'EncodeDecodeTokenMessage', textLength(s));
      const d = decodeBase64Url(s);
      if (!d.ok) throw decodeError('Failed to base64-decode token message');
      return unpackTokenMessage(d.bytes);
    },
  };
}
