// What building a module's IR needs to know about the world outside the module form, and a
// helper that summarises a built module for later lookups (the lead keeps one per deployed module).

import type { Value } from '../../vm/values.js';
import {
  defName, ifDefName, type Def, type FullyQualifiedName, type IfDef, type HashBytes, type Interface, type Module, type ModuleName, type Schema,
} from './terms.js';

/** What a member of a deployed module is (Pact's DefKind); schemas carry their resolved fields. */
export type MemberKind =
  | { k: 'defun' } | { k: 'defconst' } | { k: 'defcap' } | { k: 'defpact' } | { k: 'deftable' }
  | { k: 'defschema'; schema: Schema };

export interface ModuleSummary {
  /** the module's real (possibly namespaced) name */
  name: ModuleName;
  kind: 'module' | 'interface';
  /** the current module hash (32 bytes) */
  hash: HashBytes;
  /** interfaces a module implements (empty for interfaces) */
  implements: ModuleName[];
  /** members visible through it: every def of a module; only defconsts and defschemas of an
   *  interface (as Pact's `use` and qualified lookups see them) */
  members: Map<string, MemberKind>;
  /** the stored definitions, for the dependency map of ModuleData (storage gas); optional */
  defs?: Map<string, Def>;
  /** the source file its definitions' infos point into (for the stored bytes); optional */
  file?: string;
  /** an interface's declarations in its definition order (checked by `implements`) */
  ifDefs?: IfDef[];
}

/**
 * The world a module is compiled in. For the REPL:
 * - `namespace`: the current namespace (`(namespace "ns")`), or null; new modules are mangled
 *   into it and bare module names fall back to it.
 * - `txHash`: the transaction hash (`env-hash`, 32 bytes); part of stored modules (not hashes).
 * - `topLevel(name)`: Pact's loaded top-level names: members brought in by a top-level `use`,
 *   members of modules/interfaces deployed earlier in the transaction, and REPL defuns/defconsts
 *   (module `#repl`, hash as Pact's REPL uses). Undefined when the name is not loaded.
 * - `lookupModule(name)`: a deployed module or interface by its exact name (`ns.m` → namespace
 *   "ns"), undefined if none. `summarize()` below builds the answer from our own IR.
 * - `constValue(name)`: the evaluated value of this module's defconst `name` (our runtime
 *   Value); Pact hashes modules after constant evaluation. Undefined leaves it unevaluated.
 * - `replNatives`: resolve REPL-only natives (true in .repl files; default true).
 * - `disablePact51`: the DisablePact51 execution flag (a managed capability's manager may then
 *   be any definition).
 * - `disablePact53`: the DisablePact53 execution flag (`error` and `pure` are plain names).
 */
export interface ModuleHashContext {
  namespace: string | null;
  txHash: HashBytes;
  topLevel(name: string): { module: ModuleName; hash: HashBytes; kind: MemberKind } | undefined;
  lookupModule(name: ModuleName): ModuleSummary | undefined;
  constValue?(name: string): Value | undefined;
  replNatives?: boolean;
  disablePact51?: boolean;
  disablePact53?: boolean;
  /** Pact's "all loaded" map (loAllLoaded): every definition loaded in this transaction */
  allLoaded?(): Iterable<[FullyQualifiedName, Def]>;
}

/** A summary of a module or interface we built, for `lookupModule` once it is deployed. */
export function summarize(m: { module: Module } | { interface: Interface }): ModuleSummary {
  const members = new Map<string, MemberKind>();
  const defs = new Map<string, Def>();
  if ('module' in m) {
    for (const d of m.module.defs) {
      members.set(defName(d), memberKind(d, m.module.name));
      defs.set(defName(d), d);
    }
    return { name: m.module.name, kind: 'module', hash: m.module.hash, implements: m.module.implements, members, defs, file: m.module.file };
  }
  for (const d of m.interface.defs) {
    if (d.d === 'defconst') {
      members.set(ifDefName(d), { k: 'defconst' });
      defs.set(ifDefName(d), { d: 'defconst', defconst: d.defconst });
    } else if (d.d === 'defschema') {
      members.set(d.defschema.name, memberKind({ d: 'defschema', defschema: d.defschema }, m.interface.name));
      defs.set(d.defschema.name, { d: 'defschema', defschema: d.defschema });
    }
  }
  return {
    name: m.interface.name, kind: 'interface', hash: m.interface.hash, implements: [], members, defs, file: m.interface.file,
    ifDefs: m.interface.defs,
  };
}

export function memberKind(d: Def, module: ModuleName): MemberKind {
  switch (d.d) {
    case 'defun': return { k: 'defun' };
    case 'defconst': return { k: 'defconst' };
    case 'defcap': return { k: 'defcap' };
    case 'defpact': return { k: 'defpact' };
    case 'deftable': return { k: 'deftable' };
    case 'defschema': return { k: 'defschema', schema: { name: { name: d.defschema.name, module }, fields: d.defschema.fields } };
  }
}
