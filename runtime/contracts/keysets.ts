// Keysets (language.md §7.2–7.4): reading them from message data, storing them by name, and
// deciding whether the transaction's signatures satisfy one.

import { parseKeysetName, renderKeysetName } from '../values/token-names.js';
import type { Span } from '../../vm/source.js';
import { namedOverload, overloads } from '../../vm/builtins.js';
import {
  NativeFn, CapToken, KeySetGuard, PactObject, compareCodePoints, type Value,
} from '../../vm/values.js';
import { PactError, userError } from '../../vm/errors.js';
import { valueEquals } from '../values/equality.js';
import { boolResult } from '../natives/errors.js';
import type { ContractHost } from './host.js';
import { tokensInScope } from './capabilities.js';
import { getModuleMember } from './module-members.js';
import { isValidKeyFormat } from '../natives/crypto/webauthn.js';
import { isParsedTyName } from '../values/pact-names.js';

export const KEYSETS_TABLE = 'SYS:KeySets';
const BUILTIN_PREDICATES = new Set(['keys-all', 'keys-any', 'keys-2']);

export function makeKeySet(keys: string[], pred: string): KeySetGuard {
  return new KeySetGuard([...new Set(keys)].sort(compareCodePoints), pred);
}

/**
 * A keyset from one message-data value, as Pact's readKeyset' reads it: a keyset value (env-data's
 * round trip makes one of every well-formed `{"keys": […], "pred": …}`), an object of keys and
 * predicate (the two lookups charged, and the predicate's parse once it is text), or a list of
 * keys (keys-all). Anything else, a non-text key or an unknown predicate gives null.
 */
export function keysetFromData(v: Value, charge: ChargeHook = {}): KeySetGuard | null {
  if (v instanceof KeySetGuard) return v;
  if (Array.isArray(v)) return v.every(k => typeof k === 'string') ? makeKeySet(v as string[], 'keys-all') : null;
  if (!(v instanceof PactObject)) return null;
  charge.lookup?.('keys', v.size);
  charge.lookup?.('pred', v.size);
  const keys = v.get('keys'), pred = v.get('pred') ?? 'keys-all';
  if (!Array.isArray(keys) || !keys.every(k => typeof k === 'string') || typeof pred !== 'string') return null;
  charge.parse?.(pred);
  if (!BUILTIN_PREDICATES.has(pred) && !isParsedTyName(pred)) return null;
  return makeKeySet(keys as string[], pred);
}

/** The charges of reading a keyset from an object: field lookups and the predicate's parse. */
export interface ChargeHook {
  lookup?(field: string, size: number): void;
  parse?(text: string): void;
}

/** read-keyset under EnforceKeyFormats: every key ED25519 hex or WebAuthn, else Pact's
 *  (unrecoverable) InvalidKeysetFormat naming the whole keyset. define-keyset does not check. */
export function enforceKeyFormats(ks: KeySetGuard): void {
  if (ks.keys.every(isValidKeyFormat)) return;
  throw new PactError('exec', `Invalid keyset format: KeySet {keys: [${ks.keys.join(', ')}],pred: ${ks.pred}}`);
}

/** Keyset names are parsed permissively: any non-empty text (`ns.name` when namespaced). */
export function isValidKeysetName(name: string): boolean {
  return name.length > 0;
}

/** A keyset name as Pact reads it (Guards.hs parseAnyKeysetName): `ns.name` read as tokens, so
 *  `"ns . ks"` and `"ns.ks.rest"` both name `ns.ks`, else the whole text as a root name; given
 *  rendered, the key of its row. null for "", the only name Pact refuses. */
export function keysetKey(text: string): string | null {
  const k = parseKeysetName(text);
  return k === null ? null : renderKeysetName(k);
}

/** The namespace a keyset name is read in, or null for a root keyset name. */
export function keysetNamespace(text: string): string | null {
  return parseKeysetName(text)?.namespace ?? null;
}

export function keysetNameError(name: string, span?: Span | null): PactError {
  return new PactError('exec', `Invalid keyset name format: ${name}`, span);
}

export function lookupKeyset(h: ContractHost, name: string): KeySetGuard {
  const ks = h.db.read(KEYSETS_TABLE, name);
  if (!(ks instanceof KeySetGuard)) throw new PactError('exec', `Cannot find keyset in database: '${name}`);
  return ks;
}

/** `Keyset failure (<pred>): [<first 8 chars>..., ...]` */
function keysetFailure(ks: KeySetGuard): PactError {
  return userError(() => `Keyset failure (${ks.pred}): [${ks.keys.map(k => k.slice(0, 8) + '...').join(', ')}]`);
}

/** Enforce a keyset against the signers and the capabilities in scope (language.md §7.2). */
export function enforceKeyset(h: ContractHost, ks: KeySetGuard): true {
  const granted = h.caps.evaluating.length > 0
    ? h.caps.evaluating
    : tokensInScope(h);
  const counts = (caps: CapToken[]) =>
    (caps.length === 0 && !h.caps.autonomousInstalls) || caps.some(c => granted.some(g => valueEquals(c, g)));
  const signers = h.env.signers;
  // `any` is an ordinary key (Pact 5); the seed's wildcard, where a signature with key `any`
  // signs for every key, only when opted in (decisions.md: --any-key-wildcard, AnyKeyWildcard)
  const wildcard = h.anyKeyWildcard() ? signers.get('any') : undefined;
  let matched = 0;
  for (const key of ks.keys) {
    const caps = signers.get(key) ?? (wildcard && key !== 'any' ? wildcard : undefined);
    if (caps !== undefined && counts(caps)) matched++;
  }
  const count = ks.keys.length;
  let ok: boolean;
  switch (ks.pred) {
    case 'keys-all': ok = matched >= count; break;
    case 'keys-any': ok = matched >= 1; break;
    case 'keys-2': ok = matched >= 2; break;
    default: ok = customPredicate(h, ks.pred, count, matched);
  }
  if (!ok) throw keysetFailure(ks);
  return true;
}

/** Direct/Evaluator.hs isKeysetInSigs' runCustomPred: a qualified name must be a defun of a
 *  module, a bare one a native (REPL natives too), applied as (pred count matched). */
function customPredicate(h: ContractHost, pred: string, count: number, matched: number): boolean {
  if (BUILTIN_PREDICATES.has(pred)) return false;
  return boolResult(h.vm.call(predicateFunction(h, pred), [count, matched]));
}

function predicateFunction(h: ContractHost, pred: string): Value {
  const dot = pred.lastIndexOf('.');
  if (dot < 0) {
    // Pact's natives map holds each native under its own name, overloads left out (coreBuiltinMap):
    // `round` is the one-argument round, never round-prec; `negate` is there by its own name
    const native = overloads(pred)?.find(b => b.name === pred) ?? namedOverload(pred)?.[0];
    if (!native) throw new PactError('exec', 'Invalid custom predicate for keyset expected native');
    // another arity: one applied to two arguments is too many, more returns a partial native
    if (native.arity < 2) throw new PactError('exec', 'Attempted to apply a closure to too many arguments');
    return new NativeFn(native.id);
  }
  const { cell } = getModuleMember(h, pred);
  const fn = cell.kind === 'defun' ? h.lookupDefun(pred) : undefined;
  if (!fn) throw new PactError('exec', 'Invalid custom predicate for keyset expected defun');
  return fn;
}
