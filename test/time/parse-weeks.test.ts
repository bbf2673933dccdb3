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

test.run();
