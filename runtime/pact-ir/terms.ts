// A mirror of Pact 5's desugared, renamed module IR (Pact.Core.IR.Term and friends), shaped exactly
// as Pact serialises it for module hashes and measures it for gas (`sizeOf`). Execution never uses it.

import { REPL_MODULE as REPL_MODULE_NAME } from '../../vm/chunk.js';

/** Source info of a node. `null` is Pact's `()` (info erased, as when hashing or sizing for desugar
 *  gas); a SpanInfo is stored with the module and costs 21 bytes in `sizeOf`. */
export interface SpanInfo { startLine: number; startCol: number; endLine: number; endCol: number }
export type Info = SpanInfo | null;

/** Hash bytes (`ModuleHash`/`Hash`, a ShortByteString). */
export type HashBytes = Uint8Array;

const utf8 = new TextEncoder();
/** `#placeholder`: the hash of a module while it is being desugared and hashed. */
export const MODULE_PLACEHOLDER: HashBytes = utf8.encode('#placeholder');
/** `placeholder` (no `#`): Pact's desugarer uses this spelling for interfaces. */
export const INTERFACE_PLACEHOLDER: HashBytes = utf8.encode('placeholder');
export const EMPTY_HASH: HashBytes = new Uint8Array(0);
/** REPL defuns/defconsts live in the pseudo-module `#repl` with the hash bytes `#repl`. */
export const REPL_MODULE = { name: REPL_MODULE_NAME, namespace: null } as const;
export const REPL_MODULE_HASH: HashBytes = utf8.encode(REPL_MODULE_NAME);

// ------------------------------------------------------------------------------------- names

export interface ModuleName { name: string; namespace: string | null }
export interface QualifiedName { name: string; module: ModuleName }
export interface FullyQualifiedName { module: ModuleName; name: string; hash: HashBytes }

export type NameKind =
  /** a local, as a de Bruijn index (0 = innermost binder) */
  | { k: 'bound'; index: number }
  /** a module member; self-references carry the placeholder hash until hashing */
  | { k: 'toplevel'; module: ModuleName; hash: HashBytes }
  | { k: 'modref'; module: ModuleName; implemented: ModuleName[] }
  /** `m::f`: `name` is the local `m`, `member` is `f`, `index` the local's de Bruijn index */
  | { k: 'dynref'; member: string; index: number };

export interface Name { name: string; kind: NameKind }

// ------------------------------------------------------------------------------------- types

/** Constructor order = Pact's tag order. */
export const PRIM_TYPES = ['integer', 'decimal', 'bool', 'string', 'guard', 'time', 'unit'] as const;
export type PrimType = typeof PRIM_TYPES[number];

export interface Schema { name: QualifiedName; fields: Map<string, Type> }

export type Type =
  | { t: 'prim'; prim: PrimType }
  | { t: 'list'; elem: Type }
  | { t: 'anyList' }
  | { t: 'modref'; interfaces: ModuleName[] }
  | { t: 'object'; schema: Schema }
  | { t: 'anyObject' }
  | { t: 'table'; schema: Schema }
  | { t: 'capToken' }
  | { t: 'any' };

export interface Arg { name: string; type: Type | null; info: Info }

// ---------------------------------------------------------------------------------- builtins

/** A builtin as the REPL stores it: `RBuiltinWrap core` or `RBuiltinRepl repl`, each an enum index. */
export type Builtin = { k: 'core'; tag: number } | { k: 'repl'; tag: number };

// ------------------------------------------------------------------------------ literals, values

export type Literal =
  | { l: 'string'; value: string }
  | { l: 'integer'; value: bigint }
  | { l: 'decimal'; places: number; mantissa: bigint }
  | { l: 'unit' }
  | { l: 'bool'; value: boolean };

export type KSPredicate =
  | { p: 'keys-all' } | { p: 'keys-2' } | { p: 'keys-any' }
  | { p: 'custom'; name: { qualified: QualifiedName } | { bare: string } };

export interface KeySetName { name: string; namespace: string | null }

export type Guard =
  | { g: 'keyset'; keys: string[]; pred: KSPredicate }
  | { g: 'keysetRef'; name: KeySetName }
  | { g: 'user'; fun: QualifiedName; args: PactValue[] }
  | { g: 'capability'; name: QualifiedName; args: PactValue[]; pactId: string | null }
  | { g: 'module'; module: ModuleName; name: string }
  | { g: 'defpact'; pactId: string; name: string };

export type PactValue =
  | { v: 'literal'; lit: Literal }
  | { v: 'list'; items: PactValue[] }
  | { v: 'guard'; guard: Guard }
  /** fields are encoded in key order whatever the order here */
  | { v: 'object'; fields: Map<string, PactValue> }
  | { v: 'modref'; module: ModuleName; implemented: ModuleName[] }
  | { v: 'capToken'; name: FullyQualifiedName; args: PactValue[] }
  /** TableValue: the table's own name and module (TableName), the module hash its reference
   *  carries, and the schema it resolved to */
  | { v: 'table'; name: string; module: ModuleName; hash: HashBytes; schema: Schema }
  /** microseconds since the POSIX epoch (PactTime's count; encoded shifted to the MJD epoch) */
  | { v: 'time'; micros: bigint };

// ------------------------------------------------------------------------------------- terms

/** Special forms kept as nodes (Pact's `BuiltinForm`); constructor order = tag order. */
export type BuiltinForm =
  | { f: 'and'; a: Term; b: Term }
  | { f: 'or'; a: Term; b: Term }
  | { f: 'if'; cond: Term; then: Term; else: Term }
  | { f: 'enforceOne'; msg: Term; conds: Term }
  | { f: 'enforce'; cond: Term; msg: Term }
  | { f: 'withCapability'; cap: Term; body: Term }
  | { f: 'try'; fallback: Term; body: Term }
  | { f: 'createUserGuard'; app: Term }
  | { f: 'pure'; body: Term }
  | { f: 'error'; msg: Term };

export type Term =
  | { t: 'var'; name: Name; info: Info }
  | { t: 'lam'; args: Arg[]; body: Term; info: Info }
  | { t: 'let'; arg: Arg; value: Term; body: Term; info: Info }
  | { t: 'app'; fn: Term; args: Term[]; info: Info }
  | { t: 'seq'; first: Term; then: Term; info: Info }
  | { t: 'nullary'; body: Term; info: Info }
  | { t: 'form'; form: BuiltinForm; info: Info }
  | { t: 'builtin'; builtin: Builtin; info: Info }
  | { t: 'const'; lit: Literal; info: Info }
  | { t: 'list'; items: Term[]; info: Info }
  | { t: 'object'; fields: [string, Term][]; info: Info }
  | { t: 'inline'; value: PactValue; info: Info };

// -------------------------------------------------------------------------------------- defs

export type DefManagedMeta =
  | { m: 'managed'; index: number; param: string; manager: FullyQualifiedName }
  | { m: 'auto' };
export type DefCapMeta = { c: 'event' } | { c: 'managed'; meta: DefManagedMeta } | { c: 'unmanaged' };

/** Interface defcaps name their manager by bare name. */
export type IfManagedMeta =
  | { m: 'managed'; index: number; param: string; manager: string }
  | { m: 'auto' };
export type IfDefCapMeta = { c: 'event' } | { c: 'managed'; meta: IfManagedMeta } | { c: 'unmanaged' };

export type ConstVal = { c: 'term'; term: Term } | { c: 'evaled'; value: PactValue };

export type Step =
  | { s: 'step'; exec: Term }
  | { s: 'rollback'; exec: Term; rollback: Term };

export interface Defun { spec: Arg; args: Arg[]; term: Term; info: Info }
export interface DefConst { spec: Arg; value: ConstVal; info: Info }
export interface DefCap { spec: Arg; args: Arg[]; term: Term; meta: DefCapMeta; info: Info }
export interface DefSchema { name: string; fields: Map<string, Type>; info: Info }
export interface DefTable { name: string; schema: Schema; info: Info }
export interface DefPact { spec: Arg; args: Arg[]; steps: Step[]; info: Info }

export type Def =
  | { d: 'defun'; defun: Defun }
  | { d: 'defconst'; defconst: DefConst }
  | { d: 'defcap'; defcap: DefCap }
  | { d: 'defschema'; defschema: DefSchema }
  | { d: 'deftable'; deftable: DefTable }
  | { d: 'defpact'; defpact: DefPact };

export type IfDef =
  | { d: 'defun'; spec: Arg; args: Arg[]; info: Info }
  | { d: 'defconst'; defconst: DefConst }
  | { d: 'defcap'; spec: Arg; args: Arg[]; meta: IfDefCapMeta; info: Info }
  | { d: 'defschema'; defschema: DefSchema }
  | { d: 'defpact'; spec: Arg; args: Arg[]; info: Info };

export type Governance =
  | { g: 'keyset'; keyset: KeySetName }
  | { g: 'cap'; fqn: FullyQualifiedName };

export interface Import { module: ModuleName; hash: HashBytes | null; imported: string[] | null }

export interface Module {
  name: ModuleName;
  governance: Governance;
  defs: Def[];
  /** a set: encoded in byte order, duplicates dropped */
  blessed: HashBytes[];
  imports: Import[];
  implements: ModuleName[];
  hash: HashBytes;
  txHash: HashBytes;
  /** the module source; counted by `sizeOf` only when non-empty, never serialised */
  code: string;
  info: Info;
  /** the other modules its names resolved into (the renamer's rsDependencies): what an interface
   *  (and a module under DisablePact51) stores with itself */
  deps?: ModuleName[];
  /** the source file its infos point into (the file half of the REPL's FileLocSpanInfo);
   *  set once the module is built for deployment, used only for the stored bytes */
  file?: string;
}

export interface Interface {
  name: ModuleName;
  defs: IfDef[];
  imports: Import[];
  hash: HashBytes;
  txHash: HashBytes;
  code: string;
  info: Info;
  /** as `Module.deps` */
  deps?: ModuleName[];
  /** as `Module.file` */
  file?: string;
}

// ------------------------------------------------------------------------------------ helpers

/** The terms of a special form, in field order (the walks that visit them run as cold code, once
 *  per module: written out, not Object.entries, which makes an array per node). */
export function formTerms(f: BuiltinForm): Term[] {
  switch (f.f) {
    case 'and': case 'or': return [f.a, f.b];
    case 'if': return [f.cond, f.then, f.else];
    case 'enforceOne': return [f.msg, f.conds];
    case 'enforce': return [f.cond, f.msg];
    case 'withCapability': return [f.cap, f.body];
    case 'try': return [f.fallback, f.body];
    case 'createUserGuard': return [f.app];
    case 'pure': return [f.body];
    case 'error': return [f.msg];
  }
}

export function defName(d: Def): string {
  switch (d.d) {
    case 'defun': return d.defun.spec.name;
    case 'defconst': return d.defconst.spec.name;
    case 'defcap': return d.defcap.spec.name;
    case 'defschema': return d.defschema.name;
    case 'deftable': return d.deftable.name;
    case 'defpact': return d.defpact.spec.name;
  }
}

export function ifDefName(d: IfDef): string {
  switch (d.d) {
    case 'defconst': return d.defconst.spec.name;
    case 'defschema': return d.defschema.name;
    default: return d.spec.name;
  }
}

export function sameModuleName(a: ModuleName, b: ModuleName): boolean {
  return a.name === b.name && a.namespace === b.namespace;
}

export function renderModuleName(m: ModuleName): string {
  return m.namespace === null ? m.name : `${m.namespace}.${m.name}`;
}

/** `ns.m` / `m` → ModuleName. */
export function parseModuleName(s: string): ModuleName {
  const dot = s.indexOf('.');
  return dot < 0 ? { name: s, namespace: null } : { name: s.slice(dot + 1), namespace: s.slice(0, dot) };
}

/** Haskell's derived `Ord` on Text: compare by code point. Sorting keys is hot (module hashing
 *  and deploy sizes), so UTF-16 units are compared in place: outside the surrogate range they
 *  order as code points; a difference at a surrogate takes the code-point walk. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const u = a.charCodeAt(i), v = b.charCodeAt(i);
    if (u === v) continue;
    if ((u < 0xd800 || u > 0xdfff) && (v < 0xd800 || v > 0xdfff)) return u - v;
    return compareCodePoints(a, b);
  }
  return a.length - b.length;
}

function compareCodePoints(a: string, b: string): number {
  const x = [...a], y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

/** Derived `Ord ModuleName`: name, then namespace (Nothing first). */
export function compareModuleName(a: ModuleName, b: ModuleName): number {
  const c = compareText(a.name, b.name);
  if (c !== 0) return c;
  if (a.namespace === b.namespace) return 0;
  if (a.namespace === null) return -1;
  if (b.namespace === null) return 1;
  return compareText(a.namespace, b.namespace);
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Derived `Ord FullyQualifiedName`: module, name, hash. */
export function compareFqn(a: FullyQualifiedName, b: FullyQualifiedName): number {
  return compareModuleName(a.module, b.module) || compareText(a.name, b.name) || compareBytes(a.hash, b.hash);
}

/** A Set's elements in order, duplicates dropped. */
export function sortedSet<T>(items: T[], cmp: (a: T, b: T) => number): T[] {
  const out = [...items].sort(cmp);
  return out.filter((x, i) => i === 0 || cmp(out[i - 1], x) !== 0);
}
