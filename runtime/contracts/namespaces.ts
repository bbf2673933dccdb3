// Namespaces (language.md §4.3): define-namespace, namespace, describe-namespace, the install
// policy for modules, and env-namespace-policy's smart policy.

import { Closure, PactObject, isGuard, type Guard, type Value } from '../../vm/values.js';
import { PactError, nativeFailure } from '../../vm/errors.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError, boolResult } from '../natives/errors.js';
import type { ContractHost } from './host.js';
import { disallowed } from './database.js';
import { count, countGuard, countText } from '../values/size.js';
import { readLabel, writeLabel } from '../gas/meter.js';

export const NAMESPACES_TABLE = 'SYS:Namespaces';

export interface Namespace { name: string; user: Guard; admin: Guard }

/** `simple`: root installs allowed, anyone may define; `smart`: a manager defun decides. */
export type NamespacePolicy = { kind: 'simple' } | { kind: 'smart'; allowRoot: boolean; manager: Closure };

export interface NamespaceHost extends ContractHost {
  namespace: string | null;
  /** the active namespace as `(namespace …)` loaded it (Pact's loNamespace): module installs and
   *  keyset definitions enforce its user guard as it was then */
  namespaceValue: Namespace | null;
  namespacePolicy: NamespacePolicy;
  /** enforce a guard with a `pact.<MAGIC> arg` capability in scope (scoped signatures count) */
  enforceGuardWithMagic(g: Guard, magic: string, arg: string): void;
}

export function lookupNamespace(h: ContractHost, name: string): Namespace | undefined {
  return h.db.read(NAMESPACES_TABLE, name) as unknown as Namespace | undefined;
}

/** Reading a namespace: GRead(len name), then GRead(sizeOf namespace) when found (gas.md §3.4). */
function readNamespaceGassed(h: ContractHost, name: string): Namespace | undefined {
  const gas = h.gas;
  const perByte = gas.model.config.perByteReadCost;
  if (gas.metered) gas.charge([...name].length * perByte, `GRead ${[...name].length}`);
  const ns = lookupNamespace(h, name);
  if (ns && gas.metered) {
    const bytes = gas.sizeOf(countNamespace, ns);
    gas.charge(bytes * perByte, readLabel, bytes);
  }
  return ns;
}

/** Counts sizeOf Namespace{name, user guard, admin guard} (gas.md §4). */
function countNamespace(ns: Namespace): void {
  count(1);
  countText(ns.name);
  countGuard(ns.user);
  countGuard(ns.admin);
}

/** define-namespace's isValidNsFormat: Latin-1 only, a letter first, then letters, numbers (Haskell's
 *  isAlphaNum: ² ³ ¹ ¼ ½ ¾ too) and the name symbols. */
const VALID_NAME = /^(?=[\x00-\xff]+$)\p{L}[\p{L}\p{N}%#+\-_&$@<>=^?*!|/~]*$/u;

/** Before installing a module: the active namespace's user guard, or the root policy. */
export function checkInstall(h: NamespaceHost): void {
  // Compile.hs enforceNamespaceInstall
  const ns = h.namespaceValue;
  if (ns !== null) {
    h.enforceGuardWithMagic(ns.user, 'NAMESPACE', ns.name);
    return;
  }
  const p = h.namespacePolicy;
  if (p.kind === 'smart' && !p.allowRoot) {
    throw new PactError('exec', 'Namespace installation error: cannot install in root namespace');
  }
}

export function namespaceNatives(h: NamespaceHost): NativeTable {
  const topLevelOnly = (name: string) => {
    if (h.vm.activeFunctions().length > 0) throw new PactError('exec', `Top-level call used in module ${name}`);
  };
  return {
    'define-namespace': args => {
      const name = args[0], user = args[1], admin = args[2];
      if (typeof name !== 'string' || !isGuard(user) || !isGuard(admin)) throw argTypeError('define-namespace', args);
      topLevelOnly('define-namespace');
      if (!VALID_NAME.test(name)) throw nativeFailure('define-namespace', 'invalid namespace format');
      const existing = readNamespaceGassed(h, name);
      if (existing) h.enforceGuardWithMagic(existing.admin, 'DEFINE_NAMESPACE', name);
      else if (h.namespacePolicy.kind === 'smart') {
        const ok = h.vm.call(h.namespacePolicy.manager, [name, admin]);
        // the manager's answer is judged as the REPL's evaluator judges it (Direct/CoreBuiltin.hs
        // coreDefineNamespace: enforceBool, then writeNs)
        if (!boolResult(ok)) throw nativeFailure('define-namespace', 'Namespace definition not permitted');
      }
      // writeNs: the size is charged, then the write, which read-only code refuses
      const ns: Namespace = { name, user, admin };
      if (h.gas.metered) {
        const bytes = h.gas.sizeOf(countNamespace, ns);
        h.gas.charge(bytes * h.gas.model.config.perByteWriteCost, writeLabel, bytes);
      }
      if (h.caps.purity !== 'impure') {
        throw disallowed();
      }
      h.db.write(NAMESPACES_TABLE, name, ns as unknown as Value);
      return `Namespace defined: ${name}`;
    },
    'namespace': args => {
      const name = args[0];
      if (typeof name !== 'string') throw argTypeError('namespace', args);
      topLevelOnly('namespace');
      if (name === '') {
        h.namespace = null;
        h.namespaceValue = null;
        return 'Namespace reset to root';
      }
      const ns = readNamespaceGassed(h, name);
      if (!ns) throw new PactError('exec', `Namespace not found: ${name}`);
      h.namespace = name;
      h.namespaceValue = ns;
      return `Namespace set to ${name}`;
    },
    'describe-namespace': args => {
      const name = args[0];
      if (typeof name !== 'string') throw argTypeError('describe-namespace', args);
      const ns = readNamespaceGassed(h, name);
      if (!ns) throw new PactError('exec', `Namespace not found: ${name}`);
      return PactObject.of([['admin-guard', ns.admin], ['namespace-name', ns.name], ['user-guard', ns.user]]);
    },
  };
}
