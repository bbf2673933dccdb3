// String natives (natives.md §2): str-to-list, concat, format, int-to-str, str-to-int (both
// arities), is-charset, base64-encode, base64-decode. Lengths are code points, as Pact's Text.

import type { Runtime } from './context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { execError, nativeFailure } from '../../vm/errors.js';
import { isCallable } from '../../vm/values.js';
import { isInt, normInt, toBig } from '../values/numbers.js';
import { showText } from '../values/render.js';
import { countValue } from '../values/size.js';
import { base64UrlDecode, base64UrlEncode } from '../values/base64url.js';
import { GasCharges, textLength } from '../gas/charges.js';
import { MAX_STRING_LENGTH, stringTooLarge } from '../../vm/limits.js';

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `Decoding error: <msg>` */
export function decodeError(msg: string): Error {
  return execError(`Decoding error: ${msg}`);
}

/** Parse digits in base 2..16 the way Pact's `baseStrToInt` does, with its exact messages. */
export function baseStrToInt(base: number, s: string): bigint {
  if (s.length === 0) throw decodeError('empty text: ');
  if (!/^[0-9a-fA-F]*$/.test(s)) throw decodeError('invalid digit: supported digits are 0-9, A-F');
  const b = BigInt(base);
  let acc = 0n;
  for (const c of s) {
    const d = parseInt(c, 16);
    if (d >= base) throw decodeError(`character '${c}' is out of range for base ${base}: ${s}`);
    acc = acc * b + BigInt(d);
  }
  return acc;
}

/** ⌊log_b v⌋ for v ≥ 0 (0 for v = 0, as GHC's integerLogBase#). */
function intLogBase(base: number, v: bigint): number {
  if (v === 0n) return 0;
  if (base <= 36) return v.toString(base).length - 1;
  // base 256: whole bytes of the hex form
  return Math.ceil(v.toString(16).length / 2) - 1;
}

/** Minimal big-endian bytes of a non-negative integer (0 → one zero byte). */
function integerToBytes(v: bigint): Uint8Array {
  let hex = v.toString(16);
  if (hex.length % 2 === 1) hex = '0' + hex;
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

export function stringNatives(rt: Runtime): NativeTable {
  const g = new GasCharges(rt.gas);

  function checkLen(s: string): void {
    if (textLength(s) > 512) throw decodeError('Invalid input, only up to 512 length supported');
  }

  return {
    'str-to-list': args => {
      const s = args[0];
      if (typeof s !== 'string') throw argTypeError('str-to-list', args);
      const chars = Array.from(s);
      if (g.metered) g.strOpExplode(chars.length);
      return chars;
    },
    'concat': args => {
      const xs = args[0];
      if (!Array.isArray(xs)) throw argTypeError('concat', args);
      if (xs.length === 0) return '';
      for (const x of xs) if (typeof x !== 'string') throw argTypeError('concat', [x]);
      const strs = xs as string[];
      if (g.metered) g.textListConcat(strs.reduce((n, x) => n + textLength(x), 0), strs.length);
      if (strs.reduce((n, x) => n + x.length, 0) > MAX_STRING_LENGTH) throw stringTooLarge();
      return strs.join('');
    },
    'format': args => {
      const tpl = args[0], xs = args[1];
      if (typeof tpl !== 'string' || !Array.isArray(xs)) throw argTypeError('format', args);
      const parts = tpl.split('{}');
      if (parts.length === 1) {
        if (g.metered) g.strOpParse(textLength(tpl));
        return tpl;
      }
      if (parts.length - xs.length > 1) throw nativeFailure('format', 'not enough arguments for template');
      const rendered = xs.slice(0, parts.length - 1).map(x => {
        if (typeof x === 'string') return x;
        if (isCallable(x)) throw argTypeError('format', args);
        if (g.metered) g.textConcat(rt.gas.sizeOf(countValue, x));
        return showText(x);
      });
      if (g.metered) {
        let total = 0;
        for (const p of parts) total += textLength(p);
        for (const r of rendered) total += textLength(r);
        g.textConcat(total);
      }
      let out = parts[0];
      for (let i = 0; i < rendered.length; i++) out += rendered[i] + parts[i + 1];
      return out;
    },
    'int-to-str': args => {
      const base = args[0], v = args[1];
      if (!isInt(base) || !isInt(v)) throw argTypeError('int-to-str', args);
      if (v < 0) throw nativeFailure('int-to-str', 'int-to-str error: cannot show negative integer');
      const b = Number(base);
      const n = toBig(v);
      if (b >= 2 && b <= 16) {
        if (g.metered) g.textConcat(1 + intLogBase(b, n));
        return n.toString(b);
      }
      if (b === 64) {
        if (g.metered) g.textConcat(Math.floor((4 * (1 + intLogBase(256, n))) / 3));
        return base64UrlEncode(integerToBytes(n));
      }
      throw nativeFailure('int-to-str', 'invalid base for base64URL conversion');
    },
    'str-to-int': args => {
      const s = args[0];
      if (typeof s !== 'string') throw argTypeError('str-to-int', args);
      if (g.metered) g.strOpParse(textLength(s));
      checkLen(s);
      return normInt(baseStrToInt(10, s));
    },
    'str-to-int-base': args => {
      const base = args[0], s = args[1];
      if (!isInt(base) || typeof s !== 'string') throw argTypeError('str-to-int-base', args);
      const b = Number(base);
      if (b === 64) {
        if (g.metered) g.strOpParse(textLength(s));
        checkLen(s);
        const bytes = base64UrlDecode(s);
        if (!bytes) throw decodeError('invalid b64 encoding');
        let acc = 0n;
        for (const byte of bytes) acc = (acc << 8n) | BigInt(byte);
        return normInt(acc);
      }
      if (b >= 2 && b <= 16) {
        if (g.metered) g.strOpParse(textLength(s));
        checkLen(s);
        return normInt(baseStrToInt(b, s));
      }
      throw nativeFailure('str-to-int-base', 'Base value must be >= 2 and <= 16, or 64');
    },
    'is-charset': args => {
      const cs = args[0], s = args[1];
      if (!isInt(cs) || typeof s !== 'string') throw argTypeError('is-charset', args);
      if (cs !== 0 && cs !== 1) {
        if (g.metered) g.strOpParse(textLength(s));
        throw nativeFailure('is-charset', 'Unsupported character set');
      }
      const within = allCodesAtMost(s, cs === 0 ? 0x7f : 0xff);
      // a string within Latin-1 has no surrogate pairs: its length is its code-point count
      if (g.metered) g.strOpParse(within ? s.length : textLength(s));
      return within;
    },
    'base64-encode': args => {
      const s = args[0];
      if (typeof s !== 'string') throw argTypeError('base64-encode', args);
      if (g.metered) g.strOpParse(textLength(s));
      return base64UrlEncode(utf8.encode(s));
    },
    'base64-decode': args => {
      const s = args[0];
      if (typeof s !== 'string') throw argTypeError('base64-decode', args);
      if (g.metered) g.strOpParse(textLength(s));
      const bytes = base64UrlDecode(s);
      if (bytes) {
        try { return strictUtf8.decode(bytes); } catch { /* not UTF-8: same error as bad base64 */ }
      }
      throw decodeError('invalid b64 encoding');
    },
  };
}

/** ASCII (0x7f) or Latin-1 (0xff): every UTF-16 unit at most `max` (a surrogate never is). A
 *  regular expression scans many times faster than a charCodeAt loop (account names are checked
 *  on every coin transfer). */
function allCodesAtMost(s: string, max: 0x7f | 0xff): boolean {
  return !(max === 0x7f ? BEYOND_ASCII : BEYOND_LATIN1).test(s);
}
const BEYOND_ASCII = /[^\x00-\x7f]/;
const BEYOND_LATIN1 = /[^\x00-\xff]/;
