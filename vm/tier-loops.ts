// The element loops of map, filter, fold and zip for a tiered callback: generated once per
// function (`new Function`), so the call to its tiered code is a call site of its own that V8
// can inline. Each loop charges, calls and checks exactly as the natives' general loops do. A
// callback that calls nothing has its body inlined into a second copy of the loop, run when gas
// is unmetered and the call depth allows the call (neither changes during such a loop).

import type { FunctionProto } from './chunk.js';
import type { Machine } from './machine.js';
import { LiteralCharge } from './host.js';
import type { Closure, Value } from './values.js';
import { SPECULATION, inlinedCallback, tierFunction } from './tier.js';

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
const PARAMS = ['xs, i, out, check', 'xs, i, out, check', 'xs, i, acc, check', 'xs, ys, i, out, check'];

/** Statements applying the callback to `args` with the result in `result`. */
type Apply = (result: string, ...args: string[]) => string;

/** per kind: the loop (from `i` on, returning), given the per-element charge, the application,
 *  and the names of the index and (fold) accumulator variables */
const LOOPS: ((charge: string, apply: Apply, i: string, acc: string) => string)[] = [
  (charge, apply, i) => `
  for (; ${i} < xs.length; ${i}++) {
    ${charge}
    let r; ${apply('r', `xs[${i}]`)}
    if (typeof r === 'object') check(r);
    out[${i}] = r;
  }
  return out;`,
  (charge, apply, i) => `
  for (; ${i} < xs.length; ${i}++) {
    ${charge}
    const x = xs[${i}];
    let r; ${apply('r', 'x')}
    if (r === true) out.push(x);
    else if (r !== false) check(r);
  }
  return out;`,
  (charge, apply, i, acc) => `
  for (; ${i} < xs.length; ${i}++) {
    ${charge}
    ${apply(acc, acc, `xs[${i}]`)}
    if (typeof ${acc} === 'object') check(${acc});
  }
  return ${acc};`,
  (charge, apply, i) => `
  for (; ${i} < out.length; ${i}++) {
    ${charge}
    let r; ${apply('r', `xs[${i}]`, `ys[${i}]`)}
    if (typeof r === 'object') check(r);
    out[${i}] = r;
  }
  return out;`,
];

/** The `kind` loop for `proto`, which has tiered up and takes the kind's number of arguments. */
export function tierLoop(proto: FunctionProto, kind: LoopKind): TierLoop {
  let loops = proto.tierLoops;
  if (loops === null) loops = proto.tierLoops = [null, null, null, null];
  const known = loops[kind];
  if (known !== null) return known;
  const charge = `if (gas.metered) { gas.chargeLiteral(${LiteralCharge.Uncons}, 0); gas.chargeApply(${ARITY[kind]}); }`;
  // each application of a module function records the native's site as its caller (the one
  // before it changed it: CallStack.entryChunk)
  const general = LOOPS[kind](charge, (result, ...a) =>
    `${proto.tracked ? 'm.entryChunk = siteChunk; m.entryAt = siteAt; ' : ''}${result} = tier(m, closure, m.sp + 1, ${a.join(', ')});`, 'i', 'acc');
  const inlined = inlinedCallback(proto);
  // the speculative copy, whose slow paths leave its loop (and the element, undone) for the
  // copy after it. Its index and accumulator are variables of its own, which V8 then sees
  // holding only what the fast paths make (small integers, strings) and keeps them unboxed;
  // shared with the copy after it, they would merge with its slow paths' values of any type.
  const fold = kind === LoopKind.Fold;
  const speculative = inlined?.speculative
    ? `{ let si = i${fold ? ', sacc = acc' : ''};\n  ${SPECULATION}: {${LOOPS[kind]('', inlined.speculative, 'si', 'sacc')}\n  }\n` +
      `  i = si;${fold ? ' acc = sacc;' : ''} }\n  `
    : '';
  // unmetered, nothing is charged; the depth is the one the callback's own check would see
  const fast = inlined === null ? ''
    : `if (!gas.metered && m.fp < limits.callDepth) {\n  ${inlined.prelude}${speculative}${LOOPS[kind]('', inlined.apply, 'i', 'acc')}\n  }`;
  // a name of its own: V8 caches `new Function` by source text, and loops of the same source would
  // share one call site (and its type feedback) for all their callbacks
  const name = `${NAMES[kind]}_${proto.qualifiedName.replace(/[^A-Za-z0-9_$]/g, '_')}_${++loopsMade}`;
  const source = `return function ${name}(m, closure, ${PARAMS[kind]}) {\n  const gas = m.host.gas;${proto.tracked ? ' const siteChunk = m.entryChunk, siteAt = m.entryAt;' : ''}\n  ${fast}${general}\n};`;
  const loop = tierFunction(proto, source, { tier: proto.tier }) as TierLoop;
  loops[kind] = loop;
  return loop;
}

/** how many arguments the callback of a `kind` loop takes */
export function loopArity(kind: LoopKind): number {
  return ARITY[kind];
}
