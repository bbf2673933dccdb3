// Natives about installed modules (natives.md §3): describe-module (Pact 5's fields plus the
// seed's `blessed` and `keyset`, as decisions.md settles it), list-modules, static-redeploy.

import { keysetKey } from './keysets.js';
import { isModuleName } from '../values/pact-names.js';
import { PactObject, UNIT, type Value } from '../../vm/values.js';
import { PactError, nativeFailure } from '../../vm/errors.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError } from '../natives/errors.js';
import type { LoadedModule } from './modules.js';
import type { ContractHost } from './host.js';
import { chargeModuleWrite } from '../gas/meter.js';

export interface ModuleNativesHost extends ContractHost {
  /** a module by name, with the namespace fallback */
  resolveModule(name: string): LoadedModule | undefined;
  moduleNames(): string[];
  saveModule(m: LoadedModule): void;
}


export function moduleNatives(h: ModuleNativesHost): NativeTable {
  const topLevelOnly = (name: string) => {
    if (h.vm.activeFunctions().length > 0) throw new PactError('exec', `Top-level call used in module ${name}`);
  };
  /** Pact's checkNonLocalAllowed: the REPL runs transactionally, so the flag refuses these. */
  const localOnly = (name: string) => {
    if (h.env.flags.has('DisableHistoryInTransactionalMode')) {
      throw new PactError('exec', `Operation only permitted in local execution mode: ${name}`);
    }
  };
  const nameArg = (native: string, args: Value[]): string => {
    if (typeof args[0] !== 'string') throw argTypeError(native, args);
    return args[0];
  };

  return {
    'describe-module': args => {
      const name = nameArg('describe-module', args);
      if (!isModuleName(name)) throw nativeFailure('describe-module', 'invalid module name format');
      topLevelOnly('describe-module');
      localOnly('describe-module');
      const m = h.module(name);
      if (!m) throw new PactError('exec', `Cannot find module: ${name}`);
      const fields: [string, Value][] = [['code', m.code], ['hash', m.hash], ['name', m.name], ['tx_hash', m.txHash]];
      fields.push(['blessed', m.blessed]);
      if (m.kind === 'module') {
        fields.push(['interfaces', m.interfaces]);
        // keyset governance by its keyset name, capability governance by its defcap
        fields.push(['keyset', m.governance.startsWith("'") ? keysetKey(m.governance.slice(1)) ?? '' : `${m.name}.${m.governance}`]);
      }
      return PactObject.of(fields);
    },
    'list-modules': () => {
      localOnly('list-modules');
      return h.moduleNames();
    },
    'static-redeploy': args => {
      const name = nameArg('static-redeploy', args);
      topLevelOnly('static-redeploy');
      // Direct/CoreBuiltin.hs coreStaticRedeploy: the name is parsed, then the module (or
      // interface) read by it as written, with no namespace fallback (getModuleData)
      if (!isModuleName(name)) throw nativeFailure('static-redeploy', 'invalid module name format');
      const m = h.module(name);
      if (!m) throw new PactError('exec', `Cannot find module: ${name}`);
      // the module is written back unchanged: its code (empty in the REPL store) and its data
      chargeModuleWrite(h.gas, m.sizes.stored);
      h.saveModule(m);
      return UNIT;
    },
  };
}
