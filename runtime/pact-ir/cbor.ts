// A CBOR writer that produces the bytes Haskell's cborg/serialise produce: integers in their
// shortest form, definite lengths where cborg writes them, and indefinite-length arrays for
// non-empty Haskell lists (serialise's default list encoding).

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

export class CborWriter {
  private buf = new Uint8Array(256);
  private len = 0;

  bytes(): Uint8Array { return this.buf.slice(0, this.len); }
  get length(): number { return this.len; }

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  private byte(b: number): void { this.ensure(1); this.buf[this.len++] = b; }

  private raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  /** A major type with its argument in the shortest form. */
  private head(major: number, n: bigint | number): void {
    // lengths, tags and small words are numbers: no bigint on the common path
    if (typeof n === 'number' && n >= 0 && n < 0x100000000) {
      const m = major << 5;
      if (n < 24) { this.byte(m | n); return; }
      if (n < 0x100) { this.ensure(2); this.buf[this.len++] = m | 24; this.buf[this.len++] = n; return; }
      if (n < 0x10000) { this.ensure(3); this.buf[this.len++] = m | 25; this.buf[this.len++] = n >>> 8; this.buf[this.len++] = n & 0xff; return; }
      this.ensure(5);
      this.buf[this.len++] = m | 26;
      this.buf[this.len++] = n >>> 24; this.buf[this.len++] = (n >>> 16) & 0xff; this.buf[this.len++] = (n >>> 8) & 0xff; this.buf[this.len++] = n & 0xff;
      return;
    }
    const v = BigInt(n);
    const m = major << 5;
    if (v < 24n) this.byte(m | Number(v));
    else if (v < 0x100n) { this.byte(m | 24); this.byte(Number(v)); }
    else if (v < 0x10000n) { this.byte(m | 25); this.bigEndian(v, 2); }
    else if (v < 0x100000000n) { this.byte(m | 26); this.bigEndian(v, 4); }
    else { this.byte(m | 27); this.bigEndian(v, 8); }
  }

  private bigEndian(v: bigint, n: number): void {
    for (let i = n - 1; i >= 0; i--) this.byte(Number((v >> BigInt(8 * i)) & 0xffn));
  }

  /** encodeWord / encodeWord16 / encodeWord64: unsigned. */
  word(n: number | bigint): this { this.head(0, n); return this; }

  /** encodeInt / encodeInt64: signed, in the shortest form. */
  int(n: number | bigint): this {
    if (typeof n === 'number' && Number.isSafeInteger(n)) {
      if (n >= 0) this.head(0, n); else this.head(1, -1 - n);
      return this;
    }
    const v = BigInt(n);
    if (v >= 0n) this.head(0, v); else this.head(1, -1n - v);
    return this;
  }

  /** encodeInteger: machine-sized when it fits 64 bits, otherwise a tagged bignum (tags 2/3). */
  integer(n: bigint): this {
    if (n >= 0n && n < 0x100000000n) return this.word(Number(n));
    const max = (1n << 64n) - 1n;
    if (n >= 0n && n <= max) return this.word(n);
    if (n < 0n && -1n - n <= max) { this.head(1, -1n - n); return this; }
    const neg = n < 0n;
    let mag = neg ? -1n - n : n;
    const out: number[] = [];
    while (mag > 0n) { out.unshift(Number(mag & 0xffn)); mag >>= 8n; }
    this.head(6, neg ? 3 : 2);
    this.byteString(Uint8Array.from(out));
    return this;
  }

  listLen(n: number): this { this.head(4, n); return this; }
  mapLen(n: number): this { this.head(5, n); return this; }
  listIndef(): this { this.byte(0x9f); return this; }
  break(): this { this.byte(0xff); return this; }
  text(s: string): this {
    // ASCII (nearly every name and string in a module) is copied as is, without an encoder call
    const n = s.length;
    if (n < 24) {
      this.ensure(n + 1);
      const start = this.len;
      this.buf[this.len++] = (3 << 5) | n;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) { this.len = start; return this.utf8Text(s); }
        this.buf[this.len++] = c;
      }
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
}
