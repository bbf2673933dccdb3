// Boundary tables for the VM's operand-taking and fused opcodes: every comparison through every
// instruction shape (plain, compare-and-branch, compare-with-immediate, metered, non-integer)
// with the left side below, equal to and above the right; immediates at the small-integer edges.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { disassemble } from '../../vm/disassemble.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { evalLast, errorOf } from '../helpers.js';

type Cmp = '<' | '>' | '<=' | '>=' | '=';
/** What each comparison answers when the left side is below, equal to, above the right. */
const TRUTH: Record<Cmp, [boolean, boolean, boolean]> = {
  '<': [true, false, false],
  '>': [false, false, true],
  '<=': [true, true, false],
  '>=': [false, true, true],
  '=': [false, true, false],
};
const CMPS = Object.keys(TRUTH) as Cmp[];
const SIDES = ['below', 'equal', 'above'] as const;

/** Operand pairs (left, right) for below / equal / above, as Pact source, per kind of number. */
const OPERANDS: Record<string, [string, string][]> = {
  'small integers': [['1', '2'], ['2', '2'], ['3', '2']],
  'negative integers': [['-3', '-2'], ['-2', '-2'], ['-1', '-2']],
  'integers at 2^53': [['9007199254740991', '9007199254740992'], ['9007199254740992', '9007199254740992'], ['9007199254740993', '9007199254740992']],
  'decimals': [['1.9', '2.0'], ['2.0', '2.0'], ['2.1', '2.0']],
  'strings': [['"a"', '"b"'], ['"b"', '"b"'], ['"c"', '"b"']],
};

const yesNo = (b: boolean) => (b ? '"yes"' : '"no"');
const run = (src: string) => evalLast(src);
const metered = (src: string) => evalLast(`(env-gasmodel "table") (env-gaslimit 1000000) ${src}`);
const code = (src: string) => disassemble(compileExpression(read(new SourceFile('t.repl', src))[0], new ReplSession()));

test('each instruction shape is the one the table means to exercise', () => {
  assert.match(code('(let ((a 1) (b 2)) (<= a b))'), /\bLE\b/);
  assert.match(code('(let ((a 1) (b 2)) (if (<= a b) 1 2))'), /JUMP_UNLESS_CMP\s+2 /);
  assert.match(code('(let ((a 1)) (if (<= a 2) 1 2))'), /JUMP_UNLESS_CMP_IMM\s+2 2 /);
  assert.match(code('(if (<= 2 2) 1 2)'), /JUMP_UNLESS_CMP_IMM\s+2 2 /);
  assert.match(code('(let ((a 1)) (+ a 2))'), /ADD_IMM\s+2/);
  assert.match(code('(let ((a 1)) (- a 2))'), /SUB_IMM\s+2/);
});

for (const cmp of CMPS) {
  test(`${cmp}: below, equal and above through every instruction shape`, () => {
    for (const [kind, rows] of Object.entries(OPERANDS)) {
      rows.forEach(([a, b], i) => {
        const want = TRUTH[cmp][i];
        const where = `${cmp} ${kind} ${SIDES[i]}`;
        // the plain opcode (LT/GT/LE/GE/EQ)
        assert.is(run(`(let ((a ${a}) (b ${b})) (${cmp} a b))`), String(want), `${where}: opcode`);
        // the native called as a function value (the general path)
        assert.is(run(`(let ((f ${cmp})) (f ${a} ${b}))`), String(want), `${where}: native`);
        // compare-and-branch on two values
        assert.is(run(`(let ((a ${a}) (b ${b})) (if (${cmp} a b) "yes" "no"))`), yesNo(want), `${where}: JUMP_UNLESS_CMP`);
        // compare-with-constant and branch (the constant is an immediate for small integers)
        assert.is(run(`(let ((a ${a})) (if (${cmp} a ${b}) "yes" "no"))`), yesNo(want), `${where}: JUMP_UNLESS_CMP_IMM`);
        assert.is(run(`(if (${cmp} ${a} ${b}) "yes" "no")`), yesNo(want), `${where}: literals`);
        // metered: the fast paths step aside for the charged native
        assert.is(metered(`(if (${cmp} ${a} ${b}) "yes" "no")`), yesNo(want), `${where}: metered branch`);
        assert.is(metered(`(let ((a ${a}) (b ${b})) (if (${cmp} a b) "yes" "no"))`), yesNo(want), `${where}: metered two values`);
        assert.is(metered(`(let ((a ${a}) (b ${b})) (${cmp} a b))`), String(want), `${where}: metered opcode`);
      });
    }
  });
}

test('a fused compare-and-branch inside an argument list leaves the stack exactly as it found it', () => {
  for (const cmp of CMPS) {
    OPERANDS['small integers'].forEach(([a, b], i) => {
      const yes = TRUTH[cmp][i] ? 1 : 2;
      assert.is(run(`(let ((a ${a}) (b ${b})) [0 (+ 100 (if (${cmp} a b) 1 2)) 9])`), `[0 ${100 + yes} 9]`, `${cmp} two values`);
      assert.is(run(`(let ((a ${a})) [0 (+ 100 (if (${cmp} a ${b}) 1 2)) 9])`), `[0 ${100 + yes} 9]`, `${cmp} immediate`);
      assert.is(run(`(let ((a ${a}) (b ${b})) [0 (- 100 (if (${cmp} a b) 2 1)) 9])`), `[0 ${100 - (3 - yes)} 9]`, `${cmp} sub`);
    });
  }
});

test('metered or on decimals, the slow path of every compare shape leaves the stack as it found it', () => {
  for (const cmp of CMPS) {
    for (const [kind, run1] of [['metered', metered], ['decimals', run]] as const) {
      const rows = kind === 'metered' ? OPERANDS['small integers'] : OPERANDS.decimals;
      rows.forEach(([a, b], i) => {
        const want = TRUTH[cmp][i];
        const yes = want ? 1 : 2;
        const where = `${cmp} ${kind} ${SIDES[i]}`;
        assert.is(run1(`(let ((a ${a}) (b ${b})) [0 (+ 100 (if (${cmp} a b) 1 2)) 9])`), `[0 ${100 + yes} 9]`, `${where} two values`);
        assert.is(run1(`(let ((a ${a})) [0 (+ 100 (if (${cmp} a ${b}) 1 2)) 9])`), `[0 ${100 + yes} 9]`, `${where} constant`);
        assert.is(run1(`(let ((a ${a}) (b ${b})) [0 (${cmp} a b) 9])`), `[0 ${want} 9]`, `${where} opcode`);
      });
    }
  }
});

test('metered, every compare shape charges the native and the integer comparison', () => {
  const gasOf = (src: string) => evalLast(`(env-gasmodel "table") (env-gaslimit 1000000) ${src} (env-milligas)`);
  for (const cmp of CMPS) {
    for (const [a, b] of OPERANDS['small integers']) {
      assert.is(gasOf(`(let ((a ${a}) (b ${b})) (${cmp} a b))`), String(100 + 164), `${cmp} opcode`);
      assert.is(gasOf(`(let ((a ${a}) (b ${b})) (if (${cmp} a b) 1 2))`), String(100 + 164), `${cmp} two values`);
      assert.is(gasOf(`(let ((a ${a})) (if (${cmp} a ${b}) 1 2))`), String(100 + 164), `${cmp} immediate`);
    }
  }
  for (const op of ['+', '-']) {
    assert.is(gasOf(`(let ((a 5)) (${op} a 1))`), String(100 + 30), `${op} immediate`);
    assert.is(gasOf(`(let ((a 5) (b 1)) (${op} a b))`), String(100 + 30), `${op} two values`);
  }
  assert.is(gasOf('(let ((a "x") (b "y")) (+ a b))'), String(100 + 200));
});

test('the issue\'s example: (if (<= 2 2) "yes" "no") is "yes"', () => {
  assert.is(run('(if (<= 2 2) "yes" "no")'), '"yes"');
  assert.is(run('(if (>= 2 2) "yes" "no")'), '"yes"');
  assert.is(run('(if (< 2 2) "yes" "no")'), '"no"');
  assert.is(run('(if (> 2 2) "yes" "no")'), '"no"');
});

test('compare-with-immediate at the edges of the small-integer range', () => {
  for (const k of [-2147483648, 2147483647]) {
    for (const cmp of CMPS) {
      [k - 1, k, k + 1].forEach((a, i) => {
        assert.is(run(`(let ((a ${a})) (if (${cmp} a ${k}) "yes" "no"))`), yesNo(TRUTH[cmp][i]), `${a} ${cmp} ${k}`);
      });
    }
  }
  // just outside the range the constant is not an immediate, and still compares exactly
  assert.not.match(code('(let ((a 1)) (if (< a 2147483648) 1 2))'), /JUMP_UNLESS_CMP_IMM/);
  assert.is(run('(let ((a 2147483648)) (if (= a 2147483648) "yes" "no"))'), '"yes"');
  assert.is(run('(let ((a 2147483647)) (if (< a 2147483648) "yes" "no"))'), '"yes"');
});

test('compare-with-immediate rejects a non-number on the left with the native\'s type error', () => {
  for (const cmp of CMPS.filter(c => c !== '=')) {
    assert.is(errorOf(`(let ((a "x")) (if (${cmp} a 2) 1 2))`),
      `Type error: failed to call native function ${cmp} with argument(s) of type(s): string, integer`);
  }
  assert.is(run('(let ((a "x")) (if (= a 2) "yes" "no"))'), '"no"');
});

test('compare-and-branch on two values rejects a number against a non-number, either side', () => {
  for (const cmp of CMPS.filter(c => c !== '=')) {
    assert.is(errorOf(`(let ((a "x") (b 2)) (if (${cmp} a b) 1 2))`),
      `Type error: failed to call native function ${cmp} with argument(s) of type(s): string, integer`);
    assert.is(errorOf(`(let ((a 2) (b "x")) (if (${cmp} a b) 1 2))`),
      `Type error: failed to call native function ${cmp} with argument(s) of type(s): integer, string`);
    assert.is(errorOf(`(let ((a 2) (b 1.5)) (if (${cmp} a b) 1 2))`),
      `Type error: failed to call native function ${cmp} with argument(s) of type(s): integer, decimal`);
  }
  assert.is(run('(let ((a "x") (b 2)) (if (= a b) "yes" "no"))'), '"no"');
});

test('ADD_IMM and SUB_IMM: results below, at and past the exact-double edge', () => {
  const rows: [string, string][] = [
    ['(let ((a 9007199254740989)) (+ a 1))', '9007199254740990'],
    ['(let ((a 9007199254740990)) (+ a 1))', '9007199254740991'],
    ['(let ((a 9007199254740991)) (+ a 1))', '9007199254740992'],
    ['(let ((a 9007199254740991)) (+ a 2))', '9007199254740993'],
    ['(let ((a -9007199254740990)) (- a 1))', '-9007199254740991'],
    ['(let ((a -9007199254740991)) (- a 1))', '-9007199254740992'],
    ['(let ((a -9007199254740991)) (- a 2))', '-9007199254740993'],
    ['(let ((a 1)) (- a 1))', '0'],
    ['(let ((a 1)) (- a 2))', '-1'],
    ['(let ((a -1)) (+ a 1))', '0'],
    ['(let ((a 2)) (+ a -3))', '-1'],
    ['(let ((a 2)) (- a -3))', '5'],
    ['(let ((a 1.5)) (+ a 1))', '2.5'],
    ['(let ((a 1.5)) (- a 1))', '0.5'],
    ['(let ((a "s")) (+ a "t"))', '"st"'],
  ];
  for (const [src, want] of rows) {
    assert.is(run(src), want, src);
    assert.is(metered(src), want, `metered ${src}`);
  }
  assert.is(errorOf('(let ((a "s")) (+ a 1))'), 'Type error: failed to call native function + with argument(s) of type(s): string, integer');
  assert.is(errorOf('(let ((a "s")) (- a 1))'), 'Type error: failed to call native function - with argument(s) of type(s): string, integer');
});

test('ADD and SUB on two values: results below, at and past the exact-double edge', () => {
  const rows: [string, string][] = [
    ['(let ((a 9007199254740990) (b 1)) (+ a b))', '9007199254740991'],
    ['(let ((a 9007199254740991) (b 1)) (+ a b))', '9007199254740992'],
    ['(let ((a -9007199254740990) (b 1)) (- a b))', '-9007199254740991'],
    ['(let ((a -9007199254740991) (b 1)) (- a b))', '-9007199254740992'],
    // past the edge by two: a double would round these to ±2^53, the exact integer does not
    ['(let ((a 9007199254740991) (b 2)) (+ a b))', '9007199254740993'],
    ['(let ((a -9007199254740991) (b -2)) (+ a b))', '-9007199254740993'],
    ['(let ((a -9007199254740991) (b 2)) (- a b))', '-9007199254740993'],
    ['(let ((a 9007199254740991) (b -2)) (- a b))', '9007199254740993'],
    ['(let ((a 3) (b 3)) (- a b))', '0'],
    ['(let ((a "x") (b "y")) (+ a b))', '"xy"'],
    ['(let ((a [1]) (b [2])) (+ a b))', '[1 2]'],
  ];
  for (const [src, want] of rows) {
    assert.is(run(src), want, src);
    assert.is(metered(src), want, `metered ${src}`);
  }
});

test('SMALLINT and CONST: integer literals either side of the 32-bit operand edge', () => {
  for (const v of ['-2147483649', '-2147483648', '-2147483647', '2147483646', '2147483647', '2147483648', '0', '-0']) {
    assert.is(run(v), v === '-0' ? '0' : v, v);
  }
  assert.match(code('2147483647'), /SMALLINT\s+2147483647/);
  assert.match(code('2147483648'), /CONST\s+0/);
  assert.match(code('-2147483648'), /SMALLINT\s+-2147483648/);
  assert.match(code('-2147483649'), /CONST\s+0/);
});

test('CALL: a lambda given fewer, exactly and more arguments than it takes', () => {
  const f = '(let ((f (lambda (a b) (+ a b))))';
  // a partial closure completes only inside a native's callback (Pact's CannotApplyPartialClosure)
  assert.is(run(`(let ((f (lambda (a b c) (+ a (+ b c))))) (fold (f 1) 0 [2]))`), '3');
  assert.is(errorOf(`${f} ((f 1) 2))`), 'Attempted to apply a closure outside of native callsite');
  assert.is(run(`${f} (f 1 2))`), '3');
  assert.is(errorOf(`${f} (f 1 2 3))`), 'Attempted to apply a closure to too many arguments');
  assert.is(run('(let ((f (lambda () 7))) (f))'), '7');
});

test('CALL_NATIVE: a native given fewer, exactly and more arguments than it takes', () => {
  assert.is(run('(map (take 1) [[1 2] [3 4]])'), '[[1] [3]]');
  assert.is(run('(take 1 [1 2])'), '[1]');
  assert.is(errorOf('(take 1 [1 2] 3)'), 'Attempted to apply a closure to too many arguments');
});

test('LIST and OBJECT: zero, one and several elements', () => {
  assert.is(run('[]'), '[]');
  assert.is(run('[1]'), '[1]');
  assert.is(run('(let ((a 1)) [a a a])'), '[1 1 1]');
  assert.is(run('{}'), '{}');
  assert.is(run('(let ((a 1)) {"x": a})'), '{"x": 1}');
  assert.is(run('(let ((a 1) (b 2)) {"x": a, "y": b})'), '{"x": 1,"y": 2}');
  // a repeated key: the later value wins
  assert.is(run('(let ((a 1) (b 2)) {"x": a, "x": b})'), '{"x": 2}');
});

test('JUMP_IF_FALSE_OR_POP / JUMP_IF_TRUE_OR_POP: and/or over every pair of booleans', () => {
  for (const a of [true, false]) {
    for (const b of [true, false]) {
      assert.is(run(`(let ((a ${a}) (b ${b})) (and a b))`), String(a && b), `and ${a} ${b}`);
      assert.is(run(`(let ((a ${a}) (b ${b})) (or a b))`), String(a || b), `or ${a} ${b}`);
      assert.is(run(`(let ((a ${a}) (b ${b})) (if (and a b) "yes" "no"))`), yesNo(a && b));
      assert.is(run(`(let ((a ${a}) (b ${b})) (if (or a b) "yes" "no"))`), yesNo(a || b));
    }
  }
  // short circuit: the right side is not evaluated once the left side decides
  assert.is(run('(and false (enforce false "right side ran"))'), 'false');
  assert.is(run('(or true (enforce false "right side ran"))'), 'true');
});

test('ENFORCE_TEST and ENFORCE_ONE_TEST: true passes, false fails with the message', () => {
  assert.is(run('(let ((a 2)) (enforce (<= a 2) "too big"))'), 'true');
  assert.is(errorOf('(let ((a 3)) (enforce (<= a 2) "too big"))'), 'too big');
  assert.is(run('(enforce-one "none" [(enforce false "a") (enforce (= 2 2) "b")])'), 'true');
  assert.is(errorOf('(enforce-one "none" [(enforce false "a") (enforce (= 2 3) "b")])'), 'none');
});

test('TYPECHECK_LOCAL and TYPECHECK_RESULT: the declared type matches or it does not', () => {
  assert.is(run('(let ((a:integer 1)) a)'), '1');
  assert.is(errorOf('(let ((a:integer "x")) a)'), 'Runtime typecheck failure, argument is string , but expected type integer');
  assert.is(run('(defun f:integer (x:integer) x) (f 1)'), '1');
  assert.is(errorOf('(defun h:integer (x:string) x) (h "s")'), 'Runtime typecheck failure, argument is string , but expected type integer');
  assert.is(errorOf('(defun g:integer (x:integer) x) (g "s")'), 'Runtime typecheck failure, argument is string , but expected type integer');
});

test.run();
