// What the machine needs from the runtime: native implementations, the gas meter, runtime type
// checks, value rendering for error messages, and save/restore of state around `try`.

import type { Closure, Value } from './values.js';
import type { PactType } from './types.js';
import type { BuiltinSpec } from './builtins.js';

/** A native implementation: arguments in, value out (throws PactError on failure). */
export type NativeImpl = (args: Value[]) => Value;

/** What a CHARGE_CONCAT instruction (and per-element native work) is charged for. */
export const enum LiteralCharge {
  /** a list literal of n elements: ListConcat n */
  List = 0,
  /** an object literal of n fields: ObjConcat n */
  Object = 1,
  /** the unconsWork constant (try, enforce-one, each element of map/filter/fold/zip) */
  Uncons = 2,
}

export interface GasHooks {
  /** false until a gas limit is set: then nothing is charged (gas.md §1.2) */
  metered: boolean;
  chargeNative(spec: BuiltinSpec): void;
  /** applying a user closure to k arguments */
  chargeApply(k: number): void;
  /** a list or object literal of n elements, or the unconsWork constant */
  chargeLiteral(kind: LiteralCharge, n: number): void;
}

export interface Host {
  natives: NativeImpl[];
  gas: GasHooks;
  /** runtime type check of a value against an annotation */
  typecheck(v: Value, t: PactType): boolean;
  /** the REPL rendering of a value, for error messages */
  render(v: Value): string;
  /** state put back when `try`/`enforce-one` catch an error (Pact's capability state; the
   *  VM itself unwinds the call stack and restores purity); nothing is put back on success */
  saveState(): unknown;
  restoreState(saved: unknown): void;
  /** the database purity level (`impure`, `read-only`, `sys-only`): try bodies and enforce
   *  conditions run read-only */
  getPurity(): string;
  setPurity(p: string): void;
  /** the purity a `pure` body or (`enforce`) an enforce condition runs at, from purity `p`:
   *  read-only unless sys-only already; an enforce condition sys-only under DisablePact53 */
  narrowPurity(p: string, enforce: boolean): string;
  /** calling a defpact starts a pact execution (its first step runs) */
  startPact(fn: Closure, args: Value[]): Value;
}
