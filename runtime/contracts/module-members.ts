// Reaching a module or one of its members by name at run time, with Pact's errors for each miss
// (Persistence/Utils.hs getModule, getModuleMemberWithHash): user guards, keyset predicates,
// module references and defpacts continued after an upgrade all go through these.

import { PactError } from '../../vm/errors.js';
import type { GlobalCell } from '../../vm/chunk.js';
import type { ContractHost } from './host.js';
import type { LoadedModule } from './modules.js';

/** getModule: a module (an interface is refused) by its full name. */
export function getModule(h: ContractHost, name: string): LoadedModule {
  const m = h.module(name);
  if (!m) throw new PactError('exec', `Cannot find module: ${name}`);
  if (m.kind === 'interface') throw new PactError('exec', `Expected module, found interface: ${name}`);
  return m;
}

/** getModuleMemberWithHash: `module.member` in the module's current version, and that module. */
export function getModuleMember(h: ContractHost, qualified: string): { module: LoadedModule; cell: GlobalCell } {
  const dot = qualified.lastIndexOf('.');
  const module = getModule(h, qualified.slice(0, dot));
  const cell = module.members.get(qualified.slice(dot + 1));
  if (!cell) throw new PactError('exec', `Module member does not exist ${qualified}.{${module.hash}}`);
  return { module, cell };
}

/** Pact's failInvariant: a definition its evaluator expected by fully qualified name is missing
 *  or of another kind (an execution error, which `try` does not catch). */
export function invariantFailure(what: string): PactError {
  return new PactError('exec', `Fatal execution error, invariant violated: ${what}`);
}
