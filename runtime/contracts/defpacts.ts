// Defpacts (language.md §8, repl.md §3.6), as Pact 5 runs them: starting a pact, continuing it
// step by step or rolling a step back, nested pacts that advance with their parent, yield/resume
// (also across chains), pact-id and pact guards.
//
// Two pieces of state, as in Pact: `h.pactExec` is the defpact execution of the transaction
// (Pact's esDefPactExec: set when a step starts, kept after it until the transaction ends, read
// by pact-id, yield and pact guards); `step` is the step being evaluated right now (Pact's
// ceDefPactStep: only inside a step's body, read by resume and by a defpact call to nest it).

import { Closure, PactObject, PactGuard, CapabilityGuard, CapToken, isCallable, compareCodePoints, type Value } from '../../vm/values.js';
import { PactError, userError } from '../../vm/errors.js';
import { withPrettyList } from '../../compiler/index.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError } from '../natives/errors.js';
import type { ContractHost } from './host.js';
import { blake2b256 } from '../values/digest.js';
import { base64UrlEncode, base64UrlDecode } from '../values/base64url.js';
import { stableJson } from '../values/json.js';
import { count, countFields, countList, countQualifiedName, countText } from '../values/size.js';
import { getModuleMember, invariantFailure } from './module-members.js';

export const PACTS_TABLE = 'SYS:Pacts';

export interface DefpactStep { exec: Closure; rollback: Closure | null }

/** A compiled defpact: one closure per step (and rollback), all taking the defpact's arguments. */
export interface DefpactInfo { name: string; module: string; steps: DefpactStep[] }

/** A cross-chain yield's endorsement: the chain it is for and the hash of the module that yielded. */
export interface Provenance { targetChain: string; moduleHash: string }

/** A yielded object; cross-chain yields carry a provenance and the chain they left from. */
export interface PactYield { data: PactObject; provenance: Provenance | null; sourceChain: string | null }

/** A defpact execution (Pact's DefPactExec); also the shape of a nested one and of the stored one. */
export interface PactExec {
  id: string;
  /** the step executed (or being executed) */
  step: number;
  stepCount: number;
  /** does that step have a rollback? */
  stepHasRollback: boolean;
  /** the defpact (qualified) and its arguments: Pact's continuation */
  name: string;
  args: Value[];
  yield: PactYield | null;
  /** nested pacts started by this pact's steps, by id; each advances with its parent */
  nested: Record<string, PactExec>;
  /** in the database only: the pact ran its last step or was rolled back */
  completed?: boolean;
}

/** The step under evaluation (Pact's DefPactStep). */
interface StepEnv { id: string; step: number; rollback: boolean; resume: PactYield | null }

export interface PactHost extends ContractHost {
  /** the defpact execution of this transaction (Pact's esDefPactExec) */
  pactExec: PactExec | null;
  defpact(name: string): DefpactInfo | undefined;
}

const exec = (msg: string) => new PactError('exec', msg);
const notInPact = () => exec('Attempted to fetch defpact data, but currently not within defpact execution');
/** Pact's EvalError rendering */
const evalError = (msg: string) => exec(`Program encountered an unhandled raised error: ${msg}`);
const T = (b: boolean) => (b ? 'True' : 'False');

/** InvariantPactExecNotInEnv Nothing: a step (or the REPL's `(pact-state true)` in it) left no
 *  defpact execution behind. Pact prints the absent location as nothing after a space. */
const noPactExec = () => invariantFailure('No pact exec found ');

/** InvalidDefPactStepSupplied */
const invalidStep = (step: number | bigint, count: number) =>
  exec(`DefPactStep does not match defpact properties: requested: ${step} step count:${count}`);

export class Defpacts {
  private step: StepEnv | null = null;

  constructor(private h: PactHost) {}

  /** The defpact by qualified name as the current module version has it (Evaluator.hs applyPact:
   *  getModuleMemberWithHash): an upgrade may have removed it, or made it something else. */
  private defpactNamed(qualified: string): DefpactInfo {
    const info = this.h.defpact(qualified);
    if (info) return info;
    const { module: mod } = getModuleMember(this.h, qualified);
    throw invariantFailure(`Expected a defpact for free variable ${qualified}.{${mod.hash}}`);
  }

  /** A defpact called (Pact's initPact): outside a step it starts with the transaction hash as
   *  its id at step 0; inside a step it is nested, with an id derived from the step's pact id. */
  start(fn: Closure, args: Value[]): Value {
    const info = this.defpactNamed(fn.proto.qualifiedName);
    const current = this.step;
    if (!current) return this.applyPact(info, args, { id: this.h.env.txHash, step: 0, rollback: false, resume: null }, {});
    const continuation = stableJson(PactObject.of([['args', args], ['def', info.name]]));
    const id = base64UrlEncode(blake2b256(Buffer.from(`${current.id}:${continuation}`, 'utf8')));
    return this.applyNestedPact(info, args, { id, step: current.step, rollback: current.rollback, resume: null });
  }

  /** Run one step of a top-level pact and store the pact's state (Pact's applyPact). */
  private applyPact(info: DefpactInfo, args: Value[], ps: StepEnv, nested: Record<string, PactExec>): Value {
    const h = this.h;
    if (h.pactExec) throw exec(`defpact execution context already in the environment:  defpact id: ${h.pactExec.id}`);
    const step = info.steps[ps.step];
    if (!step) throw invalidStep(ps.step, info.steps.length);
    const started: PactExec = {
      id: ps.id, step: ps.step, stepCount: info.steps.length, stepHasRollback: step.rollback !== null,
      name: info.name, args, yield: null, nested,
    };
    h.pactExec = started;
    const result = this.runStep(step, ps, args);
    const done = h.pactExec;
    if (!done) throw noPactExec();
    this.checkNestedAdvanced(done, ps);
    if (h.gas.metered) {
      const bytes = h.gas.sizeOf(countPactExec, done);
      h.gas.charge(bytes * h.gas.model.config.perByteWriteCost, `GWrite ${bytes}`);
    }
    const completed = ps.rollback || ps.step === done.stepCount - 1;
    h.db.write(PACTS_TABLE, ps.id, { ...done, completed } as unknown as Value);
    this.crossChainEvents(ps.resume, done);
    return result;
  }

  /** Run the step of a nested pact that matches its parent's step (Pact's applyNestedPact). */
  private applyNestedPact(info: DefpactInfo, args: Value[], ps: StepEnv): Value {
    const h = this.h;
    const parent = h.pactExec;
    if (!parent) throw noPactExec();
    const step = info.steps[ps.step];
    if (!step) throw invalidStep(ps.step, parent.stepCount);
    const stepCount = info.steps.length, hasRollback = step.rollback !== null;
    if (stepCount !== parent.stepCount) {
      throw exec(`Nested defpact execution failed, parameter mismatch: PactId: ${parent.id} step count: ${stepCount} Parent step count: ${parent.stepCount}`);
    }
    if (hasRollback !== parent.stepHasRollback) {
      throw exec(`Nested defpact execution failed, parameter mismatch: defpact id: ${parent.id} Rollback: ${T(hasRollback)} Parent rollback:${T(parent.stepHasRollback)}`);
    }
    const known = parent.nested[ps.id];
    let child: PactExec;
    // Pact's conditions and error names, as they are: an unknown nested pact past step 0 is
    // "double execution", a known one that is not at the previous step "never started"
    if (!known) {
      if (ps.step !== 0) throw exec(`Requested nested defpact double execution: defpact id: ${ps.id}`);
      child = { id: ps.id, step: ps.step, stepCount, stepHasRollback: hasRollback, name: info.name, args, yield: null, nested: {} };
    } else if (ps.step >= 0 && hasRollback && known.step === ps.step) {
      child = { ...known, stepHasRollback: hasRollback };
    } else if (ps.step > 0 && known.step + 1 === ps.step) {
      child = { ...known, step: known.step + 1, stepHasRollback: hasRollback };
    } else {
      throw exec(`Requested nested defpact never started: defpact id: ${ps.id}`);
    }
    h.pactExec = child;
    // a nested step resumes what the nested pact itself yielded last
    const result = this.runStep(step, { ...ps, resume: child.yield }, args);
    const done = h.pactExec;
    if (!done) throw noPactExec();
    this.checkNestedAdvanced(done, ps);
    h.pactExec = { ...parent, nested: { ...parent.nested, [ps.id]: done } };
    return result;
  }

  /** Every nested pact must have advanced to the step just run (Pact's nestedPactsNotAdvanced). */
  private checkNestedAdvanced(e: PactExec, ps: StepEnv): void {
    if (Object.values(e.nested).some(n => n.step !== ps.step)) throw exec(`Nested defpact not advanced ${e.id}`);
  }

  /** The step's body (or its rollback) with `ps` as the step under evaluation. */
  private runStep(s: DefpactStep, ps: StepEnv, args: Value[]): Value {
    const body = ps.rollback ? s.rollback : s.exec;
    if (!body) throw exec(`Step has no rollback: defpact id: ${ps.id}`);
    const saved = this.step;
    this.step = ps;
    try {
      return this.h.vm.runBody(body, args);
    } finally {
      this.step = saved;
    }
  }

  /** `continue-pact` (Pact's REPL continuePact, then resumePact): the pact id defaults to the
   *  transaction's pact, the resumed yield to its yield (a given object keeps its provenance).
   *  `requested` is the step as Pact's Int holds it: a bigint only past 2^53, always out of range. */
  continueStep(requested: number | bigint, rollback: boolean, pactId: string | null, resume: PactObject | null): Value {
    const h = this.h;
    const current = h.pactExec;
    let id: string, data: PactYield | null;
    if (!current) {
      if (pactId === null) throw exec('No defpact id or execution environment supplied');
      id = pactId;
      data = resume ? { data: resume, provenance: null, sourceChain: null } : null;
    } else {
      id = pactId ?? current.id;
      data = resume ? { data: resume, provenance: current.yield?.provenance ?? null, sourceChain: null } : current.yield;
    }
    h.pactExec = null;
    const stored = h.db.read(PACTS_TABLE, id) as unknown as PactExec | undefined;
    if (!stored) throw exec(`No previous defpact execution found for defpact id:  ${id}`);
    if (stored.completed) throw exec(`Requested defpact already completed:  defpact id:${id}`);
    if (stored.id !== id) throw exec(`Requested defpact id: ${id} does not match context defpact id: ${stored.id}`);
    if (typeof requested === 'bigint' || requested < 0 || requested >= stored.stepCount) throw invalidStep(requested, stored.stepCount);
    const step = requested;
    if (rollback && step !== stored.step) {
      throw exec(`Rollback mismatch in DefPactStep and defpact execution environment: defpact id: ${id} step rollback: ${T(rollback)} DefPactExec rollback: ${T(stored.stepHasRollback)}`);
    }
    if (!rollback && step !== stored.step + 1) {
      throw exec(`Step mismatch in DefPactStep and defpact execution environment: defpact id: ${id} step: ${step} DefPactExec step: ${stored.step + 1}`);
    }
    const info = this.defpactNamed(stored.name);
    return this.applyPact(info, stored.args, { id, step, rollback, resume: data ?? stored.yield }, stored.nested);
  }

  natives(): NativeTable {
    const h = this.h;
    return {
      'yield': args => this.yieldData(args, null),
      'yield-to-chain': args => {
        if (typeof args[1] !== 'string') throw argTypeError('yield-to-chain', args);
        return this.yieldData(args, args[1]);
      },
      'resume': args => {
        if (!isCallable(args[0])) throw argTypeError('resume', args);
        const ps = this.step;
        if (!ps) throw exec('No active defpact execution in the environment');
        if (!ps.resume) throw exec(`No yield value found from previous pact step. Current step: ${ps.step} defpact Id: ${ps.id}`);
        this.enforceProvenance(ps.resume);
        return h.vm.call(args[0], [ps.resume.data]);
      },
      'pact-id': () => this.currentExec().id,
      'create-pact-guard': args => {
        if (typeof args[0] !== 'string') throw argTypeError('create-pact-guard', args);
        this.h.warn('Using deprecated native create-pact-guard: Pact guards have been deprecated and will be removed in a future release, please switch to capability guards');
        return new PactGuard(this.currentExec().id, args[0]);
      },
      'create-capability-pact-guard': args => {
        const t = args[0];
        if (!(t instanceof CapToken)) throw argTypeError('create-capability-pact-guard', args);
        return new CapabilityGuard(t.name, t.args, this.currentExec().id);
      },
    };
  }

  /** The pact id pact guards are checked against (null when no pact ran in this transaction). */
  currentId(): string | null {
    return this.h.pactExec?.id ?? null;
  }

  private currentExec(): PactExec {
    const e = this.h.pactExec;
    if (!e) throw notInPact();
    return e;
  }

  /** The module whose code is running (Pact's getCallingModule). */
  private callingModule() {
    const name = this.h.vm.callerModule();
    if (name === null) throw evalError('no module call in stack');
    // getModule: the pseudo-module of a REPL defun is no module
    const m = this.h.module(name);
    if (!m) throw new PactError('exec', `Cannot find module: ${name}`);
    return m;
  }

  private yieldData(args: Value[], target: string | null): Value {
    const obj = args[0];
    if (!(obj instanceof PactObject)) throw argTypeError(target === null ? 'yield' : 'yield-to-chain', args);
    const h = this.h;
    const e = h.pactExec;
    if (!e) throw exec('Try to yield a value outside a running defpact execution');
    if (target === null) {
      h.pactExec = { ...e, yield: { data: obj, provenance: null, sourceChain: null } };
      return obj;
    }
    const sourceChain = h.env.chainData['chain-id'];
    const provenance = { targetChain: target, moduleHash: this.callingModule().hash };
    if (e.stepHasRollback) throw evalError('Cross-chain yield not allowed in step with rollback');
    h.pactExec = { ...e, yield: { data: obj, provenance, sourceChain } };
    return obj;
  }

  /** A cross-chain yield is resumed only on its target chain, by its module or a version that
   *  blesses the yielding one (Pact's enforceYield). */
  private enforceProvenance(y: PactYield): void {
    const p = y.provenance;
    if (!p) return;
    const m = this.callingModule();
    const chain = this.h.env.chainData['chain-id'];
    // the current hash, then the blessed ones as Pact's set orders them (by their bytes)
    const blessed = [...new Set(m.blessed)].sort((a, b) => compareBytes(base64UrlDecode(a), base64UrlDecode(b)));
    const accepted = [m.hash, ...blessed].map(hash => ({ targetChain: chain, moduleHash: hash }));
    if (accepted.some(a => a.targetChain === p.targetChain && a.moduleHash === p.moduleHash)) return;
    throw exec(withPrettyList(`Yield provenance does not match, received ${provenanceText(p)}, expected `, accepted.map(provenanceText)));
  }

  /** `pact.X_RESUME` for a resumed cross-chain yield, `pact.X_YIELD` for one made by the step:
   *  [chain, defpact name, arguments], under the yielding module's hash (Pact's emitXChainEvents). */
  private crossChainEvents(resumed: PactYield | null, e: PactExec): void {
    const h = this.h;
    if (h.env.flags.has('DisablePactEvents') || h.env.flags.has('DisableLangEvents')) return;
    const emit = (name: string, chain: string, hash: string) =>
      h.events.push({ name, params: [chain, e.name, e.args], moduleHash: hash });
    if (resumed?.provenance && resumed.sourceChain !== null) emit('pact.X_RESUME', resumed.sourceChain, resumed.provenance.moduleHash);
    if (e.yield?.provenance) emit('pact.X_YIELD', e.yield.provenance.targetChain, e.yield.provenance.moduleHash);
  }
}

function compareBytes(a: Uint8Array | null, b: Uint8Array | null): number {
  const x = a ?? new Uint8Array(), y = b ?? new Uint8Array();
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

function provenanceText(p: Provenance): string {
  return `(Provenance ${p.targetChain} ${p.moduleHash})`;
}

/** Counts sizeOf DefPactExec{stepCount, yield, step, id, continuation, stepHasRollback, nested}
 *  (gas.md §4): what writing a pact's state after each step costs. */
function countPactExec(e: PactExec): void {
  countExec(e, true);
}

/** DefPactExec, or (without the rollback flag) a NestedDefPactExec; Int fields are 5 bytes. */
function countExec(e: PactExec, top: boolean): void {
  count(1);
  count(5);
  countYield(e.yield);
  count(5);
  countText(e.id);
  // DefPactContinuation{name, args}
  count(1);
  countQualifiedName(e.name);
  countList(e.args);
  if (top) count(1);
  // Map DefPactId NestedDefPactExec: a (id, exec) pair per entry, in the order of the ids
  count(5);
  for (const id of Object.keys(e.nested).sort(compareCodePoints)) {
    count(1);
    countText(id);
    countExec(e.nested[id], false);
  }
}

/** Maybe Yield{data: Map Field PactValue, provenance: Maybe Provenance, source: Maybe ChainId}. */
function countYield(y: PactYield | null): void {
  count(2);
  if (y === null) return;
  count(1);
  countFields(y.data);
  count(2);
  if (y.provenance !== null) {
    // Provenance{targetChain, moduleHash}
    count(1);
    countText(y.provenance.targetChain);
    count(36);
  }
  count(2);
  if (y.sourceChain !== null) countText(y.sourceChain);
}

/** `pact-state`: the defpact execution of the transaction. */
export function pactState(e: PactExec | null): Value {
  if (!e) throw userError('pact-state: no pact exec in context');
  return PactObject.of([['pactId', e.id], ['step', e.step], ['yield', e.yield ? e.yield.data : false]]);
}
