// Runs the WebAssembly reader (runtime/wasm/reader-module.ts, shipped as reader-wasm.ts): `scan`
// gives a text's tokens, kinds and extents, and `check` runs the grammar over the tokens of the
// last scan. Each says so where the module leaves the work to JavaScript (see the module's
// comment), or where there is no WebAssembly (`node --jitless`) or the host is big-endian.

import { READER_WASM } from './reader-wasm.js';
import { LITERAL_COUNT_AT, INPUT_AT, readLayout, type ReadLayout } from './reader-abi.js';

/** What the scan found: one entry per token in the first four arrays (a string token's ref is 1
 *  when it has escapes), and the index of each string and tick token. */
export interface ScannedTokens {
  kinds: Uint8Array; starts: Int32Array; ends: Int32Array; refs: Int32Array;
  literalTokens: Int32Array;
}

type Scan = (units: number, kindsAt: number, startsAt: number, endsAt: number, refsAt: number, literalsAt: number) => number;
type Check = (count: number, start: number, kindsAt: number, startsAt: number, endsAt: number, refsAt: number,
  statesAt: number, stackTokensAt: number, definesAt: number, stackCapacity: number) => number;

interface Reader {
  memory: WebAssembly.Memory; scan: Scan; check: Check;
  /** the memory as bytes (made again whenever it grows) */
  bytes: Buffer;
  /** the last scan's kinds (the array handed out) and where its tokens still are */
  last: { kinds: Uint8Array; layout: ReadLayout } | null;
}

/** the one instance, made on first use (null: none here) */
let reader: Reader | null | undefined;

function instance(): Reader | null {
  if (reader !== undefined) return reader;
  const littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
  if (typeof WebAssembly !== 'object' || !littleEndian) return reader = null;
  let exports: WebAssembly.Exports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(READER_WASM, 'base64'))).exports;
  } catch {
    return reader = null; // a runtime that refuses to compile it reads in JavaScript
  }
  const memory = exports.memory as WebAssembly.Memory;
  return reader = {
    memory, scan: exports.scan as Scan, check: exports.check as Check, bytes: Buffer.from(memory.buffer), last: null,
  };
}

/** The longest text the reader takes (its memory, which never shrinks, stays under ~40 MB). A
 *  longer one is read in JavaScript, whose loops V8 has optimised long before its end: the reader
 *  earns its keep on the many short files of a batch, read while the engine is cold. */
export const MAX_READER_UNITS = 1 << 20;

export function scanWithWebAssembly(text: string): ScannedTokens | null {
  const r = instance();
  if (r === null) return null;
  r.last = null;
  const units = text.length;
  if (units > MAX_READER_UNITS) return null;
  const layout = readLayout(units);
  if (r.memory.buffer.byteLength < layout.size) {
    try {
      r.memory.grow(Math.ceil((layout.size - r.memory.buffer.byteLength) / 65536));
    } catch {
      return null; // no memory to spare: the JavaScript lexer needs less
    }
    r.bytes = Buffer.from(r.memory.buffer);
  }
  r.bytes.write(text, INPUT_AT, 'utf16le');
  r.bytes.writeUInt16LE(0, INPUT_AT + 2 * units);
  const count = r.scan(units, layout.kindsAt, layout.startsAt, layout.endsAt, layout.refsAt, layout.literalsAt);
  if (count < 0) return null;
  const buffer = r.memory.buffer;
  const kinds = new Uint8Array(buffer, layout.kindsAt, count).slice();
  r.last = { kinds, layout };
  return {
    kinds,
    starts: new Int32Array(buffer, layout.startsAt, count).slice(),
    ends: new Int32Array(buffer, layout.endsAt, count).slice(),
    refs: new Int32Array(buffer, layout.refsAt, count).slice(),
    literalTokens: new Int32Array(buffer, layout.literalsAt, r.bytes.readInt32LE(LITERAL_COUNT_AT)).slice(),
  };
}

/** True if the grammar, from the start symbol `start` (its index in grammar.ts STARTS), accepts
 *  the tokens whose kinds are `kinds`; false if it does not, or if those are not the tokens of the
 *  last scan (their arrays are gone from memory). */
export function checkWithWebAssembly(kinds: Uint8Array, start: number): boolean {
  const r = instance();
  if (r === null || r.last === null || r.last.kinds !== kinds) return false;
  const l = r.last.layout;
  return r.check(kinds.length, start, l.kindsAt, l.startsAt, l.endsAt, l.refsAt,
    l.statesAt, l.stackTokensAt, l.definesAt, l.stackCapacity) === 1;
}
