// The machine: one dispatch loop (a switch over numeric opcodes) over the frames of vm/call-stack.ts,
// no allocation or closure per instruction. Natives that call back into Pact (map, fold, expect)
// re-enter through `call`; Pact-to-Pact calls never grow the JS stack.

import { Op } from './opcodes.js';
import { FunctionProto, GlobalCell, type Chunk } from './chunk.js';
import {
  Closure, NativeFn, Partial, PactObject, PactDecimal, CapToken, type Value,
} from './values.js';
import { BUILTINS, builtinId } from './builtins.js';
import { PactError, execError, userError } from './errors.js';
import { CallStack, activate, deactivate } from './call-stack.js';
import { expectedBool, expectedString, isFunctionValue, notAValue, typecheckFailure, partialInSequence } from './run-errors.js';
import type { Host } from './host.js';
import { engineFailure, limits, callTooDeep, MAX_STRING_LENGTH } from './limits.js';
import type { PactType } from './types.js';
import type { Span } from './source.js';
import type { ProbeMap } from './coverage.js';
import { tierLoop, loopArity, type LoopKind, type TierLoop } from './tier-loops.js';
import { compileTier, provideTierRuntime, tierSettings, TIER_DEPTH as TIER_DEPTH_LIMIT, type TierFn } from './tier.js';

/** a module-local copy: the checks on every call read it without an imported binding's checks */
const TIER_DEPTH = TIER_DEPTH_LIMIT;

const ID = {
  add: builtinId('+'), sub: builtinId('-'), lt: builtinId('<'), gt: builtinId('>'),
  le: builtinId('<='), ge: builtinId('>='), eq: builtinId('='),
};

const NATIVE_VALUES = BUILTINS.map(b => new NativeFn(b.id));
/** builtin ids of the comparisons, indexed by JUMP_UNLESS_CMP's code */
const COMPARE_IDS = [ID.lt, ID.gt, ID.le, ID.ge, ID.eq];

export class Machine extends CallStack {
  /** the chunk and offset of the native call in progress (for natives that report locations) */
  siteChunk: Chunk | null = null;
  siteIp = 0;
  /** tail calls made by tiered code that are running (each a JS frame, not a machine frame) */
  tailDepth = 0;
  /** set true by the runtime when the runtime-return-type check is disabled (DisableRuntimeRTC) */
  checkReturnTypes = true;

  constructor(host: Host) { super(host); }

  /** Run a defcap's body (not the token constructor) with its arguments. */
  runBody(fn: Closure, args: Value[]): Value {
    const chunk = this.entryChunk, at = this.entryAt;
    const r = this.enter(fn, args);
    this.entryChunk = chunk; this.entryAt = at;
    return r;
  }

  /** Where the current native was called from. */
  callSite(): Span | null {
    return this.siteChunk?.spans.at(this.siteIp) ?? null;
  }

  /** Apply any callable value to arguments (used by natives and the REPL); the entry site is
   *  put back afterwards, for the native's next application (see entryChunk). */
  call(fn: Value, args: Value[]): Value {
    const chunk = this.entryChunk, at = this.entryAt;
    const r = this.apply(fn, args);
    this.entryChunk = chunk; this.entryAt = at;
    return r;
  }

  private apply(fn: Value, args: Value[]): Value {
    const gas = this.host.gas;
    if (fn instanceof Closure) {
      const argc = args.length;
      if (argc === fn.proto.arity) {
        // building a capability token or starting a defpact is charged even with no arguments
        // (off the interpreter loop the meter's own unmetered check is enough)
        if (argc > 0 || fn.proto.intercepted) gas.chargeApply(argc);
        return this.saturated(fn, args);
      }
      if (argc === 0) return fn;
      if (argc > fn.proto.arity) throw execError('Attempted to apply a closure to too many arguments');
      gas.chargeApply(argc);
      this.typecheckPartial(fn.proto, args, 0);
      return new Partial(fn, args, this.entryChunk, this.entryAt);
    }
    if (fn instanceof NativeFn) {
      const spec = BUILTINS[fn.id];
      if (args.length === spec.arity) {
        gas.chargeNative(spec);
        return this.host.natives[fn.id](args);
      }
      // natives charge nothing until saturated
      if (args.length < spec.arity) return args.length === 0 ? fn : new Partial(fn, args);
      throw execError('Attempted to apply a closure to too many arguments');
    }
    if (fn instanceof Partial) {
      if (args.length === 0) return fn;
      const inner = fn.fn;
      if (inner instanceof NativeFn) return this.apply(inner, fn.args.concat(args));
      // a partial closure is charged again for the arguments supplied now (gas.md §3.2)
      const all = fn.args.concat(args);
      if (all.length > inner.proto.arity) throw execError('Attempted to apply a closure to too many arguments');
      gas.chargeApply(args.length);
      this.typecheckPartial(inner.proto, args, fn.args.length);
      if (all.length < inner.proto.arity) return new Partial(inner, all, fn.siteChunk, fn.siteAt);
      // Pact's frame for a completed partial application of a module function is the one made
      // with the partial: its site, no arguments
      if (inner.proto.tracked && !inner.proto.intercepted) { this.partialChunk = fn.siteChunk; this.partialAt = fn.siteAt; }
      return this.saturated(inner, all);
    }
    throw execError('Cannot apply value to non-closure');
  }

  /** `call` for a native that catches the error (expect, expect-failure): a failure leaves the
   *  stack pointer (and the entry site) where it was. The interpreter frame that catches resets it
   *  otherwise, and a tiered function without a machine frame keeps none of its own. */
  callCatching(fn: Value, args: Value[]): Value {
    const sp = this.sp, chunk = this.entryChunk, at = this.entryAt;
    try {
      return this.call(fn, args);
    } catch (e) {
      this.sp = sp;
      this.entryChunk = chunk; this.entryAt = at; this.partialChunk = null;
      throw e;
    }
  }

  /** A saturated call: a defcap reference builds a capability token (its body runs only when
   *  the capability is acquired); anything else runs. */
  private saturated(fn: Closure, args: Value[]): Value {
    const proto = fn.proto;
    if (!proto.intercepted) return this.enter(fn, args);
    // a capability token's or a defpact's arguments are all Pact values before any is typechecked
    for (let i = 0; i < args.length; i++) if (isFunctionValue(args[i])) throw notAValue();
    if (proto.kind === 'defpact') return this.host.startPact(fn, args);
    this.typecheckPartial(proto, args, 0);
    return new CapToken(proto.qualifiedName, args, proto.moduleHash);
  }

  /** Apply a callable to one argument without an argument array (map, filter, ...). */
  call1(fn: Value, a: Value): Value {
    if (!this.directCall(fn, 1)) return this.call(fn, [a]);
    const chunk = this.entryChunk, at = this.entryAt;
    const base = this.sp + 1;
    const t = fn.proto.tier;
    let r: Value;
    if (t !== null && this.fp < TIER_DEPTH) r = t(this, fn, base, a);
    else {
      // (no callee below the arguments: only a CALL instruction's frame has one, and nothing reads it)
      this.stack[base] = a;
      r = this.enterAt(fn, base);
    }
    this.entryChunk = chunk; this.entryAt = at;
    return r;
  }

  /** Apply a callable to two arguments without an argument array (fold, zip, ...). */
  call2(fn: Value, a: Value, b: Value): Value {
    if (!this.directCall(fn, 2)) return this.call(fn, [a, b]);
    const chunk = this.entryChunk, at = this.entryAt;
    const base = this.sp + 1;
    const t = fn.proto.tier;
    let r: Value;
    if (t !== null && this.fp < TIER_DEPTH) r = t(this, fn, base, a, b);
    else {
      this.stack[base] = a;
      this.stack[base + 1] = b;
      r = this.enterAt(fn, base);
    }
    this.entryChunk = chunk; this.entryAt = at;
    return r;
  }

  /**
   * For natives applying one function to many elements (map, filter, fold, zip): the `kind`
   * loop of vm/tier-loops.ts when `fn` is a plain closure of the kind's arity that has tiered
   * up and tiered code may nest here, else null (the native then applies `fn` with call1/2 and
   * asks again: `fn` may tier up during the loop). Both conditions hold for the rest of the
   * loop (calls return to this depth).
   */
  tierLoopFor(fn: Value, kind: LoopKind): TierLoop | null {
    if (!(fn instanceof Closure)) return null;
    const proto = fn.proto;
    if (proto.tier === null || proto.arity !== loopArity(kind) || proto.intercepted || this.fp >= TIER_DEPTH) return null;
    return tierLoop(proto, kind);
  }

  /** Is `fn` a plain closure taking exactly `argc` arguments? If so its application is charged. */
  private directCall(fn: Value, argc: number): fn is Closure {
    if (!(fn instanceof Closure) || fn.proto.arity !== argc || fn.proto.intercepted) return false;
    if (this.host.gas.metered) this.host.gas.chargeApply(argc);
    return true;
  }

  /** Run a closure whose arguments are already on the stack at `base`. */
  enterAt(fn: Closure, base: number): Value {
    const proto = fn.proto;
    if (proto.tier === null && ++proto.calls > tierSettings.threshold) tierUp(proto);
    if (proto.tier !== null && this.fp < TIER_DEPTH) return this.runTier(proto.tier, fn, base);
    return this.interpretAt(fn, base);
  }

  /** Run a closure whose arguments are on the stack at `base` in the interpreter (tiered code
   *  calls this when the machine's frames are too deep for more JS frames, vm/tier.ts). */
  interpretAt(fn: Closure, base: number): Value {
    if (this.fp >= limits.callDepth) { this.partialChunk = null; throw callTooDeep(); }
    if (fn.proto.tracked) { this.recordEntry(this.fp + 1); activate(fn.proto); }
    const fp = ++this.fp;
    this.fClosure[fp] = fn;
    this.fBase[fp] = base;
    this.fIp[fp] = 0;
    if (fn.via !== null || this.reentrant.length > 0) this.enterReentrant(fp, fn);
    this.sp = base + fn.proto.nlocals;
    return this.execute(fp);
  }

  /** Call a tiered function whose arguments are on the stack at `base`. */
  private runTier(t: TierFn, fn: Closure, base: number): Value {
    const s = this.stack;
    switch (fn.proto.arity) {
      case 0: return t(this, fn, base);
      case 1: return t(this, fn, base, s[base]);
      case 2: return t(this, fn, base, s[base], s[base + 1]);
      case 3: return t(this, fn, base, s[base], s[base + 1], s[base + 2]);
      default: return t(this, fn, base, ...s.slice(base, base + fn.proto.arity));
    }
  }

  /** Push a frame for a saturated closure call and run it to completion. */
  private enter(fn: Closure, args: Value[]): Value {
    const s = this.stack;
    const base = this.sp + 1;
    for (let i = 0; i < args.length; i++) s[base + i] = args[i];
    return this.enterAt(fn, base);
  }

  /** The arguments a partial application supplies are Pact values of their declared types, checked
   *  one after the other (Pact's apply'); lambdas check annotations only here (language.md §9). */
  private typecheckPartial(proto: FunctionProto, args: Value[], offset: number): void {
    for (let i = 0; i < args.length; i++) {
      if (isFunctionValue(args[i])) throw notAValue();
      const t = proto.paramTypes[offset + i];
      if (t && !this.host.typecheck(args[i], t)) throw typecheckFailure(args[i], t);
    }
  }

  /**
   * Run from frame `entryFp` until it returns; its result is returned. An error is handled here,
   * outside the dispatch loop: V8 finds the handler of a baseline-compiled frame by walking that
   * function's code from its start, and `dispatch` is large. A catch inside it, and a rethrow
   * from its end, made each Pact error (thousands in a suite of expect-failures) walk it up to
   * four times. Before anything that can throw, `dispatch` records the frame in `this.fp` and
   * the instruction in `fAt` (`at`, `record`, `fault`); a handled error resumes the loop at the
   * handler's frame.
   */
  private execute(entryFp: number): Value {
    for (;;) {
      try {
        return this.dispatch(entryFp);
      } catch (caught) {
        this.recover(caught, entryFp);
      }
    }
  }

  /** An error left `dispatch(entryFp)` from frame `this.fp`: locate it and give it its Pact stack;
   *  then resume at the innermost try handler of this run if it takes the error (its frame
   *  becomes `this.fp`, to resume at its target), else leave the run's frames and rethrow. */
  private recover(caught: unknown, entryFp: number): void {
    const fp = this.fp;
    const closure = this.fClosure[fp];
    const e = engineFailure(caught, closure.proto.chunk.spans.at(this.fAt[fp]) ?? closure.proto.span);
    if (!(e instanceof PactError)) {
      this.unwind(fp, entryFp);
      throw e;
    }
    if (e.pactStack.length === 0) e.pactStack = this.stackTrace(fp);
    const h = this.handlers[this.handlers.length - 1];
    if (h && h.fp >= entryFp && e.recoverable) {
      deactivate(this.fClosure, fp, h.fp);
      this.unwindReentrant(h.fp);
      this.handlers.pop();
      this.host.restoreState(h.saved);
      this.host.setPurity(h.purity);
      this.fp = h.fp;
      this.sp = h.sp;
      this.fIp[h.fp] = h.target;
      return;
    }
    this.unwind(fp, entryFp);
    throw e;
  }

  /** The loop: run from frame `this.fp` at its saved offset until frame `entryFp` returns. */
  private dispatch(entryFp: number): Value {
    const s = this.stack;
    const host = this.host;
    const gas = host.gas;
    const natives = host.natives;
    const maxDepth = limits.callDepth;
    // the frame arrays are only ever grown, never replaced: keep them in locals
    const fClosure = this.fClosure, fBase = this.fBase, fIp = this.fIp;
    let fp = this.fp;
    let sp = this.sp;
    let closure = fClosure[fp];
    let chunk = closure.proto.chunk;
    let code = chunk.code;
    let consts = chunk.constants;
    let base = fBase[fp];
    let ip = fIp[fp];
    let opStart = ip;

    for (;;) {
      opStart = ip;
      switch (code[ip++] as Op) {
        case Op.Const: s[sp++] = consts[code[ip++]] as Value; break;
        case Op.SmallInt: s[sp++] = code[ip++]; break;
        case Op.Local: s[sp++] = s[base + code[ip++]]; break;
        case Op.SetLocal: s[base + code[ip++]] = s[--sp]; break;
        case Op.Capture: s[sp++] = closure.captures[code[ip++]]; break;
        case Op.Global: {
          const cell = consts[code[ip++]] as GlobalCell;
          const v = cell.value;
          if (v === undefined) this.raise(fp, opStart, execError(`Unbound variable ${cell.name}`));
          s[sp++] = v;
          break;
        }
        case Op.Native: s[sp++] = NATIVE_VALUES[code[ip++]]; break;
        case Op.Pop: {
          const v = s[--sp];
          if (v instanceof Partial) this.raise(fp, opStart, partialInSequence(v));
          break;
        }
        case Op.Jump: ip = code[ip]; break;
        case Op.JumpIfFalse: {
          const v = s[--sp];
          if (v === false) ip = code[ip];
          else if (v === true) ip++;
          else this.raise(fp, opStart, expectedBool(host, v));
          break;
        }
        case Op.JumpIfFalseOrPop: {
          const v = s[sp - 1];
          if (v === false) ip = code[ip];
          else if (v === true) { sp--; ip++; }
          else this.raise(fp, opStart, expectedBool(host, v));
          break;
        }
        case Op.JumpIfTrueOrPop: {
          const v = s[sp - 1];
          if (v === true) ip = code[ip];
          else if (v === false) { sp--; ip++; }
          else this.raise(fp, opStart, expectedBool(host, v));
          break;
        }
        case Op.CheckBool: {
          const v = s[sp - 1];
          if (v !== true && v !== false) this.raise(fp, opStart, expectedBool(host, v));
          break;
        }
        case Op.EnsureValue:
          if (isFunctionValue(s[sp - 1])) this.raise(fp, opStart, notAValue());
          break;
        case Op.EnsureArgs:
          for (let i = 0; i < closure.proto.arity; i++) {
            if (isFunctionValue(s[base + i])) this.raise(fp, opStart, notAValue());
          }
          break;
        case Op.Call: case Op.TailCall: {
          const tail = code[opStart] === Op.TailCall;
          const argc = code[ip++];
          const callee = s[sp - argc - 1];
          if (callee instanceof Closure && callee.proto.arity === argc && !callee.proto.intercepted) {
            if (argc > 0 && gas.metered) { this.at(fp, chunk, opStart); gas.chargeApply(argc); }
            const proto = callee.proto;
            if (proto.tier === null && ++proto.calls > tierSettings.threshold) tierUp(proto);
            // a tiered callee runs as a JS call (a tail call keeps reusing this frame instead)
            if (proto.tier !== null && !tail && fp < TIER_DEPTH) {
              fIp[fp] = ip; this.sp = sp; this.record(fp, opStart);
              this.entryChunk = chunk; this.entryAt = opStart;
              const r = this.runTier(proto.tier, callee, sp - argc);
              sp -= argc + 1;
              s[sp++] = r;
              break;
            }
            // a frame under the reentrancy check keeps its own frame (it is undone on return)
            const guarded = callee.via !== null || this.reentrant.length > 0;
            const reuse = tail && !guarded && this.guardFp !== fp && this.handlersBelow(fp);
            // only a call that pushes a frame counts against the depth limit
            if (fp >= maxDepth && !reuse) this.raise(fp, opStart, callTooDeep());
            if (callee.proto.tracked) { this.record(fp, opStart); activate(callee.proto); }
            if (reuse) {
              // reuse this frame: move callee and arguments down to our own slots
              const dst = base - 1;
              const src = sp - argc - 1;
              for (let i = 0; i <= argc; i++) s[dst + i] = s[src + i];
              sp = base + callee.proto.nlocals;
            } else {
              fIp[fp] = ip;
              fp++;
              base = sp - argc;
              fBase[fp] = base;
              sp = base + callee.proto.nlocals;
            }
            if (callee.proto.tracked) { this.fSiteChunk[fp] = chunk; this.fSiteAt[fp] = opStart; }
            fClosure[fp] = callee;
            if (guarded) this.enterReentrant(fp, callee);
            closure = callee; chunk = callee.proto.chunk; code = chunk.code; consts = chunk.constants;
            ip = 0;
            break;
          }
          // natives, partial applications, over- and under-application: the general path
          const args = s.slice(sp - argc, sp);
          sp -= argc + 1;
          fIp[fp] = ip; this.sp = sp;
          this.at(fp, chunk, opStart);
          // Pact applies a partial closure only from inside a native (map, fold, ...)
          if (callee instanceof Partial) this.raise(fp, opStart, execError('Attempted to apply a closure outside of native callsite'));
          const r = this.call(callee, args);
          s[sp++] = r;
          break;
        }
        case Op.CallNative: {
          const id = code[ip++], argc = code[ip++];
          const args = s.slice(sp - argc, sp);
          sp -= argc;
          fIp[fp] = ip; this.sp = sp;
          this.at(fp, chunk, opStart);
          if (gas.metered) gas.chargeNative(BUILTINS[id]);
          const r = natives[id](args);
          s[sp++] = r;
          break;
        }
        case Op.Return: {
          const result = s[sp - 1];
          if (closure.proto.tracked) closure.proto.active--;
          if (this.guardFp === fp) this.leaveReentrant();
          sp = base - 1;
          if (fp === entryFp) {
            this.fp = fp - 1;
            this.sp = sp;
            return result;
          }
          fp--;
          s[sp++] = result;
          closure = fClosure[fp]; chunk = closure.proto.chunk; code = chunk.code; consts = chunk.constants;
          base = fBase[fp]; ip = fIp[fp];
          break;
        }
        case Op.Closure: {
          const proto = consts[code[ip++]] as FunctionProto;
          const from = proto.captureFrom;
          const caps: Value[] = new Array(from.length);
          for (let i = 0; i < from.length; i++) {
            const f = from[i];
            caps[i] = f >= 0 ? s[base + f] : closure.captures[-f - 1];
          }
          s[sp++] = new Closure(proto, caps);
          break;
        }
        case Op.List: {
          const n = code[ip++];
          const list = s.slice(sp - n, sp);
          sp -= n;
          for (let i = 0; i < n; i++) if (isFunctionValue(list[i])) this.raise(fp, opStart, notAValue());
          s[sp++] = list;
          break;
        }
        case Op.Object: {
          const keys = consts[code[ip++]] as string[];
          const n = keys.length;
          const m = new Map<string, Value>();
          for (let i = 0; i < n; i++) {
            const v = s[sp - n + i];
            if (isFunctionValue(v)) this.raise(fp, opStart, notAValue());
            m.set(keys[i], v);
          }
          sp -= n;
          s[sp++] = new PactObject(m);
          break;
        }
        case Op.ChargeConcat: {
          const kind = code[ip++], n = code[ip++];
          if (gas.metered) { this.at(fp, chunk, opStart); gas.chargeLiteral(kind, n); }
          break;
        }
        case Op.EnforceTest: {
          const v = s[--sp];
          if (v === true) { s[sp++] = true; ip = code[ip]; }
          else if (v === false) ip++;
          else this.raise(fp, opStart, expectedBool(host, v));
          break;
        }
        case Op.RaiseUser: {
          const msg = s[--sp];
          if (typeof msg !== 'string') this.raise(fp, opStart, expectedString(host, msg));
          this.raise(fp, opStart, userError(msg));
        }
        case Op.RaiseExec:
          this.raise(fp, opStart, execError(consts[code[ip++]] as string));
        case Op.TryBegin: {
          const purity = host.getPurity();
          this.handlers.push({ fp, sp, target: code[ip++], saved: host.saveState(), purity });
          if (purity === 'impure') host.setPurity('read-only');
          break;
        }
        // success: Pact keeps everything the body did; only the read-only view ends
        case Op.TryEnd: host.setPurity(this.handlers.pop()!.purity); break;
        case Op.ReadOnlyBegin: {
          const p = host.getPurity();
          s[sp++] = p;
          const narrowed = host.narrowPurity(p, code[ip++] === 1);
          if (narrowed !== p) host.setPurity(narrowed);
          break;
        }
        case Op.ReadOnlyEnd: {
          const v = s[--sp];
          host.setPurity(s[sp - 1] as string);
          s[sp - 1] = v;
          break;
        }
        case Op.EnforceOneTest: {
          const v = s[--sp];
          if (v === true) { s[sp++] = true; ip = code[ip]; }
          else if (v === false) ip++;
          else this.raise(fp, opStart, expectedBool(host, v));
          break;
        }
        case Op.TypecheckLocal: {
          const v = s[base + code[ip++]];
          const t = consts[code[ip++]] as PactType;
          this.record(fp, opStart); // a metered check is charged in this frame (the profiler reads this.fp)
          // a function is not checked (Pact's maybeTCType sees values only: a let binding a lambda)
          if (!host.typecheck(v, t) && !isFunctionValue(v)) this.raise(fp, opStart, typecheckFailure(v, t));
          break;
        }
        case Op.TypecheckResult: {
          const t = consts[code[ip++]] as PactType;
          const v = s[sp - 1];
          this.record(fp, opStart);
          if (this.checkReturnTypes && !host.typecheck(v, t)) this.raise(fp, opStart, typecheckFailure(v, t));
          break;
        }
        case Op.Add: {
          const a = s[sp - 2], b = s[sp - 1];
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) {
            const r = a + b;
            if (r <= 9007199254740991 && r >= -9007199254740991) { s[sp - 2] = r; sp--; break; }
          } else if (typeof a === 'string' && typeof b === 'string' && !gas.metered && a.length + b.length <= MAX_STRING_LENGTH) {
            s[sp - 2] = a + b; sp--; break;
          }
          sp = this.binaryNative(ID.add, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.Sub: {
          const a = s[sp - 2], b = s[sp - 1];
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) {
            const r = a - b;
            if (r <= 9007199254740991 && r >= -9007199254740991) { s[sp - 2] = r === 0 ? 0 : r; sp--; break; }
          }
          sp = this.binaryNative(ID.sub, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.Lt: {
          const a = s[sp - 2], b = s[sp - 1];
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) { s[sp - 2] = a < b; sp--; break; }
          sp = this.binaryNative(ID.lt, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.Gt: {
          const a = s[sp - 2], b = s[sp - 1];
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) { s[sp - 2] = a > b; sp--; break; }
          sp = this.binaryNative(ID.gt, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.Le: {
          const a = s[sp - 2], b = s[sp - 1];
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) { s[sp - 2] = a <= b; sp--; break; }
          sp = this.binaryNative(ID.le, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.Ge: {
          const a = s[sp - 2], b = s[sp - 1];
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) { s[sp - 2] = a >= b; sp--; break; }
          sp = this.binaryNative(ID.ge, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.Eq: {
          const a = s[sp - 2], b = s[sp - 1];
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) { s[sp - 2] = a === b; sp--; break; }
          sp = this.binaryNative(ID.eq, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.AddImm: case Op.SubImm: {
          const a = s[sp - 1];
          const k = code[ip++];
          if (typeof a === 'number' && !gas.metered) {
            const r = code[opStart] === Op.AddImm ? a + k : a - k;
            if (r <= 9007199254740991 && r >= -9007199254740991) { s[sp - 1] = r === 0 ? 0 : r; break; }
          }
          s[sp++] = k;
          sp = this.binaryNative(code[opStart] === Op.AddImm ? ID.add : ID.sub, sp, fp, ip, chunk, opStart);
          break;
        }
        case Op.JumpUnlessCompareImm: {
          const cmp = code[ip++], k = code[ip++];
          const a = s[sp - 1];
          let holds: boolean;
          if (typeof a === 'number' && !gas.metered) {
            sp--;
            holds = cmp === 0 ? a < k : cmp === 1 ? a > k : cmp === 2 ? a <= k : cmp === 3 ? a >= k : a === k;
          } else {
            s[sp++] = k;
            sp = this.binaryNative(COMPARE_IDS[cmp], sp, fp, ip, chunk, opStart);
            holds = s[--sp] as boolean;
          }
          if (holds) ip++; else ip = code[ip];
          break;
        }
        case Op.JumpUnlessCompare: {
          const cmp = code[ip++];
          const a = s[sp - 2], b = s[sp - 1];
          let holds: boolean;
          if (typeof a === 'number' && typeof b === 'number' && !gas.metered) {
            sp -= 2;
            holds = cmp === 0 ? a < b : cmp === 1 ? a > b : cmp === 2 ? a <= b : cmp === 3 ? a >= b : a === b;
          } else {
            sp = this.binaryNative(COMPARE_IDS[cmp], sp, fp, ip, chunk, opStart);
            holds = s[--sp] as boolean;
          }
          if (holds) ip++; else ip = code[ip];
          break;
        }
        case Op.Cover: {
          const probes = consts[code[ip++]] as ProbeMap;
          probes.hits[code[ip++]]++;
          break;
        }
        default:
          this.raise(fp, opStart, new Error(`pactvm: bad opcode ${code[opStart]} at ${opStart}`));
      }
    }
  }

  /** An error leaves `execute(entryFp)`: drop its frames and handlers, undo their reentrancy marks. */
  private unwind(fp: number, entryFp: number): void {
    while (this.handlers.length && this.handlers[this.handlers.length - 1].fp >= entryFp) this.handlers.pop();
    deactivate(this.fClosure, fp, entryFp - 1);
    this.unwindReentrant(entryFp - 1);
    this.sp = this.fBase[entryFp] - 1;
    this.fp = entryFp - 1;
  }

  /** After a failure outside any Pact call (the script runner's boundary): an empty machine. */
  reset(): void {
    this.unwindReentrant(-1);
    this.handlers.length = 0;
    for (let f = this.fClosure.length - 1; f >= 0; f--) {
      const p = this.fClosure[f]?.proto;
      if (p?.tracked) p.active = 0;
    }
    this.fp = -1;
    this.sp = 0;
    this.tailDepth = 0;
  }

  /** A native is called, or a charge made, by frame `fp` at its instruction `ip`: the gas log
   *  and natives read the site, the profiler the frames (this.fp, which the loop otherwise keeps
   *  only in a local), and an error's location is this frame's `fAt` (see `fault`). */
  private at(fp: number, chunk: Chunk, ip: number): void {
    this.fp = fp;
    this.fAt[fp] = ip;
    this.siteChunk = chunk;
    this.siteIp = ip;
    this.entryChunk = chunk;
    this.entryAt = ip;
  }

  /** Frame `fp` is at its instruction `ip`, which may fail (a check, a call out): where
   *  `recover` finds the frame and the error's location. (`at` records the same, with the site.) */
  private record(fp: number, ip: number): void {
    this.fp = fp;
    this.fAt[fp] = ip;
  }

  /** Throw `e` from frame `fp` at its instruction `ip`, recorded first. The throw is here, not in
   *  `dispatch`: V8 locates every throw in the function that throws it, by walking that function's
   *  baseline code from its start, and `dispatch` is large. */
  private raise(fp: number, ip: number, e: unknown): never {
    this.record(fp, ip);
    throw e;
  }

  /** Slow path of the arithmetic/comparison opcodes: call the native with the two operands. */
  private binaryNative(id: number, sp: number, fp: number, ip: number, chunk: Chunk, opStart: number): number {
    const s = this.stack;
    const args = [s[sp - 2], s[sp - 1]];
    sp -= 2;
    this.fIp[fp] = ip; this.sp = sp;
    this.at(fp, chunk, opStart);
    if (this.host.gas.metered) this.host.gas.chargeNative(BUILTINS[id]);
    s[sp++] = this.host.natives[id](args);
    return sp;
  }

}

/** Translate a hot function; one the tier declines is never counted again. */
function tierUp(proto: FunctionProto): void {
  const fn = compileTier(proto);
  if (fn !== null) proto.tier = fn;
  else proto.calls = -Infinity;
}

// what tiered code refers to by name (vm/templates.ts)
provideTierRuntime({
  Closure, Partial, PactObject, PactDecimal, NATIVE_VALUES, BUILTINS, ID, MAX_STRING_LENGTH, TIER_DEPTH, limits,
  execError, userError, callTooDeep, activate, expectedBool, expectedString, isFunctionValue, notAValue,
  typecheckFailure, partialInSequence,
});
