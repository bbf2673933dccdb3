// Pact's time value is pact-time's UTCTime: a 64-bit count of microseconds since the Modified
// Julian Day epoch (1858-11-17), whose arithmetic wraps silently like Haskell's Int64.

import { PactTime } from '../../vm/values.js';

/** PactTime keeps microseconds since the POSIX epoch; this is that epoch in MJD microseconds. */
export const POSIX_EPOCH_MJD_MICROS = 40_587n * 86_400_000_000n;

/** Haskell Int64 arithmetic: the low 64 bits, read as a signed number. */
export const int64 = (x: bigint): bigint => BigInt.asIntN(64, x);

// The earliest and latest times Pact can hold are the Int64 bounds of the MJD count:
// -290419-11-07T19:59:05.224192Z and 294135-11-26T04:00:54.775807Z (test/natives/time-bounds).

/** The time whose MJD microsecond count is `mjdMicros` taken modulo 2^64. */
export function timeFromMjdMicros(mjdMicros: bigint): PactTime {
  return new PactTime(int64(mjdMicros) - POSIX_EPOCH_MJD_MICROS);
}

/** The MJD microsecond count of a time (always within Int64). */
export function mjdMicrosOf(t: PactTime): bigint {
  return t.micros + POSIX_EPOCH_MJD_MICROS;
}

/** pact-time's fromPosixTimestampMicros: the POSIX count is an Int64, the shift to MJD wraps. */
export function timeFromPosixMicros(posixMicros: bigint): PactTime {
  return timeFromMjdMicros(int64(posixMicros) + POSIX_EPOCH_MJD_MICROS);
}

/** pact-time's toPosixTimestampMicros: the shift back from MJD wraps too. */
export function posixMicrosOf(t: PactTime): bigint {
  return int64(t.micros);
}

/** `t .+^ d`: add an Int64 duration, wrapping. */
export function addMicros(t: PactTime, micros: bigint): PactTime {
  return timeFromMjdMicros(mjdMicrosOf(t) + int64(micros));
}

/** `a .-. b`: the Int64 duration between two times, wrapping. */
export function diffMicros(a: PactTime, b: PactTime): bigint {
  return int64(a.micros - b.micros);
}
