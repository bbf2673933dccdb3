// Behaviours of compiler/grammar-check.ts that the mutation run of compiler/ (issue 16) found
// untested: where an error is and how far it reaches (renderError's carets show the span's end),
// the ten-entry cut of token lists, files deeper than the first stack, empty files.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, read } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import { renderError } from '../../runtime/repl/report.js';
import { runRepl } from '../helpers.js';
import { pactGrammar } from '../../compiler/grammar.js';

/** The rendered parse error of reading `text` (location, source line, carets), or null. */
function rendered(text: string): string | null {
  try {
    read(new SourceFile('t.repl', text));
    return null;
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    return renderError(e);
  }
}

test('a list of exactly ten remaining tokens is printed whole, an eleventh is cut to ...', () => {
  assert.is(rendered('(+ 1 2)) a b c d e f g h i j')!.split('\n')[0],
    't.repl:1:7: Too many closing parens, remaining tokens: [ident<a>, ident<b>, ident<c>, ident<d>, ident<e>, ident<f>, ident<g>, ident<h>, ident<i>, ident<j>]');
  assert.is(rendered('(+ 1 2)) a b c d e f g h i j k')!.split('\n')[0],
    't.repl:1:7: Too many closing parens, remaining tokens: [ident<a>, ident<b>, ident<c>, ident<d>, ident<e>, ident<f>, ident<g>, ident<h>, ident<i>, ident<j>, ...]');
});

test('nesting deeper than the parser\'s first stack of 256 entries', () => {
  const depth = 400;
  const r = runRepl(`(length ${'['.repeat(depth)}1${']'.repeat(depth)})`);
  assert.is(r.error, null);
  assert.equal(r.traces, ['1']);
  const s = runRepl(`${'(+ 1 '.repeat(300)}0${')'.repeat(300)}`);
  assert.equal(s.traces, ['300']);
});

test('an empty file and a file of comments only read as no forms', () => {
  for (const text of ['', '; nothing\n', '   \n\t']) {
    assert.is(rendered(text), null);
    const r = runRepl(text);
    assert.is(r.error, null);
    assert.equal(r.traces, []);
  }
});

test('a module body without definitions is refused at its first use/implements/bless, over that form', () => {
  assert.is(rendered('(module m g (use x))'),
    't.repl:1:12: Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]\n' +
    ' 1 | (module m g (use x))\n' +
    '   |             ^^^^^^^\n\n');
  assert.is(rendered('(module m g\n  (implements i) (bless "h"))'),
    't.repl:2:2: Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]\n' +
    ' 2 |   (implements i) (bless "h"))\n' +
    '   |   ^^^^^^^^^^^^^^\n\n');
  assert.is(rendered('(module m g @doc "d" (bless "h") (use x))'),
    't.repl:1:21: Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]\n' +
    ' 1 | (module m g @doc "d" (bless "h") (use x))\n' +
    '   |                      ^^^^^^^^^^^\n\n');
  // an interface may hold imports only
  assert.is(rendered('(interface i (use x) (use y))'), null);
});

test('decimal places: 255 are allowed, 256 are refused over the literal, in a model at its integer part only', () => {
  const p255 = '0'.repeat(255), p256 = '0'.repeat(256);
  assert.is(rendered(`(+ 12.${p255} 1)`), null);
  assert.is(rendered(`(defun f () @model [(> 12.${p255} 0)] 1)`), null);
  assert.equal(runRepl(`(+ 12.${p255} 1)`).traces, ['13.0']);
  const expr = rendered(`(+ 12.${p256} 1)`)!.split('\n');
  assert.is(expr[0], 't.repl:1:3: Precision overflow (>=255 decimal places):  256 decimals');
  assert.is(expr[2], `   |    ${'^'.repeat(259)}`);
  const model = rendered(`(defun f () @model [(> 12.${p256} 0)] 1)`)!.split('\n');
  assert.is(model[0], 't.repl:1:23: Precision overflow (>=255 decimal places):  256 decimals');
  assert.is(model[2], `   | ${' '.repeat(23)}^^`);
});

test('the grammar check goes through the whole file before any form is parsed: a decimal overflow before a syntax error wins', () => {
  const p256 = '0'.repeat(256);
  assert.is(rendered(`(+ 1.${p256} 1)\n(+ 1`)!.split('\n')[0], 't.repl:1:3: Precision overflow (>=255 decimal places):  256 decimals');
  assert.is(rendered(`(defun f () @model [(> 1.${p256} 0)] 1)\n(+ 1`)!.split('\n')[0], 't.repl:1:23: Precision overflow (>=255 decimal places):  256 decimals');
});

test('each entry point\'s start rule (pactGrammar builds them afresh; the checker caches its own)', () => {
  const g = pactGrammar();
  assert.equal([...g.startRule.keys()], ['Expr', 'Module', 'ReplProgram', 'Program']);
  for (const [name, i] of g.startRule) {
    assert.is(g.rules[i].start, true);
    assert.is(g.names[g.rules[i].rhs[0]], name);
  }
});

test.run();
