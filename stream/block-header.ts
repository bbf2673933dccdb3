// Typed, validating decoder of a BlockHeader event's data (header-stream.md §4), read straight
// from UTF-8 bytes: no JSON.parse of the object, no precision loss on 64-bit numbers.

/** A block header as `ObjectEncoded BlockHeader` carries it (chainweb-node). */
export interface BlockHeader {
  readonly chainId: number;
  readonly height: number;
  /** 43-char unpadded base64url of the 32-byte block hash. */
  readonly hash: string;
  readonly parent: string;
  /** Chain id → hash of the adjacent parent (the block of that chain at `height − 1`), in JSON order. */
  readonly adjacents: ReadonlyMap<number, string>;
  /** Network name (`mainnet01`, …); the seed calls the JSON field `serviceVersion`, both are accepted. */
  readonly chainwebVersion: string;
  /** Microseconds since the UNIX epoch. */
  readonly creationTime: number;
  /** Microseconds since the UNIX epoch. */
  readonly epochStart: number;
  /** Word64 fork state; old mainnet blocks used it as an extra nonce, far above 2^53. */
  readonly featureFlags: bigint;
  /** Word64 as its decimal text (validated: digits only, at most 2^64 − 1); `BigInt(nonce)` for the number. */
  readonly nonce: string;
  readonly payloadHash: string;
  /** 256-bit PoW target, little-endian, base64url. */
  readonly target: string;
  /** 256-bit cumulative difficulty, little-endian, base64url. */
  readonly weight: string;
}

/** The data object of one `BlockHeader` event. */
export interface BlockHeaderEvent {
  readonly header: BlockHeader;
  /** 64 lowercase hex digits, big-endian. */
  readonly powHash: string;
  /** The header target as 64 lowercase hex digits, big-endian. */
  readonly target: string;
  readonly txCount: number;
}

export type HeaderErrorKind =
  | 'syntax' // not JSON, or JSON in a place we cannot read
  | 'missing-field'
  | 'duplicate-field'
  | 'wrong-type' // e.g. a string where a number belongs
  | 'invalid-value' // right type, wrong form (length, alphabet, not an integer)
  | 'out-of-range'; // a number outside its type (negative, above Word64, above 2^53 for a JS number)

export class HeaderDecodeError extends Error {
  override readonly name = 'HeaderDecodeError';
  constructor(
    readonly kind: HeaderErrorKind,
    /** Path of the offending field, e.g. `header.nonce`, `header.adjacents.5`, `txCount`; `` for the root. */
    readonly field: string,
    message: string,
    /** Byte offset within the data where the problem was found. */
    readonly offset: number,
  ) {
    super(field === '' ? message : `${field}: ${message}`);
  }
}

import {
  BACKSLASH, BASE64URL, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, HASH_LENGTH, HEX_LENGTH, LOWER_HEX, MAX_UINT32,
  MAX_WORD64, MINUS, NINE, OPEN_BRACE, OPEN_BRACKET, QUOTE, ZERO, asBuffer, isWord64Digits, latin1,
  BASE64URL_CLASS, LOWER_HEX_CLASS, allPairsIn,
} from './json-bytes.js';
import { Adjacents } from './adjacents.js';
import { HeaderFastPath } from './header-fast-path.js';

const utf8 = new TextDecoder('utf-8');

// Field ids, in the alphabetical order current nodes emit (the order the fast path tries first).
const enum Top {
  header,
  powHash,
  target,
  txCount,
}
const TOP_KEYS = ['header', 'powHash', 'target', 'txCount'];

const enum Field {
  adjacents,
  chainId,
  chainwebVersion,
  creationTime,
  epochStart,
  featureFlags,
  hash,
  height,
  nonce,
  parent,
  payloadHash,
  target,
  weight,
  serviceVersion, // the seed's name for chainwebVersion; sets the same field
}
const HEADER_KEYS = [
  'adjacents', 'chainId', 'chainwebVersion', 'creationTime', 'epochStart', 'featureFlags', 'hash',
  'height', 'nonce', 'parent', 'payloadHash', 'target', 'weight', 'serviceVersion',
];

/** A header has 13 fields (serviceVersion is chainwebVersion under another name). */
const HEADER_FIELDS = 13;

const UNKNOWN_KEY = -1;

/** A key set with a lookup by (length, first byte): each of our keys is alone in its slot, so a
 *  key in any order is found with one comparison rather than by trying every key. */
interface KeySet {
  bytes: Buffer[];
  slot: Int8Array;
  /** the key that followed each key (and, at the end, the first key) last time: a stream keeps one
   *  layout, so this guess is right after the first event whatever the order. Only a guess. */
  follows: Int8Array;
}
function keySet(keys: string[]): KeySet {
  const bytes = keys.map((k) => Buffer.from(k, 'latin1'));
  const slot = new Int8Array(64 * 128).fill(UNKNOWN_KEY);
  bytes.forEach((k, i) => {
    const at = (k.length << 7) | k[0]!;
    if (slot[at] !== UNKNOWN_KEY) throw new Error(`keys ${keys[slot[at]!]} and ${keys[i]} share a slot`);
    slot[at] = i;
  });
  const follows = new Int8Array(keys.length + 1).fill(UNKNOWN_KEY);
  follows.forEach((_, i) => { follows[i] = i + 1 < keys.length ? i + 1 : UNKNOWN_KEY; }); // alphabetical at first
  follows[keys.length] = 0;
  return { bytes, slot, follows };
}
const TOP_KEY_SET = keySet(TOP_KEYS);
const HEADER_KEY_SET = keySet(HEADER_KEYS);

const ZERO_BIGINT = 0n;
// Placeholder name while reading an adjacent hash; replaced by `header.adjacents.<chain>` on error.
const ADJACENT_FIELD = 'header.adjacents';

/**
 * Decodes event data into a `BlockHeaderEvent`. Reusable and not re-entrant; one instance per
 * stream keeps the version string cached. Throws `HeaderDecodeError` naming the field.
 */
export class BlockHeaderDecoder {
  private b: Buffer = Buffer.alloc(0);
  private p = 0;
  private end = 0;
  private base = 0;
  // The whole data as a one-byte string, made on first use: every ASCII field is then a substring
  // (V8 makes those as O(1) slices), one native call per event instead of one per field.
  private text = '';
  private textReady = false;
  private readonly fast = new HeaderFastPath();
  // a view of the data's whole ArrayBuffer, for validating two bytes at a time
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  private viewOffset = 0;
  // the Buffer `view` and `viewOffset` were set for (getters of buffer and byteOffset are not free)
  private viewData: Buffer | undefined;
  // the last version string read, and its bytes (a stream repeats one version)
  private versionBytes: Buffer = Buffer.alloc(0);
  private versionText = '';
  // the key order of the event being read (UNKNOWN_KEY for an unknown key), to teach the fast path
  private readonly topOrder = new Int8Array(TOP_KEYS.length);
  private topCount = 0;
  private readonly headerOrder = new Int8Array(HEADER_FIELDS);
  private headerCount = 0;
  // the key order and version last taught, so that each layout is taught once
  private readonly taughtTop = new Int8Array(TOP_KEYS.length).fill(UNKNOWN_KEY);
  private readonly taughtHeader = new Int8Array(HEADER_FIELDS).fill(UNKNOWN_KEY);
  private taughtVersion = '';

  /**
   * How often the general reader left its shortcuts, for tests that check the shortcuts are taken
   * (each falls back to a slower way to the same result, so only these counts show a broken one):
   * an event the fast path did not take, a key that was not the one that followed the previous
   * key last time, a value or key read by the general string reader, a layout taught to the fast path.
   */
  readonly detours = { generalReads: 0, keyGuessMisses: 0, slowValues: 0, lessons: 0 };

  decode(bytes: Uint8Array, start = 0, end = bytes.length): BlockHeaderEvent {
    const b = asBuffer(bytes);
    const event = this.fast.read(b, start, end);
    if (event !== undefined) return event;
    return this.readGeneral(b, start, end);
  }

  /**
   * `decode` for a caller that holds `bytes` read as latin1 from `textStart` on (one string for a
   * whole chunk of events): the header's strings become slices of it instead of a new string per event.
   */
  decodeWithText(bytes: Uint8Array, start: number, end: number, text: string, textStart: number): BlockHeaderEvent {
    const b = asBuffer(bytes);
    const event = this.fast.read(b, start, end, text, textStart);
    if (event !== undefined) return event;
    return this.readGeneral(b, start, end);
  }

  /** The general reader: any key order, whitespace, escapes, unknown members; names what is wrong. */
  private readGeneral(b: Buffer, start: number, end: number): BlockHeaderEvent {
    this.detours.generalReads++;
    if (b !== this.viewData) {
      if (this.view.buffer !== b.buffer) this.view = new DataView(b.buffer);
      this.viewOffset = b.byteOffset;
      this.viewData = b;
    }
    this.b = b;
    this.p = start;
    this.base = start;
    this.end = end;
    try {
      const event = this.readEvent();
      this.skipWhitespace();
      if (this.p !== this.end) this.fail('syntax', '', 'unexpected text after the object');
      if (this.topCount === 4 && this.headerCount === HEADER_FIELDS && !this.taught(event.header.chainwebVersion)) this.teach(b, start, end, event.header.chainwebVersion);
      return event;
    } finally {
      this.b = EMPTY; // do not keep the caller's chunk alive
      this.text = '';
      this.textReady = false;
    }
  }

  /** True if the fast path was already taught the key order just read, with this version. */
  private taught(version: string): boolean {
    if (version !== this.taughtVersion) return false;
    for (let i = 0; i < 4; i++) if (this.topOrder[i] !== this.taughtTop[i]) return false;
    for (let i = 0; i < HEADER_FIELDS; i++) if (this.headerOrder[i] !== this.taughtHeader[i]) return false;
    return true;
  }

  /**
   * Teaches the fast path the layout of the event just read (4 and 13 keys read without an error:
   * each known key once, no unknown one): a
   * stream keeps one layout, so the events after it skip this reader. The layout is dropped at
   * once if it does not fit the very event it came from (whitespace or escapes in it).
   */
  private teach(b: Buffer, start: number, end: number, version: string): void {
    this.detours.lessons++;
    this.taughtTop.set(this.topOrder);
    this.taughtHeader.set(this.headerOrder);
    this.taughtVersion = version;
    const top = Array.from(this.topOrder, (k) => TOP_KEYS[k]!);
    const header = Array.from(this.headerOrder, (k) => HEADER_KEYS[k]!);
    if (this.fast.learn(top, header, version) && this.fast.read(b, start, end) === undefined) this.fast.forget();
  }

  private readEvent(): BlockHeaderEvent {
    let header: BlockHeader | undefined;
    let powHash: string | undefined;
    let target: string | undefined;
    let txCount = -1;
    let previous = TOP_KEY_SET.bytes.length;
    this.topCount = 0;
    this.headerCount = 0;
    this.openObject('');
    if (!this.closeObjectIfEmpty()) {
      do {
        const key = this.readKey(TOP_KEY_SET, previous, '');
        if (key !== UNKNOWN_KEY) previous = key;
        if (this.topCount < 4) this.topOrder[this.topCount] = key;
        this.topCount++;
        switch (key) {
          case Top.header:
            if (header !== undefined) this.duplicate('header');
            header = this.readHeader();
            break;
          case Top.powHash:
            if (powHash !== undefined) this.duplicate('powHash');
            powHash = this.readHex('powHash');
            break;
          case Top.target:
            if (target !== undefined) this.duplicate('target');
            target = this.readHex('target');
            break;
          case Top.txCount:
            if (txCount !== -1) this.duplicate('txCount');
            txCount = this.readSafeInteger('txCount');
            break;
          default:
            this.skipValue(''); // e.g. payloadWithOutputs on /block/updates
        }
      } while (this.nextMember(''));
    }
    if (header === undefined) this.missing('header');
    if (powHash === undefined) this.missing('powHash');
    if (target === undefined) this.missing('target');
    if (txCount === -1) this.missing('txCount');
    return { header, powHash, target, txCount };
  }

  private readHeader(): BlockHeader {
    let adjacents: Adjacents | undefined;
    let chainId = -1;
    let chainwebVersion: string | undefined;
    let creationTime = -1;
    let epochStart = -1;
    let featureFlags: bigint | undefined;
    let hash: string | undefined;
    let height = -1;
    let nonce: string | undefined;
    let parent: string | undefined;
    let payloadHash: string | undefined;
    let target: string | undefined;
    let weight: string | undefined;
    let previous = HEADER_KEY_SET.bytes.length;
    this.openObject('header');
    if (!this.closeObjectIfEmpty()) {
      do {
        const key = this.readKey(HEADER_KEY_SET, previous, 'header');
        if (key !== UNKNOWN_KEY) previous = key;
        if (this.headerCount < HEADER_FIELDS) this.headerOrder[this.headerCount] = key;
        this.headerCount++;
        switch (key) {
          case Field.adjacents:
            if (adjacents !== undefined) this.duplicate('header.adjacents');
            adjacents = this.readAdjacents();
            break;
          case Field.chainId:
            if (chainId !== -1) this.duplicate('header.chainId');
            chainId = this.readUint32('header.chainId');
            break;
          case Field.chainwebVersion:
          case Field.serviceVersion:
            if (chainwebVersion !== undefined) this.duplicate(key === Field.serviceVersion ? 'header.serviceVersion' : 'header.chainwebVersion');
            chainwebVersion = this.readVersion(key === Field.serviceVersion ? 'header.serviceVersion' : 'header.chainwebVersion');
            break;
          case Field.creationTime:
            if (creationTime !== -1) this.duplicate('header.creationTime');
            creationTime = this.readSafeInteger('header.creationTime');
            break;
          case Field.epochStart:
            if (epochStart !== -1) this.duplicate('header.epochStart');
            epochStart = this.readSafeInteger('header.epochStart');
            break;
          case Field.featureFlags:
            if (featureFlags !== undefined) this.duplicate('header.featureFlags');
            featureFlags = this.readWord64Number('header.featureFlags');
            break;
          case Field.hash:
            if (hash !== undefined) this.duplicate('header.hash');
            hash = this.readHash('header.hash');
            break;
          case Field.height:
            if (height !== -1) this.duplicate('header.height');
            height = this.readSafeInteger('header.height');
            break;
          case Field.nonce:
            if (nonce !== undefined) this.duplicate('header.nonce');
            nonce = this.readWord64String('header.nonce');
            break;
          case Field.parent:
            if (parent !== undefined) this.duplicate('header.parent');
            parent = this.readHash('header.parent');
            break;
          case Field.payloadHash:
            if (payloadHash !== undefined) this.duplicate('header.payloadHash');
            payloadHash = this.readHash('header.payloadHash');
            break;
          case Field.target:
            if (target !== undefined) this.duplicate('header.target');
            target = this.readHash('header.target');
            break;
          case Field.weight:
            if (weight !== undefined) this.duplicate('header.weight');
            weight = this.readHash('header.weight');
            break;
          default:
            this.skipValue('header'); // a field newer than this decoder
        }
      } while (this.nextMember('header'));
    }
    if (adjacents === undefined) this.missing('header.adjacents');
    if (chainId === -1) this.missing('header.chainId');
    if (chainwebVersion === undefined) this.missing('header.chainwebVersion');
    if (creationTime === -1) this.missing('header.creationTime');
    if (epochStart === -1) this.missing('header.epochStart');
    if (featureFlags === undefined) this.missing('header.featureFlags');
    if (hash === undefined) this.missing('header.hash');
    if (height === -1) this.missing('header.height');
    if (nonce === undefined) this.missing('header.nonce');
    if (parent === undefined) this.missing('header.parent');
    if (payloadHash === undefined) this.missing('header.payloadHash');
    if (target === undefined) this.missing('header.target');
    if (weight === undefined) this.missing('header.weight');
    return {
      chainId, height, hash, parent, adjacents, chainwebVersion, creationTime, epochStart,
      featureFlags, nonce, payloadHash, target, weight,
    };
  }

  private readAdjacents(): Adjacents {
    const adjacents = new Adjacents();
    this.openObject('header.adjacents');
    if (this.closeObjectIfEmpty()) return adjacents;
    do {
      const chain = this.readChainKey();
      if (adjacents.has(chain)) this.duplicate(`header.adjacents.${chain}`);
      let hash: string;
      try {
        hash = this.readHash(ADJACENT_FIELD);
      } catch (error) {
        // Name the entry only when it is wrong: building the name for every entry would cost an allocation.
        if (error instanceof HeaderDecodeError && error.field === ADJACENT_FIELD) {
          throw new HeaderDecodeError(error.kind, `header.adjacents.${chain}`, error.message.slice(ADJACENT_FIELD.length + 2), error.offset);
        }
        throw error;
      }
      adjacents.add(chain, hash);
    } while (this.nextMember('header.adjacents'));
    return adjacents;
  }

  // ---- structure ----

  private skipWhitespace(): void {
    const b = this.b;
    let p = this.p;
    while (p < this.end) {
      const c = b[p]!;
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      p++;
    }
    this.p = p;
  }

  /** Reads whitespace and the next byte; -1 at the end of the data. */
  private nextToken(): number {
    if (this.b[this.p]! > 0x20) return this.p < this.end ? this.b[this.p]! : -1;
    this.skipWhitespace();
    return this.p < this.end ? this.b[this.p]! : -1;
  }

  private openObject(field: string): void {
    const c = this.nextToken();
    if (c !== OPEN_BRACE) {
      if (c === -1) this.fail('syntax', field, 'data ends where an object belongs');
      this.fail('wrong-type', field, 'expected an object');
    }
    this.p++;
  }

  private closeObjectIfEmpty(): boolean {
    if (this.nextToken() === CLOSE_BRACE) {
      this.p++;
      return true;
    }
    return false;
  }

  /** After a member: `,` means another follows, `}` closes the object. */
  private nextMember(field: string): boolean {
    const c = this.nextToken();
    this.p++;
    if (c === COMMA) return true;
    if (c === CLOSE_BRACE) return false;
    this.p--;
    return this.fail('syntax', field, "expected ',' or '}' after a member");
  }

  /**
   * Reads `"key":` and returns its index in `keys` (`UNKNOWN_KEY` if none), trying first the key
   * that followed `previous` last time, then the one key of its length and first byte.
   */
  private readKey(keys: KeySet, previous: number, field: string): number {
    if (this.nextToken() !== QUOTE) this.fail('syntax', field, 'expected a quoted key');
    const b = this.b;
    const end = this.end;
    const start = this.p + 1;
    let index = UNKNOWN_KEY;
    let p = -1;
    const guess = keys.follows[previous]!;
    if (guess !== UNKNOWN_KEY) {
      const k = keys.bytes[guess]!;
      const close = start + k.length;
      if (close < end && b[close] === QUOTE && sameBytes(b, start, k.length, k)) { index = guess; p = close; }
    }
    if (p < 0) {
      this.detours.keyGuessMisses++;
      p = start;
      while (p < end && b[p] !== QUOTE && b[p] !== BACKSLASH) p++;
      if (p < end && b[p] === QUOTE) {
        index = matchKey(b, start, p - start, keys);
      } else {
        this.detours.slowValues++;
        const key = this.readGenericString(field);
        index = keys.bytes.findIndex((k) => k.toString('latin1') === key);
        p = this.p - 1;
      }
      if (index !== UNKNOWN_KEY) keys.follows[previous] = index;
    }
    this.p = p + 1;
    if (b[this.p] === COLON) this.p++;
    else if (this.nextToken() === COLON) this.p++;
    else this.fail('syntax', field, "expected ':' after a key");
    if (this.p < end && b[this.p]! <= 0x20) this.skipWhitespace();
    return index;
  }

  /** An adjacents key: a chain id written as a decimal string. */
  private readChainKey(): number {
    if (this.nextToken() !== QUOTE) this.fail('syntax', 'header.adjacents', 'expected a quoted chain id');
    const b = this.b;
    let p = this.p + 1;
    const start = p;
    let chain = 0;
    while (p < this.end && b[p]! >= ZERO && b[p]! <= NINE) chain = chain * 10 + (b[p++]! - ZERO);
    const digits = p - start;
    if (b[p] !== QUOTE || digits === 0 || digits > 10 || chain > MAX_UINT32 || (digits > 1 && b[start] === ZERO)) {
      // escapes or a wrong key: decode it, and take it if it is a chain id all the same
      this.p = start - 1;
      this.detours.slowValues++;
      const key = this.readGenericString('header.adjacents');
      if (!/^(0|[1-9][0-9]{0,9})$/.test(key) || Number(key) > MAX_UINT32) {
        this.fail('invalid-value', `header.adjacents.${key}`, 'key is not a chain id');
      }
      p = this.p - 1;
      chain = Number(key);
    }
    this.p = p + 1;
    if (this.nextToken() !== COLON) this.fail('syntax', 'header.adjacents', "expected ':' after a key");
    this.p++;
    this.nextToken();
    return chain;
  }

  // ---- values ----

  /** A 32-byte hash as 43 chars of unpadded base64url. */
  private readHash(field: string): string {
    return this.readFixedString(field, HASH_LENGTH, BASE64URL, BASE64URL_CLASS, 'unpadded base64url of 32 bytes (43 chars)');
  }

  private readHex(field: string): string {
    return this.readFixedString(field, HEX_LENGTH, LOWER_HEX, LOWER_HEX_CLASS, '64 lowercase hex digits');
  }

  private readFixedString(field: string, length: number, alphabet: Uint8Array, classBit: number, what: string): string {
    const b = this.b;
    const start = this.p + 1;
    if (b[this.p] === QUOTE && start + length < this.end && b[start + length] === QUOTE) {
      if (allPairsIn(classBit, this.view, this.viewOffset + start, length)) {
        this.p = start + length + 1;
        return this.slice(start, start + length);
      }
    }
    // Slow path: escapes, wrong length or wrong alphabet. Decode it properly to say which.
    this.detours.slowValues++;
    const value = this.readStringValue(field);
    if (value.length !== length) this.fail('invalid-value', field, `expected ${what}, got ${value.length} chars`);
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c > 0xff || alphabet[c] !== 1) this.fail('invalid-value', field, `expected ${what}, got ${JSON.stringify(value[i])}`);
    }
    return value;
  }

  /** Bytes [from, to) of ASCII data as a string: a slice of the event's text, made once per event. */
  private slice(from: number, to: number): string {
    if (!this.textReady) {
      this.text = latin1(this.b, this.base, this.end);
      this.textReady = true;
    }
    return this.text.substring(from - this.base, to - this.base);
  }

  private readVersion(field: string): string {
    // the version of the previous header, byte for byte: no decoding
    const known = this.versionBytes;
    const b = this.b;
    const start = this.p + 1;
    if (b[this.p] === QUOTE && start + known.length < this.end && b[start + known.length] === QUOTE && known.length > 0 &&
      sameBytes(b, start, known.length, known)) {
      this.p = start + known.length + 1;
      return this.versionText;
    }
    this.detours.slowValues++;
    const value = this.readStringValue(field);
    if (value.length === 0 || value.length > 64 || !/^[\x21-\x7e]+$/.test(value)) {
      this.fail('invalid-value', field, `expected a network name, got ${JSON.stringify(value)}`);
    }
    this.fast.rememberVersion(value);
    if (/^[\x21-\x7e]+$/.test(value) && !value.includes('"') && !value.includes('\\')) {
      this.versionBytes = Buffer.from(value, 'latin1');
      this.versionText = value;
    }
    return value;
  }

  /** A Word64 written as a decimal string (the nonce). */
  private readWord64String(field: string): string {
    const b = this.b;
    const start = this.p + 1;
    if (b[this.p] === QUOTE) {
      let p = start;
      while (p < this.end && b[p]! - ZERO >>> 0 < 10) p++;
      if (p > start && p < this.end && b[p] === QUOTE && isWord64Digits(b, start, p - start)) {
        this.p = p + 1;
        return this.slice(start, p);
      }
    }
    this.detours.slowValues++;
    const value = this.readStringValue(field);
    if (value.length === 0 || !/^[0-9]+$/.test(value)) {
      this.fail('invalid-value', field, `expected the decimal text of a Word64, got ${JSON.stringify(value)}`);
    }
    if (!isWord64Digits(Buffer.from(value, 'latin1'), 0, value.length)) this.fail('out-of-range', field, `${value} is above 2^64 - 1`);
    return value;
  }

  /** A Word64 written as a JSON number; kept exact as a bigint. */
  private readWord64Number(field: string): bigint {
    const start = this.p;
    const small = this.readDigits(field);
    const digits = this.p - start;
    if (digits <= 15) return small === 0 ? ZERO_BIGINT : BigInt(small);
    const n = BigInt(latin1(this.b, start, this.p));
    if (n > MAX_WORD64) this.fail('out-of-range', field, 'above 2^64 - 1');
    return n;
  }

  private readUint32(field: string): number {
    const n = this.readDigits(field);
    if (n > MAX_UINT32) this.fail('out-of-range', field, 'above 2^32 - 1');
    return n;
  }

  private readSafeInteger(field: string): number {
    const n = this.readDigits(field);
    if (n > Number.MAX_SAFE_INTEGER) this.fail('out-of-range', field, 'above 2^53 - 1');
    return n;
  }

  /**
   * A non-negative JSON integer, accumulated as a double: exact up to 2^53, and any larger value
   * stays larger than MAX_SAFE_INTEGER, so callers can range-check the result.
   */
  private readDigits(field: string): number {
    const b = this.b;
    let p = this.p;
    const start = p;
    let n = 0;
    while (p < this.end) {
      const d = b[p]! - ZERO;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
      p++;
    }
    if (p === start) {
      if (p >= this.end) this.fail('syntax', field, 'data ends where a number belongs');
      const c = b[p];
      if (c === MINUS) this.fail('out-of-range', field, 'negative');
      if (c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET || c === 0x74 || c === 0x66 || c === 0x6e) {
        this.fail('wrong-type', field, 'expected a number');
      }
      this.fail('syntax', field, 'expected a number');
    }
    const next = p < this.end ? b[p] : -1;
    if (next === 0x2e || next === 0x65 || next === 0x45) this.fail('invalid-value', field, 'expected an integer');
    if (p - start > 1 && b[start] === ZERO) this.fail('syntax', field, 'leading zero');
    this.p = p;
    return n;
  }

  /** A JSON string value (any form), as a JS string. */
  private readStringValue(field: string): string {
    const c = this.b[this.p];
    if (c !== QUOTE) {
      if (this.p >= this.end) this.fail('syntax', field, 'data ends where a value belongs');
      this.fail('wrong-type', field, 'expected a string');
    }
    return this.readGenericString(field);
  }

  /** Reads the string at `p` (escapes allowed); the rare path, so it may use JSON.parse on the string. */
  private readGenericString(field: string): string {
    const b = this.b;
    const start = this.p;
    let p = start + 1;
    let escaped = false;
    while (p < this.end && b[p] !== QUOTE) {
      if (b[p] === BACKSLASH) {
        escaped = true;
        p++;
      }
      p++;
    }
    if (p >= this.end) this.fail('syntax', field, 'unterminated string');
    this.p = p + 1;
    const raw = utf8.decode(b.subarray(start, p + 1));
    if (!escaped && !/[\u0000-\u001f]/.test(raw)) return raw.slice(1, -1);
    try {
      return JSON.parse(raw) as string;
    } catch {
      this.p = start;
      return this.fail('syntax', field, 'invalid string');
    }
  }

  /** Skips any JSON value (for members this decoder does not know), checking JSON's grammar as a
   *  JSON parser would: every bracket closed by its own kind, commas between elements, a string
   *  name and a colon before each member's value. Containers nest on an explicit stack, so a
   *  deeply nested value cannot exhaust the JS stack. */
  private skipValue(field: string): void {
    const open: number[] = []; // the closing byte each open container expects, innermost last
    for (;;) {
      // a value
      const c = this.nextToken();
      if (c === -1) this.fail('syntax', field, 'data ends inside a value');
      if (c === QUOTE) {
        this.readGenericString(field);
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        this.p++;
        const close = c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
        const next = this.nextToken();
        if (next === close) {
          this.p++;
        } else {
          open.push(close);
          if (close === CLOSE_BRACE) this.skipMemberName(field);
          continue;
        }
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        this.fail('syntax', field, 'unbalanced brackets');
      } else if (c === COMMA || c === COLON) {
        this.fail('syntax', field, 'expected a value');
      } else {
        this.skipLiteral(field);
      }
      // what may follow a value: a comma (then the next element) or its container's close
      for (;;) {
        if (open.length === 0) return;
        const d = this.nextToken();
        if (d === -1) this.fail('syntax', field, 'data ends inside a value');
        const close = open[open.length - 1]!;
        if (d === COMMA) {
          this.p++;
          if (close === CLOSE_BRACE) this.skipMemberName(field);
          break;
        }
        if (d === close) { this.p++; open.pop(); continue; }
        if (d === CLOSE_BRACE || d === CLOSE_BRACKET) this.fail('syntax', field, 'unbalanced brackets');
        this.fail('syntax', field, 'expected a comma or the end of the container');
      }
    }
  }

  /** A member's name and its colon, inside a skipped object. */
  private skipMemberName(field: string): void {
    const c = this.nextToken();
    if (c === -1) this.fail('syntax', field, 'data ends inside a value');
    if (c !== QUOTE) this.fail('syntax', field, 'expected a member name');
    this.readGenericString(field);
    const d = this.nextToken();
    if (d === -1) this.fail('syntax', field, 'data ends inside a value');
    if (d !== COLON) this.fail('syntax', field, 'expected a colon');
    this.p++;
  }

  /** A number or literal, up to the next delimiter, by JSON's grammar. */
  private skipLiteral(field: string): void {
    const b = this.b;
    let p = this.p;
    while (p < this.end) {
      const d = b[p]!;
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || d === COLON || d <= 0x20) break;
      p++;
    }
    const token = b.toString('latin1', this.p, p);
    if (!/^(-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null)$/.test(token)) {
      this.fail('syntax', field, `invalid token ${JSON.stringify(token)}`);
    }
    this.p = p;
  }

  // ---- errors ----

  private fail(kind: HeaderErrorKind, field: string, message: string): never {
    throw new HeaderDecodeError(kind, field, message, this.p - this.base);
  }

  private missing(field: string): never {
    return this.fail('missing-field', field, 'missing');
  }

  private duplicate(field: string): never {
    return this.fail('duplicate-field', field, 'appears twice');
  }
}

const EMPTY = Buffer.alloc(0);

function matchKey(b: Buffer, start: number, length: number, keys: KeySet): number {
  const first = b[start]!;
  if (length >= 64 || first >= 128) return UNKNOWN_KEY;
  const k = keys.slot[(length << 7) | first]!;
  return k !== UNKNOWN_KEY && sameBytes(b, start, length, keys.bytes[k]!) ? k : UNKNOWN_KEY;
}

function sameBytes(b: Buffer, start: number, length: number, key: Buffer): boolean {
  if (key.length !== length) return false;
  for (let i = 0; i < length; i++) if (b[start + i] !== key[i]) return false;
  return true;
}

const shared = new BlockHeaderDecoder();

/** Decodes one event's data (UTF-8 JSON bytes). Throws `HeaderDecodeError`. */
export function decodeBlockHeaderEvent(bytes: Uint8Array, start = 0, end = bytes.length): BlockHeaderEvent {
  return shared.decode(bytes, start, end);
}

/** Convenience for tests and tools: decode from a string. */
export function parseBlockHeaderEvent(json: string): BlockHeaderEvent {
  return shared.decode(Buffer.from(json, 'utf8'));
}
