// Pact's bit operations on unbounded integers (`&`, `|`, `xor`, `shift`), with the meaning of
// Haskell's Data.Bits on Integer: two's complement of infinite width, so a negative integer has
// infinitely many leading ones. Safe integers take float arithmetic, exact for them, instead of
// BigInt: crypto written in Pact (SHA-256, Poseidon, MiMC) is made of these operations, and a
// BigInt costs an allocation and a runtime call per step.

import { normInt, toBig, bitLength, type PactInt } from './numbers.js';
import { MAX_INTEGER_BITS, integerTooLarge } from '../../vm/limits.js';

const TWO_32 = 2 ** 32;
/** POW2[k] = 2^k for k = 0..53, exact: read instead of computing `2 ** k` per shift */
const POW2 = Float64Array.from({ length: 54 }, (_, k) => 2 ** k);

/** A safe integer's high part: floor(a / 2^32), below 2^21 in size, so a 32-bit integer. */
const high = (a: number): number => Math.floor(a / TWO_32);

/** The 32-bit halves of two safe integers, combined by op, the low half read as unsigned:
 *  a = high·2^32 + low with 0 ≤ low < 2^32, and the high halves carry the sign bits. */
function halves(a: number, b: number, op: (x: number, y: number) => number): PactInt {
  const ha = high(a), hb = high(b);
  const low = op(a - ha * TWO_32, b - hb * TWO_32) >>> 0;
  const r = op(ha, hb) * TWO_32 + low; // exact: the high result has no more bits than the operands'
  // -2^53 is the one result past the safe range (the `&` of two numbers just above it), and is
  // a bigint in canonical form
  return r >= -Number.MAX_SAFE_INTEGER ? r : BigInt(r);
}

const and = (x: number, y: number): number => x & y;
const or = (x: number, y: number): number => x | y;
const xor = (x: number, y: number): number => x ^ y;

export function intAnd(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') return (a | 0) === a && (b | 0) === b ? a & b : halves(a, b, and);
  return normInt(toBig(a) & toBig(b));
}

export function intOr(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') return (a | 0) === a && (b | 0) === b ? a | b : halves(a, b, or);
  return normInt(toBig(a) | toBig(b));
}

export function intXor(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') return (a | 0) === a && (b | 0) === b ? a ^ b : halves(a, b, xor);
  return normInt(toBig(a) ^ toBig(b));
}

/** `shift`: left by `by` bits, or right (rounding down) when `by` is negative. The count is a
 *  machine Int in Pact, so it wraps to 64 bits; a result past MAX_INTEGER_BITS is refused. */
export function intShift(a: PactInt, by: PactInt): PactInt {
  if (typeof a === 'number' && typeof by === 'number') {
    // a safe count is its own 64-bit wrap; dividing or multiplying by a power of two is exact
    if (by < 0) return by < -53 ? (a < 0 ? -1 : 0) : Math.floor(a / POW2[-by]);
    if (by <= 53) {
      const r = a * POW2[by];
      if (Number.isSafeInteger(r)) return r;
    }
  }
  // the count as a number: past 2^53 it is only approximate, but any count that large shifts
  // every bit out, or is refused, either way
  const count = typeof by === 'number' ? by : Number(BigInt.asIntN(64, by));
  if (count === 0) return a;
  if (count < 0) {
    // an arithmetic right shift past every bit leaves the sign
    if (-count > bitLength(a) + 1) return a < 0 ? -1 : 0;
    return normInt(toBig(a) >> BigInt(-count));
  }
  if (a === 0) return 0;
  if (count > MAX_INTEGER_BITS - bitLength(a)) throw integerTooLarge();
  return normInt(toBig(a) << BigInt(count));
}
