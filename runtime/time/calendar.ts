// UTC calendar fields of a time (proleptic Gregorian, every year an Int64 time reaches), and the
// ISO form `%Y-%m-%dT%H:%M:%SZ` that Pact prints times in.

import { PactTime } from '../../vm/values.js';

export const MICROS_PER_DAY = 86_400_000_000n;

export interface CivilTime {
  year: number; month: number; day: number;
  hour: number; minute: number; second: number; micros: number;
}

/** Days since 1970-01-01 → civil date (Howard Hinnant's algorithm). */
export function civilFromDays(z: number): { year: number; month: number; day: number } {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const y = yoe + era * 400;
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: month <= 2 ? y + 1 : y, month, day };
}

/** A time as whole days since the POSIX epoch (floored) and the microseconds into that day. */
export function splitDay(t: PactTime): { days: number; dayMicros: number } {
  let days = t.micros / MICROS_PER_DAY;
  let rem = t.micros % MICROS_PER_DAY;
  if (rem < 0n) { rem += MICROS_PER_DAY; days -= 1n; }
  return { days: Number(days), dayMicros: Number(rem) };
}

export function toCivil(t: PactTime): CivilTime {
  const { days, dayMicros: r } = splitDay(t);
  const { year, month, day } = civilFromDays(days);
  const secs = Math.floor(r / 1_000_000);
  return {
    year, month, day,
    hour: Math.floor(secs / 3600), minute: Math.floor(secs / 60) % 60, second: secs % 60,
    micros: r % 1_000_000,
  };
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function formatYear(y: number): string {
  return y < 0 ? '-' + pad(-y, 4) : pad(y, 4);
}

export function formatIsoTime(t: PactTime): string {
  const c = toCivil(t);
  return `${formatYear(c.year)}-${pad(c.month, 2)}-${pad(c.day, 2)}T${pad(c.hour, 2)}:${pad(c.minute, 2)}:${pad(c.second, 2)}Z`;
}
