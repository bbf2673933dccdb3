// The grammar check replays Pact's LALR(1) parser: what it accepts, where it fails and what it says.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, read } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import { runRepl } from '../helpers.js';

/** `file:line:col: message` of the parse error reading `text` raises, or null. */
function readError(text: string, name = 't.repl'): string | null {
  try {
    read(new SourceFile(name, text));
    return null;
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    const p = e.span!.startPos;
    return `${e.span!.file.name}:${p.line + 1}:${p.col}: ${e.message}`;
  }
}

test('forms Pact accepts read without complaint', () => {
  for (const text of [
    '(module m "k" @doc "d" (defun f:integer (a:integer b) @model [(> a 0)] (+ a 1)) (defconst C 1 "doc"))',
    '(module m g (defcap g () true) (defcap c (a:integer) @managed a m.mgr true) (defcap e () @event true))',
    '(module m g (defcap g () true) (defpact p () (step-with-rollback 1 2) (step "e" 3) (step 4)))',
    '(interface i (defun f:integer (a:integer)) (defconst X 1) (defcap c ()) (defpact p ()) (use m))',
    '(defun top (m:module{i, ns.j}) (let* ((a 1) (b:integer 2)) (bind {"a": 1} {"a" := x, \'b := y} x)))',
    '(use ns.m "hash" [f g]) [1, 2, 3] [1 2 3] {} () (lambda (x:[integer]) x) (f::g 1) ns.m.f 1.5',
  ]) assert.is(readError(text), null, text);
});

test('a top-level defun is a REPL form: a .pact file refuses it', () => {
  assert.is(readError('(defun f () 1)', 't.repl'), null);
  assert.is(readError('(defun f () 1)', 't.pact'),
    "t.pact:1:1: Expected: [let, letstar, lam, module, interface, import, true, false, '{', '(', ...]");
});

test('at the end of the input the error points at the start of the file', () => {
  assert.is(readError('(+ 1 2)\n(let ((x 1))'), "t.repl:1:0: Expected: [true, false, '{', '(', '[', IDENT, NUM, STR, TICK]");
  assert.is(readError('{"a": 1,'), "t.repl:1:0: Expected: [STR, TICK]");
});

test('left-over tokens render as Pact renders them: idents, numbers, strings unescaped, ticks doubled', () => {
  assert.is(readError('(f) ) x -1 "a\\nb" \'t let* @doc : :: :='),
    't.repl:1:4: Too many closing parens, remaining tokens: [ident<x>, number<-1>, "a\nb", \'\'t, let*, @doc, :, ::, :=]');
  assert.is(readError('"s" . y'), 't.repl:1:4: Unexpected input after expr, remaining tokens: [., ident<y>]');
});

test('a decimal with too many places is located over the literal; in a model at its integer part', () => {
  const places = '0'.repeat(256);
  assert.is(readError(`(+ 12.${places} 1)`), 't.repl:1:3: Precision overflow (>=255 decimal places):  256 decimals');
  const e = (() => { try { read(new SourceFile('t.repl', `(+ 12.${places} 1)`)); } catch (x) { return x as PactError; } })()!;
  assert.is(e.span!.end - e.span!.start, 3 + 256);
  assert.is(readError(`(defun f () @model [(> 12.${places} 0)] 1)`), 't.repl:1:23: Precision overflow (>=255 decimal places):  256 decimals');
});

test('a type name is checked as it is parsed: object{..} and table{..} only, and the primitive types', () => {
  assert.is(readError('(defun f:list{s} () 1)'), 't.repl:1:9: No such type: list');
  assert.is(readError('(defun f (a:[keyset] b:guard c:table{s}) 1)'), null);
});

test('a parse error anywhere stops the whole file before its first form runs', () => {
  const r = runRepl('(print "runs?")\n(defun f:foo () 1)', 'p.repl');
  assert.equal(r.prints, []);
  assert.is(r.error!.message, 'No such type: foo');
});

test.run();
