// The second tier (vm/tier.ts, vm/templates.ts): each opcode's template does what the interpreter
// does (values, small-integer overflow, errors and their locations, gas up to the limit), hot
// functions tier up, and what the tier does not handle stays in the interpreter.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Op, OPCODES } from '../../vm/opcodes.js';
import { TEMPLATES } from '../../vm/templates.js';
import { tierSettings, tierSource, TIER_DEPTH, type TierMode } from '../../vm/tier.js';
import { FunctionProto } from '../../vm/chunk.js';
import { Closure } from '../../vm/values.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL } from '../../runtime/gas/meter.js';
import { runRepl, inTierMode } from '../helpers.js';
import { limits } from '../../vm/limits.js';

interface Outcome { traces: string[]; error: string | null; milligas: number }

/** Runs `source` in a fresh session with the tier in `mode`; `gasLimit` (milligas) turns table gas on. */
function outcome(source: string, mode: TierMode, gasLimit?: number): Outcome {
  return inTierMode(mode, () => {
    const s = new ReplSession();
    if (gasLimit !== undefined) { s.gas.model = TABLE_MODEL; s.gas.setLimit(gasLimit); }
    const r = runRepl(source, 'tier.repl', s);
    const e = r.error;
    const error = e ? `${e.span?.range() ?? ''} ${e.message} ${e.pactStack.map(f => f.name).join('<')}` : null;
    return { traces: r.traces, error, milligas: s.gas.milligas };
  });
}

/** The outcome with the tier forced on, after asserting it equals the interpreter's. */
function tiered(source: string, gasLimit?: number): Outcome {
  const off = outcome(source, 'off', gasLimit);
  const on = outcome(source, 'always', gasLimit);
  assert.equal(on, off, `tier and interpreter differ on ${source}`);
  return on;
}

/** Every function prototype a source compiles to (the top level and the lambdas inside). */
function protos(source: string | FunctionProto): FunctionProto[] {
  const out: FunctionProto[] = [];
  const todo = [typeof source === 'string' ? compileExpression(read(new SourceFile('t.repl', source))[0], new ReplSession()) : source];
  while (todo.length) {
    const p = todo.pop()!;
    out.push(p);
    for (const c of p.chunk.constants) if (c instanceof FunctionProto) todo.push(c);
  }
  return out;
}

function uses(p: FunctionProto, op: Op): boolean {
  const code = p.chunk.code;
  for (let ip = 0; ip < code.length; ip += 1 + OPCODES[code[ip] as Op].operands) if (code[ip] === op) return true;
  return false;
}

// One program per opcode group; together they use every opcode that has a template.
const PROGRAMS: [string, string][] = [
  ['(let ((f (lambda (x) (let ((y (+ x 1))) (* y 2))))) (f 20))', '42'],
  ['(let ((k 5)) (map (lambda (x) (+ x k)) [1 2 3]))', '[6 7 8]'],
  ['(map (+ 1) [1 2])', '[2 3]'],
  // a native as a value (NATIVE): map's (+ 1) now compiles to a direct addition
  ['(map (lambda (x) (fold + x [1 2])) [10 20])', '[13 23]'],
  ['((lambda () "a" "b"))', '"b"'],
  ['(let ((f (lambda (b) (if b "yes" "no")))) [(f true) (f false)])', '["yes" "no"]'],
  ['(let ((f (lambda (a b) [(and a b) (or a b)]))) [(f true false) (f false true)])', '[[false true] [false true]]'],
  ['(let ((f (lambda (a) {"k": a, "j": [a]}))) (f 1))', '{"j": [1],"k": 1}'],
  ['(let ((f (lambda (x) (enforce (> x 0) "positive")))) (f 1))', 'true'],
  ['(let ((f (lambda (a b) [(< a b) (> a b) (<= a b) (>= a b) (= a b) (- a b)]))) (f 3 4))', '[true false true false false -1]'],
  ['(let ((f (lambda (a b) (if (< a b) (- b 1) (+ a 2))))) [(f 1 5) (f 5 1)])', '[4 7]'],
  ['(let ((f (lambda (a) (if (= a 2) "two" (if (>= a 3) "big" "small"))))) [(f 2) (f 3) (f 1)])', '["two" "big" "small"]'],
  ['(let ((fact (lambda (f n) (if (<= n 1) 1 (* n (f f (- n 1))))))) (fact fact 20))', '2432902008176640000'],
  ['(let ((g (lambda (f n) (if (= n 0) "done" (f f (- n 1)))))) (g g 10))', '"done"'],
  ['(let ((f (lambda (x) (pure (+ x 1))))) (f 1))', '2'],
  // enforce-one given no list literal fails only when reached (RAISE_EXEC)
  ['(let ((f (lambda (x) (if (> x 0) x (enforce-one "m" x))))) (f 3))', '3'],
];

test('every opcode either has a template or is left to the interpreter (try, enforce-one, coverage)', () => {
  const declined = Object.keys(OPCODES).map(Number).filter(op => TEMPLATES[op as Op] === null);
  assert.equal(declined.map(op => OPCODES[op as Op].name).sort(), ['COVER', 'ENFORCE_ONE_TEST', 'TRY_BEGIN', 'TRY_END']);
});

test('the programs run every templated opcode through the tier, with the interpreter\'s results', () => {
  const seen = new Set<Op>();
  for (const [source, expected] of PROGRAMS) {
    const r = tiered(source);
    assert.is(r.error, null, source);
    assert.is(r.traces[r.traces.length - 1], expected, source);
    for (const p of protos(source)) {
      if (tierSource(p) === null) continue;
      const code = p.chunk.code;
      for (let ip = 0; ip < code.length; ip += 1 + OPCODES[code[ip] as Op].operands) seen.add(code[ip] as Op);
    }
  }
  // module code (globals, type checks) is covered by the next test
  const missing = Object.keys(OPCODES).map(Number)
    .filter(op => TEMPLATES[op as Op] !== null && !seen.has(op as Op))
    .map(op => OPCODES[op as Op].name).sort();
  assert.equal(missing, ['ENSURE_ARGS', 'GLOBAL', 'TYPECHECK_LOCAL', 'TYPECHECK_RESULT']);
});

const MODULE = `(module m G (defcap G () true)
  (defun add:integer (a:integer b:integer) (+ a b))
  (defun twice:integer (a:integer) (add a a))
  (defun check:bool (x:integer) (enforce (> x 0) "x must be positive"))
  (defun typed:string (x:integer) x)
  (defun fail (x) (error (format "fail {}" [x]))))
`;

test('module functions (globals, type checks, errors) behave the same in both tiers', () => {
  assert.equal(tiered(`${MODULE}[(m.twice 21) (m.check 1)]`).traces.slice(-1), ['[42 true]']);
  const error = (call: string) => tiered(MODULE + call).error?.replace(/\.\{[^}]*\}/g, '');
  assert.is(error('(m.check 0)'), 'tier.repl:3:32-3:70 x must be positive m.check');
  assert.is(error('(m.typed 1)'), 'tier.repl:4:2-4:36 Runtime typecheck failure, argument is integer , but expected type string m.typed');
  assert.is(error('(m.add 1 "a")'), 'tier.repl:1:32-1:33 Runtime typecheck failure, argument is string , but expected type integer m.add');
  assert.is(error('(m.fail 3)'), 'tier.repl:5:18-5:48 fail 3 m.fail');
  // a function is no argument of a defun (ENSURE_ARGS), before any type is checked
  assert.is(error('(m.add 1 (lambda (x) x))'), 'tier.repl:1:2-1:51 Expected Pact Value, got closure or table reference m.add');
  assert.is(error('(m.fail m.twice)'), 'tier.repl:5:2-5:49 Expected Pact Value, got closure or table reference m.fail');
  const raises = tiered('(let ((f (lambda (x) (if (> x 0) x (enforce-one "m" x))))) (map (f) [3 0]))').error;
  assert.is(raises, 'tier.repl:0:35-0:54 native execution failure, enforce-one failed with message: enforce-one: expected a list of conditions ');
});

test('errors from tiered module functions called through map: caught by try, or with their Pact stack and arguments', () => {
  const chain = `(module c G (defcap G () true)
  (defun inner (x) (enforce (> x 0) "inner"))
  (defun outer (x) (+ 1 (if (inner x) 1 2)))
  (defun via-map (xs) (map (lambda (x) (outer x)) xs)))
`;
  assert.is(tiered(`${chain}(try "caught" (c.via-map [1 2 0]))`).traces.slice(-1)[0], '"caught"');
  const failed = tiered(`${chain}(c.via-map [1 2 0])`).error?.replace(/\.\{[^}]*\}/g, '');
  assert.is(failed, 'tier.repl:1:19-1:44 inner c.inner<c.outer<c.via-map');
  assert.equal(tiered(`${chain}(expect-failure "fails" (c.outer 0))`).traces.slice(-1), ['"Expect failure: Success: fails"']);
});

test('the call-depth limit stops tiered recursion at the same call as the interpreter, below and above the tier\'s depth', () => {
  const saved = limits.callDepth;
  try {
    for (const limit of [300, TIER_DEPTH + 50]) {
      limits.callDepth = limit;
      const r = tiered('(let ((f (lambda (g n) (if (= n 0) 0 (+ 1 (g g (- n 1))))))) (f f 500))');
      assert.is(r.error, `tier.repl:0:42-0:55 Call depth limit exceeded: more than ${limit} nested calls (raise it with --max-call-depth) `);
    }
  } finally {
    limits.callDepth = saved;
  }
});

test('tail calls in tiered code reuse the frame: far deeper than the call-depth limit and the tier\'s depth', () => {
  const saved = limits.callDepth;
  limits.callDepth = 300;
  try {
    const n = TIER_DEPTH * 20;
    const r = tiered(`(let ((g (lambda (f n) (if (= n 0) "done" (f f (- n 1)))))) [(g g ${n}) (g g 3)])`);
    assert.equal([r.error, r.traces.slice(-1)[0]], [null, '["done" "done"]']);
    // and a tail call failing deep in the chain has the interpreter's error
    const failing = tiered(`(let ((g (lambda (f n) (if (= n 0) (+ n "x") (f f (- n 1)))))) (g g ${n}))`);
    assert.is(failing.error, 'tier.repl:0:35-0:44 Type error: failed to call native function + with argument(s) of type(s): integer, string ');
  } finally {
    limits.callDepth = saved;
  }
});

const RECURSING = `(module r G (defcap G () true)
  (defun boom (x) (enforce (> x 0) "boom"))
  (defun run (n) (let ((f (lambda (g k) (if (= k 0) (boom 0) (+ 1 (g g (- k 1))))))) (f f n)))
  (defun sum (n) (let ((f (lambda (g k) (if (= k 0) (length [1 2]) (+ k (g g (- k 1))))))) (f f n))))
`;

test('a lambda recursing through itself: module functions and natives called deep in the recursion, and their errors, see the interpreter\'s frames', () => {
  const strip = (e: string | null) => e?.replace(/\.\{[^}]*\}/g, '') ?? null;
  assert.is(strip(tiered(`${RECURSING}(r.run 60)`).error), 'tier.repl:1:18-1:42 boom r.boom<r.run');
  // caught: the frames are unwound, and the same functions run again with the right results
  const caught = tiered(`${RECURSING}[(try -1 (r.run 60)) (r.sum 60) (try -1 (r.run 5)) (r.sum 100)]`);
  assert.equal([caught.error, caught.traces.slice(-1)[0]], [null, `[-1 ${60 * 61 / 2 + 2} -1 ${100 * 101 / 2 + 2}]`]);
  // metered: the same charges in the same order, up to a limit hit deep in the recursion
  const full = tiered(`${RECURSING}(r.sum 60)`, 10_000_000);
  for (let limit = full.milligas - 1; limit > full.milligas / 2; limit = Math.floor(limit * 0.97)) {
    assert.ok(tiered(`${RECURSING}(r.sum 60)`, limit).error?.includes('Gas limit'), String(limit));
  }
});

test('small integers overflow to exact big integers at 2^53 in tiered code', () => {
  const r = tiered('(let ((inc (lambda (x) (+ x 1))) (down (lambda (x) (- x 1))) (add (lambda (a b) (+ a b)))) ' +
    '[(inc 9007199254740991) (down -9007199254740991) (add 9007199254740991 9007199254740991) (inc (inc 9007199254740991))])');
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], '[9007199254740992 -9007199254740992 18014398509481982 9007199254740993]');
});

test('type errors in tiered code carry the location of the failing instruction', () => {
  const r = tiered('(let ((f (lambda (x)\n  (+ x "a"))))\n  (f 1))');
  assert.is(r.error, 'tier.repl:1:2-1:11 Type error: failed to call native function + with argument(s) of type(s): integer, string ');
  const bool = tiered('(let ((f (lambda (x) (if x 1 2)))) (f 3))');
  assert.is(bool.error, 'tier.repl:0:21-0:31 expected bool value, got 3 ');
  const unbound = tiered('(let ((f (lambda (x) (x 1)))) (f 3))');
  assert.is(unbound.error, 'tier.repl:0:21-0:26 Cannot apply value to non-closure ');
});

test('gas: the same charges in the same order, up to an exhausted limit inside tiered code', () => {
  const source = '(let ((f (lambda (a b) (+ [a] [b])))) (fold (lambda (acc x) (f acc x)) [] [1 2 3 4 5 6 7 8]))';
  const full = tiered(source, 10_000_000);
  assert.is(full.error, null);
  assert.ok(full.milligas > 0);
  // every limit below the total fails at the same charge in both tiers
  for (let limit = full.milligas - 1; limit > 0; limit = Math.floor(limit * 0.8)) {
    const r = tiered(source, limit);
    assert.ok(r.error?.includes('Gas limit'), `${limit}: ${r.error}`);
  }
});

test('hot functions tier up after the threshold; cold ones and those with try stay interpreted', () => {
  inTierMode('on', () => {
    const s = new ReplSession();
    const n = tierSettings.threshold + 1;
    const source = `(let ((hot (lambda (x) (+ x 1))) (cold (lambda (x) (- x 1))) (guarded (lambda (x) (try 0 (* x 2)))))
      [(map hot (enumerate 1 ${n})) (map cold [1 2]) (map guarded (enumerate 1 ${n}))])`;
    const top = compileExpression(read(new SourceFile('t.repl', source))[0], s);
    const result = s.vm.call(new Closure(top, []), []) as unknown[][];
    assert.equal(result.map(r => r.length), [n, 2, n]);
    // the three lambdas, told apart by their instructions
    const lambdas = protos(top).filter(p => p.kind === 'lambda');
    const byName = (name: string) => lambdas.find(p => uses(p, { hot: Op.AddImm, cold: Op.SubImm, guarded: Op.TryBegin }[name]!))!;
    assert.ok(byName('hot').tier !== null, 'hot');
    assert.is(byName('cold').tier, null);
    assert.is(byName('guarded').tier, null);
    assert.is(byName('guarded').calls, -Infinity, 'declined once, never counted again');
  });
});

test('recursion deeper than the tier\'s JS depth continues in the interpreter, with the same results and errors', () => {
  const countdown = (n: number) => `(let ((f (lambda (g n) (if (= n 0) 0 (+ 1 (g g (- n 1))))))) (f f ${n}))`;
  const deep = tiered(countdown(TIER_DEPTH * 20));
  assert.equal([deep.error, deep.traces.slice(-1)[0]], [null, String(TIER_DEPTH * 20)]);
  const through = TIER_DEPTH + 100;
  const nested = tiered(`(let ((f (lambda (g n) (if (= n 0) 0 (+ 1 (fold (lambda (a x) (g g x)) 0 [(- n 1)])))))) (f f ${through}))`);
  assert.equal([nested.error, nested.traces.slice(-1)[0]], [null, String(through)]);
});

test.run();
