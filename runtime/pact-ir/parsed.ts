// The IR between Pact's desugaring and renaming steps: the same shapes as terms.ts, but names are
// still as written (ParsedName) and type annotations still name their schemas (ParsedTyName).

import type {
  Builtin, Info, Literal, ModuleName, PrimType, QualifiedName, HashBytes,
} from './terms.js';

export type ParsedName =
  | { n: 'bare'; name: string }
  | { n: 'qualified'; q: QualifiedName }
  | { n: 'dynamic'; ref: string; member: string };

export type ParsedTyName = { bare: string } | { qualified: QualifiedName };

export type PType =
  | { t: 'prim'; prim: PrimType }
  | { t: 'list'; elem: PType }
  | { t: 'anyList' }
  | { t: 'modref'; interfaces: ModuleName[] }
  | { t: 'object'; schema: ParsedTyName }
  | { t: 'anyObject' }
  | { t: 'table'; schema: ParsedTyName }
  | { t: 'any' };

export interface PArg { name: string; type: PType | null; info: Info }

export type PForm =
  | { f: 'and' | 'or' | 'enforce' | 'enforceOne' | 'withCapability' | 'try'; a: PTerm; b: PTerm }
  | { f: 'if'; a: PTerm; b: PTerm; c: PTerm }
  | { f: 'createUserGuard' | 'pure' | 'error'; a: PTerm };

export type PTerm =
  | { t: 'var'; name: ParsedName; info: Info }
  | { t: 'lam'; args: PArg[]; body: PTerm; info: Info }
  | { t: 'let'; arg: PArg; value: PTerm; body: PTerm; info: Info }
  | { t: 'app'; fn: PTerm; args: PTerm[]; info: Info }
  | { t: 'seq'; first: PTerm; then: PTerm; info: Info }
  | { t: 'nullary'; body: PTerm; info: Info }
  | { t: 'form'; form: PForm; info: Info }
  | { t: 'builtin'; builtin: Builtin; info: Info }
  | { t: 'const'; lit: Literal; info: Info }
  | { t: 'list'; items: PTerm[]; info: Info }
  | { t: 'object'; fields: [string, PTerm][]; info: Info };

/** `@managed param manager` with the param's position among the defcap's arguments. */
export type PCapMeta =
  | { c: 'event' } | { c: 'unmanaged' } | { c: 'auto' }
  | { c: 'managed'; index: number; param: string; manager: ParsedName };

export type PStep = { s: 'step'; exec: PTerm } | { s: 'rollback'; exec: PTerm; rollback: PTerm };

export type PDef =
  | { d: 'defun'; spec: PArg; args: PArg[]; term: PTerm; info: Info }
  | { d: 'defconst'; spec: PArg; term: PTerm; info: Info }
  | { d: 'defcap'; spec: PArg; args: PArg[]; term: PTerm; meta: PCapMeta; info: Info }
  | { d: 'defschema'; name: string; fields: Map<string, PType>; info: Info }
  | { d: 'deftable'; name: string; schema: ParsedName; info: Info }
  | { d: 'defpact'; spec: PArg; args: PArg[]; steps: PStep[]; info: Info };

export type PIfDef =
  | { d: 'defun' | 'defpact'; spec: PArg; args: PArg[]; info: Info }
  | { d: 'defcap'; spec: PArg; args: PArg[]; meta: PCapMeta; info: Info }
  | { d: 'defconst'; spec: PArg; term: PTerm; info: Info }
  | { d: 'defschema'; name: string; fields: Map<string, PType>; info: Info };

export interface PImport { module: ModuleName; hash: HashBytes | null; imported: string[] | null }

export interface PModule {
  name: string;
  governance: { g: 'keyset'; name: string } | { g: 'cap'; name: string };
  defs: PDef[];
  blessed: HashBytes[];
  imports: PImport[];
  implements: ModuleName[];
  info: Info;
}

export interface PInterface { name: string; defs: PIfDef[]; imports: PImport[]; info: Info }

export function pdefName(d: PDef | PIfDef): string {
  return d.d === 'defschema' || d.d === 'deftable' ? d.name : d.spec.name;
}
