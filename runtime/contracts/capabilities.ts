// Capabilities (language.md §6): acquiring them with with-capability (unmanaged, @event,
// auto-managed one-shot, @managed with a manager function), require/compose/install, events.

import type { DefcapMeta } from '../../compiler/index.js';
import { CapToken, Closure, UNIT, type Value } from '../../vm/values.js';
import { PactError, userError } from '../../vm/errors.js';
import { valueEquals } from '../values/equality.js';
import { isFunctionValue, notAValue } from '../../vm/run-errors.js';
import { argTypeError } from '../natives/errors.js';
import { capTokenText } from '../values/render.js';
import { capSlot, managedKey, type CapSlot, type ManagedCap } from './state.js';
import type { ContractHost } from './host.js';
import { invariantFailure as invariant } from './module-members.js';


/** Pact's CapNotInstalled is an execution error: `try` does not catch it. */
function notInstalled(token: CapToken): PactError {
  return new PactError('exec', `Managed capability not installed: ${tokenText(token)}`);
}

/** A defcap's metadata, as the compiler reads it (compiler/module.ts). */
export type { DefcapMeta };

/** A defcap as the runtime needs it: its body, meta and module. */
export interface DefcapInfo {
  /** qualified name without hash, e.g. `coin.TRANSFER` */
  name: string;
  module: string;
  closure: Closure;
  meta: DefcapMeta;
  /** the members of the module version it belongs to: a manager function of the same module is
   *  that version's (Pact's DefManagedMeta holds the manager's fully qualified name) */
  members: ReadonlyMap<string, { value?: Value }>;
}

/** A managed capability as installed by `defcap`: its full amount available, or not yet used
 *  (one-shot). */
function newManaged(token: CapToken, param: number, defcap: DefcapInfo): ManagedCap {
  return { token, param, used: false, amount: param >= 0 ? token.args[param] : null, defcap };
}

/** The managed capability installed under `token`'s key, else one installed now from a signature
 *  scoped to it (a signature installs it: the signed token for @managed, `token` for one-shot).
 *  The key leaves the managed parameter out, so what an upgraded defcap of the other kind finds is
 *  refused, as Pact's evalUserManagedCap and evalAutomanagedCap refuse it. */
function installedFor(h: ContractHost, info: DefcapInfo, token: CapToken, param: number): ManagedCap {
  const key = managedKey(token, param, h.render);
  let m = h.caps.managed.get(key);
  if (!m) {
    const signed = signedFor(h, token, param);
    if (signed) {
      m = newManaged(param < 0 ? token : signed, param, info);
      h.caps.managed.set(key, m);
    }
  }
  if (!m) throw notInstalled(token);
  if ((m.param >= 0) !== (param >= 0)) {
    throw invariant(`Invalid managed cap kind ${param >= 0 ? 'expected user managed, received automanaged' : 'expected automanaged, received user managed'}`);
  }
  return m;
}

export function tokenText(t: CapToken): string {
  return `(${capTokenText(t)})`;
}

/**
 * The defcap a token names. Pact looks it up by the token's fully qualified name, hash included
 * (Utils.hs getDefCap over the "all loaded" map): a token built by code of an older version of
 * the module (a dependent module still calling what it was deployed against) runs that version's
 * defcap, not the current one.
 */
export function defcapOf(h: ContractHost, token: CapToken): DefcapInfo {
  const dot = token.name.lastIndexOf('.');
  const current = h.module(token.name.slice(0, dot));
  const older = current && token.moduleHash !== null && token.moduleHash !== current.hash
    ? h.moduleVersion(token.moduleHash) : undefined;
  const mod = older !== undefined && older.name === current?.name ? older : current;
  const info = mod?.defcaps.get(token.name.slice(dot + 1));
  // Pact's getDefCap finds no definition under the token's fully qualified name (its module was
  // rolled back away): the invariant names it with the hash the token carries
  if (!info) throw invariant(`Unbound free variable ${token.name}.{${token.moduleHash ?? ''}}`);
  return info;
}

/** Is the exact token acquired or composed anywhere on the stack? */
export function inScope(h: ContractHost, token: CapToken): boolean {
  return slotsHold(h.caps.capStack, token);
}

function slotsHold(slots: CapSlot[], token: CapToken): boolean {
  // indexed: every capability check walks the stack, and a for…of allocates as it goes when cold
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    if (valueEquals(s.token, token)) return true;
    for (let j = 0; j < s.composed.length; j++) if (valueEquals(s.composed[j], token)) return true;
  }
  return false;
}

/** Every token in scope: acquired, composed, or granted by test-capability. */
export function tokensInScope(h: ContractHost): CapToken[] {
  return h.caps.capStack.flatMap(s => [s.token, ...s.composed]);
}

/**
 * `test-capability` (repl.md §3.7; Repl/Runtime/ReplBuiltin.hs testCapability, Evaluator.hs evalCap
 * with TestCapEval). An unmanaged capability is acquired and its slot is never popped: it stays on
 * the stack until the transaction ends. Any other is installed first (an @event capability cannot
 * be, nor one installed already), then, unless in scope, its body runs once with no manager and no
 * event, and it is not kept: an auto-managed one is used up by it.
 */
export function testCapability(h: ContractHost, token: Value): Value {
  if (!(token instanceof CapToken)) throw argTypeError('test-capability', [token]);
  const info = defcapOf(h, token);
  const meta = info.meta;
  if (meta.kind === 'unmanaged') {
    if (!inScope(h, token)) h.caps.capStack.push(acquire(h, info, token));
    return UNIT;
  }
  const m = install(h, info, token);
  if (inScope(h, token)) return UNIT;
  if (m.param < 0) m.used = true; // evalAutomanagedCap marks it used before the body runs
  else managerOf(h, info); // evalUserManagedCap looks the manager up even here, where it never runs
  runDefcapBody(h, info, token, capSlot(m.token), m.token);
  return UNIT;
}

/** Module admin is needed to use a module's capabilities from outside it (§6.2 step 3). */
export function checkCallerModule(h: ContractHost, module: string): void {
  if (h.vm.callerModule() === module || h.caps.moduleAdmin.has(module)) return;
  throw new PactError('exec', `Module admin necessary for operation but has not been acquired:${module}`);
}

/** compose-capability's test: Pact's top stack frame is a defcap (enforceStackTopIsDefcap). */
function inDefcapBody(h: ContractHost): boolean {
  return h.vm.innermostFunction()?.kind === 'defcap';
}

/** `(with-capability CAP body)`: acquire, run body, release. */
export function withCapability(h: ContractHost, token: Value, body: Value): Value {
  if (h.vm.withinDefcap()) throw new PactError('exec', 'Form illegal within defcap with-capability');
  if (!(token instanceof CapToken)) {
    throw isFunctionValue(token) ? notAValue() : new PactError('exec', `expected capability token value, got: ${h.render(token)}`);
  }
  // Pact's order: module admin (guardForModuleCall), then a capability in scope just runs the
  // body (evalCap), and only then is the defcap looked up
  checkCallerModule(h, token.name.slice(0, token.name.lastIndexOf('.')));
  if (inScope(h, token)) return h.vm.call(body, []);
  h.caps.capStack.push(acquire(h, defcapOf(h, token), token));
  const result = h.vm.call(body, []);
  // Pact pops the top slot (popCap's safeTail), whichever it is: the stack may have been put back
  // by expect-failure as a copy, or have a test-capability slot on top. On an error nothing is
  // popped: whoever catches it (try, expect-failure) puts its own state back.
  h.caps.capStack.pop();
  return result;
}

/** Acquire a capability: managed bookkeeping, run the defcap body, emit its event. Returns the
 *  slot to push for the duration of the body (with-capability) or to compose (compose-capability). */
function acquire(h: ContractHost, info: DefcapInfo, token: CapToken): CapSlot {
  const meta = info.meta;
  switch (meta.kind) {
    case 'unmanaged': {
      const slot = capSlot(token);
      runDefcapBody(h, info, token, slot);
      return slot;
    }
    case 'event': {
      const slot = capSlot(token);
      runDefcapBody(h, info, token, slot);
      emit(h, info, token);
      return slot;
    }
    case 'auto': {
      const m = installedFor(h, info, token, -1);
      if (m.used) throw userError('One-shot managed capability used more than once');
      const slot = capSlot(token);
      runDefcapBody(h, info, token, slot);
      m.used = true;
      emit(h, info, token);
      return slot;
    }
    case 'managed': {
      const m = installedFor(h, info, token, meta.param);
      // the manager is looked up first (Pact's getDefun), the one of the defcap that installed it
      const manager = managerOf(h, m.defcap);
      // the body runs with the requested arguments; the installed (signed) token is what is in
      // scope meanwhile, so signatures scoped to it count
      const slot = capSlot(m.token);
      runDefcapBody(h, info, token, slot, m.token);
      const requested = token.args[meta.param];
      m.amount = h.vm.call(manager, [m.amount ?? m.token.args[meta.param], requested]);
      emit(h, info, token);
      return { token, composed: slot.composed };
    }
  }
}

/** A managed defcap's manager function: of the defcap's own module version when it is in the
 *  same module, else the current definition. One that is no defun (a constant, allowed under
 *  DisablePact51) fails Pact's getDefun invariant, named by its fully qualified name. */
function managerOf(h: ContractHost, info: DefcapInfo): Closure {
  const name = (info.meta as Extract<DefcapMeta, { kind: 'managed' }>).manager;
  const member = name.slice(info.module.length + 1);
  const own = name.startsWith(`${info.module}.`) && !member.includes('.');
  const v = own ? info.members.get(member)?.value : h.lookupDefun(name);
  if (v instanceof Closure && v.proto.kind === 'defun') return v;
  const hash = own ? info.closure.proto.moduleHash : h.module(name.slice(0, name.lastIndexOf('.')))?.hash;
  throw invariant(`Expected a defun for free variable ${name}.{${hash ?? ''}}`);
}

/** Run the defcap body with `token`'s arguments, `scope` (by default the token itself) marked as
 *  being evaluated so that signatures scoped to it count. */
function runDefcapBody(h: ContractHost, info: DefcapInfo, token: CapToken, slot: CapSlot, scope: CapToken = token): void {
  h.caps.evaluating.push(scope);
  // the slot is on the stack only while the body runs; a body cannot acquire (with-capability is
  // refused there), and what it composes nests inside and is popped before this returns
  const stack = h.caps.capStack, depth = stack.length;
  stack.push(slot);
  try {
    h.vm.runBody(info.closure, token.args);
  } finally {
    h.caps.evaluating.pop();
    h.caps.capStack = stack; // a `try` in the body may have put back a copy of its own
    stack.length = depth;
  }
}

/** A signature scoped to this capability (same name and non-managed arguments). */
function signedFor(h: ContractHost, token: CapToken, param: number): CapToken | undefined {
  for (const caps of h.env.signers.values()) {
    for (const c of caps) {
      if (c.name !== token.name || c.args.length !== token.args.length) continue;
      if (c.args.every((a, i) => i === param || valueEquals(a, token.args[i]))) return c;
    }
  }
  return undefined;
}

function emit(h: ContractHost, info: DefcapInfo, token: CapToken): void {
  if (h.env.flags.has('DisablePactEvents') || h.env.flags.has('DisableLangEvents')) return;
  // the hash of the module version that built the token; legacy events use the current hash
  const current = h.module(info.module)?.hash ?? '';
  const hash = h.env.flags.has('EnableLegacyEventHashes') ? current : (token.moduleHash ?? current);
  h.events.push({ name: token.name, params: token.args, moduleHash: hash });
}

export function requireCapability(h: ContractHost, token: Value): Value {
  if (!(token instanceof CapToken)) throw argTypeError('require-capability', [token]);
  if (h.gas.metered) {
    // CapOpRequire: 100 mG per capability on the stack, acquired or composed (gas.md §3.4)
    const k = h.caps.capStack.reduce((n, s) => n + 1 + s.composed.length, 0); // test-capability's slots too
    h.gas.charge(100 * k, `GCapOp (CapOpRequire ${k})`);
  }
  if (!inScope(h, token)) throw userError(() => `require-capability: not granted: ${tokenText(token)}`);
  return true;
}

export function composeCapability(h: ContractHost, token: Value): Value {
  // these natives take a capability token, so another argument is a native type error first
  if (!(token instanceof CapToken)) throw argTypeError('compose-capability', [token]);
  if (!inDefcapBody(h)) {
    throw new PactError('exec', 'native execution failure, compose-capability failed with message: native must be called within a defcap body');
  }
  if (inScope(h, token)) return true;
  const info = defcapOf(h, token);
  const slot = acquire(h, info, token);
  const top = h.caps.capStack[h.caps.capStack.length - 1];
  if (top) top.composed.push(slot.token, ...slot.composed);
  return true;
}

export function installCapability(h: ContractHost, token: Value): Value {
  if (!(token instanceof CapToken)) throw argTypeError('install-capability', [token]);
  if (h.vm.withinDefcap()) throw new PactError('exec', 'Form illegal within defcap install-capability');
  install(h, defcapOf(h, token), token, true);
  h.caps.autonomousInstalls = true;
  return 'Installed capability';
}

/** Evaluator.hs installCap: a managed or auto-managed capability, not installed yet (nor, when
 *  `autonomous`, granted by a signature already). */
function install(h: ContractHost, info: DefcapInfo, token: CapToken, autonomous = false): ManagedCap {
  const meta = info.meta;
  if (meta.kind !== 'auto' && meta.kind !== 'managed') {
    throw new PactError('exec', `Install capability error: capability is not managed and cannot be installed: ${token.name}`);
  }
  const param = meta.kind === 'managed' ? meta.param : -1;
  const key = managedKey(token, param, h.render);
  if (h.caps.managed.has(key) || (autonomous && param >= 0 && signedFor(h, token, param))) {
    throw new PactError('exec', `Capability already installed: ${tokenText(token)}`);
  }
  const m = newManaged(token, param, info);
  h.caps.managed.set(key, m);
  return m;
}

export function emitEvent(h: ContractHost, token: Value): Value {
  if (!(token instanceof CapToken)) throw argTypeError('emit-event', [token]);
  const info = defcapOf(h, token);
  // Pact checks module admin (or a call from the module itself) before looking at the defcap
  checkCallerModule(h, info.module);
  if (info.meta.kind === 'unmanaged') {
    // named by the token's own fully qualified name, the version that built it
    throw new PactError('exec', `Invalid event capability ${token.name}.{${token.moduleHash ?? h.module(info.module)?.hash ?? ''}}`);
  }
  // Runtime/Utils.hs emitEvent: the calling module is named, or the event's outside any module
  const caller = h.vm.callerModule();
  if (caller !== info.module) throw new PactError('exec', `Emitted event does not match module: ${caller ?? info.module}`);
  emit(h, info, token);
  return true;
}

/** Run a capability's checks without keeping it (module governance): acquire, then drop. */
export function evaluateCapability(h: ContractHost, token: CapToken): void {
  acquire(h, defcapOf(h, token), token);
}
