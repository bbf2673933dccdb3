// IR → bytecode. One emitter per function; a lambda's body is emitted before the CLOSURE
// instruction that creates it, so its capture list is complete by then.

import type { Binder, Expr, FunctionIR } from './ir.js';
import { Op, OPCODES, NATIVE_OPCODES, COMPARE_CODES } from '../vm/opcodes.js';
import { FunctionProto, SpanTableWriter, type Chunk } from '../vm/chunk.js';
import { LiteralCharge } from '../vm/host.js';
import type { Span } from '../vm/source.js';
import { ProbeMap, ProbeKind } from '../vm/coverage.js';

export function emitFunction(fn: FunctionIR, qualifier: string | null): FunctionProto {
  return new FunctionEmitter(fn, qualifier).finish();
}

/** The capture map of every function that captures nothing (never written to). */
const NO_CAPTURES = new Int32Array(0);
/** Code buffers and span writers of finished emitters, for the next ones. */
const SCRATCH: Int32Array[] = [];
const SPAN_WRITERS: SpanTableWriter[] = [];

class FunctionEmitter {
  /** the code so far: `code[0, length)` of a scratch buffer that doubles when full (a JS array
   *  past ~32k elements lives in V8's large-object space and every growth maps fresh pages);
   *  buffers are reused, one per emitter running (a lambda's emitter runs inside its creator's) */
  private code = SCRATCH.pop() ?? new Int32Array(256);
  private length = 0;
  private constants: unknown[] = [];
  private constIndex = new Map<unknown, number>();
  private spans = SPAN_WRITERS.pop() ?? new SpanTableWriter();
  /** coverage probes of this function (null with coverage off) and its constant-pool slot */
  private probes: ProbeMap | null = null;
  private probesConst = -1;
  /** the line the last line probe counted; -1 after a jump target, where control may arrive from elsewhere */
  private coveredLine = -1;

  constructor(private fn: FunctionIR, private qualifier: string | null) {
    if (fn.coverage) {
      const named = fn.kind === 'defun' || fn.kind === 'defcap' || fn.kind === 'defpact';
      this.probes = new ProbeMap(fn.span.file.name, named && qualifier ? `${qualifier}.${fn.name}` : null);
      this.probesConst = this.constant(this.probes);
    }
  }

  finish(): FunctionProto {
    const fn = this.fn;
    if (this.probes && this.probes.functionName) this.probe(ProbeKind.Entry, fn.span);
    // a defun's arguments are Pact values, checked before their types (Pact's applyLam)
    if (fn.kind === 'defun' && fn.params.length > 0) this.op(Op.EnsureArgs, fn.span);
    if (fn.kind === 'defun' || fn.kind === 'defcap' || fn.kind === 'defpact') {
      for (const p of fn.params) if (p.type) this.op(Op.TypecheckLocal, p.span, p.slot, this.constant(p.type));
    }
    // Only lambda and top-level frames may be replaced by a tail call: defun/defcap/defpact frames
    // are Pact's call stack (calling module, module guards, stack traces, return-type checks).
    this.expr(fn.body, fn.returnType === null && !fn.valueResult && (fn.kind === 'lambda' || fn.kind === 'toplevel'));
    // a nullary lambda's result, and a defun's, defcap's or defpact step's (evalWithStackFrame),
    // must be a Pact value, checked before any declared type
    if (fn.valueResult || fn.kind === 'defun' || fn.kind === 'defcap' || fn.kind === 'defpact') this.op(Op.EnsureValue, fn.span);
    // Pact pushes a capability body's stack frame without its declared type: only the static
    // typechecker reads a defcap's `:bool`, so `(defcap C:bool () (write …))` runs.
    if (fn.returnType && fn.kind !== 'defcap') this.op(Op.TypecheckResult, fn.span, this.constant(fn.returnType));
    this.op(Op.Return, fn.span);
    const chunk: Chunk = { code: this.code.slice(0, this.length), constants: this.constants, spans: this.spans.finish() };
    SCRATCH.push(this.code);
    SPAN_WRITERS.push(this.spans);
    if (this.probes) {
      this.probes.seal();
      fn.coverage!.add(this.probes);
    }
    const captureFrom = fn.captures.length === 0 ? NO_CAPTURES : Int32Array.from(fn.captures.map(b => this.captureSource(b)));
    const qualified = this.qualifier ? `${this.qualifier}.${fn.name}` : fn.name;
    return new FunctionProto(fn.name, fn.kind, fn.params.length, fn.nlocals, chunk, captureFrom,
      fn.params.map(p => p.type), fn.returnType, fn.span, qualified, this.qualifier);
  }

  /** Where the creating function finds captured binder `b`: its own slot or its own capture. */
  private captureSource(b: Binder): number {
    const parent = this.fn.parent;
    if (!parent || b.fn === parent) return b.slot;
    return -(captureIndex(parent, b) + 1);
  }

  /** Append an instruction, its span at its offset (the operands' offsets get none). Operands
   *  are parameters, not a rest array: a long function's compile emits hundreds of thousands. */
  private op(op: Op, span: Span | undefined, a?: number, b?: number, c?: number): number {
    const n = OPCODES[op].operands;
    const given = a === undefined ? 0 : b === undefined ? 1 : c === undefined ? 2 : 3;
    if (given !== n) throw new Error(`emit: ${OPCODES[op].name} takes ${n} operands`);
    const at = this.length;
    if (at + 4 > this.code.length) {
      const grown = new Int32Array(this.code.length * 2);
      grown.set(this.code);
      this.code = grown;
    }
    const code = this.code;
    code[at] = op;
    this.spans.add(at, span);
    if (n > 0) code[at + 1] = a!;
    if (n > 1) code[at + 2] = b!;
    if (n > 2) code[at + 3] = c!;
    this.length = at + 1 + n;
    return at;
  }

  private constant(v: unknown): number {
    // identical primitives share a slot; objects are pooled by identity
    let i = this.constIndex.get(v);
    if (i === undefined) {
      i = this.constants.length;
      this.constants.push(v);
      this.constIndex.set(v, i);
    }
    return i;
  }

  private label(): number {
    this.coveredLine = -1;
    return this.length;
  }

  /** A COVER instruction counting one probe at the start line of `span`. */
  private probe(kind: ProbeKind, span: Span): void {
    const line = span.startPos.line + 1;
    this.op(Op.Cover, span, this.probesConst, this.probes!.add(kind, line));
    if (kind !== ProbeKind.Entry) this.coveredLine = line;
  }
  private patch(at: number, target: number): void { this.code[at + OPCODES[this.code[at] as Op].operands] = target; }

  /** Each of `es`, left to right, not in tail position. An indexed loop: compiling runs as cold
   *  code, where `for…of` costs an iterator and a result object per element. */
  private operands(es: Expr[]): void {
    for (let i = 0; i < es.length; i++) this.expr(es[i], false);
  }

  private expr(e: Expr, tail: boolean): void {
    if (this.probes && e.span.startPos.line + 1 !== this.coveredLine) this.probe(ProbeKind.Line, e.span);
    switch (e.k) {
      case 'const': {
        const v = e.value;
        if (typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff && !Object.is(v, -0)) {
          this.op(Op.SmallInt, e.span, v);
        } else this.op(Op.Const, e.span, this.constant(v));
        return;
      }
      case 'local':
        if (e.binder.fn === this.fn) this.op(Op.Local, e.span, e.binder.slot);
        else this.op(Op.Capture, e.span, captureIndex(this.fn, e.binder));
        return;
      case 'global': this.op(Op.Global, e.span, this.constant(e.cell)); return;
      case 'native': this.op(Op.Native, e.span, e.spec.id); return;
      case 'app':
        this.expr(e.fn, false);
        this.operands(e.args);
        this.op(tail ? Op.TailCall : Op.Call, e.span, e.args.length);
        return;
      case 'call-native': {
        const k = e.args.length === 2 ? smallIntConstant(e.args[1]) : undefined;
        if (k !== undefined && (e.spec.name === "+" || e.spec.name === "-")) {
          // (+ a 1), (- n 1): one instruction with the constant as operand
          this.expr(e.args[0], false);
          this.op(e.spec.name === '+' ? Op.AddImm : Op.SubImm, e.span, k);
          return;
        }
        this.operands(e.args);
        const fast = NATIVE_OPCODES[e.spec.name];
        if (fast !== undefined && e.args.length === 2) this.op(fast, e.span);
        else this.op(Op.CallNative, e.span, e.spec.id, e.args.length);
        return;
      }
      case 'lambda': {
        const proto = emitFunction(e.fn, null);
        this.op(Op.Closure, e.span, this.constant(proto));
        return;
      }
      case 'let': {
        // a chain of lets (a let* of many bindings) in a loop: recursing per binding overflows
        let x: Expr = e;
        while (x.k === 'let') {
          this.expr(x.value, false);
          this.op(Op.SetLocal, x.span, x.binder.slot);
          if (x.binder.type) this.op(Op.TypecheckLocal, x.binder.span, x.binder.slot, this.constant(x.binder.type));
          x = x.body;
        }
        this.expr(x, tail);
        return;
      }
      case 'if': {
        const c = e.cond;
        let jElse: number;
        const cmp = c.k === 'call-native' && c.args.length === 2 ? COMPARE_CODES[c.spec.name] : undefined;
        const imm = cmp !== undefined && c.k === 'call-native' ? smallIntConstant(c.args[1]) : undefined;
        if (cmp !== undefined && imm !== undefined && c.k === 'call-native') {
          // (if (< n 2) ...): compare with a constant and branch in one instruction
          this.expr(c.args[0], false);
          jElse = this.op(Op.JumpUnlessCompareImm, c.span, cmp, imm, 0);
        } else if (cmp !== undefined && c.k === 'call-native') {
          // compare-and-branch: one instruction instead of a comparison and a branch
          this.expr(c.args[0], false);
          this.expr(c.args[1], false);
          jElse = this.op(Op.JumpUnlessCompare, c.span, cmp, 0);
        } else {
          this.expr(c, false);
          jElse = this.op(Op.JumpIfFalse, e.span, 0);
        }
        if (this.probes) this.probe(ProbeKind.Then, e.span);
        this.expr(e.then, tail);
        const jEnd = this.op(Op.Jump, e.span, 0);
        this.patch(jElse, this.label());
        if (this.probes) this.probe(ProbeKind.Else, e.span);
        this.expr(e.else, tail);
        this.patch(jEnd, this.label());
        return;
      }
      case 'and': case 'or': {
        this.expr(e.left, false);
        const j = this.op(e.k === 'and' ? Op.JumpIfFalseOrPop : Op.JumpIfTrueOrPop, e.span, 0);
        this.expr(e.right, false);
        this.op(Op.CheckBool, e.span);
        this.patch(j, this.label());
        return;
      }
      case 'seq':
        for (let i = 0; i < e.exprs.length - 1; i++) {
          this.expr(e.exprs[i], false);
          this.op(Op.Pop, e.exprs[i].span);
        }
        this.expr(e.exprs[e.exprs.length - 1], tail);
        return;
      case 'list':
        this.op(Op.ChargeConcat, e.span, LiteralCharge.List, e.items.length);
        this.operands(e.items);
        this.op(Op.List, e.span, e.items.length);
        return;
      case 'object':
        this.op(Op.ChargeConcat, e.span, LiteralCharge.Object, e.keys.length);
        this.operands(e.values);
        this.op(Op.Object, e.span, this.constant(e.keys));
        return;
      case 'enforce': {
        this.op(Op.ReadOnlyBegin, e.span, 1);
        this.expr(e.cond, false);
        this.op(Op.ReadOnlyEnd, e.span);
        const j = this.op(Op.EnforceTest, e.span, 0);
        this.expr(e.msg, false);
        this.op(Op.RaiseUser, e.span);
        this.patch(j, this.label());
        return;
      }
      case 'enforce-one': {
        if (e.conds.length > 0) this.op(Op.ChargeConcat, e.span, LiteralCharge.Uncons, 0);
        const successJumps: number[] = [];
        for (const c of e.conds) {
          const t = this.op(Op.TryBegin, c.span, 0);
          this.expr(c, false);
          this.op(Op.TryEnd, c.span);
          successJumps.push(this.op(Op.EnforceOneTest, c.span, 0));
          this.patch(t, this.label());
        }
        this.expr(e.msg, false);
        this.op(Op.RaiseUser, e.span);
        for (const j of successJumps) this.patch(j, this.label());
        return;
      }
      case 'try': {
        this.op(Op.ChargeConcat, e.span, LiteralCharge.Uncons, 0);
        const t = this.op(Op.TryBegin, e.span, 0);
        this.expr(e.body, false);
        this.op(Op.TryEnd, e.span);
        const j = this.op(Op.Jump, e.span, 0);
        this.patch(t, this.label());
        this.expr(e.fallback, false);
        this.patch(j, this.label());
        return;
      }
      case 'error':
        this.expr(e.msg, false);
        this.op(Op.RaiseUser, e.span);
        return;
      case 'fail':
        this.op(Op.RaiseExec, e.span, this.constant(e.message));
        return;
      case 'pure':
        this.op(Op.ReadOnlyBegin, e.span, 0);
        this.expr(e.body, false);
        this.op(Op.ReadOnlyEnd, e.span);
        return;
    }
  }
}

/** The value of a small integer literal (fits an int32 operand), if `e` is one. */
function smallIntConstant(e: Expr): number | undefined {
  if (e.k !== 'const') return undefined;
  const v = e.value;
  return typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff && !Object.is(v, -0) ? v : undefined;
}

/** Index of binder `b` among `fn`'s captures, adding it (and, transitively, to its parents). */
function captureIndex(fn: FunctionIR, b: Binder): number {
  let i = fn.captures.indexOf(b);
  if (i < 0) {
    i = fn.captures.length;
    fn.captures.push(b);
  }
  return i;
}
