// Typechecking a module deployed in a session: its stored Pact IR, dependencies and interfaces
// come from the module records the REPL keeps (contracts/modules.ts `LoadedModule`).

import type { LoadedModule } from '../contracts/modules.js';
import { renderModuleName, type ModuleName } from '../pact-ir/terms.js';
import { typecheckModule, type DefnType } from './index.js';
import { TypecheckError, type TypecheckProblem } from './tc-errors.js';
import { renderTypecheckError, type SourceLookup } from './render-tc.js';

export type TypecheckOutcome =
  | { ok: true; types: Map<string, DefnType> }
  | { ok: false; problem: TypecheckProblem; message: string };

/** Typecheck the deployed module `m`; `lookup` finds other deployed modules by full name. */
export function typecheckDeployed(m: LoadedModule, lookup: (name: string) => LoadedModule | undefined, source: SourceLookup): TypecheckOutcome {
  const built = m.sizes.built;
  if (!('module' in built)) throw new Error(`${m.name} is an interface`);
  const fileOf = (mn: ModuleName) => {
    const other = lookup(renderModuleName(mn));
    return other?.summary.file ?? built.module.file ?? '';
  };
  try {
    const types = typecheckModule({
      module: built.module,
      file: built.module.file ?? '',
      deps: m.sizes.deps,
      fileOf,
      interfaceOf: mn => {
        const other = lookup(renderModuleName(mn));
        const b = other?.sizes.built;
        return b && 'interface' in b ? { iface: b.interface, file: b.interface.file ?? fileOf(mn) } : undefined;
      },
    });
    return { ok: true, types };
  } catch (e) {
    // Pact crashes on its internal invariants; we report them as unchecked, never as success
    const problem: TypecheckProblem = e instanceof TypecheckError ? e.problem
      : { e: 'notSupported', what: `internal invariant (${e instanceof Error ? e.message : String(e)})`, at: { file: built.module.file ?? '', span: built.module.info } };
    return { ok: false, problem, message: renderTypecheckError(problem, source) };
  }
}
