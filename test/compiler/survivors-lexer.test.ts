// Behaviours of compiler/lexer.ts that the mutation run of compiler/ (issue 16) found untested:
// characters outside ASCII read by their low byte (Pact's latin1 alex), surrogate pairs taken as
// one character, and the last character seen named by a lexical error.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

function outcome(src: string): string {
  const r = runRepl(src);
  return r.error ? `${r.error.span?.start}-${r.error.span?.end}: ${r.error.message}` : r.traces.join(' | ');
}

test('a character outside the BMP is one character, read as its low byte: U+10028 and U+10029 are ( and )', () => {
  assert.is(outcome('\u{10028}+ 1 2\u{10029}'), '3'); // high surrogate D800
  assert.is(outcome('\u{10FC28}+ 1 2\u{10FC29}'), '3'); // high surrogate DBFF
});

test('a BMP character at or above U+E000 is one unit: U+E028 is a ( and the + after it is read', () => {
  assert.is(outcome('\uE028+ 1 2\uE029'), '3');
});

test('a lone high surrogate at the end of the text is one unit wide', () => {
  assert.is(outcome('(+ 1 2) \uD829'), '8-9: Too many closing parens, remaining tokens: []');
});

test('a comment goes on over a pair whose high surrogate has a newline\'s low byte (U+12841 is D80A DC41)', () => {
  assert.is(outcome('; \u{12841}\n(+ 1 2)'), '3');
});

test('a keyword written only with look-alikes is that keyword (U+016C U+0165 U+0174 are l e t)', () => {
  assert.is(outcome('(\u016C\u0165\u0174 ((x 1)) x)'), '1');
});

test('a lexical error names the last character seen: one unit, a pair, or a lone surrogate', () => {
  assert.is(outcome('(\u00e9'), '1-1: Lexical Error: Encountered unexpected character "\u00e9", Last seen "("');
  assert.is(outcome('(x\u{1F600}'), '2-2: Lexical Error: Encountered unexpected character "\u{1F600}", Last seen "x"');
  assert.is(outcome('(\uD841x\u00e9'), '3-3: Lexical Error: Encountered unexpected character "\u00e9", Last seen "x"');
  assert.is(outcome('(x\uDC41\u00e9'), '3-3: Lexical Error: Encountered unexpected character "\u00e9", Last seen "\uDC41"');
  assert.is(outcome('(\uD841\uE041\u00e9'), '3-3: Lexical Error: Encountered unexpected character "\u00e9", Last seen "\uE041"');
  assert.is(outcome('(x\u{10041}\u00e9'), '4-4: Lexical Error: Encountered unexpected character "\u00e9", Last seen "\u{10041}"');
});

test.run();
