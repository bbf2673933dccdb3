// Structural equality and ordering of Pact values (natives.md §0.7, language.md §12.6).

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard,
  ModuleGuard, PactGuard, ModRef, CapToken, TableRef, isCallable, type Value,
} from '../../vm/values.js';
import { decCmp, intCmp } from './numbers.js';
import { MAX_VALUE_NESTING, valueTooDeep } from '../../vm/limits.js';

/** Deep equality; different kinds are unequal (never an error). Callers reject closures. */
export function valueEquals(a: Value, b: Value, depth = 0): boolean {
  if (a === b) return true;
  const ta = typeof a;
  if (ta === 'number' || ta === 'bigint') {
    return (typeof b === 'number' || typeof b === 'bigint') && intCmp(a as number, b) === 0;
  }
  if (ta !== 'object' || typeof b !== 'object') return false;
  if (depth > MAX_VALUE_NESTING) throw valueTooDeep();
  if (a instanceof PactDecimal) return b instanceof PactDecimal && decCmp(a, b) === 0;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valueEquals(a[i], b[i], depth + 1)) return false;
    return true;
  }
  // capability tokens early: the capability stack is searched for one on every acquire and require
  if (a instanceof CapToken) return b instanceof CapToken && a.name === b.name && valueEquals(a.args, b.args, depth + 1);
  if (a instanceof PactObject) {
    if (!(b instanceof PactObject) || a.size !== b.size) return false;
    for (const [k, v] of a.fields) {
      // a key missing from b (same size: keys differ) gives undefined, equal to no value
      if (!valueEquals(v, b.fields.get(k)!, depth + 1)) return false;
    }
    return true;
  }
  if (a instanceof Unit) return b instanceof Unit;
  if (a instanceof PactTime) return b instanceof PactTime && a.micros === b.micros;
  if (a instanceof KeySetGuard) {
    return b instanceof KeySetGuard && a.pred === b.pred && a.keys.length === b.keys.length && a.keys.every((k, i) => k === b.keys[i]);
  }
  if (a instanceof KeySetRefGuard) return b instanceof KeySetRefGuard && a.name === b.name;
  if (a instanceof UserGuard) return b instanceof UserGuard && a.fun === b.fun && valueEquals(a.args, b.args, depth + 1);
  if (a instanceof CapabilityGuard) {
    return b instanceof CapabilityGuard && a.name === b.name && a.pactId === b.pactId && valueEquals(a.args, b.args, depth + 1);
  }
  if (a instanceof ModuleGuard) return b instanceof ModuleGuard && a.module === b.module && a.name === b.name;
  if (a instanceof PactGuard) return b instanceof PactGuard && a.pactId === b.pactId && a.name === b.name;
  if (a instanceof ModRef) return b instanceof ModRef && a.module === b.module;
  if (a instanceof TableRef) return b instanceof TableRef && a.name === b.name;
  return false;
}

/** Does the value contain a function anywhere (closures cannot be compared)? */
export function containsCallable(v: Value, depth = 0): boolean {
  // (loops, not `some` with an arrow: every `=` and `!=` asks this of both operands)
  if (typeof v !== 'object') return false;
  if (isCallable(v)) return true;
  if (depth > MAX_VALUE_NESTING) throw valueTooDeep();
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (containsCallable(v[i], depth + 1)) return true;
  } else if (v instanceof PactObject) {
    for (const x of v.fields.values()) if (containsCallable(x, depth + 1)) return true;
  }
  return false;
}
