// The values the machine moves around. Integers are JS numbers (bigint past 2^53), strings are JS
// strings, booleans are JS booleans, lists are JS arrays (never mutated once built); everything
// else is a small class so that `instanceof` tells the kinds apart cheaply.

import type { Chunk, FunctionProto } from './chunk.js';
import type { PactType } from './types.js';

export class PactDecimal {
  constructor(readonly mantissa: bigint, readonly places: number) {}
}

export class Unit {
  private constructor() {}
  static readonly instance = new Unit();
}
export const UNIT = Unit.instance;

/** Pact objects: string keys, printed in sorted key order. */
export class PactObject {
  /** Pact's sizeOf of this object once computed (-1 before): a database row is sized on every
   *  read and write, and values never change. A field, not a WeakMap: no hashing, no ephemerons. */
  sizeMemo = -1;
  constructor(readonly fields: Map<string, Value>) {}
  get(k: string): Value | undefined { return this.fields.get(k); }
  get size(): number { return this.fields.size; }
  sortedKeys(): string[] { return [...this.fields.keys()].sort(compareCodePoints); }
  static of(entries: [string, Value][]): PactObject { return new PactObject(new Map(entries)); }
}

/** UTC time with microsecond precision, as microseconds since the Unix epoch. */
export class PactTime {
  constructor(readonly micros: bigint) {}
}

export class KeySetGuard {
  /** keys sorted and unique, as Pact's Set Text */
  constructor(readonly keys: string[], readonly pred: string) {}
}
export class KeySetRefGuard {
  constructor(readonly name: string) {}
}
export class UserGuard {
  constructor(readonly fun: string, readonly args: Value[]) {}
}
export class CapabilityGuard {
  constructor(readonly name: string, readonly args: Value[], readonly pactId: string | null) {}
}
export class ModuleGuard {
  constructor(readonly module: string, readonly name: string) {}
}
export class PactGuard {
  constructor(readonly pactId: string, readonly name: string) {}
}
export type Guard = KeySetGuard | KeySetRefGuard | UserGuard | CapabilityGuard | ModuleGuard | PactGuard;

export function isGuard(v: Value): v is Guard {
  return v instanceof KeySetGuard || v instanceof KeySetRefGuard || v instanceof UserGuard ||
    v instanceof CapabilityGuard || v instanceof ModuleGuard || v instanceof PactGuard;
}

export class ModRef {
  /** the interfaces the module implements, held as Pact's `Set ModuleName`: each once, in
   *  ModuleName order (name, then namespace), the order `typeof`, JSON and hashes show */
  readonly interfaces: readonly string[];
  constructor(readonly module: string, interfaces: readonly string[]) {
    this.interfaces = [...new Set(interfaces)].sort(compareModuleNames);
  }
}

export class CapToken {
  /** name is the qualified defcap name without hash, e.g. `coin.TRANSFER`; moduleHash is the
   *  hash of the module version whose code built the token (events report it; not compared) */
  constructor(readonly name: string, readonly args: Value[], readonly moduleHash: string | null = null) {}
}

export class TableRef {
  /** name: the storage name `module_table`; moduleHash: the module version the reference was
   *  compiled in (checked against blessings; null while the module's constants are evaluated);
   *  schema: what a table value carries in Pact, for its hash and sizeOf (a reference built
   *  without one gets the schema's qualified name and no fields) */
  constructor(readonly name: string, readonly module: string, readonly schemaName: string,
    readonly moduleHash: string | null = null,
    readonly schema: TableSchema = new TableSchema(`${module}.${schemaName}`, new Map())) {}
}

/** A schema as a table value holds it (Pact's Schema): its qualified name `ns.m.s` and its fields'
 *  types, with the schema of every object{…} and table{…} among them resolved (schemas cannot be
 *  recursive: the compiler refuses a cycle). */
export class TableSchema {
  constructor(readonly name: string, readonly fields: ReadonlyMap<string, SchemaFieldType>) {}
}
export type SchemaFieldType =
  | Exclude<PactType, { t: 'list' } | { t: 'object' } | { t: 'table' }>
  | { t: 'list'; of: SchemaFieldType }
  | { t: 'object' | 'table'; schema: TableSchema };

// ---------------------------------------------------------------------------------------------
// Callables

/** A compiled function plus the values it captured when it was created (Pact has no mutation,
 *  so captures are plain copies). */
export class Closure {
  /** `via`: the module that reached this function through a module reference (`m::f`), whose
   *  own functions then run read-only while it runs (Pact's reentrancy check); null otherwise */
  constructor(readonly proto: FunctionProto, readonly captures: Value[], readonly via: string | null = null) {}
}

/** A reference to a native, by its catalogue id. */
export class NativeFn {
  constructor(readonly id: number) {}
}

/** A callable applied to fewer arguments than it needs. */
export class Partial {
  /** `site*`: where a partial application of a closure was made (Chunk and offset; see
   *  CallStack.fSiteChunk), kept for the frame that completes it */
  constructor(readonly fn: Closure | NativeFn, readonly args: Value[],
    readonly siteChunk: Chunk | null = null, readonly siteAt = 0) {}
}

export type Callable = Closure | NativeFn | Partial;

export type Value =
  | number | bigint | string | boolean
  | PactDecimal | Unit | Value[] | PactObject | PactTime
  | Guard | ModRef | CapToken | TableRef
  | Callable;

export function isCallable(v: Value): v is Callable {
  // numbers, strings and booleans first: one typeof instead of three instanceof (fold, map)
  return typeof v === 'object' && (v instanceof Closure || v instanceof NativeFn || v instanceof Partial);
}

/** Pact value kinds as named in type errors (`Type error: ... type(s): integer, string`). */
export function kindOf(v: Value): string {
  switch (typeof v) {
    case 'number': case 'bigint': return 'integer';
    case 'string': return 'string';
    case 'boolean': return 'bool';
  }
  if (v instanceof PactDecimal) return 'decimal';
  if (Array.isArray(v)) return 'list';
  if (v instanceof PactObject) return 'object';
  if (v instanceof Unit) return 'unit';
  if (v instanceof PactTime) return 'time';
  if (isGuard(v)) return 'guard';
  if (v instanceof ModRef) return 'modref';
  if (v instanceof TableRef) return 'table';
  // a capability token too: Pact's toArgTypeError and pvToArgTypeError map PCapToken to
  // ATEClosure (its ATECapToken, "cap-token", names only types)
  return 'closure';
}

/** Compare strings by Unicode code point (Haskell Text order), not UTF-16 unit. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (0xD800-0xDFFF) encode code points above 0xFFFF: they sort after BMP chars.
      const xs = x >= 0xd800 && x <= 0xdfff, ys = y >= 0xd800 && y <= 0xdfff;
      if (xs !== ys) return xs ? 1 : -1;
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Pact's order of module names (its ModuleName's Ord): by bare name, then by namespace, the root
 *  namespace first. Sets of interfaces are kept in this order. */
export function compareModuleNames(a: string, b: string): number {
  const split = (n: string) => { const dot = n.lastIndexOf('.'); return dot < 0 ? [n, null] as const : [n.slice(dot + 1), n.slice(0, dot)] as const; };
  const [an, ans] = split(a), [bn, bns] = split(b);
  const byName = compareCodePoints(an, bn);
  if (byName !== 0 || ans === bns) return byName;
  if (ans === null) return -1;
  if (bns === null) return 1;
  return compareCodePoints(ans, bns);
}
