// Lines and columns of source offsets. Pact's lexer advances one column per character (code
// point), so a character outside the BMP (two UTF-16 units in JS) is one column; the columns show
// in error locations and, as spans of the Pact IR, in a stored module's encoding (whose size
// module-load gas charges).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, Span } from '../../vm/source.js';
import { spanInfo } from '../../runtime/pact-ir/from-syntax.js';
import { runRepl } from '../helpers.js';

const at = (text: string, needle: string) => {
  const f = new SourceFile('x.repl', text);
  return f.position(text.indexOf(needle));
};

test('columns count UTF-16 units and code points alike on BMP text', () => {
  assert.equal(at('(+ 1 2)', '2'), { line: 0, col: 5 });
  assert.equal(at('(a)\n  (héllo σ) b', 'b'), { line: 1, col: 12 });
  assert.equal(at('x\r\ny', 'y'), { line: 1, col: 0 });
});

test('a character outside the BMP is one column, on its own line only', () => {
  assert.equal(at('"😀" b', 'b'), { line: 0, col: 4 });
  assert.equal(at('"😀😀😀" b', 'b'), { line: 0, col: 6 });
  assert.equal(at('"😀"\n"x" b', 'b'), { line: 1, col: 4 });
  assert.equal(at('"a😀b😀" c', 'c'), { line: 0, col: 7 });
  // the offset of the low half of a pair counts the pair's high half as the column before it
  const f = new SourceFile('x.repl', '😀');
  assert.equal(f.position(1), { line: 0, col: 1 });
  assert.equal(f.position(2), { line: 0, col: 1 });
});

test('every offset of a text with empty lines, CRLF and a last line without newline gets its line and column', () => {
  const text = '\n(a)\n\n  b\r\n\n(c d)\n\nlast';
  const f = new SourceFile('x.repl', text);
  let line = 0, col = 0;
  for (let i = 0; i <= text.length; i++) {
    assert.equal(f.position(i), { line, col }, `offset ${i}`);
    if (text[i] === '\n') { line++; col = 0; } else col++;
  }
  // asked out of order: the remembered last line must not answer for another
  assert.equal(f.position(text.indexOf('(a)')), { line: 1, col: 0 });
  assert.equal(f.position(text.length), { line: 7, col: 4 });
  assert.equal(f.position(0), { line: 0, col: 0 });
});

test('a lone surrogate is a character of its own', () => {
  assert.equal(at('"\uD800" b', 'b'), { line: 0, col: 4 });
  assert.equal(at('"\uDC00\uDC00" b', 'b'), { line: 0, col: 5 });
});

test('spans print code-point columns, and the Pact IR carries the same', () => {
  const text = '(print "😀") (foo)';
  const f = new SourceFile('x.repl', text);
  const start = text.indexOf('(foo)');
  const span = new Span(f, start, start + 5);
  assert.is(span.range(), 'x.repl:0:12-0:17');
  const info = spanInfo(span)!;
  assert.equal([info.startLine, info.startCol, info.endLine, info.endCol], [0, 12, 0, 17]);
});

test('an error after an emoji is located as Pact locates it', () => {
  const r = runRepl('(print "😀😀") (foo)');
  assert.is(r.error?.message, 'Cannot find module:  foo');
  assert.equal(r.error!.span!.startPos, { line: 0, col: 14 });
});

test.run();
