// Metering switched on while tiered code runs: a native (here env-gaslimit) may turn gas on in the
// middle of a function, and of a lambda that calls its own closure (whose unmetered self-calls run
// without frames, vm/tier.ts lazySource). Every application after the switch is charged, as in
// the interpreter, and the calls still compute the same values.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TierMode } from '../../vm/tier.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL } from '../../runtime/gas/meter.js';
import { runRepl, inTierMode } from '../helpers.js';

function run(source: string, mode: TierMode): { traces: string[]; milligas: number; error: string | null } {
  return inTierMode(mode, () => {
    const s = new ReplSession();
    s.gas.model = TABLE_MODEL; // unmetered until a limit is set
    const r = runRepl(source, 'metering.repl', s);
    return { traces: r.traces, milligas: s.gas.milligas, error: r.error?.message ?? null };
  });
}

// f counts down from n, recursing through its own closure; at `at` it sets a gas limit
const SELF = (at: number) => `(let ((f (lambda (self n) (if (= n ${at}) (env-gaslimit 100000000) "")
    (if (= n 0) 0 (+ 1 (self self (- n 1)))))))
  (map (lambda (k) (f f 6)) (enumerate 1 150)))`;

test('a self-calling lambda turning metering on mid-recursion: the same values and gas in both tiers', () => {
  for (const at of [0, 3, 5]) {
    const off = run(SELF(at), 'off'), always = run(SELF(at), 'always'), on = run(SELF(at), 'on');
    assert.is(off.error, null);
    assert.ok(off.milligas > 0, 'metering was turned on');
    assert.equal(always, off, `at ${at}, always`);
    assert.equal(on, off, `at ${at}, on`);
    assert.ok(off.traces.at(-1)!.startsWith('[6 6 6'), off.traces.at(-1));
  }
});

test('a function whose native turns metering on charges every later call, in both tiers', () => {
  const src = `(let ((g (lambda (x) (+ x 1)))
      (h (lambda (n) (if (= n 2) (env-gaslimit 100000000) "") [(g n) (g (g n)) (g (g (g n)))])))
    (map h (enumerate 0 150)))`;
  const off = run(src, 'off');
  assert.is(off.error, null);
  assert.ok(off.milligas > 0);
  assert.equal(run(src, 'always'), off);
  assert.equal(run(src, 'on'), off);
});

test.run();
