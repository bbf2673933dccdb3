// `time`'s format on its usual shape (YYYY-MM-DDTHH:MM:SSZ) skips the general directive parser
// (runtime/time/directives.ts, parseTime): it must give what the general parser gives for every
// such text, out-of-range fields included, and leave every other text to it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTime, formatTime, ISO_TIME_FORMAT } from '../../runtime/time/directives.js';

/** The same format with a dropped modifier: the general parser, never the fast path. */
const GENERAL = '%-Y-%m-%dT%H:%M:%SZ';
const shown = (spec: string, text: string): string | null => {
  const t = parseTime(spec, text);
  return t === null ? null : formatTime('%Y-%m-%dT%H:%M:%S.%v', t);
};

test('every YYYY-MM-DDTHH:MM:SSZ text, in range or not, parses as the general parser parses it', () => {
  let seed = 0x2545f491;
  const digits = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; s += String((seed >>> 0) % 10); }
    return s;
  };
  const texts = [
    '2016-07-22T12:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z',
    '2016-00-00T00:00:00Z', '2016-13-32T24:60:60Z', '2016-02-30T99:99:99Z', '2000-02-29T12:00:00Z', '1900-02-29T12:00:00Z',
    '0099-99-99T99:99:99Z',
  ];
  for (let i = 0; i < 3000; i++) texts.push(`${digits(4)}-${digits(2)}-${digits(2)}T${digits(2)}:${digits(2)}:${digits(2)}Z`);
  let parsed = 0;
  for (const t of texts) {
    const general = shown(GENERAL, t);
    assert.is(shown(ISO_TIME_FORMAT, t), general, t);
    if (general !== null) parsed++;
  }
  assert.is(parsed, texts.length); // the general parser takes any digits here: nothing is refused
  assert.is(shown(ISO_TIME_FORMAT, '2016-07-22T12:00:00Z'), '2016-07-22T12:00:00.000000');
  assert.is(shown(ISO_TIME_FORMAT, '2016-13-01T00:00:00Z'), shown(GENERAL, '2016-12-01T00:00:00Z')); // months clip at 12
});

test('other shapes still go to the general parser: spaces, signs, long years, missing Z, fractions', () => {
  for (const t of [' 2016-07-22T12:00:00Z', '2016-07-22T12:00:00Z\n', '-2016-07-22T12:00:00Z', '12016-07-22T12:00:00Z',
    '2016-07-22T12:00:00', '2016-07-22T12:00:00.5Z', '2016-7-22T12:00:00Z', '2016-07-22 12:00:00Z', '２０１６-07-22T12:00:00Z']) {
    assert.is(shown(ISO_TIME_FORMAT, t), shown(GENERAL, t), t);
  }
  assert.is(shown(ISO_TIME_FORMAT, ' 2016-07-22T12:00:00Z'), '2016-07-22T12:00:00.000000');
  assert.is(shown(ISO_TIME_FORMAT, '-2016-07-22T12:00:00Z'), '-2016-07-22T12:00:00.000000');
  assert.is(shown(ISO_TIME_FORMAT, '2016-07-22T12:00:00'), null);
});

test.run();
