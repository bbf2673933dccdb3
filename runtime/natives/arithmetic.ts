// Arithmetic, comparison, boolean, bitwise and rounding operators on integers and decimals
// (natives.md §1). Integers stay JS numbers while they are safe; BigInt only beyond 2^53.

import type { Runtime } from './context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { PactDecimal, PactObject, type Value } from '../../vm/values.js';
import { PactError, execError } from '../../vm/errors.js';
import {
  intAdd, intSub, intMul, intDiv, intMod, intNeg, decAdd, decSub, decMul, decDiv, decNeg, decAbs,
  decFromInt, decRoundTo, decToInt, isInt, normInt, toBig, bitLength, type PactInt, type RoundMode,
} from '../values/numbers.js';
import { intAnd, intOr, intXor, intShift } from '../values/int-bits.js';
import type { IntOp } from '../gas/meter.js';
import { GasCharges, textLength } from '../gas/charges.js';
import { equalsGassed, compareGassed } from './compare.js';
import { containsCallable } from '../values/equality.js';
import { decimalToFloat, floatToDecimal, transPow } from '../values/mpfr.js';
import { MAX_INTEGER_BITS, MAX_LIST_LENGTH, MAX_STRING_LENGTH, checkedInteger, integerTooLarge, listTooLarge, stringTooLarge } from '../../vm/limits.js';

type IntFn = (a: PactInt, b: PactInt) => PactInt;
type DecFn = (a: PactDecimal, b: PactDecimal) => PactDecimal;

/** `Floating point error: ...` for NaN and infinite transcendental results. */
export function nanOrInfError(): PactError {
  return execError('Floating point error: Floating operation resulted in Infinity or NaN');
}

/** ⌈d⌉ of a decimal, as the integer gas formulas take it. */
export function decCeiling(d: PactDecimal): PactInt {
  return decToInt(d, 'ceiling');
}

export function arithmeticNatives(rt: Runtime): NativeTable {
  const g = new GasCharges(rt.gas);

  /** int⊕int → int; any decimal involved → decimal (the integer promoted with 0 places). */
  function numeric(name: string, op: IntOp, intFn: IntFn, decFn: DecFn, args: Value[]): Value {
    const a = args[0], b = args[1];
    if (isInt(a) && isInt(b)) {
      if (!g.metered) return intFn(a, b);
      g.intOp(op, a, b);
      const r = intFn(a, b);
      if (typeof r === 'bigint' && op === 'PrimOpMul') g.intProduct(a, b, r);
      return r;
    }
    const da = a instanceof PactDecimal ? a : isInt(a) ? decFromInt(a) : null;
    const db = b instanceof PactDecimal ? b : isInt(b) ? decFromInt(b) : null;
    if (!da || !db) throw argTypeError(name, args);
    if (g.metered) g.intOp(op, da.mantissa, db.mantissa);
    return decFn(da, db);
  }

  function compare(name: string, test: (c: number) => boolean) {
    return (args: Value[]): Value => {
      const c = compareGassed(g, args[0], args[1]);
      if (c === undefined) throw argTypeError(name, args);
      return test(c);
    };
  }

  function equality(name: string, args: Value[]): boolean {
    if (containsCallable(args[0]) || containsCallable(args[1])) throw argTypeError(name, args);
    return equalsGassed(g, args[0], args[1]);
  }

  function bitwise(name: string, op: (a: PactInt, b: PactInt) => PactInt) {
    return (args: Value[]): Value => {
      const a = args[0], b = args[1];
      if (!isInt(a) || !isInt(b)) throw argTypeError(name, args);
      return op(a, b);
    };
  }

  function rounding(name: string, mode: RoundMode) {
    return (args: Value[]): Value => {
      const d = args[0];
      if (!(d instanceof PactDecimal)) throw argTypeError(name, args);
      return decToInt(d, mode);
    };
  }

  function roundingPrec(name: string, mode: RoundMode) {
    return (args: Value[]): Value => {
      const d = args[0], p = args[1];
      if (!(d instanceof PactDecimal) || !isInt(p)) throw argTypeError(name, args);
      // the precision becomes a Word8: negative values and values past 255 wrap around
      const places = Number(BigInt.asUintN(8, toBig(p)));
      return decRoundTo(d, places, mode);
    };
  }

  return {
    '+': args => {
      const a = args[0], b = args[1];
      if (typeof a === 'string' && typeof b === 'string') {
        if (g.metered) g.textConcat(textLength(a) + textLength(b));
        if (a.length + b.length > MAX_STRING_LENGTH) throw stringTooLarge();
        return a + b;
      }
      if (Array.isArray(a) && Array.isArray(b)) {
        if (g.metered) g.listConcat(a.length + b.length);
        if (a.length + b.length > MAX_LIST_LENGTH) throw listTooLarge(a.length + b.length);
        return a.concat(b);
      }
      if (a instanceof PactObject && b instanceof PactObject) {
        if (g.metered) g.objConcat(a.size + b.size);
        const m = new Map(b.fields);
        for (const [k, v] of a.fields) m.set(k, v); // left-biased union
        return new PactObject(m);
      }
      return numeric('+', 'PrimOpAdd', intAdd, decAdd, args);
    },
    '-': args => numeric('-', 'PrimOpSub', intSub, decSub, args),
    '*': args => numeric('*', 'PrimOpMul', intMul, decMul, args),
    '/': args => {
      const a = args[0], b = args[1];
      if (isInt(a) && isInt(b)) {
        if (b === 0) throw execError('Arithmetic exception: div by zero');
        return numeric('/', 'PrimOpDiv', intDiv, decDiv, args);
      }
      const bz = b instanceof PactDecimal ? b.mantissa === 0n : b === 0;
      if (bz && (a instanceof PactDecimal || isInt(a)) && (b instanceof PactDecimal || isInt(b))) {
        throw execError('Arithmetic exception: div by zero, decimal');
      }
      return numeric('/', 'PrimOpDiv', intDiv, decDiv, args);
    },
    'mod': args => {
      const a = args[0], b = args[1];
      if (!isInt(a) || !isInt(b)) throw argTypeError('mod', args);
      if (b === 0) throw execError('Arithmetic exception: divide by zero');
      return intMod(a, b);
    },
    '^': args => {
      const a = args[0], b = args[1];
      if (isInt(a) && isInt(b)) {
        if (g.metered) g.intOp('PrimOpPow', a, b);
        if (b < 0) throw execError('Arithmetic exception: negative exponent in integer power');
        if (b === 0) return 1;
        if (a === 1 || a === 0) return a;
        if (a === -1) return intMod(b, 2) === 0 ? 1 : -1;
        // |a| >= 2: the result has at least (bits(a) - 1) * b + 1 bits; refuse before computing it
        if (b > MAX_INTEGER_BITS || (bitLength(a) - 1) * Number(b) >= MAX_INTEGER_BITS) throw integerTooLarge();
        return checkedInteger(normInt(toBig(a) ** toBig(b)));
      }
      const base = a instanceof PactDecimal ? a : isInt(a) ? decFromInt(a) : null;
      const pow = b instanceof PactDecimal ? b : isInt(b) ? decFromInt(b) : null;
      if (!base || !pow) throw argTypeError('^', args);
      if (base.mantissa === 0n && pow.mantissa < 0n) {
        throw execError('Floating point error: zero to a negative power is undefined');
      }
      if (g.metered) g.intOp('PrimOpPow', decCeiling(base), decCeiling(pow));
      const r = transPow(decimalToFloat(base), decimalToFloat(pow));
      if (r === 'nan' || r === 'inf') throw nanOrInfError();
      return floatToDecimal(r);
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
    'round': rounding('round', 'round'),
    'ceiling': rounding('ceiling', 'ceiling'),
    'floor': rounding('floor', 'floor'),
    'round-prec': roundingPrec('round-prec', 'round'),
    'ceiling-prec': roundingPrec('ceiling-prec', 'ceiling'),
    'floor-prec': roundingPrec('floor-prec', 'floor'),
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
    '&': bitwise('&', intAnd),
    '|': bitwise('|', intOr),
    'xor': bitwise('xor', intXor),
    '~': args => {
      const a = args[0];
      if (!isInt(a)) throw argTypeError('~', args);
      return intSub(intNeg(a), 1);
    },
    'shift': args => {
      const a = args[0], b = args[1];
      if (!isInt(a) || !isInt(b)) throw argTypeError('shift', args);
      if (g.metered) g.intOp('PrimOpShift', a, b);
      return intShift(a, b);
    },
  };
}
