// Shared error builders for natives (natives.md §0.4).

import { PactError } from '../../vm/errors.js';
import { kindOf, type Value } from '../../vm/values.js';
import { expectedBool, isFunctionValue, notAValue } from '../../vm/run-errors.js';
import { pretty } from '../values/render.js';

const RENDERER = { render: pretty };

/** The value that applied Pact code returned where a Pact value is needed (map's, fold's, bind's,
 *  with-read's, fold-db's, compose's functions): a function is none (Pact's enforcePactValue). */
export function valueResult(v: Value): Value {
  if (isFunctionValue(v)) throw notAValue();
  return v;
}

/** The boolean that applied Pact code returned (filter's, where's or select's function, a keyset
 *  predicate, a namespace manager): anything else fails as Pact's enforceBool does. */
export function boolResult(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  throw expectedBool(RENDERER, v);
}

/** A list argument read as strings (Pact's `traverse (asString info b)`): the strings, or the
 *  native's type error naming the argument when it is no list, else the first element that is
 *  no string (asString reports that one element, not the list). */
export function stringsArgument(name: string, args: Value[], i = 0): string[] {
  const list = args[i];
  if (!Array.isArray(list)) throw argTypeError(name, args);
  for (const x of list) if (typeof x !== 'string') throw argTypeError(name, [x]);
  return list as string[];
}

/** `Type error: failed to call native function <name> with argument(s) of type(s): <kinds>` */
export function argTypeError(name: string, args: Value[]): PactError {
  return new PactError('exec',
    `Type error: failed to call native function ${name} with argument(s) of type(s): ${args.map(kindOf).join(', ')}`);
}
