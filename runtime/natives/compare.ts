// Gassed equality and ordering of Pact values, the way `valEqGassed` / `litCmpGassed` walk
// them (gas.md §3.3): each literal comparison, list and object is priced as it is visited, and
// the walk stops at the first difference, so the charge depends on where values differ.

import { valueEquals } from '../values/equality.js';
import {
  PactDecimal, PactObject, PactTime, Unit, UserGuard, CapabilityGuard, CapToken, compareCodePoints, type Value,
} from '../../vm/values.js';
import { decCmp, intCmp } from '../values/numbers.js';
import type { GasCharges } from '../gas/charges.js';

const isIntV = (v: Value): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

/** Deep equality with Pact's comparison charges; kinds that differ are simply unequal. */
export function equalsGassed(g: GasCharges, a: Value, b: Value): boolean {
  if (!g.metered) return equalsPlain(a, b);
  if (isIntV(a)) {
    if (!isIntV(b)) return false;
    g.intComparison(a, b);
    return intCmp(a, b) === 0;
  }
  if (typeof a === 'string') {
    if (typeof b !== 'string') return false;
    g.textComparison(a);
    return a === b;
  }
  if (typeof a === 'boolean') return a === b;
  if (a instanceof PactDecimal) {
    if (!(b instanceof PactDecimal)) return false;
    g.decimalComparison(a, b);
    return decCmp(a, b) === 0;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    g.listComparison(a.length);
    for (let i = 0; i < a.length; i++) if (!equalsGassed(g, a[i], b[i])) return false;
    return true;
  }
  if (a instanceof PactObject) {
    if (!(b instanceof PactObject) || a.size !== b.size) return false;
    g.objComparison(a.size);
    const keys = a.sortedKeys();
    for (const k of keys) if (!b.fields.has(k)) return false;
    for (const k of keys) if (!equalsGassed(g, a.fields.get(k)!, b.fields.get(k)!)) return false;
    return true;
  }
  if (a instanceof CapToken) {
    if (!(b instanceof CapToken) || a.name !== b.name || a.args.length !== b.args.length) return false;
    return argsEqual(g, a.args, b.args);
  }
  if (a instanceof UserGuard) {
    if (!(b instanceof UserGuard) || a.fun !== b.fun || a.args.length !== b.args.length) return false;
    return argsEqual(g, a.args, b.args);
  }
  if (a instanceof CapabilityGuard) {
    if (!(b instanceof CapabilityGuard) || a.name !== b.name || a.pactId !== b.pactId ||
      a.args.length !== b.args.length) return false;
    return argsEqual(g, a.args, b.args);
  }
  return equalsPlain(a, b);
}

function argsEqual(g: GasCharges, xs: Value[], ys: Value[]): boolean {
  g.listComparison(xs.length);
  for (let i = 0; i < xs.length; i++) if (!equalsGassed(g, xs[i], ys[i])) return false;
  return true;
}

/** The same equality without charges (used when no gas limit is set). */
export const equalsPlain = valueEquals;

/** Ordering for `<` `<=` `>` `>=`: two literals of one kind, or two times; undefined otherwise. */
export function compareGassed(g: GasCharges, a: Value, b: Value): number | undefined {
  if (isIntV(a)) {
    if (!isIntV(b)) return undefined;
    g.intComparison(a, b);
    return intCmp(a, b);
  }
  if (typeof a === 'string') {
    if (typeof b !== 'string') return undefined;
    g.textComparison(a);
    return compareCodePoints(a, b);
  }
  if (a instanceof PactDecimal) {
    if (!(b instanceof PactDecimal)) return undefined;
    g.decimalComparison(a, b);
    return decCmp(a, b);
  }
  if (typeof a === 'boolean') return typeof b === 'boolean' ? (a === b ? 0 : a ? 1 : -1) : undefined;
  if (a instanceof Unit) return b instanceof Unit ? 0 : undefined;
  if (a instanceof PactTime) {
    return b instanceof PactTime ? (a.micros < b.micros ? -1 : a.micros > b.micros ? 1 : 0) : undefined;
  }
  return undefined;
}

/** Constructor order of Pact literals (the derived Ord of Literal): string < integer < decimal < unit < bool. */
function literalRank(v: Value): number {
  switch (typeof v) {
    case 'string': return 0;
    case 'number': case 'bigint': return 1;
    case 'boolean': return 4;
  }
  if (v instanceof PactDecimal) return 2;
  if (v instanceof Unit) return 3;
  return -1;
}

/** Literal ordering across kinds, as `sort` and `sort` on object fields use it; null if not literals. */
export function compareLiterals(a: Value, b: Value): number | null {
  const ra = literalRank(a), rb = literalRank(b);
  if (ra < 0 || rb < 0) return null;
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 0: return compareCodePoints(a as string, b as string);
    case 1: return intCmp(a as number, b as number);
    case 2: return decCmp(a as PactDecimal, b as PactDecimal);
    case 3: return 0;
    default: return a === b ? 0 : a ? 1 : -1;
  }
}
