// exp, ln, sqrt and log (natives.md §1): MPFR-exact results via runtime/values/mpfr.ts,
// with the argument checks and transcendental gas charges in Pact's order.

import type { Runtime } from './context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { PactDecimal, type Value } from '../../vm/values.js';
import { execError } from '../../vm/errors.js';
import { decFromInt, decToInt, isInt } from '../values/numbers.js';
import {
  decimalToFloat, floatToDecimal, transExp, transLn, transLogBase, transSqrt, type TransResult,
} from '../values/mpfr.js';
import { GasCharges } from '../gas/charges.js';
import { decCeiling, nanOrInfError } from './arithmetic.js';

function finite(r: TransResult): PactDecimal {
  if (r === 'nan' || r === 'inf') throw nanOrInfError();
  return floatToDecimal(r);
}

export function transcendentalNatives(rt: Runtime): NativeTable {
  const g = new GasCharges(rt.gas);
  const asDec = (v: Value): PactDecimal | null => (v instanceof PactDecimal ? v : isInt(v) ? decFromInt(v) : null);

  return {
    'exp': args => {
      const x = args[0];
      if (isInt(x)) { if (g.metered) g.transExp(x); }
      else if (x instanceof PactDecimal) { if (g.metered) g.transExp(x.mantissa); }
      else throw argTypeError('exp', args);
      return finite(transExp(decimalToFloat(asDec(x)!)));
    },
    'ln': args => {
      const x = args[0];
      if (isInt(x)) { if (g.metered) g.transLn(x); }
      else if (x instanceof PactDecimal) { if (g.metered) g.transLn(decCeiling(x)); }
      else throw argTypeError('ln', args);
      const d = asDec(x)!;
      if (d.mantissa <= 0n) throw execError('Arithmetic exception: Natural logarithm must be greater then 0');
      return finite(transLn(decimalToFloat(d)));
    },
    'sqrt': args => {
      const x = args[0];
      const d = asDec(x);
      if (!d) throw argTypeError('sqrt', args);
      if (d.mantissa < 0n) throw execError('Arithmetic exception: Square root must be non-negative');
      if (g.metered) g.transSqrt(isInt(x) ? x : d.mantissa);
      return finite(transSqrt(decimalToFloat(d)));
    },
    'log': args => {
      const b = args[0], x = args[1];
      const db = asDec(b), dx = asDec(x);
      if (!db || !dx) throw argTypeError('log', args);
      if (db.mantissa !== 0n && db.mantissa === 10n ** BigInt(db.places)) throw execError('Arithmetic exception: Base 1 not supported');
      if (db.mantissa < 0n) throw execError('Arithmetic exception: Negative log base');
      if (dx.mantissa <= 0n) throw execError('Arithmetic exception: Non-positive log argument');
      const bothInt = isInt(b) && isInt(x);
      if (g.metered) {
        if (bothInt) g.transLogBase(b, x);
        else g.transLogBase(decCeiling(db), decCeiling(dx));
      }
      const r = finite(transLogBase(decimalToFloat(db), decimalToFloat(dx)));
      return bothInt ? decToInt(r, 'round') : r;
    },
  };
}
