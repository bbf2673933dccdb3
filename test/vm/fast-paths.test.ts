// The fused fast paths of vm/machine.ts (ADD, SUB, the comparisons, their immediate and
// compare-and-branch forms) against the general path, the native called as a function value:
// the same value or error for every kind of operand, and when metered the same gas to the milligas.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

const METER = '(env-gasmodel "table") (env-gaslimit 10000000)';

/** The rendered value of `src`, or its error message; metered: followed by the milligas spent. */
function outcome(src: string, metered: boolean): string {
  const r = runRepl(metered ? `${METER} ${src} (env-milligas)` : src);
  if (r.error) return `error: ${r.error.message}`;
  const t = r.traces;
  return metered ? `${t[t.length - 2]} @ ${t[t.length - 1]}mG` : t[t.length - 1];
}

const BIG = '(^ 2 60)';
/** Operand pairs: every kind the fast paths take or must step aside for. */
const PAIRS: [string, string][] = [
  ['1', '2'], ['2', '2'], ['3', '2'], ['-3', '-2'], ['0', '0'], ['-2', '2'],
  ['9007199254740991', '1'], ['9007199254740991', '2'], ['-9007199254740991', '1'], ['-9007199254740991', '2'],
  ['9007199254740992', '9007199254740992'], ['9007199254740993', '9007199254740992'],
  [BIG, '2'], ['2', BIG], [BIG, BIG],
  ['1.5', '2.0'], ['2.0', '2.0'], ['1.5', '2'], ['2', '1.5'],
  ['"a"', '"b"'], ['"b"', '"b"'], ['"a"', '2'], ['2', '"a"'],
  ['true', 'true'], ['[1]', '[1]'], ['{"a": 1}', '{"a": 1}'],
];
const ARITH = ['+', '-'];
const COMPARE = ['<', '>', '<=', '>=', '='];
/** The immediates the compiler fuses into ADD_IMM/SUB_IMM and JUMP_UNLESS_CMP_IMM. */
const IMMEDIATES = ['2', '0', '-2', '2147483647', '-2147483648'];

for (const metered of [false, true]) {
  const mode = metered ? 'metered' : 'unmetered';

  test(`${mode}: ADD and SUB give what the native gives, for every kind of operand`, () => {
    for (const op of ARITH) {
      for (const [a, b] of PAIRS) {
        const native = outcome(`(let ((a ${a}) (b ${b}) (f ${op})) (f a b))`, metered);
        assert.is(outcome(`(let ((a ${a}) (b ${b})) (${op} a b))`, metered), native, `(${op} ${a} ${b})`);
      }
      for (const [a] of PAIRS) {
        for (const k of IMMEDIATES) {
          const native = outcome(`(let ((a ${a}) (f ${op})) (f a ${k}))`, metered);
          assert.is(outcome(`(let ((a ${a})) (${op} a ${k}))`, metered), native, `(${op} ${a} ${k}): immediate`);
        }
      }
    }
  });

  test(`${mode}: every comparison, plain and fused with its branch, gives what the native gives`, () => {
    for (const op of COMPARE) {
      for (const [a, b] of PAIRS) {
        const native = outcome(`(let ((a ${a}) (b ${b}) (f ${op})) (f a b))`, metered);
        assert.is(outcome(`(let ((a ${a}) (b ${b})) (${op} a b))`, metered), native, `(${op} ${a} ${b})`);
        const branch = outcome(`(let ((a ${a}) (b ${b}) (f ${op})) (if (f a b) "yes" "no"))`, metered);
        assert.is(outcome(`(let ((a ${a}) (b ${b})) (if (${op} a b) "yes" "no"))`, metered), branch, `(if (${op} ${a} ${b}))`);
      }
      for (const [a] of PAIRS) {
        for (const k of IMMEDIATES) {
          const branch = outcome(`(let ((a ${a}) (f ${op})) (if (f a ${k}) "yes" "no"))`, metered);
          assert.is(outcome(`(let ((a ${a})) (if (${op} a ${k}) "yes" "no"))`, metered), branch, `(if (${op} ${a} ${k})): immediate`);
        }
      }
    }
  });
}

test('the native paths these tables compare with: exact values, errors and gas', () => {
  assert.is(outcome('(let ((a 9007199254740991) (b 2)) (+ a b))', true), '9007199254740993 @ 130mG');
  assert.is(outcome('(let ((a -9007199254740991) (b 2)) (- a b))', false), '-9007199254740993');
  assert.is(outcome('(let ((a 3) (b 2)) (- a b))', true), '1 @ 130mG');
  assert.is(outcome('(let ((a 1) (b 2)) (< a b))', true), 'true @ 264mG');
  assert.is(outcome('(let ((a 1) (b 2)) (if (<= a b) "yes" "no"))', true), '"yes" @ 264mG');
  assert.is(outcome('(let ((a 1)) (if (= a 2) "yes" "no"))', true), '"no" @ 264mG');
  assert.is(outcome('(let ((a 2) (b 1.5)) (< a b))', false), 'error: Type error: failed to call native function < with argument(s) of type(s): integer, decimal');
  assert.is(outcome('(let ((a "a") (b 2)) (+ a b))', false), 'error: Type error: failed to call native function + with argument(s) of type(s): string, integer');
  assert.is(outcome('(let ((a 2) (b "a")) (if (> a b) 1 2))', false), 'error: Type error: failed to call native function > with argument(s) of type(s): integer, string');
  assert.is(outcome(`(let ((a 2)) (+ a ${BIG}))`, false), '1152921504606846978');
});

test('the fast paths read their own operands, not the numbers a finished list literal left above the stack top', () => {
  const stale = '(+ 0 (length [90 91 92 93 94 95 96 97]))';
  assert.is(outcome(`(let ((a 5) (b 6)) ${stale} [(< a b) (> a b) (<= a b) (>= a b) (= a b) (- a b) (+ a b)])`, false),
    '[true false true false false -1 11]');
  assert.is(outcome(`(let ((a 5) (b 6)) ${stale} [(if (< a b) 1 0) (if (> a b) 1 0) (if (<= a b) 1 0) (if (>= a b) 1 0) (if (= a b) 1 0)])`, false),
    '[1 0 1 0 0]');
  assert.is(outcome(`(let ((a 6) (b 5)) ${stale} [(< a b) (> a b) (<= a b) (>= a b) (= a b) (- a b) (+ a b) (if (> a b) 1 0)])`, false),
    '[false true false true false 1 11 1]');
});

test.run();
