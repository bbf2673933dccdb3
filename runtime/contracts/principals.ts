// Principals (natives.md §5): the canonical account string of a guard (`k:`, `w:`, `r:`, `u:`,
// `m:`, `p:`, `c:`), parsing them, and checking a string against a guard.

import {
  CapabilityGuard, KeySetGuard, KeySetRefGuard, ModuleGuard, PactGuard, UserGuard, isGuard, type Value,
} from '../../vm/values.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError } from '../natives/errors.js';
import { GasCharges, textLength } from '../gas/charges.js';
import { countGuardRecord } from '../values/size.js';
import { blake2b256 } from '../values/digest.js';
import { base64UrlEncode } from '../values/base64url.js';
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

/** The length Pact charges for a keyset's custom predicate when it is a qualified name
 *  (`ns.mod.fn` or `mod.fn`): its name, module and namespace, without the dots; null for the
 *  built-in predicates and a bare name, which cost nothing. */
function qualifiedPredicateLength(pred: string): number | null {
  if (pred === 'keys-all' || pred === 'keys-any' || pred === 'keys-2' || !pred.includes('.')) return null;
  return textLength(pred) - (pred.split('.').length - 1);
}

export function principalNatives(h: ContractHost): NativeTable {
  const g = new GasCharges(h.gas);
  /** Pact's mkHash: BLAKE2b of the concatenated parts at a flat 1000 mG, whatever their length */
  const hashParts = (parts: string[]): string => {
    g.constant(1000);
    return base64UrlEncode(blake2b256(Buffer.from(parts.join(''), 'utf8')));
  };

  /** Runtime/Utils.hs createPrincipalForGuard, with its charges in its order. */
  function principalOf(guard: Value): string {
    if (guard instanceof KeySetGuard) {
      if (guard.keys.length === 1 && guard.pred === 'keys-all' && ED25519_HEX.test(guard.keys[0])) {
        g.constant(1000);
        return `k:${guard.keys[0]}`;
      }
      const hash = hashParts(guard.keys);
      // a custom predicate named by a qualified name is charged as the text of its parts
      const q = qualifiedPredicateLength(guard.pred);
      if (q !== null) g.textConcat(q);
      return `w:${hash}:${guard.pred}`;
    }
    if (guard instanceof KeySetRefGuard) { g.constant(1000); return `r:${guard.name}`; }
    if (guard instanceof ModuleGuard) { g.constant(1000); return `m:${guard.module}:${guard.name}`; }
    if (guard instanceof PactGuard) { g.constant(1000); return `p:${guard.pactId}:${guard.name}`; }
    if (guard instanceof UserGuard) {
      if (g.metered) g.hash(h.gas.sizeOf(countGuardRecord, guard));
      return `u:${guard.fun}:${hashParts(guard.args.map(stableJson))}`;
    }
    if (guard instanceof CapabilityGuard) {
      if (g.metered) g.hash(h.gas.sizeOf(countGuardRecord, guard));
      return `c:${hashParts([guard.name, ...guard.args.map(stableJson), ...(guard.pactId !== null ? [guard.pactId] : [])])}`;
    }
    throw argTypeError('create-principal', [guard]);
  }

  return {
    'create-principal': args => {
      if (!isGuard(args[0])) throw argTypeError('create-principal', args);
      return principalOf(args[0]);
    },
    'is-principal': args => {
      if (typeof args[0] !== 'string') throw argTypeError('is-principal', args);
      g.strOpParse(textLength(args[0]));
      return principalType(args[0]) !== '';
    },
    'typeof-principal': args => {
      if (typeof args[0] !== 'string') throw argTypeError('typeof-principal', args);
      g.strOpParse(textLength(args[0]));
      return principalType(args[0]);
    },
    'validate-principal': args => {
      const guard = args[0], s = args[1];
      if (!isGuard(guard) || typeof s !== 'string') throw argTypeError('validate-principal', args);
      const p = principalOf(guard);
      g.textComparison(s);
      return p === s;
    },
  };
}
