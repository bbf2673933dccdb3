// Pact's `sizeOf` byte estimate of a value (gas.md §4, SizeOfV0): what `show`, `hash`,
// `make-list`, `enumerate` and `sort` are priced by. It mirrors the Haskell data layout:
// a constructor tag costs 1 byte for single-constructor types and 2 for sum types.

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard,
  ModuleGuard, PactGuard, ModRef, CapToken, TableRef, type TableSchema, type SchemaFieldType, type Value,
} from '../../vm/values.js';
import { bitLength, type PactInt } from './numbers.js';
import { tableOwnName } from './table-name.js';

/** Code-point length (Haskell `T.length`), not UTF-16 units: a surrogate pair counts once. */
export function textLength(s: string): number {
  let n = s.length;
  // Stryker disable next-line ArithmeticOperator: `i - 1 < s.length` runs on to the end, where charCodeAt is NaN and no pair starts
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

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

/** Text: UTF-8 bytes + a 4-byte length word. */
export const textSize = (s: string): number => utf8Length(s) + 4;

/** Integer: ⌊max(64, nbits) / 8⌋. */
export function integerSize(i: PactInt): number {
  if (typeof i === 'number') return 8; // a safe integer has at most 53 bits
  return Math.floor(Math.max(64, bitLength(i)) / 8);
}

const maybeSize = (inner: number | null): number => (inner === null ? 2 : 2 + inner);
/** a list/set/map container: 5 + Σ elements */
const listOf = (sizes: number[]): number => sizes.reduce((a, b) => a + b, 5);

/** ModuleName{name, namespace: Maybe NamespaceName} from `ns.mod` or `mod`. */
function moduleNameSize(qualified: string): number {
  const dot = qualified.lastIndexOf('.');
  const name = qualified.slice(dot + 1); // no dot: from 0, the whole name
  const ns = dot < 0 ? null : qualified.slice(0, dot);
  return 1 + textSize(name) + maybeSize(ns === null ? null : textSize(ns));
}

/** QualifiedName{name, module: ModuleName} from `ns.mod.name` / `mod.name`. */
export function qualifiedNameSize(q: string): number {
  const dot = q.lastIndexOf('.');
  if (dot < 0) return 1 + textSize(q) + moduleNameSize('');
  return 1 + textSize(q.slice(dot + 1)) + moduleNameSize(q.slice(0, dot));
}

/** A module hash is a 32-byte ShortByteString: 32 + 4. */
const HASH_SIZE = 36;
/** Pact's placeholder module hash, the 12 bytes of `#placeholder`: a table value made while its
 *  module's constants are evaluated holds it. */
const PLACEHOLDER_SIZE = 12 + 4;

/** Schema{name: QualifiedName, fields: Map Field Type}: a map is a list of (field, type) pairs. */
function schemaSize(s: TableSchema): number {
  let n = 1 + qualifiedNameSize(s.name) + 5;
  for (const [k, ty] of s.fields) n += 1 + textSize(k) + typeSize(ty);
  return n;
}

/** Type, a sum type (2) and its constructor's fields: PrimType 1 byte, a module set a list. */
function typeSize(t: SchemaFieldType): number {
  switch (t.t) {
    case 'prim': return 2 + 1;
    case 'list': return 2 + typeSize(t.of);
    case 'modref': return 2 + listOf(t.interfaces.map(moduleNameSize));
    case 'object': case 'table': return 2 + schemaSize(t.schema);
    default: return 2; // TyAnyList, TyAnyObject, TyAny
  }
}

function keysetPredSize(pred: string): number {
  if (pred === 'keys-all' || pred === 'keys-any' || pred === 'keys-2') return 2;
  // CustomPredicate ParsedTyName: TQN QualifiedName | TBN BareName
  return 2 + 2 + (pred.includes('.') ? qualifiedNameSize(pred) : textSize(pred));
}

export function guardSize(v: Value): number {
  // Guard has six constructors: 2 + fields of the chosen one
  if (v instanceof KeySetGuard) return 2 + 1 + listOf(v.keys.map(textSize)) + keysetPredSize(v.pred);
  if (v instanceof KeySetRefGuard) {
    const dot = v.name.indexOf('.');
    const ns = dot < 0 ? null : v.name.slice(0, dot);
    const name = v.name.slice(dot + 1);
    return 2 + 1 + textSize(name) + maybeSize(ns === null ? null : textSize(ns));
  }
  if (v instanceof UserGuard) return 2 + 1 + qualifiedNameSize(v.fun) + listOf(v.args.map(sizeOfValue));
  if (v instanceof CapabilityGuard) {
    return 2 + 1 + qualifiedNameSize(v.name) + listOf(v.args.map(sizeOfValue)) +
      maybeSize(v.pactId === null ? null : textSize(v.pactId));
  }
  if (v instanceof ModuleGuard) return 2 + 1 + moduleNameSize(v.module) + textSize(v.name);
  if (v instanceof PactGuard) return 2 + 1 + textSize(v.pactId) + textSize(v.name);
  return 0;
}

/** sizeOf of a PactValue: 2 (PactValue tag) + the payload. */
export function sizeOfValue(v: Value): number {
  switch (typeof v) {
    case 'string': return 2 + 2 + textSize(v);
    case 'number': case 'bigint': return 2 + 2 + integerSize(v);
    case 'boolean': return 2 + 3;
  }
  if (v instanceof PactDecimal) return 2 + 2 + 2 + integerSize(v.mantissa);
  if (Array.isArray(v)) return 2 + listOf(v.map(sizeOfValue));
  if (v instanceof PactObject) {
    let n = 2 + 5;
    for (const [k, x] of v.fields) n += 1 + textSize(k) + sizeOfValue(x);
    return n;
  }
  if (v instanceof Unit) return 2 + 2;
  if (v instanceof PactTime) return 2 + 8;
  if (v instanceof ModRef) return 2 + 1 + moduleNameSize(v.module) + listOf(v.interfaces.map(moduleNameSize));
  if (v instanceof CapToken) {
    // CapToken{name: FullyQualifiedName{module, name, hash}, args}
    const dot = v.name.lastIndexOf('.');
    const fqn = 1 + moduleNameSize(v.name.slice(0, Math.max(0, dot))) + textSize(v.name.slice(dot + 1)) + HASH_SIZE;
    return 2 + 1 + fqn + listOf(v.args.map(sizeOfValue));
  }
  if (v instanceof TableRef) {
    // TableValue{name: TableName{Text, ModuleName}, hash, schema}
    return 2 + 1 + (1 + textSize(tableOwnName(v)) + moduleNameSize(v.module)) +
      (v.moduleHash === null ? PLACEHOLDER_SIZE : HASH_SIZE) + schemaSize(v.schema);
  }
  let n = guardSizes.get(v as object);
  if (n === undefined) guardSizes.set(v as object, n = 2 + guardSize(v));
  return n;
}

// Values are immutable, so a guard's size never changes: database rows are sized on every read
// and write (GRead/GWrite), and a row's guard is the same object again and again.
const guardSizes = new WeakMap<object, number>();
