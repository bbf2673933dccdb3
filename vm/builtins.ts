// THE native catalogue. Each entry is one internal builtin: Pact resolves a surface name plus an
// argument count to one of these at desugar time (`(- x)` → negate, `(round x 2)` → round-prec).
// The internal name is what type errors print. Implementations live under runtime/ and are
// checked against this list at start-up; gas flat costs (gas.md §2.4) live here as data.

export interface BuiltinSpec {
  id: number;
  /** internal name, printed in type errors */
  name: string;
  /** the name users write */
  surface: string;
  arity: number;
  /** REPL-only native (`expect`, `env-data`, ...): absent from .pact files, never charged */
  repl: boolean;
  /** flat table-model cost in milligas, charged on every saturated call */
  gas: number;
}

type Row = [name: string, surface: string, arity: number, gas?: number];

const NBW = 100; // nativeBasicWork: the default flat cost

// prettier-ignore
const CORE: Row[] = [
  // arithmetic and comparison
  ['+', '+', 2], ['-', '-', 2], ['negate', '-', 1], ['*', '*', 2], ['/', '/', 2], ['^', '^', 2],
  ['abs', 'abs', 1], ['mod', 'mod', 2], ['exp', 'exp', 1, 2000], ['ln', 'ln', 1, 1000],
  ['sqrt', 'sqrt', 1, 1000], ['log', 'log', 2, 1000],
  ['round', 'round', 1], ['round-prec', 'round', 2], ['ceiling', 'ceiling', 1],
  ['ceiling-prec', 'ceiling', 2], ['floor', 'floor', 1], ['floor-prec', 'floor', 2], ['dec', 'dec', 1],
  ['=', '=', 2], ['!=', '!=', 2], ['<', '<', 2], ['<=', '<=', 2], ['>', '>', 2], ['>=', '>=', 2],
  ['not', 'not', 1], ['and?', 'and?', 3], ['or?', 'or?', 3], ['not?', 'not?', 2],
  ['&', '&', 2, 250], ['|', '|', 2, 250], ['xor', 'xor', 2, 250], ['~', '~', 1, 250], ['shift', 'shift', 2],
  // general
  ['map', 'map', 2], ['filter', 'filter', 2], ['fold', 'fold', 3], ['zip', 'zip', 3],
  ['compose', 'compose', 3], ['bind', 'bind', 2], ['identity', 'identity', 1], ['continue', 'continue', 1],
  ['typeof', 'typeof', 1], ['show', 'show', 1], ['format', 'format', 2],
  ['enumerate', 'enumerate', 2], ['enumerate-step', 'enumerate', 3], ['make-list', 'make-list', 2],
  ['length', 'length', 1], ['reverse', 'reverse', 1], ['concat', 'concat', 1],
  ['str-to-list', 'str-to-list', 1, 250], ['take', 'take', 2], ['drop', 'drop', 2], ['at', 'at', 2],
  ['contains', 'contains', 2], ['remove', 'remove', 2], ['sort', 'sort', 1], ['sort-object', 'sort', 2],
  ['distinct', 'distinct', 1], ['where', 'where', 3], ['int-to-str', 'int-to-str', 2],
  ['str-to-int', 'str-to-int', 1], ['str-to-int-base', 'str-to-int', 2],
  ['base64-encode', 'base64-encode', 1, 250], ['base64-decode', 'base64-decode', 1, 250],
  ['is-charset', 'is-charset', 2, 500], ['hash', 'hash', 1], ['tx-hash', 'tx-hash', 0],
  ['chain-data', 'chain-data', 0, 500], ['cond', 'cond', 1],
  ['read-msg', 'read-msg', 1, 200], ['read-msg-default', 'read-msg', 0, 200],
  ['read-string', 'read-string', 1, 200], ['read-integer', 'read-integer', 1, 200],
  ['read-decimal', 'read-decimal', 1, 200], ['read-keyset', 'read-keyset', 1, 200],
  // database
  ['create-table', 'create-table', 1, 250000], ['insert', 'insert', 3, 25000], ['write', 'write', 3, 25000],
  ['update', 'update', 3, 25000], ['read', 'read', 2, 2500], ['read-with-fields', 'read', 3, 2500],
  ['with-read', 'with-read', 3, 2500], ['with-default-read', 'with-default-read', 4, 2500],
  ['keys', 'keys', 1, 40000000], ['select', 'select', 2, 40000000],
  ['select-with-fields', 'select', 3, 40000000], ['fold-db', 'fold-db', 3, 40000000],
  ['txlog', 'txlog', 2], ['txids', 'txids', 2], ['keylog', 'keylog', 3],
  ['describe-table', 'describe-table', 1, 100000], ['describe-keyset', 'describe-keyset', 1, 100000],
  ['describe-module', 'describe-module', 1, 100000], ['describe-namespace', 'describe-namespace', 1, 100000],
  ['list-modules', 'list-modules', 0, 100000],
  ['define-keyset', 'define-keyset', 2, 5000], ['define-read-keyset', 'define-keyset', 1, 5000],
  ['namespace', 'namespace', 1], ['define-namespace', 'define-namespace', 3, 25000],
  ['static-redeploy', 'static-redeploy', 1],
  // capabilities and guards
  ['require-capability', 'require-capability', 1, 500], ['compose-capability', 'compose-capability', 1, 500],
  ['install-capability', 'install-capability', 1, 500], ['emit-event', 'emit-event', 1, 1000],
  ['create-capability-guard', 'create-capability-guard', 1],
  ['create-capability-pact-guard', 'create-capability-pact-guard', 1],
  ['enforce-guard', 'enforce-guard', 1, 2000], ['enforce-keyset', 'enforce-keyset', 1, 2000],
  ['keyset-ref-guard', 'keyset-ref-guard', 1, 2000],
  ['create-module-guard', 'create-module-guard', 1, 200], ['create-pact-guard', 'create-pact-guard', 1, 200],
  ['create-principal', 'create-principal', 1], ['is-principal', 'is-principal', 1],
  ['typeof-principal', 'typeof-principal', 1], ['validate-principal', 'validate-principal', 2, 250],
  ['acquire-module-admin', 'acquire-module-admin', 1, 20000],
  // time
  ['time', 'time', 1, 500], ['parse-time', 'parse-time', 2, 500], ['format-time', 'format-time', 2, 500],
  ['add-time', 'add-time', 2, 250], ['diff-time', 'diff-time', 2, 250],
  ['minutes', 'minutes', 1, 250], ['hours', 'hours', 1, 250], ['days', 'days', 1, 250],
  // crypto
  ['hash-keccak256', 'hash-keccak256', 1, 1000], ['hash-poseidon', 'hash-poseidon', 1, 124000],
  ['poseidon-hash-hack-a-chain', 'poseidon-hash-hack-a-chain', 1, 124000],
  ['pairing-check', 'pairing-check', 2], ['scalar-mult', 'scalar-mult', 3], ['point-add', 'point-add', 3],
  ['hyperlane-message-id', 'hyperlane-message-id', 1, 2000],
  ['hyperlane-encode-token-message', 'hyperlane-encode-token-message', 1, 2000],
  ['hyperlane-decode-token-message', 'hyperlane-decode-token-message', 1, 2000],
  ['verify-spv', 'verify-spv', 2, 100000], ['enforce-verifier', 'enforce-verifier', 1, 10000],
  // special forms that run as natives: `(with-capability CAP body…)` passes the body as a thunk;
  // `(create-user-guard (f a b))` passes the defun and the evaluated arguments. No flat cost.
  ['with-capability', 'with-capability', 2, 0], ['create-user-guard', 'create-user-guard', 2, 0],
  // `m::f`: member f of the module that the modref m refers to. Not a Pact name: its surface
  // starts with ':', which no identifier can, so no script can call it or bind it
  ['modref-member', ':modref-member', 3, 0],
  // defpacts
  ['yield', 'yield', 1], ['yield-to-chain', 'yield', 2], ['resume', 'resume', 1, 500], ['pact-id', 'pact-id', 0],
];

// REPL-only natives (repl.md §2, §3): never charged.
// prettier-ignore
const REPL: Row[] = [
  ['begin-tx', 'begin-tx', 0], ['begin-named-tx', 'begin-tx', 1], ['commit-tx', 'commit-tx', 0],
  ['rollback-tx', 'rollback-tx', 0],
  ['expect', 'expect', 3], ['expect-failure', 'expect-failure', 2], ['expect-failure-match', 'expect-failure', 3],
  ['expect-that', 'expect-that', 3],
  ['env-data', 'env-data', 1], ['env-chain-data', 'env-chain-data', 1], ['env-keys', 'env-keys', 1],
  ['env-sigs', 'env-sigs', 1], ['env-verifiers', 'env-verifiers', 1], ['env-hash', 'env-hash', 1],
  ['env-exec-config-query', 'env-exec-config', 0], ['env-exec-config', 'env-exec-config', 1],
  ['env-namespace-policy', 'env-namespace-policy', 2], ['env-enable-repl-natives', 'env-enable-repl-natives', 1],
  ['env-module-admin', 'env-module-admin', 1], ['env-set-debug-flag', 'env-set-debug-flag', 1],
  ['env-events', 'env-events', 1], ['env-stackframe', 'env-stackframe', 0],
  ['env-gas', 'env-gas', 0], ['env-set-gas', 'env-gas', 1], ['env-milligas', 'env-milligas', 0],
  ['env-set-milligas', 'env-set-milligas', 1], ['env-gaslimit', 'env-gaslimit', 1],
  ['env-ask-gasmodel', 'env-gasmodel', 0], ['env-gasmodel', 'env-gasmodel', 1],
  ['env-gasmodel-fixed', 'env-gasmodel', 2], ['env-gaslog', 'env-gaslog', 0],
  ['continue-pact', 'continue-pact', 1], ['continue-pact-with-rollback', 'continue-pact', 2],
  ['continue-pact-rollback-yield', 'continue-pact', 3], ['continue-pact-rollback-yield-object', 'continue-pact', 4],
  ['pact-state', 'pact-state', 0], ['reset-pact-state', 'pact-state', 1],
  ['load', 'load', 1], ['load-with-env', 'load', 2], ['print', 'print', 1],
  ['sig-keyset', 'sig-keyset', 0], ['test-capability', 'test-capability', 1], ['typecheck', 'typecheck', 1],
  ['pact-version', 'pact-version', 0], ['enforce-pact-version', 'enforce-pact-version', 1],
  ['enforce-pact-version-range', 'enforce-pact-version', 2],
];

export const BUILTINS: readonly BuiltinSpec[] = [
  ...CORE.map(r => ({ r, repl: false })), ...REPL.map(r => ({ r, repl: true })),
].map(({ r: [name, surface, arity, gas], repl }, id) => ({
  id, name, surface, arity, repl, gas: repl ? 0 : (gas ?? NBW),
}));

const byName = new Map(BUILTINS.map(b => [b.name, b]));
const bySurface = new Map<string, BuiltinSpec[]>();
for (const b of BUILTINS) {
  const list = bySurface.get(b.surface) ?? [];
  list.push(b);
  bySurface.set(b.surface, list);
}

export function builtinId(name: string): number {
  const b = byName.get(name);
  if (!b) throw new Error(`unknown builtin ${name}`);
  return b.id;
}

/** A native users can name (every one but the compiler's own `m::f` form). */
export const userNamed = (b: BuiltinSpec): boolean => !b.surface.startsWith(':');

/** All overloads of a surface name, base overload first. */
export function overloads(surface: string): BuiltinSpec[] | undefined {
  return bySurface.get(surface);
}

/** Internal names that are also natives users may call by name (`(negate 10)`). */
const CALLABLE_BY_NAME = new Set(['negate']);

/** A native reachable by its internal name rather than a surface name, if that is allowed. */
export function namedOverload(name: string): BuiltinSpec[] | undefined {
  const b = byName.get(name);
  return b && CALLABLE_BY_NAME.has(name) ? [b] : undefined;
}

/** The overload for a call with `argc` arguments; the base overload when none matches. */
export function resolveOverload(surface: string, argc: number): BuiltinSpec | undefined {
  const list = bySurface.get(surface) ?? namedOverload(surface);
  if (!list) return undefined;
  return list.find(b => b.arity === argc) ?? list[0];
}
