// The lexer's token store (parallel arrays, text cut on demand) and the parser's nodes, each its
// own span: what the parser and the grammar check read, asked of every kind of token.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, Span } from '../../vm/source.js';
import { scan, tokenize } from '../../compiler/lexer.js';
import { Tok, TOKEN_TYPES } from '../../compiler/tokens.js';
import { parse } from '../../compiler/parser.js';
import { read } from '../../compiler/index.js';

test('every kind of token: its type, value and text, read from the arrays', () => {
  // `ųtep` starts with U+0173, whose low byte is `s`: the keyword `step` to the parser, its own text kept
  const text = `(defun \u0173tep @doc "a\\"b" 'sym -12 x.y m::f {a := 1, b : 2} [])`;
  const tokens = scan(new SourceFile('t.pact', text));
  const rows = Array.from({ length: tokens.length }, (_, i) => [tokens.type(i), tokens.value(i), tokens.text(i)]);
  assert.equal(rows, [
    ['lparen', '(', '('], ['keyword', 'defun', 'defun'], ['keyword', 'step', '\u0173tep'], ['annotation', '@doc', '@doc'],
    ['string', 'a"b', '"a\\"b"'], ['tick', 'sym', "'sym"], ['int', '-12', '-12'], ['ident', 'x', 'x'], ['dot', '.', '.'],
    ['ident', 'y', 'y'], ['ident', 'm', 'm'], ['dynAccess', '::', '::'], ['ident', 'f', 'f'], ['lbrace', '{', '{'],
    ['ident', 'a', 'a'], ['bindAssign', ':=', ':='], ['int', '1', '1'], ['comma', ',', ','], ['ident', 'b', 'b'],
    ['colon', ':', ':'], ['int', '2', '2'], ['rbrace', '}', '}'], ['lbracket', '[', '['], ['rbracket', ']', ']'],
    ['rparen', ')', ')']]);
  // the object view is the same tokens
  assert.equal(tokenize(new SourceFile('t.pact', text)).map(t => [t.type, t.value, t.text]), rows);
  assert.is(TOKEN_TYPES[Tok.Ident], 'ident');
  // each opener is followed by its closer among the kinds (the parser relies on it)
  for (const [open, close] of [[Tok.LParen, Tok.RParen], [Tok.LBracket, Tok.RBracket], [Tok.LBrace, Tok.RBrace]]) {
    assert.is(close, open + 1);
  }
});

test('a file of more tokens than the first guess at its size keeps every token', () => {
  // one character per token: four times the store's first capacity for a text this long
  const n = 5000;
  const text = '['.repeat(n) + ']'.repeat(n);
  const tokens = scan(new SourceFile('t.pact', text));
  assert.is(tokens.length, 2 * n);
  assert.equal([tokens.type(0), tokens.type(n - 1), tokens.type(n), tokens.type(2 * n - 1)], ['lbracket', 'lbracket', 'rbracket', 'rbracket']);
  assert.equal([tokens.starts[2 * n - 1], tokens.ends[2 * n - 1]], [2 * n - 1, 2 * n]);
  const words = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
  const many = scan(new SourceFile('t.pact', words));
  assert.is(many.length, 3000);
  assert.equal([many.value(0), many.value(1234), many.value(2999)], ['w0', 'w1234', 'w2999']);
});

test('integers read in place up to 15 digits and from their text past that, with their sign', () => {
  const values = (text: string) => parse(new SourceFile('t.pact', text), scan(new SourceFile('t.pact', text)))
    .map(s => (s.t === 'int' ? s.value : s.t));
  assert.equal(values('999999999999999 -999999999999999 1000000000000000 -1000000000000000 007 -007 0'),
    [999999999999999, -999999999999999, 1000000000000000, -1000000000000000, 7, -7, 0]);
  assert.equal(values('123456789012345678901234567890 -123456789012345678901234567890'),
    [123456789012345678901234567890n, -123456789012345678901234567890n]);
  assert.ok(Object.is(values('-0')[0], -0));
});

test('a node is its own span: its file, offsets, positions and range', () => {
  const file = new SourceFile('s.repl', '(+ 1\n  x)');
  const [form] = read(file);
  assert.is(form.span, form);
  assert.equal([form.span.file, form.span.start, form.span.end], [file, 0, 9]);
  assert.is(form.span.range(), 's.repl:0:0-1:4');
  if (form.t !== 'paren') throw new Error('not a paren');
  const x = form.items[2];
  assert.equal([x.span.startPos, x.span.endPos], [{ line: 1, col: 2 }, { line: 1, col: 3 }]);
  const joined = Span.join(form.items[1].span, x.span);
  assert.ok(joined instanceof Span);
  assert.is(joined.range(), 's.repl:0:3-1:3');
});

test.run();
