// Where an error raised inside the interpreter is located, and which Pact frames it reports, now
// that errors are handled outside the dispatch loop (vm/machine.ts `recover`): the loop records
// its frame and instruction before anything that can throw, and keeps `this.fp` at the current
// frame across calls and returns.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

/** The error's source text (its span's slice), message and Pact stack (function names). */
function failure(src: string): { at: string; message: string; stack: string[] } {
  const r = runRepl(src);
  if (!r.error) throw new Error(`expected an error, got ${r.traces.join(' | ')}`);
  const span = r.error.span;
  return {
    at: span ? src.slice(span.start, span.end) : '(no span)',
    message: r.error.message,
    stack: r.error.pactStack.map(f => f.name.replace(/\.\{.*\}$/, "")),
  };
}

const MODULE = (body: string) => `(module m g (defcap g () true) ${body})`;

test('an error a native raises after calling back into Pact is located at that native\'s call', () => {
  // filter runs the callback (which itself calls natives) and then refuses its non-boolean result
  const f = failure('(filter (lambda (x) (length [x (format "{}" [x])])) [1 2])');
  assert.is(f.at, '(filter (lambda (x) (length [x (format "{}" [x])])) [1 2])');
  assert.is(f.message, 'expected bool value, got 2');
});

test('errors raised by the loop itself are located at their own instruction', () => {
  const cases: [string, string][] = [
    [MODULE('(defun f () (if 1 2 3))') + '(f)', '(if 1 2 3)'],
    // an argument's type is checked at the parameter
    [MODULE('(defun f:integer (a:integer) a)') + '(m.f "x")', 'a'],
    [MODULE('(defun f () (error "boom"))') + '(f)', '(error "boom")'],
    [MODULE('(defun f () (and 1 true))') + '(f)', '(and 1 true)'],
  ];
  for (const [src, at] of cases) {
    const f = failure(src);
    assert.is(f.at, at, src);
  }
});

test('an error after a call returned reports only the frames still running', () => {
  // h returns before f fails: h must not appear in the stack, and f is not left "running"
  const src = MODULE(`
    (defun h () (length "abc"))
    (defun f () (h) (enforce (= (h) 0) "not zero"))
    (defun ok () (try 0 (f)))`) + '(m.ok) (m.ok) (f)';
  const r = runRepl(src);
  assert.equal(r.traces.slice(-2), ['0', '0'], 'f runs again after a handled failure (no false recursion)');
  const f = failure(src);
  assert.equal(f.stack, ['m.f']);
  assert.is(f.at, '(enforce (= (h) 0) "not zero")');
});

test('a handled error resumes at the try of the failing function\'s caller, frames below intact', () => {
  const src = MODULE(`
    (defun fail:integer (n:integer) (enforce (< n 0) "non-negative") n)
    (defun inner:integer (n:integer) (+ 100 (try -1 (fail n))))
    (defun outer:integer (n:integer) (+ (inner n) (inner (- 0 n))))`) + '(m.outer 5)';
  const r = runRepl(src);
  assert.is(r.error, null);
  // inner 5: the try catches (99); inner -5: fail returns -5 (95)
  assert.is(r.traces[r.traces.length - 1], '194');
});

test('an uncaught error deep in nested calls names every running defun, innermost first', () => {
  const f = failure(MODULE(`
    (defun c:integer (x:integer) (enforce false "deep") x)
    (defun b:integer (x:integer) (+ 1 (c x)))
    (defun a:integer (x:integer) (+ 1 (b x)))`) + '(m.a 1)');
  assert.equal(f.stack, ['m.c', 'm.b', 'm.a']);
  assert.is(f.message, 'deep');
  assert.is(f.at, '(enforce false "deep")');
});

test.run();
