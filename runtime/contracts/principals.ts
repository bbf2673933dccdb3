// Principals (natives.md §5): the canonical account string of a guard (`k:`, `w:`, `r:`, `u:`,
// `m:`, `p:`, `c:`), parsing them, and checking a string against a guard.

import {
  CapabilityGuard, KeySetGuard, KeySetRefGuard, ModuleGuard, PactGuard, UserGuard, isGuard, type Value,
} from '../../vm/values.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError } from '../natives/errors.js';
import { textLength } from '../gas/charges.js';
import { blake2b256, base64UrlEncode } from '../values/digest.js';
import { stableJson } from '../values/json.js';
import type { ContractHost } from './host.js';
import { moduleNameMatch, nameMatch, parseKeysetName } from '../values/token-names.js';

const ED25519_HEX = /^[0-9a-fA-F]{64}$/;
const HASH43 = /^[A-Za-z0-9_-]{43}/;

/** Principal.hs principalParser: the type's prefix, then its parts, then the end of the text. */
function principalEnd(s: string): number {
  const body = 2;
  switch (s.slice(0, body)) {
    case 'k:': return ED25519_HEX.test(s.slice(body, body + 64)) ? body + 64 : -1;
    case 'w:': return hashThen(s, body, nameMatch);
    case 'r:': {
      const k = parseKeysetName(s.slice(body));
      return k ? body + k.end : -1;
    }
    case 'u:': {
      const n = nameMatch(s, body);
      return n < 0 || s[n] !== ':' || !HASH43.test(s.slice(n + 1)) ? -1 : n + 44;
    }
    case 'm:': {
      const m = moduleNameMatch(s, body);
      return m < 0 || s[m] !== ':' ? -1 : nameMatch(s, m + 1);
    }
    case 'p:': return hashThen(s, body, nameMatch);
    case 'c:': return HASH43.test(s.slice(body)) ? body + 43 : -1;
  }
  return -1;
}

/** A 43-character base64url hash at `i`, `:`, then what `then` reads. */
function hashThen(s: string, i: number, then: (s: string, i: number) => number): number {
  return HASH43.test(s.slice(i)) && s[i + 43] === ':' ? then(s, i + 44) : -1;
}

/** The prefix of a principal string, or '' when it is not one. */
export function principalType(s: string): string {
  return principalEnd(s) === s.length ? s.slice(0, 2) : '';
}

export function principalNatives(h: ContractHost): NativeTable {
  const gas = h.gas;
  const constant = (mg: number) => { if (gas.metered) gas.charge(mg, `GAConstant (MilliGas ${mg})`); };
  /** BLAKE2b of the concatenated parts, charged 1000 mG + 1000 per 64 bytes */
  const hashParts = (parts: string[]): string => {
    const bytes = Buffer.from(parts.join(''), 'utf8');
    constant(1000 + Math.floor(bytes.length / 64) * 1000);
    return base64UrlEncode(blake2b256(bytes));
  };
  const parse = (s: string) => {
    const n = textLength(s);
    if (gas.metered) gas.charge(5 * n + 1, `GStrOp (StrOpParse ${n})`);
  };

  function principalOf(g: Value): string {
    if (g instanceof KeySetGuard) {
      if (g.keys.length === 1 && g.pred === 'keys-all' && ED25519_HEX.test(g.keys[0])) {
        constant(1000);
        return `k:${g.keys[0]}`;
      }
      return `w:${hashParts(g.keys)}:${g.pred}`;
    }
    if (g instanceof KeySetRefGuard) { constant(1000); return `r:${g.name}`; }
    if (g instanceof ModuleGuard) { constant(1000); return `m:${g.module}:${g.name}`; }
    if (g instanceof PactGuard) { constant(1000); return `p:${g.pactId}:${g.name}`; }
    if (g instanceof UserGuard) return `u:${g.fun}:${hashParts(g.args.map(stableJson))}`;
    if (g instanceof CapabilityGuard) {
      return `c:${hashParts([g.name, ...g.args.map(stableJson), ...(g.pactId !== null ? [g.pactId] : [])])}`;
    }
    throw argTypeError('create-principal', [g]);
  }

  return {
    'create-principal': args => {
      if (!isGuard(args[0])) throw argTypeError('create-principal', args);
      return principalOf(args[0]);
    },
    'is-principal': args => {
      if (typeof args[0] !== 'string') throw argTypeError('is-principal', args);
      parse(args[0]);
      return principalType(args[0]) !== '';
    },
    'typeof-principal': args => {
      if (typeof args[0] !== 'string') throw argTypeError('typeof-principal', args);
      parse(args[0]);
      return principalType(args[0]);
    },
    'validate-principal': args => {
      const [g, s] = args;
      if (!isGuard(g) || typeof s !== 'string') throw argTypeError('validate-principal', args);
      const p = principalOf(g);
      if (gas.metered) gas.charge(textLength(s) + 100, `GComparison (TextComparison ${JSON.stringify(s)})`);
      return p === s;
    },
  };
}
