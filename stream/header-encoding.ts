// Encodes headers the way chainweb-node does: the event's JSON (aeson 2, keys in alphabetical order)
// and the 318-byte binary header from which `powHash` is computed (header-stream.md §4.2).

import { createHash } from 'node:crypto';
import type { BlockHeader, BlockHeaderEvent } from './block-header.js';

/** Binary version codes of the networks we know (`ChainwebVersionCode`). */
export const VERSION_CODES: Readonly<Record<string, number>> = {
  'recap-development': 1,
  development: 2,
  mainnet01: 5,
  testnet04: 7,
};

export interface JsonEncodingOptions {
  /** Name of the version field: the real node's `chainwebVersion` (default) or the seed's `serviceVersion`. */
  versionField?: 'chainwebVersion' | 'serviceVersion';
}

/** The data line of a `BlockHeader` event, byte for byte as a current node writes it. */
export function encodeHeaderEventJson(event: BlockHeaderEvent, options: JsonEncodingOptions = {}): string {
  return `{"header":${encodeHeaderJson(event.header, options)},"powHash":"${event.powHash}","target":"${event.target}","txCount":${event.txCount}}`;
}

export function encodeHeaderJson(header: BlockHeader, options: JsonEncodingOptions = {}): string {
  // aeson sorts object keys as strings: adjacents "10" < "15" < "5".
  const adjacents = [...header.adjacents.keys()]
    .map(String)
    .sort()
    .map((chain) => `"${chain}":"${header.adjacents.get(Number(chain))}"`)
    .join(',');
  const version = JSON.stringify(header.chainwebVersion);
  // Keys in aeson's (alphabetical) order; the seed's name for the version sorts after payloadHash.
  const seedNames = options.versionField === 'serviceVersion';
  return `{"adjacents":{${adjacents}},"chainId":${header.chainId},${seedNames ? '' : `"chainwebVersion":${version},`}` +
    `"creationTime":${header.creationTime},"epochStart":${header.epochStart},"featureFlags":${header.featureFlags},` +
    `"hash":"${header.hash}","height":${header.height},"nonce":"${header.nonce}","parent":"${header.parent}",` +
    `"payloadHash":"${header.payloadHash}",${seedNames ? `"serviceVersion":${version},` : ''}` +
    `"target":"${header.target}","weight":"${header.weight}"}`;
}

/** The binary header (little-endian throughout), including the trailing 32-byte hash. */
export function encodeBinaryHeader(header: BlockHeader): Buffer {
  const versionCode = VERSION_CODES[header.chainwebVersion];
  if (versionCode === undefined) throw new Error(`no binary version code for ${header.chainwebVersion}`);
  const adjacents = [...header.adjacents.entries()].sort(([a], [b]) => a - b);
  // allocUnsafe: every byte is written below, and small unsafe buffers come from Node's pool.
  const bytes = Buffer.allocUnsafe(8 + 8 + 32 + 2 + adjacents.length * 36 + 32 + 32 + 4 + 32 + 8 + 4 + 8 + 8 + 32);
  let p = 0;
  p = bytes.writeBigUInt64LE(header.featureFlags, p);
  p = bytes.writeBigUInt64LE(BigInt(header.creationTime), p);
  p += hashBytes(header.parent).copy(bytes, p);
  p = bytes.writeUInt16LE(adjacents.length, p);
  for (const [chain, hash] of adjacents) {
    p = bytes.writeUInt32LE(chain, p);
    p += hashBytes(hash).copy(bytes, p);
  }
  p += hashBytes(header.target).copy(bytes, p);
  p += hashBytes(header.payloadHash).copy(bytes, p);
  p = bytes.writeUInt32LE(header.chainId, p);
  p += hashBytes(header.weight).copy(bytes, p);
  p = bytes.writeBigUInt64LE(BigInt(header.height), p);
  p = bytes.writeUInt32LE(versionCode, p);
  p = bytes.writeBigUInt64LE(BigInt(header.epochStart), p);
  p = bytes.writeBigUInt64LE(BigInt(header.nonce), p);
  hashBytes(header.hash).copy(bytes, p);
  return bytes;
}

/** Blake2s-256 of the binary header without its hash, byte-reversed, as hex (the event's `powHash`). */
export function powHashOf(binaryHeader: Uint8Array): string {
  const digest = createHash('blake2s256').update(binaryHeader.subarray(0, binaryHeader.length - 32)).digest();
  return digest.reverse().toString('hex');
}

/** The header's little-endian base64url target as 64 big-endian hex digits (the event's `target`). */
export function hexTarget(base64urlTarget: string): string {
  return hashBytes(base64urlTarget).reverse().toString('hex');
}

export function hashBytes(base64url: string): Buffer {
  const bytes = Buffer.from(base64url, 'base64url');
  if (bytes.length !== 32) throw new Error(`expected 32 bytes of base64url, got ${bytes.length}`);
  return bytes;
}

/** 32 bytes as the 43-char unpadded base64url the node uses. */
export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/** A 256-bit little-endian number (weight, target) from / to base64url. */
export function littleEndianToBigInt(base64urlValue: string): bigint {
  const bytes = hashBytes(base64urlValue);
  let n = 0n;
  for (let word = 3; word >= 0; word--) n = (n << 64n) | bytes.readBigUInt64LE(word * 8);
  return n;
}

export function bigIntToLittleEndian(n: bigint): string {
  const bytes = Buffer.allocUnsafe(32);
  for (let word = 0; word < 4; word++) bytes.writeBigUInt64LE(BigInt.asUintN(64, n >> BigInt(64 * word)), word * 8);
  return base64url(bytes);
}
