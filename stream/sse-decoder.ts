// A push decoder for `text/event-stream` bodies (WHATWG HTML §9.2.6) that works on bytes.
// It scans each chunk in place and hands out byte ranges; only an event that straddles chunks is copied.

import { asBuffer } from './json-bytes.js';

/** Why the decoder dropped input. Callers switch on `type`, never on the message. */
export type SseErrorType = 'event-too-large';

export class SseError extends Error {
  override readonly name = 'SseError';
  constructor(
    readonly type: SseErrorType,
    message: string,
    /** The configured limit in bytes. */
    readonly limit: number,
  ) {
    super(message);
  }
}

/**
 * One dispatched event. The object and the bytes it points into are reused: they are valid only
 * during the `onEvent` call. Call `text()` or copy `bytes.subarray(start, end)` to keep the data.
 */
export interface SseEvent {
  /** The `event` field, or `message` when the event had none (WHATWG default). */
  readonly type: string;
  /** The data (lines joined with LF, the trailing LF removed) is `bytes[start, end)`, UTF-8. */
  readonly bytes: Uint8Array;
  readonly start: number;
  readonly end: number;
  /** The last event id seen on this stream (persists across events, as WHATWG says). */
  readonly lastEventId: string;
  /** The data decoded as UTF-8 (invalid bytes become U+FFFD). Allocates; not for hot paths. */
  text(): string;
}

export interface SseDecoderOptions {
  onEvent: (event: SseEvent) => void;
  onError?: (error: SseError) => void;
  /** A comment line (`:` …); the range excludes the colon and one following space. */
  onComment?: (bytes: Uint8Array, start: number, end: number) => void;
  /** A valid `retry` field: the reconnection time the server asks for, in milliseconds. */
  onRetry?: (milliseconds: number) => void;
  /** Largest event, in bytes of its lines, before it is dropped with an error. Default 1 MiB. */
  maxEventSize?: number;
}

export const DEFAULT_MAX_EVENT_SIZE = 1024 * 1024;

// ASCII codes used in the hot paths.
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const COLON = 0x3a;
const NUL = 0x00;
const BOM = [0xef, 0xbb, 0xbf];
const EVENT_PREFIX = Buffer.from('event:', 'latin1');

const utf8 = new TextDecoder('utf-8');

class EventView implements SseEvent {
  type = 'message';
  bytes: Uint8Array = new Uint8Array(0);
  start = 0;
  end = 0;
  lastEventId = '';
  text(): string {
    return utf8.decode(this.bytes.subarray(this.start, this.end));
  }
}

/** A growable byte buffer owned by the decoder (the only place bytes get copied). */
class OwnedBytes {
  bytes: Buffer = Buffer.allocUnsafe(1024);
  length = 0;

  append(source: Uint8Array, start: number, end: number): void {
    const needed = this.length + (end - start);
    if (needed > this.bytes.length) this.grow(needed);
    this.bytes.set(source.subarray(start, end), this.length);
    this.length = needed;
  }

  appendByte(byte: number): void {
    if (this.length + 1 > this.bytes.length) this.grow(this.length + 1);
    this.bytes[this.length++] = byte;
  }

  private grow(needed: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(needed, 2 * this.bytes.length));
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }
}


export class SseDecoder {
  private readonly onEvent: (event: SseEvent) => void;
  private readonly onError: ((error: SseError) => void) | undefined;
  private readonly onComment: SseDecoderOptions['onComment'];
  private readonly onRetry: SseDecoderOptions['onRetry'];
  readonly maxEventSize: number;

  private readonly view = new EventView();

  // Start of stream: how many bytes of a leading BOM have been matched; 3 once decided, BOM or not.
  private bomMatched = 0;
  // The previous chunk ended with CR: an LF at the start of the next chunk belongs to it.
  private skipLeadingLf = false;

  // The unfinished last line of the previous chunk (copied, because the caller may reuse its buffer).
  private readonly carry = new OwnedBytes();

  // Data of the event being built: one line is referenced in place (`dataSource`), more lines
  // or a line that must outlive its chunk are joined in `dataCopy`.
  private dataLines = 0;
  private dataSource: Uint8Array | null = null;
  private dataStart = 0;
  private dataEnd = 0;
  private readonly dataCopy = new OwnedBytes();
  private dataIsCopied = false;

  // Event type: the bytes of the last type seen and its string, so a repeated type costs no allocation.
  private eventType = '';
  private lastTypeBytes: Uint8Array = new Uint8Array(0);
  private lastTypeString = '';
  // `event:<last type>\n` as bytes, for the shortcut in `feed` (empty until a type has been seen).
  private lastEventLine: Uint8Array = new Uint8Array(0);

  // Bytes of the lines of the event so far (content + 1 per line, whatever the line ending).
  private eventSize = 0;
  // After an oversized event: drop everything up to the next blank line.
  private skipping = false;
  private skippingMidLine = false;

  constructor(options: SseDecoderOptions) {
    this.onEvent = options.onEvent;
    this.onError = options.onError;
    this.onComment = options.onComment;
    this.onRetry = options.onRetry;
    this.maxEventSize = options.maxEventSize ?? DEFAULT_MAX_EVENT_SIZE;
  }

  get lastEventId(): string {
    return this.view.lastEventId;
  }

  set lastEventId(id: string) {
    this.view.lastEventId = id;
  }

  /** Feed the next chunk of the body. Callbacks run synchronously, before `feed` returns. */
  feed(chunk: Uint8Array): void {
    // A Buffer view of the chunk: its indexOf is memchr, far faster than a JS loop or Uint8Array#indexOf.
    const bytes = asBuffer(chunk);
    const length = bytes.length;
    let position = 0;

    if (this.bomMatched < 3) {
      position = this.consumeBom(bytes);
      if (position === -1) return; // the whole chunk is a prefix of a BOM: wait for more
    }
    if (this.skipLeadingLf && position < length) {
      this.skipLeadingLf = false;
      if (bytes[position] === LF) position++;
    }
    if (this.carry.length > 0 || this.skippingMidLine) {
      position = this.finishCarriedLine(bytes, position);
      if (position === -1) return;
    }

    // CR is rare (the node never sends it): find it once per chunk and only re-search past it.
    let crIndex = bytes.indexOf(CR, position);
    while (position < length) {
      // Two shortcuts that spare a memchr call for the short lines of every event: a blank line,
      // and the same `event:` line as the previous event (a stream repeats one type).
      const first = bytes[position];
      if (first === LF) {
        this.line(bytes, position, position);
        position++;
        continue;
      }
      if (first === 0x65 /* e */ && !this.skipping) {
        const lineLength = this.matchesLastEventLine(bytes, position);
        if (lineLength > 0 && this.eventSize + lineLength <= this.maxEventSize) {
          this.eventSize += lineLength;
          this.eventType = this.lastTypeString;
          position += lineLength;
          continue;
        }
      }
      const lfIndex = bytes.indexOf(LF, position);
      let lineEnd: number;
      let next: number;
      // The line ends at the first CR or LF. As unsigned numbers, -1 (none left) is above every index.
      if (crIndex >>> 0 < lfIndex >>> 0) {
        lineEnd = crIndex;
        next = crIndex + 1;
        if (next === length) this.skipLeadingLf = true;
        else if (bytes[next] === LF) next++;
        crIndex = bytes.indexOf(CR, next);
      } else if (lfIndex !== -1) {
        lineEnd = lfIndex;
        next = lfIndex + 1;
      } else {
        break;
      }
      this.line(bytes, position, lineEnd);
      position = next;
    }

    // The event in progress must not point into this chunk once we return.
    if (this.dataLines > 0 && !this.dataIsCopied) this.copyData();
    if (position < length) this.carryPartialLine(bytes, position, length);
  }

  /**
   * The length of `event:<last type>\n` if that is what starts at `position` (LF included), else 0.
   * A CR cannot hide in it: the bytes compared hold none.
   */
  private matchesLastEventLine(bytes: Buffer, position: number): number {
    const line = this.lastEventLine;
    const length = line.length;
    if (length === 0 || position + length > bytes.length) return 0;
    for (let i = 0; i < length; i++) if (bytes[position + i] !== line[i]) return 0;
    return length;
  }

  /** Forget any unfinished event and line, as at the end of a stream; the next chunk starts a new stream. */
  reset(): void {
    this.bomMatched = 0;
    this.skipLeadingLf = false;
    this.carry.length = 0;
    this.clearEvent();
    this.skipping = false;
    this.skippingMidLine = false;
  }

  /** Returns the first position after a leading BOM, or -1 if the chunk ends while still undecided. */
  private consumeBom(bytes: Buffer): number {
    let position = 0;
    // (past the end of the chunk `bytes` reads undefined, which is no BOM byte)
    while (this.bomMatched < 3 && bytes[position] === BOM[this.bomMatched]) {
      this.bomMatched++;
      position++;
    }
    if (this.bomMatched === 3) return position;
    if (position === bytes.length) return -1;
    // Not a BOM after all: the bytes matched so far are the start of the first line.
    for (let i = 0; i < this.bomMatched; i++) this.carry.appendByte(BOM[i]!);
    this.bomMatched = 3;
    return position;
  }

  /** Completes the line carried over from the previous chunk. Returns where scanning resumes, or -1. */
  private finishCarriedLine(bytes: Buffer, position: number): number {
    const length = bytes.length;
    const lfIndex = bytes.indexOf(LF, position);
    const crIndex = bytes.indexOf(CR, position);
    let lineEnd = lfIndex;
    if (crIndex !== -1 && (lfIndex === -1 || crIndex < lfIndex)) lineEnd = crIndex;
    if (lineEnd === -1) {
      this.carryPartialLine(bytes, position, length);
      return -1;
    }
    let next = lineEnd + 1;
    if (lineEnd === crIndex) {
      if (next === length) this.skipLeadingLf = true;
      else if (bytes[next] === LF) next++;
    }
    if (this.skippingMidLine) {
      // The tail of a line of a dropped event: it is not a blank line, whatever it holds.
      this.skippingMidLine = false;
    } else {
      this.carry.append(bytes, position, lineEnd);
      const carried = this.carry.length;
      // Reset first: the line handler may keep data pointing into `carry` until the end of this feed.
      this.carry.length = 0;
      this.line(this.carry.bytes, 0, carried);
    }
    return next;
  }

  private carryPartialLine(bytes: Buffer, start: number, end: number): void {
    if (this.skipping) {
      this.skippingMidLine = true;
      return;
    }
    if (this.eventSize + this.carry.length + (end - start) + 1 > this.maxEventSize) {
      this.carry.length = 0;
      this.dropOversizedEvent();
      this.skippingMidLine = true;
      return;
    }
    this.carry.append(bytes, start, end);
  }

  /** One complete line, without its terminator. */
  private line(bytes: Uint8Array, start: number, end: number): void {
    if (start === end) {
      if (this.skipping) this.skipping = false;
      else this.dispatch();
      return;
    }
    if (this.skipping) return;

    const size = this.eventSize + (end - start) + 1;
    if (size > this.maxEventSize) {
      this.dropOversizedEvent();
      return;
    }
    const first = bytes[start];
    if (first === COLON) {
      this.onComment?.(bytes, valueAfterName(bytes, start, end), end);
      return;
    }
    this.eventSize = size;
    // Only the four known names matter (any other field is ignored, WHATWG), and their bytes are
    // compared in place: no search for the colon.
    let value: number;
    if (first === 0x64 && bytes[start + 1] === 0x61 && bytes[start + 2] === 0x74 && bytes[start + 3] === 0x61 /* data */) {
      if ((value = valueAfterName(bytes, start + 4, end)) !== -1) this.data(bytes, value, end);
    } else if (
      first === 0x65 && bytes[start + 1] === 0x76 && bytes[start + 2] === 0x65 && bytes[start + 3] === 0x6e &&
      bytes[start + 4] === 0x74 /* event */
    ) {
      if ((value = valueAfterName(bytes, start + 5, end)) !== -1) this.setEventType(bytes, value, end);
    } else if (first === 0x69 && bytes[start + 1] === 0x64 /* id */) {
      if ((value = valueAfterName(bytes, start + 2, end)) !== -1) this.setId(bytes, value, end);
    } else if (
      first === 0x72 && bytes[start + 1] === 0x65 && bytes[start + 2] === 0x74 && bytes[start + 3] === 0x72 &&
      bytes[start + 4] === 0x79 /* retry */
    ) {
      if ((value = valueAfterName(bytes, start + 5, end)) !== -1) this.setRetry(bytes, value, end);
    }
  }

  private data(bytes: Uint8Array, start: number, end: number): void {
    if (this.dataLines === 0) {
      this.dataSource = bytes;
      this.dataStart = start;
      this.dataEnd = end;
      this.dataIsCopied = false;
    } else {
      if (!this.dataIsCopied) this.copyData();
      this.dataCopy.appendByte(LF);
      this.dataCopy.append(bytes, start, end);
    }
    this.dataLines++;
  }

  private copyData(): void {
    this.dataCopy.length = 0;
    this.dataCopy.append(this.dataSource!, this.dataStart, this.dataEnd);
    this.dataSource = null;
    this.dataIsCopied = true;
  }

  private setEventType(bytes: Uint8Array, start: number, end: number): void {
    const length = end - start;
    const known = this.lastTypeBytes;
    if (known.length === length) {
      let same = true;
      for (let i = 0; i < length; i++) {
        if (known[i] !== bytes[start + i]) {
          same = false;
          break;
        }
      }
      if (same) {
        this.eventType = this.lastTypeString;
        return;
      }
    }
    // A copy: `bytes` may be the caller's chunk (and Buffer#slice would not copy).
    this.lastTypeBytes = new Uint8Array(length);
    this.lastTypeBytes.set(bytes.subarray(start, end));
    this.lastTypeString = utf8.decode(this.lastTypeBytes);
    this.eventType = this.lastTypeString;
    // (A type that starts with a space has no such line: `event: x` means type `x`.)
    if (this.lastTypeBytes[0] === SPACE) {
      this.lastEventLine = new Uint8Array(0);
    } else {
      this.lastEventLine = new Uint8Array(7 + length);
      this.lastEventLine.set(EVENT_PREFIX);
      this.lastEventLine.set(this.lastTypeBytes, 6);
      this.lastEventLine[6 + length] = LF;
    }
  }

  private setId(bytes: Uint8Array, start: number, end: number): void {
    for (let i = start; i < end; i++) if (bytes[i] === NUL) return;
    this.view.lastEventId = utf8.decode(bytes.subarray(start, end));
  }

  private setRetry(bytes: Uint8Array, start: number, end: number): void {
    if (start === end) return;
    let milliseconds = 0;
    for (let i = start; i < end; i++) {
      const digit = bytes[i]! - 0x30;
      if (digit < 0 || digit > 9) return;
      milliseconds = milliseconds * 10 + digit;
    }
    this.onRetry?.(milliseconds);
  }

  private dispatch(): void {
    if (this.dataLines > 0) {
      const view = this.view;
      view.type = this.eventType === '' ? 'message' : this.eventType;
      if (this.dataIsCopied) {
        view.bytes = this.dataCopy.bytes;
        view.start = 0;
        view.end = this.dataCopy.length;
      } else {
        view.bytes = this.dataSource!;
        view.start = this.dataStart;
        view.end = this.dataEnd;
      }
      this.clearEvent();
      this.onEvent(view);
      return;
    }
    this.clearEvent();
  }

  private clearEvent(): void {
    // (`dataIsCopied` is read only while `dataLines > 0`, and the first data line sets it)
    this.dataLines = 0;
    this.dataSource = null;
    this.eventType = '';
    this.eventSize = 0;
  }

  private dropOversizedEvent(): void {
    this.clearEvent();
    this.skipping = true;
    this.onError?.(
      new SseError(
        'event-too-large',
        `event larger than ${this.maxEventSize} bytes: dropped up to the next blank line`,
        this.maxEventSize,
      ),
    );
  }
}

/**
 * Where the value starts if a field name of the line `…, end)` ends at `at`: the end of the line, or
 * a colon and at most one space skipped. -1 if the name goes on (another field), or if `at` is past
 * the end (the bytes compared were not the line's).
 */
function valueAfterName(bytes: Uint8Array, at: number, end: number): number {
  if (at > end) return -1;
  if (at < end) {
    if (bytes[at] !== COLON) return -1;
    at++;
    if (at < end && bytes[at] === SPACE) at++;
  }
  return at;
}

export function createSseDecoder(options: SseDecoderOptions): SseDecoder {
  return new SseDecoder(options);
}
