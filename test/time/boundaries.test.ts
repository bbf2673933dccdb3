// Boundary tables for time (natives.md §6): every format-time directive at hours 0, 11, 12, 13, 23
// in the years 1900, 2000, 2100, 2400 (the century and 400-year leap rules), leap days, day 366,
// and parse-time reading the same boundaries back. Expectations are C strftime's (glibc, UTC).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err } from '../natives/helpers.js';
import { toCivil } from '../../runtime/time/calendar.js';
import { PactTime } from '../../vm/values.js';

/** Every directive pact-time shares with C strftime, in one format string. */
const ALL = '%a %A %b %B %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %p %P %R %S %T %u %U %V %w %W %y %Y %z %Z %x %X %r %s %%';

/** (ISO time, ALL formatted): each year gets hours 0, 11, 12, 13, 23 across its edge days. */
const TABLE: [string, string][] = [
  ['1900-01-01T00:05:09Z', 'Mon Monday Jan January 19 01 01/01/00  1 1900-01-01 00 1900 Jan 00 12 001  0 12 01 05 AM am 00:05 09 00:05:09 1 00 01 1 01 00 1900 +0000 UTC 01/01/00 00:05:09 12:05:09 AM -2208988491 %'],
  ['1900-02-28T11:05:09Z', 'Wed Wednesday Feb February 19 28 02/28/00 28 1900-02-28 00 1900 Feb 11 11 059 11 11 02 05 AM am 11:05 09 11:05:09 3 08 09 3 09 00 1900 +0000 UTC 02/28/00 11:05:09 11:05:09 AM -2203937691 %'],
  ['1900-07-04T12:05:09Z', 'Wed Wednesday Jul July 19 04 07/04/00  4 1900-07-04 00 1900 Jul 12 12 185 12 12 07 05 PM pm 12:05 09 12:05:09 3 26 27 3 27 00 1900 +0000 UTC 07/04/00 12:05:09 12:05:09 PM -2193047691 %'],
  ['1900-03-01T13:05:09Z', 'Thu Thursday Mar March 19 01 03/01/00  1 1900-03-01 00 1900 Mar 13 01 060 13  1 03 05 PM pm 13:05 09 13:05:09 4 08 09 4 09 00 1900 +0000 UTC 03/01/00 13:05:09 01:05:09 PM -2203844091 %'],
  ['1900-12-31T23:05:09Z', 'Mon Monday Dec December 19 31 12/31/00 31 1900-12-31 01 1901 Dec 23 11 365 23 11 12 05 PM pm 23:05 09 23:05:09 1 52 01 1 53 00 1900 +0000 UTC 12/31/00 23:05:09 11:05:09 PM -2177456091 %'],
  ['2000-01-01T00:05:09Z', 'Sat Saturday Jan January 20 01 01/01/00  1 2000-01-01 99 1999 Jan 00 12 001  0 12 01 05 AM am 00:05 09 00:05:09 6 00 52 6 00 00 2000 +0000 UTC 01/01/00 00:05:09 12:05:09 AM 946685109 %'],
  ['2000-02-28T11:05:09Z', 'Mon Monday Feb February 20 28 02/28/00 28 2000-02-28 00 2000 Feb 11 11 059 11 11 02 05 AM am 11:05 09 11:05:09 1 09 09 1 09 00 2000 +0000 UTC 02/28/00 11:05:09 11:05:09 AM 951735909 %'],
  ['2000-02-29T12:05:09Z', 'Tue Tuesday Feb February 20 29 02/29/00 29 2000-02-29 00 2000 Feb 12 12 060 12 12 02 05 PM pm 12:05 09 12:05:09 2 09 09 2 09 00 2000 +0000 UTC 02/29/00 12:05:09 12:05:09 PM 951825909 %'],
  ['2000-03-01T13:05:09Z', 'Wed Wednesday Mar March 20 01 03/01/00  1 2000-03-01 00 2000 Mar 13 01 061 13  1 03 05 PM pm 13:05 09 13:05:09 3 09 09 3 09 00 2000 +0000 UTC 03/01/00 13:05:09 01:05:09 PM 951915909 %'],
  ['2000-12-31T23:05:09Z', 'Sun Sunday Dec December 20 31 12/31/00 31 2000-12-31 00 2000 Dec 23 11 366 23 11 12 05 PM pm 23:05 09 23:05:09 7 53 52 0 52 00 2000 +0000 UTC 12/31/00 23:05:09 11:05:09 PM 978303909 %'],
  ['2100-01-01T00:05:09Z', 'Fri Friday Jan January 21 01 01/01/00  1 2100-01-01 99 2099 Jan 00 12 001  0 12 01 05 AM am 00:05 09 00:05:09 5 00 53 5 00 00 2100 +0000 UTC 01/01/00 00:05:09 12:05:09 AM 4102445109 %'],
  ['2100-02-28T11:05:09Z', 'Sun Sunday Feb February 21 28 02/28/00 28 2100-02-28 00 2100 Feb 11 11 059 11 11 02 05 AM am 11:05 09 11:05:09 7 09 08 0 08 00 2100 +0000 UTC 02/28/00 11:05:09 11:05:09 AM 4107495909 %'],
  ['2100-07-04T12:05:09Z', 'Sun Sunday Jul July 21 04 07/04/00  4 2100-07-04 00 2100 Jul 12 12 185 12 12 07 05 PM pm 12:05 09 12:05:09 7 27 26 0 26 00 2100 +0000 UTC 07/04/00 12:05:09 12:05:09 PM 4118385909 %'],
  ['2100-03-01T13:05:09Z', 'Mon Monday Mar March 21 01 03/01/00  1 2100-03-01 00 2100 Mar 13 01 060 13  1 03 05 PM pm 13:05 09 13:05:09 1 09 09 1 09 00 2100 +0000 UTC 03/01/00 13:05:09 01:05:09 PM 4107589509 %'],
  ['2100-12-31T23:05:09Z', 'Fri Friday Dec December 21 31 12/31/00 31 2100-12-31 00 2100 Dec 23 11 365 23 11 12 05 PM pm 23:05 09 23:05:09 5 52 52 5 52 00 2100 +0000 UTC 12/31/00 23:05:09 11:05:09 PM 4133977509 %'],
  ['2400-01-01T00:05:09Z', 'Sat Saturday Jan January 24 01 01/01/00  1 2400-01-01 99 2399 Jan 00 12 001  0 12 01 05 AM am 00:05 09 00:05:09 6 00 52 6 00 00 2400 +0000 UTC 01/01/00 00:05:09 12:05:09 AM 13569465909 %'],
  ['2400-02-28T11:05:09Z', 'Mon Monday Feb February 24 28 02/28/00 28 2400-02-28 00 2400 Feb 11 11 059 11 11 02 05 AM am 11:05 09 11:05:09 1 09 09 1 09 00 2400 +0000 UTC 02/28/00 11:05:09 11:05:09 AM 13574516709 %'],
  ['2400-02-29T12:05:09Z', 'Tue Tuesday Feb February 24 29 02/29/00 29 2400-02-29 00 2400 Feb 12 12 060 12 12 02 05 PM pm 12:05 09 12:05:09 2 09 09 2 09 00 2400 +0000 UTC 02/29/00 12:05:09 12:05:09 PM 13574606709 %'],
  ['2400-03-01T13:05:09Z', 'Wed Wednesday Mar March 24 01 03/01/00  1 2400-03-01 00 2400 Mar 13 01 061 13  1 03 05 PM pm 13:05 09 13:05:09 3 09 09 3 09 00 2400 +0000 UTC 03/01/00 13:05:09 01:05:09 PM 13574696709 %'],
  ['2400-12-31T23:05:09Z', 'Sun Sunday Dec December 24 31 12/31/00 31 2400-12-31 00 2400 Dec 23 11 366 23 11 12 05 PM pm 23:05 09 23:05:09 7 53 52 0 52 00 2400 +0000 UTC 12/31/00 23:05:09 11:05:09 PM 13601084709 %'],
];

const fmt = (f: string, iso: string) => ev(`(format-time "${f}" (time "${iso}"))`).slice(1, -1);

test('every directive at hours 0, 11, 12, 13, 23 in 1900, 2000, 2100 and 2400', () => {
  for (const [iso, want] of TABLE) assert.is(fmt(ALL, iso), want, iso);
});

test('the pact-time-only directives: %c, %f (week-year century), fractions and %N', () => {
  assert.is(fmt('%c', '1900-01-01T00:05:09Z'), 'Mon Jan  1 00:05:09 UTC 1900');
  assert.is(fmt('%c', '2400-12-31T23:05:09Z'), 'Sun Dec 31 23:05:09 UTC 2400');
  // the week-based year differs from the calendar year at both ends of these years
  assert.is(fmt('%G %f %g', '2000-01-01T00:05:09Z'), '1999 19 99');
  assert.is(fmt('%G %f %g', '2100-01-01T00:05:09Z'), '2099 20 99');
  assert.is(fmt('%G %f %g', '1900-12-31T23:05:09Z'), '1901 19 01');
  assert.is(fmt('%G %f %g', '2400-02-29T12:05:09Z'), '2400 24 00');
  for (const [iso] of TABLE) assert.is(fmt('%v|%q|%Q|%N', iso), '000000|000000000000||+00:00', iso);
});

/** Hour h → `%H %I %k %l %p %P`. */
const HOURS = [
  '00 12  0 12 AM am', '01 01  1  1 AM am', '02 02  2  2 AM am', '03 03  3  3 AM am', '04 04  4  4 AM am', '05 05  5  5 AM am', '06 06  6  6 AM am', '07 07  7  7 AM am', '08 08  8  8 AM am', '09 09  9  9 AM am', '10 10 10 10 AM am', '11 11 11 11 AM am', '12 12 12 12 PM pm', '13 01 13  1 PM pm', '14 02 14  2 PM pm', '15 03 15  3 PM pm', '16 04 16  4 PM pm', '17 05 17  5 PM pm', '18 06 18  6 PM pm', '19 07 19  7 PM pm', '20 08 20  8 PM pm', '21 09 21  9 PM pm', '22 10 22 10 PM pm', '23 11 23 11 PM pm',
];

test('the hour directives for every hour of the day (midnight and noon are 12 on the 12-hour clock)', () => {
  HOURS.forEach((want, h) => {
    const iso = `2000-01-01T${String(h).padStart(2, '0')}:00:00Z`;
    assert.is(fmt('%H %I %k %l %p %P', iso), want, iso);
  });
});

test('parse-time reads every hour back on the 12-hour clock', () => {
  HOURS.forEach((shown, h) => {
    const [, I, , , p] = shown.split(/ +/);
    const iso = `2000-01-01T${String(h).padStart(2, '0')}:00:00Z`;
    assert.is(ev(`(parse-time "%Y-%m-%d %I %p" "2000-01-01 ${I} ${p}")`), `"${iso}"`, `${I} ${p}`);
  });
});

test('parse-time reads each row of the table back through %F %T and through %s', () => {
  for (const [iso, want] of TABLE) {
    const f = want.split(/ +/);
    assert.is(ev(`(parse-time "%F %T" "${iso.slice(0, 10)} ${iso.slice(11, 19)}")`), `"${iso}"`, iso);
    assert.is(ev(`(parse-time "%s" "${f[f.length - 2]}")`), `"${iso}"`, `%s ${iso}`);
  }
});

test('leap days: 29 February exists in 2000 and 2400 but not in 1900 and 2100 (pact-time clamps it)', () => {
  assert.is(ev('(time "2000-02-29T00:00:00Z")'), '"2000-02-29T00:00:00Z"');
  assert.is(ev('(time "2400-02-29T00:00:00Z")'), '"2400-02-29T00:00:00Z"');
  assert.is(ev('(time "1996-02-29T00:00:00Z")'), '"1996-02-29T00:00:00Z"');
  // a day past the end of the month is clamped to its last day, not rejected
  assert.is(ev('(time "1900-02-29T00:00:00Z")'), '"1900-02-28T00:00:00Z"');
  assert.is(ev('(time "2100-02-29T00:00:00Z")'), '"2100-02-28T00:00:00Z"');
  assert.is(ev('(time "2001-02-29T00:00:00Z")'), '"2001-02-28T00:00:00Z"');
  assert.is(ev('(time "2000-02-30T00:00:00Z")'), '"2000-02-29T00:00:00Z"');
  // the day after 28 February
  assert.is(ev('(add-time (time "2000-02-28T00:00:00Z") (days 1))'), '"2000-02-29T00:00:00Z"');
  assert.is(ev('(add-time (time "1900-02-28T00:00:00Z") (days 1))'), '"1900-03-01T00:00:00Z"');
  assert.is(ev('(add-time (time "2100-02-28T00:00:00Z") (days 1))'), '"2100-03-01T00:00:00Z"');
  assert.is(ev('(add-time (time "2400-02-28T00:00:00Z") (days 1))'), '"2400-02-29T00:00:00Z"');
  assert.is(ev('(diff-time (time "2000-03-01T00:00:00Z") (time "2000-02-28T00:00:00Z"))'), '172800.0');
  assert.is(ev('(diff-time (time "1900-03-01T00:00:00Z") (time "1900-02-28T00:00:00Z"))'), '86400.0');
});

test('day of year 365 and 366', () => {
  assert.is(fmt('%j', '2000-12-31T00:00:00Z'), '366');
  assert.is(fmt('%j', '2400-12-31T00:00:00Z'), '366');
  assert.is(fmt('%j', '1900-12-31T00:00:00Z'), '365');
  assert.is(fmt('%j', '2100-12-31T00:00:00Z'), '365');
  assert.is(ev('(parse-time "%Y-%j" "2000-366")'), '"2000-12-31T00:00:00Z"');
  assert.is(ev('(parse-time "%Y-%j" "2000-365")'), '"2000-12-30T00:00:00Z"');
  assert.is(ev('(parse-time "%Y-%j" "2000-060")'), '"2000-02-29T00:00:00Z"');
  assert.is(ev('(parse-time "%Y-%j" "1900-060")'), '"1900-03-01T00:00:00Z"');
  // day 366 of a common year is clamped to its last day
  assert.is(ev('(parse-time "%Y-%j" "1900-366")'), '"1900-12-31T00:00:00Z"');
  assert.is(ev('(parse-time "%Y-%j" "2100-366")'), '"2100-12-31T00:00:00Z"');
  assert.is(ev('(add-time (time "2000-12-31T23:59:59Z") 1)'), '"2001-01-01T00:00:00Z"');
  assert.is(ev('(add-time (time "1900-12-31T23:59:59Z") 1)'), '"1901-01-01T00:00:00Z"');
});

test('the time native rejects what is not its format', () => {
  assert.is(err('(time "2000-02-29")'), 'native execution failure, time failed with message: time default format parse failure');
});

test('years around zero: 0000 has no sign, the year before it is -0001', () => {
  assert.is(ev('(time "0000-01-01T00:00:00Z")'), '"0000-01-01T00:00:00Z"');
  assert.is(ev('(add-time (time "0000-01-01T00:00:00Z") (days -1))'), '"-0001-12-31T00:00:00Z"');
  assert.is(ev('(format-time "%Y" (add-time (time "0000-01-01T00:00:00Z") (days -1)))'), '"-0001"');
});

test('civil time keeps the microseconds below a second, before and after the epoch', () => {
  assert.equal(toCivil(new PactTime(1_500_001n)), { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 1, micros: 500_001 });
  assert.equal(toCivil(new PactTime(-1n)), { year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, micros: 999_999 });
});

test.run();
