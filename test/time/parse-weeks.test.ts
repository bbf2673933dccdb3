// parse-time's week dates (%G %V %u, %Y %U %w, %Y %W %u) and ordinal dates (%j), including the
// values pact-time clamps or lets run over (week 0 or 53 of a 52-week year, weekday 0 or 9, day 0
// or 999 of a year) and years at and before 0 (astronomical numbering: the year before 1 is 0).
// Expected day counts come from an independent proleptic-Gregorian calendar (Howard Hinnant's
// days_from_civil, ISO weeks from the Monday of the week holding 4 January), with pact-time's
// rules applied as Pact.Time.Format.Internal states them: fromWeekLast clamps the weekday to 1..7
// (0 read as 7) and the week to 1..lastWeekOfYear; fromSundayWeek/fromMondayWeek count from the
// year's first Sunday/Monday with no clamping (a Sunday-week day of 7 is 0, a Monday-week day of
// 0 is 7); fromOrdinalDate clamps the day into the year; the weekday defaults to 4 and the year to
// 1970 (unixEpoch).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev } from '../natives/helpers.js';

/** [format, input, days since 1970-01-01] */
const CASES: [string, string, number][] = [
  ['%G-W%V-%u', '2020-W53-5', 18628],
  ['%G-W%V-%u', '2021-W01-1', 18631],
  ['%G-W%V-%u', '2021-W53-1', 18988],
  ['%G-W%V-%u', '2021-W00-3', 18633],
  ['%G-W%V-%u', '2021-W01-0', 18637],
  ['%G-W%V-%u', '2021-W10-9', 18700],
  ['%G-W%V-%u', '2015-W53-7', 16803],
  ['%G-W%V-%u', '2016-W53-7', 17167],
  ['%G-W%V-%u', '2004-W53-6', 12784],
  ['%G-W%V-%u', '2032-W53-4', 23009],
  ['%G-W%V-%u', '2000-W52-7', 11322],
  ['%G-W%V-%u', '0000-W01-1', -719526],
  ['%G-W%V-%u', '-0001-W52-7', -719527],
  ['%G-W%V-%u', '-0004-W53-5', -720628],
  ['%G-W%V-%u', '-0100-W26-3', -755875],
  ['%G-W%V-%u', '-0401-W53-2', -865629],
  ['%G %V', '2021 07', 18676],
  ['%Y %U %w', '2021 00 5', 18628],
  ['%Y %U %w', '2021 01 0', 18630],
  ['%Y %U %w', '2021 52 6', 18993],
  ['%Y %U %w', '2023 01 7', 19358],
  ['%Y %U %w', '2023 10 9', 19430],
  ['%Y %U', '2017 05', 17199],
  ['%Y %U %a', '2000 00 Sat', 10957],
  ['%Y %U %A', '-0001 20 tuesday', -719756],
  ['%Y %W %u', '2021 00 5', 18628],
  ['%Y %W %u', '2021 01 1', 18631],
  ['%Y %W %u', '2024 01 0', 19729],
  ['%Y %W %u', '2024 53 1', 20087],
  ['%Y %W %w', '2018 00 1', 17525],
  ['%Y %W', '-0002 30', -720048],
  ['%Y %j', '2021 060', 18687],
  ['%Y %j', '2020 060', 18321],
  ['%Y %j', '2020 366', 18627],
  ['%Y %j', '2021 366', 18992],
  ['%Y %j', '2021 000', 18628],
  ['%Y %j', '2021 999', 18992],
  ['%Y %j', '1900 365', -25203],
  ['%Y %j', '0000 366', -719163],
  ['%Y %j', '-0001 001', -719893],
  ['%Y %j', '-0400 366', -865260],
  ['%j', '032', 31],
];

test('week dates and ordinal dates land on the oracle\'s day', () => {
  for (const [format, input, days] of CASES) {
    const seconds = ev(`(diff-time (parse-time "${format}" "${input}") (time "1970-01-01T00:00:00Z"))`);
    assert.is(seconds, `${days * 86400}.0`, `(parse-time "${format}" "${input}")`);
  }
});

/** The oracle in TypeScript, for sweeps: days since 1970-01-01 of a proleptic Gregorian date
 *  (Hinnant's days_from_civil, with its truncating division) and of an ISO week date. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.trunc((yy >= 0 ? yy : yy - 399) / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}
const isoWeekday = (days: number): number => (((days + 3) % 7) + 7) % 7 + 1;
function week1Monday(y: number): number {
  const jan4 = daysFromCivil(y, 1, 4);
  return jan4 - (isoWeekday(jan4) - 1);
}
/** pact-time's fromWeekDate: weekday clamped to 1..7, week to 1..(52 or 53) */
function fromIsoWeek(y: number, w: number, d: number): number {
  const weeks = week1Monday(y + 1) - week1Monday(y) === 53 * 7 ? 53 : 52;
  return week1Monday(y) + 7 * (Math.min(Math.max(w, 1), weeks) - 1) + Math.min(Math.max(d, 1), 7) - 1;
}

test('the TypeScript oracle agrees with the table above', () => {
  assert.is(fromIsoWeek(2020, 53, 5), 18628);
  assert.is(fromIsoWeek(2021, 53, 1), 18988);
  assert.is(fromIsoWeek(-1, 52, 7), -719527);
  assert.is(fromIsoWeek(-401, 53, 2), CASES.find(c => c[1] === '-0401-W53-2')![2]);
  assert.is(daysFromCivil(1900, 12, 31), -25203);
});

test('week 53 and week 1 of every year from -1200 to 2800 (ten 400-year cycles, both sides of year 0)', () => {
  const years = { from: -1200, to: 2800 };
  const got = ev(`(map (lambda (y) [
      (diff-time (parse-time "%G-W%V-%u" (format "{}-W53-1" [y])) (time "1970-01-01T00:00:00Z"))
      (diff-time (parse-time "%G-W%V-%u" (format "{}-W01-1" [y])) (time "1970-01-01T00:00:00Z"))])
    (enumerate ${years.from} ${years.to}))`);
  const expected: string[] = [];
  for (let y = years.from; y <= years.to; y++) {
    expected.push(`[${fromIsoWeek(y, 53, 1) * 86400}.0 ${fromIsoWeek(y, 1, 1) * 86400}.0]`);
  }
  assert.is(got, `[${expected.join(' ')}]`);
});

test.run();
