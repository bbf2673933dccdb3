// Guard natives (language.md §7, natives.md §4–5): keysets by name, enforcement of every guard
// kind, capability/user/module guards, module admin, and the capability natives.

import {
  CapToken, CapabilityGuard, Closure, KeySetGuard, KeySetRefGuard, ModRef, ModuleGuard, PactGuard, UserGuard,
  isGuard, type Value,
} from '../../vm/values.js';
import { PactError, userError, nativeFailure } from '../../vm/errors.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError } from '../natives/errors.js';
import type { ContractHost } from './host.js';
import { disallowed } from './database.js';
import {
  KEYSETS_TABLE, type ChargeHook, enforceKeyFormats, enforceKeyset, keysetFromData, keysetKey, keysetNameError, keysetNamespace, lookupKeyset,
} from './keysets.js';
import type { Namespace } from './namespaces.js';
import { getModule, getModuleMember, invariantFailure } from './module-members.js';
import {
  composeCapability, emitEvent, inScope, installCapability, requireCapability, withCapability,
} from './capabilities.js';
import { PactObject } from '../../vm/values.js';
import { REPL_MODULE } from '../../vm/chunk.js';
import { GasCharges } from '../gas/charges.js';
import { countKeySet } from '../values/size.js';

/** StrOpParse(len) = 5·len + 1 mG (gas.md §2.3) */
function chargeParse(h: ContractHost, text: string): void {
  const n = [...text].length;
  if (h.gas.metered) h.gas.charge(5 * n + 1, `GStrOp (StrOpParse ${n})`);
}

function checkPactId(h: GuardHost, stored: string, what: string): void {
  const current = h.currentPactId();
  // Pact's getDefPactId: an execution error (try does not catch it), unlike the id mismatch
  if (current === null) throw new PactError('exec', 'Attempted to fetch defpact data, but currently not within defpact execution');
  if (current !== stored) throw userError(`${what}: invalid pact id, expected ${stored} got ${current}`);
}

export interface GuardHost extends ContractHost {
  namespace: string | null;
  /** the active namespace as `(namespace …)` loaded it */
  namespaceValue: Namespace | null;
  enforceGuardWithMagic(g: import('../../vm/values.js').Guard, magic: string, arg: string): void;
  /** the id of the defpact step executing now, or null */
  currentPactId(): string | null;
  /** acquire module admin by running the module's governance (keyset or capability) */
  acquireModuleAdmin(module: string): void;
}

/** Enforce any guard kind (or a keyset name) (language.md §7.1). */
export function enforceGuard(h: GuardHost, g: Value, native: string): Value {
  if (typeof g === 'string') {
    chargeParse(h, g);
    const key = keysetKey(g);
    if (key === null) throw keysetNameError(g);
    return enforceKeyset(h, lookupKeyset(h, key));
  }
  if (g instanceof KeySetGuard) return enforceKeyset(h, g);
  if (g instanceof KeySetRefGuard) return enforceKeyset(h, lookupKeyset(h, g.name));
  if (g instanceof UserGuard) {
    const fn = userGuardFunction(h, g.fun, g.args.length);
    const saved = h.caps.purity;
    // user guards run read-only; before Pact 5.3 (DisablePact53) they could not read user tables
    h.caps.purity = h.env.flags.has('DisablePact53') ? 'sys-only' : 'read-only';
    try {
      h.vm.call(fn, g.args);
    } finally {
      h.caps.purity = saved;
    }
    return true;
  }
  if (g instanceof CapabilityGuard) {
    if (g.pactId !== null) checkPactId(h, g.pactId, 'Capability pact guard failed');
    if (!inScope(h, new CapToken(g.name, g.args))) throw userError(() => `Capability not acquired: ${h.render(g)}`);
    return true;
  }
  if (g instanceof ModuleGuard) {
    h.warn('Module guard enforce detected. Module guards are known to be unsafe, and will be removed in a future version of pact');
    // Pact's calledByModule: any running frame's module, `#repl` for a REPL defun's
    if (h.vm.activeFunctions().some(p => (p.module ?? REPL_MODULE) === g.module)) return true;
    h.acquireModuleAdmin(g.module);
    return true;
  }
  if (g instanceof PactGuard) {
    checkPactId(h, g.pactId, 'Capability pact guard failed');
    return true;
  }
  throw argTypeError(native, [g]);
}

export function guardNatives(h: GuardHost): NativeTable {
  const str = (name: string, args: Value[], i = 0): string => {
    if (typeof args[i] !== 'string') throw argTypeError(name, args);
    return args[i] as string;
  };
  const topLevelOnly = (name: string) => {
    if (h.vm.activeFunctions().length > 0) throw new PactError('exec', `Top-level call used in module ${name}`);
  };

  /** ObjOpLookup(name, |message data|) (gas.md §3.4) */
  const charges = new GasCharges(h.gas);
  function chargeLookup(name: string): void {
    const data = h.env.data;
    if (data instanceof PactObject) charges.objOpLookup(name, data.size);
  }

  const keysetCharges: ChargeHook = {
    lookup: (field, size) => charges.objOpLookup(field, size),
    parse: text => chargeParse(h, text),
  };

  function readKeyset(name: string): KeySetGuard {
    chargeLookup(name);
    const data = h.env.data;
    const v = data instanceof PactObject ? data.get(name) : undefined;
    const ks = v === undefined ? null : keysetFromData(v, keysetCharges);
    if (!ks) throw userError('read-keyset failure');
    if (h.env.flags.has('EnforceKeyFormats')) enforceKeyFormats(ks);
    return ks;
  }

  /** Direct/CoreBuiltin.hs defineKeySet': the name's format, the old keyset's guard or (with
   *  RequireKeysetNs) the namespace's, the size charged, then the write. */
  function defineKeyset(name: string, ks: KeySetGuard): Value {
    const key = keysetKey(name);
    if (key === null) throw keysetNameError(name);
    const old = h.db.read(KEYSETS_TABLE, key);
    if (old instanceof KeySetGuard) h.enforceGuardWithMagic(old, 'DEFINE_KEYSET', name);
    else if (h.env.flags.has('RequireKeysetNs')) {
      // a new keyset must live in the active namespace, whose user guard must pass (§7.3)
      if (h.namespace === null) throw new PactError('exec', 'Cannot define keyset outside of a namespace');
      if (keysetNamespace(name) !== h.namespace) {
        throw new PactError('exec', `Error defining keyset, namespace mismatch, expected ${h.namespace}`);
      }
      const ns = h.namespaceValue;
      if (ns) h.enforceGuardWithMagic(ns.user, 'NAMESPACE', ns.name);
    }
    if (h.gas.metered) {
      const bytes = h.gas.sizeOf(countKeySet, ks);
      h.gas.charge(bytes * h.gas.model.config.perByteWriteCost, `GWrite ${bytes}`);
    }
    if (h.caps.purity !== 'impure') {
      throw disallowed();
    }
    h.db.write(KEYSETS_TABLE, key, ks);
    return 'Keyset write success';
  }

  return {
    // the arguments are matched before the top-level check (Direct/CoreBuiltin.hs defineKeySet)
    'define-keyset': args => {
      const name = str('define-keyset', args), ks = args[1];
      if (!(ks instanceof KeySetGuard)) throw argTypeError('define-keyset', args);
      topLevelOnly('define-keyset');
      return defineKeyset(name, ks);
    },
    // the one-argument define-keyset, which Pact names define-read-keyset in its errors
    'define-read-keyset': args => {
      const name = str('define-read-keyset', args);
      topLevelOnly('define-read-keyset');
      chargeLookup(name);
      const data = h.env.data;
      const v = data instanceof PactObject ? data.get(name) : undefined;
      const ks = v === undefined ? null : keysetFromData(v, keysetCharges);
      if (!ks) throw userError('define-read-keyset failure');
      return defineKeyset(name, ks);
    },
    'read-keyset': args => readKeyset(str('read-keyset', args)),
    'keyset-ref-guard': args => {
      const name = str('keyset-ref-guard', args);
      chargeParse(h, name);
      const key = keysetKey(name);
      if (key === null) throw keysetNameError(name);
      lookupKeyset(h, key);
      return new KeySetRefGuard(key);
    },
    'describe-keyset': args => {
      const name = str('describe-keyset', args);
      topLevelOnly('describe-keyset');
      const key = keysetKey(name);
      if (key === null) throw keysetNameError(name);
      return lookupKeyset(h, key);
    },
    'enforce-guard': args => enforceGuard(h, args[0], 'enforce-guard'),
    'enforce-keyset': args => enforceGuard(h, args[0], 'enforce-keyset'),
    'create-user-guard': args => {
      const fn = args[0], fnArgs = args[1];
      if (fn instanceof Closure && (fn.proto.kind === 'defcap' || fn.proto.kind === 'defpact')) {
        // Pact prints the kind right after "got", without a space
        throw new PactError('exec', `User guard closure ${fn.proto.qualifiedName} must be defun, got${fn.proto.kind}`);
      }
      if (!(fn instanceof Closure) || fn.proto.kind !== 'defun' || !Array.isArray(fnArgs)) {
        throw nativeFailure('create-user-guard', 'create-user-guard: expected function application of a top-level function');
      }
      return new UserGuard(fn.proto.qualifiedName, fnArgs);
    },
    'create-capability-guard': args => {
      const t = args[0];
      if (!(t instanceof CapToken)) throw argTypeError('create-capability-guard', args);
      return new CapabilityGuard(t.name, t.args, null);
    },
    'create-module-guard': args => {
      const name = str('create-module-guard', args);
      h.warn('Using deprecated native create-module-guard: Module guards have been deprecated and will be removed in a future release, please switch to capability guards');
      const mod = h.vm.callerModule();
      if (!mod) throw nativeFailure('create-module-guard', 'create-module-guard: must call within module');
      return new ModuleGuard(mod, name);
    },
    'acquire-module-admin': args => {
      const m = args[0];
      if (!(m instanceof ModRef)) throw argTypeError('acquire-module-admin', args);
      h.acquireModuleAdmin(m.module);
      return `Module admin for module ${m.module} acquired`;
    },
    'with-capability': args => withCapability(h, args[0], args[1]),
    'modref-member': args => {
      const ref = args[0], member = args[1], variable = args[2];
      if (!(ref instanceof ModRef)) throw new PactError('exec', `Attempted to use ${variable as string} as dynamic name, but it is not a modref`);
      // Direct/Evaluator.hs NDynRef: the module is looked up (getModule), then the member by its
      // full name, whose absence Pact takes for a broken invariant
      const m = getModule(h, ref.module);
      const v = m.members.get(member as string)?.value;
      if (v === undefined) {
        throw invariantFailure(`Unbound free variable ${ref.module}.${member as string}.{${m.hash}}`);
      }
      // Pact records the calling module for the reentrancy check (unless DisableReentrancyCheck)
      const caller = h.vm.callerModule();
      if (v instanceof Closure && caller !== null && !h.env.flags.has('DisableReentrancyCheck')) {
        return new Closure(v.proto, v.captures, caller);
      }
      return v;
    },
    'require-capability': args => requireCapability(h, args[0]),
    'compose-capability': args => composeCapability(h, args[0]),
    'install-capability': args => installCapability(h, args[0]),
    'emit-event': args => emitEvent(h, args[0]),
  };
}

export { isGuard };

/** The defun a user guard names, refused as Pact's runUserGuard refuses it: a missing module or
 *  member, an interface, a definition of another kind, or a different number of arguments. */
function userGuardFunction(h: GuardHost, qualified: string, argc: number): Closure {
  const { cell } = getModuleMember(h, qualified);
  // Pact prints the kind with no space before it, and spells a schema's kind "defscema"
  const kind = cell.kind === 'defschema' ? 'defscema' : cell.kind;
  if (kind !== 'defun' || !(cell.value instanceof Closure)) {
    throw new PactError('exec', `User guard closure ${qualified} must be defun, got${kind}`);
  }
  if (cell.value.proto.arity !== argc) throw new PactError('exec', 'Attempted to apply a closure outside of native callsite');
  return cell.value;
}
