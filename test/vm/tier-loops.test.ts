// The tiered element loops of map, filter, fold and zip (vm/tier-loops.ts): a callback that tiers
// up in the middle of a list continues in its own loop with the same results, gas and errors as
// the interpreter's loop.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setTierMode, tierSettings, type TierMode } from '../../vm/tier.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL, MAX_MILLIGAS } from '../../runtime/gas/meter.js';
import { runRepl } from '../helpers.js';

interface Outcome { traces: string[]; error: string | null; milligas: number; log: string[] }

function outcome(source: string, mode: TierMode, metered: boolean): Outcome {
  const saved = tierSettings.mode;
  setTierMode(mode);
  try {
    const s = new ReplSession();
    if (metered) { s.gas.model = TABLE_MODEL; s.gas.setLimit(MAX_MILLIGAS); s.gas.log = []; }
    const r = runRepl(source, 'loops.repl', s);
    const e = r.error;
    return {
      traces: r.traces,
      error: e ? `${e.span?.range() ?? ''} ${e.message}` : null,
      milligas: s.gas.milligas,
      log: (s.gas.log ?? []).map(l => `${l.what} @${l.span?.range() ?? ''} ${l.cost}`),
    };
  } finally {
    setTierMode(saved);
  }
}

/** Runs `source` with the tier on (tiering up after the threshold) and off: both must agree. */
function agreed(source: string, metered = false): Outcome {
  const on = outcome(source, 'on', metered);
  assert.equal(on, outcome(source, 'off', metered), `tier on and off differ on ${source}`);
  return on;
}

/** three times the tier-on threshold (read with the tier on: PACTVM_TIER may have set another) */
const N = (() => {
  const saved = tierSettings.mode;
  setTierMode('on');
  const n = tierSettings.threshold * 3;
  setTierMode(saved);
  return n;
})();

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

test.run();
