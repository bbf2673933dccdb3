// The bytecode listing (`pactvm run --dump bytecode`): every instruction with its operands, and
// what a constant, global or native operand stands for; each function prototype listed once.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { disassemble } from '../../vm/disassemble.js';
import { Op } from '../../vm/opcodes.js';
import { FunctionProto, SpanTable } from '../../vm/chunk.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { runRepl } from '../helpers.js';

const session = runRepl('(module m g (defcap g () true) (defun f (x) x))\n(defun top (y) y)').session;
const compiled = (src: string) => compileExpression(read(new SourceFile('t.repl', src))[0], session);

test('the listing names constants, closures, module and REPL globals, object keys and natives', () => {
  const listing = disassemble(compiled(
    '(let ((o {"b": 1.5, "a": 12345678901234567890})) [(map (lambda (x) (length o)) [(+ 1 1)]) (map (+ 1) [1]) (m.f 1) (top 2147483648) true])'));
  assert.fixture(listing, [
    '== <toplevel> (toplevel, arity 0, locals 1, captures 0)',
    '    0  CHARGE_CONCAT        1 2',
    '    3  CONST                0    ; PactDecimal',
    '    5  CONST                1    ; 12345678901234567890',
    '    7  OBJECT               2    ; ["b" "a"]',
    '    9  SET_LOCAL            0',
    '   11  CHARGE_CONCAT        0 5',
    '   14  CLOSURE              3    ; <fn lambda>',
    '   16  CHARGE_CONCAT        0 1',
    '   19  SMALLINT             1',
    '   21  ADD_IMM              1',
    '   23  LIST                 1',
    '   25  CALL_NATIVE          34 2    ; map',
    '   28  CLOSURE              4    ; <fn map>',
    '   30  CHARGE_CONCAT        0 1',
    '   33  SMALLINT             1',
    '   35  LIST                 1',
    '   37  CALL_NATIVE          34 2    ; map',
    '   40  GLOBAL               5    ; m.f',
    '   42  SMALLINT             1',
    '   44  CALL                 1',
    '   46  GLOBAL               6    ; top',
    '   48  CONST                7    ; 2147483648',
    '   50  CALL                 1',
    '   52  CONST                8    ; true',
    '   54  LIST                 5',
    '   56  RETURN               ',
    '== lambda (lambda, arity 1, locals 1, captures 1)',
    '    0  CAPTURE              0',
    '    2  CALL_NATIVE          48 1    ; length',
    '    5  RETURN               ',
    // the partial application (+ 1) as the lambda map calls: (+ 1 x), a direct addition
    '== map (lambda, arity 1, locals 1, captures 0)',
    '    0  SMALLINT             1',
    '    2  LOCAL                0',
    '    4  ADD                  ',
    '    5  RETURN               ',
  ].join('\n'));
});

test('a prototype referenced twice is listed once; a number constant prints as itself', () => {
  const inner = compiled('(lambda (x) x)').chunk.constants.find((c): c is FunctionProto => c instanceof FunctionProto)!;
  const code = Int32Array.from([Op.Closure, 0, Op.Closure, 0, Op.Const, 1, Op.List, 3, Op.Return]);
  const twice = new FunctionProto('both', 'lambda', 0, 0, { code, constants: [inner, 4.5], spans: new SpanTable() },
    new Int32Array(0), [], null, inner.span, 'both');
  assert.fixture(disassemble(twice), [
    '== both (lambda, arity 0, locals 0, captures 0)',
    '    0  CLOSURE              0    ; <fn lambda>',
    '    2  CLOSURE              0    ; <fn lambda>',
    '    4  CONST                1    ; 4.5',
    '    6  LIST                 3',
    '    8  RETURN               ',
    '== lambda (lambda, arity 1, locals 1, captures 0)',
    '    0  LOCAL                0',
    '    2  RETURN               ',
  ].join('\n'));
});

test.run();
