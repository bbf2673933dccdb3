// The calendar arithmetic `parse-time` builds a time with, on Haskell Int (64-bit, wrapping), as
// pact-time does: a year of any length is read modulo 2^64 and the day count wraps the same way.

import { int64 } from './instant.js';

/** Haskell `div` and `mod` (floor) on BigInt. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && (a < 0n) !== (b < 0n) ? q - 1n : q;
}
export const floorMod = (a: bigint, b: bigint): bigint => a - b * floorDiv(a, b);
const clip = (lo: bigint, hi: bigint, x: bigint): bigint => (x < lo ? lo : x > hi ? hi : x);

export function isLeapYearInt(y: bigint): boolean {
  // `.&. 3` on two's complement is `mod 4`; quotRem truncates, as BigInt `/` and `%` do
  return (y & 3n) === 0n && (y % 100n !== 0n || ((y / 100n) & 3n) === 0n);
}

/** Day of year → Modified Julian Day; the day is clamped into the year. */
export function mjdFromOrdinal(year: bigint, yd: bigint): bigint {
  const years = int64(year - 1n);
  const centuries = floorDiv(years, 100n);
  const leaps = (years >> 2n) - centuries + (centuries >> 2n);
  return int64(365n * years + leaps - 678576n + clip(1n, isLeapYearInt(year) ? 366n : 365n, yd));
}

/** Modified Julian Day → (year, day of year), with pact-time's Int operations. */
export function ordinalFromMjd(mjd: bigint): { year: bigint; yd: bigint } {
  const dayInYear = (y0: bigint, dB0: bigint): bigint => {
    const centuries = y0 / 100n;
    const leaps = (y0 >> 2n) - centuries + (centuries >> 2n);
    return int64(dB0 - 365n * y0 - leaps + 1n);
  };
  const fromDay1 = (dB0: bigint): { year: bigint; yd: bigint } => {
    const scaled = int64(400n * dB0);
    const y0 = scaled / 146097n;
    const r = scaled % 146097n;
    const d1 = dayInYear(int64(y0 + 1n), dB0);
    return r > 146097n - 600n && d1 > 0n
      ? { year: int64(y0 + 2n), yd: d1 }
      : { year: int64(y0 + 1n), yd: dayInYear(y0, dB0) };
  };
  const dayB0 = int64(mjd + 678575n);
  if (dayB0 > 0n) return fromDay1(dayB0);
  const quadCenturies = floorDiv(dayB0, 146097n);
  const r = fromDay1(floorMod(dayB0, 146097n));
  return { year: int64(r.year + quadCenturies * 400n), yd: r.yd };
}

const MONTH_LENGTHS = [31n, 28n, 31n, 30n, 31n, 30n, 31n, 31n, 30n, 31n, 30n, 31n];

/** (month, day) → day of year, both clamped into range first. */
export function dayOfYearFromMonthDayInt(leap: boolean, month: bigint, mday: bigint): bigint {
  const m = clip(1n, 12n, month);
  const len = m === 2n && leap ? 29n : MONTH_LENGTHS[Number(m) - 1];
  const k = m <= 2n ? 0n : leap ? -1n : -2n;
  return floorDiv(367n * m - 362n, 12n) + k + clip(1n, len, mday);
}

/** The ISO week number (1..53) of a day. */
function isoWeekOf(mjd: bigint): bigint {
  const { year: y0, yd } = ordinalFromMjd(mjd);
  const d = int64(mjd + 2n);
  const d7div = floorDiv(d, 7n);
  const bar = (k: bigint) => int64(d7div - floorDiv(k, 7n));
  const foo = (y: bigint) => bar(mjdFromOrdinal(y, 6n));
  const w0 = bar(int64(d - yd + 4n));
  let w1 = w0;
  if (w0 === -1n) w1 = foo(int64(y0 - 1n));
  else if (w0 === 52n && foo(int64(y0 + 1n)) === 0n) w1 = 0n;
  return int64(w1 + 1n);
}

/** ISO week date (week-based year, week, weekday with Monday = 1) → Modified Julian Day. */
export function mjdFromWeekDate(y: bigint, w: bigint, d: bigint): bigint {
  const wMax = isoWeekOf(mjdFromOrdinal(y, 365n)) === 53n ? 53n : 52n;
  const k = mjdFromOrdinal(y, 6n);
  return int64(k - floorMod(k, 7n) - 10n + clip(1n, 7n, d) + clip(1n, wMax, w) * 7n);
}

/** Sunday-based week (0..53) and weekday (Sunday = 0) → Modified Julian Day. */
export function mjdFromSundayWeek(y: bigint, w: bigint, d: bigint): bigint {
  const first = mjdFromOrdinal(y, 1n);
  return int64(first + floorMod(int64(4n - first), 7n) + 7n * (w - 1n) + d);
}

/** Monday-based week (0..53) and weekday (Monday = 1) → Modified Julian Day. */
export function mjdFromMondayWeek(y: bigint, w: bigint, d: bigint): bigint {
  const first = mjdFromOrdinal(y, 1n);
  return int64(first + floorMod(int64(5n - first), 7n) + 7n * (w - 1n) + d - 1n);
}
