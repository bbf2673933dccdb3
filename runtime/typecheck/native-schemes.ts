// The type scheme of every core native as Pact 5's typechecker assigns it (Typed/Infer.hs
// `typeOfBuiltin`), keyed by Pact's internal builtin names (pact-ir/builtins.ts). Natives whose
// type depends on a literal argument (`at "f"`, `remove`, `where`, …) are typed in overloads.ts;
// used any other way they have no static type, and the entry names the operation Pact reports.

import { parseScheme } from './scheme-syntax.js';
import type { Scheme } from './tc-types.js';

const NUM_UNARY = 'forall a. (Num a) => a -> a';
const NUM_BINARY = 'forall a. (Num a) => a -> a -> a';
const EQ = 'forall a. (Eq a) => a -> a -> bool';
const ORD = 'forall a. (Ord a) => a -> a -> bool';
const INT_UNARY = 'integer -> integer';
const INT_BINARY = 'integer -> integer -> integer';
const FRACTIONAL = 'forall a. (Fractional a) => a -> decimal';
const TAKE_DROP = 'forall a. (ListLike a) => integer -> a -> a';
const CHAIN_DATA = 'object{chain-id:string, block-height:integer, block-time:time, prev-block-hash:string, sender:string, gas-limit:integer, gas-price:decimal}';
const G1 = 'object{x:integer, y:integer}';
const G2 = 'object{x:[integer], y:[integer]}';
const HYPERLANE_MESSAGE = 'object{version:integer, nonce:integer, originDomain:integer, sender:string, destinationDomain:integer, recipient:string, messageBody:string}';

/** A native's scheme, or `{ rowOp }`: no static type unless an overload applies. */
export type NativeType = Scheme | { rowOp: string };

const TABLE: Record<string, string | { rowOp: string }> = {
  '+': 'forall a. (Add a) => a -> a -> a',
  '-': NUM_BINARY, '*': NUM_BINARY, '/': NUM_BINARY, '^': NUM_BINARY,
  'negate': NUM_UNARY, 'abs': NUM_UNARY,
  'not': 'bool -> bool',
  '=': EQ, '!=': EQ,
  '>': ORD, '>=': ORD, '<': ORD, '<=': ORD,
  '&': INT_BINARY, '|': INT_BINARY, 'xor': INT_BINARY, '~': INT_UNARY, 'shift': INT_BINARY, 'mod': INT_BINARY,
  'round': 'decimal -> integer', 'ceiling': 'decimal -> integer', 'floor': 'decimal -> integer',
  'round-prec': 'decimal -> integer -> decimal', 'ceiling-prec': 'decimal -> integer -> decimal',
  'floor-prec': 'decimal -> integer -> decimal',
  'exp': FRACTIONAL, 'ln': FRACTIONAL, 'sqrt': FRACTIONAL,
  'log': 'forall a. (Fractional a) => a -> a -> a',
  'length': 'forall a. (ListLike a) => a -> integer',
  'take': TAKE_DROP, 'drop': TAKE_DROP,
  'concat': '[string] -> string',
  'reverse': 'forall a. (ListLike a) => a -> a',
  'map': 'forall a b. (a -> b) -> [a] -> [b]',
  'filter': 'forall a. (a -> bool) -> [a] -> [a]',
  'contains': 'forall a. (Eq a) => a -> [a] -> bool',
  'sort': 'forall a. (Ord a) => [a] -> [a]',
  'sort-object': { rowOp: 'sort' },
  'remove': { rowOp: 'remove' },
  'int-to-str': 'integer -> integer -> string',
  'str-to-int': 'string -> integer',
  'str-to-int-base': 'integer -> string -> integer',
  'fold': 'forall b a. (b -> a -> b) -> b -> [a] -> b',
  'zip': 'forall a b c. (a -> b -> c) -> [a] -> [b] -> [c]',
  'distinct': 'forall a. (Eq a) => [a] -> [a]',
  'format': 'string -> [string] -> string',
  'enumerate': 'integer -> integer -> [integer]',
  'enumerate-step': 'integer -> integer -> integer -> [integer]',
  'show': 'forall a. (IsValue a) => a -> string',
  'read-msg': 'forall a. (IsValue a) => string -> a',
  'read-msg-default': 'forall a. (IsValue a) => => a',
  'read-integer': 'string -> integer',
  'read-decimal': 'string -> decimal',
  'read-string': 'string -> string',
  'read-keyset': 'string -> guard',
  'enforce-guard': 'forall a. (EnforceRead a) => a -> bool',
  'enforce-keyset': 'forall a. (EnforceRead a) => a -> bool',
  'keyset-ref-guard': 'string -> guard',
  'create-capability-guard': 'cap-token -> guard',
  'create-capability-pact-guard': 'cap-token -> guard',
  'create-module-guard': 'string -> guard',
  'create-pact-guard': 'string -> guard',
  'at': 'forall a. integer -> [a] -> a',
  'make-list': 'forall a. integer -> a -> [a]',
  'base64-encode': 'string -> string',
  'base64-decode': 'string -> string',
  'str-to-list': 'string -> [string]',
  'yield': 'forall a:ROW. object{a} -> object{a}',
  'yield-to-chain': 'forall a:ROW. object{a} -> string -> object{a}',
  'resume': { rowOp: 'resume' },
  'bind': 'forall a:ROW b. object{a} -> (object{a} -> b) -> b',
  'require-capability': 'cap-token -> bool',
  'compose-capability': 'cap-token -> bool',
  'install-capability': 'cap-token -> string',
  'emit-event': 'cap-token -> bool',
  'create-table': 'forall a:ROW. table{a} -> string',
  'describe-keyset': 'string -> guard',
  'describe-module': 'string -> object{hash:string, interfaces:[string], name:string, code:string, tx-hash:string}',
  'describe-table': 'forall a:ROW. table{a} -> object{type:string, module:string, name:string}',
  'define-keyset': 'string -> guard -> string',
  'define-read-keyset': 'string -> string',
  'fold-db': 'forall row:ROW a. table{row} -> (string -> object{row} -> bool) -> (string -> object{row} -> a) -> [a]',
  'insert': 'forall row:ROW. table{row} -> string -> object{row} -> string',
  'keys': 'forall row:ROW. table{row} -> [string]',
  'read': 'forall row:ROW. table{row} -> string -> object{row}',
  'select': 'forall row:ROW. table{row} -> (object{row} -> bool) -> [object{row}]',
  'select-with-fields': { rowOp: 'select' },
  'update': 'forall r1:ROW r2:ROW. (r2 <= r1) => table{r1} -> string -> object{r2} -> string',
  'with-default-read': 'forall r1:ROW r2:ROW a1. (r2 <= r1) => table{r1} -> string -> object{r2} -> (object{r2} -> a1) -> a1',
  'with-read': 'forall r1:ROW a1. table{r1} -> string -> (object{r1} -> a1) -> a1',
  'write': 'forall r1:ROW. table{r1} -> string -> object{r1} -> string',
  'tx-hash': '=> string',
  'and?': 'forall a. (a -> bool) -> (a -> bool) -> a -> bool',
  'or?': 'forall a. (a -> bool) -> (a -> bool) -> a -> bool',
  'where': { rowOp: 'where' },
  'not?': 'forall a. (a -> bool) -> a -> bool',
  'hash': 'forall a. (IsValue a) => a -> string',
  'continue': 'forall a. a -> a',
  'parse-time': 'string -> string -> time',
  'format-time': 'string -> time -> string',
  'time': 'string -> time',
  'add-time': 'forall a. (Num a) => time -> a -> time',
  'diff-time': 'time -> time -> decimal',
  'hours': 'forall a. (Num a) => a -> decimal',
  'minutes': 'forall a. (Num a) => a -> decimal',
  'days': 'forall a. (Num a) => a -> decimal',
  'compose': 'forall a b c. (a -> b) -> (b -> c) -> a -> c',
  'create-principal': 'guard -> string',
  'is-principal': 'string -> bool',
  'typeof-principal': 'string -> string',
  'validate-principal': 'guard -> string -> bool',
  'namespace': 'string -> string',
  'define-namespace': 'string -> guard -> guard -> string',
  'describe-namespace': 'string -> object{admin-guard:guard, namespace-name:string, user-guard:guard}',
  'pairing-check': `[${G1}] -> [${G2}] -> bool`,
  // Pact names this operation "read" (Infer.hs)
  'scalar-mult': { rowOp: 'read' },
  'point-add': { rowOp: 'point-add' },
  'poseidon-hash-hack-a-chain': '[integer] -> integer',
  'chain-data': `=> ${CHAIN_DATA}`,
  'is-charset': 'integer -> string -> bool',
  'pact-id': '=> string',
  'typeof': 'forall a. (IsValue a) => a -> string',
  'dec': 'integer -> decimal',
  'cond': 'forall a. (=> a) -> a',
  'identity': 'forall a. a -> a',
  'verify-spv': 'forall a:ROW. string -> object{a} -> object{a}',
  'enforce-verifier': 'string -> bool',
  'acquire-module-admin': 'forall a:REF. module{a} -> string',
  'read-with-fields': { rowOp: 'read' },
  'list-modules': '=> [string]',
  'static-redeploy': 'string -> unit',
  'hash-keccak256': '[string] -> string',
  'hash-poseidon': '[integer] -> integer',
  'hyperlane-message-id': `${HYPERLANE_MESSAGE} -> string`,
  'hyperlane-decode-token-message': 'string -> object{recipient:guard, amount:decimal, chainId:string}',
  'hyperlane-encode-token-message': 'object{recipient:string, amount:decimal, chainId:string} -> string',
};

const parsed = new Map<string, NativeType>();

/** The type of the core native `name` (Pact's internal name), parsed once. */
export function nativeType(name: string): NativeType | undefined {
  let t = parsed.get(name);
  if (t) return t;
  const raw = TABLE[name];
  if (raw === undefined) return undefined;
  t = typeof raw === 'string' ? parseScheme(raw) : raw;
  parsed.set(name, t);
  return t;
}

/** Every native the table types (for tests). */
export function typedNatives(): string[] { return Object.keys(TABLE); }

/** The schemas of the zk curve points (`point-add "g1"`, `scalar-mult "g2"`). */
export const ZK_POINT = { g1: G1, g2: G2 } as const;
