// Templates of the second tier that only some shapes of code reach: closures made inside tiered
// code from the creator's own captures, a partial application dropped in a sequence or called,
// `and`/`or` on a non-boolean. Each gives the interpreter's result or error.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setTierMode, tierSettings, type TierMode } from '../../vm/tier.js';
import { runRepl } from '../helpers.js';

function outcome(source: string, mode: TierMode): string {
  const saved = tierSettings.mode;
  setTierMode(mode);
  try {
    const r = runRepl(source, 'tt.repl');
    return r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1];
  } finally {
    setTierMode(saved);
  }
}

/** Asserts the tiered outcome equals the interpreter's and `want`. */
function same(source: string, want: string): void {
  assert.is(outcome(source, 'off'), want, `interpreter: ${source}`);
  assert.is(outcome(source, 'always'), want, `tier: ${source}`);
}

test('a closure made in tiered code captures its locals and its creator\'s captures', () => {
  same('(let ((a 1) (b 10)) (let ((f (lambda (x) (lambda (y) (+ (+ a b) (+ x y)))))) ((f 100) 1000)))', '1111');
  same('(let ((a 1) (b 10)) (let ((f (lambda (x) (lambda (y) [b a y x])))) ((f 3) 4)))', '[10 1 4 3]');
});

test('a partial application dropped in a sequence fails in tiered code as in the interpreter', () => {
  same('(let ((f (lambda (x) (+ x) x))) (f 1))', 'error: Incorrect number of arguments (1) for native function + supplied; expected (2)');
  same('(let ((f (lambda (x) ((lambda (a b) a) x) x))) (f 1))', 'error: Incorrect number of arguments (1) for lambda supplied; expected (2)');
});

test('tiered code calling a partial application directly fails as the interpreter does', () => {
  same('(let ((f (lambda (g) (g 1)))) (f (+ 1)))', 'error: Attempted to apply a closure outside of native callsite');
});

test('and / or on a non-boolean operand fail in tiered code as in the interpreter', () => {
  same('(let ((f (lambda (x y) (and x y)))) (f true 1))', 'error: expected bool value, got 1');
  same('(let ((f (lambda (x y) (or x y)))) (f false "s"))', 'error: expected bool value, got "s"');
  same('(let ((f (lambda (x y) [(and x y) (or x y)]))) (f true false))', '[false true]');
});

test.run();
