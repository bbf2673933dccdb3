// Time natives (natives.md §6): every format-time directive, parse-time (whitespace, zones,
// offsets, fractions, backtracking years), add-time rounding, diff-time, minutes/hours/days.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, shown, err } from './helpers.js';

const T = '(time "2010-12-21T13:23:45Z")';
const T2 = `(add-time ${T} 0.001002)`;
const fmt = (f: string, t = T) => ev(`(format-time "${f}" ${t})`).slice(1, -1);

test('date directives', () => {
  assert.is(fmt('%Y'), '2010');
  assert.is(fmt('%y'), '10');
  assert.is(fmt('%C'), '20');
  assert.is(fmt('%m'), '12');
  assert.is(fmt('%B'), 'December');
  assert.is(fmt('%b'), 'Dec');
  assert.is(fmt('%h'), 'Dec');
  assert.is(fmt('%d'), '21');
  assert.is(fmt('%e', '(time "2010-12-01T00:00:00Z")'), ' 1');
  assert.is(fmt('%j'), '355');
  assert.is(fmt('%j', '(time "2010-01-05T00:00:00Z")'), '005');
  assert.is(fmt('%D'), '12/21/10');
  assert.is(fmt('%F'), '2010-12-21');
  assert.is(fmt('%x'), '12/21/10');
});

test('week directives', () => {
  assert.is(fmt('%G'), '2010');
  assert.is(fmt('%g'), '10');
  assert.is(fmt('%f'), '20');
  assert.is(fmt('%V'), '51');
  assert.is(fmt('%u'), '2');
  assert.is(fmt('%w'), '2');
  assert.is(fmt('%a'), 'Tue');
  assert.is(fmt('%A'), 'Tuesday');
  assert.is(fmt('%U'), '51');
  assert.is(fmt('%W'), '51');
  // Sunday: %u is 7, %w is 0; 2010-01-03 is in ISO week 53 of 2009
  assert.is(fmt('%u %w %V %G %U %W', '(time "2010-01-03T00:00:00Z")'), '7 0 53 2009 01 00');
});

test('time-of-day directives', () => {
  assert.is(fmt('%H %M %S'), '13 23 45');
  assert.is(fmt('%I'), '01');
  assert.is(fmt('%k'), '13');
  assert.is(fmt('%l'), ' 1');
  assert.is(fmt('%k %l', '(time "2010-12-21T00:05:00Z")'), ' 0 12');
  assert.is(fmt('%p %P'), 'PM pm');
  assert.is(fmt('%p', '(time "2010-12-21T11:59:59Z")'), 'AM');
  assert.is(fmt('%R'), '13:23');
  assert.is(fmt('%T'), '13:23:45');
  assert.is(fmt('%X'), '13:23:45');
  assert.is(fmt('%r'), '01:23:45 PM');
  assert.is(fmt('%c'), 'Tue Dec 21 13:23:45 UTC 2010');
});

test('fractions, epoch seconds and zones', () => {
  assert.is(fmt('%v', T2), '001002');
  assert.is(fmt('%q', T2), '001002000000');
  assert.is(fmt('%Q', T2), '.001002');
  assert.is(fmt('%Q'), '');
  assert.is(fmt('%Q', `(add-time ${T} 0.5)`), '.5');
  assert.is(fmt('%s'), '1292937825');
  // before the epoch the seconds are truncated toward zero
  assert.is(fmt('%s', '(add-time (time "1970-01-01T00:00:00Z") -0.9)'), '0');
  assert.is(fmt('%s', '(time "1969-12-31T23:59:59Z")'), '-1');
  assert.is(fmt('%z %N %Z'), '+0000 +00:00 UTC');
});

test('escapes, modifiers and unknown directives', () => {
  assert.is(fmt('%%'), '%');
  assert.is(fmt('100%'), '100%');
  assert.is(fmt('%-d %_m %0H %^a %#b'), '21 12 13 Tue Dec');
  assert.is(fmt('%E %i'), '%E %i');
  assert.is(fmt('%Y-%m-%dT%H:%M:%SZ'), '2010-12-21T13:23:45Z');
});

test('years outside 1000..9999', () => {
  assert.is(fmt('%Y', '(time "0099-01-01T00:00:00Z")'), '0099');
  assert.is(ev('(time "-0044-03-15T00:00:00Z")'), '"-0044-03-15T00:00:00Z"');
  assert.is(ev('(parse-time "%Y" "12345")'), '"12345-01-01T00:00:00Z"');
});

test('parse-time: round trips and whitespace', () => {
  assert.is(ev('(parse-time "%Y-%m-%d" "2016-07-22")'), '"2016-07-22T00:00:00Z"');
  assert.is(ev('(parse-time "%Y-%m-%d" "  2016-07-22  ")'), '"2016-07-22T00:00:00Z"');
  assert.is(ev('(parse-time "%Y-%m-%d %H:%M" "2016-07-22    10:30")'), '"2016-07-22T10:30:00Z"');
  assert.is(ev('(parse-time "%Y-%m-%d %H:%M" "2016-07-2210:30")'), '"2016-07-22T10:30:00Z"');
  assert.is(ev(`(= ${T2} (parse-time "%Y-%m-%d %H:%M:%S.%v" "2010-12-21 13:23:45.001002"))`), 'true');
  assert.is(ev('(parse-time "%a, %_d %b %Y %H:%M:%S %Z" "Tue, 21 Dec 2010 13:23:45 UTC")'), '"2010-12-21T13:23:45Z"');
  assert.is(ev('(parse-time "%B %e %Y" "december 1 2010")'), '"2010-12-01T00:00:00Z"');
});

test('parse-time: 12-hour clock, day of year, two-digit years, epoch seconds', () => {
  assert.is(ev('(parse-time "%I:%M %p" "12:15 AM")'), '"1970-01-01T00:15:00Z"');
  assert.is(ev('(parse-time "%I:%M %p" "01:15 pm")'), '"1970-01-01T13:15:00Z"');
  assert.is(ev('(parse-time "%Y %j" "2016 366")'), '"2016-12-31T00:00:00Z"');
  assert.is(ev('(parse-time "%y" "68")'), '"2068-01-01T00:00:00Z"');
  assert.is(ev('(parse-time "%y" "69")'), '"1969-01-01T00:00:00Z"');
  assert.is(ev('(parse-time "%s" "1292937825")'), '"2010-12-21T13:23:45Z"');
  assert.is(ev('(parse-time "%s" "-1")'), '"1969-12-31T23:59:59Z"');
});

test('parse-time: zones and offsets move the result to UTC', () => {
  assert.is(ev('(parse-time "%Y-%m-%d %H:%M %Z" "2020-02-29 10:30 EST")'), '"2020-02-29T15:30:00Z"');
  assert.is(ev('(parse-time "%H:%M %z" "10:30 +0530")'), '"1970-01-01T05:00:00Z"');
  assert.is(ev('(parse-time "%H:%M %N" "10:30 -01:00")'), '"1970-01-01T11:30:00Z"');
  assert.is(ev('(parse-time "%H:%M %Z" "10:30 Z")'), '"1970-01-01T10:30:00Z"');
});

test('parse-time: fractions round to microseconds', () => {
  assert.is(fmt('%v', '(parse-time "%S.%v" "01.1234565")'), '123457');
  assert.is(fmt('%v', '(parse-time "%S%Q" "01.5")'), '500000');
  assert.is(ev('(parse-time "%S%Q" "01")'), '"1970-01-01T00:00:01Z"');
});

test('parse-time failures', () => {
  const failure = 'native execution failure, parse-time failed with message: parse-time parse failure';
  assert.is(err('(parse-time "%Y-%m-%d" "2016-07-22x")'), failure);
  assert.is(err('(parse-time "%Y" "x")'), failure);
  assert.is(err('(parse-time "%E" "x")'), failure);
  assert.is(err('(parse-time "%^Y" "2016")'), failure);
  assert.is(err('(time "2016-07-22")'), 'native execution failure, time failed with message: time default format parse failure');
  assert.is(err('(format-time "%Y" 1)'), 'Type error: failed to call native function format-time with argument(s) of type(s): string, integer');
});

test('add-time: integer seconds, decimal seconds rounded half-to-even to microseconds', () => {
  assert.is(ev('(add-time (time "2016-07-22T11:26:35Z") 1)'), '"2016-07-22T11:26:36Z"');
  assert.is(ev('(add-time (time "2016-07-22T11:26:35Z") -1.0)'), '"2016-07-22T11:26:34Z"');
  assert.is(ev('(add-time (time "2016-07-22T00:00:00Z") (days 1))'), '"2016-07-23T00:00:00Z"');
  assert.is(fmt('%v', '(add-time (time "2016-07-22T11:26:35Z") 0.0000005)'), '000000');
  assert.is(fmt('%v', '(add-time (time "2016-07-22T11:26:35Z") 0.0000015)'), '000002');
  assert.is(fmt('%v', '(add-time (time "2016-07-22T11:26:35Z") 0.0000025)'), '000002');
});

test('diff-time, minutes, hours, days', () => {
  assert.is(ev('(diff-time (time "2016-07-22T11:26:35Z") (time "2016-07-22T10:26:35Z"))'), '3600.0');
  assert.is(ev('(diff-time (time "2016-07-22T11:26:35Z") (time "2016-07-22T11:26:36Z"))'), '-1.0');
  assert.is(shown(`(diff-time ${T2} ${T})`), '0.001002');
  assert.is(shown('(minutes 1)'), '60.0');
  assert.is(shown('(hours 1)'), '3600.0');
  assert.is(shown('(days 1.5)'), '129600.0');
  assert.is(shown('(minutes 1.50)'), '90.0');
  assert.is(shown('(hours 0.001)'), '3.6');
  assert.is(ev('(= (hours 24) (days 1))'), 'true');
  assert.is(err('(days "1")'), 'Type error: failed to call native function days with argument(s) of type(s): string');
});

test.run();
