// Pact's nullary lambdas and the expect forms (Desugar.hs `desugarAppArity`, Direct/Evaluator.hs
// `applyLam` on a NullaryClosure, Direct/ReplBuiltin.hs `coreExpect`/`coreExpectFailure`):
// - applying `(lambda () …)`, `(suspend …)`, an expect thunk or cond's body fails unless the
//   result is a Pact value (enforcePactValue'); a lambda with parameters, or a defun, does not;
// - expect and expect-failure suspend their expression only when the argument Pact looks at is
//   not already such a function: written as one, the call is left as it is.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf, runRepl } from '../helpers.js';

const NOT_A_VALUE = 'Expected Pact Value, got closure or table reference';

test('a nullary lambda, suspend or cond body giving a function fails where it is applied', () => {
  assert.is(errorOf('((lambda () (lambda (x) x)))'), NOT_A_VALUE);
  assert.is(errorOf('(let ((f (suspend (take 1)))) (f))'), NOT_A_VALUE);
  assert.is(errorOf('(cond ((= 1 2) 1) (take 1))'), NOT_A_VALUE);
  // located at the lambda (the closure's info), not at the application
  assert.is(runRepl('((lambda () (lambda (x) x)))').error?.span?.range(), 'test.repl:0:1-0:27');
  // a lambda with parameters may return a function; a defun may not (evalWithStackFrame)
  assert.is(evalLast('(((lambda (a) (lambda (x) x)) 1) 5)'), '5');
  assert.is(errorOf('(module m g (defcap g () true) (defun k () (lambda (x) x))) ((m.k) 7)'), NOT_A_VALUE);
  assert.is(evalLast('((lambda () 3))'), '3');
});

test('expect: a function as actual is an error of the thunk, reported as a failed evaluation', () => {
  assert.is(evalLast('(expect "x" 1 (take 1))'),
    `"FAILURE: x evaluation of actual failed with error message:\n${NOT_A_VALUE}"`);
  // expected is applied outside the caught part: its error propagates
  assert.is(errorOf('(expect "x" (take 1) 1)'), NOT_A_VALUE);
});

test('expect: a nullary function written as actual leaves both arguments unsuspended', () => {
  assert.is(evalLast('(expect "both" (lambda () 1) (lambda () 1))'), '"Expect: success both"');
  assert.is(evalLast('(expect "both" (lambda () 1) (suspend 2))'), '"FAILURE: both expected: 1, received: 2"');
  assert.is(errorOf('(expect "b" 1 (lambda () 1))'),
    'Type error: failed to call native function expect with argument(s) of type(s): string, integer, closure');
  // a nullary function as expected only is suspended like any expression: its thunk gives a function
  assert.is(errorOf('(expect "b" (lambda () 1) 1)'), NOT_A_VALUE);
});

test('expect-failure: a nullary function written as the expression is applied as it is', () => {
  assert.is(evalLast('(expect-failure "fails" (lambda () (enforce false "no")))'), '"Expect failure: Success: fails"');
  assert.is(evalLast('(expect-failure "fails" (suspend (enforce false "no")))'), '"Expect failure: Success: fails"');
  assert.is(errorOf('(expect-failure "runs" (lambda () 1))'), 'FAILURE: runs: expected failure, got result');
  // the nullary lambda's own check is the failure
  assert.is(evalLast('(expect-failure "fn" (lambda () (lambda (y) y)))'), '"Expect failure: Success: fn"');
  // a non-function expression is suspended, so it is no wrong argument
  assert.is(errorOf('(expect-failure "g" 1)'), 'FAILURE: g: expected failure, got result');
});

test('expect-failure with a message: only the message position decides, the expression is suspended', () => {
  // the lambda is suspended, so its thunk gives a function: that thunk's own check is the error
  assert.is(evalLast('(expect-failure "d" "boom" (lambda () (enforce false "boom")))'),
    `"FAILURE: d: expected error message 'boom', got '${NOT_A_VALUE}'"`);
  assert.is(evalLast('(expect-failure "d" "boom" (enforce false "boom"))'), '"Expect failure: Success: d"');
  // a nullary function in the message position: the two-argument native gets three arguments
  assert.is(errorOf('(expect-failure "f" (lambda () 1) 2)'), 'Attempted to apply a closure to too many arguments');
});

test('expect and expect-failure partially applied are functions: a native applying one checks the arguments', () => {
  assert.is(errorOf('(expect "a" 1)'), 'Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  assert.is(errorOf('(filter (expect-failure "later") [1 2])'),
    'Type error: failed to call native function expect-failure with argument(s) of type(s): string, integer');
  assert.is(errorOf('(fold (expect "later") 1 [2])'),
    'Type error: failed to call native function expect with argument(s) of type(s): string, integer, integer');
  // map's partial application is completed in the written form (desugar1ArgHOF), so it is suspended
  assert.is(errorOf('(map (expect-failure "later") [1 2])'), 'FAILURE: later: expected failure, got result');
});

test.run();
