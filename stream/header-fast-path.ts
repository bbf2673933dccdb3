// The header decoder's fast path: the exact bytes current nodes emit (aeson 2, keys in alphabetical
// order, no whitespace). It validates every value as strictly as the general reader; on any
// difference it returns undefined and the general reader starts over (and names the error).

import { Adjacents } from './adjacents.js';
import type { BlockHeader, BlockHeaderEvent } from './block-header.js';
import {
  BASE64URL_CLASS, CLOSE_BRACE, COMMA, LOWER_HEX_CLASS, MAX_UINT32, MAX_WORD64, QUOTE, ZERO, allPairsIn,
  isWord64Digits, latin1,
} from './json-bytes.js';

const HASH_FIELD = '#'.repeat(43); // 32 bytes, unpadded base64url
const HEX_FIELD = '%'.repeat(64); // 32 bytes, lowercase hex

/**
 * A fixed-length stretch of the layout: literal bytes, and fixed-length fields written `#` (one
 * base64url char) or `%` (one hex digit). Literal bytes are compared as masked 32-bit words and
 * fields through pair tables: a few dozen operations for a stretch of hundreds of bytes.
 */
class Template {
  readonly length: number;
  /** Start of each field, relative to the template. */
  readonly fields: number[] = [];
  /** Per 32-bit word holding literal bytes: offset, mask of its literal bytes, their expected value. */
  private readonly words: Int32Array;
  /** Literal bytes after the last whole word: offset, expected byte. */
  private readonly tail: Int32Array;
  /** Per field: offset, length, its character class bit. */
  private readonly runs: Int32Array;

  constructor(readonly text: string) {
    this.length = text.length;
    const isField = (c: string) => c === '#' || c === '%';
    const words: number[] = [];
    const whole = this.length & ~3;
    for (let w = 0; w < whole; w += 4) {
      let mask = 0;
      let expected = 0;
      for (let i = 0; i < 4; i++) {
        const c = text[w + i]!;
        if (!isField(c)) {
          mask |= 0xff << (8 * i);
          expected |= c.charCodeAt(0) << (8 * i);
        }
      }
      if (mask !== 0) words.push(w, mask, expected);
    }
    const tail: number[] = [];
    for (let i = whole; i < this.length; i++) if (!isField(text[i]!)) tail.push(i, text.charCodeAt(i));
    const runs: number[] = [];
    for (let i = 0; i < this.length; ) {
      if (!isField(text[i]!)) {
        i++;
        continue;
      }
      let j = i;
      while (j < this.length && text[j] === text[i]) j++;
      this.fields.push(i);
      runs.push(i, j - i, text[i] === '%' ? LOWER_HEX_CLASS : BASE64URL_CLASS);
      i = j;
    }
    this.words = Int32Array.from(words);
    this.tail = Int32Array.from(tail);
    this.runs = Int32Array.from(runs);
  }

  /** True if the data at `p` (below `end`) fits the template. */
  matches(b: Buffer, p: number, end: number): boolean {
    if (p < 0 || p + this.length > end) return false;
    const data = view;
    const at = chunkOffset + p;
    const words = this.words;
    for (let i = 0; i < words.length; i += 3) {
      if ((data.getInt32(at + words[i]!, true) & words[i + 1]!) !== words[i + 2]) return false;
    }
    const tail = this.tail;
    for (let i = 0; i < tail.length; i += 2) if (b[p + tail[i]!] !== tail[i + 1]) return false;
    const runs = this.runs;
    for (let i = 0; i < runs.length; i += 3) {
      if (!allPairsIn(runs[i + 2]!, data, at + runs[i]!, runs[i + 1]!)) return false;
    }
    return true;
  }
}

const OPEN = new Template('{"header":{"adjacents":{');
const ADJACENT_HASH = new Template(`":"${HASH_FIELD}"`); // after the chain-id key's digits
const CHAIN_ID = new Template('},"chainId":');
const EPOCH_START = new Template(',"epochStart":');
const FEATURE_FLAGS = new Template(',"featureFlags":');
const HASH = new Template(`,"hash":"${HASH_FIELD}","height":`);
const NONCE = new Template(',"nonce":"');
const REST = new Template(
  `","parent":"${HASH_FIELD}","payloadHash":"${HASH_FIELD}","target":"${HASH_FIELD}","weight":"${HASH_FIELD}"},` +
  `"powHash":"${HEX_FIELD}","target":"${HEX_FIELD}","txCount":`,
);
const [PARENT_AT, PAYLOAD_HASH_AT, TARGET_AT, WEIGHT_AT, POW_HASH_AT, EVENT_TARGET_AT] = REST.fields as [number, number, number, number, number, number];
const HASH_AT = HASH.fields[0]!;

const ZERO_BIGINT = 0n;

// A DataView over the data's whole ArrayBuffer, remade only when the buffer changes.
let view: DataView = new DataView(new ArrayBuffer(0));
// b.byteOffset of the data being read (the getter is not free, so it is read once per event).
let chunkOffset = 0;
// The Buffer `view` and `chunkOffset` were set for. A WeakRef would be tidier but costs more than
// it saves; holding one chunk until the next arrives is harmless.
let lastData: Buffer | undefined;
// Set by `digits`: the value of the digits just read (exact below 2^53). A typed array, since a
// number above 2^31 stored in a module variable would be boxed: one allocation per timestamp.
const digitsValue = new Float64Array(1);

/**
 * Reads a JSON non-negative integer at `p`; returns its end, or -1 if it is not one. Callers need
 * not check: every Template refuses to match at -1, and a template follows every number.
 */
function digits(b: Buffer, p: number, end: number): number {
  const start = p;
  let n = 0;
  for (; p < end; p++) {
    const d = b[p]! - ZERO;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  if (p === start || (p - start > 1 && b[start] === ZERO)) return -1;
  digitsValue[0] = n;
  return p;
}

/** What a learned layout reads between and inside its templates. */
const enum Value {
  chainId, creationTime, epochStart, height, txCount, featureFlags, nonce, adjacents, // between templates
  hash, parent, payloadHash, headerTarget, weight, powHash, target, // fixed fields inside templates
}
const FIRST_FIXED = Value.hash;

/**
 * The layout of a stream whose keys come in another order than the node's (any order, no
 * whitespace), learned from an event the general reader read: the whole object as templates with
 * the variable-length values between them. Validates as strictly as the hand-written path above.
 */
class LearnedLayout {
  /** templates[i] is followed by the value values[i]; the last template ends the object. */
  readonly templates: Template[] = [];
  readonly values: Value[] = [];
  /** Per template, the fixed field at each of its `fields` (a Value from FIRST_FIXED on). */
  readonly fixed: Value[][] = [];

  /** From the keys of an event the general reader read: each known key once (`serviceVersion` or `chainwebVersion`). */
  static build(topKeys: readonly string[], headerKeys: readonly string[], version: string): LearnedLayout {
    const layout = new LearnedLayout();
    let text = '{';
    let fixed: Value[] = [];
    const cut = (value: Value) => {
      layout.templates.push(new Template(text));
      layout.fixed.push(fixed);
      layout.values.push(value);
      text = '';
      fixed = [];
    };
    const field = (value: Value, run: string) => {
      text += `"${run}"`;
      fixed.push(value);
    };
    for (const [i, top] of topKeys.entries()) {
      text += `${i === 0 ? '' : ','}"${top}":`;
      if (top === 'powHash') field(Value.powHash, HEX_FIELD);
      else if (top === 'target') field(Value.target, HEX_FIELD);
      else if (top === 'txCount') cut(Value.txCount);
      else {
        text += '{';
        for (const [j, key] of headerKeys.entries()) {
          text += `${j === 0 ? '' : ','}"${key}":`;
          switch (key) {
            case 'adjacents': text += '{'; cut(Value.adjacents); text += '}'; break;
            case 'chainId': cut(Value.chainId); break;
            case 'creationTime': cut(Value.creationTime); break;
            case 'epochStart': cut(Value.epochStart); break;
            case 'height': cut(Value.height); break;
            case 'featureFlags': cut(Value.featureFlags); break;
            case 'nonce': text += '"'; cut(Value.nonce); text += '"'; break;
            case 'chainwebVersion': case 'serviceVersion': text += `"${version}"`; break;
            case 'hash': field(Value.hash, HASH_FIELD); break;
            case 'parent': field(Value.parent, HASH_FIELD); break;
            case 'payloadHash': field(Value.payloadHash, HASH_FIELD); break;
            case 'target': field(Value.headerTarget, HASH_FIELD); break;
            default: field(Value.weight, HASH_FIELD); // weight
          }
        }
        text += '}';
      }
    }
    text += '}';
    layout.templates.push(new Template(text));
    layout.fixed.push(fixed);
    return layout;
  }

  // the fixed fields of the event being read, by Value − FIRST_FIXED (reused: read is not re-entrant)
  private readonly strings: string[] = ['', '', '', '', '', '', ''];

  read(b: Buffer, start: number, end: number, text: string, base: number, version: string): BlockHeaderEvent | undefined {
    const { templates, values, fixed } = this;
    const strings = this.strings;
    let chainId = 0;
    let creationTime = 0;
    let epochStart = 0;
    let height = 0;
    let txCount = 0;
    let featureFlags = ZERO_BIGINT;
    let nonce = '';
    let adjacents: Adjacents | undefined;
    let p = start;
    for (let s = 0; ; s++) {
      const template = templates[s]!;
      if (!template.matches(b, p, end)) return undefined;
      const fields = template.fields;
      const kinds = fixed[s]!;
      for (let f = 0; f < kinds.length; f++) {
        const at = p + fields[f]! - base;
        const kind = kinds[f]!;
        strings[kind - FIRST_FIXED] = text.substring(at, at + (kind >= Value.powHash ? 64 : 43));
      }
      p += template.length;
      if (s === values.length) break;
      const value = values[s]!;
      if (value === Value.adjacents) {
        const entriesAt = p;
        p = readAdjacents(b, p, end);
        adjacents = Adjacents.inText(text, entriesAt - base, adjacentCount);
        continue;
      }
      if (value === Value.nonce) {
        const nonceStart = p;
        while (p < end && b[p]! - ZERO >>> 0 < 10) p++;
        if (p === nonceStart || !isWord64Digits(b, nonceStart, p - nonceStart)) return undefined;
        nonce = text.substring(nonceStart - base, p - base);
        continue;
      }
      const digitsStart = p;
      p = digits(b, p, end);
      const n = digitsValue[0]!;
      switch (value) {
        case Value.chainId:
          if (n > MAX_UINT32) return undefined;
          chainId = n;
          break;
        case Value.featureFlags:
          if (p - digitsStart <= 15) featureFlags = n === 0 ? ZERO_BIGINT : BigInt(n);
          else if (p - digitsStart > 20 || (featureFlags = BigInt(text.substring(digitsStart - base, p - base))) > MAX_WORD64) return undefined;
          break;
        default:
          if (n > Number.MAX_SAFE_INTEGER) return undefined;
          if (value === Value.creationTime) creationTime = n;
          else if (value === Value.epochStart) epochStart = n;
          else if (value === Value.height) height = n;
          else txCount = n;
      }
    }
    if (p !== end || adjacents === undefined) return undefined;
    const header: BlockHeader = {
      chainId, height, hash: strings[Value.hash - FIRST_FIXED]!, parent: strings[Value.parent - FIRST_FIXED]!, adjacents,
      chainwebVersion: version, creationTime, epochStart, featureFlags, nonce,
      payloadHash: strings[Value.payloadHash - FIRST_FIXED]!, target: strings[Value.headerTarget - FIRST_FIXED]!,
      weight: strings[Value.weight - FIRST_FIXED]!,
    };
    return { header, powHash: strings[Value.powHash - FIRST_FIXED]!, target: strings[Value.target - FIRST_FIXED]!, txCount };
  }
}

// Chain ids of the adjacents read so far (a scratch list, reused), and how many.
const seenChains: number[] = [];
let adjacentCount = 0;

/** Records one more adjacent chain id; false if it was seen already in this object. */
function isNewChain(chain: number): boolean {
  const count = adjacentCount;
  for (let i = 0; i < count; i++) if (seenChains[i] === chain) return false;
  seenChains[count] = chain;
  adjacentCount = count + 1;
  return true;
}

/**
 * Validates the entries of an adjacents object up to its `}` (not read), counting them in
 * `adjacentCount`; returns where it stopped, or -1.
 */
function readAdjacents(b: Buffer, p: number, end: number): number {
  adjacentCount = 0;
  if (b[p] === CLOSE_BRACE) return p;
  for (;;) {
    if (b[p] !== QUOTE) return -1;
    p = digits(b, p + 1, end);
    const chain = digitsValue[0]!;
    if (chain > MAX_UINT32 || !ADJACENT_HASH.matches(b, p, end) || !isNewChain(chain)) return -1;
    p += ADJACENT_HASH.length;
    if (b[p] === COMMA) p++;
    else return b[p] === CLOSE_BRACE ? p : -1;
  }
}

export class HeaderFastPath {
  // Every header of a stream carries the same version: `,"chainwebVersion":"<it>","creationTime":` is a template.
  private version: Template | undefined;
  private versionString = '';
  // the layout learned from the general reader, if the stream's keys come in another order
  private learned: LearnedLayout | undefined;
  private learnedVersion = '';

  /**
   * Reads `b[start, end)`. `text`, if given, is `b` read as latin1 from `textStart` on (a caller that
   * decodes many events of one chunk makes it once); otherwise the event's own bytes are read so.
   */
  read(b: Buffer, start: number, end: number, text?: string, textStart = 0): BlockHeaderEvent | undefined {
    const version = this.version;
    const learned = this.learned;
    if (version === undefined && learned === undefined) return undefined;
    if (b !== lastData) {
      // The same chunk usually holds many events: look at its buffer only when the chunk changes.
      if (view.buffer !== b.buffer) view = new DataView(b.buffer);
      chunkOffset = b.byteOffset;
      lastData = b;
    }
    const nodeLayout = version !== undefined && OPEN.matches(b, start, end);
    if (!nodeLayout && learned === undefined) return undefined;
    // All ASCII fields become substrings of one string (V8 makes those O(1) slices): one native
    // call instead of one per field. Offsets into `text` are `position - base`.
    if (text === undefined) {
      text = latin1(b, start, end);
      textStart = start;
    }
    if (nodeLayout) {
      const event = this.readNodeLayout(b, start, end, text, textStart, version!);
      if (event !== undefined || learned === undefined) return event;
    }
    return learned!.read(b, start, end, text, textStart, this.learnedVersion);
  }

  /** The node's own layout, once `OPEN` matched at `start`. */
  private readNodeLayout(b: Buffer, start: number, end: number, text: string, base: number, version: Template): BlockHeaderEvent | undefined {
    let p = start + OPEN.length;

    const entriesAt = p;
    adjacentCount = 0;
    if (b[p] !== CLOSE_BRACE) {
      for (;;) {
        if (b[p] !== QUOTE) return undefined;
        p = digits(b, p + 1, end);
        const chain = digitsValue[0]!;
        if (chain > MAX_UINT32 || !ADJACENT_HASH.matches(b, p, end) || !isNewChain(chain)) return undefined;
        p += ADJACENT_HASH.length;
        if (b[p] === COMMA) p++;
        else if (b[p] === CLOSE_BRACE) break;
        else return undefined;
      }
    }
    const adjacents = Adjacents.inText(text, entriesAt - base, adjacentCount);

    if (!CHAIN_ID.matches(b, p, end)) return undefined;
    p = digits(b, p + CHAIN_ID.length, end);
    const chainId = digitsValue[0]!;
    if (chainId > MAX_UINT32 || !version.matches(b, p, end)) return undefined;

    p = digits(b, p + version.length, end);
    const creationTime = digitsValue[0]!;
    if (creationTime > Number.MAX_SAFE_INTEGER || !EPOCH_START.matches(b, p, end)) return undefined;

    p = digits(b, p + EPOCH_START.length, end);
    const epochStart = digitsValue[0]!;
    if (epochStart > Number.MAX_SAFE_INTEGER || !FEATURE_FLAGS.matches(b, p, end)) return undefined;

    const flagsStart = p + FEATURE_FLAGS.length;
    p = digits(b, flagsStart, end);
    let featureFlags: bigint;
    if (p - flagsStart <= 15) featureFlags = digitsValue[0] === 0 ? ZERO_BIGINT : BigInt(digitsValue[0]!);
    else if (p - flagsStart > 20 || (featureFlags = BigInt(text.substring(flagsStart - base, p - base))) > MAX_WORD64) return undefined;

    if (!HASH.matches(b, p, end)) return undefined;
    const hash = text.substring(p + HASH_AT - base, p + HASH_AT + 43 - base);
    p = digits(b, p + HASH.length, end);
    const height = digitsValue[0]!;
    if (height > Number.MAX_SAFE_INTEGER || !NONCE.matches(b, p, end)) return undefined;

    // The nonce: 1–20 digits, at most 2^64 − 1, kept as its decimal text.
    const nonceStart = p + NONCE.length;
    p = nonceStart;
    while (p < end && b[p]! - ZERO >>> 0 < 10) p++;
    if (p === nonceStart || !isWord64Digits(b, nonceStart, p - nonceStart)) return undefined;
    const nonce = text.substring(nonceStart - base, p - base);

    if (!REST.matches(b, p, end)) return undefined;
    const at = p - base;
    const parent = text.substring(at + PARENT_AT, at + PARENT_AT + 43);
    const payloadHash = text.substring(at + PAYLOAD_HASH_AT, at + PAYLOAD_HASH_AT + 43);
    const headerTarget = text.substring(at + TARGET_AT, at + TARGET_AT + 43);
    const weight = text.substring(at + WEIGHT_AT, at + WEIGHT_AT + 43);
    const powHash = text.substring(at + POW_HASH_AT, at + POW_HASH_AT + 64);
    const target = text.substring(at + EVENT_TARGET_AT, at + EVENT_TARGET_AT + 64);

    p = digits(b, p + REST.length, end);
    const txCount = digitsValue[0]!;
    if (txCount > Number.MAX_SAFE_INTEGER || p + 1 !== end || b[p] !== CLOSE_BRACE) return undefined;

    const header: BlockHeader = {
      chainId, height, hash, parent, adjacents, chainwebVersion: this.versionString, creationTime, epochStart,
      featureFlags, nonce, payloadHash, target: headerTarget, weight,
    };
    return { header, powHash, target, txCount };
  }

  /**
   * Lets the fast path read events whose keys come in this order (as the general reader just read
   * them: all known, each once), with this version; false if the version cannot be matched as bytes.
   */
  learn(topKeys: readonly string[], headerKeys: readonly string[], version: string): boolean {
    this.learned = isPlainName(version) ? LearnedLayout.build(topKeys, headerKeys, version) : undefined;
    this.learnedVersion = version;
    return this.learned !== undefined;
  }

  /** Drops the learned layout (the event it was learned from did not fit it: whitespace, escapes). */
  forget(): void {
    this.learned = undefined;
  }

  /** Lets the fast path recognise this version string from now on (set by the general reader). */
  rememberVersion(version: string): void {
    if (version === this.versionString) return;
    // Only names that need no JSON escaping can be matched as raw bytes.
    if (!isPlainName(version)) {
      this.version = undefined;
      return;
    }
    this.versionString = version;
    this.version = new Template(`,"chainwebVersion":"${version}","creationTime":`);
  }
}

/** A version that can be matched as raw bytes: printable ASCII needing no JSON escape, and no template field marks. */
function isPlainName(version: string): boolean {
  return /^[\x21-\x7e]+$/.test(version) && !version.includes('"') && !version.includes('\\') && !/[#%]/.test(version);
}
