// The machine: opcode table, disassembly, calls, closures, deep recursion, try.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OPCODES, OPCODE_COUNT } from '../../vm/opcodes.js';
import { disassemble } from '../../vm/disassemble.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { evalLast, errorOf } from '../helpers.js';

test('the opcode table numbers opcodes 0..N-1 with unique names', () => {
  const names = Object.values(OPCODES).map(o => o.name);
  assert.is(new Set(names).size, OPCODE_COUNT);
  assert.equal(Object.keys(OPCODES).map(Number), [...Array(OPCODE_COUNT).keys()]);
});

test('the disassembler shows each instruction from the table', () => {
  const proto = compileExpression(read(new SourceFile('t.repl', '(if (< 1 2) "yes" (+ 1 2))'))[0], new ReplSession());
  const text = disassemble(proto);
  assert.match(text, /SMALLINT\s+1/);
  assert.match(text, /JUMP_UNLESS_CMP_IMM\s+0 2 \d+/); // (if (< 1 2) ...): compare with a constant and branch
  assert.match(text, /CONST\s+0\s+; "yes"/);
  assert.match(text, /ADD/);
  assert.match(text, /RETURN/);
  const twoValues = disassemble(compileExpression(read(new SourceFile('t.repl', '(let ((x 1)) (if (< x x) 1 2))'))[0], new ReplSession()));
  assert.match(twoValues, /JUMP_UNLESS_CMP\s+0 \d+/);
  assert.match(disassemble(compileExpression(read(new SourceFile('t.repl', '(let ((n 5)) (- n 1))'))[0], new ReplSession())), /SUB_IMM\s+1/);
  const plain = disassemble(compileExpression(read(new SourceFile('t.repl', '(if (and (< 1 2) true) 1 2)'))[0], new ReplSession()));
  assert.match(plain, /LT\s/);
  assert.match(plain, /JUMP_IF_FALSE\s+\d+/);
});

test('fused compare-and-branch falls back to the native for non-numbers and when metered', () => {
  assert.is(evalLast('(if (< "a" "b") 1 2)'), '1');
  assert.is(evalLast('(if (= [1] [1]) 1 2)'), '1');
  assert.is(evalLast('(env-gasmodel "table") (env-gaslimit 10) (if (< 1 2) (env-milligas) 0)'), '264');
  assert.is(errorOf('(if (< 1 "a") 1 2)'), 'Type error: failed to call native function < with argument(s) of type(s): integer, string');
  assert.is(errorOf('(if (< "a" 1) 1 2)'), 'Type error: failed to call native function < with argument(s) of type(s): string, integer');
  assert.is(evalLast('(if (< 1.5 2.0) 1 2)'), '1');
  assert.is(evalLast('(- 2.5 1)'), '1.5');
  assert.is(evalLast('(+ 9007199254740991 1)'), '9007199254740992');
  assert.is(errorOf('(- "a" 1)'), 'Type error: failed to call native function - with argument(s) of type(s): string, integer');
});

test('closures capture let-bound and outer lambda variables', () => {
  assert.is(evalLast('(let ((a 10)) (let ((f (lambda (x) (lambda (y) (+ a (+ x y)))))) ((f 1) 2)))'), '13');
});

test('recursion through self-application goes 100k deep without growing the JS stack', () => {
  const src = '(let ((count (lambda (self n acc) (if (= n 0) acc (self self (- n 1) (+ acc 1)))))) (count count 100000 0))';
  assert.is(evalLast(src), '100000');
  // not in tail position: frames live on the machine's own stack
  const deep = '(let ((sum (lambda (self n) (if (= n 0) 0 (+ n (self self (- n 1))))))) (sum sum 50000))';
  assert.is(evalLast(deep), '1250025000');
});

test('recursive fib through self-application', () => {
  assert.is(evalLast('(let ((fib (lambda (f n) (if (< n 2) n (+ (f f (- n 1)) (f f (- n 2))))))) (fib fib 20))'), '6765');
});

test('partial application of lambdas, defuns and natives', () => {
  assert.is(evalLast('(let ((add (lambda (a b) (+ a b)))) (map (add 1) [1 2 3]))'), '[2 3 4]');
  assert.is(evalLast('(defun add3 (a b c) (+ a (+ b c))) (let ((p (add3 1 2))) (map p [3]))'), '[6]');
  assert.is(evalLast('(let ((inc (+ 1))) (map inc [41]))'), '[42]');
  // outside a native, Pact refuses to apply a partial closure (CannotApplyPartialClosure)
  assert.is(errorOf('(defun add3 (a b c) (+ a (+ b c))) (let ((p (add3 1))) ((p 2) 3))'), 'Attempted to apply a closure outside of native callsite');
  assert.is(errorOf('(let ((inc (+ 1))) (inc 41))'), 'Attempted to apply a closure outside of native callsite');
});

test('integers overflow into BigInt exactly', () => {
  assert.is(evalLast('(+ 9007199254740991 1)'), '9007199254740992');
  assert.is(evalLast('(* 9007199254740991 9007199254740991)'), '81129638414606663681390495662081');
  assert.is(evalLast('(- (* 9007199254740991 9007199254740991) 81129638414606663681390495662080)'), '1');
});

test('try recovers from enforce failures but not from execution errors', () => {
  assert.is(evalLast('(try "fallback" (enforce false "no"))'), '"fallback"');
  assert.is(evalLast('(try 0 (+ 1 2))'), '3');
  assert.is(errorOf('(try 0 (/ 1 0))'), 'Arithmetic exception: div by zero');
  assert.is(evalLast('(try 1 (try 2 (enforce false "inner")))'), '2');
});

test('enforce-one succeeds at the first condition that holds', () => {
  assert.is(evalLast('(enforce-one "none" [(enforce false "a") (= 1 1)])'), 'true');
  assert.is(errorOf('(enforce-one "none held" [(enforce false "a") false])'), 'none held');
  assert.is(errorOf('(enforce-one "empty" [])'), 'empty');
});

test('and/or short-circuit and check their operands are booleans', () => {
  assert.is(evalLast('(and false (enforce false "not evaluated"))'), 'false');
  assert.is(evalLast('(or true (enforce false "not evaluated"))'), 'true');
  assert.is(errorOf('(and true 1)'), 'expected bool value, got 1');
  assert.is(errorOf('(if 1 2 3)'), 'expected bool value, got 1');
});

test('enforce: the message is lazy and must be a string', () => {
  assert.is(evalLast('(enforce true (+ "never" 1))'), 'true');
  assert.is(errorOf('(enforce false 1)'), 'expected string value, got: 1');
});

test('a partial application in a non-final position is an error', () => {
  assert.is(errorOf('(do (+ 1) 1)'), 'Incorrect number of arguments (1) for native function + supplied; expected (2)');
  assert.is(errorOf('(do ((lambda (x y z) x) 1) 1)'), 'Incorrect number of arguments (1) for lambda supplied; expected (3)');
});

test('typed defun arguments and results are checked at run time', () => {
  assert.is(errorOf('(defun f:integer (x:integer) x) (f "a")'),
    'Runtime typecheck failure, argument is string , but expected type integer');
  assert.is(errorOf('(defun g:string (x) x) (g 1)'),
    'Runtime typecheck failure, argument is integer , but expected type string');
  assert.is(errorOf('(defun h (x:[integer]) x) (h [1 "a"])'),
    'Runtime typecheck failure, argument is list , but expected type list integer');
});

test('a closure at top level does not reduce to a value', () => {
  assert.is(errorOf('(lambda (x) x)'), 'Program encountered an unhandled raised error: Evaluation did not reduce to a value');
});

test.run();
