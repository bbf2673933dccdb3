// Pact's `sizeOf` byte estimate of a value (gas.md §4, SizeOfV0): what `show`, `hash`,
// `make-list`, `enumerate`, `sort`, database rows, keysets, principals and namespaces are priced
// by. It mirrors the Haskell data layout: a constructor tag costs 1 byte for single-constructor
// types and 2 for sum types, fields follow in declaration order.
//
// The estimate is a walk that counts bytes piece by piece, as SizeOf.hs's `countBytes` does,
// because Pact stops counting at the first piece that takes the count past a byte budget (what is
// left of the gas limit; gas.md §4.1) and charges for the count reached there: the point where a
// walk stops is part of the gas Pact reports. `measure` runs a walk with a budget.

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard,
  ModuleGuard, PactGuard, ModRef, CapToken, TableRef, compareCodePoints, type TableSchema, type SchemaFieldType,
  type Value,
} from '../../vm/values.js';
import { bitLength, type PactInt } from './numbers.js';
import { tableOwnName } from './table-name.js';

/** Code-point length (Haskell `T.length`), not UTF-16 units: a surrogate pair counts once. Found
 *  by regular expressions, which scan a string ~8× faster than a charCodeAt loop; the pairs are
 *  matched left to right without overlap, as a scan pairing each high surrogate with a following
 *  low one would. */
export function textLength(s: string): number {
  if (!HIGH_SURROGATE.test(s)) return s.length;
  return s.length - (s.match(SURROGATE_PAIRS)?.length ?? 0);
}
const HIGH_SURROGATE = /[\ud800-\udbff]/;
const SURROGATE_PAIRS = /[\ud800-\udbff][\udc00-\udfff]/g;

/** UTF-8 byte length of a string. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/** Integer: ⌊max(64, nbits) / 8⌋. */
export function integerSize(i: PactInt): number {
  if (typeof i === 'number') return 8; // a safe integer has at most 53 bits
  return Math.floor(Math.max(64, bitLength(i)) / 8);
}

// ---- the counter ------------------------------------------------------------------------------

/** The walk in progress: bytes counted so far and the budget it may not pass. One walk runs at a
 *  time (walks call no user code); `measure` saves and restores them all the same. */
let total = 0;
let budget = Infinity;
/** Thrown by `count` to end a walk that passed its budget. */
const PAST_BUDGET: unique symbol = Symbol('past the byte budget');

/** SizeOf.hs countBytes: adds a piece, and stops the walk at the first piece past the budget. */
export function count(bytes: number): void {
  total += bytes;
  if (total > budget) throw PAST_BUDGET;
}

/** A piece whose size is known already (a cached subtotal): added whole when it keeps the count
 *  within the budget, otherwise false, and the caller walks it piece by piece. */
export function countKnown(bytes: number): boolean {
  if (total + bytes > budget) return false;
  total += bytes;
  return true;
}

/**
 * The bytes `walk` counts for `x`: all of them while they stay within `limit`; otherwise the count
 * at the first piece past it (more than `limit`), which is what Pact charges for (gas.md §4.1).
 * `walk` is a module-level counting function, so measuring allocates nothing.
 */
export function measure<T>(walk: (x: T) => void, x: T, limit = Infinity): number {
  const outerTotal = total, outerBudget = budget;
  total = 0;
  budget = limit;
  try {
    walk(x);
    return total;
  } catch (e) {
    if (e === PAST_BUDGET) return total;
    throw e;
  } finally {
    total = outerTotal;
    budget = outerBudget;
  }
}

// ---- text, numbers, names ---------------------------------------------------------------------

/** Text: UTF-8 bytes + a 4-byte length word. */
export function countText(s: string): void { count(utf8Length(s) + 4); }

/** An Integer on its own (enumerate's bounds). */
export function countInteger(i: PactInt): void { count(integerSize(i)); }

/** `Maybe a`: a sum type (2), and the payload when there is one. */
function countMaybeText(s: string | null): void {
  count(2);
  if (s !== null) countText(s);
}

/** ModuleName{name, namespace: Maybe NamespaceName} from `ns.mod` or `mod`. */
export function countModuleName(qualified: string): void {
  const dot = qualified.lastIndexOf('.');
  count(1);
  countText(qualified.slice(dot + 1)); // no dot: from 0, the whole name
  countMaybeText(dot < 0 ? null : qualified.slice(0, dot));
}

/** QualifiedName{name, module: ModuleName} from `ns.mod.name` / `mod.name`. */
export function countQualifiedName(q: string): void {
  const dot = q.lastIndexOf('.');
  count(1);
  countText(q.slice(dot + 1));
  countModuleName(dot < 0 ? '' : q.slice(0, dot));
}

/** A module hash is a 32-byte ShortByteString: 32 + 4. */
const HASH_SIZE = 36;
/** Pact's placeholder module hash, the 12 bytes of `#placeholder`: a table value made while its
 *  module's constants are evaluated holds it. */
const PLACEHOLDER_SIZE = 12 + 4;

// ---- schemas and types ------------------------------------------------------------------------

/** Schema{name: QualifiedName, fields: Map Field Type}: a map is a list of (field, type) pairs,
 *  in the order of the field names. */
function countSchema(s: TableSchema): void {
  count(1);
  countQualifiedName(s.name);
  count(5);
  const names = [...s.fields.keys()].sort(compareCodePoints);
  for (const k of names) {
    count(1);
    countText(k);
    countType(s.fields.get(k)!);
  }
}

/** Type, a sum type (2) and its constructor's fields: PrimType 1 byte, a module set a list. */
function countType(t: SchemaFieldType): void {
  count(2);
  switch (t.t) {
    case 'prim': count(1); return;
    case 'list': countType(t.of); return;
    case 'modref':
      count(5);
      for (const m of t.interfaces) countModuleName(m);
      return;
    case 'object': case 'table': countSchema(t.schema); return;
    default: return; // TyAnyList, TyAnyObject, TyAny
  }
}

// ---- guards -----------------------------------------------------------------------------------

/** KSPredicate: a sum type; a custom one holds a ParsedTyName (TQN QualifiedName | TBN BareName). */
function countPredicate(pred: string): void {
  count(2);
  if (pred === 'keys-all' || pred === 'keys-any' || pred === 'keys-2') return;
  count(2);
  if (pred.includes('.')) countQualifiedName(pred);
  else countText(pred);
}

/** KeySet{keys: Set PublicKeyText, pred: KSPredicate}, the record a keyset guard holds and what
 *  `define-keyset` writes. */
export function countKeySet(ks: KeySetGuard): void {
  count(1);
  count(5);
  for (const k of ks.keys) countText(k);
  countPredicate(ks.pred);
}

/** The record a guard holds, without the Guard constructor's tag: Pact sizes a user or capability
 *  guard's record alone when it makes a principal of it. */
export function countGuardRecord(g: Value): void {
  if (g instanceof KeySetGuard) return countKeySet(g);
  count(1);
  if (g instanceof KeySetRefGuard) {
    // KeySetName{name, namespace: Maybe NamespaceName}
    const dot = g.name.indexOf('.');
    countText(g.name.slice(dot + 1));
    countMaybeText(dot < 0 ? null : g.name.slice(0, dot));
  } else if (g instanceof UserGuard) {
    countQualifiedName(g.fun);
    countList(g.args);
  } else if (g instanceof CapabilityGuard) {
    countQualifiedName(g.name);
    countList(g.args);
    countMaybeText(g.pactId);
  } else if (g instanceof ModuleGuard) {
    countModuleName(g.module);
    countText(g.name);
  } else if (g instanceof PactGuard) {
    countText(g.pactId);
    countText(g.name);
  }
}

// Values are immutable, so a guard's size never changes: database rows are sized on every read
// and write (GRead/GWrite), and a row's guard is the same object again and again.
const guardSizes = new WeakMap<object, number>();

/** Guard, a sum type of six constructors: 2 + the chosen one's record. */
export function countGuard(g: Value): void {
  const known = guardSizes.get(g as object);
  if (known !== undefined && countKnown(known)) return;
  const start = total;
  count(2);
  countGuardRecord(g);
  guardSizes.set(g as object, total - start);
}

// ---- values -----------------------------------------------------------------------------------

/** A list (Vector, [a]): 5 + its elements in order. */
export function countList(xs: readonly Value[]): void {
  count(5);
  for (let i = 0; i < xs.length; i++) countValue(xs[i]);
}

/** An object's fields, `Map Field PactValue`: 5, then a (name, value) pair per field in the order
 *  of the names. What a database row is sized by. */
export function countFields(o: PactObject): void {
  // the size is kept on the object (rows are sized on every read and write): with it, only a walk
  // that would pass its budget inside this object needs the fields in order
  let known = o.sizeMemo;
  if (known < 0) o.sizeMemo = known = measure(countFieldsAnyOrder, o);
  if (countKnown(known)) return;
  count(5);
  for (const k of o.sortedKeys()) countField(k, o.fields.get(k)!);
}
function countFieldsAnyOrder(o: PactObject): void {
  count(5);
  o.fields.forEach(countFieldValue);
}
function countFieldValue(v: Value, k: string): void { countField(k, v); }
function countField(k: string, v: Value): void {
  count(1);
  countText(k);
  countValue(v);
}

/** PactValue, a sum type (2) and its constructor's payload; a literal is a Literal, another sum
 *  type (2) and its own payload. */
export function countValue(v: Value): void {
  count(2);
  switch (typeof v) {
    case 'string': count(2); countText(v); return;
    case 'number': case 'bigint': count(2); count(integerSize(v)); return;
    case 'boolean': count(2); count(1); return;
  }
  if (v instanceof PactDecimal) {
    // Decimal{places: Word8, mantissa: Integer}
    count(2);
    count(1);
    count(1);
    count(integerSize(v.mantissa));
  } else if (Array.isArray(v)) countList(v);
  else if (v instanceof PactObject) countFields(v);
  else if (v instanceof Unit) count(2);
  else if (v instanceof PactTime) count(8);
  else if (v instanceof ModRef) {
    // ModRef{module, implemented: Set ModuleName}
    count(1);
    countModuleName(v.module);
    count(5);
    for (const m of v.interfaces) countModuleName(m);
  } else if (v instanceof CapToken) {
    // CapToken{name: FullyQualifiedName{module, name, hash}, args}
    const dot = v.name.lastIndexOf('.');
    count(1);
    count(1);
    countModuleName(v.name.slice(0, Math.max(0, dot)));
    countText(v.name.slice(dot + 1));
    count(HASH_SIZE);
    countList(v.args);
  } else if (v instanceof TableRef) {
    // TableValue{name: TableName{Text, ModuleName}, hash, schema}
    count(1);
    count(1);
    countText(tableOwnName(v));
    countModuleName(v.module);
    count(v.moduleHash === null ? PLACEHOLDER_SIZE : HASH_SIZE);
    countSchema(v.schema);
  } else countGuard(v);
}

// ---- whole sizes, with no budget ----------------------------------------------------------------

/** sizeOf of a PactValue. */
export function sizeOfValue(v: Value): number { return measure(countValue, v); }

/** QualifiedName{name, module} from `ns.mod.name` / `mod.name`. */
export function qualifiedNameSize(q: string): number { return measure(countQualifiedName, q); }
