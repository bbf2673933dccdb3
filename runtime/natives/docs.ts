// What the REPL prints for a bare native name (as Pact's REPL shows a builtin's documentation):
// one entry per surface name of vm/builtins.ts, its call shapes and a short description, in our words.

export interface NativeDoc {
  /** every call shape, `(name arg:type ...) -> result` */
  signatures: readonly string[];
  description: string;
}

type Entry = [signatures: string | string[], description: string];

// prettier-ignore
const DOCS: Record<string, Entry> = {
  // arithmetic and comparison
  '+': [['(+ x:integer y:integer) -> integer', '(+ x:decimal y:decimal) -> decimal', '(+ x:string y:string) -> string', '(+ x:[a] y:[a]) -> [a]', '(+ x:object y:object) -> object'],
    'Adds two numbers (an integer and a decimal give a decimal), or joins two strings, two lists or two objects; with objects the left one wins on shared keys.'],
  '-': [['(- x:integer y:integer) -> integer', '(- x:decimal y:decimal) -> decimal', '(- x:<number>) -> <number>'],
    'Subtracts y from x; with a single argument, negates it.'],
  'negate': ['(negate x:<number>) -> <number>', 'The number with its sign flipped; `(- x)` is the same call.'],
  '*': [['(* x:integer y:integer) -> integer', '(* x:decimal y:decimal) -> decimal'], 'Multiplies two numbers; a decimal on either side gives a decimal.'],
  '/': [['(/ x:integer y:integer) -> integer', '(/ x:decimal y:decimal) -> decimal'],
    'Divides x by y. Integers divide rounding toward negative infinity; dividing by zero is an arithmetic error.'],
  '^': [['(^ x:integer y:integer) -> integer', '(^ x:decimal y:decimal) -> decimal'], 'Raises x to the power y; an integer power needs a non-negative exponent.'],
  'abs': ['(abs x:<number>) -> <number>', 'The magnitude of x, keeping its type.'],
  'mod': ['(mod x:integer y:integer) -> integer', 'The remainder of dividing x by y, with the sign of y.'],
  'exp': ['(exp x:<number>) -> decimal', 'e raised to the power x.'],
  'ln': ['(ln x:<number>) -> decimal', 'The natural logarithm of x, which must be positive.'],
  'sqrt': ['(sqrt x:<number>) -> decimal', 'The square root of x, which must not be negative.'],
  'log': [['(log base:integer x:integer) -> integer', '(log base:decimal x:decimal) -> decimal'], 'The logarithm of x in the given base.'],
  'round': [['(round x:decimal) -> integer', '(round x:decimal places:integer) -> decimal'],
    'Rounds half to even, to a whole integer or to the given number of decimal places.'],
  'ceiling': [['(ceiling x:decimal) -> integer', '(ceiling x:decimal places:integer) -> decimal'], 'Rounds up (toward positive infinity), to an integer or to the given number of decimal places.'],
  'floor': [['(floor x:decimal) -> integer', '(floor x:decimal places:integer) -> decimal'], 'Rounds down (toward negative infinity), to an integer or to the given number of decimal places.'],
  'dec': ['(dec x:integer) -> decimal', 'The same number as a decimal.'],
  '=': ['(= x:<a> y:<a>) -> bool', 'True when the two values are structurally equal.'],
  '!=': ['(!= x:<a> y:<a>) -> bool', 'True when the two values differ.'],
  '<': ['(< x:<a> y:<a>) -> bool', 'True when x orders before y (numbers of one type, strings, times, bools).'],
  '<=': ['(<= x:<a> y:<a>) -> bool', 'True when x orders before y or equals it.'],
  '>': ['(> x:<a> y:<a>) -> bool', 'True when x orders after y.'],
  '>=': ['(>= x:<a> y:<a>) -> bool', 'True when x orders after y or equals it.'],
  'not': ['(not x:bool) -> bool', 'Boolean negation.'],
  'and?': ['(and? f:(x:<a> -> bool) g:(x:<a> -> bool) value:<a>) -> bool', 'Applies both predicates to the value and is true when both are; g is skipped when f already fails.'],
  'or?': ['(or? f:(x:<a> -> bool) g:(x:<a> -> bool) value:<a>) -> bool', 'Applies both predicates to the value and is true when either is; g is skipped when f already holds.'],
  'not?': ['(not? f:(x:<a> -> bool) value:<a>) -> bool', 'The negation of the predicate applied to the value.'],
  '&': ['(& x:integer y:integer) -> integer', 'Bitwise AND of two integers (two\'s complement, unbounded).'],
  '|': ['(| x:integer y:integer) -> integer', 'Bitwise OR of two integers.'],
  'xor': ['(xor x:integer y:integer) -> integer', 'Bitwise exclusive OR of two integers.'],
  '~': ['(~ x:integer) -> integer', 'Bitwise complement: -x - 1.'],
  'shift': ['(shift x:integer by:integer) -> integer', 'Shifts x left by `by` bits, or right (rounding down) when `by` is negative.'],
  // general
  'map': ['(map f:(x:<a> -> <b>) xs:[<a>]) -> [<b>]', 'Applies f to each element in order and collects the results.'],
  'filter': ['(filter keep:(x:<a> -> bool) xs:[<a>]) -> [<a>]', 'The elements for which the predicate is true, in their order.'],
  'fold': ['(fold f:(acc:<b> x:<a> -> <b>) init:<b> xs:[<a>]) -> <b>', 'Combines the elements left to right, starting from init.'],
  'zip': ['(zip f:(x:<a> y:<b> -> <c>) xs:[<a>] ys:[<b>]) -> [<c>]', 'Applies f to elements at the same position in both lists; stops at the shorter list.'],
  'compose': ['(compose f:(x:<a> -> <b>) g:(x:<b> -> <c>) value:<a>) -> <c>', 'Applies f to the value, then g to the result.'],
  'bind': ['(bind src:object binding) -> <a>', 'Binds fields of the object to variables (`{ "field" := var }`) and evaluates the body with them.'],
  'identity': ['(identity value:<a>) -> <a>', 'Returns its argument unchanged.'],
  'continue': ['(continue value:<a>) -> <a>', 'Returns its argument; a defpact step uses it to continue a nested defpact.'],
  'typeof': ['(typeof value:<a>) -> string', 'The name of the value\'s type, such as "integer", "string" or "object".'],
  'show': ['(show value:<a>) -> string', 'The value rendered as Pact source text.'],
  'format': ['(format template:string args:[<a>]) -> string', 'Replaces each `{}` in the template with the next argument; strings go in without quotes.'],
  'enumerate': [['(enumerate from:integer to:integer) -> [integer]', '(enumerate from:integer to:integer step:integer) -> [integer]'],
    'The integers from `from` to `to`, both included, counting by step (1 or -1 when no step is given).'],
  'make-list': ['(make-list length:integer value:<a>) -> [<a>]', 'A list holding `length` copies of the value.'],
  'length': ['(length value:<list|string|object>) -> integer', 'The number of elements of a list, characters of a string or fields of an object.'],
  'reverse': [['(reverse xs:[<a>]) -> [<a>]', '(reverse s:string) -> string'], 'The list or string in the opposite order.'],
  'concat': ['(concat parts:[string]) -> string', 'Joins a list of strings into one.'],
  'str-to-list': ['(str-to-list s:string) -> [string]', 'The characters of the string, each as a one-character string.'],
  'take': [['(take count:integer xs:<list|string>) -> <list|string>', '(take keys:[string] obj:object) -> object'],
    'The first `count` elements (the last ones when count is negative), or only the listed fields of an object.'],
  'drop': [['(drop count:integer xs:<list|string>) -> <list|string>', '(drop keys:[string] obj:object) -> object'],
    'Everything but the first `count` elements (but the last ones when count is negative), or the object without the listed fields.'],
  'at': [['(at index:integer xs:[<a>]) -> <a>', '(at key:string obj:object) -> <a>'], 'The element at a 0-based position of a list, or the field of an object.'],
  'contains': [['(contains value:<a> xs:[<a>]) -> bool', '(contains key:string obj:object) -> bool', '(contains part:string s:string) -> bool'],
    'True when the list holds the value, the object has the key, or the string holds the substring.'],
  'remove': ['(remove key:string obj:object) -> object', 'The object without that field.'],
  'sort': [['(sort xs:[<a>]) -> [<a>]', '(sort fields:[string] objs:[object]) -> [object]'], 'Sorts plain values ascending, or objects by the listed fields.'],
  'distinct': ['(distinct xs:[<a>]) -> [<a>]', 'The list without repeated values, keeping the first of each.'],
  'where': ['(where field:string test:(x:<a> -> bool) obj:object) -> bool', 'Applies the test to one field of the object; meant for `select` and `filter`.'],
  'int-to-str': ['(int-to-str base:integer n:integer) -> string', 'Writes a non-negative integer in base 2 to 16, or as base64url bytes with base 64.'],
  'str-to-int': [['(str-to-int s:string) -> integer', '(str-to-int base:integer s:string) -> integer'], 'Reads an integer written in base 10, in base 2 to 16, or in base64url with base 64.'],
  'base64-encode': ['(base64-encode s:string) -> string', 'The UTF-8 bytes of the string in unpadded base64url.'],
  'base64-decode': ['(base64-decode s:string) -> string', 'Decodes unpadded base64url back into text.'],
  'is-charset': ['(is-charset charset:integer s:string) -> bool', 'True when every character is in the charset: CHARSET_ASCII (0) or CHARSET_LATIN1 (1).'],
  'hash': ['(hash value:<a>) -> string', 'The BLAKE2b-256 digest of a string, or of any other value\'s JSON form, in unpadded base64url.'],
  'tx-hash': ['(tx-hash) -> string', 'The hash of the running transaction.'],
  'chain-data': ['(chain-data) -> object', 'The public chain data: chain id, block height and time, previous block hash, sender, gas limit and price.'],
  'cond': ['(cond (test1 branch1) ... default) -> <a>', 'Evaluates the branch of the first test that is true, or the default.'],
  'read-msg': [['(read-msg) -> <a>', '(read-msg key:string) -> <a>'], 'The transaction\'s data, or one field of it.'],
  'read-string': ['(read-string key:string) -> string', 'A string field of the transaction\'s data.'],
  'read-integer': ['(read-integer key:string) -> integer', 'An integer field of the transaction\'s data (a number or a numeric string).'],
  'read-decimal': ['(read-decimal key:string) -> decimal', 'A decimal field of the transaction\'s data (a number or a numeric string).'],
  'read-keyset': ['(read-keyset key:string) -> guard', 'A keyset from the transaction\'s data: an object with keys and pred, or a plain list of keys.'],
  // database
  'create-table': ['(create-table table:table{schema}) -> string', 'Creates the storage behind a table of the module; top level only.'],
  'insert': ['(insert table:table{schema} key:string row:object{schema}) -> string', 'Writes a new row; fails if the key is already there.'],
  'write': ['(write table:table{schema} key:string row:object{schema}) -> string', 'Writes a row, creating or replacing it.'],
  'update': ['(update table:table{schema} key:string fields:object) -> string', 'Changes some fields of an existing row.'],
  'read': [['(read table:table{schema} key:string) -> object{schema}', '(read table:table{schema} key:string fields:[string]) -> object'], 'The row at the key, or only the listed fields of it.'],
  'with-read': ['(with-read table:table{schema} key:string binding) -> <a>', 'Reads the row and binds its fields for the body.'],
  'with-default-read': ['(with-default-read table:table{schema} key:string default:object binding) -> <a>', 'Like with-read, but binds the default object when the row is missing.'],
  'keys': ['(keys table:table{schema}) -> [string]', 'Every key of the table, in ascending order.'],
  'select': [['(select table:table{schema} where:(row:object -> bool)) -> [object]', '(select table:table{schema} fields:[string] where:(row:object -> bool)) -> [object]'],
    'The rows the predicate accepts, optionally keeping only some fields.'],
  'fold-db': ['(fold-db table:table{schema} query:(key:string row:object -> bool) consumer:(key:string row:object -> <a>)) -> [<a>]', 'Runs the consumer over every row the query accepts, collecting the results in key order.'],
  'txlog': ['(txlog table:table{schema} txid:integer) -> [object]', 'The writes a transaction made to the table.'],
  'txids': ['(txids table:table{schema} txid:integer) -> [integer]', 'The ids of the transactions that wrote to the table from txid on.'],
  'keylog': ['(keylog table:table{schema} key:string txid:integer) -> [object]', 'The writes to one key from txid on.'],
  'describe-table': ['(describe-table table:table{schema}) -> object', 'The table\'s name, module and type.'],
  'describe-keyset': ['(describe-keyset name:string) -> guard', 'The keyset stored under that name.'],
  'describe-module': ['(describe-module name:string) -> object', 'A deployed module\'s name, hash, code and interfaces.'],
  'describe-namespace': ['(describe-namespace name:string) -> object', 'A namespace\'s name and its user and admin guards.'],
  'list-modules': ['(list-modules) -> [string]', 'The names of every deployed module and interface.'],
  'define-keyset': [['(define-keyset name:string keyset:guard) -> string', '(define-keyset name:string) -> string'],
    'Stores a keyset under a name (read from the transaction\'s data when not given); replacing one needs the old keyset.'],
  'namespace': ['(namespace name:string) -> string', 'Makes the namespace current for what follows; "" goes back to the root.'],
  'define-namespace': ['(define-namespace name:string user:guard admin:guard) -> string', 'Creates a namespace, or changes its guards when its admin guard passes.'],
  'static-redeploy': ['(static-redeploy module:string) -> unit', 'Stores a deployed module again without changing it.'],
  // capabilities and guards
  'require-capability': ['(require-capability cap) -> bool', 'Fails unless the capability is granted in the current scope.'],
  'compose-capability': ['(compose-capability cap) -> bool', 'Inside a defcap: grants another capability together with the one being acquired.'],
  'install-capability': ['(install-capability cap) -> string', 'Installs a managed capability with the amount it may later be acquired for.'],
  'emit-event': ['(emit-event cap) -> bool', 'Emits an event for an @event or @managed capability of the calling module.'],
  'create-capability-guard': ['(create-capability-guard cap) -> guard', 'A guard that passes while exactly that capability is in scope.'],
  'create-capability-pact-guard': ['(create-capability-pact-guard cap) -> guard', 'A capability guard that also requires the running defpact to be the current one.'],
  'enforce-guard': [['(enforce-guard guard:guard) -> bool', '(enforce-guard keyset-name:string) -> bool'], 'Fails unless the guard passes (signatures for a keyset, the function for a user guard, ...).'],
  'enforce-keyset': [['(enforce-keyset guard:guard) -> bool', '(enforce-keyset keyset-name:string) -> bool'], 'The same as enforce-guard, under its older name.'],
  'keyset-ref-guard': ['(keyset-ref-guard name:string) -> guard', 'A guard that refers to a keyset stored under that name.'],
  'create-module-guard': ['(create-module-guard name:string) -> guard', 'A guard that passes inside the calling module or with its admin (deprecated).'],
  'create-pact-guard': ['(create-pact-guard name:string) -> guard', 'A guard that passes only inside the running defpact (deprecated).'],
  'create-principal': ['(create-principal guard:guard) -> string', 'The principal name of a guard, such as "k:<key>" for a single-key keyset.'],
  'is-principal': ['(is-principal s:string) -> bool', 'True when the string is a well-formed principal name.'],
  'typeof-principal': ['(typeof-principal s:string) -> string', 'The prefix of a principal ("k:", "w:", "r:", "u:", "m:", "p:" or "c:"), or "" for anything else.'],
  'validate-principal': ['(validate-principal guard:guard principal:string) -> bool', 'True when the principal is the guard\'s principal name.'],
  'acquire-module-admin': ['(acquire-module-admin module) -> string', 'Enforces the module\'s governance, granting admin rights over it.'],
  // time
  'time': ['(time iso:string) -> time', 'A time read from "YYYY-MM-DDThh:mm:ssZ".'],
  'parse-time': ['(parse-time format:string s:string) -> time', 'A time read with a %-directive format.'],
  'format-time': ['(format-time format:string t:time) -> string', 'A time written with a %-directive format.'],
  'add-time': ['(add-time t:time seconds:<number>) -> time', 'The time moved by a number of seconds.'],
  'diff-time': ['(diff-time t1:time t2:time) -> decimal', 'The seconds from t2 to t1.'],
  'minutes': ['(minutes n:<number>) -> decimal', 'n minutes in seconds.'],
  'hours': ['(hours n:<number>) -> decimal', 'n hours in seconds.'],
  'days': ['(days n:<number>) -> decimal', 'n days in seconds.'],
  // crypto
  'hash-keccak256': ['(hash-keccak256 chunks:[string]) -> string', 'The Keccak-256 digest of the concatenated base64url-decoded chunks, in base64url.'],
  'hash-poseidon': ['(hash-poseidon x1:integer ... x8:integer) -> integer', 'The Poseidon hash (BN254 scalar field) of one to eight integers.'],
  'poseidon-hash-hack-a-chain': ['(poseidon-hash-hack-a-chain x1:integer ... x8:integer) -> integer', 'The older name of hash-poseidon.'],
  'pairing-check': ['(pairing-check g1s:[object] g2s:[object]) -> bool', 'True when the product of BN254 pairings of the paired points is one.'],
  'scalar-mult': ['(scalar-mult group:string point:object k:integer) -> object', 'A point of "g1" or "g2" multiplied by a scalar.'],
  'point-add': ['(point-add group:string p:object q:object) -> object', 'The sum of two points of "g1" or "g2".'],
  'hyperlane-message-id': ['(hyperlane-message-id message:object) -> string', 'The id (Keccak-256 of the packed fields) of a Hyperlane message.'],
  'hyperlane-encode-token-message': ['(hyperlane-encode-token-message message:object) -> string', 'Encodes an amount, chain id and recipient guard as a Hyperlane token message.'],
  'hyperlane-decode-token-message': ['(hyperlane-decode-token-message encoded:string) -> object', 'Decodes a Hyperlane token message into amount, chain id and recipient guard.'],
  'verify-spv': ['(verify-spv type:string proof:object) -> object', 'Checks an SPV proof with the host\'s support (none in the REPL by default).'],
  'enforce-verifier': ['(enforce-verifier name:string) -> bool', 'Inside a defcap: fails unless the named verifier granted the capability.'],
  // special forms run as natives
  'with-capability': ['(with-capability cap body...) -> <a>', 'Acquires the capability (running its defcap), evaluates the body, then releases it.'],
  'create-user-guard': ['(create-user-guard (f args...)) -> guard', 'A guard that passes when the function, called with those arguments, does not fail.'],
  // defpacts
  'yield': [['(yield value:object) -> object', '(yield value:object target-chain:string) -> object'], 'Hands the object to the next step of the defpact, possibly on another chain.'],
  'resume': ['(resume binding) -> <a>', 'Binds the fields the previous defpact step yielded.'],
  'pact-id': ['(pact-id) -> string', 'The id of the running defpact.'],
  // REPL only
  'begin-tx': [['(begin-tx) -> string', '(begin-tx name:string) -> string'], 'Opens a transaction, optionally named.'],
  'commit-tx': ['(commit-tx) -> string', 'Commits the open transaction.'],
  'rollback-tx': ['(rollback-tx) -> string', 'Discards the open transaction.'],
  'expect': ['(expect doc:string expected:<a> actual:<a>) -> string', 'A test: passes when the actual value equals the expected one.'],
  'expect-failure': [['(expect-failure doc:string expr) -> string', '(expect-failure doc:string message:string expr) -> string'],
    'A test: passes when the expression fails, and when given, its error text contains the message.'],
  'expect-that': ['(expect-that doc:string check:(x:<a> -> bool) actual:<a>) -> string', 'A test: passes when the check accepts the value.'],
  'env-data': ['(env-data data:object) -> string', 'Sets the transaction\'s data (what read-msg and friends read).'],
  'env-chain-data': ['(env-chain-data fields:object) -> string', 'Sets fields of the public chain data.'],
  'env-keys': ['(env-keys keys:[string]) -> string', 'Sets the signing keys, with no capability restrictions.'],
  'env-sigs': ['(env-sigs sigs:[object]) -> string', 'Sets the signers, each with its key and the capabilities it signs for.'],
  'env-verifiers': ['(env-verifiers verifiers:[object]) -> string', 'Sets the verifiers, each with its name and the capabilities it grants.'],
  'env-hash': ['(env-hash hash:string) -> string', 'Sets the transaction hash.'],
  'env-exec-config': [['(env-exec-config) -> [string]', '(env-exec-config flags:[string]) -> [string]'], 'Shows or sets the execution flags.'],
  'env-namespace-policy': ['(env-namespace-policy allow-root:bool manager:(ns:string admin:guard -> bool)) -> string', 'Sets who may define namespaces and whether the root may hold modules.'],
  'env-enable-repl-natives': ['(env-enable-repl-natives enable:bool) -> string', 'Lets module code call REPL-only natives.'],
  'env-module-admin': ['(env-module-admin module) -> string', 'Grants admin rights over a module without its governance.'],
  'env-set-debug-flag': ['(env-set-debug-flag flag:string) -> string', 'Turns a debugging output on.'],
  'env-events': ['(env-events clear:bool) -> [object]', 'The events emitted so far, optionally clearing them.'],
  'env-stackframe': ['(env-stackframe) -> [string]', 'The running defuns, defcaps and defpacts, innermost first, each as Pact shows its stack frame record.'],
  'env-gas': [['(env-gas) -> integer', '(env-gas gas:integer) -> string'], 'Shows or sets the gas used so far.'],
  'env-milligas': ['(env-milligas) -> integer', 'The gas used so far, in milligas.'],
  'env-set-milligas': ['(env-set-milligas milligas:integer) -> string', 'Sets the gas used so far, in milligas.'],
  'env-gaslimit': ['(env-gaslimit limit:integer) -> string', 'Sets the gas limit.'],
  'env-gasmodel': [['(env-gasmodel) -> string', '(env-gasmodel model:string) -> string', '(env-gasmodel "fixed" rate:integer) -> string'], 'Shows or sets the gas model: "table" or a fixed rate per step.'],
  'env-gaslog': ['(env-gaslog) -> [string]', 'Starts logging gas charges, or stops and returns the log.'],
  'continue-pact': [['(continue-pact step:integer) -> string', '(continue-pact step:integer rollback:bool) -> string', '(continue-pact step:integer rollback:bool pact-id:string) -> string', '(continue-pact step:integer rollback:bool pact-id:string yielded:object) -> string'],
    'Runs the next (or a rollback) step of a defpact, optionally naming the pact and the value it resumes with.'],
  'pact-state': [['(pact-state) -> object', '(pact-state clear:bool) -> object'], 'The state of the last defpact step run; true clears it.'],
  'load': [['(load file:string) -> string', '(load file:string reset:bool) -> string'], 'Runs a .repl or .pact file in this session; true resets the state first.'],
  'print': ['(print value:<a>) -> string', 'Prints the value (strings without quotes).'],
  'sig-keyset': ['(sig-keyset) -> guard', 'A keyset of every signing key, passing with any of them.'],
  'test-capability': ['(test-capability cap) -> string', 'Acquires a capability for the rest of the transaction, as a test shortcut.'],
  'typecheck': ['(typecheck module:string) -> string', 'Typechecks a deployed module.'],
  'pact-version': ['(pact-version) -> string', 'The Pact version this REPL follows.'],
  'enforce-pact-version': [['(enforce-pact-version min:string) -> bool', '(enforce-pact-version min:string max:string) -> bool'], 'Fails unless the Pact version is at least min (and at most max).'],
};

/**
 * Names Pact's REPL documents that are no natives of the catalogue: its documentation pages are
 * keyed by their file names, which cover the special forms and a few names no native has (the
 * keyset predicates keys-2 and keys-all, the CHARSET constants' pages, a second page of
 * list-modules).
 */
// prettier-ignore
const FORM_DOCS: Record<string, Entry> = {
  'and': ['(and x:bool y:bool) -> bool', 'True when both are true; y is evaluated only when x is true.'],
  'or': ['(or x:bool y:bool) -> bool', 'True when either is true; y is evaluated only when x is false.'],
  'if': ['(if test:bool then:<a> else:<a>) -> <a>', 'Evaluates the then branch when the test is true, else the other one.'],
  'do': ['(do expr1 ... exprN) -> <a>', 'Evaluates the expressions in order and returns the last one\'s value.'],
  'enforce': ['(enforce test:bool msg:string) -> bool', 'Fails with the message unless the test is true; the message is evaluated only on failure.'],
  'enforce-one': ['(enforce-one msg:string tests:[bool]) -> bool', 'Passes when one of the tests, tried in order, is true without failing; otherwise fails with the message.'],
  'try': ['(try default:<a> action:<a>) -> <a>', 'The value of the action, or the default when the action fails recoverably (its writes undone).'],
  'constantly': ['(constantly value:<a> ignored:<b>) -> <a>', 'The value, whatever the other argument: `(map (constantly 0) xs)`.'],
  'keys-2': ['(keys-2 count:integer matched:integer) -> bool', 'The keyset predicate that passes when at least two of the keyset\'s keys signed.'],
  'keys-all': ['(keys-all count:integer matched:integer) -> bool', 'The keyset predicate that passes when every key of the keyset signed.'],
  'charset-ascii': ['CHARSET_ASCII -> integer', 'The constant that names the ASCII character set for is-charset.'],
  'charset-latin1': ['CHARSET_LATIN1 -> integer', 'The constant that names the Latin-1 character set for is-charset.'],
  'list-module': DOCS['list-modules'],
};

/** Natives Pact's REPL has no page for: their bare name is evaluated (and fails, a native being no value). */
const NO_PACT_PAGE: ReadonlySet<string> = new Set(['env-stackframe']);

const docOf = ([signatures, description]: Entry): NativeDoc =>
  ({ signatures: typeof signatures === 'string' ? [signatures] : signatures, description });

/** What the REPL prints for a bare name, if Pact's REPL shows a page for it (RBuiltinDoc). */
export function replDoc(name: string): NativeDoc | undefined {
  if (Object.hasOwn(FORM_DOCS, name)) return docOf(FORM_DOCS[name]);
  return NO_PACT_PAGE.has(name) ? undefined : nativeDoc(name);
}

/** Every name the REPL prints a page for. */
export function replDocumentedNames(): string[] {
  return [...documentedNatives().filter(n => !NO_PACT_PAGE.has(n)), ...Object.keys(FORM_DOCS)];
}

/** The documentation of a native by the name users write, if it has one. */
export function nativeDoc(name: string): NativeDoc | undefined {
  return Object.hasOwn(DOCS, name) ? docOf(DOCS[name]) : undefined;
}

/** Every documented name. */
export function documentedNatives(): string[] { return Object.keys(DOCS); }

/** The doc as the REPL prints it: the name, each call shape, then the description. */
export function renderNativeDoc(name: string, doc: NativeDoc): string {
  return [name, '', ...doc.signatures.map(s => `  ${s}`), '', doc.description].join('\n');
}
