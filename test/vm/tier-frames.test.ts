// The second tier keeps the machine's frames as the interpreter does: a lambda calling its own
// closure (whose frames are written lazily, vm/tier.ts lazySource) reads its captures and hands
// its frame over on a tail call, so the call depth limit falls where it falls in the interpreter;
// natives applying a tiered callback below TIER_DEPTH machine frames run it in the interpreter
// with the same results; a callback the tier cannot translate is not inlined into a loop.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inlinedCallback, TIER_DEPTH, type TierMode } from '../../vm/tier.js';
import { FunctionProto } from '../../vm/chunk.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL, MAX_MILLIGAS } from '../../runtime/gas/meter.js';
import { limits } from '../../vm/limits.js';
import { runRepl, inTierMode } from '../helpers.js';

interface Outcome { traces: string[]; error: string | null; milligas: number }

/** Runs `source` in a fresh session with the tier in `mode`, gas metered by the table or not. */
function outcome(source: string, mode: TierMode, metered: boolean): Outcome {
  return inTierMode(mode, () => {
    const s = new ReplSession();
    if (metered) { s.gas.model = TABLE_MODEL; s.gas.setLimit(MAX_MILLIGAS); }
    const r = runRepl(source, 'frames.repl', s);
    const e = r.error;
    return { traces: r.traces, error: e ? `${e.span?.range() ?? ''} ${e.message}` : null, milligas: s.gas.milligas };
  });
}

/** The interpreter's outcome, after asserting the tier (forced on, and on after its threshold)
 *  gives the same, with gas unmetered and metered. */
function same(source: string): Outcome {
  let plain: Outcome | null = null;
  for (const metered of [false, true]) {
    const off = outcome(source, 'off', metered);
    assert.equal(outcome(source, 'always', metered), off, `forced on, metered ${metered}: ${source}`);
    assert.equal(outcome(source, 'on', metered), off, `on, metered ${metered}: ${source}`);
    plain ??= off;
  }
  return plain!;
}

/** Runs `body` with the call depth limit set to `depth`. */
function withCallDepth<T>(depth: number, body: () => T): T {
  const saved = limits.callDepth;
  limits.callDepth = depth;
  try {
    return body();
  } finally {
    limits.callDepth = saved;
  }
}

test('a lambda calling its own closure reads its captures in the tier as in the interpreter', () => {
  // the non-tail call of its own closure runs in the lazy function, which declares the captures too
  assert.equal(same('(let ((k 5)) (let ((g (lambda (f n) (if (= n 0) k (+ 1 (f f (- n 1))))))) (g g 10)))').traces, ['15']);
  assert.equal(same('(let ((k 5) (j 2)) (let ((g (lambda (f n) (if (= n 0) [k j] (let ((r (f f (- n 1)))) [(+ j (at 0 r)) k]))))) (g g 3)))').traces,
    ['[11 5]']);
});

// Each level of `f` calls its own closure, then tail-calls `h` with the result; at the top level
// `probe` recurses 30 deep. 32 frames is the least this needs in the interpreter.
const TAILS = `(let* ((h (lambda (x) x))
       (probe (lambda (p k) (if (= k 0) 0 (+ 1 (p p (- k 1))))))
       (f (lambda (f n) (if (= n 0) 0 (h (+ (f f (- n 1)) (if (= n 29) (probe probe 30) 0)))))))
  (f f 30))`;

test('a self-calling lambda that tail-calls hands its frame over: the depth limit falls where the interpreter has it', () => {
  withCallDepth(32, () => assert.equal(same(TAILS).traces, ['30']));
  withCallDepth(31, () => assert.is(same(TAILS).error,
    'frames.repl:1:47-1:60 Call depth limit exceeded: more than 31 nested calls (raise it with --max-call-depth)'));
});

test('natives applying a tiered callback deeper than TIER_DEPTH frames give the interpreter\'s results', () => {
  // `deep` recurses past TIER_DEPTH without tail calls, then map and fold apply callbacks tiered
  // by the shallow run (call1 and call2 find the frames too deep for tiered code)
  const depth = TIER_DEPTH + 50;
  const src = `(let* ((inc (lambda (x) (+ x 1)))
       (add (lambda (a b) (+ a b)))
       (deep (lambda (d n) (if (= n 0) [(map inc [1 2]) (fold add 0 [1 2 3]) (zip add [1 2] [10 20])] (let ((r (d d (- n 1)))) r)))))
  [(deep deep 3) (deep deep ${depth})])`;
  assert.equal(same(src).traces, ['[[[2 3] 6 [11 22]] [[2 3] 6 [11 22]]]']);
  // and one that fails there fails alike, at the same place
  const failing = `(let* ((inc (lambda (x) (enforce (< x 2) "too big")))
       (deep (lambda (d n) (if (= n 0) (map inc [1 2]) (let ((r (d d (- n 1)))) r)))))
  [(try [] (deep deep 3)) (deep deep ${depth})])`;
  assert.is(same(failing).error, 'frames.repl:0:24-0:51 too big');
});

/** The first lambda prototype `source` compiles to. */
function lambda(source: string): FunctionProto {
  const top = compileExpression(read(new SourceFile('t.repl', source))[0], new ReplSession());
  return top.chunk.constants.find((c): c is FunctionProto => c instanceof FunctionProto)!;
}

test('a callback the tier cannot translate is not inlined into an element loop', () => {
  // 299 list items: 300 operand-stack entries beside the one local, over the tier's 300 variables
  const tooMany = lambda(`(lambda (x) [${Array(299).fill('x').join(' ')}])`);
  assert.is(inlinedCallback(tooMany), null);
  const fits = lambda(`(lambda (x) [${Array(298).fill('x').join(' ')}])`);
  assert.ok(inlinedCallback(fits) !== null);
  // and a callback that calls out is not inlined, whatever its size
  assert.is(inlinedCallback(lambda('(lambda (x) (length x))')), null);
});

test('a lambda calling its own closure with the wrong number of arguments fails as in the interpreter', () => {
  // only a call of the closure's own arity may take the self-call path, which checks no arity:
  // `same` compares both tiers' errors, metered and not
  for (const call of ['(self self)', '(self self (- n 1) 0)']) {
    const r = same(`(let ((f (lambda (self n) (if (= n 0) 0 (+ 1 ${call}))))) (map (lambda (k) (f f k)) (enumerate 0 150)))`);
    // too few make a partial application (then `+` refuses it), too many an arity error
    assert.ok(r.error !== null, call);
  }
});

test.run();
