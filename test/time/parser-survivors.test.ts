// parse-time's directive parser (runtime/time/directives.ts, TimeParser/buildTime/parseTime):
// widths, space-padded fields and their backtracking, whitespace classes, names, zones, escapes,
// composites and the week-date flags. Expectations come from reading pact-time's timeParser,
// dec0/dec_/micro/tzOffset, buildTime and parseTime (src/Pact/Time/Format/Internal.hs) and
// defaultTimeLocale (Locale.hs); week dates cross-checked with Python's datetime.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTime, formatTime } from '../../runtime/time/directives.js';

/** The parsed instant as YYYY-MM-DDTHH:MM:SS.uuuuuu, or null when Pact 5 refuses the input. */
const P = (spec: string, text: string): string | null => {
  const t = parseTime(spec, text);
  return t === null ? null : formatTime('%Y-%m-%dT%H:%M:%S.%v', t);
};
const day = (d: string) => `${d}T00:00:00.000000`;

test('whitespace: space and \\t..\\r only (attoparsec isSpace), around and inside the input', () => {
  assert.is(P('%Y', '\t\n\x0b\x0c\r 2016 \r\t'), day('2016-01-01'));
  assert.is(P('%Y', '\x082016'), null);
  assert.is(P('%Y', '2016\x0e'), null);
  assert.is(P('%Y %m', '2016\t\r07'), day('2016-07-01'));
  assert.is(P('%Y \t %m', '201607'), day('2016-07-01'));
  assert.is(P('%Y %m', '2016\x0e07'), null);
  assert.is(P('%Y-%m', '2016x07'), null);
});

test('dec0: exactly n bytes, a decimal prefix of them, no spaces', () => {
  assert.is(P('%Y-%m', '2016-7'), null);
  assert.is(P('%Y-%m', '2016- 7'), null);
  assert.is(P('%Y-%m', '2016-1x'), day('2016-01-01')); // parseOnly decimal: a prefix of the two bytes
});

test('dec_: n bytes, leading spaces (incl. Latin-1 0xA0) dropped, else one byte', () => {
  assert.is(P('%m%e', '01 7'), day('1970-01-07'));
  assert.is(P('%m%e', '013'), day('1970-01-03'));
  assert.is(P('%m%e', '0117'), day('1970-01-17'));
  assert.is(P('%m%e', '01x7'), null);
  // U+00A0 is C2 A0 in UTF-8: %d takes "1\xC2" (prefix 1), %e takes "\xA07" and drops the 0xA0
  assert.is(P('%d%e', '1\u00a07'), day('1970-01-07'));
  // bytes, not characters: 'é' is two bytes, so %m sees "\xA90"
  assert.is(P('%d%m', '1é07'), null);
  // %e backtracks to one byte when the rest of the spec fails
  assert.is(P('%e%m', '701'), day('1970-01-07'));
  assert.is(P('%e', '7'), day('1970-01-07'));
  assert.is(P('%k%M', '705'), '1970-01-01T07:05:00.000000');
  assert.is(P('%l%M', '705'), '1970-01-01T07:05:00.000000');
});

test('hours: %I/%l are twelve-hour (12 -> 0), %H/%k are not; %p/%P set the half', () => {
  assert.is(P('%I', '12'), day('1970-01-01'));
  assert.is(P('%l', '12'), day('1970-01-01'));
  assert.is(P('%k', '12'), '1970-01-01T12:00:00.000000');
  assert.is(P('%I %p', '01 PM'), '1970-01-01T13:00:00.000000');
  assert.is(P('%I %P', '01 pm'), '1970-01-01T13:00:00.000000');
  assert.is(P('%H %p', '12 AM'), day('1970-01-01'));
  assert.is(P('%I %p', '01 xx'), null);
});

test('fractions: %v needs a digit; %Q without a dot is zero and consumes nothing', () => {
  assert.is(P('%S.%v', '05.'), null);
  assert.is(P('%S.%v', '05.5'), '1970-01-01T00:00:05.500000');
  assert.is(P('%S%Q', '0512'), null);
  assert.is(P('%S.%v%Q', '05.5'), '1970-01-01T00:00:05.000000');
  assert.is(P('%S%Q', '05.25'), '1970-01-01T00:00:05.250000');
  assert.is(P('%S.%q', '05.1234567'), '1970-01-01T00:00:05.123457'); // %q like %v, 7th digit rounds
  assert.is(P('%S.%q', '05.'), null);
});

test('years and centuries: %C %y %Y (greedy, then four digits)', () => {
  assert.is(P('%C%y', '1916'), day('1916-01-01'));
  assert.is(P('%y', '16'), day('2016-01-01'));
  assert.is(P('%Y%m', '201607'), day('2016-07-01'));
});

test('months, days and ordinal dates', () => {
  assert.is(P('%h', 'jul'), day('1970-07-01'));
  assert.is(P('%b', 'Xyz'), null);
  assert.is(P('%B', 'JULY'), day('1970-07-01'));
  assert.is(P('%m', '07'), day('1970-07-01'));
  assert.is(P('%d', '22'), day('1970-01-22'));
  assert.is(P('%m%d', '01 7'), null); // %d is dec0: no space padding (unlike %e)
  assert.is(P('%m%j', '07032'), day('1970-02-01'));
  assert.is(P('%j', '032'), day('1970-02-01'));
});

test('week dates: %G %g %f %V (ISO), %U (Sunday), %W (Monday), %u %w %A %a', () => {
  assert.is(P('%G-W%V-%u', '2016-W29-5'), day('2016-07-22'));
  assert.is(P('%G-W%V-%w', '2016-W29-0'), day('2016-07-24'));
  assert.is(P('%G', '2016'), day('2016-01-07'));
  assert.is(P('%g', '16'), day('2016-01-07'));
  assert.is(P('%f', '20'), day('2070-01-02'));
  assert.is(P('%V', '29'), day('1970-07-16'));
  assert.is(P('%U', '29'), day('1970-07-23'));
  assert.is(P('%W', '29'), day('1970-07-23'));
  assert.is(P('%Y %U %u', '2016 29 7'), day('2016-07-17'));
  assert.is(P('%Y %U %w', '2016 29 5'), day('2016-07-22'));
  assert.is(P('%Y %W %w', '2016 29 0'), day('2016-07-24'));
  assert.is(P('%Y %W %u', '2016 29 5'), day('2016-07-22'));
  assert.is(P('%G %V %A', '2016 29 friday'), day('2016-07-22'));
  assert.is(P('%G %V %a', '2016 29 FRI'), day('2016-07-22'));
});

test('zones: +HH:MM / +HHMM for %z %N %Z, names for %Z', () => {
  assert.is(P('%H%N', '00+05:30'), '1969-12-31T18:30:00.000000');
  assert.is(P('%H%z', '00-0100'), '1970-01-01T01:00:00.000000');
  assert.is(P('%H%Z', '00CET'), '1969-12-31T23:00:00.000000');
  assert.is(P('%H%N', '00CET'), null); // %N and %z take offsets only, no names
  assert.is(P('%H%z', '00CET'), null);
  assert.is(P('%z', 'x0100'), null);
  assert.is(P('%z', '+x'), null);
  assert.is(P('%z', '+01'), null);
});

test('%s: a possibly negative count of seconds', () => {
  assert.is(P('%s', '86400'), day('1970-01-02'));
  assert.is(P('%s', '-86400'), day('1969-12-31'));
  assert.is(P('%s', '-'), null);
  assert.is(P('%s', 'x'), null);
});

test('composites, modifiers, escapes and unknown directives', () => {
  assert.is(P('%c|', 'Fri Jul 22 13:05:09 UTC 2016|'), '2016-07-22T13:05:09.000000');
  assert.is(P('%r|', '01:05:09 PM|'), '1970-01-01T13:05:09.000000');
  assert.is(P('%X|', '13:05:09|'), '1970-01-01T13:05:09.000000');
  assert.is(P('%x|', '07/22/16|'), day('2016-07-22'));
  assert.is(P('%R|', '13:05|'), '1970-01-01T13:05:00.000000');
  assert.is(P('%T|', '13:05:09|'), '1970-01-01T13:05:09.000000');
  assert.is(P('%D|', '07/22/16|'), day('2016-07-22'));
  assert.is(P('%F|', '2016-07-22|'), day('2016-07-22'));
  assert.is(P('%-m/%_d/%0H', '07/22/13'), '1970-07-22T13:00:00.000000');
  assert.is(P('%Y%%', '2016%'), day('2016-01-01'));
  assert.is(P('%Y%%', '2016x'), null);
  assert.is(P('%%%Y', '%2016'), day('2016-01-01'));
  assert.is(P('%Y%', '2016%'), day('2016-01-01')); // a lone trailing '%' is a literal
  assert.is(P('%Y%t', '2016\t'), null);
});

test.run();
