// Time at pact-time's bounds: Int64 microseconds since the MJD epoch, where parsing, add-time,
// diff-time and `%s` wrap silently (Haskell Int64) instead of failing or growing without bound.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err } from './helpers.js';

const FULL = '%Y-%m-%dT%H:%M:%S.%vZ';
const full = (t: string) => ev(`(format-time "${FULL}" ${t})`).slice(1, -1);
const LATEST = '(add-time (time "294135-11-26T04:00:54Z") 0.775807)';
const EARLIEST = '(add-time (time "-290419-11-07T19:59:05Z") 0.224192)';

test('the latest and earliest times Pact holds print in full', () => {
  assert.is(full(LATEST), '294135-11-26T04:00:54.775807Z');
  assert.is(full(EARLIEST), '-290419-11-07T19:59:05.224192Z');
  assert.is(ev(LATEST), '"294135-11-26T04:00:54Z"');
});

test('one microsecond past the latest time wraps to the earliest, and back', () => {
  assert.is(full(`(add-time ${LATEST} 0.000001)`), '-290419-11-07T19:59:05.224192Z');
  assert.is(full(`(add-time ${EARLIEST} -0.000001)`), '294135-11-26T04:00:54.775807Z');
  assert.is(full(`(add-time ${LATEST} 1)`), '-290419-11-07T19:59:06.224191Z');
});

test('add-time takes the duration modulo 2^64 microseconds', () => {
  // 2^64 seconds and 2^64 microseconds are both 0 as an Int64 count of microseconds
  assert.is(ev('(add-time (time "2000-01-01T00:00:00Z") 18446744073709551616)'), '"2000-01-01T00:00:00Z"');
  assert.is(ev('(add-time (time "2000-01-01T00:00:00Z") 18446744073709.551616)'), '"2000-01-01T00:00:00Z"');
  assert.is(ev('(add-time (time "2000-01-01T00:00:00Z") 18446744073709.551617)'), '"2000-01-01T00:00:00Z"');
  assert.is(full('(add-time (time "2000-01-01T00:00:00Z") 18446744073709.551617)'), '2000-01-01T00:00:00.000001Z');
  // rounding to microseconds is half to even before the wrap
  assert.is(full('(add-time (time "2000-01-01T00:00:00Z") 0.0000025)'), '2000-01-01T00:00:00.000002Z');
  assert.is(full('(add-time (time "2000-01-01T00:00:00Z") 0.0000035)'), '2000-01-01T00:00:00.000004Z');
});

test('diff-time of the extremes wraps to a microsecond', () => {
  assert.is(ev(`(diff-time ${LATEST} ${EARLIEST})`), '-0.000001');
  assert.is(ev(`(diff-time ${EARLIEST} ${LATEST})`), '0.000001');
  assert.is(ev('(diff-time (time "294135-11-26T04:00:54Z") (time "1970-01-01T00:00:00Z"))'), '9219865320054.0');
});

test('a date past the bounds parses to its wrapped time', () => {
  assert.is(full('(time "294136-01-01T00:00:00Z")'), '-290419-12-13T15:58:10.448384Z');
  assert.is(full('(time "-290420-01-01T00:00:00Z")'), '294134-01-18T08:01:49.551616Z');
  assert.is(full('(time "300000-06-15T12:30:00Z")'), '-284554-05-29T04:28:10.448384Z');
});

test('a year of any length is read as a 64-bit Int', () => {
  // 2^64 + 2000 is 2000 once read into an Int
  assert.is(ev('(parse-time "%Y" "18446744073709553616")'), '"2000-01-01T00:00:00Z"');
  assert.is(ev('(parse-time "%Y" "-18446744073709553616")'), '"-2000-01-01T00:00:00Z"');
  // the day count of these years overflows Int as well
  assert.is(full('(parse-time "%Y" "100000000000000000")'), '60747-03-17T16:34:43.053568Z');
  assert.is(full('(parse-time "%Y" "-100000000000000000")'), '-60748-10-16T07:25:16.946432Z');
  assert.is(full('(parse-time "%Y" "9223372036854775807")'), '-0002-12-31T13:26:24.000000Z');
});

test('%s reads and prints the wrapping POSIX count', () => {
  assert.is(ev('(parse-time "%s" "18446744073709551617")'), '"1970-01-01T00:00:01Z"');
  assert.is(full('(parse-time "%s" "9223372036854775807")'), '1969-12-31T23:59:59.000000Z');
  assert.is(ev(`(format-time "%s" ${LATEST})`), '"9219865320054"');
  // below the POSIX Int64 range the shift from the MJD epoch wraps around
  assert.is(ev(`(format-time "%s" ${EARLIEST})`), '"9219865320054"');
});

test('out-of-range fields are not refused: months and days clamp, hours and minutes carry', () => {
  assert.is(ev('(time "2000-13-01T00:00:00Z")'), '"2000-12-01T00:00:00Z"');
  assert.is(ev('(time "2001-02-30T00:00:00Z")'), '"2001-02-28T00:00:00Z"');
  assert.is(ev('(time "2000-01-01T25:00:00Z")'), '"2000-01-02T01:00:00Z"');
  assert.is(ev('(time "2000-01-01T00:99:99Z")'), '"2000-01-01T01:40:39Z"');
  assert.is(ev('(parse-time "%j" "400")'), '"1970-12-31T00:00:00Z"');
  assert.is(ev('(time "-0001-12-31T00:00:00Z")'), '"-0001-12-31T00:00:00Z"');
});

test('only malformed text fails, with Pact\'s messages', () => {
  assert.is(err('(time "2000-01-01")'),
    'native execution failure, time failed with message: time default format parse failure');
  assert.is(err('(parse-time "%Y-%m" "2000")'),
    'native execution failure, parse-time failed with message: parse-time parse failure');
});

test.run();
