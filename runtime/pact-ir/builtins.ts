// Builtin identities as Pact serialises them: the index of a native in Pact's CoreBuiltin enum
// (or in its REPL-only enum), keyed by the name the desugarer resolves.

import type { Builtin } from './terms.js';

/**
 * Pact's CoreBuiltin constructors in declaration order, by their unique internal names
 * (`coreBuiltinToText`: overloads have their own names such as `enumerate-step`). The position is
 * the serialised tag, so this list is append-only upstream (Pact keeps a constructor-tag golden).
 * The tail after `hyperlane-encode-token-message` follows Pact ≥ 5.1.
 */
export const CORE_BUILTINS: readonly string[] = [
  '+', '-', '*', '/', 'negate', 'abs', '^', 'not', '=', '!=', '>', '>=', '<', '<=',
  '&', '|', 'xor', '~', 'shift',
  'round', 'ceiling', 'floor', 'round-prec', 'ceiling-prec', 'floor-prec',
  'exp', 'ln', 'sqrt', 'log',
  'length', 'take', 'drop', 'concat', 'reverse', 'contains', 'sort', 'sort-object', 'remove',
  'mod', 'map', 'filter', 'zip', 'int-to-str', 'str-to-int', 'str-to-int-base', 'fold', 'distinct',
  'format', 'enumerate', 'enumerate-step',
  'show', 'read-msg', 'read-msg-default', 'read-integer', 'read-decimal', 'read-string', 'read-keyset',
  'enforce-guard', 'enforce-keyset', 'keyset-ref-guard', 'at', 'make-list', 'base64-encode',
  'base64-decode', 'str-to-list', 'yield', 'yield-to-chain', 'resume', 'bind', 'require-capability',
  'compose-capability', 'install-capability', 'emit-event', 'create-capability-guard',
  'create-capability-pact-guard', 'create-module-guard', 'create-pact-guard',
  'create-table', 'describe-keyset', 'describe-module', 'describe-table', 'define-keyset',
  'define-read-keyset', 'fold-db', 'insert', 'keys', 'read', 'select', 'select-with-fields', 'update',
  'with-default-read', 'with-read', 'write', 'tx-hash',
  'and?', 'or?', 'where', 'not?', 'hash', 'continue',
  'parse-time', 'format-time', 'time', 'add-time', 'diff-time', 'hours', 'minutes', 'days',
  'compose', 'create-principal', 'is-principal', 'typeof-principal', 'validate-principal',
  'namespace', 'define-namespace', 'describe-namespace', 'chain-data', 'is-charset', 'pact-id',
  'pairing-check', 'scalar-mult', 'point-add', 'poseidon-hash-hack-a-chain',
  'typeof', 'dec', 'cond', 'identity', 'verify-spv', 'enforce-verifier',
  'hyperlane-message-id', 'hyperlane-decode-token-message', 'hyperlane-encode-token-message',
  'acquire-module-admin', 'read-with-fields', 'list-modules', 'static-redeploy',
  'hash-keccak256', 'hash-poseidon',
];

/** Internal overload names: they have tags but are never resolved by name. */
const OVERLOADS = new Set([
  'enumerate-step', 'select-with-fields', 'sort-object', 'round-prec', 'ceiling-prec', 'floor-prec',
  'str-to-int-base', 'read-msg-default', 'define-read-keyset', 'yield-to-chain', 'read-with-fields',
]);

/** Pact's REPL-only builtins (ReplOnlyBuiltin) in declaration order. */
export const REPL_BUILTINS: readonly string[] = [
  'expect', 'expect-failure', 'expect-failure-match', 'expect-that', 'print', 'env-stackframe',
  'env-chain-data', 'env-data', 'env-events', 'env-hash', 'env-keys', 'env-sigs', 'begin-tx',
  'begin-named-tx', 'commit-tx', 'rollback-tx', 'sig-keyset', 'test-capability', 'env-exec-config',
  'env-namespace-policy', 'env-gas', 'env-set-gas', 'env-milligas', 'env-set-milligas', 'env-gaslimit',
  'env-gaslog', 'env-gasmodel', 'env-ask-gasmodel', 'env-gasmodel-fixed', 'continue-pact',
  'continue-pact-with-rollback', 'continue-pact-rollback-yield', 'continue-pact-rollback-yield-object',
  'pact-state', 'reset-pact-state', 'pact-version', 'enforce-pact-version', 'enforce-pact-version-range',
  'env-enable-repl-natives', 'env-module-admin', 'env-verifiers', 'env-enable-typechecking',
  'env-enable-typecheck-fatal', 'typecheck-term', 'typecheck',
];

const coreIndex = new Map(CORE_BUILTINS.map((n, i) => [n, i]));
const replIndex = new Map(REPL_BUILTINS.map((n, i) => [n, i]));

export function core(name: string): Builtin {
  const tag = coreIndex.get(name);
  if (tag === undefined) throw new Error(`unknown core builtin ${name}`);
  return { k: 'core', tag };
}

export function repl(name: string): Builtin {
  const tag = replIndex.get(name);
  if (tag === undefined) throw new Error(`unknown REPL builtin ${name}`);
  return { k: 'repl', tag };
}

/** The builtin a bare name resolves to (the REPL's native table when `replNatives`). */
export function builtinNamed(name: string, replNatives: boolean): Builtin | undefined {
  if (!OVERLOADS.has(name)) {
    const c = coreIndex.get(name);
    if (c !== undefined) return { k: 'core', tag: c };
  }
  if (replNatives) {
    const r = replIndex.get(name);
    if (r !== undefined) return { k: 'repl', tag: r };
  }
  return undefined;
}

export function builtinName(b: Builtin): string {
  return b.k === 'core' ? CORE_BUILTINS[b.tag] : REPL_BUILTINS[b.tag];
}
