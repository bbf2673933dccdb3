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
/** Tiered code runs only below this many machine frames (each tiered call is a JS frame too);
 *  deeper calls run in the interpreter, whose own calls do not grow the JS stack. Tail calls of
 *  tiered code, JS frames without a machine frame, are limited to as many (vm/templates.ts). */
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
  return source === null ? null : tierFunction(proto, source) as TierFn;
}

/** The instructions of a function as JS statements, and what they need declared around them. */
interface Translation {
  /** the statements, one or more per instruction, inside the labelled blocks of `targets` */
  body: string;
  /** operand-stack variables v0.. used */
  maxDepth: number;
  /** `const Kk = K[k];` for the constants used */
  constants: string;
  usesCaptures: boolean;
}

/** How a translation leaves the function and reads the gas meter (the site fields of that name). */
type Mode = Pick<TierSite, 'ret' | 'leaveForTail' | 'metered' | 'afterCall' | 'selfCall' | 'sync' | 'bail'>;

/** Translate `proto`'s bytecode, one template per instruction, or null when one is not handled. */
function translate(proto: FunctionProto, mode: Mode): Translation | null {
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
    ret: mode.ret,
    leaveForTail: mode.leaveForTail,
    metered: mode.metered,
    afterCall: mode.afterCall,
    selfCall: mode.selfCall,
    sync: mode.sync,
    bail: mode.bail,
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
  return {
    body: `${sorted.map(t => `L${t}: {`).join(' ')}\n    ${body.join('\n    ')}`,
    maxDepth,
    constants: [...usedConstants].map(k => `const K${k} = K[${k}];`).join('\n'),
    usesCaptures,
  };
}

/** Variables of a translated body: frame slots (the first `arity` from `args`) and stack entries. */
function declarations(proto: FunctionProto, t: Translation, args: string[]): string {
  const locals: string[] = [];
  for (let i = 0; i < proto.nlocals; i++) locals.push(i < proto.arity ? `l${i} = ${args[i]}` : `l${i}`);
  const stackVars: string[] = [];
  for (let i = 0; i < t.maxDepth; i++) stackVars.push(`v${i}`);
  return (locals.length ? `let ${locals.join(', ')};` : '') + (stackVars.length ? `\n  let ${stackVars.join(', ')};` : '');
}

/** A lambda that calls nothing needs no machine frame: only its depth is observable (stack
 *  traces, the calling module and profiles skip lambdas; it runs no Pact code of others). */
export function isFrameless(proto: FunctionProto): boolean {
  return proto.kind === 'lambda' && !callsOut(proto.chunk.code);
}

/** The JS source of the factory returning the tiered function, or null. */
export function tierSource(proto: FunctionProto): string | null {
  if (proto.kind === 'defpact') return null;
  const tracked = proto.tracked;
  const frameless = isFrameless(proto);
  const leave = frameless ? ''
    : (tracked ? 'P.active--; ' : '') + 'if (m.guardFp === fp) m.leaveReentrant(); m.fp = fp - 1;' +
      (tracked ? ' m.sp = base - 1;' : '');
  const name = jsName(proto);
  // a lambda calling its own closure runs the call in `lazy`, whose frames are written only when
  // something reads them (see lazySource)
  const lazy = !tracked && !frameless && selfCalls(proto) ? `${name}_lazy` : null;
  const direct = (result: string, args: string[], charge: string) =>
    `${charge} ${result} = ${name}(m, f, nb${args.map(a => ', ' + a).join('')});`;
  const t = translate(proto, {
    ret: value => `${leave} return ${value};`,
    leaveForTail: (tracked ? 'P.active--; ' : '') + 'm.fp = fp - 1;',
    // read once, and again after each call out (only natives change the gas limit, and a call
    // may run one)
    metered: 'metered',
    afterCall: 'metered = gas.metered;',
    selfCall: lazy === null ? direct : (result, args, charge) =>
      `if (!metered && closure.via === null) ${result} = ${lazy}(m, f, nb, fp + 1${args.map(a => ', ' + a).join('')});` +
      ` else { ${direct(result, args, charge)} }`,
    sync: '',
    bail: null,
  });
  if (t === null) return null;
  const inner = lazy === null ? '' : lazySource(proto, name, lazy);
  if (inner === null) return null;

  const params: string[] = [];
  for (let i = 0; i < proto.arity; i++) params.push(`a${i}`);
  const enter = frameless ? '' : `
  ${tracked ? 'm.recordEntry(m.fp + 1); activate(P);' : ''}
  const fp = ++m.fp;
  m.fClosure[fp] = closure;
  ${tracked ? `m.fBase[fp] = base; m.sp = base + ${proto.nlocals}; ${params.map((a, i) => `S[base + ${i}] = ${a};`).join(' ')}` : ''}
  ${tracked ? 'if (closure.via !== null || m.reentrant.length > 0) m.enterReentrant(fp, closure);'
    // the reentrancy check records only what a module function or a function reached by module
    // reference does: for anything else enterReentrant changes nothing unless `via` is set
    : 'if (closure.via !== null) m.enterReentrant(fp, closure);'}
  const nb = base + ${proto.nlocals + 1};`;
  const usesMetered = /\bmetered\b/.test(t.body);
  const failure = frameless
    ? 'throw tierFailure(m, caught, chunk, at, m.fp + 1, base, P);'
    : 'throw tierFailure(m, caught, chunk, at, fp, base, P);';

  return `${t.constants}
${inner}
return ${name};
function ${name}(${['m', 'closure', 'base', ...params].join(', ')}) {
  ${frameless ? 'if (m.fp >= limits.callDepth) throw callTooDeep();'
    // too deep for the tier, or for the limit (the interpreter then fails as it would)
    : `if (m.fp >= TIER_DEPTH || m.fp >= limits.callDepth) {${params.map((a, i) => ` m.stack[base + ${i}] = ${a};`).join('')} m.stack[base - 1] = closure; return m.interpretAt(closure, base); }`}
  ${machineLocals(t.body + enter + (usesMetered ? ' gas' : ''))}${usesMetered ? ' let metered = gas.metered;' : ''}${enter}
  ${t.usesCaptures ? 'const caps = closure.captures;' : ''}
  ${declarations(proto, t, params)}
  let at = 0;
  try {
    ${t.body}
  } catch (caught) {
    ${failure}
  }
}`;
}

/**
 * The function a lambda runs when it calls its own closure, gas unmetered and not reached by
 * module reference: its frame `fp` (the caller's + 1) is virtual, neither counted in m.fp nor
 * written to m.fClosure, until something reads the frames (a native, a call of another function,
 * a gas charge, an error) and `tierSync` writes them all: the frames from m.fp up to fp are all
 * this closure's. Frames at or below m.fp are always written; a frame returns by lowering m.fp
 * only if it had been written. Stack traces, the calling module and profiles skip lambdas, so
 * nothing else can tell. Too deep a call writes the frames and runs the ordinary entry.
 */
function lazySource(proto: FunctionProto, name: string, lazy: string): string | null {
  const sync = 'm.fp < fp && tierSync(m, closure, fp)';
  const t = translate(proto, {
    ret: value => `if (m.fp === fp) m.fp = fp - 1; return ${value};`,
    leaveForTail: 'm.fp = fp - 1;',
    metered: 'metered',
    afterCall: 'metered = gas.metered;',
    selfCall: (result, args, charge) =>
      `if (!metered) ${result} = ${lazy}(m, f, nb, fp + 1${args.map(a => ', ' + a).join('')});` +
      ` else { ${sync}; ${charge} ${result} = ${name}(m, f, nb${args.map(a => ', ' + a).join('')}); }`,
    sync,
    bail: null,
  });
  if (t === null) return null;
  const params: string[] = [];
  for (let i = 0; i < proto.arity; i++) params.push(`a${i}`);
  return `function ${lazy}(${['m', 'closure', 'base', 'fp', ...params].join(', ')}) {
  if (fp > TIER_DEPTH || fp > limits.callDepth) { tierSync(m, closure, fp - 1); return ${name}(${['m', 'closure', 'base', ...params].join(', ')}); }
  ${machineLocals(t.body + ' gas')} let metered = false;
  ${t.usesCaptures ? 'const caps = closure.captures;' : ''}
  const nb = base + ${proto.nlocals + 1};
  ${declarations(proto, t, params)}
  let at = 0;
  try {
    ${t.body}
  } catch (caught) {
    ${sync};
    throw tierFailure(m, caught, chunk, at, fp, base, P);
  }
}`;
}

/** Write the virtual frames of a lazy function (lazySource) up to `fp`. */
function tierSync(m: Machine, closure: Closure, fp: number): void {
  for (let f = m.fp + 1; f <= fp; f++) m.fClosure[f] = closure;
  m.fp = fp;
}

/** Has the function a call that may be of its own closure (all its arguments, not a tail call)? */
function selfCalls(proto: FunctionProto): boolean {
  const code = proto.chunk.code;
  return anyInstruction(code, (op, ip) => op === Op.Call && code[ip + 1] === proto.arity);
}

/** A frameless function's body inlined into an element loop of vm/tier-loops.ts, for runs with
 *  gas unmetered and the call depth checked once before the loop (neither changes while a
 *  function that calls nothing runs). */
export interface InlinedCallback {
  /** statements before the loop: constants, captures, the machine's parts used */
  prelude: string;
  /** statements applying the function to `args`, leaving its result in `result` */
  apply(result: string, ...args: string[]): string;
  /** the same, except that every slow path (an operand not a small integer or string, a result
   *  out of range: the natives' work) leaves the element with `break ${SPECULATION}` before any
   *  effect of it, for `apply` to do it again; null when the function has no slow path or does
   *  something that could not be done twice (a read-only scope sets the purity) */
  speculative: ((result: string, ...args: string[]) => string) | null;
}

/** The label a speculative callback's slow paths break to. */
export const SPECULATION = 'speculation';

export function inlinedCallback(proto: FunctionProto): InlinedCallback | null {
  if (!isFrameless(proto)) return null;
  const mode = (bail: string | null): Mode => ({
    ret: value => `res = ${value}; break body;`,
    leaveForTail: '',
    metered: 'false',
    afterCall: '',
    selfCall: () => '',
    sync: '',
    bail,
  });
  const t = translate(proto, mode(null));
  if (t === null) return null;
  const apply = (body: Translation) => (result: string, ...args: string[]) => `{
    ${declarations(proto, body, args)} let at = 0, res;
    try {
      body: { ${body.body} }
    } catch (caught) {
      throw tierFailure(m, caught, chunk, at, m.fp + 1, m.sp + 1, P);
    }
    ${result} = res; }`;
  const spec = anyInstruction(proto.chunk.code, op => op === Op.ReadOnlyBegin) ? null : translate(proto, mode(`break ${SPECULATION};`));
  return {
    prelude: `${t.constants}\n  ${machineLocals(t.body)}\n  ${t.usesCaptures ? 'const caps = closure.captures;' : ''}`,
    apply: apply(t),
    speculative: spec === null || spec.body === t.body ? null : apply(spec),
  };
}

/** Make a function from `source` (a factory body returning it) with the runtime and `proto`'s
 *  chunk in scope, and `extra` bound to the names given. */
export function tierFunction(proto: FunctionProto, source: string, extra: Record<string, unknown> = {}): unknown {
  const names = Object.keys(extra);
  const factory = new Function(...runtimeNames, 'tierFailure', 'tierBinary', 'tierApply', 'tierSync', 'P', 'chunk', 'K', ...names, source) as (...a: unknown[]) => unknown;
  return factory(...runtimeValues, tierFailure, tierBinary, tierApply, tierSync, proto, proto.chunk, proto.chunk.constants, ...names.map(n => extra[n]));
}

/** A tiered function's error: located at its instruction `at`, with the Pact stack of the frames
 *  still running; the function's own frame `fp` (if it has one and still holds it: a tail call
 *  hands it over) is then left, as the interpreter's unwind would. */
function tierFailure(m: Machine, caught: unknown, chunk: Chunk, at: number, fp: number, base: number,
  proto: FunctionProto): PactError | InternalFailure {
  const e = engineFailure(caught, chunk.spans.at(at) ?? proto.span);
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
  m.siteChunk = chunk; m.siteIp = at; m.entryChunk = chunk; m.entryAt = at;
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

/** Does `test` hold at some instruction of the code (its opcode and offset; operands skipped)? */
function anyInstruction(code: Int32Array, test: (op: Op, ip: number) => boolean): boolean {
  for (let ip = 0; ip < code.length; ip += 1 + (OPCODES[code[ip] as Op]?.operands ?? 0)) if (test(code[ip] as Op, ip)) return true;
  return false;
}

/** Does the code call other functions (or natives, which may call back)? */
function callsOut(code: Int32Array): boolean {
  return anyInstruction(code, op => op === Op.Call || op === Op.TailCall || op === Op.CallNative);
}

/** A JS identifier naming the function in profiles and JS stack traces. */
function jsName(proto: FunctionProto): string {
  return 'pact_' + proto.qualifiedName.replace(/[^A-Za-z0-9_$]/g, '_');
}
