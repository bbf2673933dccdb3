// Helpers for native tests: evaluate Pact source in a fresh REPL session and read back the
// rendered result, the error message, or the milligas charged under the table gas model.

import { evalLast, errorOf, runRepl } from '../helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL, MAX_MILLIGAS } from '../../runtime/gas/meter.js';
import type { PactError } from '../../vm/errors.js';

/** The REPL rendering of the value of `src` (its last top-level form). */
export function ev(src: string): string {
  return evalLast(src);
}

/** `(show <expr>)` without the surrounding quotes: the exact text `show` produces. */
export function shown(expr: string): string {
  const out = evalLast(`(show ${expr})`);
  return out.slice(1, -1);
}

/** The error message `src` raises. */
export function err(src: string): string {
  return errorOf(src);
}

/** A fresh session with the table gas model and no effective limit (gas.md §7). */
export function meteredSession(): ReplSession {
  const s = new ReplSession();
  s.gas.model = TABLE_MODEL;
  s.gas.setLimit(MAX_MILLIGAS);
  return s;
}

/** `src` run metered (in `s`, by default a fresh metered session) with a fresh gas log: the
 *  rendered value of its last form (null on error), its error, and the log's entries. */
export function meteredRun(src: string, s: ReplSession = meteredSession()):
  { value: string | null; error: PactError | null; log: { what: string; cost: number }[] } {
  s.gas.log = [];
  const r = runRepl(src, 'x.repl', s);
  return { value: r.error ? null : r.traces[r.traces.length - 1], error: r.error, log: s.gas.log ?? [] };
}

/** Milligas charged by running `src` with the table model and no effective limit (gas.md §7). */
export function milligas(src: string): number {
  const s = meteredSession();
  const r = runRepl(src, 'gas.repl', s);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return s.gas.milligas;
}

/** Pact's argsError text: the native called with arguments of these kinds (comma-separated). */
export function typeError(name: string, types: string): string {
  return `Type error: failed to call native function ${name} with argument(s) of type(s): ${types}`;
}
