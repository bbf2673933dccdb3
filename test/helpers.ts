// Test helpers: run Pact source in a fresh REPL session and look at what it did.

import { SourceFile } from '../compiler/index.js';
import { ReplSession } from '../runtime/repl/session.js';
import { runSource } from '../runtime/repl/script.js';
import { pretty } from '../runtime/values/render.js';
import { PactError } from '../vm/errors.js';
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
