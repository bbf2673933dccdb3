// Poseidon's round constants and MDS matrix from the Grain LFSR (Poseidon paper, appendix F), the
// same numbers @noble/curves' grainGenConstants makes, generated several times faster: the LFSR
// runs a block at a time over a flat byte array, samples are assembled 30 bits at a time, and each
// MDS row takes one field inversion.

/** What the permutation needs: round constants (rounds × t) and the t × t MDS matrix. */
export interface GrainConstants {
  roundConstants: bigint[][];
  mds: bigint[][];
}

/** A prime field, as far as the MDS matrix needs it. */
interface PrimeField {
  ORDER: bigint;
  BITS: number;
  add(a: bigint, b: bigint): bigint;
  mul(a: bigint, b: bigint): bigint;
  inv(a: bigint): bigint;
  is0(a: bigint): boolean;
}

/** The Grain LFSR's output: b(n+80) = b(n+62) ⊕ b(n+51) ⊕ b(n+38) ⊕ b(n+23) ⊕ b(n+13) ⊕ b(n),
 *  the first 160 bits discarded, then shrunk: of each pair of bits the second is kept when the
 *  first is 1. Made a block at a time in a flat array (the last 80 bits carried over). */
class Grain {
  private raw = new Uint8Array(80 + BLOCK);
  private out = new Uint8Array(BLOCK / 2);
  private made = 0;
  private read = 0;

  constructor(seed: number[]) {
    this.raw.set(seed);
    this.step(160);
    this.raw.copyWithin(0, 160, 240);
  }

  /** `count` more LFSR bits after the 80 at the start of `raw` */
  private step(count: number): void {
    const b = this.raw;
    for (let n = 0; n < count; n++) b[n + 80] = b[n + 62] ^ b[n + 51] ^ b[n + 38] ^ b[n + 23] ^ b[n + 13] ^ b[n];
  }

  private refill(): void {
    this.step(BLOCK);
    const b = this.raw, out = this.out;
    let made = 0;
    for (let i = 80; i < 80 + BLOCK; i += 2) if (b[i]) out[made++] = b[i + 1]!;
    this.raw.copyWithin(0, BLOCK, BLOCK + 80);
    this.made = made;
    this.read = 0;
  }

  /** The next `into.length` output bits into `into`. */
  fill(into: Uint8Array): void {
    for (let i = 0; i < into.length;) {
      if (this.read === this.made) this.refill();
      const n = Math.min(into.length - i, this.made - this.read);
      into.set(this.out.subarray(this.read, this.read + n), i);
      this.read += n;
      i += n;
    }
  }
}

const BLOCK = 1 << 15;

/** Round constants and MDS matrix for width t over `Fp` (x^α S-box, not the inverse one). */
export function grainConstants(Fp: PrimeField, t: number, roundsFull: number, roundsPartial: number): GrainConstants {
  // seed: field type 1 (prime) in 2 bits, S-box 0 in 4, then the field's bits and t in 12 bits
  // each, the round counts in 10 bits each, then ones
  const seed: number[] = [];
  const put = (value: number, width: number) => { for (let i = width - 1; i >= 0; i--) seed.push((value >> i) & 1); };
  put(1, 2); put(0, 4); put(Fp.BITS, 12); put(t, 12); put(roundsFull, 10); put(roundsPartial, 10);
  while (seed.length < 80) seed.push(1);
  const grain = new Grain(seed);
  const bits = new Uint8Array(Fp.BITS);
  /** `count` field elements of Fp.BITS bits each, most significant first: below the order (`reject`,
   *  drawing again otherwise) or reduced into the field */
  const sample = (count: number, reject: boolean): bigint[] => {
    const out: bigint[] = [];
    while (out.length < count) {
      grain.fill(bits);
      const x = toBigInt(bits);
      if (reject && x >= Fp.ORDER) continue;
      out.push(x % Fp.ORDER);
    }
    return out;
  };
  const roundConstants: bigint[][] = [];
  for (let r = 0; r < roundsFull + roundsPartial; r++) roundConstants.push(sample(t, true));
  const xs = sample(t, false), ys = sample(t, false);
  const mds = xs.map((x, i) => invertAll(Fp, ys.map((y, j) => {
    const sum = Fp.add(x, y);
    if (Fp.is0(sum)) throw new Error(`Poseidon MDS matrix: xs[${i}] + ys[${j}] is zero`);
    return sum;
  })));
  return { roundConstants, mds };
}

/** The number whose binary digits are `bits`, most significant first (30 bits at a time). */
function toBigInt(bits: Uint8Array): bigint {
  let x = 0n, word = 0, width = 0;
  for (let i = 0; i < bits.length; i++) {
    word = (word << 1) | bits[i]!;
    if (++width === 30) { x = (x << 30n) | BigInt(word); word = 0; width = 0; }
  }
  return width === 0 ? x : (x << BigInt(width)) | BigInt(word);
}

/** The inverses of non-zero elements with one field inversion (Montgomery's trick). */
function invertAll(Fp: PrimeField, xs: bigint[]): bigint[] {
  const prefix: bigint[] = [];
  let acc = 1n;
  for (const x of xs) { prefix.push(acc); acc = Fp.mul(acc, x); }
  let inv = Fp.inv(acc);
  const out = new Array<bigint>(xs.length);
  for (let i = xs.length - 1; i >= 0; i--) { out[i] = Fp.mul(inv, prefix[i]!); inv = Fp.mul(inv, xs[i]!); }
  return out;
}
