// List, string and object natives (natives.md §2): enumerate, make-list, length, reverse,
// take, drop, at, contains, remove, sort, distinct, where. Strings are measured and cut by
// code point, as Haskell's Text does.

import type { Runtime } from './context.js';
import type { NativeTable } from './registry.js';
import { argTypeError, boolResult } from './errors.js';
import { execError } from '../../vm/errors.js';
import { PactObject, PactTime, isCallable, type Value } from '../../vm/values.js';
import { intAdd, intCmp, intDiv, intNeg, intSub, isInt, type PactInt } from '../values/numbers.js';
import { pretty } from '../values/render.js';
import { countInteger, countValue } from '../values/size.js';
import { introSort } from '../values/sort.js';
import { GasCharges, textLength } from '../gas/charges.js';
import { equalsGassed, compareLiterals } from './compare.js';
import { containsCallable } from '../values/equality.js';
import { MAX_LIST_LENGTH, listTooLarge } from '../../vm/limits.js';

/** Does the string hold characters outside the BMP (so UTF-16 indices ≠ code points)? */
const hasSurrogates = (s: string): boolean => /[\ud800-\udfff]/.test(s);

/** `Key "<k>" not found in object: <obj>` (not recoverable). */
export function missingField(key: string, o: PactObject): Error {
  return execError(`Key "${key}" not found in object: ${pretty(o)}`);
}

/** Clamp an unbounded count to a JS index range without losing its sign. */
const clampCount = (i: PactInt, len: number): number => {
  if (typeof i === 'number') return Math.max(-len - 1, Math.min(len + 1, i));
  return i < 0n ? -len - 1 : len + 1;
};

export function collectionNatives(rt: Runtime): NativeTable {
  const g = new GasCharges(rt.gas);
  const vm = rt.vm;

  /** A list of object keys: every element must be a string (the error names the bad element). */
  function keyList(name: string, xs: Value[]): string[] {
    for (const x of xs) if (typeof x !== 'string') throw argTypeError(name, [x]);
    return xs as string[];
  }

  function enumerate(from: PactInt, to: PactInt, step: PactInt): Value {
    if (intCmp(from, to) === 0) {
      if (g.metered) g.makeList(1, rt.gas.sizeOf(countInteger, from));
      return [from];
    }
    if (step === 0) return [];
    const c = intCmp(from, to);
    if (c < 0 && intCmp(intAdd(from, step), from) < 0) {
      throw execError('Enumeration error: enumerate: increment diverges below from interval bounds.');
    }
    if (c > 0 && intCmp(intAdd(from, step), from) > 0) {
      throw execError('Enumeration error: enumerate: increment diverges above from interval bounds.');
    }
    const abs = (x: PactInt) => (x < 0 ? intNeg(x) : x);
    const len = intAdd(intDiv(abs(intSub(from, to)), abs(step)), 1);
    if (g.metered) {
      const big = intCmp(abs(from), abs(to)) >= 0 ? abs(from) : abs(to);
      g.makeList(len, rt.gas.sizeOf(countInteger, big));
    }
    if (typeof len !== 'number' || len > MAX_LIST_LENGTH) throw listTooLarge(len);
    const out: Value[] = new Array(len);
    let x = from;
    for (let i = 0; i < len; i++) { out[i] = x; x = intAdd(x, step); }
    return out;
  }

  function takeOrDrop(name: 'take' | 'drop', args: Value[]): Value {
    const n = args[0], xs = args[1];
    if (isInt(n) && typeof xs === 'string') {
      const chars = hasSurrogates(xs) ? Array.from(xs) : null;
      const len = chars ? chars.length : xs.length;
      const i = clampCount(n, len);
      if (name === 'take' && g.metered) { if (n >= 0) g.textConcat(Math.min(i, len)); else g.takeFromEnd(true, n); }
      // take n ≥ 0: the first n; take n < 0: the last |n|; drop is the complement
      const cut = n >= 0 ? Math.min(i, len) : Math.max(len + i, 0);
      const keepFront = (name === 'take') === (n >= 0);
      const slice = (a: number, b?: number) => (chars ? chars.slice(a, b).join('') : xs.slice(a, b));
      return keepFront ? slice(0, cut) : slice(cut);
    }
    if (isInt(n) && Array.isArray(xs)) {
      const len = xs.length;
      const i = clampCount(n, len);
      if (name === 'take' && g.metered) { if (n >= 0) g.listConcat(Math.min(i, len)); else g.takeFromEnd(false, n); }
      const cut = n >= 0 ? Math.min(i, len) : Math.max(len + i, 0);
      const keepFront = (name === 'take') === (n >= 0);
      return keepFront ? xs.slice(0, cut) : xs.slice(cut);
    }
    if (Array.isArray(n) && xs instanceof PactObject) {
      const keys = new Set(keyList(name, n));
      if (name === 'take' && g.metered) g.objConcat(n.length);
      const m = new Map<string, Value>();
      for (const [k, v] of xs.fields) if (keys.has(k) === (name === 'take')) m.set(k, v);
      return new PactObject(m);
    }
    throw argTypeError(name, args);
  }

  /** Pact's `sort` order: literals by kind then value, literals before times, anything else ties. */
  const sortOrder = (a: Value, b: Value): number => {
    const c = compareLiterals(a, b);
    if (c !== null) return c;
    const at = a instanceof PactTime, bt = b instanceof PactTime;
    if (at && bt) return a.micros < b.micros ? -1 : a.micros > b.micros ? 1 : 0;
    if (at && compareLiterals(b, b) !== null) return 1;
    if (bt && compareLiterals(a, a) !== null) return -1;
    return 0;
  };

  return {
    'enumerate': args => {
      const from = args[0], to = args[1];
      if (!isInt(from) || !isInt(to)) throw argTypeError('enumerate', args);
      return enumerate(from, to, intCmp(from, to) > 0 ? -1 : 1);
    },
    'enumerate-step': args => {
      const from = args[0], to = args[1], step = args[2];
      if (!isInt(from) || !isInt(to) || !isInt(step)) throw argTypeError('enumerate-step', args);
      return enumerate(from, to, step);
    },
    'make-list': args => {
      const n = args[0], v = args[1];
      if (!isInt(n) || isCallable(v)) throw argTypeError('make-list', args);
      if (g.metered) g.makeList(n, rt.gas.sizeOf(countValue, v));
      if (n <= 0) return [];
      if (typeof n !== 'number' || n > MAX_LIST_LENGTH) throw listTooLarge(n);
      return new Array(n).fill(v);
    },
    'length': args => {
      const x = args[0];
      if (typeof x === 'string') {
        const len = textLength(x);
        if (g.metered) g.strOpLength(len);
        return len;
      }
      if (Array.isArray(x)) return x.length;
      if (x instanceof PactObject) return x.size;
      throw argTypeError('length', args);
    },
    'reverse': args => {
      const x = args[0];
      if (Array.isArray(x)) {
        if (g.metered) g.listConcat(x.length);
        return x.slice().reverse();
      }
      if (typeof x === 'string') {
        const chars = Array.from(x);
        if (g.metered) g.textConcat(chars.length);
        return chars.reverse().join('');
      }
      throw argTypeError('reverse', args);
    },
    'take': args => takeOrDrop('take', args),
    'drop': args => takeOrDrop('drop', args),
    'at': args => {
      const k = args[0], c = args[1];
      if (isInt(k) && Array.isArray(c)) {
        // the index becomes a machine Int, so huge values wrap before the bounds check
        const i = typeof k === 'number' ? k : Number(BigInt.asIntN(64, k));
        if (i >= 0 && i < c.length) return c[i];
        const shown = typeof k === 'number' ? k : BigInt.asIntN(64, k);
        throw execError(`Array index out of bounds. Length (${c.length}), Index (${shown})`);
      }
      if (typeof k === 'string' && c instanceof PactObject) {
        if (g.metered) g.objOpLookup(k, c.size);
        const v = c.get(k);
        if (v === undefined) throw missingField(k, c);
        return v;
      }
      throw argTypeError('at', args);
    },
    'contains': args => {
      const x = args[0], c = args[1];
      if (typeof x === 'string' && c instanceof PactObject) {
        if (g.metered) g.fieldSearch(c.size);
        return c.fields.has(x);
      }
      if (typeof x === 'string' && typeof c === 'string') {
        if (g.metered) g.substringSearch(x, c);
        return c.includes(x);
      }
      if (Array.isArray(c) && !containsCallable(x)) {
        for (const y of c) if (equalsGassed(g, x, y)) return true;
        return false;
      }
      throw argTypeError('contains', args);
    },
    'remove': args => {
      const k = args[0], o = args[1];
      if (typeof k !== 'string' || !(o instanceof PactObject)) throw argTypeError('remove', args);
      if (g.metered) g.objOpRemove(k, o.size);
      if (!o.fields.has(k)) return o;
      const m = new Map(o.fields);
      m.delete(k);
      return new PactObject(m);
    },
    'sort': args => {
      const xs = args[0];
      if (!Array.isArray(xs)) throw argTypeError('sort', args);
      if (xs.length === 0) return [];
      if (g.metered) {
        let max = 0;
        for (const x of xs) max = Math.max(max, rt.gas.sizeOf(countValue, x));
        g.sortComparisons(max, xs.length);
      }
      return introSort(xs, sortOrder);
    },
    'sort-object': args => {
      const fields = args[0], objs = args[1];
      if (!Array.isArray(fields) || !Array.isArray(objs)) throw argTypeError('sort-object', args);
      if (fields.length === 0 || objs.length === 0) return objs;
      for (const o of objs) if (!(o instanceof PactObject)) throw argTypeError('sort-object', [o]);
      const fs = keyList('sort-object', fields);
      // Pact folds the fields from the right: the last field decides first, earlier ones break ties
      const cmp = (a: Value, b: Value): number => {
        for (let i = fs.length - 1; i >= 0; i--) {
          const x = (a as PactObject).get(fs[i]), y = (b as PactObject).get(fs[i]);
          if (x === undefined || y === undefined) continue;
          const c = compareLiterals(x, y);
          if (c !== null && c !== 0) return c;
        }
        return 0;
      };
      return introSort(objs, cmp);
    },
    'distinct': args => {
      const xs = args[0];
      if (!Array.isArray(xs)) throw argTypeError('distinct', args);
      // nub: keep the first of each run of equals, comparing each kept element with the rest
      let rest = xs;
      const out: Value[] = [];
      while (rest.length > 0) {
        const x = rest[0];
        out.push(x);
        const next: Value[] = [];
        for (let i = 1; i < rest.length; i++) if (!equalsGassed(g, x, rest[i])) next.push(rest[i]);
        rest = next;
      }
      return out;
    },
    'where': args => {
      const field = args[0], f = args[1], o = args[2];
      if (typeof field !== 'string' || !isCallable(f) || !(o instanceof PactObject)) throw argTypeError('where', args);
      if (g.metered) g.objOpLookup(field, o.size);
      const v = o.get(field);
      if (v === undefined) throw missingField(field, o);
      return boolResult(vm.call(f, [v]));
    },
  };
}


