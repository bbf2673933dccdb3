// The errors the machine and tiered code raise for values of the wrong kind: a non-boolean
// condition, a function where a value belongs, a failed runtime type check, a partial application.

import { Closure, NativeFn, Partial, kindOf, type Value } from './values.js';
import { BUILTINS } from './builtins.js';
import { PactError, execError } from './errors.js';
import type { Host } from './host.js';
import type { PactType } from './types.js';
import { showType } from './types.js';

/** `if`, `and`, `or`, `enforce` and `enforce-one` need booleans; a function there is no Pact
 *  value at all (Pact's enforceBool). */
export function expectedBool(host: Pick<Host, 'render'>, v: Value): PactError {
  return isFunctionValue(v) ? notAValue() : execError(`expected bool value, got ${host.render(v)}`);
}

/** `error` and `enforce`'s message need a string (Pact's enforceString). */
export function expectedString(host: Pick<Host, 'render'>, v: Value): PactError {
  return isFunctionValue(v) ? notAValue() : execError(`expected string value, got: ${host.render(v)}`);
}

export function isFunctionValue(v: Value): boolean {
  return typeof v === 'object' && (v instanceof Closure || v instanceof NativeFn || v instanceof Partial);
}

export function notAValue(): PactError {
  return execError('Expected Pact Value, got closure or table reference');
}

export function typecheckFailure(v: Value, t: PactType): PactError {
  return execError(`Runtime typecheck failure, argument is ${kindOf(v)} , but expected type ${showType(t)}`);
}

export function partialInSequence(p: Partial): PactError {
  const f = p.fn;
  const supplied = p.args.length;
  if (f instanceof NativeFn) {
    const spec = BUILTINS[f.id];
    return execError(`Incorrect number of arguments (${supplied}) for native function ${spec.surface} supplied; expected (${spec.arity})`);
  }
  const proto = f.proto;
  const what = proto.kind === 'lambda' ? 'lambda' : `function ${proto.fullyQualifiedName}`;
  return execError(`Incorrect number of arguments (${supplied}) for ${what} supplied; expected (${proto.arity})`);
}

