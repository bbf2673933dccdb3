// Helpers for native tests: evaluate Pact source in a fresh REPL session and read back the
// rendered result, the error message, or the milligas charged under the table gas model.

import { evalLast, errorOf, runRepl } from '../helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL, MAX_MILLIGAS } from '../../runtime/gas/meter.js';

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

/** Milligas charged by running `src` with the table model and no effective limit (gas.md §7). */
export function milligas(src: string): number {
  const s = new ReplSession();
  s.gas.model = TABLE_MODEL;
  s.gas.setLimit(MAX_MILLIGAS);
  const r = runRepl(src, 'gas.repl', s);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return s.gas.milligas;
}

/** Pact's argsError text: the native called with arguments of these kinds (comma-separated). */
export function typeError(name: string, types: string): string {
  return `Type error: failed to call native function ${name} with argument(s) of type(s): ${types}`;
}
