// What the contracts runtime needs from the session (implemented by ReplSession).

import type { Machine } from '../../vm/machine.js';
import type { Closure, Value } from '../../vm/values.js';
import type { PactType } from '../../vm/types.js';
import type { Storage } from '../storage/memory.js';
import type { Environment, PactEvent } from '../natives/context.js';
import type { GasMeter } from '../gas/meter.js';
import type { ContractState } from './state.js';
import type { LoadedModule } from './modules.js';

export interface ContractHost {
  vm: Machine;
  gas: GasMeter;
  env: Environment;
  db: Storage;
  caps: ContractState;
  events: PactEvent[];
  render(v: Value): string;
  /** a warning, printed after the top-level form (Pact's emitPactWarning) */
  warn(text: string): void;
  /** a schema's field types by its qualified name */
  schemaFields(name: string): Map<string, PactType> | undefined;
  /** charges a runtime type check of `ticks` machine ticks (while metered) */
  chargeTypecheck(ticks: number): void;
  /** a module or interface by (possibly namespaced) name */
  module(name: string): LoadedModule | undefined;
  /** a version of a module deployed earlier in the session, by its hash (code compiled against
   *  an older version still runs it, and its capability tokens name that version's defcaps) */
  moduleVersion(hash: string): LoadedModule | undefined;
  /** a defun by qualified name `m.f` / `ns.m.f` */
  lookupDefun(qualified: string): Closure | undefined;
  /** does a signature with key `any` sign for every key? (the seed's opt-in wildcard) */
  anyKeyWildcard(): boolean;
}
