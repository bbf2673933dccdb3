// The header decoder's fast path: the exact bytes current nodes emit (aeson 2, keys in alphabetical
// order, no whitespace). It validates every value as strictly as the general reader; on any
// difference it returns undefined and the general reader starts over (and names the error).

import type { BlockHeader, BlockHeaderEvent } from './block-header.js';
import {
  BASE64URL, CLOSE_BRACE, COMMA, HASH_LENGTH, HEX_LENGTH, LOWER_HEX, MAX_UINT32, MAX_WORD64, NINE, QUOTE,
  ZERO, allPairsIn, isWord64Digits, latin1, pairTable,
} from './json-bytes.js';

/** A fixed run of bytes, also kept as little-endian 32-bit words so it can be compared 4 bytes at a time. */
class Literal {
  readonly bytes: Buffer;
  readonly words: Uint32Array;
  constructor(text: string) {
    this.bytes = Buffer.from(text, 'latin1');
    this.words = new Uint32Array(this.bytes.length >> 2);
    for (let w = 0; w < this.words.length; w++) this.words[w] = this.bytes.readUInt32LE(w * 4);
  }
}
const literal = (text: string) => new Literal(text);
const OPEN = literal('{"header":{"adjacents":{');
const CHAIN_ID = literal('},"chainId":');
const VERSION = literal(',"chainwebVersion":"');
const CREATION_TIME = literal('","creationTime":');
const EPOCH_START = literal(',"epochStart":');
const FEATURE_FLAGS = literal(',"featureFlags":');
const HASH = literal(',"hash":"');
const HEIGHT = literal('","height":');
const NONCE = literal(',"nonce":"');
const PARENT = literal('","parent":"');
const PAYLOAD_HASH = literal('","payloadHash":"');
const TARGET = literal('","target":"');
const WEIGHT = literal('","weight":"');
const POW_HASH = literal('"},"powHash":"');
const EVENT_TARGET = literal('","target":"');
const TX_COUNT = literal('","txCount":');

const ZERO_BIGINT = 0n;
const BASE64URL_PAIRS = pairTable(BASE64URL);
const LOWER_HEX_PAIRS = pairTable(LOWER_HEX);

function isHash(b: Buffer, p: number, end: number): boolean {
  return p + HASH_LENGTH < end && b[p + HASH_LENGTH] === QUOTE &&
    allPairsIn(BASE64URL_PAIRS, BASE64URL, view, chunkOffset + p, HASH_LENGTH);
}

function isHex(b: Buffer, p: number, end: number): boolean {
  return p + HEX_LENGTH < end && b[p + HEX_LENGTH] === QUOTE &&
    allPairsIn(LOWER_HEX_PAIRS, LOWER_HEX, view, chunkOffset + p, HEX_LENGTH);
}

// A DataView over the chunk's whole ArrayBuffer, reused while chunks share one (Node pools them).
let view: DataView = new DataView(new ArrayBuffer(0));
// b.byteOffset of the data being read (the getter is not free, so it is read once per event).
let chunkOffset = 0;

/** Position after `text` if it is at `p` (and before `end`), else -1. */
function expect(b: Buffer, p: number, end: number, text: Literal): number {
  const length = text.bytes.length;
  if (p < 0 || p + length > end) return -1;
  const words = text.words;
  const at = chunkOffset + p;
  let difference = 0;
  for (let w = 0; w < words.length; w++) difference |= view.getUint32(at + w * 4, true) ^ words[w]!;
  for (let i = words.length * 4; i < length; i++) difference |= b[p + i]! ^ text.bytes[i]!;
  return difference === 0 ? p + length : -1;
}

/** True if the bytes at `p` equal `known` and a quote follows. */
function sameString(b: Buffer, p: number, end: number, known: Buffer): boolean {
  const length = known.length;
  if (length === 0 || p + length >= end || b[p + length] !== QUOTE) return false;
  for (let i = 0; i < length; i++) if (b[p + i] !== known[i]) return false;
  return true;
}

// Set by `digits`: the value of the digits just read (exact below 2^53) and where they end.
let digitsValue = 0;

/** Reads a JSON non-negative integer at `p`; returns its end, or -1 if it is not one. */
function digits(b: Buffer, p: number, end: number): number {
  const start = p;
  while (p < end && b[p]! - ZERO >>> 0 < 10) p++;
  if (p === start || (p - start > 1 && b[start] === ZERO)) return -1;
  // Four digits per step from a big-endian word: a digit-by-digit `n * 10 + d` is one long chain of
  // dependent floating-point operations, which costs more than the whole scan.
  let n = 0;
  let i = start;
  for (; i + 4 <= p; i += 4) {
    const w = view.getUint32(chunkOffset + i) - 0x30303030;
    n = n * 10000 + ((w >>> 24) * 1000 + ((w >>> 16) & 0xff) * 100 + ((w >>> 8) & 0xff) * 10 + (w & 0xff));
  }
  for (; i < p; i++) n = n * 10 + (b[i]! - ZERO);
  digitsValue = n;
  return p;
}

export class HeaderFastPath {
  // Every header of a stream carries the same version string: keep it and compare bytes.
  private versionBytes: Buffer = Buffer.alloc(0);
  private versionString = '';

  read(b: Buffer, start: number, end: number): BlockHeaderEvent | undefined {
    if (view.buffer !== b.buffer) view = new DataView(b.buffer);
    chunkOffset = b.byteOffset;
    let p = expect(b, start, end, OPEN);
    if (p < 0) return undefined;
    // All ASCII fields become substrings of one string of the whole data (V8 makes O(1) slices).
    const text = latin1(b, start, end);

    const adjacents = new Map<number, string>();
    if (b[p] !== CLOSE_BRACE) {
      for (;;) {
        if (b[p] !== QUOTE) return undefined;
        const keyEnd = digits(b, p + 1, end);
        if (keyEnd < 0 || digitsValue > MAX_UINT32 || adjacents.has(digitsValue)) return undefined;
        p = keyEnd;
        if (b[p] !== QUOTE || b[p + 1] !== 0x3a || b[p + 2] !== QUOTE) return undefined;
        p += 3;
        if (!isHash(b, p, end)) return undefined;
        adjacents.set(digitsValue, text.substring(p - start, p + HASH_LENGTH - start));
        p += HASH_LENGTH + 1;
        if (b[p] === COMMA) p++;
        else if (b[p] === CLOSE_BRACE) break;
        else return undefined;
      }
    }

    p = expect(b, p, end, CHAIN_ID);
    if (p < 0 || (p = digits(b, p, end)) < 0 || digitsValue > MAX_UINT32) return undefined;
    const chainId = digitsValue;

    p = expect(b, p, end, VERSION);
    if (p < 0) return undefined;
    if (!sameString(b, p, end, this.versionBytes)) return undefined;
    const chainwebVersion = this.versionString;
    p += this.versionBytes.length;

    p = expect(b, p, end, CREATION_TIME);
    if (p < 0 || (p = digits(b, p, end)) < 0 || digitsValue > Number.MAX_SAFE_INTEGER) return undefined;
    const creationTime = digitsValue;

    p = expect(b, p, end, EPOCH_START);
    if (p < 0 || (p = digits(b, p, end)) < 0 || digitsValue > Number.MAX_SAFE_INTEGER) return undefined;
    const epochStart = digitsValue;

    p = expect(b, p, end, FEATURE_FLAGS);
    const flagsStart = p;
    if (p < 0 || (p = digits(b, p, end)) < 0) return undefined;
    let featureFlags: bigint;
    if (p - flagsStart <= 15) featureFlags = digitsValue === 0 ? ZERO_BIGINT : BigInt(digitsValue);
    else if (p - flagsStart > 20 || (featureFlags = BigInt(text.substring(flagsStart - start, p - start))) > MAX_WORD64) return undefined;

    p = expect(b, p, end, HASH);
    if (p < 0 || !isHash(b, p, end)) return undefined;
    const hash = text.substring(p - start, p + HASH_LENGTH - start);
    p += HASH_LENGTH;

    p = expect(b, p, end, HEIGHT);
    if (p < 0 || (p = digits(b, p, end)) < 0 || digitsValue > Number.MAX_SAFE_INTEGER) return undefined;
    const height = digitsValue;

    p = expect(b, p, end, NONCE);
    if (p < 0) return undefined;
    const nonce = this.nonce(b, text, start, p, end);
    if (nonce === undefined) return undefined;
    p = nonceEnd;

    p = expect(b, p, end, PARENT);
    if (p < 0 || !isHash(b, p, end)) return undefined;
    const parent = text.substring(p - start, p + HASH_LENGTH - start);
    p += HASH_LENGTH;

    p = expect(b, p, end, PAYLOAD_HASH);
    if (p < 0 || !isHash(b, p, end)) return undefined;
    const payloadHash = text.substring(p - start, p + HASH_LENGTH - start);
    p += HASH_LENGTH;

    p = expect(b, p, end, TARGET);
    if (p < 0 || !isHash(b, p, end)) return undefined;
    const headerTarget = text.substring(p - start, p + HASH_LENGTH - start);
    p += HASH_LENGTH;

    p = expect(b, p, end, WEIGHT);
    if (p < 0 || !isHash(b, p, end)) return undefined;
    const weight = text.substring(p - start, p + HASH_LENGTH - start);
    p += HASH_LENGTH;

    p = expect(b, p, end, POW_HASH);
    if (p < 0 || !isHex(b, p, end)) return undefined;
    const powHash = text.substring(p - start, p + HEX_LENGTH - start);
    p += HEX_LENGTH;

    p = expect(b, p, end, EVENT_TARGET);
    if (p < 0 || !isHex(b, p, end)) return undefined;
    const target = text.substring(p - start, p + HEX_LENGTH - start);
    p += HEX_LENGTH;

    p = expect(b, p, end, TX_COUNT);
    if (p < 0 || (p = digits(b, p, end)) < 0 || digitsValue > Number.MAX_SAFE_INTEGER) return undefined;
    const txCount = digitsValue;
    if (p + 1 !== end || b[p] !== CLOSE_BRACE) return undefined;

    const header: BlockHeader = {
      chainId, height, hash, parent, adjacents, chainwebVersion, creationTime, epochStart,
      featureFlags, nonce, payloadHash, target: headerTarget, weight,
    };
    return { header, powHash, target, txCount };
  }

  /** Lets the fast path recognise this version string from now on (set by the general reader). */
  rememberVersion(version: string): void {
    this.versionString = version;
    this.versionBytes = Buffer.from(version, 'latin1');
  }

  /** The nonce: 1–20 digits, at most 2^64 − 1; kept as its decimal text. */
  private nonce(b: Buffer, text: string, offset: number, p: number, end: number): string | undefined {
    const start = p;
    const limit = Math.min(end, start + 21);
    while (p < limit && b[p]! >= ZERO && b[p]! <= NINE) p++;
    const count = p - start;
    if (count === 0 || b[p] !== QUOTE || !isWord64Digits(b, start, count)) return undefined;
    nonceEnd = p;
    return text.substring(start - offset, p - offset);
  }
}

let nonceEnd = 0;
