// The JavaScript side of the layout matcher (layout-abi.ts): templates and programs written into the
// module's memory, event bytes copied in, and a match's results read back. One instance serves the
// process (a match runs to completion before the next starts); programs are cached in a few slots.

import {
  ADJACENT_ENTRY, ADJACENT_ENTRY_AT, BASE64URL_MARK, BLOCK_LITERAL, BLOCK_LITERAL_MASK, BLOCK_NEED, BLOCK_SLACK, DATA_AT,
  DATA_CAPACITY, HEX_MARK, NEED_BASE64URL, NEED_LOWER_HEX, PROGRAMS_AT, PROGRAM_CAPACITY, PROGRAM_SLOTS, RESULTS_AT,
  SEGMENT_RECORD, TEMPLATE_BLOCK, ValueKind, type LayoutMatcher,
} from './layout-abi.js';
import { LAYOUT_MATCHER_WASM } from './layout-matcher-wasm.js';

/**
 * A fixed-length stretch of a layout: literal bytes, and fields written `#` (one base64url char)
 * or `%` (one lowercase hex digit). `fields` are the start of each field, relative to the template.
 */
export class Template {
  readonly length: number;
  readonly fields: number[] = [];

  constructor(readonly text: string) {
    this.length = text.length;
    for (let i = 0; i < text.length; i++) {
      if (isMark(text[i]!) && (i === 0 || text[i - 1] !== text[i])) this.fields.push(i);
    }
  }

  /** The template as the matcher reads it: per 16 bytes, literal bytes, literal mask, class needed, slack. */
  blocks(): Uint8Array {
    const count = Math.ceil(this.length / 16);
    const out = new Uint8Array(count * TEMPLATE_BLOCK);
    for (let i = 0; i < count * 16; i++) {
      const block = (i >> 4) * TEMPLATE_BLOCK;
      const lane = i & 15;
      const c = this.text[i];
      if (c === undefined) out[block + BLOCK_SLACK + lane] = 0xff;
      else if (c === BASE64URL_MARK) out[block + BLOCK_NEED + lane] = NEED_BASE64URL;
      else if (c === HEX_MARK) out[block + BLOCK_NEED + lane] = NEED_LOWER_HEX;
      else {
        out[block + BLOCK_LITERAL + lane] = c.charCodeAt(0);
        out[block + BLOCK_LITERAL_MASK + lane] = 0xff;
      }
    }
    return out;
  }
}

const isMark = (c: string) => c === BASE64URL_MARK || c === HEX_MARK;

/** Segments as the matcher runs them: templates[i] is followed by a value of kinds[i]; the last kind is `end`. */
export class Program {
  /** The program's bytes: segment records, then the templates' blocks. */
  readonly bytes: Uint8Array;

  constructor(templates: readonly Template[], kinds: readonly ValueKind[]) {
    if (templates.length !== kinds.length || kinds[kinds.length - 1] !== ValueKind.end) throw new Error('layout program: one kind per template, ending with end');
    const blocks = templates.map((t) => t.blocks());
    const size = templates.length * SEGMENT_RECORD + blocks.reduce((n, b) => n + b.length, 0);
    this.bytes = new Uint8Array(size);
    const records = new DataView(this.bytes.buffer);
    let at = templates.length * SEGMENT_RECORD;
    templates.forEach((t, i) => {
      records.setInt32(i * SEGMENT_RECORD, at, true);
      records.setInt32(i * SEGMENT_RECORD + 4, t.length, true);
      records.setInt32(i * SEGMENT_RECORD + 8, kinds[i]!, true);
      this.bytes.set(blocks[i]!, at);
      at += blocks[i]!.length;
    });
  }

  /** False if the program is too large for a slot (a layout with an unusually long version, say). */
  get fits(): boolean {
    return this.bytes.length <= PROGRAM_CAPACITY;
  }
}

// the instance once made; null where WebAssembly is unavailable (`node --jitless`) or refuses the
// module, and then the fast path stays off and the general reader reads every event
let matcher: LayoutMatcher | null | undefined;
let memoryBytes: Uint8Array;
let memoryBuffer: Buffer;
/** The results area: four f64 per segment (see layout-abi.ts). */
export let results: Float64Array;
const slotPrograms: (Program | undefined)[] = Array(PROGRAM_SLOTS).fill(undefined);
let nextSlot = 0;
// What the data area holds: the bytes of `copiedText`'s buffer from `copiedFrom` on (undefined
// after a copy of a single event, which has no text to be known by).
let copiedText: string | undefined;
let copiedFrom = 0;

function instance(): LayoutMatcher | null {
  if (matcher !== undefined) return matcher;
  let exports: LayoutMatcher;
  try {
    const module = new WebAssembly.Module(Buffer.from(LAYOUT_MATCHER_WASM, 'base64'));
    exports = new WebAssembly.Instance(module).exports as unknown as LayoutMatcher;
  } catch {
    return (matcher = null);
  }
  matcher = exports;
  memoryBytes = new Uint8Array(exports.memory.buffer);
  memoryBuffer = Buffer.from(exports.memory.buffer);
  results = new Float64Array(exports.memory.buffer, RESULTS_AT);
  memoryBytes.set(new Template(ADJACENT_ENTRY).blocks(), ADJACENT_ENTRY_AT);
  return exports;
}

/** The address of `program` in the module's memory, writing it into a slot if it is not in one. */
function placed(program: Program): number {
  for (let i = 0; i < PROGRAM_SLOTS; i++) if (slotPrograms[i] === program) return PROGRAMS_AT + i * PROGRAM_CAPACITY;
  const slot = nextSlot;
  nextSlot = (nextSlot + 1) % PROGRAM_SLOTS;
  const at = PROGRAMS_AT + slot * PROGRAM_CAPACITY;
  memoryBytes.set(program.bytes, at);
  slotPrograms[slot] = program;
  return at;
}

/**
 * Puts `b[start, end)` where the matcher reads it and returns the data area's offset for b's
 * position 0 (data position = b position − offset), or -1 if it does not fit (or there is no
 * matcher). With the text of b from `textStart` on, the whole buffer is copied once and later
 * events of it are found there.
 */
export function bringIn(b: Buffer, start: number, end: number, text: string | undefined, textStart: number): number {
  if (instance() === null) return -1;
  if (text !== undefined && b.length - textStart <= DATA_CAPACITY) {
    if (text !== copiedText || textStart !== copiedFrom) {
      b.copy(memoryBuffer, DATA_AT, textStart, b.length);
      copiedText = text;
      copiedFrom = textStart;
    }
    return textStart - DATA_AT;
  }
  if (end - start > DATA_CAPACITY) return -1;
  b.copy(memoryBuffer, DATA_AT, start, end);
  copiedText = undefined;
  return start - DATA_AT;
}

/** True if the data area's bytes [start, end) fit `program`; its values are then in `results`. */
export function matches(program: Program, start: number, end: number): boolean {
  return matcher!.match(placed(program), start, end) === 1;
}
