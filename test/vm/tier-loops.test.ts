// The tiered element loops of map, filter, fold and zip (vm/tier-loops.ts): a callback that tiers
// up in the middle of a list continues in its own loop with the same results, gas and errors as
// the interpreter's loop. A callback that calls nothing runs inlined into its loop when gas is
// unmetered: its errors, the call-depth limit and gas limits stay the interpreter's.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tierSettings, inlinedCallback, type TierMode } from '../../vm/tier.js';
import { FunctionProto } from '../../vm/chunk.js';
import { limits } from '../../vm/limits.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL, MAX_MILLIGAS } from '../../runtime/gas/meter.js';
import { runRepl, inTierMode } from '../helpers.js';

interface Outcome { traces: string[]; error: string | null; milligas: number; log: string[] }

function outcome(source: string, mode: TierMode, metered: boolean, gasLimit = MAX_MILLIGAS): Outcome {
  return inTierMode(mode, () => {
    const s = new ReplSession();
    if (metered) { s.gas.model = TABLE_MODEL; s.gas.setLimit(gasLimit); s.gas.log = []; }
    const r = runRepl(source, 'loops.repl', s);
    const e = r.error;
    return {
      traces: r.traces,
      error: e ? `${e.span?.range() ?? ''} ${e.message} ${e.pactStack.map(f => f.name.replace(/\.\{[^}]*\}/, '')).join('<')}`.trimEnd() : null,
      milligas: s.gas.milligas,
      log: (s.gas.log ?? []).map(l => `${l.what} @${l.span?.range() ?? ''} ${l.cost}`),
    };
  });
}

/** Runs `source` with the tier on (tiering up after the threshold) and off: both must agree. */
function agreed(source: string, metered = false): Outcome {
  const on = outcome(source, 'on', metered);
  assert.equal(on, outcome(source, 'off', metered), `tier on and off differ on ${source}`);
  return on;
}

/** three times the tier-on threshold (read with the tier on: PACTVM_TIER may have set another) */
const N = inTierMode('on', () => tierSettings.threshold * 3);

test('map, filter, fold and zip give the interpreter\'s results when the callback tiers up mid-list', () => {
  const r = agreed(`(let ((xs (enumerate 1 ${N})))
    [(fold (+) 0 (map (lambda (x) (* x 2)) xs))
     (length (filter (lambda (x) (> x ${N / 2})) xs))
     (fold (lambda (acc x) (+ acc x)) 0 xs)
     (fold (+) 0 (zip (lambda (a b) (- a b)) xs (reverse xs)))])`);
  assert.is(r.error, null);
  assert.is(r.traces.slice(-1)[0], `[${N * (N + 1)} ${N / 2} ${N * (N + 1) / 2} 0]`);
});

test('gas of the tiered loops: the same charges, labels and sites as the interpreter\'s', () => {
  const r = agreed(`(let ((xs (enumerate 1 ${N})))
    [(map (lambda (x) (+ x 1)) xs) (filter (lambda (x) (> x 3)) xs)
     (fold (lambda (a x) (+ a x)) 0 xs) (zip (lambda (a b) [a b]) xs xs)])`, true);
  assert.is(r.error, null);
  assert.ok(r.log.length > 4 * N, `${r.log.length} log entries`);
});

test('a tiered callback\'s bad result fails as in the interpreter: a function from map/fold/zip, a non-boolean from filter', () => {
  const last = N - 1;
  const map = agreed(`(map (lambda (x) (if (= x ${last}) (lambda (y) y) x)) (enumerate 1 ${N}))`);
  assert.ok(map.error?.endsWith(' Expected Pact Value, got closure or table reference'), String(map.error));
  const filter = agreed(`(filter (lambda (x) (if (= x ${last}) "no" true)) (enumerate 1 ${N}))`);
  assert.ok(filter.error?.endsWith(' expected bool value, got "no"'), String(filter.error));
  const fold = agreed(`(fold (lambda (acc x) (if (= x ${last}) (+) (+ acc x))) 0 (enumerate 1 ${N}))`);
  assert.ok(fold.error?.endsWith(' Expected Pact Value, got closure or table reference'), String(fold.error));
  const zip = agreed(`(zip (lambda (a b) (if (= a ${last}) (+) b)) (enumerate 1 ${N}) (enumerate 1 ${N}))`);
  assert.ok(zip.error?.endsWith(' Expected Pact Value, got closure or table reference'), String(zip.error));
});

/** Runs `source` with the tier forced on from the first call and off: both must agree. */
function agreedAlways(source: string, metered = false, gasLimit = MAX_MILLIGAS): Outcome {
  const on = outcome(source, 'always', metered, gasLimit);
  assert.equal(on, outcome(source, 'off', metered, gasLimit), `tier always and off differ on ${source}`);
  return on;
}

/** The lambdas of an expression. */
function lambdas(source: string): FunctionProto[] {
  const top = compileExpression(read(new SourceFile('t.repl', source))[0], new ReplSession());
  return top.chunk.constants.filter((c): c is FunctionProto => c instanceof FunctionProto);
}

const FAILING = {
  enforce: '(lambda (acc x) (enforce (< x LAST) "too big") (+ acc x))',
  type: '(lambda (acc x) (+ acc (if (= x LAST) "a" x)))',
  map: '(lambda (x) (if (= x LAST) (- x "b") x))',
  zip: '(lambda (a b) (if (> (+ a b) LAST) (< a "c") b))',
};

test('a callback that calls nothing is inlined into its loop; one calling a function or native is not', () => {
  for (const f of Object.values(FAILING)) {
    const [lambda] = lambdas(f.replace(/LAST/g, '1'));
    assert.ok(inlinedCallback(lambda) !== null, f);
  }
  assert.is(inlinedCallback(lambdas('(lambda (x) (length x))')[0]), null);
  assert.is(inlinedCallback(lambdas('(lambda (f x) (f x))')[0]), null);
});

const FAILING_MODULE = (last: number) => `(module e G (defcap G () true)
  (defun total (xs) (fold ${FAILING.enforce} 0 xs))
  (defun typed (xs) (fold ${FAILING.type} 0 xs))
  (defun mapped (xs) (map ${FAILING.map} xs))
  (defun zipped (xs) (zip ${FAILING.zip} xs xs))
  (defun nested (xs) (total xs)))
`.replace(/LAST/g, String(last));

test('an inlined callback failing mid-list fails as the interpreter does: location, message, Pact stack', () => {
  const last = N - 5;
  const failure = (call: string) => {
    const on = agreed(`${FAILING_MODULE(last)}(${call} (enumerate 1 ${N}))`);
    assert.equal(agreedAlways(`${FAILING_MODULE(last)}(${call} (enumerate 1 ${N}))`), on);
    return on.error;
  };
  assert.is(failure('e.total'), 'loops.repl:1:42-1:71 too big e.total');
  assert.is(failure('e.typed'), 'loops.repl:2:42-2:70 Type error: failed to call native function + with argument(s) of type(s): integer, string e.typed');
  assert.is(failure('e.mapped'), 'loops.repl:3:52-3:61 Type error: failed to call native function - with argument(s) of type(s): integer, string e.mapped');
  assert.is(failure('e.zipped'), 'loops.repl:4:60-4:69 Type error: failed to call native function < with argument(s) of type(s): integer, string e.zipped');
});

test('the call-depth limit stops an inlined callback at the same call as the interpreter', () => {
  const saved = limits.callDepth;
  const outcomes: (string | null)[] = [];
  try {
    for (let depth = 0; depth <= 3; depth++) {
      limits.callDepth = depth;
      outcomes.push(agreedAlways(`${FAILING_MODULE(N + 1)}(e.total (enumerate 1 ${N}))(e.nested (enumerate 1 ${N}))`).error);
    }
  } finally {
    limits.callDepth = saved;
  }
  // at depth 0 the module function runs but its callback may not; at depth 1 the callback, now
  // tiered with its loop, runs from e.total but not from e.nested (the loop's own depth check)
  assert.equal(outcomes, [
    'loops.repl:1:20-1:88 Call depth limit exceeded: more than 0 nested calls (raise it with --max-call-depth) e.total',
    'loops.repl:1:20-1:88 Call depth limit exceeded: more than 1 nested calls (raise it with --max-call-depth) e.total<e.nested',
    null, null,
  ]);
});

test('a gas limit reached in the middle of a loop stops both tiers at the same charge', () => {
  const source = `(let ((xs (enumerate 1 ${N}))) [(fold (lambda (acc x) (+ acc x)) 0 xs) (map (lambda (x) (- x 1)) xs)])`;
  const full = agreedAlways(source, true);
  assert.is(full.error, null);
  let failures = 0;
  for (let limit = full.milligas - 1; limit > full.milligas / 4; limit = Math.floor(limit * 0.9)) {
    const r = agreedAlways(source, true, limit);
    assert.ok(r.error?.includes('Gas limit'), `${limit}: ${r.error}`);
    failures++;
  }
  assert.ok(failures > 5);
});

test('string building through an inlined callback gives the interpreter\'s text', () => {
  const r = agreedAlways(`(fold (lambda (acc w) (+ acc w)) "" (map (lambda (i) (if (= (mod i 2) 0) "a" "b")) (enumerate 1 ${N})))`);
  assert.is(r.traces.slice(-1)[0], `"${'ba'.repeat(N / 2)}"`);
});

test('a callback with slow paths gets a speculative copy; one without, or with a read-only scope, does not', () => {
  const spec = (f: string) => inlinedCallback(lambdas(f)[0])!.speculative;
  assert.ok(spec('(lambda (acc x) (+ acc x))'));
  assert.ok(spec('(lambda (x) (> x 5))'));
  assert.ok(spec('(lambda (x) (if (< x 3) x (- x 3)))'));
  // nothing to leave: its only copy is the general one
  assert.is(spec('(lambda (x) [x x])'), null);
  // enforce runs its test read-only: leaving it midway would leave the purity changed
  assert.is(spec(FAILING.enforce.replace('LAST', '1')), null);
  // the speculative copy leaves the element where the general one calls the native
  const add = spec('(lambda (acc x) (+ acc x))')!('r', 'a', 'b');
  assert.ok(add.includes('break speculation;') && !add.includes('tierBinary'), add);
  const general = inlinedCallback(lambdas('(lambda (acc x) (+ acc x))')[0])!.apply('r', 'a', 'b');
  assert.ok(general.includes('tierBinary') && !general.includes('break speculation;'), general);
});

test('a speculative loop left mid-list goes on in the general one with the interpreter\'s results', () => {
  const big = 2 ** 52;
  // past 2^53 the sum is a bignum; a decimal element, a string comparison, bignum elements
  const r = agreedAlways(`(let ((xs (enumerate 1 ${N})))
    [(fold (lambda (acc x) (+ acc x)) ${big} (map (lambda (x) (* x ${2 ** 40})) xs))
     (fold (lambda (acc x) (+ acc x)) 0 (+ (take 5 xs) [1.5 2 3]))
     (map (lambda (x) (- x 1)) (+ xs [1.25 ${2 ** 60}]))
     (filter (lambda (x) (> x "m")) (+ ["z" "a"] (map (lambda (i) (if (= (mod i 2) 0) "n" "b")) xs)))
     (zip (lambda (a b) (+ a b)) [1 2 ${2 ** 53 - 1} 4] [1 2 1 4])
     (fold (lambda (acc x) (- acc x)) ${-big} [${big} ${big} 1 2])])`);
  assert.is(r.error, null);
  const [sum] = /^\[(\d+)/.exec(r.traces.at(-1)!)!.slice(1);
  assert.is(BigInt(sum), BigInt(big) + BigInt(2 ** 40) * BigInt(N * (N + 1) / 2));
  assert.ok(r.traces.at(-1)!.includes(' 21.5 '), r.traces.at(-1));
  assert.ok(r.traces.at(-1)!.includes(`[2 4 ${2 ** 53} 8]`), r.traces.at(-1));
  assert.ok(r.traces.at(-1)!.includes(`${-3n * BigInt(big) - 3n}]`), r.traces.at(-1));
  // unmetered and metered alike
  agreedAlways('(fold (lambda (acc x) (+ acc x)) 0 [1 2 3 4.0 5])', true);
  // branches on comparisons inside a speculative copy: with a constant and between two values
  const branches = agreedAlways(`(let ((xs (enumerate 1 ${N})))
    [(fold (+) 0 (map (lambda (x) (if (> x 3) x 0)) xs)) (fold (+) 0 (zip (lambda (a b) (if (< a b) a b)) xs (reverse xs)))])`);
  const half = N / 2;
  assert.is(branches.traces.at(-1), `[${N * (N + 1) / 2 - 6} ${2 * (half * (half + 1) / 2)}]`);
});

test('a module function as the callback: its loop is named after it, whatever its name\'s characters', () => {
  // the generated loop's JS name is built from the callback's qualified name (`m.inc-one`)
  const r = agreedAlways(`(module m G (defcap G () true) (defun inc-one (x) (+ x 1)) (defun keep? (x) (> x 2)))
    [(fold (+) 0 (map m.inc-one (enumerate 1 ${N}))) (length (filter m.keep? (enumerate 1 ${N})))]`);
  assert.is(r.error, null);
  assert.is(r.traces.at(-1), `[${N * (N + 1) / 2 + N} ${N - 2}]`);
});

test.run();
