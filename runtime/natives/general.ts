// Higher-order and general natives: map, filter, fold, zip, compose, and?/or?/not?, bind, cond,
// identity, continue, typeof, show (natives.md §2). Natives that call closures re-enter the
// machine through rt.vm.call (map/filter/fold/zip hand a tiered function to its own loop);
// results that must be values or booleans are checked as Pact does.

import type { Runtime } from './context.js';
import { LiteralCharge } from '../../vm/host.js';
import { LoopKind } from '../../vm/tier-loops.js';
import type { NativeTable } from './registry.js';
import { argTypeError, boolResult, valueResult } from './errors.js';
import {
  PactObject, ModRef, CapToken, TableRef, isCallable, kindOf, type Closure, type Value,
} from '../../vm/values.js';
import { showText } from '../values/render.js';
import { countValue } from '../values/size.js';
import { GasCharges } from '../gas/charges.js';

export function generalNatives(rt: Runtime): NativeTable {
  const vm = rt.vm;
  const gas = rt.gas;
  const g = new GasCharges(gas);
  /** unconsWork, charged per element before the function is applied to it (gas.md §3.2) */
  const perElement = () => { if (gas.metered) gas.chargeLiteral(LiteralCharge.Uncons, 0); };
  const bool = boolResult;
  const value = valueResult;

  return {
    // Each loop applies `f` with call1/2 until `f` has tiered up (it may during the loop), then
    // hands the remaining elements to the tiered loop (vm/tier-loops.ts), which charges and
    // checks the same way.
    'map': args => {
      const f = args[0], xs = args[1];
      if (!isCallable(f) || !Array.isArray(xs)) throw argTypeError('map', args);
      const out: Value[] = new Array(xs.length);
      for (let i = 0; i < xs.length; i++) {
        const loop = vm.tierLoopFor(f, LoopKind.Map);
        if (loop !== null) return loop(vm, f as Closure, xs, i, out, value);
        if (gas.metered) perElement();
        out[i] = value(vm.call1(f, xs[i]));
      }
      return out;
    },
    'filter': args => {
      const f = args[0], xs = args[1];
      if (!isCallable(f) || !Array.isArray(xs)) throw argTypeError('filter', args);
      const out: Value[] = [];
      for (let i = 0; i < xs.length; i++) {
        const loop = vm.tierLoopFor(f, LoopKind.Filter);
        if (loop !== null) return loop(vm, f as Closure, xs, i, out, bool);
        if (gas.metered) perElement();
        if (bool(vm.call1(f, xs[i]))) out.push(xs[i]);
      }
      return out;
    },
    'fold': args => {
      const f = args[0], init = args[1], xs = args[2];
      if (!isCallable(f) || isCallable(init) || !Array.isArray(xs)) throw argTypeError('fold', args);
      let acc = init;
      for (let i = 0; i < xs.length; i++) {
        const loop = vm.tierLoopFor(f, LoopKind.Fold);
        if (loop !== null) return loop(vm, f as Closure, xs, i, acc, value);
        if (gas.metered) perElement();
        acc = value(vm.call2(f, acc, xs[i]));
      }
      return acc;
    },
    'zip': args => {
      const f = args[0], xs = args[1], ys = args[2];
      if (!isCallable(f) || !Array.isArray(xs) || !Array.isArray(ys)) throw argTypeError('zip', args);
      const n = Math.min(xs.length, ys.length);
      const out: Value[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const loop = vm.tierLoopFor(f, LoopKind.Zip);
        if (loop !== null) return loop(vm, f as Closure, xs, ys, i, out, value);
        if (gas.metered) perElement();
        out[i] = value(vm.call2(f, xs[i], ys[i]));
      }
      return out;
    },
    'compose': args => {
      const f = args[0], g2 = args[1], x = args[2];
      if (!isCallable(f) || !isCallable(g2)) throw argTypeError('compose', args);
      return valueResult(vm.call(g2, [valueResult(vm.call(f, [x]))]));
    },
    'and?': args => {
      const f = args[0], g2 = args[1], x = args[2];
      if (!isCallable(f) || !isCallable(g2) || isCallable(x)) throw argTypeError('and?', args);
      return bool(vm.call(f, [x])) ? bool(vm.call(g2, [x])) : false;
    },
    'or?': args => {
      const f = args[0], g2 = args[1], x = args[2];
      if (!isCallable(f) || !isCallable(g2) || isCallable(x)) throw argTypeError('or?', args);
      return bool(vm.call(f, [x])) ? true : bool(vm.call(g2, [x]));
    },
    'not?': args => {
      const f = args[0], x = args[1];
      if (!isCallable(f) || isCallable(x)) throw argTypeError('not?', args);
      return !bool(vm.call(f, [x]));
    },
    'bind': args => {
      const obj = args[0], f = args[1];
      if (!(obj instanceof PactObject) || !isCallable(f)) throw argTypeError('bind', args);
      return valueResult(vm.call(f, [obj]));
    },
    'cond': args => {
      const f = args[0];
      if (!isCallable(f)) throw argTypeError('cond', args);
      return vm.call(f, []);
    },
    'identity': args => {
      if (isCallable(args[0])) throw argTypeError('identity', args);
      return args[0];
    },
    'continue': args => args[0],
    'typeof': args => typeName(args[0]),
    'show': args => {
      const v = args[0];
      if (isCallable(v)) throw argTypeError('show', args);
      if (g.metered) g.textConcat(gas.sizeOf(countValue, v));
      return showText(v);
    },
  };
}

/** `typeof` names (natives.md §2): the value kinds, except where `typeof` says more. */
export function typeName(v: Value): string {
  if (v instanceof ModRef) return `module{${v.interfaces.join(', ')}}`;
  if (v instanceof CapToken) return 'CAPTOKEN';
  if (v instanceof TableRef) return `table{${v.schema.name}}`;
  const kind = kindOf(v);
  return kind === 'closure' ? '<<closure>>' : kind;
}
