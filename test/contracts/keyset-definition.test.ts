// define-keyset and define-namespace as the REPL's evaluator runs them (Direct/CoreBuiltin.hs
// defineKeySet, defineKeySet', coreDefineNamespace): the arguments are matched first, then the
// top-level check; the one-argument define-keyset reads the keyset from the message data and is
// named define-read-keyset in its errors (Builtin.hs CoreDefineKeysetData); a definition charges
// its size (GWrite) before the write, which read-only code refuses.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, logLines, meteredAfter } from '../helpers.js';

const DISALLOWED = 'Error during database operation: Operation disallowed in read-only or sys-only mode';

test('the one-argument define-keyset is named define-read-keyset when it fails', () => {
  assert.is(errorOf('(define-keyset "nope")'), 'define-read-keyset failure');
});

test('inside a function: the top-level check comes after the arguments are matched, before the data is read', () => {
  const mod = (body: string) => `(begin-tx)\n(module m g (defcap g () true) (defun f () ${body}))\n(m.f)`;
  // no data at all: the top-level check still comes first
  assert.is(errorOf(mod('(define-keyset "nope")')), 'Top-level call used in module define-read-keyset');
  assert.is(errorOf(mod('(define-keyset "k" (read-keyset "k"))').replace('(m.f)', '(env-data {"k": ["a"]})\n(m.f)')),
    'Top-level call used in module define-keyset');
  // a second argument that is not a keyset fails the argument match first
  assert.is(errorOf(mod('(define-keyset "k" 1)')),
    'Type error: failed to call native function define-keyset with argument(s) of type(s): string, integer');
});

test('a definition in read-only code is charged its size, then refused', () => {
  const setup = '(env-data {"ks": ["k1"]})';
  // KeySet{[k1], keys-all}: 1 + (5 + 6) + 2 = 14 bytes
  const ks = meteredAfter(setup, '(enforce (= "x" (define-keyset "k" (read-keyset "ks"))) "m")');
  assert.is(ks.error?.message, DISALLOWED);
  assert.ok(logLines(ks).includes('GWrite 14: 2800'), logLines(ks).join('\n'));
  // Namespace{"ns", guard, guard}: 1 + 6 + 2 · (2 + 14) = 39 bytes
  const ns = meteredAfter(setup, '(enforce (= "x" (define-namespace "ns" (read-keyset "ks") (read-keyset "ks"))) "m")');
  assert.is(ns.error?.message, DISALLOWED);
  assert.ok(logLines(ns).includes('GWrite 39: 7800'), logLines(ns).join('\n'));
});

test.run();
