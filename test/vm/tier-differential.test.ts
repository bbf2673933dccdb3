// The differential test of the second tier: every upstream conformance script and every gas golden
// runs with the tier off and with it forced on from the first call (PACTVM_TIER=always); output
// lines, errors (text, location, Pact stack), test results, gas totals, the gas log (labels, sites,
// costs in order) and the gas profile must be identical.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { renderError } from '../../runtime/repl/report.js';
import { GasProfile } from '../../runtime/gas/profile.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../../runtime/gas/meter.js';
import { PactError } from '../../vm/errors.js';
import { setTierMode, tierSettings, type TierMode } from '../../vm/tier.js';
import { GAS_GOLDENS, PACT_TESTS, corpusTest } from '../corpus.js';

interface Transcript { lines: string[]; error: string | null; results: string[]; milligas: number; log: string[]; profile: string }

/** Runs a script in a fresh session with the tier in `mode`; `metered`: table gas, gas log and profile on. */
function transcript(path: string, mode: TierMode, metered: boolean, flags: string[] = []): Transcript {
  const saved = tierSettings.mode;
  setTierMode(mode);
  const lines: string[] = [];
  const s = new ReplSession({
    print: (text, span) => lines.push(`print ${span?.range() ?? ''} ${text}`),
    trace: (text, span) => lines.push(`trace ${span?.range() ?? ''} ${text}`),
  });
  for (const f of flags) s.env.flags.add(f);
  let profile: GasProfile | null = null;
  if (metered) {
    s.gas.model = TABLE_MODEL;
    s.gas.setLimit(MAX_MILLIGAS);
    s.gas.log = [];
    profile = new GasProfile(s.vm);
    const p = profile;
    s.gas.profiler = (cost, what) => p.record(cost, what);
  }
  let error: string | null = null;
  try {
    runSource(s, new SourceFile(path, readFileSync(path, 'utf8')));
  } catch (e) {
    error = e instanceof PactError ? renderError(e) : `not a Pact error: ${String(e)}`;
  } finally {
    setTierMode(saved);
  }
  return {
    lines, error,
    results: s.testResults.map(r => `${r.passed} ${r.span?.range() ?? ''} ${r.doc}: ${r.message}`),
    milligas: s.gas.milligas,
    log: (s.gas.log ?? []).map(e => `${e.what} @${e.span?.range() ?? ''} ${e.cost}`),
    profile: profile ? profile.foldedText() : '',
  };
}

function assertSame(path: string, metered: boolean, flags: string[] = []): Transcript {
  const off = transcript(path, 'off', metered, flags);
  const on = transcript(path, 'always', metered, flags);
  assert.equal(on.lines, off.lines, `${path}: output lines`);
  assert.is(on.error, off.error, `${path}: error`);
  assert.equal(on.results, off.results, `${path}: test results`);
  assert.is(on.milligas, off.milligas, `${path}: gas`);
  assert.equal(on.log, off.log, `${path}: gas log`);
  assert.is(on.profile, off.profile, `${path}: gas profile`);
  return off;
}

const scripts = (() => {
  try { return readdirSync(PACT_TESTS).filter(f => f.endsWith('.repl')).sort(); } catch { return []; }
})();

for (const name of scripts) {
  corpusTest(`tier differential: ${name} runs identically with the tier off and forced on`, () => {
    const plain = assertSame(join(PACT_TESTS, name), false);
    assert.ok(plain.lines.length > 0 || plain.results.length > 0 || plain.error !== null, 'the script did something');
    assertSame(join(PACT_TESTS, name), true);
  });
}

corpusTest('tier differential: every gas golden charges identically with the tier off and forced on', () => {
  const goldens = readdirSync(GAS_GOLDENS).filter(f => f.endsWith('.repl')).sort();
  assert.ok(goldens.length > 100, `${goldens.length} goldens`);
  for (const name of goldens) {
    for (const flags of [[], ['DisablePact51']]) {
      const r = assertSame(join(GAS_GOLDENS, name), true, flags);
      assert.ok(r.milligas > 0 || r.error !== null, `${name} charged gas`);
    }
  }
});

test.run();
