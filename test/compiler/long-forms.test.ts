// Long forms compile in linear time and without deep recursion: a let* of thousands of bindings,
// a module whose definitions form a dependency chain thousands long (its deploy order, hash and
// results must be those of the same code written short).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, runRepl } from '../helpers.js';

test('a let* of 5000 bindings compiles and runs, each binding seeing the one before', () => {
  const bindings = Array.from({ length: 5000 }, (_, i) => (i === 0 ? '(x1 1)' : `(x${i + 1} (+ 1 x${i}))`)).join(' ');
  assert.is(evalLast(`(let* (${bindings}) x5000)`), '5000');
});

test('a let* binding may shadow an earlier one and still read it in its own value', () => {
  assert.is(evalLast('(let* ((x 1) (x (+ x 10)) (y (* x 2))) [x y])'), '[11 22]');
});

test('a module whose 2000 defuns each call the previous one deploys and runs', () => {
  const defs = Array.from({ length: 2000 }, (_, i) =>
    `(defun f${i}:integer (x:integer) ${i === 0 ? 'x' : `(+ 1 (f${i - 1} x))`})`).join('\n');
  const r = runRepl(`(module chain GOV (defcap GOV () true)\n${defs})\n(chain.f1999 0)`);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], "1999");
});

test('a lambda argument shadows a def name in dependency ordering (no false cycle)', () => {
  const r = runRepl(`(module m GOV (defcap GOV () true)
    (defun a:integer (b:integer) (+ b 1))
    (defun b:integer () (a 1)))
  (m.b)`);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], '2');
});

test.run();
