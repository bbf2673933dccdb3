// format-time at the edges pact-time's formatter has and the boundary tables miss: ISO week 53
// and the week-based year around New Year (toWeekDate), three-digit day-of-year padding (shows03
// at 9/10 and 99/100), year 0 printed without a sign, and 1 January of the years where the year
// estimate falls one short (toOrdinalDate's upward correction: 204, 208, … and 3416, …).
// Expected values: Python's datetime.isocalendar for the ISO weeks, the calendar for the rest.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev } from '../natives/helpers.js';

const formatted = (format: string, iso: string) => ev(`(format-time "${format}" (parse-time "%Y-%m-%d" "${iso}"))`);

test('ISO weeks around New Year, week 53 included', () => {
  assert.is(formatted('%G-W%V-%u', '2020-12-31'), '"2020-W53-4"');
  assert.is(formatted('%G-W%V-%u', '2021-01-01'), '"2020-W53-5"');
  assert.is(formatted('%G-W%V-%u', '2021-01-03'), '"2020-W53-7"');
  assert.is(formatted('%G-W%V-%u', '2021-01-04'), '"2021-W01-1"');
  assert.is(formatted('%G-W%V-%u', '2015-12-31'), '"2015-W53-4"');
  assert.is(formatted('%G-W%V-%u', '2019-12-30'), '"2020-W01-1"');
  assert.is(formatted('%G-W%V-%u', '2018-12-31'), '"2019-W01-1"');
  assert.is(formatted('%g %V', '2009-12-31'), '"09 53"');
});

test('day of year in three digits', () => {
  assert.is(formatted('%j', '2021-01-09'), '"009"');
  assert.is(formatted('%j', '2021-01-10'), '"010"');
  assert.is(formatted('%j', '2021-04-09'), '"099"');
  assert.is(formatted('%j', '2021-04-10'), '"100"');
});

test('year 0 has no sign; the year before it is -0001', () => {
  assert.is(ev('(format-time "%Y" (parse-time "%Y" "0"))'), '"0000"');
  assert.is(ev('(format-time "%Y" (parse-time "%Y" "-1"))'), '"-0001"');
});

test('1 January of years whose year estimate is one short', () => {
  for (const year of ['0204', '0208', '3416']) {
    assert.is(formatted('%Y-%m-%d %j', `${year}-01-01`), `"${year}-01-01 001"`);
  }
});

test.run();
