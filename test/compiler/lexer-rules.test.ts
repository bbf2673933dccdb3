// The lexer rule by rule against Pact 5's Lexer.x (language.md §1): every ASCII character, the
// edges of each rule, the last lexeme a lexical error names, and where each error is located.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../vm/source.js';
import { PactError } from '../../vm/errors.js';
import { tokenize } from '../../compiler/lexer.js';

const lex = (text: string) => tokenize(new SourceFile('t.pact', text)).map(t => `${t.type}:${t.value}`);
/** The error's message and its span as Pact's 0-based `line:col-line:col`. */
const fails = (text: string): string => {
  try { lex(text); return 'no error'; } catch (e) {
    if (!(e instanceof PactError) || !e.span) throw e;
    assert.is(e.kind, 'lexer');
    return `${e.message} @ ${e.span.range().slice('t.pact:'.length)}`;
  }
};
const unexpected = (c: string, last: string) => `Lexical Error: Encountered unexpected character "${c}", Last seen "${last}"`;
const stringError = (msg: string) => `Lexical Error: String literal parsing error:  ${msg}`;

test('every ASCII character alone lexes by its class in Lexer.x', () => {
  const punct: Record<string, string> = {
    '(': 'lparen', ')': 'rparen', '{': 'lbrace', '}': 'rbrace', '[': 'lbracket', ']': 'rbracket', ',': 'comma', '.': 'dot', ':': 'colon',
  };
  for (let code = 0; code < 128; code++) {
    const c = String.fromCharCode(code);
    let expected: string;
    if (' \t\n\r\f\v;'.includes(c)) expected = '';
    else if (c >= '0' && c <= '9') expected = `int:${c}`;
    else if (/[a-zA-Z%#+\-_&$@<>=^?*!|/~]/.test(c)) expected = `ident:${c}`;
    else if (punct[c]) expected = `${punct[c]}:${c}`;
    else if (c === "'") expected = "Lexical Error: Ran out of input before finding a lexeme. Last Character seen:  (') @ 0:0-0:1";
    else if (c === '"') expected = `${stringError('did not close string literal')} @ 0:1-0:1`;
    else expected = `${unexpected(c, '\0')} @ 0:0-0:0`;
    const got = /^[^a-zA-Z0-9%#+\-_&$@<>=^?*!|/~(){}[\],.: \t\n\r\f\v;]$/.test(c) ? fails(c) : lex(c).join(' ');
    assert.is(got, expected, `character ${code}`);
  }
  // outside the ASCII range a character is its code point's low byte (Lexer.x reads latin1 bytes):
  // these are 0x80, 0xE9, 0xFF and 0x00 twice, which no rule takes
  for (const c of ['\x80', 'é', 'ÿ', 'Ā', '😀']) assert.is(fails(`a ${c}`), `${unexpected(c, ' ')} @ 0:2-0:2`);
});

test('a character beyond ASCII lexes as the ASCII character of its low byte, and keeps its text', () => {
  assert.equal(lex('(f š ≥x)'), ['lparen:(', 'ident:f', 'ident:š', 'ident:≥x', 'rparen:)']); // U+0161 ~ a, U+2265 ~ e
  assert.equal(lex('aĠb'), ['ident:a', 'ident:b']); // U+0120 ~ space
  // a run that begins in ASCII goes on through look-alikes: white space, and an identifier's symbols
  assert.equal(lex('a \tĠ\nb'), ['ident:a', 'ident:b']);
  assert.equal(lex('xı2-ĭ y'), ['ident:xı2-ĭ', 'ident:y']); // U+0131 ~ 1, U+012D ~ -
  assert.equal(lex('ab(c'), ['ident:ab', 'lparen:(', 'ident:c']);
  assert.equal(lex('Ĩ+ 1 2ĩ'), ['lparen:Ĩ', 'ident:+', 'int:1', 'int:2', 'rparen:ĩ']); // U+0128/9 ~ ( )
  assert.equal(lex('Ģab c"'), ['string:ab c']); // U+0122 ~ " opens; only a real quote closes
  assert.equal(lex("ħab-1 x"), ['tick:ab-1', 'ident:x']); // U+0127 ~ '
  assert.equal(lex('aĺ= b'), ['ident:a', 'bindAssign:ĺ=', 'ident:b']); // U+013A ~ :
  assert.equal(lex('lťt'), ['keyword:let']); // a keyword spelt with a look-alike is that keyword
  assert.equal(lex('@Ťoc'), ['annotation:@doc']); // U+0164 ~ d
  assert.equal(lex('😢ab"'), ['string:ab']); // U+1F622 ~ " (a surrogate pair is one character)
});

test('a comment ends at the first character whose low byte is a newline', () => {
  assert.equal(lex('; fine 😀 é ─ │\nx'), ['ident:x']);
  assert.equal(lex('; smile 😊 x'), ['ident:x']); // U+1F60A
  assert.equal(lex('; wave 🌊(y)'), ['lparen:(', 'ident:y', 'rparen:)']); // U+1F30A
  assert.equal(lex('; aĊb'), ['ident:b']); // U+010A
  assert.equal(lex('; hair\u200aspace z'), ['ident:space', 'ident:z']); // U+200A
  // the comment is then the last lexeme seen by a later error
  assert.is(fails('; x😊`'), `${unexpected('`', '😊')} @ 0:4-0:4`);
});

test('digits that are look-alikes are refused (Pact lexes a number and fails reading it)', () => {
  assert.is(fails('İ1'), `${unexpected('İ', '\0')} @ 0:0-0:0`); // U+0130 ~ 0
  assert.is(fails('-1İ'), `${unexpected('İ', '\0')} @ 0:2-0:2`);
});

test('identifiers run over letters, digits and symbols, and stop at every other character', () => {
  assert.equal(lex('aZ09%#+-_&$@<>=^?*!|/~z'), ['ident:aZ09%#+-_&$@<>=^?*!|/~z']);
  assert.equal(lex('a.b:c,d(e)f[g]h{i}j\'k"l"m;n\no p\tq'), ['ident:a', 'dot:.', 'ident:b', 'colon::', 'ident:c', 'comma:,',
    'ident:d', 'lparen:(', 'ident:e', 'rparen:)', 'ident:f', 'lbracket:[', 'ident:g', 'rbracket:]', 'ident:h', 'lbrace:{',
    'ident:i', 'rbrace:}', 'ident:j', 'tick:k', 'string:l', 'ident:m', 'ident:o', 'ident:p', 'ident:q']);
  assert.equal(lex('0123456789a 9/ 0:'), ['int:0123456789', 'ident:a', 'int:9', 'ident:/', 'int:0', 'colon::']);
  assert.equal(lex('12-3 7-'), ['int:12', 'int:-3', 'int:7', 'ident:-']);
});

test('a minus sign is a number only before digits that no symbol follows', () => {
  const rows: [string, string[]][] = [
    ['-', ['ident:-']], ['-5', ['int:-5']], ['-05', ['int:-05']], ['-5a', ['ident:-5a']], ['-5-', ['ident:-5-']], ['-5_', ['ident:-5_']],
    ['-5.1', ['int:-5', 'dot:.', 'int:1']], ['-5)', ['int:-5', 'rparen:)']], ['-5 x', ['int:-5', 'ident:x']],
    ['-5;c', ['int:-5']], ['-5:', ['int:-5', 'colon::']], ["-5'a", ['int:-5', 'tick:a']], ['-5"s"', ['int:-5', 'string:s']],
    ['--5', ['ident:--5']], ['-a', ['ident:-a']], ['- 5', ['ident:-', 'int:5']], ['a-5', ['ident:a-5']], ['(-)', ['lparen:(', 'ident:-', 'rparen:)']],
  ];
  for (const [text, tokens] of rows) assert.equal(lex(text), tokens, text);
});

test('a tick needs a letter, then takes letters, digits, - and _', () => {
  const rows: [string, string[]][] = [
    ["'a", ['tick:a']], ["'Z", ['tick:Z']], ["'z9-_X", ['tick:z9-_X']], ["'a*", ['tick:a', 'ident:*']], ["'a.b", ['tick:a', 'dot:.', 'ident:b']],
    ["'a'b", ['tick:a', 'tick:b']], ["'a)", ['tick:a', 'rparen:)']], ["'a b", ['tick:a', 'ident:b']], ["'a:", ['tick:a', 'colon::']],
  ];
  for (const [text, tokens] of rows) assert.equal(lex(text), tokens, text);
  const toks = tokenize(new SourceFile('t.pact', " 'ab-1 x"));
  assert.equal(toks.map(t => [t.type, t.value, t.text, t.start, t.end]), [['tick', 'ab-1', "'ab-1", 1, 6], ['ident', 'x', 'x', 7, 8]]);
  // alex has consumed the tick when it fails: the error names the next character and spans the tick
  assert.is(fails("x '_a"), `${unexpected('_', "'")} @ 0:2-0:3`);
  assert.is(fails("'1"), `${unexpected('1', "'")} @ 0:0-0:1`);
  assert.is(fails("' a"), `${unexpected(' ', "'")} @ 0:0-0:1`);
  assert.is(fails("'😀"), `${unexpected('😀', "'")} @ 0:0-0:1`);
  assert.is(fails("(a\n  '"), "Lexical Error: Ran out of input before finding a lexeme. Last Character seen:  (') @ 1:2-1:3");
});

test('colons: := and :: are single tokens, anything else after a colon is not part of it', () => {
  const rows: [string, string[]][] = [
    [':', ['colon::']], [':=', ['bindAssign::=']], ['::', ['dynAccess:::']], [':::', ['dynAccess:::', 'colon::']],
    [':=:', ['bindAssign::=', 'colon::']], [': =', ['colon::', 'ident:=']], [':a', ['colon::', 'ident:a']], ['a:=b', ['ident:a', 'bindAssign::=', 'ident:b']],
  ];
  for (const [text, tokens] of rows) assert.equal(lex(text), tokens, text);
  assert.equal(tokenize(new SourceFile('t.pact', 'm::f')).map(t => [t.type, t.text, t.start, t.end]),
    [['ident', 'm', 0, 1], ['dynAccess', '::', 1, 3], ['ident', 'f', 3, 4]]);
});

test('keywords and annotations are whole lexemes only', () => {
  const keywords = ['let*', 'let', 'defun', 'defcap', 'defconst', 'defschema', 'deftable', 'defpact', 'interface', 'module', 'bless',
    'implements', 'use', 'true', 'false', 'lambda', 'step-with-rollback', 'step'];
  for (const k of keywords) {
    assert.equal(lex(k), [`keyword:${k}`]);
    assert.equal(lex(`${k}x`), [`ident:${k}x`]);
    assert.equal(lex(`(${k})`), ['lparen:(', `keyword:${k}`, 'rparen:)']);
  }
  for (const a of ['@doc', '@model', '@event', '@managed']) {
    assert.equal(lex(a), [`annotation:${a}`]);
    assert.equal(lex(`${a}s`), [`ident:${a}s`]);
  }
  assert.equal(lex('@ if step-with Let TRUE'), ['ident:@', 'ident:if', 'ident:step-with', 'ident:Let', 'ident:TRUE']);
});

test('a lexical error names the last character consumed, whatever lexeme it ended', () => {
  const rows: [string, string, string][] = [
    ['1`', '1', '0:1-0:1'], ["'ab`", 'b', '0:3-0:3'], ['"ab"`', '"', '0:4-0:4'], ['(`', '(', '0:1-0:1'], [')`', ')', '0:1-0:1'],
    ['{`', '{', '0:1-0:1'], ['}`', '}', '0:1-0:1'], ['[`', '[', '0:1-0:1'], [']`', ']', '0:1-0:1'], [',`', ',', '0:1-0:1'],
    ['.`', '.', '0:1-0:1'], [':`', ':', '0:1-0:1'], [':=`', '=', '0:2-0:2'], ['::`', ':', '0:2-0:2'], ['ab`', 'b', '0:2-0:2'],
    ['let`', 't', '0:3-0:3'], ['@doc`', 'c', '0:4-0:4'], ['-12`', '2', '0:3-0:3'], ['x \t`', '\t', '0:3-0:3'], ['x ; c\n`', '\n', '1:0-1:0'],
    ['x ;\n\n  `', ' ', '2:2-2:2'], ['`', '\0', '0:0-0:0'], ['ab é', ' ', '0:3-0:3'], ['a😀', 'a', '0:1-0:1'],
  ];
  for (const [text, last, at] of rows) {
    const c = text.includes('`') ? '`' : [...text].pop()!;
    assert.is(fails(text), `${unexpected(c, last)} @ ${at}`, JSON.stringify(text));
  }
});

test('string literals: escapes, continuation lines, and their tokens', () => {
  assert.equal(lex('"abc" "" "\\n\\t\\\\\\"\\\'"'), ['string:abc', 'string:', 'string:\n\t\\"\'']);
  assert.equal(lex('"a""b"c'), ['string:a', 'string:b', 'ident:c']);
  assert.equal(lex('"é 😀 ; (" ; é 😀 "\nx'), ['string:é 😀 ; (', 'ident:x']);
  // a backslash and white space (any of Haskell's isSpace) skip to the next backslash
  assert.equal(lex('"a\\ \\b" "\\\n\t \\" "a\\\r\n\\b" "a\\\u00a0\\b" "a\\\u3000 \u2000\\b" "a\\  \\\\n"'),
    ['string:ab', 'string:', 'string:ab', 'string:ab', 'string:ab', 'string:a\n']);
  assert.equal(lex('"a\\\v\f\\b"'), ['string:ab']);
  const toks = tokenize(new SourceFile('t.pact', ' "a\\nb" x'));
  assert.equal(toks.map(t => [t.type, t.value, t.text, t.start, t.end]), [['string', 'a\nb', '"a\\nb"', 1, 7], ['ident', 'x', 'x', 8, 9]]);
});

test('string errors: the first problem in reading order, located just after the opening quote', () => {
  const rows: [string, string, string][] = [
    ['"abc', 'did not close string literal', '0:1-0:1'],
    ['x "abc\\', 'did not close string literal', '0:3-0:3'],
    ['"abc\\ \n ', 'did not close string literal', '0:1-0:1'],
    ['"abc\\  x\\"', 'Invalid multiline string', '0:1-0:1'],
    ['"a\\qb"', 'Invalid escape sequence', '0:1-0:1'],
    ['"a\\qb', 'Invalid escape sequence', '0:1-0:1'],
    ['"a\\q\nb"', 'Invalid escape sequence', '0:1-0:1'],
    ['"a\\\u2028\\b"', 'Invalid escape sequence', '0:1-0:1'],
    ['"a\\V \\b"', 'Invalid escape sequence', '0:1-0:1'],
    ['"a\\rb"', 'carriage return is not supported in strings literals', '0:1-0:1'],
    ['"a\\rb', 'carriage return is not supported in strings literals', '0:1-0:1'],
    ['"a\rb"', 'carriage return in string literal', '0:1-0:1'],
    ['"a\nb"', 'newline in string literal', '0:1-0:1'],
    ['"a\nb\\q"', 'newline in string literal', '0:1-0:1'],
    ['"a\\nb\\"', 'did not close string literal', '0:1-0:1'],
    ['(f)\n  "ab', 'did not close string literal', '1:3-1:3'],
  ];
  for (const [text, msg, at] of rows) assert.is(fails(text), `${stringError(msg)} @ ${at}`, JSON.stringify(text));
});

test('a string literal of ten megabytes lexes in one linear pass', () => {
  const body = 'ab\\"c'.repeat(2_000_000);
  const [t] = tokenize(new SourceFile('t.pact', `"${body}"`));
  assert.is(t.value.length, 8_000_000);
  assert.is(t.value.slice(0, 8), 'ab"cab"c');
});

test.run();
