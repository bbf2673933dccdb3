// UTC calendar arithmetic on microsecond timestamps (any year, proleptic Gregorian), and the
// ISO form `%Y-%m-%dT%H:%M:%SZ` that Pact prints times in.

import { PactTime } from '../../vm/values.js';

const MICROS_PER_DAY = 86_400_000_000n;

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

/** Civil date → days since 1970-01-01. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function toCivil(t: PactTime): CivilTime {
  let days = t.micros / MICROS_PER_DAY;
  let rem = t.micros % MICROS_PER_DAY;
  if (rem < 0n) { rem += MICROS_PER_DAY; days -= 1n; }
  const { year, month, day } = civilFromDays(Number(days));
  const r = Number(rem);
  const secs = Math.floor(r / 1_000_000);
  return {
    year, month, day,
    hour: Math.floor(secs / 3600), minute: Math.floor(secs / 60) % 60, second: secs % 60,
    micros: r % 1_000_000,
  };
}

export function fromCivil(c: CivilTime): PactTime {
  const days = BigInt(daysFromCivil(c.year, c.month, c.day));
  const secs = BigInt(c.hour * 3600 + c.minute * 60 + c.second);
  return new PactTime(days * MICROS_PER_DAY + secs * 1_000_000n + BigInt(c.micros));
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function formatYear(y: number): string {
  return y < 0 ? '-' + pad(-y, 4) : pad(y, 4);
}

export function formatIsoTime(t: PactTime): string {
  const c = toCivil(t);
  return `${formatYear(c.year)}-${pad(c.month, 2)}-${pad(c.day, 2)}T${pad(c.hour, 2)}:${pad(c.minute, 2)}:${pad(c.second, 2)}Z`;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** Parse exactly `YYYY-MM-DDTHH:MM:SSZ` (the `time` native); null when it does not match. */
export function parseIsoTime(s: string): PactTime | null {
  const m = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(s);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  return fromCivil({ year, month, day, hour, minute, second, micros: 0 });
}
