// The second tier: a function called often enough has its bytecode translated, one template per
// instruction (vm/templates.ts), into a JavaScript function made with `new Function`. Operand-stack
// entries and frame slots become JS variables; frames, gas and errors stay the machine's.

import { TEMPLATES, type TierSite, type Flow } from './templates.js';
import { OPCODES, Op } from './opcodes.js';
import type { Chunk, FunctionProto } from './chunk.js';
import { Partial, type Closure, type Value } from './values.js';
import type { Machine } from './machine.js';
import { BUILTINS } from './builtins.js';
import { PactError, execError } from './errors.js';
import { engineFailure, type InternalFailure } from './limits.js';

/** A tiered function: runs `closure` on the arguments given after `base`, the stack slot where
 *  its frame starts, pushing and popping its own machine frame. */
export type TierFn = (m: Machine, closure: Closure, base: number, ...args: Value[]) => Value;

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
  const factory = new Function(...runtimeNames, 'tierFailure', 'tierBinary', 'tierApply', 'P', 'chunk', 'K', source) as (...a: unknown[]) => TierFn;
  return factory(...runtimeValues, tierFailure, tierBinary, tierApply, proto, proto.chunk, proto.chunk.constants);
}

/** The JS source of the factory returning the tiered function, or null. */
export function tierSource(proto: FunctionProto): string | null {
  if (proto.kind === 'defpact') return null;
  const code = proto.chunk.code;
  const tracked = proto.tracked;
  // A lambda that calls nothing needs no machine frame: only its depth is observable (stack
  // traces, the calling module and profiles skip lambdas; it runs no Pact code of others).
  const frameless = proto.kind === 'lambda' && !callsOut(code);
  const leave = frameless ? ''
    : (tracked ? 'P.active--; ' : '') + 'if (m.guardFp === fp) m.leaveReentrant(); m.fp = fp - 1; ' +
      (tracked ? 'm.sp = base - 1; ' : '') + 'm.tierDepth--;';
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
    tracked,
    leave,
    leaveForTail: (tracked ? 'P.active--; ' : '') + 'm.fp = fp - 1;',
    self: jsName(proto),
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
    if (op === Op.Capture) usesCaptures = true;
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
  const params: string[] = [];
  for (let i = 0; i < proto.arity; i++) params.push(`a${i}`);
  const locals: string[] = [];
  for (let i = 0; i < proto.nlocals; i++) locals.push(i < proto.arity ? `l${i} = a${i}` : `l${i}`);
  const stackVars: string[] = [];
  for (let i = 0; i < maxDepth; i++) stackVars.push(`v${i}`);
  const constants = [...usedConstants].map(k => `const K${k} = K[${k}];`).join('\n');
  const enter = frameless ? '' : `
  ${tracked ? 'activate(P);' : ''}
  const fp = ++m.fp;
  m.fClosure[fp] = closure;
  ${tracked ? `m.fBase[fp] = base; m.sp = base + ${proto.nlocals}; ${params.map((a, i) => `S[base + ${i}] = ${a};`).join(' ')}` : ''}
  ${tracked ? 'if (closure.via !== null || m.reentrant.length > 0) m.enterReentrant(fp, closure);'
    // the reentrancy check records only what a module function or a function reached by module
    // reference does: for anything else enterReentrant changes nothing unless `via` is set
    : 'if (closure.via !== null) m.enterReentrant(fp, closure);'}
  m.tierDepth++;
  const nb = base + ${proto.nlocals + 1};`;
  const failure = frameless
    ? 'throw tierFailure(m, caught, chunk, at, m.fp + 1, base, P);'
    : 'm.tierDepth--; throw tierFailure(m, caught, chunk, at, fp, base, P);';

  return `${constants}
return function ${jsName(proto)}(${['m', 'closure', 'base', ...params].join(', ')}) {
  if (m.fp >= limits.callDepth) throw callTooDeep();
  ${machineLocals(body.join('\n') + enter)}${enter}
  ${usesCaptures ? 'const caps = closure.captures;' : ''}
  ${locals.length ? `let ${locals.join(', ')};` : ''}
  ${stackVars.length ? `let ${stackVars.join(', ')};` : ''}
  let at = 0;
  try {
    ${sorted.map(t => `L${t}: {`).join(' ')}
    ${body.join('\n    ')}
  } catch (caught) {
    ${failure}
  }
};`;
}

/** A tiered function's error: located at its instruction `at`, with the Pact stack of the frames
 *  still running; the function's own frame `fp` (if it has one and still holds it: a tail call
 *  hands it over) is then left, as the interpreter's unwind would. */
function tierFailure(m: Machine, caught: unknown, chunk: Chunk, at: number, fp: number, base: number,
  proto: FunctionProto): PactError | InternalFailure {
  const e = engineFailure(caught, chunk.spans[at] ?? proto.span);
  if (e instanceof PactError && e.pactStack.length === 0) e.pactStack = m.stackTrace(Math.min(fp, m.fp));
  if (m.fp === fp) {
    if (proto.tracked) proto.active--;
    if (m.guardFp === fp) m.leaveReentrant();
    m.fp = fp - 1;
    if (proto.tracked) m.sp = base - 1;
  }
  return e;
}

/** The slow path of a tiered arithmetic or comparison instruction: the native (binaryNative's). */
function tierBinary(m: Machine, id: number, a: Value, b: Value, chunk: Chunk, at: number): Value {
  m.siteChunk = chunk; m.siteIp = at;
  if (m.host.gas.metered) m.host.gas.chargeNative(BUILTINS[id]);
  return m.host.natives[id]([a, b]);
}

/** A tiered CALL of anything but a saturated plain closure: the interpreter's general path. */
function tierApply(m: Machine, callee: Value, args: Value[], chunk: Chunk, at: number): Value {
  m.siteChunk = chunk; m.siteIp = at;
  if (callee instanceof Partial) throw execError('Attempted to apply a closure outside of native callsite');
  return m.call(callee, args);
}

/** The machine's parts the code uses, in locals (only those: a load per call otherwise). */
function machineLocals(code: string): string {
  const parts: string[] = [];
  if (/\bS\[/.test(code)) parts.push('S = m.stack');
  if (/\b(host|gas|natives)\b/.test(code)) parts.push('host = m.host');
  if (/\bgas\b/.test(code)) parts.push('gas = host.gas');
  if (/\bnatives\b/.test(code)) parts.push('natives = host.natives');
  return parts.length ? `const ${parts.join(', ')};` : '';
}

/** Does the code call other functions (or natives, which may call back)? */
function callsOut(code: Int32Array): boolean {
  for (let ip = 0; ip < code.length; ip += 1 + (OPCODES[code[ip] as Op]?.operands ?? 0)) {
    const op = code[ip] as Op;
    if (op === Op.Call || op === Op.TailCall || op === Op.CallNative) return true;
  }
  return false;
}

/** A JS identifier naming the function in profiles and JS stack traces. */
function jsName(proto: FunctionProto): string {
  return 'pact_' + proto.qualifiedName.replace(/[^A-Za-z0-9_$]/g, '_');
}
