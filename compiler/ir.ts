// The core IR: special forms are lowered, names are classified. The resolver then assigns
// locals to frame slots and captures; the emitter turns it into bytecode.

import type { Span } from '../vm/source.js';
import type { Value } from '../vm/values.js';
import type { BuiltinSpec } from '../vm/builtins.js';
import type { GlobalCell } from '../vm/chunk.js';
import type { PactType } from '../vm/types.js';
import type { CoverageCollector } from '../vm/coverage.js';

export type Expr =
  | { k: 'const'; value: Value; span: Span }
  /** a lambda/let-bound variable; `slot`/`capture` filled in by the resolver */
  | { k: 'local'; name: string; span: Span; binder: Binder }
  | { k: 'global'; cell: GlobalCell; span: Span }
  | { k: 'native'; spec: BuiltinSpec; span: Span }
  | { k: 'app'; fn: Expr; args: Expr[]; span: Span }
  /** a saturated native call (head resolved to a native with the matching arity) */
  | { k: 'call-native'; spec: BuiltinSpec; args: Expr[]; span: Span }
  | { k: 'lambda'; fn: FunctionIR; span: Span }
  | { k: 'let'; binder: Binder; value: Expr; body: Expr; span: Span }
  | { k: 'if'; cond: Expr; then: Expr; else: Expr; span: Span }
  | { k: 'and' | 'or'; left: Expr; right: Expr; span: Span }
  | { k: 'seq'; exprs: Expr[]; span: Span }
  | { k: 'list'; items: Expr[]; span: Span }
  | { k: 'object'; keys: string[]; values: Expr[]; span: Span }
  | { k: 'enforce'; cond: Expr; msg: Expr; span: Span }
  | { k: 'enforce-one'; msg: Expr; conds: Expr[]; span: Span }
  | { k: 'try'; fallback: Expr; body: Expr; span: Span }
  | { k: 'error'; msg: Expr; span: Span }
  /** an execution error raised when reached: a form Pact accepts but cannot run */
  | { k: 'fail'; message: string; span: Span }
  /** `(pure e)`: e runs with a read-only database */
  | { k: 'pure'; body: Expr; span: Span };

/** A variable binding site; the resolver assigns its frame slot. */
export interface Binder {
  name: string;
  type: PactType | null;
  span: Span;
  fn: FunctionIR;
  slot: number;
}

export type FunctionKind = 'lambda' | 'defun' | 'defcap' | 'defpact' | 'toplevel';

export interface FunctionIR {
  name: string;
  kind: FunctionKind;
  params: Binder[];
  body: Expr;
  returnType: PactType | null;
  /** a Pact nullary lambda (`(lambda () …)`, `suspend`, an expect thunk, cond's body): applying
   *  it fails unless its result is a Pact value (Pact's enforcePactValue' on a NullaryClosure) */
  valueResult?: boolean;
  span: Span;
  parent: FunctionIR | null;
  /** slots used (params first, then let binders) */
  nlocals: number;
  /** outer binders this function captures, in capture-index order */
  captures: Binder[];
  /** with coverage on: where the emitted function registers its probes (module code only) */
  coverage?: CoverageCollector;
}
