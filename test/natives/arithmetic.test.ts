// Operators on integers and decimals (natives.md §1): exact results, rounding at 255 places
// half-to-even, `show` text, bitwise ops on unbounded integers, rounding with precision, errors.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, shown, err } from './helpers.js';

const typeError = (name: string, types: string) =>
  `Type error: failed to call native function ${name} with argument(s) of type(s): ${types}`;

test('integer arithmetic is exact and unbounded', () => {
  assert.is(ev('(+ 9007199254740991 1)'), '9007199254740992');
  assert.is(ev('(* 99999999999 99999999999)'), '9999999999800000000001');
  assert.is(ev('(- -9007199254740991 10)'), '-9007199254741001');
  assert.is(ev('(^ 2 100)'), '1267650600228229401496703205376');
  assert.is(ev('(^ 0 0)'), '1');
  assert.is(ev('(^ -1 101)'), '-1');
});

test('integer division floors and mod takes the sign of the divisor', () => {
  assert.is(ev('(/ -7 2)'), '-4');
  assert.is(ev('(/ 7 -2)'), '-4');
  assert.is(ev('(/ 7 2)'), '3');
  assert.is(ev('(mod -7 2)'), '1');
  assert.is(ev('(mod 7 -2)'), '-1');
  assert.is(ev('(mod 123456789012345678901234567891 7)'), '1');
  assert.is(ev('(mod -123456789012345678901234567891 7)'), '6');
});

test('decimal + keeps the larger scale; * and / normalise', () => {
  assert.is(shown('(+ 1.50 1.50)'), '3.00');
  assert.is(shown('(- 1.50 0.5)'), '1.00');
  assert.is(shown('(* 1.5 2)'), '3.0');
  assert.is(shown('(* 1.25 1.25)'), '1.5625');
  assert.is(shown('(/ 1.0 4)'), '0.25');
  assert.is(shown('(+ 0.0 1.25)'), '1.25');
  // a zero operand contributes no places
  assert.is(shown('(+ 0.000 1.5)'), '1.5');
});

test('decimal division rounds at 255 places, half to even', () => {
  assert.is(ev('(/ 1.0 3.0)'), '0.' + '3'.repeat(255));
  assert.is(ev('(/ 2.0 3.0)'), '0.' + '6'.repeat(254) + '7');
  // 1/(2·10^255) is exactly half a unit in the last place: ties go to the even digit (0)
  assert.is(ev(`(/ 1.0 (* 2.0 1${'0'.repeat(255)}))`), '0.0');
  assert.is(ev(`(/ 3.0 (* 2.0 1${'0'.repeat(255)}))`), '0.' + '0'.repeat(254) + '2');
});

test('mixed integer/decimal arithmetic promotes to decimal', () => {
  assert.is(shown('(+ 1 1.5)'), '2.5');
  assert.is(shown('(* 2 1.5)'), '3.0');
  assert.is(shown('(/ 3 2.0)'), '1.5');
  assert.is(ev('(typeof (+ 1 0.0))'), '"decimal"');
});

test('division by zero', () => {
  assert.is(err('(/ 1 0)'), 'Arithmetic exception: div by zero');
  assert.is(err('(/ 1.0 0)'), 'Arithmetic exception: div by zero, decimal');
  assert.is(err('(/ 1 0.0)'), 'Arithmetic exception: div by zero, decimal');
  assert.is(err('(/ 1.5 0.0)'), 'Arithmetic exception: div by zero, decimal');
});

test('type errors name the internal native and the argument kinds', () => {
  assert.is(err('(+ 1 "a")'), typeError('+', 'integer, string'));
  assert.is(err('(mod 1.0 2)'), typeError('mod', 'decimal, integer'));
  assert.is(err('(- "a")'), typeError('negate', 'string'));
  assert.is(err('(< 1 1.0)'), typeError('<', 'integer, decimal'));
  assert.is(err('(< [1] [2])'), typeError('<', 'list, list'));
  assert.is(err('(dec 1.0)'), typeError('dec', 'decimal'));
  assert.is(err('(abs "x")'), typeError('abs', 'string'));
});

test('+ concatenates strings and lists and merges objects left-biased', () => {
  assert.is(ev('(+ "ab" "cd")'), '"abcd"');
  assert.is(ev('(+ [1] [2 3])'), '[1 2 3]');
  assert.is(ev('(+ {"a": 1} {"a": 2, "b": 3})'), '{"a": 1,"b": 3}');
});

test('equality and ordering', () => {
  assert.is(ev('(= 1 1.0)'), 'false');
  assert.is(ev('(= 1.5 1.50)'), 'true');
  assert.is(ev('(!= 1 1.0)'), 'true');
  assert.is(ev('(= [1 {"a": 2.0}] [1 {"a": 2.00}])'), 'true');
  assert.is(ev('(= {"a": 1} {"b": 1})'), 'false');
  assert.is(ev('(< "a" "b")'), 'true');
  assert.is(ev('(< false true)'), 'true');
  assert.is(ev('(<= () ())'), 'true');
  assert.is(ev('(> (time "2020-01-01T00:00:00Z") (time "2019-01-01T00:00:00Z"))'), 'true');
  assert.is(err('(= (lambda (x) x) 1)'), typeError('=', 'closure, integer'));
});

test('abs, negate and dec', () => {
  assert.is(ev('(abs -10)'), '10');
  assert.is(shown('(abs -1.50)'), '1.50');
  assert.is(ev('(- 5)'), '-5');
  assert.is(shown('(- 2.50)'), '-2.50');
  assert.is(shown('(dec 3)'), '3.0');
});

test('integer power errors', () => {
  assert.is(err('(^ 2 -1)'), 'Arithmetic exception: negative exponent in integer power');
  assert.is(err('(^ 0.0 -1)'), 'Floating point error: zero to a negative power is undefined');
  assert.is(err('(^ 0 -1.5)'), 'Floating point error: zero to a negative power is undefined');
  assert.is(err('(^ -2.0 0.5)'), 'Floating point error: Floating operation resulted in Infinity or NaN');
});

test('bitwise operators on unbounded two\'s-complement integers', () => {
  assert.is(ev('(& 5 -7)'), '1');
  assert.is(ev('(| 5 -7)'), '-3');
  assert.is(ev('(xor 5 -7)'), '-4');
  assert.is(ev('(~ 15)'), '-16');
  assert.is(ev('(~ -1)'), '0');
  assert.is(ev('(& 4294967295 4294967296)'), '0');
  assert.is(ev('(| 4294967296 1)'), '4294967297');
  assert.is(ev('(xor -1 123456789012345678901234567890)'), '-123456789012345678901234567891');
  assert.is(err('(& 1.0 1)'), typeError('&', 'decimal, integer'));
});

test('shift: left for positive counts, arithmetic (flooring) right for negative', () => {
  assert.is(ev('(shift 1 100)'), '1267650600228229401496703205376');
  assert.is(ev('(shift -255 -1)'), '-128');
  assert.is(ev('(shift 255 -1)'), '127');
  assert.is(ev('(shift -1 -1000)'), '-1');
  assert.is(ev('(shift 12345 -1000)'), '0');
  assert.is(ev('(shift 7 0)'), '7');
});

test('round, floor, ceiling to integers: banker\'s rounding for round', () => {
  assert.is(ev('(round 2.5)'), '2');
  assert.is(ev('(round 3.5)'), '4');
  assert.is(ev('(round -2.5)'), '-2');
  assert.is(ev('(round 2.51)'), '3');
  assert.is(ev('(floor -1.5)'), '-2');
  assert.is(ev('(floor 1.9)'), '1');
  assert.is(ev('(ceiling -1.5)'), '-1');
  assert.is(ev('(ceiling 1.1)'), '2');
  assert.is(ev('(typeof (round 1.0))'), '"integer"');
  assert.is(err('(round 1)'), typeError('round', 'integer'));
  assert.is(err('(floor "x")'), typeError('floor', 'string'));
});

test('rounding with a precision keeps exactly that scale', () => {
  assert.is(shown('(round 1.5 3)'), '1.500');
  assert.is(shown('(round 1.2345 2)'), '1.23');
  assert.is(shown('(round 1.235 2)'), '1.24');
  assert.is(shown('(round 1.245 2)'), '1.24');
  assert.is(shown('(floor -1.234 1)'), '-1.3');
  assert.is(shown('(ceiling 1.201 2)'), '1.21');
  assert.is(shown('(ceiling 1.2 0)'), '2.0');
  assert.is(shown('(round 0.0 2)'), '0.00');
  assert.is(err('(round 1.5 1.0)'), typeError('round-prec', 'decimal, decimal'));
  assert.is(err('(ceiling 1 2)'), typeError('ceiling-prec', 'integer, integer'));
});

test('a negative or oversized precision wraps as an 8-bit value', () => {
  // -1 becomes 255 places; 257 becomes 1
  assert.is(shown('(round 1.25 -1)'), '1.25' + '0'.repeat(253));
  assert.is(shown('(round 1.25 257)'), '1.2');
});

test('not', () => {
  assert.is(ev('(not true)'), 'false');
  assert.is(err('(not 1)'), typeError('not', 'integer'));
});

test.run();
