// The second tier: a function called often enough has its bytecode translated, one template per
// instruction (vm/templates.ts), into a JavaScript function made with `new Function`. Operand-stack
// entries and frame slots become JS variables; frames, gas and errors stay the machine's.

import { TEMPLATES, type TierSite, type Flow } from './templates.js';
import { OPCODES, type Op } from './opcodes.js';
import type { FunctionProto } from './chunk.js';
import type { Closure, Value } from './values.js';
import type { Machine } from './machine.js';

/** A tiered function: runs `closure` whose arguments the caller wrote at `stack[base..]` (and the
 *  closure itself at `stack[base - 1]`), pushing and popping its own machine frame. */
export type TierFn = (m: Machine, closure: Closure, base: number) => Value;

export type TierMode = 'off' | 'on' | 'always';

/** `PACTVM_TIER=off|on|always` (default on: after `threshold` calls; always: from the first call). */
export const tierSettings = { mode: 'on' as TierMode, threshold: 40 };
/** JS frames of tiered code nested at once; deeper calls run in the interpreter, whose own
 *  calls do not grow the JS stack. */
export const TIER_DEPTH = 400;
/** functions with more JS variables than this (frame slots + operand stack) stay interpreted */
const MAX_VARIABLES = 300;
const MAX_CODE = 20_000;

/** Switch the tier; the call counts of functions compiled so far are kept. */
export function setTierMode(mode: TierMode): void {
  tierSettings.mode = mode;
  tierSettings.threshold = mode === 'off' ? Infinity : mode === 'always' ? 0 : 40;
}

const fromEnv = typeof process !== 'undefined' ? process.env.PACTVM_TIER : undefined;
if (fromEnv === 'off' || fromEnv === 'on' || fromEnv === 'always') setTierMode(fromEnv);

/** What generated code refers to besides the machine: supplied by vm/machine.ts once. */
export interface TierRuntime { readonly [name: string]: unknown }
let runtimeNames: string[] = [];
let runtimeValues: unknown[] = [];
export function provideTierRuntime(rt: TierRuntime): void {
  runtimeNames = Object.keys(rt);
  runtimeValues = runtimeNames.map(n => rt[n]);
}

/** Translate `proto`, or null when the tier does not handle it (the interpreter runs it). */
export function compileTier(proto: FunctionProto): TierFn | null {
  const source = tierSource(proto);
  if (source === null) return null;
  const factory = new Function(...runtimeNames, 'P', 'chunk', 'K', source) as (...a: unknown[]) => TierFn;
  return factory(...runtimeValues, proto, proto.chunk, proto.chunk.constants);
}

/** The JS source of the factory returning the tiered function, or null. */
export function tierSource(proto: FunctionProto): string | null {
  if (proto.kind === 'defpact') return null;
  const code = proto.chunk.code;
  if (code.length > MAX_CODE) return null;
  const n = code.length;
  const depthAt: (number | undefined)[] = new Array(n);
  depthAt[0] = 0;
  const targets = new Set<number>();
  const body: string[] = [];
  let maxDepth = 0;
  const usedConstants = new Set<number>();
  let usesCaptures = false;

  const site: TierSite = {
    at: 0, depth: 0,
    operand: (i: number) => code[site.at + 1 + i],
    v: (i: number) => `v${i}`,
    local: (i: number) => `l${i}`,
    constant: (k: number) => { usedConstants.add(k); return `K${k}`; },
    constantValue: (k: number) => proto.chunk.constants[k],
    jump: (t: number) => `break L${t};`,
    arity: proto.arity,
    tracked: proto.tracked,
  };

  const reach = (target: number, depth: number): boolean => {
    const known = depthAt[target];
    if (known !== undefined && known !== depth) return false;
    depthAt[target] = depth;
    return true;
  };

  for (let ip = 0; ip < n;) {
    const op = code[ip] as Op;
    const info = OPCODES[op];
    if (info === undefined) return null;
    const template = TEMPLATES[op];
    const next = ip + 1 + info.operands;
    const depth = depthAt[ip];
    if (depth === undefined) { ip = next; continue; } // unreachable
    if (template === null) return null;
    site.at = ip; site.depth = depth;
    if (targets.has(ip)) body.push(`}`);
    if ((op as number) === 4 /* Op.Capture */) usesCaptures = true;
    const flow: Flow = template.flow(site);
    if (flow.branch) {
      // jumps go forward only: each target closes a block opened at the top of the function
      if (flow.branch.target <= ip || flow.branch.target >= n || !reach(flow.branch.target, flow.branch.depth)) return null;
      targets.add(flow.branch.target);
    }
    if (flow.next !== null && !reach(next, flow.next)) return null;
    if (template.throws) body.push(`at = ${ip};`);
    body.push(template.emit(site));
    maxDepth = Math.max(maxDepth, depth + 1, flow.next ?? 0, flow.branch?.depth ?? 0);
    ip = next;
  }
  if (maxDepth + proto.nlocals > MAX_VARIABLES) return null;
  // Closure captures the capture map of other prototypes through constants too
  if (body.some(line => line.includes('caps['))) usesCaptures = true;

  const sorted = [...targets].sort((a, b) => b - a);
  const locals: string[] = [];
  for (let i = 0; i < proto.nlocals; i++) locals.push(i < proto.arity ? `l${i} = S[base + ${i}]` : `l${i}`);
  const stackVars: string[] = [];
  for (let i = 0; i < maxDepth; i++) stackVars.push(`v${i}`);
  const constants = [...usedConstants].map(k => `const K${k} = K[${k}];`).join('\n');

  return `${constants}
return function ${jsName(proto)}(m, closure, base) {
  if (m.fp >= limits.callDepth) throw callTooDeep();
  ${proto.tracked ? 'activate(P);' : ''}
  const fp = ++m.fp;
  m.fClosure[fp] = closure; m.fBase[fp] = base; m.fReentrantMark[fp] = -1;
  if (closure.via !== null || m.reentrant.length > 0) m.enterReentrant(fp, closure);
  m.sp = base + ${proto.nlocals};
  m.tierDepth++;
  const S = m.stack, host = m.host, gas = host.gas, natives = host.natives;
  const nb = base + ${proto.nlocals + 1};
  ${usesCaptures ? 'const caps = closure.captures;' : ''}
  ${locals.length ? `let ${locals.join(', ')};` : ''}
  ${stackVars.length ? `let ${stackVars.join(', ')};` : ''}
  let at = 0;
  try {
    ${sorted.map(t => `L${t}: {`).join(' ')}
    ${body.join('\n    ')}
  } catch (caught) {
    m.tierDepth--;
    throw m.tierFailure(caught, chunk, at, fp, base, P);
  }
};`;
}

/** A JS identifier naming the function in profiles and JS stack traces. */
function jsName(proto: FunctionProto): string {
  return 'pact_' + proto.qualifiedName.replace(/[^A-Za-z0-9_$]/g, '_');
}
