// Transaction-data natives: read-msg, read-string, read-integer, read-decimal, chain-data,
// tx-hash (read-keyset belongs to the contracts runtime, runtime/contracts/guards.ts) (natives.md §2). A value missing from the message data is a recoverable
// `<native> failure`.

import type { Runtime } from './context.js';
import { chainDataObject } from './context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { userError } from '../../vm/errors.js';
import { PactDecimal, PactObject, type Value } from '../../vm/values.js';
import { decFromInt, decToInt, isInt, normInt } from '../values/numbers.js';
import { GasCharges, textLength } from '../gas/charges.js';

/** Pact's numeric literal grammar, as read-integer/read-decimal parse strings (numberParser:
 *  more than 255 places is no number at all). */
const NUMBER = /^(-?[0-9]+)(?:\.([0-9]{1,255}))?$/;

export function dataNatives(rt: Runtime): NativeTable {
  const g = new GasCharges(rt.gas);
  const key = (name: string, args: Value[]): string => {
    if (typeof args[0] !== 'string') throw argTypeError(name, args);
    return args[0];
  };
  /** the message value at `k` (charging the lookup), or a recoverable `<native> failure` */
  const lookup = (name: string, k: string): Value => {
    const d = rt.env.data;
    if (!(d instanceof PactObject)) throw userError(`${name} failure`);
    if (g.metered) g.objOpLookup(k, d.size);
    const v = d.get(k);
    if (v === undefined) throw userError(`${name} failure`);
    return v;
  };

  return {
    'read-msg': args => lookup('read-msg', key('read-msg', args)),
    'read-msg-default': () => rt.env.data,
    'read-string': args => {
      const v = lookup('read-string', key('read-string', args));
      if (typeof v !== 'string') throw userError('read-string failure');
      return v;
    },
    'read-integer': args => {
      const v = lookup('read-integer', key('read-integer', args));
      if (isInt(v)) return v;
      if (v instanceof PactDecimal) return decToInt(v, 'round');
      if (typeof v === 'string') {
        if (g.metered) g.strOpConvToInt(textLength(v));
        const m = NUMBER.exec(v);
        if (m && m[2] === undefined) return normInt(BigInt(m[1]));
      }
      throw userError('read-integer failure');
    },
    'read-decimal': args => {
      const v = lookup('read-decimal', key('read-decimal', args));
      if (v instanceof PactDecimal) return v;
      if (isInt(v)) return decFromInt(v);
      if (typeof v === 'string') {
        if (g.metered) g.strOpConvToInt(textLength(v));
        const m = NUMBER.exec(v);
        if (m) {
          const frac = m[2] ?? '';
          const neg = m[1].startsWith('-');
          const mant = BigInt((neg ? m[1].slice(1) : m[1]) + frac);
          return new PactDecimal(neg ? -mant : mant, frac.length);
        }
      }
      throw userError('read-decimal failure');
    },
    'chain-data': () => chainDataObject(rt.env.chainData),
    'tx-hash': () => rt.env.txHash,
  };
}
