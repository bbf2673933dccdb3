// Shared error builders for natives (natives.md §0.4).

import { PactError } from '../../vm/errors.js';
import { kindOf, type Value } from '../../vm/values.js';

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
