// String natives (natives.md §2): format, str-to-int with bases, int-to-str, take/drop with
// negative counts, str-to-list, concat, is-charset, base64, length by code point.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err } from './helpers.js';

const typeError = (name: string, types: string) =>
  `Type error: failed to call native function ${name} with argument(s) of type(s): ${types}`;

test('format interleaves arguments; strings go in unquoted', () => {
  assert.is(ev('(format "{} and {}" ["a" 1.0])'), '"a and 1.0"');
  assert.is(ev('(format "{}{}" [[1 2] {"b": "x", "a": 1}])'), '"[1, 2]{"a": 1,"b": "x"}"');
  assert.is(ev('(format "{}" [1.50])'), '"1.50"');
  assert.is(ev('(format "{}" [(time "2016-07-22T11:26:35Z")])'), '""2016-07-22T11:26:35Z""');
  assert.is(ev('(format "{}" [["a" true ()]])'), '"["a", true, ()]"');
});

test('format: no placeholder ignores the arguments; extra arguments are ignored; {{}} is not special', () => {
  assert.is(ev('(format "plain" [1 2])'), '"plain"');
  assert.is(ev('(format "{}" [1 2 3])'), '"1"');
  assert.is(ev('(format "{{}}" [1])'), '"{1}"');
  assert.is(err('(format "{} {}" [1])'), 'native execution failure, format failed with message: not enough arguments for template');
  assert.is(err('(format 1 [1])'), typeError('format', 'integer, list'));
});

test('str-to-int in base 10 and with a base', () => {
  assert.is(ev('(str-to-int "12345")'), '12345');
  assert.is(ev('(str-to-int 16 "12345abcdef")'), '1251004370415');
  assert.is(ev('(str-to-int 16 "FF")'), '255');
  assert.is(ev('(str-to-int 2 "1010")'), '10');
  assert.is(ev('(str-to-int 64 "q80")'), '43981');
  assert.is(ev('(str-to-int 64 "AA")'), '0');
  assert.is(ev('(str-to-int "000123456789012345678901234567890")'), '123456789012345678901234567890');
});

test('str-to-int errors', () => {
  assert.is(err('(str-to-int "")'), 'Decoding error: empty text: ');
  assert.is(err('(str-to-int "-123")'), 'Decoding error: invalid digit: supported digits are 0-9, A-F');
  assert.is(err('(str-to-int "a")'), "Decoding error: character 'a' is out of range for base 10: a");
  assert.is(err('(str-to-int 8 "18")'), "Decoding error: character '8' is out of range for base 8: 18");
  assert.is(err('(str-to-int 1 "1")'), 'native execution failure, str-to-int-base failed with message: Base value must be >= 2 and <= 16, or 64');
  assert.is(err('(str-to-int 17 "1")'), 'native execution failure, str-to-int-base failed with message: Base value must be >= 2 and <= 16, or 64');
  assert.is(err('(str-to-int 64 "a")'), 'Decoding error: invalid b64 encoding');
  // Pact's decoder takes unpadded or fully padded text, never a length of 3 mod 4 ending in '='
  assert.is(ev('(str-to-int 64 "YQ==")'), '97');
  assert.is(err('(str-to-int 64 "YQ=")'), 'Decoding error: invalid b64 encoding');
  assert.is(err(`(str-to-int "${'1'.repeat(513)}")`), 'Decoding error: Invalid input, only up to 512 length supported');
  assert.is(err('(str-to-int 10 1)'), typeError('str-to-int-base', 'integer, integer'));
});

test('int-to-str: lowercase digits, base 64 as minimal big-endian bytes', () => {
  assert.is(ev('(int-to-str 16 1251004370415)'), '"12345abcdef"');
  assert.is(ev('(int-to-str 2 10)'), '"1010"');
  assert.is(ev('(int-to-str 10 0)'), '"0"');
  assert.is(ev('(int-to-str 64 43981)'), '"q80"');
  assert.is(ev('(int-to-str 64 0)'), '"AA"');
  assert.is(err('(int-to-str 10 -36)'), 'native execution failure, int-to-str failed with message: int-to-str error: cannot show negative integer');
  assert.is(err('(int-to-str 64 -1)'), 'native execution failure, int-to-str failed with message: int-to-str error: cannot show negative integer');
  assert.is(err('(int-to-str 17 5)'), 'native execution failure, int-to-str failed with message: invalid base for base64URL conversion');
});

test('take and drop on strings, with negative and out-of-range counts', () => {
  assert.is(ev('(take 2 "abcde")'), '"ab"');
  assert.is(ev('(take -2 "abcde")'), '"de"');
  assert.is(ev('(take 10 "abc")'), '"abc"');
  assert.is(ev('(take -10 "abc")'), '"abc"');
  assert.is(ev('(take 0 "abc")'), '""');
  assert.is(ev('(drop 2 "abcde")'), '"cde"');
  assert.is(ev('(drop -2 "abcde")'), '"abc"');
  assert.is(ev('(drop 10 "abc")'), '""');
  assert.is(ev('(drop -10 "abc")'), '""');
  assert.is(ev('(take 99999999999999999999999 "abc")'), '"abc"');
  assert.is(ev('(take 1 "😀b")'), '"😀"');
});

test('str-to-list and concat', () => {
  assert.is(ev('(str-to-list "abc")'), '["a" "b" "c"]');
  assert.is(ev('(str-to-list "")'), '[]');
  assert.is(ev('(str-to-list "a😀")'), '["a" "😀"]');
  assert.is(ev('(concat [])'), '""');
  assert.is(ev('(concat ["aa" "bb"])'), '"aabb"');
  assert.is(err('(concat ["a" 2])'), typeError('concat', 'integer'));
  assert.is(err('(concat "a")'), typeError('concat', 'string'));
  assert.is(err('(str-to-list [])'), typeError('str-to-list', 'list'));
});

test('length and reverse count code points', () => {
  assert.is(ev('(length "héllo😀")'), '6');
  assert.is(ev('(length "")'), '0');
  assert.is(ev('(length [1 2])'), '2');
  assert.is(ev('(length {"a": 1})'), '1');
  assert.is(ev('(reverse "ab😀")'), '"😀ba"');
  assert.is(err('(length 1)'), typeError('length', 'integer'));
});

test('is-charset: ASCII and Latin-1', () => {
  assert.is(ev('(is-charset CHARSET_ASCII "hello")'), 'true');
  assert.is(ev('(is-charset CHARSET_ASCII "héllo")'), 'false');
  assert.is(ev('(is-charset CHARSET_LATIN1 "héllo")'), 'true');
  assert.is(ev('(is-charset CHARSET_LATIN1 "h€llo")'), 'false');
  assert.is(ev('(is-charset 0 "")'), 'true');
  assert.is(err('(is-charset 2 "a")'), 'native execution failure, is-charset failed with message: Unsupported character set');
});

test('base64url without padding; correctly padded and canonical input only', () => {
  assert.is(ev('(base64-encode "hello world!")'), '"aGVsbG8gd29ybGQh"');
  assert.is(ev('(base64-encode "é")'), '"w6k"');
  assert.is(ev('(base64-decode "w6k")'), '"é"');
  assert.is(ev('(base64-decode "ZA==")'), '"d"');
  assert.is(ev('(base64-decode "ZA")'), '"d"');
  assert.is(ev('(base64-decode "")'), '""');
  for (const bad of ['ZE==', 'aaa', 'a', 'aGVsbG8gd29ybGQh%', 'Z=A=', '/w', '_w', 'ZA=', 'Z=']) {
    assert.is(err(`(base64-decode "${bad}")`), 'Decoding error: invalid b64 encoding', bad);
  }
});

test.run();
