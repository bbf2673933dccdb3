// `format-time` and `parse-time` directives, as Pact's pact-time library (a thyme derivative)
// implements them (natives.md §6): strftime-like formatting in which unknown directives are
// emitted as written, and a backtracking parser over the UTF-8 bytes of the input.

import { PactTime } from '../../vm/values.js';
import { int64, posixMicrosOf, timeFromMjdMicros, timeFromPosixMicros } from './instant.js';
import { MICROS_PER_DAY, splitDay } from './calendar.js';
import {
  dayOfYearFromMonthDayInt, floorDiv, floorMod, isLeapYearInt, mjdFromMondayWeek, mjdFromOrdinal,
  mjdFromSundayWeek, mjdFromWeekDate,
} from './parse-calendar.js';

/** The POSIX epoch as a Modified Julian Day. */
const POSIX_EPOCH_MJD = 40587;

const WEEKDAYS: [string, string][] = [
  ['Sunday', 'Sun'], ['Monday', 'Mon'], ['Tuesday', 'Tue'], ['Wednesday', 'Wed'], ['Thursday', 'Thu'],
  ['Friday', 'Fri'], ['Saturday', 'Sat'],
];
const MONTHS: [string, string][] = [
  ['January', 'Jan'], ['February', 'Feb'], ['March', 'Mar'], ['April', 'Apr'], ['May', 'May'], ['June', 'Jun'],
  ['July', 'Jul'], ['August', 'Aug'], ['September', 'Sep'], ['October', 'Oct'], ['November', 'Nov'],
  ['December', 'Dec'],
];
/** The default (American) locale's aggregate formats. */
const DATE_TIME_FMT = '%a %b %e %H:%M:%S %Z %Y';
const DATE_FMT = '%m/%d/%y';
const TIME_FMT = '%H:%M:%S';
const TIME12_FMT = '%I:%M:%S %p';

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on Modified Julian Days (proleptic Gregorian, any year)

const fdiv = (a: number, b: number): number => Math.floor(a / b);
const fmod = (a: number, b: number): number => a - b * Math.floor(a / b);

function isLeapYear(y: number): boolean {
  return fmod(y, 4) === 0 && (y % 100 !== 0 || fmod(y, 400) === 0);
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Day of year → MJD; the day is clamped into the year, as pact-time does. */
function fromOrdinalDate(year: number, yd: number): number {
  const years = year - 1;
  const centuries = fdiv(years, 100);
  const leaps = fdiv(years, 4) - centuries + fdiv(centuries, 4);
  const clipped = Math.max(1, Math.min(isLeapYear(year) ? 366 : 365, yd));
  return 365 * years + leaps - 678576 + clipped;
}

/** MJD → (year, day of year). */
function toOrdinalDate(mjd: number): { year: number; yd: number } {
  // estimate the year, then correct by at most one either way
  let year = Math.floor((mjd + 678576) / 365.2425) + 1;
  while (fromOrdinalDate(year, 1) > mjd) year--;
  while (fromOrdinalDate(year + 1, 1) <= mjd) year++;
  return { year, yd: mjd - fromOrdinalDate(year, 1) + 1 };
}

function monthDayFromDayOfYear(leap: boolean, yd: number): { month: number; day: number } {
  let d = Math.max(1, Math.min(leap ? 366 : 365, yd));
  for (let m = 0; m < 12; m++) {
    const len = m === 1 && leap ? 29 : MONTH_LENGTHS[m];
    if (d <= len) return { month: m + 1, day: d };
    d -= len;
  }
  return { month: 12, day: 31 };
}

/** ISO week date of a day: (week-based year, week 1..53, weekday 1..7 with Monday = 1). */
function toWeekDate(mjd: number): { year: number; week: number; day: number } {
  const { year: y0, yd } = toOrdinalDate(mjd);
  const d = mjd + 2;
  const d7div = fdiv(d, 7), d7mod = fmod(d, 7);
  const bar = (k: number) => d7div - fdiv(k, 7);
  const foo = (y: number) => bar(fromOrdinalDate(y, 6));
  const w0 = bar(d - yd + 4);
  let y1 = y0, w1 = w0;
  if (w0 === -1) { y1 = y0 - 1; w1 = foo(y0 - 1); }
  else if (w0 === 52 && foo(y0 + 1) === 0) { y1 = y0 + 1; w1 = 0; }
  return { year: y1, week: w1 + 1, day: d7mod + 1 };
}

/** Sunday-based week number (0..53) and weekday (0..6, Sunday = 0). */
function toSundayWeek(mjd: number, yd: number): { week: number; day: number } {
  const d = mjd + 3;
  return { week: fdiv(d, 7) - fdiv(d - yd, 7), day: fmod(d, 7) };
}

/** Monday-based week number (0..53) and weekday (1..7, Monday = 1). */
function toMondayWeek(mjd: number, yd: number): { week: number; day: number } {
  const d = mjd + 2;
  return { week: fdiv(d, 7) - fdiv(d - yd, 7), day: fmod(d, 7) + 1 };
}

// ---------------------------------------------------------------------------------------------
// Formatting

const shows02 = (n: number): string => (n < 10 ? '0' + n : String(n));
const shows_2 = (n: number): string => (n < 10 ? ' ' + n : String(n));
const shows03 = (n: number): string => (n < 10 ? '00' + n : n < 100 ? '0' + n : String(n));
function showsYear(n: number): string {
  const u = Math.abs(n);
  return (n < 0 ? '-' : '') + String(u).padStart(4, '0');
}
/** Microseconds padded to six digits. */
const fill06 = (us: number): string => String(us).padStart(6, '0');

interface Fields {
  mjd: number; dayMicros: number; posixMicros: bigint;
  year: number; yd: number; month: number; day: number;
}

function fieldsOf(t: PactTime): Fields {
  const { days, dayMicros } = splitDay(t);
  const mjd = days + POSIX_EPOCH_MJD;
  const { year, yd } = toOrdinalDate(mjd);
  const { month, day } = monthDayFromDayOfYear(isLeapYear(year), yd);
  return { mjd, dayMicros, posixMicros: posixMicrosOf(t), year, yd, month, day };
}

/** One directive's text, or null when the directive is not known (then it is kept as written). */
function directive(c: string, f: Fields): string | null {
  const y = f.year;
  switch (c) {
    case 's': {
      // whole seconds since the epoch, truncated toward zero
      const q = f.posixMicros / 1_000_000n;
      return q.toString();
    }
    // ordinal date and Gregorian date
    case 'Y': return showsYear(y);
    case 'y': return shows02(fmod(y, 100));
    case 'C': return shows02(fdiv(y, 100));
    case 'j': return shows03(f.yd);
    case 'D': return `${shows02(f.month)}/${shows02(f.day)}/${shows02(fmod(y, 100))}`;
    case 'F': return `${showsYear(y)}-${shows02(f.month)}-${shows02(f.day)}`;
    case 'B': return MONTHS[f.month - 1][0];
    case 'b': case 'h': return MONTHS[f.month - 1][1];
    case 'm': return shows02(f.month);
    case 'd': return shows02(f.day);
    case 'e': return shows_2(f.day);
  }
  const wd = toWeekDate(f.mjd);
  switch (c) {
    case 'G': return showsYear(wd.year);
    case 'g': return shows02(fmod(wd.year, 100));
    case 'f': return shows02(fdiv(wd.year, 100));
    case 'V': return shows02(wd.week);
    case 'u': return String(wd.day);
    case 'w': return String(wd.day === 7 ? 0 : wd.day);
    case 'A': return WEEKDAYS[wd.day % 7][0];
    case 'a': return WEEKDAYS[wd.day % 7][1];
    case 'U': return shows02(toSundayWeek(f.mjd, f.yd).week);
    case 'W': return shows02(toMondayWeek(f.mjd, f.yd).week);
  }
  const us = f.dayMicros % 1_000_000;
  const secs = Math.floor(f.dayMicros / 1_000_000);
  const h = Math.floor(secs / 3600), mi = Math.floor(secs / 60) % 60, s = secs % 60;
  switch (c) {
    case 'R': return `${shows02(h)}:${shows02(mi)}`;
    case 'T': return `${shows02(h)}:${shows02(mi)}:${shows02(s)}`;
    case 'P': return h < 12 ? 'am' : 'pm';
    case 'p': return h < 12 ? 'AM' : 'PM';
    case 'H': return shows02(h);
    case 'I': return shows02(1 + fmod(h - 1, 12));
    case 'k': return shows_2(h);
    case 'l': return shows_2(1 + fmod(h - 1, 12));
    case 'M': return shows02(mi);
    case 'S': return shows02(s);
    case 'q': return fill06(us) + '000000';
    case 'v': return fill06(us);
    case 'Q': return us === 0 ? '' : '.' + fill06(us).replace(/0+$/, '');
    case 'z': return '+0000';
    case 'N': return '+00:00';
    case 'Z': return 'UTC';
  }
  return null;
}

/** `format-time`: aggregates expand, modifiers `- _ 0 ^ #` are dropped, unknown `%c` stays as is. */
export function formatTime(spec: string, t: PactTime): string {
  const f = fieldsOf(t);
  let out = '';
  let s = spec;
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (ch !== '%' || i + 1 >= s.length) { out += ch; i++; continue; }
    const c = s[i + 1];
    const rest = s.slice(i + 2);
    switch (c) {
      case 'c': s = DATE_TIME_FMT + rest; i = 0; continue;
      case 'r': s = TIME12_FMT + rest; i = 0; continue;
      case 'X': s = TIME_FMT + rest; i = 0; continue;
      case 'x': s = DATE_FMT + rest; i = 0; continue;
      case '-': case '_': case '0': case '^': case '#': s = '%' + rest; i = 0; continue;
      case '%': out += '%'; i += 2; continue;
    }
    out += directive(c, f) ?? '%' + c;
    i += 2;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parsing

/** The parse state (thyme's TimeParse); copied at every branch point so backtracking is free. */
interface ParseState {
  /** Haskell Ints: a year of any length is read modulo 2^64 */
  century: bigint; centuryYear: bigint; month: number; weekOfYear: number;
  dayOfMonth: number; dayOfYear: number; dayOfWeek: number;
  hour: number; minute: number; second: number; secFrac: number; posix: bigint;
  tzMinutes: number;
  pm: boolean; twelveHour: boolean; hasCentury: boolean; isPosix: boolean;
  ordinal: boolean; gregorian: boolean; weekDate: boolean; sundayWeek: boolean; mondayWeek: boolean;
}

const UNIX_EPOCH_STATE: ParseState = {
  century: 19n, centuryYear: 70n, month: 1, weekOfYear: 1, dayOfMonth: 1, dayOfYear: 1, dayOfWeek: 4,
  hour: 0, minute: 0, second: 0, secFrac: 0, posix: 0n, tzMinutes: 0,
  pm: false, twelveHour: false, hasCentury: false, isPosix: false,
  ordinal: false, gregorian: false, weekDate: false, sundayWeek: false, mondayWeek: false,
};

/** Time zone abbreviations in the order pact-time tries them (the first prefix match wins). */
const ZONES: [string, number][] = [
  ['TAI', 0], ['UT1', 0], ['ZULU', 0], ['Z', 0], ['YST', -540], ['YDT', -480], ['WST', 480], ['WETDST', 60],
  ['WET', 0], ['WDT', 540], ['WAT', -60], ['WAST', 420], ['WADT', 480], ['UTC', 0], ['UT', 0], ['TFT', 300],
  ['SWT', 60], ['SST', 120], ['SET', 60], ['SCT', 240], ['SAST', 570], ['SADT', 630], ['RET', 240],
  ['PST', -480], ['PDT', -420], ['NZT', 720], ['NZST', 720], ['NZDT', 780], ['NT', -660], ['NST', -210],
  ['NOR', 60], ['NFT', -210], ['NDT', -150], ['MVT', 300], ['MUT', 240], ['MT', 510], ['MST', -420],
  ['MMT', 390], ['MHT', 540], ['MEZ', 60], ['MEWT', 60], ['METDST', 120], ['MET', 60], ['MEST', 120],
  ['MDT', -360], ['MAWT', 360], ['MART', -570], ['LIGT', 600], ['KST', 540], ['JT', 450], ['JST', 540],
  ['IT', 210], ['IST', 120], ['IRT', 210], ['IOT', 300], ['IDLW', -720], ['IDLE', 720], ['HST', -600],
  ['HMT', 180], ['HDT', -540], ['GST', 600], ['GMT', 0], ['FWT', 120], ['FST', 60], ['FNT', -120],
  ['FNST', -60], ['EST', -300], ['EETDST', 180], ['EET', 120], ['EDT', -240], ['EAT', 180], ['EAST', 600],
  ['DNT', 60], ['CXT', 420], ['CST', -360], ['CETDST', 120], ['CET', 60], ['CEST', 120],
  ['CDT', -300], ['CCT', 480], ['CAT', -600], ['CAST', 570], ['CADT', 630], ['BT', 180], ['BST', 60],
  ['BRT', -180], ['BRST', -120], ['BDST', 120], ['AWT', -180], ['AWST', 480], ['AWSST', 540], ['AST', -240],
  ['ALMT', 360], ['ALMST', 420], ['AKST', -540], ['AKDT', -480], ['AHST', -600], ['AFT', 270], ['AEST', 600],
  ['AESST', 660], ['ADT', -180], ['ACT', -300], ['ACST', -240], ['ACSST', 630],
];

/** Attoparsec's Char8 `isSpace`: space and \t..\r. */
const isSpaceByte = (c: string): boolean => c === ' ' || (c >= '\t' && c <= '\r');
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
/** Data.Char.isSpace on a Latin-1 byte (used when trimming space-padded fields). */
const isSpaceChar = (c: string): boolean => isSpaceByte(c) || c === '\xa0';

type Result = { pos: number; st: ParseState } | null;

class TimeParser {
  /** the input as UTF-8 bytes, one char per byte (so lengths and `take n` count bytes) */
  constructor(private readonly input: string) {}

  /** P.decimal: one or more digits. */
  private decimal(pos: number): { v: number; pos: number } | null {
    let p = pos;
    while (isDigit(this.input[p])) p++;
    if (p === pos) return null;
    return { v: Number(this.input.slice(pos, p)), pos: p };
  }

  /** `negative P.decimal` into a Haskell Int: the digits modulo 2^64, then negated (wrapping). */
  private negativeInt(pos: number): { v: bigint; pos: number } | null {
    const neg = this.input[pos] === '-';
    const r = this.decimal(neg ? pos + 1 : pos);
    if (!r) return null;
    const v = int64(BigInt(this.input.slice(neg ? pos + 1 : pos, r.pos)));
    return { v: neg ? int64(-v) : v, pos: r.pos };
  }

  /** dec0 n: exactly n bytes, read as a decimal prefix (the rest of the n bytes is ignored). */
  private dec0(pos: number, n: number): { v: number; pos: number } | null {
    if (pos + n > this.input.length) return null;
    const chunk = this.input.slice(pos, pos + n);
    const m = /^[0-9]+/.exec(chunk);
    return m ? { v: Number(m[0]), pos: pos + n } : null;
  }

  /** dec_ n: exactly n bytes, leading spaces dropped, then a decimal prefix. */
  private decSpace(pos: number, n: number): { v: number; pos: number } | null {
    if (pos + n > this.input.length) return null;
    let chunk = this.input.slice(pos, pos + n);
    let k = 0;
    while (k < chunk.length && isSpaceChar(chunk[k])) k++;
    chunk = chunk.slice(k);
    const m = /^[0-9]+/.exec(chunk);
    return m ? { v: Number(m[0]), pos: pos + n } : null;
  }

  /** Fraction digits rounded to microseconds (7th digit rounds half up). */
  private micro(pos: number): { v: number; pos: number } | null {
    let p = pos;
    while (isDigit(this.input[p])) p++;
    if (p === pos) return null;
    const us10 = Number((this.input.slice(pos, p) + '000000').slice(0, 7));
    return { v: Math.floor((us10 + 5) / 10), pos: p };
  }

  /** The first name in the list matching case-insensitively (no backtracking into later names). */
  private indexOfCI(pos: number, names: string[]): { v: number; pos: number } | null {
    for (let i = 0; i < names.length; i++) {
      const n = names[i];
      if (this.input.slice(pos, pos + n.length).toLowerCase() === n.toLowerCase()) return { v: i, pos: pos + n.length };
    }
    return null;
  }

  private tzOffset(pos: number): { v: number; pos: number } | null {
    const sign = this.input[pos];
    if (sign !== '+' && sign !== '-') return null;
    const h = this.dec0(pos + 1, 2);
    if (!h) return null;
    let p = h.pos;
    if (this.input[p] === ':') p++;
    const m = this.dec0(p, 2);
    if (!m) return null;
    const mins = h.v * 60 + m.v;
    return { v: sign === '+' ? mins : -mins, pos: m.pos };
  }

  private tzName(pos: number): { v: number; pos: number } | null {
    for (const [name, mins] of ZONES) {
      if (this.input.startsWith(name, pos)) return { v: mins, pos: pos + name.length };
    }
    return null;
  }

  /** Parse `spec` from `pos` onwards; alternatives that include the rest of the spec backtrack. */
  go(spec: string, pos: number, st: ParseState): Result {
    if (spec.length === 0) return { pos, st };
    const c0 = spec[0];
    if (c0 === '%' && spec.length >= 2) {
      const c = spec[1];
      const rest = spec.slice(2);
      const set = (patch: Partial<ParseState>, p: number): Result => this.go(rest, p, { ...st, ...patch });
      const num = (r: { v: number; pos: number } | null, f: (v: number) => Partial<ParseState>): Result =>
        r ? set(f(r.v), r.pos) : null;
      switch (c) {
        case 'c': return this.go(DATE_TIME_FMT + rest, pos, st);
        case 'r': return this.go(TIME12_FMT + rest, pos, st);
        case 'X': return this.go(TIME_FMT + rest, pos, st);
        case 'x': return this.go(DATE_FMT + rest, pos, st);
        case 'R': return this.go('%H:%M' + rest, pos, st);
        case 'T': return this.go('%H:%M:%S' + rest, pos, st);
        case 'D': return this.go('%m/%d/%y' + rest, pos, st);
        case 'F': return this.go('%Y-%m-%d' + rest, pos, st);
        case 'P': case 'p': {
          const am = this.input.slice(pos, pos + 2).toLowerCase();
          if (am === 'am') return set({ pm: false, twelveHour: true }, pos + 2);
          if (am === 'pm') return set({ pm: true, twelveHour: true }, pos + 2);
          return null;
        }
        case 'H': return num(this.dec0(pos, 2), v => ({ twelveHour: false, hour: v }));
        case 'I': return num(this.dec0(pos, 2), v => ({ twelveHour: true, hour: v }));
        case 'k': case 'l': {
          const twelve = c === 'l';
          return num(this.decSpace(pos, 2), v => ({ twelveHour: twelve, hour: v }))
            ?? num(this.decSpace(pos, 1), v => ({ twelveHour: twelve, hour: v }));
        }
        case 'M': return num(this.dec0(pos, 2), v => ({ minute: v }));
        case 'S': return num(this.dec0(pos, 2), v => ({ second: v }));
        case 'q': case 'v': return num(this.micro(pos), v => ({ secFrac: v }));
        case 'Q': {
          const r = this.input[pos] === '.' ? this.micro(pos + 1) : null;
          return r ? set({ secFrac: r.v }, r.pos) : set({ secFrac: 0 }, pos);
        }
        case 'Y': return this.fullYear(rest, pos, st);
        case 'y': return num(this.dec0(pos, 2), v => ({ centuryYear: BigInt(v) }));
        case 'C': return num(this.dec0(pos, 2), v => ({ century: BigInt(v), hasCentury: true }));
        case 'B': return num(this.indexOfCI(pos, MONTHS.map(m => m[0])), v => ({ gregorian: true, month: v + 1 }));
        case 'b': case 'h':
          return num(this.indexOfCI(pos, MONTHS.map(m => m[1])), v => ({ gregorian: true, month: v + 1 }));
        case 'm': return num(this.dec0(pos, 2), v => ({ gregorian: true, month: v }));
        case 'd': return num(this.dec0(pos, 2), v => ({ gregorian: true, dayOfMonth: v }));
        case 'e':
          return num(this.decSpace(pos, 2), v => ({ gregorian: true, dayOfMonth: v }))
            ?? num(this.decSpace(pos, 1), v => ({ gregorian: true, dayOfMonth: v }));
        case 'j': return num(this.dec0(pos, 3), v => ({ dayOfYear: v, ordinal: true }));
        case 'G': return this.fullYear(rest, pos, { ...st, weekDate: true });
        case 'g': return num(this.dec0(pos, 2), v => ({ weekDate: true, centuryYear: BigInt(v) }));
        case 'f': return num(this.dec0(pos, 2), v => ({ weekDate: true, century: BigInt(v), hasCentury: true }));
        case 'V': return num(this.dec0(pos, 2), v => ({ weekDate: true, weekOfYear: v }));
        case 'U': return num(this.dec0(pos, 2), v => ({ sundayWeek: true, weekOfYear: v }));
        case 'W': return num(this.dec0(pos, 2), v => ({ mondayWeek: true, weekOfYear: v }));
        case 'w': case 'u': return num(this.dec0(pos, 1), v => ({ dayOfWeek: v }));
        case 'A': return num(this.indexOfCI(pos, WEEKDAYS.map(d => d[0])), v => ({ dayOfWeek: v }));
        case 'a': return num(this.indexOfCI(pos, WEEKDAYS.map(d => d[1])), v => ({ dayOfWeek: v }));
        case 'z': case 'N': return num(this.tzOffset(pos), v => ({ tzMinutes: v }));
        case 'Z': return num(this.tzOffset(pos) ?? this.tzName(pos), v => ({ tzMinutes: v }));
        case 's': {
          const r = this.negativeInt(pos);
          return r ? set({ posix: int64(r.v * 1_000_000n), isPosix: true }, r.pos) : null;
        }
        case '-': case '_': case '0': return this.go('%' + rest, pos, st);
        case '%': return this.input[pos] === '%' ? this.go(rest, pos + 1, st) : null;
        default: return null; // unknown directive: the parse fails
      }
    }
    if (isSpaceByte(c0)) {
      // a space in the format matches any run of whitespace, including none
      let p = pos;
      while (p < this.input.length && isSpaceByte(this.input[p])) p++;
      let k = 1;
      while (k < spec.length && isSpaceByte(spec[k])) k++;
      return this.go(spec.slice(k), p, st);
    }
    return this.input[pos] === c0 ? this.go(spec.slice(1), pos + 1, st) : null;
  }

  /** %Y: an optionally negative number of any length, else (backtracking) exactly four digits. */
  private fullYear(rest: string, pos: number, st: ParseState): Result {
    const attempt = (r: { v: bigint; pos: number } | null): Result => {
      if (!r) return null;
      return this.go(rest, r.pos, {
        ...st, hasCentury: true, century: floorDiv(r.v, 100n), centuryYear: floorMod(r.v, 100n),
      });
    };
    const fourDigits = this.dec0(pos, 4);
    return attempt(this.negativeInt(pos)) ?? attempt(fourDigits && { v: BigInt(fourDigits.v), pos: fourDigits.pos });
  }
}

function yearOf(st: ParseState): bigint {
  return int64(st.centuryYear + 100n * (st.hasCentury ? st.century : st.centuryYear < 69n ? 20n : 19n));
}

/** pact-time's buildTime: a day (Int), a time of day and a zone offset, summed in Int64 micros. */
function buildTime(st: ParseState): PactTime {
  if (st.isPosix) return timeFromPosixMicros(st.posix);
  const y = yearOf(st);
  const dow = BigInt(st.dayOfWeek);
  let mjd: bigint;
  if (st.ordinal) mjd = mjdFromOrdinal(y, BigInt(st.dayOfYear));
  else if (st.gregorian) {
    mjd = mjdFromOrdinal(y, dayOfYearFromMonthDayInt(isLeapYearInt(y), BigInt(st.month), BigInt(st.dayOfMonth)));
  } else if (st.weekDate) mjd = mjdFromWeekDate(y, BigInt(st.weekOfYear), dow === 0n ? 7n : dow);
  else if (st.sundayWeek) mjd = mjdFromSundayWeek(y, BigInt(st.weekOfYear), dow === 7n ? 0n : dow);
  else if (st.mondayWeek) mjd = mjdFromMondayWeek(y, BigInt(st.weekOfYear), dow === 0n ? 7n : dow);
  else mjd = mjdFromOrdinal(y, BigInt(st.dayOfYear));
  const hour = st.twelveHour ? (st.pm ? (st.hour < 12 ? st.hour + 12 : st.hour) : fmod(st.hour, 12)) : st.hour;
  const dayMicros = BigInt(hour) * 3_600_000_000n + BigInt(st.minute) * 60_000_000n +
    BigInt(st.second) * 1_000_000n + BigInt(st.secFrac);
  const offset = BigInt(-st.tzMinutes) * 60_000_000n;
  return timeFromMjdMicros(mjd * MICROS_PER_DAY + dayMicros + offset);
}

/** The format `time` parses with (the same parser as parse-time, so it trims whitespace too). */
export const ISO_TIME_FORMAT = '%Y-%m-%dT%H:%M:%SZ';

/** The shape nearly every `time` argument has: four-digit year, two digits per field, no spaces. */
const PLAIN_ISO = /^(\d\d)(\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z$/;

/**
 * ISO_TIME_FORMAT on a PLAIN_ISO text, without the general parser (whose state copies and
 * backtracking cost tens of µs a call): the state it ends in for such a text, where %Y reads the
 * four digits (no sign) and each two-digit field its two digits, whatever their values.
 */
function plainIsoState(m: RegExpExecArray): ParseState {
  return {
    ...UNIX_EPOCH_STATE, hasCentury: true, century: BigInt(m[1]), centuryYear: BigInt(m[2]), gregorian: true,
    month: Number(m[3]), dayOfMonth: Number(m[4]), hour: Number(m[5]), minute: Number(m[6]), second: Number(m[7]),
  };
}

/** `parse-time`: surrounding whitespace allowed, the whole input consumed; null on failure. */
export function parseTime(spec: string, text: string): PactTime | null {
  if (spec === ISO_TIME_FORMAT) {
    const m = PLAIN_ISO.exec(text);
    if (m) return buildTime(plainIsoState(m));
  }
  const toBytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
  const input = toBytes(text);
  const parser = new TimeParser(input);
  let pos = 0;
  while (pos < input.length && isSpaceByte(input[pos])) pos++;
  // the rest of the input after the spec must be whitespace only
  const r = parser.go(toBytes(spec), pos, UNIX_EPOCH_STATE);
  if (!r) return null;
  let end = r.pos;
  while (end < input.length && isSpaceByte(input[end])) end++;
  if (end !== input.length) return null;
  return buildTime(r.st);
}
