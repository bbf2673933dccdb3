// Test helpers for the typechecker: load Pact source defining module `t`, typecheck it, and read
// the inferred types (one line each, variables named by position) or the rendered error.

import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { typecheckDeployed, type TypecheckOutcome } from '../../runtime/typecheck/deployed.js';
import { showDefnType } from '../../runtime/typecheck/index.js';

export function typecheckSource(src: string, module = 't'): TypecheckOutcome {
  const s = new ReplSession();
  runSource(s, new SourceFile('t.repl', src));
  const m = s.module(module);
  if (!m) throw new Error(`the source defines no module ${module}`);
  return typecheckDeployed(m, n => s.module(n), () => src);
}

/** The inferred type of each definition of module `t` (the governance cap `g` aside). */
export function typesOf(src: string): Record<string, string> {
  const r = typecheckSource(src);
  if (!r.ok) throw new Error(`expected module t to typecheck:\n${r.message}`);
  return Object.fromEntries([...r.types].filter(([k]) => k !== 'g').map(([k, v]) => [k, showDefnType(v)]));
}

/** The rendered typecheck error for module `t`. */
export function errorOf(src: string): string {
  const r = typecheckSource(src);
  if (r.ok) throw new Error('expected module t to fail to typecheck');
  return r.message;
}

/** A module `t` with governance `g` around the given definitions. */
export const mod = (defs: string) => `(module t g (defcap g () true)\n${defs})`;
