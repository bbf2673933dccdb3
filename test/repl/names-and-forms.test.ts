// Names and special forms are checked as Pact 5 checks them, with its exact messages and locations.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

function located(src: string): string {
  const r = runRepl(src, 'names.repl');
  if (!r.error) throw new Error(`expected an error, got ${r.traces.join(' | ')}`);
  const s = r.error.span;
  return s ? `${s.startPos.line + 1}:${s.startPos.col}: ${r.error.message}` : r.error.message;
}

test('a defconst whose value is a function is Pact\'s "did not reduce to a value", at the expression', () => {
  assert.is(located('(module m g (defcap g () true)\n  (defconst f (lambda (x) x)))'),
    '2:14: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  assert.is(located('(interface i\n  (defconst f (lambda (x) x)))'),
    '2:14: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  assert.is(located('(defconst f (lambda (x) x))'),
    '1:12: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
});

test.run();
