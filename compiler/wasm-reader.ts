// Runs the WebAssembly scanner (runtime/wasm/reader-module.ts, shipped as reader-wasm.ts) over a
// text: the kinds and extents of its tokens, or null where the scanner leaves the text to the
// JavaScript lexer (see the module's comment), or where there is no WebAssembly (`node --jitless`).

import { READER_WASM } from './reader-wasm.js';
import { LITERAL_COUNT_AT, INPUT_AT, scanLayout } from './reader-abi.js';

/** What the scanner found: one entry per token in the first four arrays (a string token's ref is 1
 *  when it has escapes), and the index of each string and tick token. */
export interface ScannedTokens {
  kinds: Uint8Array; starts: Int32Array; ends: Int32Array; refs: Int32Array;
  literalTokens: Int32Array;
}

type ScanFunction = (units: number, kindsAt: number, startsAt: number, endsAt: number, refsAt: number, literalsAt: number) => number;

interface Scanner { memory: WebAssembly.Memory; scan: ScanFunction; bytes: Buffer }

/** the one instance, made on first use (null: no WebAssembly here) */
let scanner: Scanner | null | undefined;

function instance(): Scanner | null {
  if (scanner !== undefined) return scanner;
  if (typeof WebAssembly !== 'object') return scanner = null;
  const exports = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(READER_WASM, 'base64'))).exports;
  const memory = exports.memory as WebAssembly.Memory;
  return scanner = { memory, scan: exports.scan as ScanFunction, bytes: Buffer.from(memory.buffer) };
}

/** The largest memory the scanner is given: a larger text is lexed in JavaScript. */
const MAX_MEMORY = 1 << 30;

export function scanWithWebAssembly(text: string): ScannedTokens | null {
  const s = instance();
  if (s === null) return null;
  const units = text.length;
  const layout = scanLayout(units);
  if (layout.size > MAX_MEMORY) return null;
  if (s.memory.buffer.byteLength < layout.size) {
    s.memory.grow(Math.ceil((layout.size - s.memory.buffer.byteLength) / 65536));
    s.bytes = Buffer.from(s.memory.buffer);
  }
  s.bytes.write(text, INPUT_AT, 'utf16le');
  s.bytes.writeUInt16LE(0, INPUT_AT + 2 * units);
  const count = s.scan(units, layout.kindsAt, layout.startsAt, layout.endsAt, layout.refsAt, layout.literalsAt);
  if (count < 0) return null;
  const buffer = s.memory.buffer;
  return {
    kinds: new Uint8Array(buffer, layout.kindsAt, count).slice(),
    starts: new Int32Array(buffer, layout.startsAt, count).slice(),
    ends: new Int32Array(buffer, layout.endsAt, count).slice(),
    refs: new Int32Array(buffer, layout.refsAt, count).slice(),
    literalTokens: new Int32Array(buffer, layout.literalsAt, s.bytes.readInt32LE(LITERAL_COUNT_AT)).slice(),
  };
}
