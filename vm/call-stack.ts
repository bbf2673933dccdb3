// The machine's call stack: frames in parallel arrays (closure, base slot, resume offset, fault site), the
// try handlers, and Pact's reentrancy marks; what stack traces and the calling module are read from.

import { REPL_MODULE, type Chunk, type FunctionProto } from './chunk.js';
import type { Closure, Value } from './values.js';
import type { Host } from './host.js';
import { execError, type StackFrameInfo } from './errors.js';

/** An installed try / enforce-one handler: where to resume, the host state to put back if it
 *  catches an error, and the purity to return to either way (the read-only view is lexical). */
export interface Handler { fp: number; sp: number; target: number; saved: unknown; purity: string }

export class CallStack {
  // the fields and methods below without `protected` are also used by tiered code (vm/tier.ts)
  // the operand stack: holey from the start (so its elements kind never changes under the
  // dispatch loop) and small, since a script makes one machine and its slots outlive a scavenge
  // (4096 slots were ~1.5 MB promoted over the 52-file corpus); a write past the end grows it
  stack: Value[] = new Array(256);
  sp = 0;
  fp = -1;
  fClosure: Closure[] = [];
  fBase: number[] = [];
  protected fIp: number[] = [];
  /** per frame, the offset of the instruction it last called out from or failed at (an error's
   *  location when it has none of its own: vm/machine.ts `fault`) */
  protected fAt: number[] = [];
  protected handlers: Handler[] = [];
  /**
   * Per defun/defcap/defpact frame, where it was applied: the chunk and offset of the call, or of
   * the native that applied it (map, with-capability, continue-pact, ...). Pact's REPL evaluator
   * gives a function's stack frame the info of its application, so stack traces and
   * `env-stackframe` show call sites. An offset below 0 (~offset) marks a partial application
   * completed later: Pact's frame for it keeps the site where it was made and no arguments.
   */
  fSiteChunk: (Chunk | null)[] = [];
  fSiteAt: number[] = [];
  /** The site the next function entered from outside a CALL records (set by `at` for natives
   *  and the general call path, and by tiered calls); natives applying functions put it back
   *  after each (`Machine.call`, `call1`, `call2`), since the function's own natives change it. */
  entryChunk: Chunk | null = null;
  entryAt = 0;
  /** Set just before a partial application of a module function completes: the site it was
   *  made at, for the frame about to be entered (consumed there). */
  partialChunk: Chunk | null = null;
  partialAt = 0;
  /** Pact's reentrancy check: modules that called out through a module reference in the frames
   *  now running; their own functions run read-only. Only the frames that changed something are
   *  recorded (innermost last): the frame, the length of this list before it and the purity it
   *  replaced; `guardFp` is the innermost such frame (-1: none), so a call or return checks one
   *  number instead of writing a mark per frame. */
  reentrant: string[] = [];
  guardFp = -1;
  private guards: { fp: number; mark: number; purity: string | null }[] = [];

  constructor(readonly host: Host) {}

  /** The module of the innermost running defun/defcap/defpact: Pact's "calling module" (its top
   *  stack frame's), `#repl` for a REPL defun; null outside any. */
  callerModule(): string | null {
    for (let f = this.fp; f >= 0; f--) {
      const p = this.fClosure[f].proto;
      if (p.tracked) return p.module ?? REPL_MODULE;
    }
    return null;
  }

  /** Whether a defcap body is running anywhere below: Pact evaluates a defcap body in an
   *  environment marked "in cap" (CEK's ceInCap), and every closure made there — a defun looked
   *  up, a lambda, a user guard — carries that environment on, so with-capability and
   *  install-capability are refused in anything a defcap body calls, not only in the body itself. */
  withinDefcap(): boolean {
    for (let f = this.fp; f >= 0; f--) if (this.fClosure[f].proto.kind === 'defcap') return true;
    return false;
  }

  /** The innermost running defun/defcap/defpact, or null (activeFunctions()[0] without the list):
   *  Pact's top stack frame (lambdas push none). */
  innermostFunction(): FunctionProto | null {
    for (let f = this.fp; f >= 0; f--) {
      const p = this.fClosure[f].proto;
      if (p.kind === 'defun' || p.kind === 'defcap' || p.kind === 'defpact') return p;
    }
    return null;
  }

  /** Qualified names of the running defuns/defcaps/defpacts, innermost first. */
  activeFunctions(): FunctionProto[] {
    const out: FunctionProto[] = [];
    for (let f = this.fp; f >= 0; f--) {
      const p = this.fClosure[f].proto;
      if (p.kind === 'defun' || p.kind === 'defcap' || p.kind === 'defpact') out.push(p);
    }
    return out;
  }

  /** A frame for `fn` starts: a function reached by reference records its caller, and a module
   *  function of a module recorded so runs with the database read-only (unless sys-only). */
  enterReentrant(fp: number, fn: Closure): void {
    const mark = this.reentrant.length;
    let changed = false, saved: string | null = null;
    if (fn.via !== null) { this.reentrant.push(fn.via); changed = true; }
    if (fn.proto.tracked && fn.proto.module !== null && this.reentrant.includes(fn.proto.module)) {
      const p = this.host.getPurity();
      if (p === 'impure') { saved = p; this.host.setPurity('read-only'); changed = true; }
    }
    if (changed) { this.guards.push({ fp, mark, purity: saved }); this.guardFp = fp; }
  }

  /** Undo what enterReentrant did for frame `fp` (it returned or is being unwound). */
  leaveReentrant(): void {
    const g = this.guards.pop()!;
    this.reentrant.length = g.mark;
    if (g.purity !== null) this.host.setPurity(g.purity);
    this.guardFp = this.guards.length > 0 ? this.guards[this.guards.length - 1].fp : -1;
  }

  /** Frames above `keep` are discarded by an error: undo their reentrancy marks, innermost first. */
  protected unwindReentrant(keep: number): void {
    while (this.guardFp > keep) this.leaveReentrant();
  }

  /** Tail calls must not discard a frame that owns a try handler. */
  protected handlersBelow(fp: number): boolean {
    const h = this.handlers[this.handlers.length - 1];
    return !h || h.fp < fp;
  }

  /** Frame `fp` of a module function starts: record where it was applied (see fSiteChunk). */
  recordEntry(fp: number): void {
    if (this.partialChunk !== null) {
      this.fSiteChunk[fp] = this.partialChunk;
      this.fSiteAt[fp] = ~this.partialAt;
      this.partialChunk = null;
    } else {
      this.fSiteChunk[fp] = this.entryChunk;
      this.fSiteAt[fp] = this.entryAt;
    }
  }

  /** The Pact stack: the running defuns/defcaps/defpacts from frame `fp` down, innermost first,
   *  each with the site it was applied at (the function's own span if none was recorded). */
  stackTrace(fp: number): StackFrameInfo[] {
    const out: StackFrameInfo[] = [];
    for (let f = fp; f >= 0; f--) {
      const proto = this.fClosure[f].proto;
      if (!proto.tracked) continue;
      const at = this.fSiteAt[f], partial = at < 0;
      const span = this.fSiteChunk[f]?.spans.at(partial ? ~at : at) ?? proto.span;
      const args = partial ? [] : this.stack.slice(this.fBase[f], this.fBase[f] + proto.arity);
      out.push({ name: proto.frameName, args, span, proto });
    }
    return out;
  }
}

/** Enter a module function; one that is already running is being recursed into (language.md §5.4).
 *  Pact names the function by its qualified name, a REPL defun's in the module `#repl`. */
export function activate(proto: FunctionProto): void {
  if (proto.active > 0) {
    const name = proto.module === null ? `${REPL_MODULE}.${proto.qualifiedName}` : proto.qualifiedName;
    throw execError(`Recursion detected by the runtime. Recursing in function: ${name}`);
  }
  proto.active++;
}

/** Frames above `keep` are being discarded by an error: their functions are no longer running. */
export function deactivate(frames: Closure[], from: number, keep: number): void {
  for (let f = from; f > keep; f--) {
    const p = frames[f].proto;
    if (p.tracked) p.active--;
  }
}

