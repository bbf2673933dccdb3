// String natives (natives.md §2): str-to-list, concat, ...

import type { Runtime } from '../context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import type { Value } from '../../vm/values.js';

export function stringNatives(rt: Runtime): NativeTable {
  const gas = rt.gas;
  return {
    'str-to-list': args => {
      const s = args[0];
      if (typeof s !== 'string') throw argTypeError('str-to-list', args);
      const chars = Array.from(s);
      if (gas.metered) gas.charge(100 * chars.length + 1, `GStrOp (StrOpExplode ${chars.length})`);
      return chars;
    },
    'concat': args => {
      const xs = args[0];
      if (!Array.isArray(xs) || !xs.every(x => typeof x === 'string')) throw argTypeError('concat', args);
      if (xs.length > 0 && gas.metered) {
        const chars = (xs as string[]).reduce((n, x) => n + Array.from(x).length, 0);
        gas.charge(chars * 100 + xs.length * 40, `GConcat (TextListConcat (GasTextLength ${chars}) (GasListLength ${xs.length}))`);
      }
      return (xs as string[]).join('') as Value;
    },
  };
}
