// Templates of the second tier that only some shapes of code reach: closures made inside tiered
// code from the creator's own captures, a partial application dropped in a sequence or called,
// `and`/`or` on a non-boolean. Each gives the interpreter's result or error.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TierMode } from '../../vm/tier.js';
import { runRepl, inTierMode } from '../helpers.js';

function outcome(source: string, mode: TierMode): string {
  return inTierMode(mode, () => {
    const r = runRepl(source, 'tt.repl');
    return r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1];
  });
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

test('a function value in a list or object literal, and `error` of a non-string, fail in tiered code as in the interpreter', () => {
  // Pact's ExpectedPactValue and its "expected string value, got:" (Errors.hs)
  same('(let ((f (lambda (g) [g 1]))) (f (lambda (x) x)))', 'error: Expected Pact Value, got closure or table reference');
  same('(let ((f (lambda (g) [1 g]))) (f (+ 1)))', 'error: Expected Pact Value, got closure or table reference');
  same('(let ((f (lambda (g) {"a": 1, "b": g}))) (f (lambda (x) x)))', 'error: Expected Pact Value, got closure or table reference');
  same('(let ((f (lambda (x) (error x)))) (f true))', 'error: expected string value, got: true');
  same('(let ((f (lambda (x) (error x)))) (f [1]))', 'error: expected string value, got: [1]');
  same('(let ((f (lambda (x) (error x)))) (f "boom"))', 'error: boom');
});

// Comparisons and sums at their boundaries: equal operands (where `<` and `<=` part), immediates
// (`(< x 3)` compiles to an instruction holding the 3), a comparison feeding `if` (fused with the
// jump), safe-integer overflow into bignums, decimals, strings and mixed operands.
const PAIRS: [string, string][] = [
  ['3', '3'], ['3', '4'], ['4', '3'], ['-1', '-1'], ['0', '-0'], ['1.5', '1.5'], ['1.5', '1.50'], ['2.0', '2.5'],
  ['"a"', '"a"'], ['"a"', '"b"'], ['9007199254740991', '9007199254740991'], ['9007199254740992', '9007199254740993'],
  ['-9007199254740991', '-9007199254740992'],
];

test('comparisons and sums give the interpreter\'s answers in tiered code, equal operands included', () => {
  const ops = '[(< a b) (> a b) (<= a b) (>= a b) (= a b) (!= a b) (if (< a b) 1 0) (if (<= a b) 1 0) (if (> a b) 1 0) (if (>= a b) 1 0) (if (= a b) 1 0)]';
  for (const [a, b] of PAIRS) same(`(let ((f (lambda (a b) ${ops}))) (f ${a} ${b}))`, outcome(`(let ((a ${a}) (b ${b})) ${ops})`, 'off'));
  // written out for the first pairs, so that the interpreter's answer is checked too
  same('(let ((f (lambda (a b) [(< a b) (> a b) (<= a b) (>= a b) (= a b) (!= a b)]))) (f 3 3))', '[false false true true true false]');
  same('(let ((f (lambda (a b) [(if (< a b) 1 0) (if (<= a b) 1 0) (if (> a b) 1 0) (if (>= a b) 1 0)]))) (f 3 3))', '[0 1 0 1]');
  same('(let ((f (lambda (a b) [(+ a b) (- a b)]))) (f 9007199254740991 1))', '[9007199254740992 9007199254740990]');
  // Pact widens an integer beside a decimal (rawAdd's mixed cases)
  same('(let ((f (lambda (a b) [(+ a b) (- a b)]))) (f 1.5 2))', '[3.5 -0.5]');
});

test('a comparison or sum with an immediate operand gives the interpreter\'s answers in tiered code', () => {
  for (const k of ['3', '-3', '0']) {
    const ops = `[(< a ${k}) (> a ${k}) (<= a ${k}) (>= a ${k}) (= a ${k}) (+ a ${k}) (- a ${k}) (if (< a ${k}) 1 0) (if (<= a ${k}) 1 0) (if (> a ${k}) 1 0) (if (>= a ${k}) 1 0) (if (= a ${k}) 1 0)]`;
    for (const a of ['3', '-3', '0', '2', '4', '9007199254740991', '-9007199254740991']) {
      same(`(let ((f (lambda (a) ${ops}))) (f ${a}))`, outcome(`(let ((a ${a})) ${ops})`, 'off'));
    }
  }
  same('(let ((f (lambda (a) [(< a 3) (<= a 3) (> a 3) (>= a 3) (if (< a 3) 1 0) (if (<= a 3) 1 0)]))) (f 3))', '[false true false true 0 1]');
  // a sum widens the integer, a comparison does not
  same('(let ((f (lambda (a) [(+ a 3) (- a 3) (= a 1.5)]))) (f 1.5))', '[4.5 -1.5 true]');
  same('(let ((f (lambda (a) (< a 3)))) (f 1.5))', 'error: Type error: failed to call native function < with argument(s) of type(s): decimal, integer');
});


test('annotated primitive parameters and results: tiered code passes and refuses what the interpreter does', () => {
  // the tier tests a primitive type inline before calling the general check: each type gets
  // values of its own and of every other kind
  const defun = (type: string) => `(defun f:${type} (x:${type}) x)`;
  const values: [string, string][] = [
    ['1', 'integer'], ['9007199254740993', 'integer'], ['1.0', 'decimal'], ['1.5', 'decimal'], ['"1"', 'string'],
    ['true', 'bool'], ['[1]', 'list'], ['{"a": 1}', 'object'], ['(time "2024-01-01T00:00:00Z")', 'time'],
  ];
  const cases: [string, string, string][] = [];
  for (const type of ['string', 'integer', 'decimal', 'bool']) {
    for (const [arg, kind] of values) cases.push([type, arg, kind === type ? arg : '']);
  }
  for (const [type, arg, want] of cases) {
    const source = `(module m G (defcap G () true) ${defun(type)}) (m.f ${arg})`;
    const interpreted = outcome(source, 'off');
    assert.is(outcome(source, 'always'), interpreted, `${type} ${arg}`);
    if (want !== '') assert.is(interpreted, want, `${type} ${arg}`);
    else assert.ok(interpreted.startsWith('error: '), `${type} ${arg}: ${interpreted}`);
  }
  // a result of the wrong type, from a parameter of another: the return check refuses it
  const wrongResult = `(module m G (defcap G () true) (defun f:string (x:integer) x)) (m.f 1)`;
  assert.is(outcome(wrongResult, 'always'), outcome(wrongResult, 'off'));
  assert.ok(outcome(wrongResult, 'off').startsWith('error: '));
});

test.run();
