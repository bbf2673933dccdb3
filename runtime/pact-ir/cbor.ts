// CBOR as Haskell's cborg/serialise produce it: integers in their shortest form, definite lengths
// where cborg writes them, and indefinite-length arrays for non-empty Haskell lists (serialise's
// default list encoding). Two sinks take the same calls: CborWriter writes the bytes (a module's
// hash), CborCounter only counts them (the stored document, whose length alone is charged).
//
// A module is encoded once, as cold code, where every call costs: the common items (a small head,
// a constructor's array and tag) are written by one call each, without helpers.

import { bitLength } from '../values/numbers.js';

/** The calls an encoder makes; `length` is the byte count so far. */
export abstract class CborSink {
  abstract readonly length: number;
  /** encodeWord / encodeWord16 / encodeWord64: unsigned. */
  abstract word(n: number | bigint): this;
  /** encodeInt / encodeInt64: signed, in the shortest form. */
  abstract int(n: number | bigint): this;
  /** encodeInteger: machine-sized when it fits 64 bits, otherwise a tagged bignum (tags 2/3). */
  abstract integer(n: bigint): this;
  abstract listLen(n: number): this;
  abstract mapLen(n: number): this;
  abstract listIndef(): this;
  abstract break(): this;
  abstract text(s: string): this;
  abstract byteString(b: Uint8Array): this;
  abstract bool(b: boolean): this;
  abstract null(): this;
  /** A constructor of a sum type: the definite array `[tag, fields…]`, its head and its tag. */
  abstract variant(tag: number, fields: number): this;

  /** serialise's list encoding: `[]` is a definite empty array, anything else indefinite. */
  list<T>(items: readonly T[], each: (x: T) => void): this {
    if (items.length === 0) return this.listLen(0);
    this.listIndef();
    for (let i = 0; i < items.length; i++) each(items[i]);
    return this.break();
  }

  /** Vector and Set encodings: a definite-length array. */
  array<T>(items: readonly T[], each: (x: T) => void): this {
    this.listLen(items.length);
    for (let i = 0; i < items.length; i++) each(items[i]);
    return this;
  }

  /** `Maybe a`: `[]` for Nothing, `[a]` for Just. */
  maybe<T>(x: T | null, each: (x: T) => void): this {
    if (x === null) return this.listLen(0);
    this.listLen(1);
    each(x);
    return this;
  }

  /** `Maybe Text`, the common case of `maybe`, without a function. */
  maybeText(s: string | null): this {
    if (s === null) return this.listLen(0);
    return this.listLen(1).text(s);
  }
}

const MAX_WORD64 = (1n << 64n) - 1n;

/** The magnitude of an integer too large for 64 bits, big-endian: tagged bignum's byte string. */
function bignumBytes(mag: bigint): Uint8Array {
  const out: number[] = [];
  while (mag > 0n) { out.unshift(Number(mag & 0xffn)); mag >>= 8n; }
  return Uint8Array.from(out);
}

/** How many bytes a head with argument n takes. */
function headLength(n: number | bigint): number {
  if (n < 24) return 1;
  if (n < 0x100) return 2;
  if (n < 0x10000) return 3;
  if (n < 0x100000000) return 5;
  return 9;
}

const utf8 = new TextEncoder();
/** The last long text encoded and its bytes: a stored module names its source file in the info
 *  of every term (stored.ts), and a path is often past the 24 characters copied inline. */
let lastEncoded = '';
let lastBytes = new Uint8Array(0);
function encodeRemembered(s: string): Uint8Array {
  lastBytes = utf8.encode(s);
  lastEncoded = s;
  return lastBytes;
}

export class CborWriter extends CborSink {
  private buf = new Uint8Array(256);
  private len = 0;

  bytes(): Uint8Array { return this.buf.slice(0, this.len); }
  get length(): number { return this.len; }

  /** Room for n more bytes. */
  private grow(n: number): void {
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  private byte(b: number): void {
    if (this.len === this.buf.length) this.grow(1);
    this.buf[this.len++] = b;
  }

  private raw(bytes: Uint8Array): void {
    if (this.len + bytes.length > this.buf.length) this.grow(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  /** A major type with its argument in the shortest form. */
  private head(major: number, n: bigint | number): void {
    const m = major << 5;
    // lengths, tags and small words are numbers: no bigint on the common path
    if (typeof n === 'number' && n >= 0 && n < 0x100000000) {
      if (this.len + 5 > this.buf.length) this.grow(5);
      const b = this.buf;
      if (n < 24) { b[this.len++] = m | n; return; }
      if (n < 0x100) { b[this.len++] = m | 24; b[this.len++] = n; return; }
      if (n < 0x10000) { b[this.len++] = m | 25; b[this.len++] = n >>> 8; b[this.len++] = n & 0xff; return; }
      b[this.len++] = m | 26;
      b[this.len++] = n >>> 24; b[this.len++] = (n >>> 16) & 0xff; b[this.len++] = (n >>> 8) & 0xff; b[this.len++] = n & 0xff;
      return;
    }
    const v = BigInt(n);
    const size = headLength(v) - 1;
    this.byte(m | (size === 0 ? Number(v) : 24 + Math.log2(size)));
    for (let i = size - 1; i >= 0; i--) this.byte(Number((v >> BigInt(8 * i)) & 0xffn));
  }

  word(n: number | bigint): this {
    if (typeof n === 'number' && n >= 0 && n < 24) {
      if (this.len === this.buf.length) this.grow(1);
      this.buf[this.len++] = n;
      return this;
    }
    this.head(0, n);
    return this;
  }

  int(n: number | bigint): this {
    if (typeof n === 'number' && Number.isSafeInteger(n)) {
      if (n >= 0) this.head(0, n); else this.head(1, -1 - n);
      return this;
    }
    const v = BigInt(n);
    if (v >= 0n) this.head(0, v); else this.head(1, -1n - v);
    return this;
  }

  integer(n: bigint): this {
    if (n >= 0n && n < 0x100000000n) return this.word(Number(n));
    if (n >= 0n && n <= MAX_WORD64) return this.word(n);
    if (n < 0n && -1n - n <= MAX_WORD64) { this.head(1, -1n - n); return this; }
    this.head(6, n < 0n ? 3 : 2);
    return this.byteString(bignumBytes(n < 0n ? -1n - n : n));
  }

  listLen(n: number): this {
    if (n < 24) {
      if (this.len === this.buf.length) this.grow(1);
      this.buf[this.len++] = 0x80 | n;
      return this;
    }
    this.head(4, n);
    return this;
  }

  mapLen(n: number): this { this.head(5, n); return this; }
  listIndef(): this { this.byte(0x9f); return this; }
  break(): this { this.byte(0xff); return this; }

  text(s: string): this {
    // ASCII (nearly every name and string in a module) is copied as is, without an encoder call
    const n = s.length;
    if (n < 24) {
      if (this.len + n + 1 > this.buf.length) this.grow(n + 1);
      const b = this.buf, start = this.len;
      let at = start;
      b[at++] = (3 << 5) | n;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) return this.utf8Text(s);
        b[at++] = c;
      }
      this.len = at;
      return this;
    }
    return this.utf8Text(s);
  }

  private utf8Text(s: string): this {
    const b = s === lastEncoded ? lastBytes : encodeRemembered(s);
    this.head(3, b.length);
    this.raw(b);
    return this;
  }

  byteString(b: Uint8Array): this { this.head(2, b.length); this.raw(b); return this; }
  bool(b: boolean): this { this.byte(b ? 0xf5 : 0xf4); return this; }
  null(): this { this.byte(0xf6); return this; }

  variant(tag: number, fields: number): this {
    if (tag < 24 && fields < 23) {
      if (this.len + 2 > this.buf.length) this.grow(2);
      this.buf[this.len++] = 0x81 + fields;
      this.buf[this.len++] = tag;
      return this;
    }
    return this.listLen(fields + 1).word(tag);
  }
}

/** A sink that counts the bytes CborWriter would write for the same calls, writing none. */
export class CborCounter extends CborSink {
  private count = 0;
  /** the last long text counted and its UTF-8 length (a stored module repeats its file name in
   *  every info, between the short names, which are counted as they come) */
  private lastLong = '';
  private lastLongLength = 0;

  get length(): number { return this.count; }

  word(n: number | bigint): this { this.count += headLength(n); return this; }
  int(n: number | bigint): this {
    if (typeof n === 'number') this.count += headLength(n < 0 ? -1 - n : n);
    else this.count += headLength(n < 0n ? -1n - n : n);
    return this;
  }

  integer(n: bigint): this {
    const mag = n < 0n ? -1n - n : n;
    if (mag <= MAX_WORD64) { this.count += headLength(mag); return this; }
    const bytes = Math.ceil(bitLength(mag) / 8);
    this.count += 1 + headLength(bytes) + bytes;
    return this;
  }

  listLen(n: number): this { this.count += headLength(n); return this; }
  mapLen(n: number): this { this.count += headLength(n); return this; }
  listIndef(): this { this.count++; return this; }
  break(): this { this.count++; return this; }

  text(s: string): this {
    let n: number;
    // Node's count is TextEncoder's (a lone surrogate is U+FFFD, 3 bytes); values/size.ts's
    // utf8Length counts as Pact's sizeOf does, differently for a lone surrogate
    if (s.length < 24) n = Buffer.byteLength(s, 'utf8');
    else if (s === this.lastLong) n = this.lastLongLength;
    else { this.lastLong = s; n = this.lastLongLength = Buffer.byteLength(s, 'utf8'); }
    this.count += headLength(n) + n;
    return this;
  }

  byteString(b: Uint8Array): this { return this.byteStringOfLength(b.length); }
  /** a byte string of n bytes, whatever they are */
  byteStringOfLength(n: number): this { this.count += headLength(n) + n; return this; }
  bool(): this { this.count++; return this; }
  null(): this { this.count++; return this; }
  variant(tag: number, fields: number): this { this.count += headLength(fields + 1) + headLength(tag); return this; }
}
