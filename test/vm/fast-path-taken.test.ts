// That the fused fast paths of vm/machine.ts are taken exactly when they may be: unmetered, for
// operands of the right kind and results within ±(2^53 − 1), the arithmetic and comparison natives
// are never called (fast-paths.test.ts checks that both paths give the same values and gas). Also
// what the machine hands the runtime: no gas calls when unmetered, and the read-only view.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, inTierMode } from '../helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { builtinId } from '../../vm/builtins.js';
import { Closure, type Value } from '../../vm/values.js';
import { FunctionProto } from '../../vm/chunk.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';

const COUNTED = ['+', '-', '<', '>', '<=', '>=', '='];
const MAX = 9007199254740991;

/** Runs `src` unmetered; its last value (or error) and how often the counted natives were called. */
function run(src: string): { value: string; calls: number; seen: Value[] } {
  const s = new ReplSession();
  let calls = 0;
  for (const name of COUNTED) {
    const id = builtinId(name), impl = s.natives[id];
    s.natives[id] = args => { calls++; return impl(args); };
  }
  // `abs` reports the exact number it was given (-0 included)
  const seen: Value[] = [];
  const abs = builtinId('abs'), absImpl = s.natives[abs];
  s.natives[abs] = args => { seen.push(args[0]); return absImpl(args); };
  const r = runRepl(src, 'test.repl', s);
  return { value: r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1], calls, seen };
}

function taken(src: string, value: string): void {
  const r = run(src);
  assert.is(r.value, value, src);
  assert.is(r.calls, 0, `${src}: the native was called`);
}

function native(src: string, value: string): void {
  const r = run(src);
  assert.is(r.value, value, src);
  assert.is(r.calls, 1, `${src}: the native was not called once`);
}

const typeError = (op: string, types: string) =>
  `error: Type error: failed to call native function ${op} with argument(s) of type(s): ${types}`;

test('ADD and SUB of integers answer without the native up to ±(2^53 − 1) inclusive, and step aside past it', () => {
  taken('(let ((a 1) (b 2)) (+ a b))', '3');
  taken(`(let ((a ${MAX - 1}) (b 1)) (+ a b))`, `${MAX}`);
  taken(`(let ((a ${-(MAX - 1)}) (b -1)) (+ a b))`, `${-MAX}`);
  native(`(let ((a ${MAX}) (b 1)) (+ a b))`, '9007199254740992');
  native(`(let ((a ${-MAX}) (b -1)) (+ a b))`, '-9007199254740992');
  taken('(let ((a 5) (b 7)) (- a b))', '-2');
  taken(`(let ((a ${MAX - 1}) (b -1)) (- a b))`, `${MAX}`);
  taken(`(let ((a ${-(MAX - 1)}) (b 1)) (- a b))`, `${-MAX}`);
  native(`(let ((a ${MAX}) (b -1)) (- a b))`, '9007199254740992');
  native(`(let ((a ${-MAX}) (b 1)) (- a b))`, '-9007199254740992');
});

test('ADD of two strings answers without the native; a string with a list (which has a length too) goes to it', () => {
  taken('(let ((a "ab") (b "c")) (+ a b))', '"abc"');
  taken('(let ((a "") (b "")) (+ a b))', '""');
  native('(let ((a "x") (b [1 2])) (+ a b))', typeError('+', 'string, list'));
  native('(let ((a [1 2]) (b "x")) (+ a b))', typeError('+', 'list, string'));
});

test('ADD of two strings answers without the native up to 2^26 characters together, and past it the native refuses', () => {
  const s = new ReplSession();
  const half = 'x'.repeat(2 ** 25);
  // `format` stands in for a source of long strings: "half" gives 2^25 characters, else one more
  s.natives[builtinId('format')] = args => args[0] === 'half' ? half : half + 'y';
  let calls = 0;
  const id = builtinId('+'), impl = s.natives[id];
  s.natives[id] = args => { calls++; return impl(args); };
  const at = runRepl('(let ((a (format "half" [])) (b (format "half" []))) (length (+ a b)))', 'test.repl', s);
  assert.equal([at.error, at.traces.pop(), calls], [null, '67108864', 0]);
  const past = runRepl('(let ((a (format "half" [])) (b (format "more" []))) (length (+ a b)))', 'test.repl', s);
  assert.equal([past.error?.message, calls], ['Value too large: string of more than 67108864 characters', 1]);
});

test('an integer with a bool or a string goes to the native, which refuses it', () => {
  for (const op of ['+', '-', '<', '>', '<=', '>=']) {
    native(`(let ((a 1) (b true)) (${op} a b))`, typeError(op, 'integer, bool'));
    native(`(let ((a true) (b 1)) (${op} a b))`, typeError(op, 'bool, integer'));
    native(`(let ((a 1) (b true)) (if (${op} a b) 1 2))`, typeError(op, 'integer, bool'));
    native(`(let ((a true) (b 1)) (if (${op} a b) 1 2))`, typeError(op, 'bool, integer'));
    native(`(let ((a true)) (if (${op} a 2) 1 2))`, typeError(op, 'bool, integer'));
  }
  native('(let ((a 1) (b "x")) (= a b))', 'false');
  native('(let ((a "x") (b 1)) (= a b))', 'false');
  native('(let ((a true)) (+ a 2))', typeError('+', 'bool, integer'));
  native('(let ((a true)) (- a 2))', typeError('-', 'bool, integer'));
});

test('every integer comparison, plain and fused with its branch, answers without the native', () => {
  const cases: [string, string, string, string][] = [
    ['<', '1', '2', 'true'], ['>', '1', '2', 'false'], ['<=', '2', '2', 'true'], ['>=', '1', '2', 'false'], ['=', '2', '2', 'true'],
  ];
  for (const [op, a, b, expected] of cases) {
    taken(`(let ((a ${a}) (b ${b})) (${op} a b))`, expected);
    taken(`(let ((a ${a}) (b ${b})) (if (${op} a b) "yes" "no"))`, expected === 'true' ? '"yes"' : '"no"');
    taken(`(let ((a ${a})) (if (${op} a ${b}) "yes" "no"))`, expected === 'true' ? '"yes"' : '"no"');
  }
});

test('ADD_IMM and SUB_IMM answer without the native up to ±(2^53 − 1) inclusive, and step aside past it', () => {
  taken('(let ((a 1)) (+ a 2))', '3');
  taken(`(let ((a ${MAX - 2})) (+ a 2))`, `${MAX}`);
  native(`(let ((a ${MAX - 1})) (+ a 2))`, '9007199254740992');
  taken(`(let ((a ${-(MAX - 2)})) (+ a -2))`, `${-MAX}`);
  native(`(let ((a ${-(MAX - 1)})) (+ a -2))`, '-9007199254740992');
  taken('(let ((a 1)) (- a 2))', '-1');
  taken(`(let ((a ${-(MAX - 2)})) (- a 2))`, `${-MAX}`);
  native(`(let ((a ${-(MAX - 1)})) (- a 2))`, '-9007199254740992');
  taken(`(let ((a ${MAX - 2})) (- a -2))`, `${MAX}`);
  native(`(let ((a ${MAX - 1})) (- a -2))`, '9007199254740992');
});

test('a fast-path difference of zero is +0, never the -0 a `-0` literal could make', () => {
  for (const src of ['(let ((a -0) (b 0)) (abs (- a b)))', '(let ((a -0)) (abs (- a 0)))']) {
    const r = run(src);
    assert.is(r.calls, 0, src);
    assert.is(r.seen.length, 1, src);
    assert.ok(Object.is(r.seen[0], 0), `${src}: abs was given -0`);
  }
});

test('unmetered, the machine never calls the gas meter (natives, literals, applications, the slow paths)', () => {
  const s = new ReplSession();
  const called: string[] = [];
  const gas = s.gas as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const m of ['chargeNative', 'chargeApply', 'chargeLiteral']) {
    const orig = gas[m].bind(s.gas);
    gas[m] = (...a: unknown[]) => { called.push(m); return orig(...a); };
  }
  const r = runRepl(`
    (defun inc (x) (+ x 1))
    (defun add (x y) (+ x y))
    (let ((a 1.5) (b 2.25) (xs [1 2 3]))
      [(+ a b) (- a b) (< a b) (if (> a b) 1 2) (if (<= a 2.0) 1 2) (+ a 1) (length "abc") {"k": (inc 1)}
       (map (inc) xs) (fold (add) 0 xs) (map (lambda (x) (* x 2)) xs)])`, 'test.repl', s);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], '[3.75 -0.75 true 2 1 2.5 3 {"k": 2} [2 3 4] 6 [2 4 6]]');
  assert.equal(called, []);
});

test('map, fold and zip apply a plain closure of the right arity directly, never through the general call', () => {
  const s = new ReplSession();
  let general = 0;
  const call = s.vm.call.bind(s.vm);
  s.vm.call = (fn, args) => { if (args.length > 0) general++; return call(fn, args); };
  const r = runRepl(`(defun inc (x) (+ x 1)) (defun add (x y) (+ x y))
    [(map inc [1 2 3]) (fold add 0 [1 2 3]) (zip add [1 2] [3 4]) (map (lambda (x) (* 2 x)) [1 2])]`, 'test.repl', s);
  assert.is(r.traces[r.traces.length - 1], '[[2 3 4] 6 [4 6] [2 4]]');
  assert.is(general, 0);
});

test('a lambda is not tracked for recursion: its frames leave its active count at zero', () => {
  const s = new ReplSession();
  const applied: Value[] = [];
  const id = builtinId('map'), impl = s.natives[id];
  s.natives[id] = args => { applied.push(args[0]); return impl(args); };
  const r = runRepl('(defun twice (x) (* 2 x)) [(map (lambda (x) (+ x 1)) [1 2 3]) (map twice [1 2])]', 'test.repl', s);
  assert.is(r.traces[r.traces.length - 1], '[[2 3 4] [2 4]]');
  const [lambda, defun] = applied as unknown as { proto: { tracked: boolean; active: number } }[];
  assert.equal([lambda.proto.tracked, lambda.proto.active], [false, 0]);
  assert.equal([defun.proto.tracked, defun.proto.active], [true, 0]);
});

/** Runs `source` with the tier on; its one lambda's proto afterwards. */
function lambdaAfter(source: string): FunctionProto {
  return inTierMode('on', () => {
    const s = new ReplSession();
    const top = compileExpression(read(new SourceFile('t.repl', source))[0], s);
    s.vm.call(new Closure(top, []), []);
    return top.chunk.constants.find(c => c instanceof FunctionProto) as FunctionProto;
  });
}

test('a function tiers up on the call after the threshold, not before: applied by a native and called by CALL', () => {
  const n = 40; // the threshold with the tier on
  assert.is(lambdaAfter(`(map (lambda (x) (+ x 1)) (enumerate 1 ${n}))`).tier, null);
  assert.ok(lambdaAfter(`(map (lambda (x) (+ x 1)) (enumerate 1 ${n + 1}))`).tier !== null);
  // (f f k) makes k + 1 calls
  const countdown = (k: number) => `(let ((f (lambda (g n) (if (= n 0) 0 (+ 1 (g g (- n 1))))))) (f f ${k}))`;
  assert.is(lambdaAfter(countdown(n - 1)).tier, null);
  assert.ok(lambdaAfter(countdown(n)).tier !== null);
});

test('a tiered function of three or four parameters called from interpreted code gets its arguments in order', () => {
  inTierMode('on', () => {
    // the top level runs once (interpreted); from the 41st call on, f and g run tiered
    const calls = Array.from({ length: 42 }, (_, i) => `(f ${i} 2 3) (g ${i} 2 3 4)`).join(' ');
    const r = runRepl(`(let ((f (lambda (a b c) (- (* 10 a) (- b c)))) (g (lambda (a b c d) (- (* 10 a) (- (- b c) d))))) [${calls}])`);
    const expected = Array.from({ length: 42 }, (_, i) => `${10 * i + 1} ${10 * i + 5}`).join(' ');
    assert.is(r.traces[r.traces.length - 1], `[${expected}]`);
  });
});

test('reset leaves an empty machine: no frames, stack, handlers, tail calls or recursion marks', () => {
  const s = new ReplSession();
  const applied: Value[] = [];
  const id = builtinId('map'), impl = s.natives[id];
  s.natives[id] = args => { applied.push(args[0]); return impl(args); };
  runRepl('(defun twice (x) (* 2 x)) (defun outer (x) x) [(map outer [1]) (map twice [1])]', 'test.repl', s);
  const [outer, twice] = applied as Closure[];
  // as a failure outside any Pact call could leave it: two defuns running in frames 0 and 1 under a try
  const vm = s.vm as unknown as { fClosure: Closure[]; handlers: unknown[]; fp: number; sp: number; tailDepth: number; reset(): void };
  vm.fClosure[0] = outer; vm.fClosure[1] = twice;
  outer.proto.active = 1; twice.proto.active = 1;
  vm.fp = 1; vm.sp = 7; vm.tailDepth = 2;
  vm.handlers.push({ fp: 1, sp: 3, target: 0, saved: null, purity: 'impure' });
  vm.reset();
  assert.equal([vm.fp, vm.sp, vm.tailDepth, vm.handlers.length, outer.proto.active, twice.proto.active], [-1, 0, 0, 0, 0, 0]);
  assert.is(runRepl('(twice 4)', 'test.repl', s).traces.pop(), '8');
});

test('try, enforce and pure run their bodies read-only: a native called there sees the purity "read-only"', () => {
  const s = new ReplSession();
  const purities: string[] = [];
  const id = builtinId('length'), impl = s.natives[id];
  s.natives[id] = args => { purities.push(s.vm.host.getPurity()); return impl(args); };
  const r = runRepl('(length "a") (try 0 (length "ab")) (enforce (= 3 (length "abc")) "no") (length "abcd")', 'test.repl', s);
  assert.is(r.error, null);
  assert.equal(purities, ['impure', 'read-only', 'read-only', 'impure']);
});

test.run();
