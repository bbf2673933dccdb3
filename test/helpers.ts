// Test helpers: run Pact source in a fresh REPL session and look at what it did.

import { SourceFile } from '../compiler/index.js';
import { ReplSession } from '../runtime/repl/session.js';
import { runSource } from '../runtime/repl/script.js';
import { pretty } from '../runtime/values/render.js';
import { PactError } from '../vm/errors.js';
import { TABLE_MODEL, MAX_MILLIGAS } from '../runtime/gas/meter.js';
import { setTierMode, tierSettings, type TierMode } from '../vm/tier.js';
import { PassThrough } from 'node:stream';
import { interactive } from '../runtime/repl/interactive.js';
import { withDeadline } from './deadline.js';

export interface Ran {
  session: ReplSession;
  /** rendered top-level results, in order */
  traces: string[];
  prints: string[];
  error: PactError | null;
}

export function runRepl(text: string, file = 'test.repl', session?: ReplSession): Ran {
  const traces: string[] = [], prints: string[] = [];
  const s = session ?? new ReplSession();
  s.out = { print: t => prints.push(t), trace: t => traces.push(t) };
  let error: PactError | null = null;
  try {
    runSource(s, new SourceFile(file, text));
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    error = e;
  }
  return { session: s, traces, prints, error };
}

/** What a metered call did: its gas log, the milligas counted, its error, its rendered results. */
export interface Metered {
  log: { what: string; cost: number }[];
  milligas: number;
  error: PactError | null;
  traces: string[];
}

/**
 * `call` run after `setup` in the same session: the setup runs unmetered (an error in it fails the
 * test), then the gas model is set (the table model, or the REPL's free model with `free`), the
 * limit (`limitGas` gas, by default none that can be reached) and a fresh gas log.
 */
export function meteredAfter(setup: string, call: string, opts: { free?: boolean; limitGas?: number } = {}): Metered {
  const s = new ReplSession();
  const first = runRepl(setup, 'setup.repl', s);
  if (first.error) throw new Error(`setup failed: ${first.error.message}`);
  if (!opts.free) s.gas.model = TABLE_MODEL;
  s.gas.setLimit(opts.limitGas === undefined ? MAX_MILLIGAS : opts.limitGas * 1000);
  s.gas.log = [];
  const r = runRepl(call, 'call.repl', s);
  return { log: s.gas.log, milligas: s.gas.milligas, error: r.error, traces: r.traces };
}

/** A gas log as `label: milligas` lines. */
export const logLines = (m: Metered): string[] => m.log.map(e => `${e.what}: ${e.cost}`);

/** The rendered value of the last top-level expression; throws if the source raised. */
export function evalLast(text: string): string {
  const r = runRepl(text);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces[r.traces.length - 1];
}

/** The message of the error the source raises; throws if it raises none. */
export function errorOf(text: string): string {
  const r = runRepl(text);
  if (!r.error) throw new Error(`expected an error, got ${r.traces.join(' | ')}`);
  return r.error.message;
}

export { pretty };

/** A seeded generator of numbers in [0, 1) (a linear congruential one), so that a randomised test
 *  that fails names a case that reproduces. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => { state = (state * 1664525 + 1013904223) >>> 0; return state / 2 ** 32; };
}

/** Runs `body` with the tier in `mode`, then puts back the mode it was in (if `body` throws too). */
export function inTierMode<T>(mode: TierMode, body: () => T): T {
  const saved = tierSettings.mode;
  setTierMode(mode);
  try {
    return body();
  } finally {
    setTierMode(saved);
  }
}

/** Everything `pactvm repl` writes for `input` piped in, once the session has ended (or a deadline error). */
export async function replTranscript(input: string, ms = 30_000): Promise<string> {
  const inp = new PassThrough(), out = new PassThrough();
  let text = '';
  out.on('data', d => { text += d.toString(); });
  const done = interactive(inp, out);
  inp.end(input);
  await withDeadline(done, ms, 'the REPL session');
  return text;
}
