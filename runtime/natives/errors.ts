// Shared error builders for natives (natives.md §0.4).

import { PactError } from '../../vm/errors.js';
import { kindOf, type Value } from '../../vm/values.js';

/** `Type error: failed to call native function <name> with argument(s) of type(s): <kinds>` */
export function argTypeError(name: string, args: Value[]): PactError {
  return new PactError('exec',
    `Type error: failed to call native function ${name} with argument(s) of type(s): ${args.map(kindOf).join(', ')}`);
}
