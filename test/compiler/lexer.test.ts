// The lexer follows Pact's lexical rules (language.md §1).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../vm/source.js';
import { tokenize } from '../../compiler/lexer.js';

const lex = (text: string) => tokenize(new SourceFile('t.pact', text)).map(t => `${t.type}:${t.value}`);

test('keywords, identifiers, numbers and delimiters', () => {
  assert.equal(lex('(defun f:integer (x) (+ x 1))'), [
    'lparen:(', 'keyword:defun', 'ident:f', 'colon::', 'ident:integer', 'lparen:(', 'ident:x', 'rparen:)',
    'lparen:(', 'ident:+', 'ident:x', 'int:1', 'rparen:)', 'rparen:)']);
});

test('longest match: let* is a keyword, letter and steps are identifiers', () => {
  assert.equal(lex('let* let letter steps step'), ['keyword:let*', 'keyword:let', 'ident:letter', 'ident:steps', 'keyword:step']);
});

test('-1 is a number, -1a and - are identifiers, 1a is a number then an identifier', () => {
  assert.equal(lex('-1 -1a - 1a'), ['int:-1', 'ident:-1a', 'ident:-', 'int:1', 'ident:a']);
});

test('qualified names lex as identifiers and dots; := and :: are single tokens', () => {
  assert.equal(lex('ns.m.f { "a" := x } m::g'), ['ident:ns', 'dot:.', 'ident:m', 'dot:.', 'ident:f', 'lbrace:{',
    'string:a', 'bindAssign::=', 'ident:x', 'rbrace:}', 'ident:m', 'dynAccess:::', 'ident:g']);
});

test('symbols drop the tick; comments and whitespace are skipped', () => {
  assert.equal(lex("'my-key ; a comment\n @doc"), ['tick:my-key', 'annotation:@doc']);
});

test('string escapes and multi-line continuation', () => {
  assert.equal(lex('"a\\nb\\t\\"q\\"\\\\"'), ['string:a\nb\t"q"\\']);
  assert.equal(lex('"abc\\   \n   \\def"'), ['string:abcdef']);
});

test('tokens carry their offsets and source text; a tick body takes letters, digits, - and _', () => {
  const toks = tokenize(new SourceFile('t.pact', " (f 'a1-b_c.d -12)"));
  assert.equal(toks.map(t => [t.type, t.text, t.start, t.end]), [
    ['lparen', '(', 1, 2], ['ident', 'f', 2, 3], ['tick', "'a1-b_c", 4, 11], ['dot', '.', 11, 12],
    ['ident', 'd', 12, 13], ['int', '-12', 14, 17], ['rparen', ')', 17, 18]]);
});

test('every whitespace character separates, a comment runs to the end of its line, -1 before a bracket is a number', () => {
  assert.equal(lex('a\tb\rc\fd\ve\nf;x (y)\r\n-1)-1:'), ['ident:a', 'ident:b', 'ident:c', 'ident:d', 'ident:e', 'ident:f',
    'int:-1', 'rparen:)', 'int:-1', 'colon::']);
  assert.equal(lex('1.5 -2.25 --1 a-1'), ['int:1', 'dot:.', 'int:5', 'int:-2', 'dot:.', 'int:25', 'ident:--1', 'ident:a-1']);
});

test('a character outside the ASCII symbol set is an error, even after a symbol', () => {
  const err = (text: string) => { try { lex(text); return ''; } catch (e) { return (e as Error).message; } };
  assert.is(err('(f é)'), 'Lexical Error: Encountered unexpected character "é", Last seen " "');
  assert.is(err('abé'), 'Lexical Error: Encountered unexpected character "é", Last seen "b"');
  assert.is(err('a ; c\n😀'), 'Lexical Error: Encountered unexpected character "😀", Last seen "\n"');
});

test('string errors carry the upstream texts', () => {
  const err = (text: string) => { try { lex(text); return ''; } catch (e) { return (e as Error).message; } };
  assert.is(err('"a\\rb"'), 'Lexical Error: String literal parsing error:  carriage return is not supported in strings literals');
  assert.is(err('"a\\qb"'), 'Lexical Error: String literal parsing error:  Invalid escape sequence');
  assert.is(err('"abc\\  x\\"'), 'Lexical Error: String literal parsing error:  Invalid multiline string');
  assert.is(err('"abc\ndef"'), 'Lexical Error: String literal parsing error:  newline in string literal');
  assert.is(err('"abc'), 'Lexical Error: String literal parsing error:  did not close string literal');
  // the last character consumed is the space before the backquote (alex skips whitespace as input)
  assert.is(err('(a `b)'), 'Lexical Error: Encountered unexpected character "`", Last seen " "');
  assert.is(err('(a`b)'), 'Lexical Error: Encountered unexpected character "`", Last seen "a"');
  assert.is(err('`'), 'Lexical Error: Encountered unexpected character "`", Last seen "\0"');
  assert.is(err("(a '1)"), 'Lexical Error: Encountered unexpected character "1", Last seen "\'"');
  assert.is(err("(a '"), "Lexical Error: Ran out of input before finding a lexeme. Last Character seen:  (')");
});

test.run();
