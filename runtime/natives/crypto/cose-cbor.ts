// A minimal CBOR (RFC 8949) reader for COSE keys: integers, byte strings and map headers, with
// the canonical-length checks of Haskell cborg's `decodeMapLenCanonical` / `decodeBytesCanonical`.

export class CborError extends Error {}

export class CborReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean { return this.at >= this.bytes.length; }

  private byte(): number {
    if (this.at >= this.bytes.length) throw new CborError('end of input');
    return this.bytes[this.at++];
  }

  /** Major type and argument of the next item; `canonical` demands the shortest argument encoding. */
  private head(canonical: boolean): { major: number; arg: bigint } {
    const b = this.byte();
    const major = b >> 5, info = b & 31;
    if (info < 24) return { major, arg: BigInt(info) };
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new CborError('indefinite or reserved length');
    let arg = 0n;
    for (let i = 0; i < size; i++) arg = (arg << 8n) | BigInt(this.byte());
    if (canonical) {
      const min = arg < 24n ? 0 : arg < 0x100n ? 1 : arg < 0x10000n ? 2 : arg < 0x100000000n ? 4 : 8;
      if (min !== size) throw new CborError('non-canonical length');
    }
    return { major, arg };
  }

  /** An integer (major type 0 or 1). */
  int(): bigint {
    const { major, arg } = this.head(false);
    if (major === 0) return arg;
    if (major === 1) return -1n - arg;
    throw new CborError('expected integer');
  }

  bytesCanonical(): Uint8Array {
    const { major, arg } = this.head(true);
    if (major !== 2) throw new CborError('expected byte string');
    const n = Number(arg);
    if (this.at + n > this.bytes.length) throw new CborError('end of input');
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  mapLenCanonical(): number {
    const { major, arg } = this.head(true);
    if (major !== 5) throw new CborError('expected map');
    return Number(arg);
  }
}
