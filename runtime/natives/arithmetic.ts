// Arithmetic, comparison and boolean operators on integers and decimals (natives.md §1).

import type { Runtime } from '../context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { PactDecimal, PactObject, type Value } from '../../vm/values.js';
import { PactError } from '../../vm/errors.js';
import {
  intAdd, intSub, intMul, intDiv, intMod, intNeg, decAdd, decSub, decMul, decDiv, decNeg, decAbs,
  decFromInt, isInt, type PactInt,
} from '../numbers.js';
import { valueEquals, compareValues, containsCallable } from '../equality.js';
import type { IntOp } from '../gas.js';

type IntFn = (a: PactInt, b: PactInt) => PactInt;
type DecFn = (a: PactDecimal, b: PactDecimal) => PactDecimal;

export function arithmeticNatives(rt: Runtime): NativeTable {
  const gas = rt.gas;

  /** int⊕int → int; any decimal involved → decimal (the integer promoted with 0 places). */
  function numeric(name: string, op: IntOp, intFn: IntFn, decFn: DecFn, a: Value, b: Value, args: Value[]): Value {
    if (isInt(a) && isInt(b)) {
      if (gas.metered) gas.chargeIntOp(op, a, b);
      return intFn(a, b);
    }
    const da = a instanceof PactDecimal ? a : isInt(a) ? decFromInt(a) : null;
    const db = b instanceof PactDecimal ? b : isInt(b) ? decFromInt(b) : null;
    if (!da || !db) throw argTypeError(name, args);
    if (gas.metered) gas.chargeIntOp(op, da.mantissa, db.mantissa);
    return decFn(da, db);
  }

  function compare(name: string, test: (c: number) => boolean) {
    return (args: Value[]): Value => {
      const [a, b] = args;
      const c = compareValues(a, b);
      if (c === undefined) throw argTypeError(name, args);
      return test(c);
    };
  }

  function equality(name: string, args: Value[]): boolean {
    if (containsCallable(args[0]) || containsCallable(args[1])) throw argTypeError(name, args);
    return valueEquals(args[0], args[1]);
  }

  return {
    '+': args => {
      const [a, b] = args;
      if (typeof a === 'string' && typeof b === 'string') return a + b;
      if (Array.isArray(a) && Array.isArray(b)) return a.concat(b);
      if (a instanceof PactObject && b instanceof PactObject) {
        const m = new Map(b.fields);
        for (const [k, v] of a.fields) m.set(k, v); // left-biased union
        return new PactObject(m);
      }
      return numeric('+', 'PrimOpAdd', intAdd, decAdd, a, b, args);
    },
    '-': args => numeric('-', 'PrimOpSub', intSub, decSub, args[0], args[1], args),
    '*': args => numeric('*', 'PrimOpMul', intMul, decMul, args[0], args[1], args),
    '/': args => {
      const [a, b] = args;
      if (isInt(a) && isInt(b)) {
        if (b === 0) throw new PactError('exec', 'Arithmetic exception: div by zero');
        return numeric('/', 'PrimOpDiv', intDiv, decDiv, a, b, args);
      }
      if ((b instanceof PactDecimal && b.mantissa === 0n) || (b === 0 && a instanceof PactDecimal)) {
        throw new PactError('exec', 'Arithmetic exception: div by zero, decimal');
      }
      return numeric('/', 'PrimOpDiv', intDiv, decDiv, a, b, args);
    },
    'mod': args => {
      const [a, b] = args;
      if (!isInt(a) || !isInt(b)) throw argTypeError('mod', args);
      if (b === 0) throw new PactError('exec', 'Arithmetic exception: divide by zero');
      return intMod(a, b);
    },
    'negate': args => {
      const a = args[0];
      if (isInt(a)) return intNeg(a);
      if (a instanceof PactDecimal) return decNeg(a);
      throw argTypeError('negate', args);
    },
    'abs': args => {
      const a = args[0];
      if (isInt(a)) return a < 0 ? intNeg(a) : a;
      if (a instanceof PactDecimal) return decAbs(a);
      throw argTypeError('abs', args);
    },
    'dec': args => {
      if (!isInt(args[0])) throw argTypeError('dec', args);
      return decFromInt(args[0]);
    },
    '=': args => equality('=', args),
    '!=': args => !equality('!=', args),
    '<': compare('<', c => c < 0),
    '<=': compare('<=', c => c <= 0),
    '>': compare('>', c => c > 0),
    '>=': compare('>=', c => c >= 0),
    'not': args => {
      if (typeof args[0] !== 'boolean') throw argTypeError('not', args);
      return !args[0];
    },
  };
}
