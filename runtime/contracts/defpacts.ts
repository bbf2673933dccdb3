// Defpacts (language.md §8, repl.md §3.6): starting a multi-step pact, continuing it step by step
// (or rolling a step back), yield/resume between steps, pact-id, pact guards and pact-state.

import { Closure, PactObject, PactGuard, CapabilityGuard, CapToken, isCallable, type Value } from '../../vm/values.js';
import { PactError, userError } from '../../vm/errors.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError } from '../natives/errors.js';
import type { ContractHost } from './host.js';
import { blake2b256, base64UrlEncode } from '../values/digest.js';
import { stableJson } from '../values/json.js';
import { qualifiedNameSize, sizeOfValue, textSize } from '../values/size.js';

export const PACTS_TABLE = 'SYS:Pacts';

export interface DefpactStep { exec: Closure; rollback: Closure | null }

/** A compiled defpact: one closure per step (and rollback), all taking the defpact's arguments. */
export interface DefpactInfo { name: string; module: string; steps: DefpactStep[] }

/** The state of a pact between steps, as stored by id. */
export interface PactExec {
  id: string;
  /** last executed step */
  step: number;
  stepCount: number;
  stepHasRollback: boolean;
  name: string;
  args: Value[];
  yield: { data: PactObject; target: string | null; sourceChain: string } | null;
  completed: boolean;
  /** nested pacts started by this pact's steps, by id; each advances with its parent */
  nested: Record<string, PactExec>;
}

/** The step being executed right now. */
interface StepContext {
  id: string; step: number; rollback: boolean; resume: PactExec['yield']; yielded: PactExec['yield'];
  /** the defpact and its arguments (named in cross-chain events) */
  name: string; args: Value[]; module: string;
  /** nested pacts as they stand during this step */
  nested: Record<string, PactExec>;
  /** set when the step resumed a cross-chain yield: the chain it came from */
  resumedFrom?: string;
}

export interface PactHost extends ContractHost {
  /** the most recent pact execution of this transaction (continue-pact's default) */
  pactExec: PactExec | null;
  defpact(name: string): DefpactInfo | undefined;
}

const notInPact = () => userError('Attempted to fetch defpact data, but currently not within defpact execution');

export class Defpacts {
  private current: StepContext | null = null;

  constructor(private h: PactHost) {}

  /** Calling a defpact outside any pact: start it with the transaction hash as id, run step 0. */
  start(fn: Closure, args: Value[]): Value {
    const h = this.h;
    const info = h.defpact(fn.proto.qualifiedName);
    if (!info) throw new PactError('exec', `Cannot find defpact ${fn.proto.qualifiedName}`);
    if (this.current) return this.nested(info, args, this.current);
    if (h.pactExec) throw new PactError('exec', `defpact execution context already in the environment:  defpact id: ${h.pactExec.id}`);
    const exec: PactExec = {
      id: h.env.txHash, step: -1, stepCount: info.steps.length, stepHasRollback: false,
      name: info.name, args, yield: null, completed: false, nested: {},
    };
    return this.runStep(info, exec, 0, false, null);
  }

  /** A defpact called while a step runs is nested (language.md §8.4): started at step 0 and
   *  advanced by the parent's later steps (usually via `continue`). */
  private nested(info: DefpactInfo, args: Value[], parent: StepContext): Value {
    const h = this.h;
    const id = base64UrlEncode(blake2b256(Buffer.from(
      `${parent.id}:${stableJson(PactObject.of([['args', args], ['def', info.name]]))}`, 'utf8')));
    const parentExec = h.db.read(PACTS_TABLE, parent.id) as unknown as PactExec | undefined;
    const parentCount = parentExec?.stepCount ?? h.defpact(parent.name)?.steps.length ?? 0;
    if (info.steps.length !== parentCount) {
      throw new PactError('exec', `Nested defpact execution failed, parameter mismatch: PactId: ${id} step count: ${info.steps.length} Parent step count: ${parentCount}`);
    }
    let child = parent.nested[id];
    if (parent.step === 0 && !parent.rollback) {
      if (child) throw new PactError('exec', `Requested nested defpact double execution: defpact id: ${id}`);
      child = { id, step: -1, stepCount: info.steps.length, stepHasRollback: false, name: info.name, args, yield: null, completed: false, nested: {} };
    } else if (!child) {
      throw new PactError('exec', `Requested nested defpact never started: defpact id: ${id}`);
    }
    const s = info.steps[parent.step];
    const ctx: StepContext = {
      id, step: parent.step, rollback: parent.rollback, resume: child.yield, yielded: null,
      name: info.name, args: child.args, module: info.module, nested: child.nested,
    };
    const result = this.runIn(ctx, s);
    parent.nested[id] = {
      ...child, step: parent.step, stepHasRollback: s.rollback !== null, yield: ctx.yielded,
      completed: parent.rollback || parent.step === info.steps.length - 1, nested: ctx.nested,
    };
    return result;
  }

  /** `continue-pact`: run the next step (or roll back the last one) of a stored pact. */
  continueStep(step: number, rollback: boolean, pactId: string | null, resume: PactObject | null): Value {
    const h = this.h;
    const id = pactId ?? h.pactExec?.id;
    if (id === undefined) throw new PactError('exec', 'No defpact id or execution environment supplied');
    const previousYield = h.pactExec?.id === id ? h.pactExec.yield : null;
    h.pactExec = null;
    const exec = h.db.read(PACTS_TABLE, id) as unknown as PactExec | undefined;
    if (!exec) throw new PactError('exec', `No previous defpact execution found for defpact id:  ${id}`);
    if (exec.completed) throw new PactError('exec', `Requested defpact already completed:  defpact id:${id}`);
    if (step < 0 || step >= exec.stepCount) {
      throw new PactError('exec', `DefPactStep does not match defpact properties: requested: ${step} step count:${exec.stepCount}`);
    }
    if (rollback && step !== exec.step) {
      throw new PactError('exec', `Rollback mismatch in DefPactStep and defpact execution environment: requested: ${step} current: ${exec.step}`);
    }
    if (!rollback && step !== exec.step + 1) {
      throw new PactError('exec', `Step mismatch in DefPactStep and defpact execution environment: requested: ${step} current: ${exec.step}`);
    }
    const info = h.defpact(exec.name);
    if (!info) throw new PactError('exec', `Cannot find defpact ${exec.name}`);
    const stored = exec.yield ?? previousYield;
    const data = resume ? { data: resume, target: stored?.target ?? null, sourceChain: stored?.sourceChain ?? '' } : stored;
    return this.runStep(info, exec, step, rollback, data);
  }

  private runStep(info: DefpactInfo, exec: PactExec, step: number, rollback: boolean, resume: PactExec['yield']): Value {
    const h = this.h;
    const s = info.steps[step];
    const ctx: StepContext = {
      id: exec.id, step, rollback, resume, yielded: null, name: exec.name, args: exec.args, module: info.module,
      nested: { ...exec.nested },
    };
    const result = this.runIn(ctx, s);
    for (const n of Object.values(ctx.nested)) {
      if (n.step !== step) throw new PactError('exec', `Nested defpact not advanced ${n.id}`);
    }
    // cross-chain events are emitted once the step has completed
    if (ctx.resumedFrom !== undefined) this.crossChainEvent('pact.X_RESUME', ctx.resumedFrom, ctx);
    if (ctx.yielded?.target) this.crossChainEvent('pact.X_YIELD', ctx.yielded.target, ctx);
    const next: PactExec = {
      ...exec, step, stepHasRollback: s.rollback !== null, yield: ctx.yielded,
      completed: rollback || step === exec.stepCount - 1, nested: ctx.nested,
    };
    if (h.gas.metered) {
      const bytes = pactExecSize(next);
      h.gas.charge(bytes * h.gas.model.config.perByteWriteCost, `GWrite ${bytes}`);
    }
    h.db.write(PACTS_TABLE, exec.id, next as unknown as Value);
    h.pactExec = next;
    return result;
  }

  /** Runs the step's body (or its rollback, as `ctx` says) with `ctx` as the current step. */
  private runIn(ctx: StepContext, s: DefpactStep): Value {
    const body = ctx.rollback ? s.rollback : s.exec;
    if (!body) throw new PactError('exec', `Step has no rollback: defpact id: ${ctx.id}`);
    const saved = this.current;
    this.current = ctx;
    try {
      return this.h.vm.runBody(body, ctx.args);
    } finally {
      this.current = saved;
    }
  }

  natives(): NativeTable {
    const h = this.h;
    return {
      'yield': args => this.yieldData(args, null),
      'yield-to-chain': args => {
        if (typeof args[1] !== 'string') throw argTypeError('yield', args);
        return this.yieldData(args, args[1]);
      },
      'resume': args => {
        const ctx = this.current;
        if (!ctx) throw userError('No active defpact execution in the environment');
        const data = ctx.resume;
        if (!data) throw userError(`No yield value found from previous pact step. Current step: ${ctx.step} defpact Id: ${ctx.id}`);
        if (data.target !== null && data.target !== h.env.chainData['chain-id']) {
          throw userError(`Yield provenance does not match, received ${h.env.chainData['chain-id']}, expected ${data.target}`);
        }
        if (!isCallable(args[0])) throw argTypeError('resume', args);
        if (data.target !== null) ctx.resumedFrom = data.sourceChain;
        return h.vm.call(args[0], [data.data]);
      },
      'pact-id': () => {
        if (!this.current) throw notInPact();
        return this.current.id;
      },
      'create-pact-guard': args => {
        if (typeof args[0] !== 'string') throw argTypeError('create-pact-guard', args);
        if (!this.current) throw notInPact();
        return new PactGuard(this.current.id, args[0]);
      },
      'create-capability-pact-guard': args => {
        const t = args[0];
        if (!(t instanceof CapToken)) throw argTypeError('create-capability-pact-guard', args);
        if (!this.current) throw notInPact();
        return new CapabilityGuard(t.name, t.args, this.current.id);
      },
    };
  }

  /** `pact.X_YIELD` / `pact.X_RESUME`: [chain, defpact name, arguments], under the defpact's module hash. */
  private crossChainEvent(name: string, chain: string, ctx: StepContext): void {
    if (this.h.env.flags.has('DisablePactEvents') || this.h.env.flags.has('DisableLangEvents')) return;
    this.h.events.push({ name, params: [chain, ctx.name, ctx.args], moduleHash: this.h.module(ctx.module)?.hash ?? '' });
  }

  /** The pact id a pact guard is checked against (null outside a pact). */
  currentId(): string | null {
    return this.current?.id ?? null;
  }

  private yieldData(args: Value[], target: string | null): Value {
    const obj = args[0];
    if (!(obj instanceof PactObject)) throw argTypeError(target === null ? 'yield' : 'yield-to-chain', args);
    if (!this.current) throw userError('Try to yield a value outside a running defpact execution');
    this.current.yielded = { data: obj, target, sourceChain: this.h.env.chainData['chain-id'] };
    return obj;
  }
}

/** sizeOf DefPactExec{stepCount, yield, step, id, continuation, stepHasRollback, nested}
 *  (gas.md §4): what writing a pact's state after each step costs. */
export function pactExecSize(e: PactExec): number {
  const maybe = (inner: number | null) => (inner === null ? 2 : 2 + inner);
  const y = e.yield;
  const yieldSize = y === null ? null : 1
    + [...y.data.fields].reduce((n, [k, v]) => n + 1 + textSize(k) + sizeOfValue(v), 5)
    + maybe(y.target === null ? null : 1 + textSize(y.target) + 36)
    + maybe(y.target === null ? null : textSize(y.sourceChain));
  const continuation = 1 + qualifiedNameSize(e.name) + e.args.reduce((n: number, a) => n + sizeOfValue(a), 5);
  // nested pacts: id and state per entry (the goldens show no tuple byte here, unlike objects)
  const nested = Object.values(e.nested).reduce((n, x) => n + textSize(x.id) + pactExecSize(x), 5);
  return 1 + 5 + maybe(yieldSize) + 5 + textSize(e.id) + continuation + 1 + nested;
}

/** `pact-state`: the most recent pact execution of the transaction. */
export function pactState(exec: PactExec | null): Value {
  if (!exec) throw userError('pact-state: no pact exec in context');
  return PactObject.of([['pactId', exec.id], ['step', exec.step], ['yield', exec.yield ? exec.yield.data : false]]);
}
