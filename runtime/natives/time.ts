// Time natives (natives.md §6): time, parse-time, format-time, add-time, diff-time, minutes,
// hours, days. Times are pact-time's Int64 microseconds (wrapping); durations are decimal seconds.

import type { Runtime } from './context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { nativeFailure } from '../../vm/errors.js';
import { PactDecimal, PactTime, type Value } from '../../vm/values.js';
import { decFromRational, decMul, isInt, pow10, roundHalfEven, toBig } from '../values/numbers.js';
import { formatTime, parseTime, ISO_TIME_FORMAT } from '../time/directives.js';
import { addMicros, diffMicros } from '../time/instant.js';
import { GasCharges, textLength } from '../gas/charges.js';

export function timeNatives(rt: Runtime): NativeTable {
  const g = new GasCharges(rt.gas);

  /** x seconds as a decimal times `factor` (Pact charges this as an integer multiplication). */
  function seconds(name: string, factor: number, args: Value[]): Value {
    const x = args[0];
    if (isInt(x)) {
      if (g.metered) g.intOp('PrimOpMul', x, factor);
      return new PactDecimal(toBig(x) * BigInt(factor), 0);
    }
    if (x instanceof PactDecimal) {
      if (g.metered) g.intOp('PrimOpMul', x.mantissa, factor);
      return decMul(x, new PactDecimal(BigInt(factor), 0));
    }
    throw argTypeError(name, args);
  }

  return {
    'time': args => {
      const s = args[0];
      if (typeof s !== 'string') throw argTypeError('time', args);
      const t = parseTime(ISO_TIME_FORMAT, s);
      if (!t) throw nativeFailure('time', 'time default format parse failure');
      return t;
    },
    'parse-time': args => {
      const fmt = args[0], s = args[1];
      if (typeof fmt !== 'string' || typeof s !== 'string') throw argTypeError('parse-time', args);
      if (g.metered) g.strOpParseTime(textLength(fmt), textLength(s));
      const t = parseTime(fmt, s);
      if (!t) throw nativeFailure('parse-time', 'parse-time parse failure');
      return t;
    },
    'format-time': args => {
      const fmt = args[0], t = args[1];
      if (typeof fmt !== 'string' || !(t instanceof PactTime)) throw argTypeError('format-time', args);
      if (g.metered) g.strOpFormatTime(textLength(fmt));
      return formatTime(fmt, t);
    },
    'add-time': args => {
      const t = args[0], s = args[1];
      if (!(t instanceof PactTime)) throw argTypeError('add-time', args);
      // pact-time's fromSeconds rounds half to even into an Int64 (wrapping), and `.+^` wraps
      if (isInt(s)) return addMicros(t, toBig(s) * 1_000_000n);
      if (s instanceof PactDecimal) {
        const micros = s.places <= 6
          ? s.mantissa * pow10(6 - s.places)
          : roundHalfEven(s.mantissa, pow10(s.places - 6));
        return addMicros(t, micros);
      }
      throw argTypeError('add-time', args);
    },
    'diff-time': args => {
      const a = args[0], b = args[1];
      if (!(a instanceof PactTime) || !(b instanceof PactTime)) throw argTypeError('diff-time', args);
      return decFromRational(diffMicros(a, b), 1_000_000n);
    },
    'minutes': args => seconds('minutes', 60, args),
    'hours': args => seconds('hours', 3600, args),
    'days': args => seconds('days', 86400, args),
  };
}
