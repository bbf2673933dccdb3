// The differential test of the second tier: every upstream conformance script and every gas golden
// runs with the tier off and with it forced on from the first call (PACTVM_TIER=always); output
// lines, errors (text, location, Pact stack), test results, gas totals, the gas log (labels, sites,
// costs in order) and the gas profile must be identical.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceFile } from '../../compiler/index.js';
import { tokenize } from '../../compiler/lexer.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { renderError } from '../../runtime/repl/report.js';
import { GasProfile } from '../../runtime/gas/profile.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../../runtime/gas/meter.js';
import { PactError } from '../../vm/errors.js';
import type { TierMode } from '../../vm/tier.js';
import { GAS_GOLDENS, PACT_TESTS, corpusTest } from '../corpus.js';
import { seededRandom, inTierMode } from '../helpers.js';

interface Transcript { lines: string[]; error: string | null; results: string[]; milligas: number; log: string[]; profile: string }

/** Runs a script (the file at `path`, or `text` under that name) in a fresh session with the tier
 *  in `mode`; `metered`: table gas, gas log and profile on. */
function transcript(path: string, mode: TierMode, metered: boolean, flags: string[] = [], text?: string): Transcript {
  return inTierMode(mode, () => {
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
      runSource(s, new SourceFile(path, text ?? readFileSync(path, 'utf8')));
    } catch (e) {
      error = !(e instanceof PactError) ? `not a Pact error: ${String(e)}`
        : e.kind === 'internal' ? `internal error: ${renderError(e)}` : renderError(e);
    }
    return {
      lines, error,
      results: s.testResults.map(r => `${r.passed} ${r.span?.range() ?? ''} ${r.doc}: ${r.message}`),
      milligas: s.gas.milligas,
      log: (s.gas.log ?? []).map(e => `${e.what} @${e.span?.range() ?? ''} ${e.cost}`),
      profile: profile ? profile.foldedText() : '',
    };
  });
}

function assertSame(path: string, metered: boolean, flags: string[] = [], text?: string): Transcript {
  const off = transcript(path, 'off', metered, flags, text);
  const on = transcript(path, 'always', metered, flags, text);
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

const SWAPPABLE = new Set(['ident', 'int', 'string', 'tick']);

corpusTest('tier differential: 300 mutants of the conformance scripts run identically with the tier off and forced on', () => {
  // Each mutant swaps one to four names, numbers, strings or ticks of a script for others of the
  // same kind from the corpus: most still parse, and then run into the error paths (unknown
  // names, wrong types, failed enforces, exhausted managed amounts) a tier template is likeliest
  // to get wrong. Pairing and Poseidon are left out for time.
  const rand = seededRandom(20261127);
  const sources = scripts.filter(f => !/pairing|poseidon/.test(f)).map(f => ({ path: join(PACT_TESTS, f), text: readFileSync(join(PACT_TESTS, f), 'utf8') }));
  const tokensOf = new Map(sources.map(src => [src, tokenize(new SourceFile(src.path, src.text)).filter(t => SWAPPABLE.has(t.type))]));
  const pool = new Map<string, string[]>();
  for (const tokens of tokensOf.values()) for (const t of tokens) (pool.get(t.type) ?? pool.set(t.type, []).get(t.type)!).push(t.text);
  let ranDeep = 0;
  for (let i = 0; i < 300; i++) {
    const src = sources[Math.floor(rand() * sources.length)];
    const tokens = tokensOf.get(src)!;
    // edits from the end backwards, so that earlier offsets stay valid
    const picked = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => tokens[Math.floor(rand() * tokens.length)])
      .sort((a, b) => b.start - a.start).filter((t, k, all) => k === 0 || t.end <= all[k - 1].start);
    let text = src.text;
    for (const t of picked) {
      const same = pool.get(t.type)!;
      text = text.slice(0, t.start) + same[Math.floor(rand() * same.length)] + text.slice(t.end);
    }
    const run = assertSame(src.path, rand() < 0.5, [], text);
    assert.not.ok(run.error?.startsWith('not a Pact error') || run.error?.startsWith('internal error'), `mutant ${i} of ${src.path}: ${run.error}`);
    if (run.results.length > 5) ranDeep++;
  }
  // the mutants reach the engine: a fifth or more get past six expects (80 with this seed)
  assert.ok(ranDeep >= 60, `${ranDeep} of 300 mutants ran past six expects`);
});

test.run();
