// The typechecker's errors (Pact's TypecheckError): what went wrong and where, with the types
// already rendered as text at the moment of failure.

import type { SpanInfo } from '../pact-ir/terms.js';

/** A source location: the file the definition came from and Pact's line/column span. */
export interface Loc { file: string; span: SpanInfo | null }

export type TypecheckProblem =
  | { e: 'unification'; l: string; li: Loc; r: string; ri: Loc }
  | { e: 'rowUnification'; l: string; li: Loc; r: string; ri: Loc }
  | { e: 'unboundTypeVariable'; name: string; ty: string; at: Loc }
  | { e: 'unboundTermVariable'; name: string; at: Loc }
  | { e: 'unboundFreeVariable'; fqn: string; at: Loc }
  | { e: 'defconstNotEvaluated'; fqn: string; at: Loc }
  | { e: 'userGuardMustBeApp'; term: string; at: Loc }
  | { e: 'lacksInterfaces'; module: string; missing: string[]; at: Loc }
  | { e: 'expectedKind'; expected: string; actual: string; at: Loc }
  | { e: 'infiniteType'; l: string; li: Loc; r: string }
  | { e: 'disallowedGeneric'; ty: string; at: Loc }
  | { e: 'boundVariable'; name: string; at: Loc }
  /** each constraint: Pact's message for it and where it arose */
  | { e: 'constraints'; preds: { text: string; at: Loc }[]; at: Loc }
  | { e: 'rowOp'; op: string; at: Loc }
  | { e: 'needsAnnotation'; arg: string; at: Loc }
  | { e: 'managerFun'; l: string; li: Loc; r: string; ri: Loc }
  | { e: 'dynamicInvoke'; ref: string; fn: string; interfaces: string[]; at: Loc }
  | { e: 'notModRef'; ty: string; at: Loc }
  | { e: 'unsupportedType'; ty: string; at: Loc }
  | { e: 'stepOutOfBounds'; fqn: string; step: number; at: Loc }
  /** a construct this typechecker does not check (never reported as success) */
  | { e: 'notSupported'; what: string; at: Loc };

export class TypecheckError extends Error {
  constructor(readonly problem: TypecheckProblem) {
    super(`typecheck: ${problem.e}`);
  }
}

export function tcFail(problem: TypecheckProblem): never {
  throw new TypecheckError(problem);
}
