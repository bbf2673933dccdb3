// Higher-order and general natives: map, filter, fold, zip, compose, and?/or?/not?, identity,
// typeof (natives.md §2). Natives that call closures re-enter the machine through rt.vm.call.

import type { Runtime } from '../context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { PactError } from '../../vm/errors.js';
import {
  PactDecimal, PactObject, PactTime, Unit, ModRef, CapToken, TableRef, isCallable, isGuard, type Value,
} from '../../vm/values.js';
import { pretty } from '../render.js';

export function generalNatives(rt: Runtime): NativeTable {
  const vm = rt.vm;
  const gas = rt.gas;
  /** unconsWork, charged per element processed by map/filter/zip/fold (gas.md §3.2) */
  const perElement = () => { if (gas.metered) gas.chargeLiteral(2, 0); };
  const bool = (v: Value): boolean => {
    if (typeof v !== 'boolean') throw new PactError('exec', `expected bool value, got ${pretty(v)}`);
    return v;
  };

  return {
    'map': args => {
      const [f, xs] = args;
      if (!isCallable(f) || !Array.isArray(xs)) throw argTypeError('map', args);
      const out: Value[] = new Array(xs.length);
      for (let i = 0; i < xs.length; i++) { perElement(); out[i] = vm.call(f, [xs[i]]); }
      return out;
    },
    'filter': args => {
      const [f, xs] = args;
      if (!isCallable(f) || !Array.isArray(xs)) throw argTypeError('filter', args);
      const out: Value[] = [];
      for (const x of xs) { perElement(); if (bool(vm.call(f, [x]))) out.push(x); }
      return out;
    },
    'fold': args => {
      const [f, init, xs] = args;
      if (!isCallable(f) || !Array.isArray(xs)) throw argTypeError('fold', args);
      let acc = init;
      for (const x of xs) { perElement(); acc = vm.call(f, [acc, x]); }
      return acc;
    },
    'zip': args => {
      const [f, xs, ys] = args;
      if (!isCallable(f) || !Array.isArray(xs) || !Array.isArray(ys)) throw argTypeError('zip', args);
      const n = Math.min(xs.length, ys.length);
      const out: Value[] = new Array(n);
      for (let i = 0; i < n; i++) { perElement(); out[i] = vm.call(f, [xs[i], ys[i]]); }
      return out;
    },
    'compose': args => {
      const [f, g, x] = args;
      if (!isCallable(f) || !isCallable(g)) throw argTypeError('compose', args);
      return vm.call(g, [vm.call(f, [x])]);
    },
    'and?': args => {
      const [f, g, x] = args;
      if (!isCallable(f) || !isCallable(g)) throw argTypeError('and?', args);
      return bool(vm.call(f, [x])) ? bool(vm.call(g, [x])) : false;
    },
    'or?': args => {
      const [f, g, x] = args;
      if (!isCallable(f) || !isCallable(g)) throw argTypeError('or?', args);
      return bool(vm.call(f, [x])) ? true : bool(vm.call(g, [x]));
    },
    'not?': args => {
      const [f, x] = args;
      if (!isCallable(f)) throw argTypeError('not?', args);
      return !bool(vm.call(f, [x]));
    },
    'bind': args => {
      const [obj, f] = args;
      if (!(obj instanceof PactObject) || !isCallable(f)) throw argTypeError('bind', args);
      return vm.call(f, [obj]);
    },
    'identity': args => args[0],
    'continue': args => args[0],
    'typeof': args => typeName(args[0]),
  };
}

/** `typeof` names (natives.md §2). */
export function typeName(v: Value): string {
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
  if (v instanceof ModRef) return `module{${v.interfaces.join(', ')}}`;
  if (v instanceof CapToken) return 'CAPTOKEN';
  if (v instanceof TableRef) return `table{${v.schemaName}}`;
  return '<<closure>>';
}
