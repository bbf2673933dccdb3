// Per-transaction contract state (language.md §6): the capability stack, installed managed
// capabilities, module admin, capabilities whose defcap body is running, and the purity level.
// Reset by commit-tx / rollback-tx; snapshot() around try / enforce-one, clone() around expect
// and expect-failure (which put all of it back when their expression fails).

import type { CapToken, Value } from '../../vm/values.js';
import type { DefcapInfo } from './capabilities.js';

/** One acquired capability plus the capabilities composed into it. */
export interface CapSlot { token: CapToken; composed: CapToken[] }

/** A slot for a capability just acquired, nothing composed into it yet. */
export function capSlot(token: CapToken): CapSlot {
  // apart, not `{ token, composed: [] }`: unoptimized code copies a nested literal through the runtime
  const composed: CapToken[] = [];
  return { token, composed };
}

export interface ManagedCap {
  /** the installed token, as signed or installed (it is what runs the defcap body) */
  token: CapToken;
  /** @managed PARAM: the amount still available (starts as the installed token's argument) */
  amount: Value | null;
  /** index of the managed parameter, or -1 for auto-managed (one-shot) caps */
  param: number;
  /** auto-managed: already used in this transaction */
  used: boolean;
  /** the defcap it was installed by: its manager function is the one acquiring it runs (Pact's
   *  installCap records the manager's fully qualified name), whichever version acquires it */
  defcap: DefcapInfo;
}

export type Purity = 'impure' | 'read-only' | 'sys-only';

export class ContractState {
  /** acquired capabilities, innermost last; test-capability's stay until the transaction ends */
  capStack: CapSlot[] = [];
  managed = new Map<string, ManagedCap>();
  moduleAdmin = new Set<string>();
  /** tokens whose defcap body is executing (innermost last) */
  evaluating: CapToken[] = [];
  /** true once install-capability ran: unscoped signatures stop counting (§7.2) */
  autonomousInstalls = false;
  purity: Purity = 'impure';

  /** What `try` / `enforce-one` put back when they catch an error: Pact's capability state
   *  (granted slots with what they composed, installed/managed caps with their amounts and
   *  one-shot use, module admin, autonomous installs, defcaps being evaluated). Not events, not
   *  defpact state, not the database. Objects are kept by identity (with-capability releases its
   *  slot by identity, managers update their managed entry) and reset in place. */
  snapshot(): ContractSnapshot {
    return {
      capStack: this.capStack.slice(),
      composedLengths: this.capStack.map(s => s.composed.length),
      managed: [...this.managed].map(([key, cap]) => ({ key, cap, amount: cap.amount, used: cap.used })),
      moduleAdmin: [...this.moduleAdmin],
      evaluating: this.evaluating.slice(),
      autonomousInstalls: this.autonomousInstalls,
    };
  }

  /** A full, independent copy: what expect / expect-failure put back when their expression
   *  fails (Pact restores all of its capability state, managed amounts and one-shot use too). */
  clone(): ContractState {
    // into the new state's own empty collections: every expect makes one, and most states are
    // empty (indexed, and no iterator over an empty collection: unoptimized code allocates one)
    const c = new ContractState();
    for (let i = 0; i < this.capStack.length; i++) {
      const s = this.capStack[i];
      c.capStack.push({ token: s.token, composed: s.composed.slice() });
    }
    if (this.managed.size > 0) for (const [k, m] of this.managed) c.managed.set(k, { ...m });
    if (this.moduleAdmin.size > 0) for (const m of this.moduleAdmin) c.moduleAdmin.add(m);
    for (let i = 0; i < this.evaluating.length; i++) c.evaluating.push(this.evaluating[i]);
    c.autonomousInstalls = this.autonomousInstalls;
    c.purity = this.purity;
    return c;
  }

  restore(s: ContractSnapshot): void {
    this.capStack = s.capStack.slice();
    // composed tokens are only ever appended: drop those composed since the snapshot
    s.capStack.forEach((slot, i) => { if (slot.composed.length > s.composedLengths[i]) slot.composed.length = s.composedLengths[i]; });
    this.managed.clear();
    for (const m of s.managed) {
      m.cap.amount = m.amount;
      m.cap.used = m.used;
      this.managed.set(m.key, m.cap);
    }
    this.moduleAdmin = new Set(s.moduleAdmin);
    this.evaluating = s.evaluating.slice();
    this.autonomousInstalls = s.autonomousInstalls;
  }
}

export interface ContractSnapshot {
  capStack: CapSlot[];
  composedLengths: number[];
  managed: { key: string; cap: ManagedCap; amount: Value | null; used: boolean }[];
  moduleAdmin: string[];
  evaluating: CapToken[];
  autonomousInstalls: boolean;
}

/** Key of a managed capability: its name and arguments, without the managed parameter. */
export function managedKey(token: CapToken, param: number, render: (v: Value) => string): string {
  let key = token.name + '(';
  let first = true;
  for (let i = 0; i < token.args.length; i++) {
    if (i === param) continue;
    key += first ? render(token.args[i]) : ' ' + render(token.args[i]);
    first = false;
  }
  return key + ')';
}
