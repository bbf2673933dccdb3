// The header decoder's fast path: a stream keeps one layout (current nodes write aeson 2's: keys in
// alphabetical order, no whitespace), so after the general reader has read one event, later events
// are checked against that layout as bytes by the WebAssembly layout matcher (layout-matcher.ts),
// as strictly as the general reader checks them. On any difference the fast path returns undefined
// and the general reader starts over (and names the error).

import { Adjacents } from './adjacents.js';
import type { BlockHeader, BlockHeaderEvent } from './block-header.js';
import { latin1 } from './json-bytes.js';
import { BASE64URL_MARK, HEX_MARK, ValueKind } from './layout-abi.js';
import { Program, Template, bringIn, matches, results } from './layout-matcher.js';

const HASH_FIELD = BASE64URL_MARK.repeat(43); // 32 bytes, unpadded base64url
const HEX_FIELD = HEX_MARK.repeat(64); // 32 bytes, lowercase hex

/** What a layout reads after each of its templates. */
const enum Value { chainId, creationTime, epochStart, height, txCount, featureFlags, nonce, adjacents, end }
const VALUE_KINDS: readonly ValueKind[] = [
  ValueKind.uint32, ValueKind.safeInteger, ValueKind.safeInteger, ValueKind.safeInteger, ValueKind.safeInteger,
  ValueKind.word64, ValueKind.word64Digits, ValueKind.adjacents, ValueKind.end,
];

/** The fixed-length strings inside templates. */
const enum Fixed { hash, parent, payloadHash, headerTarget, weight, powHash, target }
const FIXED_COUNT = 7;

const ZERO_BIGINT = 0n;

/**
 * A stream's layout, for a version: the whole object as templates with the variable-length values
 * between them, built from the key order the general reader met (each known key once).
 */
class HeaderLayout {
  readonly program: Program;
  /** values[i] follows template i (the last is `end`). */
  private readonly values: Value[] = [];
  /** Per template, pairs (offset in the template, Fixed) of its fixed fields. */
  private readonly fixed: number[][] = [];
  // the fixed strings of the event being built, by Fixed (reused: `event` is not re-entrant)
  private readonly strings: string[] = Array(FIXED_COUNT).fill('');

  constructor(topKeys: readonly string[], headerKeys: readonly string[], readonly version: string) {
    const templates: Template[] = [];
    let text = '';
    let fixed: Fixed[] = [];
    const cut = (value: Value) => {
      const template = new Template(text);
      templates.push(template);
      this.fixed.push(template.fields.flatMap((at, i) => [at, fixed[i]!]));
      this.values.push(value);
      text = '';
      fixed = [];
    };
    const field = (which: Fixed, run: string) => {
      text += `"${run}"`;
      fixed.push(which);
    };
    text += '{';
    for (const [i, top] of topKeys.entries()) {
      text += `${i === 0 ? '' : ','}"${top}":`;
      if (top === 'powHash') field(Fixed.powHash, HEX_FIELD);
      else if (top === 'target') field(Fixed.target, HEX_FIELD);
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
            case 'hash': field(Fixed.hash, HASH_FIELD); break;
            case 'parent': field(Fixed.parent, HASH_FIELD); break;
            case 'payloadHash': field(Fixed.payloadHash, HASH_FIELD); break;
            case 'target': field(Fixed.headerTarget, HASH_FIELD); break;
            default: field(Fixed.weight, HASH_FIELD); // weight
          }
        }
        text += '}';
      }
    }
    text += '}';
    cut(Value.end);
    this.program = new Program(templates, this.values.map((v) => VALUE_KINDS[v]!));
  }

  /** The event the matcher just matched; `text[i + delta]` is the data area's byte i. */
  event(text: string, delta: number): BlockHeaderEvent {
    const r = results;
    const { values, fixed, strings } = this;
    let chainId = 0;
    let creationTime = 0;
    let epochStart = 0;
    let height = 0;
    let txCount = 0;
    let featureFlags = ZERO_BIGINT;
    let nonce = '';
    let adjacents: Adjacents | undefined;
    for (let s = 0, k = 0; ; s++, k += 4) {
      const at = r[k]! + delta;
      const fields = fixed[s]!;
      for (let f = 0; f < fields.length; f += 2) {
        const from = at + fields[f]!;
        const which = fields[f + 1]!;
        strings[which] = text.substring(from, from + (which >= Fixed.powHash ? 64 : 43));
      }
      const value = values[s]!;
      if (value === Value.end) break;
      const n = r[k + 3]!;
      switch (value) {
        case Value.chainId: chainId = n; break;
        case Value.creationTime: creationTime = n; break;
        case Value.epochStart: epochStart = n; break;
        case Value.height: height = n; break;
        case Value.txCount: txCount = n; break;
        case Value.featureFlags: {
          // the matcher's value is exact below 2^53; longer ones (up to 2^64 − 1) from the text
          const from = r[k + 1]! + delta;
          const to = r[k + 2]! + delta;
          featureFlags = to - from <= 15 ? (n === 0 ? ZERO_BIGINT : BigInt(n)) : BigInt(text.substring(from, to));
          break;
        }
        case Value.nonce: nonce = text.substring(r[k + 1]! + delta, r[k + 2]! + delta); break;
        default: adjacents = Adjacents.inText(text, r[k + 1]! + delta, n);
      }
    }
    const header: BlockHeader = {
      chainId, height, hash: strings[Fixed.hash]!, parent: strings[Fixed.parent]!, adjacents: adjacents!,
      chainwebVersion: this.version, creationTime, epochStart, featureFlags, nonce,
      payloadHash: strings[Fixed.payloadHash]!, target: strings[Fixed.headerTarget]!, weight: strings[Fixed.weight]!,
    };
    return { header, powHash: strings[Fixed.powHash]!, target: strings[Fixed.target]!, txCount };
  }
}

const NODE_TOP_KEYS = ['header', 'powHash', 'target', 'txCount'];
const NODE_HEADER_KEYS = [
  'adjacents', 'chainId', 'chainwebVersion', 'creationTime', 'epochStart', 'featureFlags', 'hash', 'height',
  'nonce', 'parent', 'payloadHash', 'target', 'weight',
];

export class HeaderFastPath {
  // The node's layout with the version the general reader last read (every header of a stream
  // carries the same version), and a layout learned from the general reader if the stream's keys
  // come in another order.
  private node: HeaderLayout | undefined;
  private learned: HeaderLayout | undefined;

  /**
   * Reads `b[start, end)`. `text`, if given, is `b` read as latin1 from `textStart` on (a caller that
   * decodes many events of one chunk makes it once); otherwise the event's own bytes are read so.
   */
  read(b: Buffer, start: number, end: number, text?: string, textStart = 0): BlockHeaderEvent | undefined {
    const node = this.node;
    const learned = this.learned;
    if (node === undefined && learned === undefined) return undefined;
    const offset = bringIn(b, start, end, text, textStart);
    if (offset < 0) return undefined;
    const layout = node !== undefined && matches(node.program, start - offset, end - offset) ? node
      : learned !== undefined && matches(learned.program, start - offset, end - offset) ? learned : undefined;
    if (layout === undefined) return undefined;
    // All ASCII fields become substrings of one string (V8 makes those O(1) slices).
    if (text === undefined) {
      text = latin1(b, start, end);
      textStart = start;
    }
    return layout.event(text, offset - textStart);
  }

  /**
   * Lets the fast path read events whose keys come in this order (as the general reader just read
   * them: all known, each once), with this version; false if the version cannot be matched as bytes.
   */
  learn(topKeys: readonly string[], headerKeys: readonly string[], version: string): boolean {
    this.learned = isPlainName(version) ? usable(new HeaderLayout(topKeys, headerKeys, version)) : undefined;
    return this.learned !== undefined;
  }

  /** Drops the learned layout (the event it was learned from did not fit it: whitespace, escapes). */
  forget(): void {
    this.learned = undefined;
  }

  /** Lets the fast path recognise this version string in the node's layout from now on (set by the general reader). */
  rememberVersion(version: string): void {
    if (version === this.node?.version) return;
    // Only names that need no JSON escaping can be matched as raw bytes.
    this.node = isPlainName(version) ? usable(new HeaderLayout(NODE_TOP_KEYS, NODE_HEADER_KEYS, version)) : undefined;
  }
}

/** The layout, if its program fits the matcher's slot. */
const usable = (layout: HeaderLayout) => (layout.program.fits ? layout : undefined);

/** A version that can be matched as raw bytes: printable ASCII needing no JSON escape, and no template field marks. */
function isPlainName(version: string): boolean {
  return /^[\x21-\x7e]+$/.test(version) && !version.includes('"') && !version.includes('\\') && !/[#%]/.test(version);
}
