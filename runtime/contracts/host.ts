// What the contracts runtime needs from the session (implemented by ReplSession).

import type { Machine } from '../../vm/machine.js';
import type { Closure, Value } from '../../vm/values.js';
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
  /** a module or interface by (possibly namespaced) name */
  module(name: string): LoadedModule | undefined;
  /** a defun by qualified name `m.f` / `ns.m.f` */
  lookupDefun(qualified: string): Closure | undefined;
  /** does a signature with key `any` sign for every key? (the seed's opt-in wildcard) */
  anyKeyWildcard(): boolean;
}
