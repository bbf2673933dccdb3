// Helpers shared by the contracts survivors tests (guards, keysets, namespaces, defpacts, modules): run a
// script and read back each form's value or the error, and run a call under the table gas model
// after an unmetered setup to read what it charged.

import { runRepl } from '../helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL, MAX_MILLIGAS } from '../../runtime/gas/meter.js';

export { typeError } from '../natives/helpers.js';

/** The rendered value of each top-level form of `script`; throws if the script raised. */
export function values(script: string): string[] {
  const r = runRepl(script);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces;
}

/** The rendered value of the last top-level form of `script`. */
export function last(script: string): string {
  const out = values(script);
  return out[out.length - 1];
}

/** The message of the error that stops `script` (null if it ran through). */
export function failure(script: string): string | null {
  return runRepl(script).error?.message ?? null;
}

/** `call` run under the table gas model (no effective limit) after `setup` ran unmetered in the
 *  same session: the gas log (`label: milligas`, in order) and the error that stopped it, if any. */
export function metered(setup: string, call: string): { log: string[]; error: string | null } {
  const s = new ReplSession();
  const first = runRepl(setup, 'setup.repl', s);
  if (first.error) throw new Error(`setup failed: ${first.error.message}`);
  s.gas.model = TABLE_MODEL;
  s.gas.setLimit(MAX_MILLIGAS);
  s.gas.log = [];
  const r = runRepl(call, 'call.repl', s);
  return { log: (s.gas.log ?? []).map(e => `${e.what}: ${e.cost}`), error: r.error?.message ?? null };
}

/** Pact's pseudo-module `pact`, which REPL scripts define so that env-sigs can name the magic
 *  capabilities the system pushes while it enforces a guard on its own (keysets.repl). */
export const MAGIC_CAPS = `(module pact GOV
  (defcap GOV () true)
  (defcap DEFINE_KEYSET (name:string) (enforce false "Never called"))
  (defcap DEFINE_NAMESPACE (name:string) (enforce false "Never called"))
  (defcap NAMESPACE (name:string) (enforce false "Never called"))
  (defcap MODULE_KEYSET (name:string) (enforce false "Never called")))`;
