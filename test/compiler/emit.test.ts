// The bytecode the emitter writes for each IR node, as exact listings: which instruction each form
// becomes (the fused fast paths included), its operands, and where every jump lands.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, read, compileExpression, compileModule, compileReplDefinition, type ModuleForm, type NameEnv } from '../../compiler/index.js';
import { disassemble } from '../../vm/disassemble.js';
import { GlobalCell } from '../../vm/chunk.js';
import { ProbeKind, type ProbeMap } from '../../vm/coverage.js';
import { ReplSession } from '../../runtime/repl/session.js';

/** The listing of a top-level expression, without the header line and the padding. */
function listing(src: string): string[] {
  return body(disassemble(compileExpression(read(new SourceFile('t.repl', src))[0], new ReplSession())));
}
const body = (text: string) => text.split('\n').map(l => l.trim().replace(/\s+/g, ' '));

test('integer literals that fit 32 bits are immediates; others, and every other literal, share pooled constants', () => {
  assert.equal(listing('[2147483647 2147483648 -2147483648 -2147483649 1 1 "s" "s"]'), [
    '== <toplevel> (toplevel, arity 0, locals 0, captures 0)',
    '0 CHARGE_CONCAT 0 8',
    '3 SMALLINT 2147483647',
    '5 CONST 0 ; 2147483648',
    '7 SMALLINT -2147483648',
    '9 CONST 1 ; -2147483649',
    '11 SMALLINT 1',
    '13 SMALLINT 1',
    '15 CONST 2 ; "s"',
    '17 CONST 2 ; "s"',
    '19 LIST 8',
    '21 RETURN',
  ]);
});

test('+ and - with a small constant on the right take it as an operand; other two-argument natives have opcodes or CALL_NATIVE', () => {
  assert.equal(listing('(let ((a 1)) [(+ a 1) (- a 2) (+ 1 a) (* a 3) (+ a 2147483648) (- a -1)])'), [
    '== <toplevel> (toplevel, arity 0, locals 1, captures 0)',
    '0 SMALLINT 1',
    '2 SET_LOCAL 0',
    '4 CHARGE_CONCAT 0 6',
    '7 LOCAL 0',
    '9 ADD_IMM 1',
    '11 LOCAL 0',
    '13 SUB_IMM 2',
    '15 SMALLINT 1',
    '17 LOCAL 0',
    '19 ADD',
    '20 LOCAL 0',
    '22 SMALLINT 3',
    '24 CALL_NATIVE 3 2 ; *',
    '27 LOCAL 0',
    '29 CONST 0 ; 2147483648',
    '31 ADD',
    '32 LOCAL 0',
    '34 SUB_IMM -1',
    '36 LIST 6',
    '38 RETURN',
  ]);
});

test('a native with another arity is applied as a value; a native in argument position is a NATIVE value', () => {
  assert.equal(listing('(let ((g +)) [(g 1 2) (+ g 1 2)])'), [
    '== <toplevel> (toplevel, arity 0, locals 1, captures 0)',
    '0 NATIVE 0 ; +',
    '2 SET_LOCAL 0',
    '4 CHARGE_CONCAT 0 2',
    '7 LOCAL 0',
    '9 SMALLINT 1',
    '11 SMALLINT 2',
    '13 CALL 2',
    '15 NATIVE 0 ; +',
    '17 LOCAL 0',
    '19 SMALLINT 1',
    '21 SMALLINT 2',
    '23 CALL 3',
    '25 LIST 2',
    '27 RETURN',
  ]);
});

test('if: compare with a small constant, compare two values, or test any condition; both arms jump to the end', () => {
  assert.equal(listing('(if (< 1 2) 3 4)'), [
    '== <toplevel> (toplevel, arity 0, locals 0, captures 0)',
    '0 SMALLINT 1',
    '2 JUMP_UNLESS_CMP_IMM 0 2 10',
    '6 SMALLINT 3',
    '8 JUMP 12',
    '10 SMALLINT 4',
    '12 RETURN',
  ]);
  assert.equal(listing('(let ((a 1) (b 2)) (if (= a b) 1 (if true 2 3)))'), [
    '== <toplevel> (toplevel, arity 0, locals 2, captures 0)',
    '0 SMALLINT 1',
    '2 SET_LOCAL 0',
    '4 SMALLINT 2',
    '6 SET_LOCAL 1',
    '8 LOCAL 0',
    '10 LOCAL 1',
    '12 JUMP_UNLESS_CMP 4 19',
    '15 SMALLINT 1',
    '17 JUMP 29',
    '19 CONST 0 ; true',
    '21 JUMP_IF_FALSE 27',
    '23 SMALLINT 2',
    '25 JUMP 29',
    '27 SMALLINT 3',
    '29 RETURN',
  ]);
  // a constant too large for an operand, or one on the left, is compared as a second value
  assert.equal(listing('(let ((a 1)) [(if (< a 2147483648) 1 2) (if (>= 1 a) a 0)])').slice(4), [
    '7 LOCAL 0',
    '9 CONST 0 ; 2147483648',
    '11 JUMP_UNLESS_CMP 0 18',
    '14 SMALLINT 1',
    '16 JUMP 20',
    '18 SMALLINT 2',
    '20 SMALLINT 1',
    '22 LOCAL 0',
    '24 JUMP_UNLESS_CMP 3 31',
    '27 LOCAL 0',
    '29 JUMP 33',
    '31 SMALLINT 0',
    '33 LIST 2',
    '35 RETURN',
  ]);
  // a decimal is compared with a small integer constant through the immediate too
  assert.equal(listing('(let ((x 1.5)) (if (<= x 2) x 0))').slice(3, 5), ['4 LOCAL 0', '6 JUMP_UNLESS_CMP_IMM 2 2 14']);
});

test('and/or jump over their right side keeping the left value; the right value is checked to be a bool', () => {
  assert.equal(listing('(let ((a 1)) (if (and (< a 2) (or (>= a 0) false)) "in" "out"))'), [
    '== <toplevel> (toplevel, arity 0, locals 1, captures 0)',
    '0 SMALLINT 1',
    '2 SET_LOCAL 0',
    '4 LOCAL 0',
    '6 SMALLINT 2',
    '8 LT',
    '9 JUMP_IF_FALSE_OR_POP 22',
    '11 LOCAL 0',
    '13 SMALLINT 0',
    '15 GE',
    '16 JUMP_IF_TRUE_OR_POP 21',
    '18 CONST 0 ; false',
    '20 CHECK_BOOL',
    '21 CHECK_BOOL',
    '22 JUMP_IF_FALSE 28',
    '24 CONST 1 ; "in"',
    '26 JUMP 30',
    '28 CONST 2 ; "out"',
    '30 RETURN',
  ]);
});

test('a call in tail position of a lambda or the top level is a TAIL_CALL; a sequence pops all but its last value', () => {
  assert.equal(listing('(let ((f (lambda (x) (x 1)))) (f (lambda (y) y)))'), [
    '== <toplevel> (toplevel, arity 0, locals 1, captures 0)',
    '0 CLOSURE 0 ; <fn lambda>',
    '2 SET_LOCAL 0',
    '4 LOCAL 0',
    '6 CLOSURE 1 ; <fn lambda>',
    '8 TAIL_CALL 1',
    '10 RETURN',
    '== lambda (lambda, arity 1, locals 1, captures 0)',
    '0 LOCAL 0',
    '2 SMALLINT 1',
    '4 TAIL_CALL 1',
    '6 RETURN',
    '== lambda (lambda, arity 1, locals 1, captures 0)',
    '0 LOCAL 0',
    '2 RETURN',
  ]);
  assert.equal(listing('(let ((x:integer 1)) (do x 2 ((lambda () 3))))').slice(0, 12), [
    '== <toplevel> (toplevel, arity 0, locals 1, captures 0)',
    '0 SMALLINT 1',
    '2 SET_LOCAL 0',
    '4 TYPECHECK_LOCAL 0 0',
    '7 LOCAL 0',
    '9 POP',
    '10 SMALLINT 2',
    '12 POP',
    '13 CLOSURE 1 ; <fn lambda>',
    '15 TAIL_CALL 0',
    '17 RETURN',
    '== lambda (lambda, arity 0, locals 0, captures 0)',
  ]);
  assert.equal(listing('(lambda (f) (do (f 1) (f 2)))').slice(3), ['== lambda (lambda, arity 1, locals 1, captures 0)', '0 LOCAL 0', '2 SMALLINT 1', '4 CALL 1', '6 POP', '7 LOCAL 0', '9 SMALLINT 2', '11 TAIL_CALL 1', '13 RETURN']);
});

test('enforce tests its condition read-only (operand 1: an enforce condition); enforce-one tries each condition in turn and raises its message after the last', () => {
  assert.equal(listing('(enforce-one "x" [false (enforce true "m")])'), [
    '== <toplevel> (toplevel, arity 0, locals 0, captures 0)',
    '0 CHARGE_CONCAT 2 0',
    '3 TRY_BEGIN 10',
    '5 CONST 0 ; false',
    '7 TRY_END',
    '8 ENFORCE_ONE_TEST 28',
    '10 TRY_BEGIN 25',
    '12 READ_ONLY_BEGIN 1',
    '14 CONST 1 ; true',
    '16 READ_ONLY_END',
    '17 ENFORCE_TEST 22',
    '19 CONST 2 ; "m"',
    '21 RAISE_USER',
    '22 TRY_END',
    '23 ENFORCE_ONE_TEST 28',
    '25 CONST 3 ; "x"',
    '27 RAISE_USER',
    '28 RETURN',
  ]);
  // no conditions: nothing to charge for, the message is raised at once
  assert.equal(listing('(enforce-one "x" [])'), ['== <toplevel> (toplevel, arity 0, locals 0, captures 0)', '0 CONST 0 ; "x"', '2 RAISE_USER', '3 RETURN']);
});

test('try runs its body in a handler and jumps over the fallback; pure brackets its body read-only (operand 0)', () => {
  assert.equal(listing('(try "no" (pure (error "e")))'), [
    '== <toplevel> (toplevel, arity 0, locals 0, captures 0)',
    '0 CHARGE_CONCAT 2 0',
    '3 TRY_BEGIN 14',
    '5 READ_ONLY_BEGIN 0',
    '7 CONST 0 ; "e"',
    '9 RAISE_USER',
    '10 READ_ONLY_END',
    '11 TRY_END',
    '12 JUMP 16',
    '14 CONST 1 ; "no"',
    '16 RETURN',
  ]);
});

test('an object literal keeps a repeated key and charges for every field', () => {
  assert.equal(listing('{"a": 1, "a": 2}'), [
    '== <toplevel> (toplevel, arity 0, locals 0, captures 0)',
    '0 CHARGE_CONCAT 1 2',
    '3 SMALLINT 1',
    '5 SMALLINT 2',
    '7 OBJECT 0 ; ["a" "a"]',
    '9 RETURN',
  ]);
});

test('a lambda captures what it names from outer functions, through each function in between', () => {
  const top = compileExpression(read(new SourceFile('t.repl', '(lambda (x) (let ((w 1)) (lambda (y) (lambda (z) [x y z w]))))'))[0], new ReplSession());
  const inner = (p: typeof top) => p.chunk.constants.find(c => c instanceof top.constructor) as typeof top;
  const outer = inner(top), middle = inner(outer), innermost = inner(middle);
  assert.equal([outer.nlocals, [...outer.captureFrom]], [2, []]);
  // x is slot 0 and w slot 1 of the outer lambda
  assert.equal([...middle.captureFrom], [0, 1]);
  // y is the middle lambda's slot 0; x and w are its captures 0 and 1 (encoded -1, -2)
  assert.equal([...innermost.captureFrom], [-1, 0, -2]);
  assert.equal(body(disassemble(innermost)).slice(2, 6), ['3 CAPTURE 0', '5 CAPTURE 1', '7 LOCAL 0', '9 CAPTURE 2']);
});

const env: NameEnv = {
  replNatives: true,
  lookupTopLevel: n => (n === 'g' ? new GlobalCell('g', 'defun', null) : undefined),
  lookupMember: () => undefined,
  lookupModRef: () => undefined,
};

test('a defun checks its arguments are values and its typed parameters on entry and its result before returning, and never tail-calls', () => {
  const d = compileReplDefinition(read(new SourceFile('t.repl', '(defun f:integer (a:integer b) (g a))'))[0] as ModuleForm, env);
  assert.equal(body(disassemble(d.proto)), [
    '== f (defun, arity 2, locals 2, captures 0)',
    '0 ENSURE_ARGS',
    '1 TYPECHECK_LOCAL 0 0',
    '4 GLOBAL 1 ; g',
    '6 LOCAL 0',
    '8 CALL 1',
    '10 ENSURE_VALUE',
    '11 TYPECHECK_RESULT 2',
    '13 RETURN',
  ]);
  assert.equal(d.proto.paramTypes, [{ t: 'prim', name: 'integer' }, null]);
});

test('with coverage on, module code counts its entry, each new line and each arm of an if', () => {
  const maps: ProbeMap[] = [];
  const src = `(module m g
  (defcap g () true)
  (defun f (x)
    (if (> x 1)
      "big"
      (let ((y 2))
        (lambda (z) (+ y z))))))`;
  const c = compileModule(read(new SourceFile('m.pact', src))[0] as ModuleForm,
    { ...env, replNatives: false, coverage: { add: m => maps.push(m) }, resolveModule: () => undefined },
    { namespace: null, use: () => { throw new Error('no use'); }, checkKeysetName: () => {} });
  assert.equal(body(disassemble(c.defuns.get('f')!)), [
    '== m.f (defun, arity 1, locals 2, captures 0)',
    '0 COVER 0 0',
    '3 ENSURE_ARGS',
    '4 COVER 0 1',
    '7 LOCAL 0',
    '9 JUMP_UNLESS_CMP_IMM 1 1 23',
    '13 COVER 0 2',
    '16 COVER 0 3',
    '19 CONST 1 ; "big"',
    '21 JUMP 38',
    '23 COVER 0 4',
    '26 COVER 0 5',
    '29 SMALLINT 2',
    '31 SET_LOCAL 1',
    '33 COVER 0 6',
    '36 CLOSURE 2 ; <fn lambda>',
    '38 ENSURE_VALUE',
    '39 RETURN',
    '== lambda (lambda, arity 1, locals 1, captures 1)',
    '0 COVER 0 0',
    '3 CAPTURE 0',
    '5 LOCAL 0',
    '7 ADD',
    '8 RETURN',
  ]);
  const [Entry, Line, Then, Else] = [ProbeKind.Entry, ProbeKind.Line, ProbeKind.Then, ProbeKind.Else];
  assert.equal(maps.map(m => [m.file, m.functionName, m.lines, m.kinds, m.hits.length]), [
    ['m.pact', 'm.g', [2, 2], [Entry, Line], 2],
    ['m.pact', null, [7], [Line], 1],
    ['m.pact', 'm.f', [3, 4, 4, 5, 4, 6, 7], [Entry, Line, Then, Line, Else, Line, Line], 7],
  ]);
});

test('top-level code is never measured, even with coverage on', () => {
  const maps: ProbeMap[] = [];
  const proto = compileExpression(read(new SourceFile('t.repl', '(+ 1 2)'))[0], { ...env, coverage: { add: m => maps.push(m) } });
  assert.equal(body(disassemble(proto)).slice(1), ['0 SMALLINT 1', '2 ADD_IMM 2', '4 RETURN']);
  assert.equal(maps, []);
});


/** The calls and frame sizes of a listing: what the tail-call and slot decisions show. */
const calls = (src: string) => listing(src).filter(l => /^\d+ (CALL|TAIL_CALL|POP)\b|^==/.test(l)).map(l => l.replace(/^\d+ /, ''));

test('a call anywhere but in tail position is a plain CALL, whichever form it sits in', () => {
  const positions = ['((f 1) 2)', '(f (f 3))', '(+ (f 4) 1)', '(let ((x (f 5))) x)', '(if (< (f 6) 2) 0 1)', '(if (< (f 7) (f 8)) 0 1)',
    '(if (f 9) 0 1)', '(and (f 10) (f 11))', '(enforce (f 12) (f 13))', '(enforce-one (f 14) [(f 15)])', '(try (f 16) (f 17))',
    '(error (f 18))', '(pure (f 19))'];
  for (const p of positions) {
    const n = (p.match(/\(f /g) ?? []).length + (p.startsWith('((f') ? 1 : 0);
    assert.equal(calls(`(lambda (f) [${p}])`).slice(2), Array(n).fill('CALL 1'), p);
  }
});

test('immediate operands cover the whole int32 range, 0 included; -0 and one-argument natives stay general', () => {
  assert.equal(listing('(let ((a 1)) [(+ a 0) (+ a -0) (- a -2147483648) (+ a 2147483647) (- a)])').slice(4), [
    '7 LOCAL 0',
    '9 ADD_IMM 0',
    '11 LOCAL 0',
    '13 CONST 0 ; 0',
    '15 ADD',
    '16 LOCAL 0',
    '18 SUB_IMM -2147483648',
    '20 LOCAL 0',
    '22 ADD_IMM 2147483647',
    '24 LOCAL 0',
    '26 CALL_NATIVE 2 1 ; negate',
    '29 LIST 5',
    '31 RETURN',
  ]);
  // a one-argument native as an if's condition is an ordinary test
  assert.equal(listing('(let ((b true)) (if (not b) 1 2))').slice(4, 6), ['6 CALL_NATIVE 25 1 ; not', '9 JUMP_IF_FALSE 15']);
});

test('a variable captured twice takes one capture slot', () => {
  assert.equal(listing('(lambda (x) (lambda (y) [x x]))').slice(6), [
    '== lambda (lambda, arity 1, locals 1, captures 1)', '0 CHARGE_CONCAT 0 2', '3 CAPTURE 0', '5 CAPTURE 0', '7 LIST 2', '9 RETURN',
  ]);
});

test('let binders get the next free slot in every kind of expression, and a finished scope\'s slots are reused', () => {
  const lets = ['(and (let ((a true)) a) (let ((b true)) b))', '(or (let ((a true)) a) true)', '(do (let ((c 3)) c) 1)',
    '(enforce (let ((d true)) d) (let ((e "m")) e))', '(enforce-one (let ((f "m")) f) [(let ((g true)) g)])',
    '(try (let ((h 1)) h) (let ((i 2)) i))', '(error (let ((j "e")) j))', '(pure (let ((k 1)) k))', '{"o": (let ((l 1)) l)}',
    '[(let ((l 1)) l)]', '(if (let ((m true)) m) (let ((n 1)) n) (let ((q 2)) q))', '(p (let ((r 1)) r))', '(+ (let ((s 1)) s) 2)',
    '(format "{}" [(let ((t 1)) t)])', '(let ((u (let ((v 1)) v))) u)'];
  for (const l of lets) {
    const code = listing(`(lambda (p) ${l})`);
    assert.is(code[3], '== lambda (lambda, arity 1, locals 2, captures 0)', l);
    const slots = code.filter(x => / SET_LOCAL /.test(x)).map(x => x.replace(/^\d+ /, ''));
    assert.ok(slots.length > 0, l);
    assert.equal(slots, slots.map(() => 'SET_LOCAL 1'), l);
  }
  assert.equal(listing('[(let ((a 1) (b 2)) b) (let ((c 3)) c)]').slice(0, 7), [
    '== <toplevel> (toplevel, arity 0, locals 2, captures 0)',
    '0 CHARGE_CONCAT 0 2', '3 SMALLINT 1', '5 SET_LOCAL 0', '7 SMALLINT 2', '9 SET_LOCAL 1', '11 LOCAL 1',
  ]);
  assert.equal(listing('[(let ((a 1) (b 2)) b) (let ((c 3)) c)]').slice(7, 9), ['13 SMALLINT 3', '15 SET_LOCAL 0']);
});

const moduleEnv = { ...env, replNatives: false, resolveModule: () => undefined };
const deployment = { namespace: null, use: () => { throw new Error('no use'); }, checkKeysetName: () => {} };

test('defuns check that their arguments are values; defuns, defcaps and defpacts check typed parameters and that their result is a value, and never tail-call; a lambda checks neither', () => {
  const c = compileModule(read(new SourceFile('m.pact', '(module m g (defcap g (a:integer) true) (defun f (h) (h 1)) (defpact p (x:string) (step x)) (defconst K (+ 1 2)))'))[0] as ModuleForm, moduleEnv, deployment);
  assert.equal(body(disassemble(c.defuns.get('f')!)), ['== m.f (defun, arity 1, locals 1, captures 0)', '0 ENSURE_ARGS', '1 LOCAL 0', '3 SMALLINT 1', '5 CALL 1', '7 ENSURE_VALUE', '8 RETURN']);
  assert.equal(body(disassemble(c.defcaps.get('g')!.proto)), ['== m.g (defcap, arity 1, locals 1, captures 0)', '0 TYPECHECK_LOCAL 0 0', '3 CONST 1 ; true', '5 ENSURE_VALUE', '6 RETURN']);
  assert.equal(body(disassemble(c.defpacts.get('p')![0].exec)), ['== m.p (defpact, arity 1, locals 1, captures 0)', '0 TYPECHECK_LOCAL 0 0', '3 LOCAL 0', '5 ENSURE_VALUE', '6 RETURN']);
  // a typed constant's call is checked after it returns, so it is no tail call either
  const k = compileModule(read(new SourceFile('m.pact', '(module m g (defcap g () true) (defconst K:integer ((lambda () 1))))'))[0] as ModuleForm, moduleEnv, deployment);
  assert.equal(body(disassemble(k.constants[0].proto)).slice(0, 5),
    ['== m.K (toplevel, arity 0, locals 0, captures 0)', '0 CLOSURE 0 ; <fn lambda>', '2 CALL 0', '4 TYPECHECK_RESULT 1', '6 RETURN']);
  assert.equal(listing('(lambda (x:integer) x)').slice(3), ['== lambda (lambda, arity 1, locals 1, captures 0)', '0 LOCAL 0', '2 RETURN']);
});

test('coverage on line 1: defcaps, defpacts and defuns are named, constants and lambdas are not; code after an and/or is counted again', () => {
  const maps: ProbeMap[] = [];
  const c = compileModule(read(new SourceFile('m.pact', '(module m g (defcap g () true) (defun f (a b) [(and a b) 1]) (defconst K 1) (defpact p () (step 1)))'))[0] as ModuleForm,
    { ...moduleEnv, coverage: { add: m => maps.push(m) } }, deployment);
  assert.equal(body(disassemble(c.defuns.get('f')!)), [
    '== m.f (defun, arity 2, locals 2, captures 0)',
    '0 COVER 0 0',
    '3 ENSURE_ARGS',
    '4 COVER 0 1',
    '7 CHARGE_CONCAT 0 2',
    '10 LOCAL 0',
    '12 JUMP_IF_FALSE_OR_POP 17',
    '14 LOCAL 1',
    '16 CHECK_BOOL',
    '17 COVER 0 2',
    '20 SMALLINT 1',
    '22 LIST 2',
    '24 ENSURE_VALUE',
    '25 RETURN',
  ]);
  assert.equal(maps.map(m => [m.functionName, m.lines, m.kinds]), [
    ['m.g', [1, 1], [ProbeKind.Entry, ProbeKind.Line]],
    ['m.f', [1, 1, 1], [ProbeKind.Entry, ProbeKind.Line, ProbeKind.Line]],
    [null, [1], [ProbeKind.Line]],
    ['m.p', [1, 1], [ProbeKind.Entry, ProbeKind.Line]],
  ]);
});

test.run();
