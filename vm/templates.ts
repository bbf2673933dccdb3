// The second tier's code templates: for every opcode, the JavaScript that does exactly what the
// interpreter's case in vm/machine.ts does (same checks, errors, gas calls in the same order), or
// null when the tier leaves functions using it to the interpreter. The table's type forces an
// entry for every opcode declared in vm/opcodes.ts.

import { Op } from './opcodes.js';
import type { PactType } from './types.js';

/** What a template knows about the instruction it translates. */
export interface TierSite {
  /** code offset of the instruction (its span and gas-log site) */
  at: number;
  /** operand stack depth before the instruction */
  depth: number;
  /** the instruction's i-th int32 operand */
  operand(i: number): number;
  /** the JS variable holding operand-stack entry `i` (0 = bottom) */
  v(i: number): string;
  /** the JS variable holding the frame slot `i` */
  local(i: number): string;
  /** the JS name bound to constants[k] */
  constant(k: number): string;
  /** constants[k] itself, for what the instruction's code depends on (key counts, capture maps) */
  constantValue(k: number): unknown;
  /** `break` to the instruction at code offset `target` (jumps only go forward) */
  jump(target: number): string;
  /** parameters: slots below this are the arguments */
  arity: number;
  /** a module function: Pact's call stack (`active`, stack traces read its arguments) */
  tracked: boolean;
  /** JS statements returning `value` from the function (leaving its frame first) */
  ret(value: string): string;
  /** JS statements handing the function's frame to the callee of a tail call */
  leaveForTail: string;
  /** the JS expression telling whether gas is metered (`false` where it is known not to be) */
  metered: string;
  /** JS statements after a call of other code, which may have turned metering on or off */
  afterCall: string;
  /** JS statements calling this very function (`f`, the running closure) with `args` into
   *  `result`; `charge` charges the application when gas is metered */
  selfCall(result: string, args: string[], charge: string): string;
  /** a JS expression bringing the machine's frames up to date before anything that reads them
   *  (natives, calls of other functions, gas charges, errors), or '' when they always are */
  sync: string;
  /** in the speculative copy of an element loop's callback (vm/tier-loops.ts): the statement
   *  abandoning the element to the loop's general copy, which slow paths take instead of running;
   *  null everywhere else */
  bail: string | null;
}

/** Where control goes after an instruction: the depth it falls through with (null: it never
 *  falls through) and, for a branch, its target offset and the depth there. */
export interface Flow { next: number | null; branch?: { target: number; depth: number } }

export interface Template {
  emit(x: TierSite): string;
  /** the instruction may throw: its offset is recorded first so the error gets its span */
  throws: boolean;
  flow(x: TierSite): Flow;
}

/** JS operators of JUMP_UNLESS_CMP's comparison codes (0 <, 1 >, 2 <=, 3 >=, 4 =) */
const COMPARE_OPS = ['<', '>', '<=', '>=', '==='];
const COMPARE_IDS = ['ID.lt', 'ID.gt', 'ID.le', 'ID.ge', 'ID.eq'];

const push = (x: TierSite): Flow => ({ next: x.depth + 1 });
const same = (x: TierSite): Flow => ({ next: x.depth });
const pop = (n: number) => (x: TierSite): Flow => ({ next: x.depth - n });

function simple(throws: boolean, flow: (x: TierSite) => Flow, emit: (x: TierSite) => string): Template {
  return { emit, throws, flow };
}

/** A bool test that keeps its operand and jumps (and/or), else pops it. */
function keepOrPop(jumpOn: boolean): Template {
  return simple(true,
    x => ({ next: x.depth - 1, branch: { target: x.operand(0), depth: x.depth } }),
    x => {
      const v = x.v(x.depth - 1);
      return `if (${v} === ${jumpOn}) ${x.jump(x.operand(0))} else if (${v} !== ${!jumpOn}) throw expectedBool(host, ${v});`;
    });
}

/** enforce: on true push true and jump, on false fall through (to the message), else a type error. */
function enforceTest(): Template {
  return simple(true,
    x => ({ next: x.depth - 1, branch: { target: x.operand(0), depth: x.depth } }),
    x => {
      const v = x.v(x.depth - 1);
      return `if (${v} === true) ${x.jump(x.operand(0))} else if (${v} !== false) throw expectedBool(host, ${v});`;
    });
}

/** LT/GT/LE/GE/EQ: the small-integer fast path when unmetered, else the native. */
function comparison(id: string, op: string): Template {
  return simple(true, pop(1), x => {
    const a = x.v(x.depth - 2), b = x.v(x.depth - 1);
    return `if (typeof ${a} === 'number' && typeof ${b} === 'number' && !${x.metered}) ${a} = ${a} ${op} ${b};` +
      ` else { ${slow(x, a, `tierBinary(m, ${id}, ${a}, ${b}, chunk, ${x.at})`)} }`;
  });
}

/** A slow path: `target = expr` (the native), or the bail-out of a speculative copy. */
function slow(x: TierSite, target: string, expr: string): string {
  return x.bail ?? `${target} = ${synced(x, expr)};`;
}

/** A test that `v` has the primitive type `t`, made without a call, as the condition's first term
 *  (`test && `… negated), or '' for other types. It only shortcuts the usual success: a value it
 *  does not pass still goes to host.typecheck, which alone decides, and which charges nothing
 *  for these types (gas.md §3.2 charges lists, objects and module references). */
function passesWithoutCall(t: PactType, v: string): string {
  if (t.t !== 'prim') return '';
  switch (t.name) {
    case 'string': return `typeof ${v} !== 'string' && `;
    case 'bool': return `typeof ${v} !== 'boolean' && `;
    case 'integer': return `typeof ${v} !== 'number' && typeof ${v} !== 'bigint' && `;
    case 'decimal': return `!(${v} instanceof PactDecimal) && `;
    default: return '';
  }
}

/** The expression `expr` evaluated after the frames are brought up to date. */
function synced(x: TierSite, expr: string): string {
  return x.sync ? `(${x.sync}, ${expr})` : expr;
}

function syncStatement(x: TierSite): string {
  return x.sync ? `${x.sync};` : '';
}

function argNames(x: TierSite, argc: number): string[] {
  const first = x.depth - argc;
  const vs: string[] = [];
  for (let i = 0; i < argc; i++) vs.push(x.v(first + i));
  return vs;
}

function argList(x: TierSite, argc: number): string {
  return `[${argNames(x, argc).join(', ')}]`;
}

/** Run closure `f` with a frame at `frame`: its tiered code gets the arguments as JS arguments
 *  (and itself falls back to the interpreter when the frames are too deep); the interpreter (not
 *  tiered yet) finds them on the stack. */
function invoke(x: TierSite, argc: number, frame: string, result: string): string {
  const args = argNames(x, argc).map(a => ', ' + a).join('');
  return `const t = f.proto.tier; if (t !== null) ${result} = t(m, f, ${frame}${args});` +
    ` else { ${onStack(x, argc, frame)} ${result} = m.enterAt(f, ${frame}); }`;
}

/** Statements writing callee `f` and its arguments to the machine stack for a frame at `frame`. */
function onStack(x: TierSite, argc: number, frame: string): string {
  const args = argNames(x, argc);
  let out = `const st = m.stack; st[${frame} - 1] = f;`;
  for (let i = 0; i < argc; i++) out += ` st[${frame} + ${i}] = ${args[i]};`;
  return out;
}

/** A tail call reusing this function's frame: the callee's tiered code runs as a JS call that
 *  adds no machine frame, so such calls are counted (m.tailDepth) and, past TIER_DEPTH of them,
 *  the callee runs in the interpreter, which reuses frames without growing the JS stack. */
function tailInvoke(x: TierSite, argc: number): string {
  const args = argNames(x, argc).map(a => ', ' + a).join('');
  return `const t = f.proto.tier; let r;` +
    ` if (t !== null && m.tailDepth < TIER_DEPTH) { m.tailDepth++; try { r = t(m, f, base${args}); } finally { m.tailDepth--; } }` +
    ` else { ${onStack(x, argc, 'base')} r = t !== null ? m.interpretAt(f, base) : m.enterAt(f, base); }`;
}

/** CALL and TAIL_CALL. The interpreter's frame reuse becomes: leave this frame, then return
 *  what the callee returns (the callee's frame takes this one's place, as in the interpreter). */
function call(tail: boolean): Template {
  return simple(true, x => ({ next: x.depth - x.operand(0) }), x => {
    const argc = x.operand(0);
    const callee = x.v(x.depth - argc - 1);
    const charge = argc > 0 ? `if (${x.metered}) { m.siteChunk = chunk; m.siteIp = ${x.at}; gas.chargeApply(${argc}); }` : '';
    const reuse = tail
      ? `if (f.via === null && m.reentrant.length === 0 && m.guardFp !== fp) { ${x.leaveForTail} ${tailInvoke(x, argc)} return r; }`
      : '';
    // a call of this very closure (a lambda recursing through itself): its arity and kind are
    // this function's, its tiered code is this function
    const self = !tail && !x.tracked && argc === x.arity
      ? `if (f === closure) { ${x.selfCall(callee, argNames(x, argc), charge)} } else` : '';
    return `{ const f = ${callee}; ${self} { ${syncStatement(x)}` +
      ` if (f instanceof Closure && f.proto.arity === ${argc} && !f.proto.intercepted) { ${charge} m.entryChunk = chunk; m.entryAt = ${x.at};` +
      ` ${reuse} ${invoke(x, argc, 'nb', callee)}` +
      ` } else ${callee} = tierApply(m, f, ${argList(x, argc)}, chunk, ${x.at}); } } ${x.afterCall}`;
  });
}

export const TEMPLATES: { readonly [K in Op]: Template | null } = {
  [Op.Const]: simple(false, push, x => `${x.v(x.depth)} = ${x.constant(x.operand(0))};`),
  [Op.SmallInt]: simple(false, push, x => `${x.v(x.depth)} = ${x.operand(0)};`),
  [Op.Local]: simple(false, push, x => `${x.v(x.depth)} = ${x.local(x.operand(0))};`),
  // only let binders are set, and their slots lie above the parameters (compiler/resolve.ts), so
  // the parameters a stack trace reads from the machine stack are never changed here
  [Op.SetLocal]: simple(false, pop(1), x => `${x.local(x.operand(0))} = ${x.v(x.depth - 1)};`),
  [Op.Capture]: simple(false, push, x => `${x.v(x.depth)} = caps[${x.operand(0)}];`),
  [Op.Global]: simple(true, push, x => {
    const cell = x.constant(x.operand(0));
    return `${x.v(x.depth)} = ${cell}.value; if (${x.v(x.depth)} === undefined) throw execError('Unbound variable ' + ${cell}.name);`;
  }),
  [Op.Native]: simple(false, push, x => `${x.v(x.depth)} = NATIVE_VALUES[${x.operand(0)}];`),
  [Op.Pop]: simple(true, pop(1), x => `if (${x.v(x.depth - 1)} instanceof Partial) throw partialInSequence(${x.v(x.depth - 1)});`),
  [Op.Jump]: simple(false, x => ({ next: null, branch: { target: x.operand(0), depth: x.depth } }), x => x.jump(x.operand(0))),
  [Op.JumpIfFalse]: simple(true,
    x => ({ next: x.depth - 1, branch: { target: x.operand(0), depth: x.depth - 1 } }),
    x => {
      const v = x.v(x.depth - 1);
      return `if (${v} === false) ${x.jump(x.operand(0))} else if (${v} !== true) throw expectedBool(host, ${v});`;
    }),
  [Op.JumpIfFalseOrPop]: keepOrPop(false),
  [Op.JumpIfTrueOrPop]: keepOrPop(true),
  [Op.CheckBool]: simple(true, same, x => {
    const v = x.v(x.depth - 1);
    return `if (${v} !== true && ${v} !== false) throw expectedBool(host, ${v});`;
  }),
  [Op.EnsureValue]: simple(true, same, x => `if (isFunctionValue(${x.v(x.depth - 1)})) throw notAValue();`),
  [Op.EnsureArgs]: simple(true, same, x =>
    `if (${Array.from({ length: x.arity }, (_, i) => `isFunctionValue(${x.local(i)})`).join(' || ') || 'false'}) throw notAValue();`),
  [Op.Call]: call(false),
  [Op.TailCall]: call(true),
  [Op.CallNative]: simple(true, x => ({ next: x.depth - x.operand(1) + 1 }), x => {
    const id = x.operand(0), argc = x.operand(1);
    return `${syncStatement(x)} m.siteChunk = chunk; m.siteIp = ${x.at}; m.entryChunk = chunk; m.entryAt = ${x.at};` +
      ` if (${x.metered}) gas.chargeNative(BUILTINS[${id}]);` +
      ` ${x.v(x.depth - argc)} = natives[${id}](${argList(x, argc)}); ${x.afterCall}`;
  }),
  [Op.Return]: simple(false, () => ({ next: null }), x => x.ret(x.v(x.depth - 1))),
  [Op.Closure]: simple(false, push, x => {
    const k = x.operand(0);
    const from = (x.constantValue(k) as { captureFrom: Int32Array }).captureFrom;
    const caps = Array.from(from, f => f >= 0 ? x.local(f) : `caps[${-f - 1}]`);
    return `${x.v(x.depth)} = new Closure(${x.constant(k)}, [${caps.join(', ')}]);`;
  }),
  [Op.List]: simple(true, x => ({ next: x.depth - x.operand(0) + 1 }), x => {
    const n = x.operand(0);
    const out = x.v(x.depth - n);
    return `{ const list = ${argList(x, n)}; for (let i = 0; i < ${n}; i++) if (isFunctionValue(list[i])) throw notAValue(); ${out} = list; }`;
  }),
  [Op.Object]: simple(true, x => ({ next: x.depth - keyCount(x) + 1 }), x => {
    const keys = x.constant(x.operand(0)), n = keyCount(x);
    let out = `{ const o = new Map();`;
    for (let i = 0; i < n; i++) {
      const v = x.v(x.depth - n + i);
      out += ` if (isFunctionValue(${v})) throw notAValue(); o.set(${keys}[${i}], ${v});`;
    }
    return out + ` ${x.v(x.depth - n)} = new PactObject(o); }`;
  }),
  [Op.ChargeConcat]: simple(true, same, x =>
    `if (${x.metered}) { ${syncStatement(x)} m.siteChunk = chunk; m.siteIp = ${x.at}; gas.chargeLiteral(${x.operand(0)}, ${x.operand(1)}); }`),
  [Op.EnforceTest]: enforceTest(),
  [Op.RaiseUser]: simple(true, () => ({ next: null }), x => {
    const v = x.v(x.depth - 1);
    return `if (typeof ${v} !== 'string') throw expectedString(host, ${v}); throw userError(${v});`;
  }),
  [Op.RaiseExec]: simple(true, () => ({ next: null }), x => `throw execError(${x.constant(x.operand(0))});`),
  // handlers live in interpreted frames only: a function with try runs in the interpreter
  [Op.TryBegin]: null,
  [Op.TryEnd]: null,
  // only ever emitted between TRY_BEGIN/TRY_END (enforce-one), which the tier leaves alone
  [Op.EnforceOneTest]: null,
  [Op.TypecheckLocal]: simple(true, same, x => {
    const v = x.local(x.operand(0)), t = x.constant(x.operand(1));
    const pass = passesWithoutCall(x.constantValue(x.operand(1)) as PactType, v);
    return `${syncStatement(x)} if (${pass}!host.typecheck(${v}, ${t}) && !isFunctionValue(${v})) throw typecheckFailure(${v}, ${t});`;
  }),
  [Op.TypecheckResult]: simple(true, same, x => {
    const v = x.v(x.depth - 1), t = x.constant(x.operand(0));
    const pass = passesWithoutCall(x.constantValue(x.operand(0)) as PactType, v);
    return `${syncStatement(x)} if (${pass}m.checkReturnTypes && !host.typecheck(${v}, ${t})) throw typecheckFailure(${v}, ${t});`;
  }),
  [Op.ReadOnlyBegin]: simple(true, push, x =>
    `${x.v(x.depth)} = host.getPurity(); { const q = host.narrowPurity(${x.v(x.depth)}, ${x.operand(0) === 1}); if (q !== ${x.v(x.depth)}) host.setPurity(q); }`),
  [Op.ReadOnlyEnd]: simple(true, pop(1), x =>
    `host.setPurity(${x.v(x.depth - 2)}); ${x.v(x.depth - 2)} = ${x.v(x.depth - 1)};`),
  // integers are safe JS integers, so a sum or difference is an integer: Number.isSafeInteger is
  // the range check (and V8 drops it for results it knows to be small)
  [Op.Add]: simple(true, pop(1), x => {
    const a = x.v(x.depth - 2), b = x.v(x.depth - 1);
    return `b${x.at}: { if (typeof ${a} === 'number' && typeof ${b} === 'number' && !${x.metered}) {` +
      ` const r = ${a} + ${b}; if (Number.isSafeInteger(r)) { ${a} = r; break b${x.at}; } }` +
      ` else if (typeof ${a} === 'string' && typeof ${b} === 'string' && !${x.metered} && ${a}.length + ${b}.length <= MAX_STRING_LENGTH) { ${a} = ${a} + ${b}; break b${x.at}; }` +
      ` ${slow(x, a, `tierBinary(m, ID.add, ${a}, ${b}, chunk, ${x.at})`)} }`;
  }),
  [Op.Sub]: simple(true, pop(1), x => {
    const a = x.v(x.depth - 2), b = x.v(x.depth - 1);
    return `b${x.at}: { if (typeof ${a} === 'number' && typeof ${b} === 'number' && !${x.metered}) {` +
      ` const r = ${a} - ${b}; if (Number.isSafeInteger(r)) { ${a} = r === 0 ? 0 : r; break b${x.at}; } }` +
      ` ${slow(x, a, `tierBinary(m, ID.sub, ${a}, ${b}, chunk, ${x.at})`)} }`;
  }),
  [Op.Lt]: comparison('ID.lt', '<'),
  [Op.Gt]: comparison('ID.gt', '>'),
  [Op.Le]: comparison('ID.le', '<='),
  [Op.Ge]: comparison('ID.ge', '>='),
  [Op.Eq]: comparison('ID.eq', '==='),
  [Op.JumpUnlessCompare]: simple(true,
    x => ({ next: x.depth - 2, branch: { target: x.operand(1), depth: x.depth - 2 } }),
    x => {
      const cmp = x.operand(0), a = x.v(x.depth - 2), b = x.v(x.depth - 1);
      const fast = `typeof ${a} === 'number' && typeof ${b} === 'number' && !${x.metered}`;
      if (x.bail !== null) return `if (!(${fast})) ${x.bail} if (!(${a} ${COMPARE_OPS[cmp]} ${b})) ${x.jump(x.operand(1))}`;
      return `if (!(${fast} ? ${a} ${COMPARE_OPS[cmp]} ${b}` +
        ` : ${synced(x, `tierBinary(m, ${COMPARE_IDS[cmp]}, ${a}, ${b}, chunk, ${x.at})`)})) ${x.jump(x.operand(1))}`;
    }),
  [Op.AddImm]: simple(true, same, x => immediate(x, '+', 'ID.add')),
  [Op.SubImm]: simple(true, same, x => immediate(x, '-', 'ID.sub')),
  [Op.JumpUnlessCompareImm]: simple(true,
    x => ({ next: x.depth - 1, branch: { target: x.operand(2), depth: x.depth - 1 } }),
    x => {
      const cmp = x.operand(0), k = x.operand(1), a = x.v(x.depth - 1);
      const fast = `typeof ${a} === 'number' && !${x.metered}`;
      if (x.bail !== null) return `if (!(${fast})) ${x.bail} if (!(${a} ${COMPARE_OPS[cmp]} ${k})) ${x.jump(x.operand(2))}`;
      return `if (!(${fast} ? ${a} ${COMPARE_OPS[cmp]} ${k}` +
        ` : ${synced(x, `tierBinary(m, ${COMPARE_IDS[cmp]}, ${a}, ${k}, chunk, ${x.at})`)})) ${x.jump(x.operand(2))}`;
    }),
  // coverage runs stay in the interpreter
  [Op.Cover]: null,
};

const keyCount = (x: TierSite) => (x.constantValue(x.operand(0)) as string[]).length;

/** ADD_IMM / SUB_IMM: `(+ a k)` with k in the instruction. */
function immediate(x: TierSite, op: '+' | '-', id: string): string {
  const a = x.v(x.depth - 1), k = x.operand(0);
  return `b${x.at}: { if (typeof ${a} === 'number' && !${x.metered}) { const r = ${a} ${op} ${k};` +
    ` if (Number.isSafeInteger(r)) { ${a} = r === 0 ? 0 : r; break b${x.at}; } }` +
    ` ${slow(x, a, `tierBinary(m, ${id}, ${a}, ${k}, chunk, ${x.at})`)} }`;
}
