// The element loops of map, filter, fold and zip for a tiered callback: generated once per
// function (`new Function`), so the call to its tiered code is a call site of its own that V8
// can inline. Each loop charges, calls and checks exactly as the natives' general loops do.

import type { FunctionProto } from './chunk.js';
import type { Machine } from './machine.js';
import { LiteralCharge } from './host.js';
import type { Closure, Value } from './values.js';

export const enum LoopKind { Map = 0, Filter = 1, Fold = 2, Zip = 3 }

/** Arguments each kind takes after the machine and the closure:
 *  map    (xs, from, out, check): writes out[i] for i ≥ from, returns out
 *  filter (xs, from, out, check): pushes the kept elements to out, returns out
 *  fold   (xs, from, acc, check): returns the final accumulator
 *  zip    (xs, ys, from, out, check): writes out[i] for i ≥ from up to out.length, returns out
 *  `check` is called with a result that is not what the native accepts (it throws) or, for
 *  map/fold/zip, with any object result (it throws if it is a function). */
export type TierLoop = (m: Machine, closure: Closure, ...args: unknown[]) => Value;

const ARITY = [1, 1, 2, 2];
let loopsMade = 0;
const NAMES = ['map', 'filter', 'fold', 'zip'];

/** per kind: the loop's parameters and body; `call(x, y)` is the callback applied to x, y */
const BODIES: ((call: (...a: string[]) => string) => [string, string])[] = [
  call => ['xs, i, out, check', `
  for (; i < xs.length; i++) {
    if (gas.metered) { gas.chargeLiteral(${LiteralCharge.Uncons}, 0); gas.chargeApply(1); }
    const r = ${call('xs[i]')};
    if (typeof r === 'object') check(r);
    out[i] = r;
  }
  return out;`],
  call => ['xs, i, out, check', `
  for (; i < xs.length; i++) {
    if (gas.metered) { gas.chargeLiteral(${LiteralCharge.Uncons}, 0); gas.chargeApply(1); }
    const x = xs[i];
    const r = ${call('x')};
    if (r === true) out.push(x);
    else if (r !== false) check(r);
  }
  return out;`],
  call => ['xs, i, acc, check', `
  for (; i < xs.length; i++) {
    if (gas.metered) { gas.chargeLiteral(${LiteralCharge.Uncons}, 0); gas.chargeApply(2); }
    acc = ${call('acc', 'xs[i]')};
    if (typeof acc === 'object') check(acc);
  }
  return acc;`],
  call => ['xs, ys, i, out, check', `
  for (; i < out.length; i++) {
    if (gas.metered) { gas.chargeLiteral(${LiteralCharge.Uncons}, 0); gas.chargeApply(2); }
    const r = ${call('xs[i]', 'ys[i]')};
    if (typeof r === 'object') check(r);
    out[i] = r;
  }
  return out;`],
];

/** The `kind` loop for `proto`, which has tiered up and takes the kind's number of arguments. */
export function tierLoop(proto: FunctionProto, kind: LoopKind): TierLoop {
  let loops = proto.tierLoops;
  if (loops === null) loops = proto.tierLoops = [null, null, null, null];
  const known = loops[kind];
  if (known !== null) return known;
  const [params, body] = BODIES[kind]((...a) => `t(m, closure, m.sp + 1, ${a.join(', ')})`);
  // a name of its own: V8 caches `new Function` by source text, and loops of the same source would
  // share one call site (and its type feedback) for all their callbacks
  const name = `${NAMES[kind]}_${proto.qualifiedName.replace(/[^A-Za-z0-9_$]/g, '_')}_${++loopsMade}`;
  const source = `return function ${name}(m, closure, ${params}) {\n  const gas = m.host.gas;${body}\n};`;
  const loop = new Function('t', source)(proto.tier) as TierLoop;
  loops[kind] = loop;
  return loop;
}

/** how many arguments the callback of a `kind` loop takes */
export function loopArity(kind: LoopKind): number {
  return ARITY[kind];
}
