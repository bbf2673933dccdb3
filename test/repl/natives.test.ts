// REPL natives return Pact 5's exact strings (repl.md §3, decisions.md).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf, runRepl } from '../helpers.js';

test('begin-tx and commit-tx report the transaction id and name without a colon', () => {
  const r = runRepl('(begin-tx "setup") (commit-tx) (begin-tx) (commit-tx)');
  assert.equal(r.traces, ['"Begin Tx 0 setup"', '"Commit Tx 0 setup"', '"Begin Tx 1"', '"Commit Tx 1"']);
});

test('rollback-tx does not consume a transaction id', () => {
  const r = runRepl('(begin-tx) (rollback-tx) (begin-tx "again")');
  assert.equal(r.traces, ['"Begin Tx 0"', '"Rollback Tx 0"', '"Begin Tx 0 again"']);
});

test('commit-tx with no transaction open is the database error', () => {
  assert.is(errorOf('(commit-tx)'),
    'Error during database operation: No Transaction currently in progress, cannot execute "commit"');
  assert.is(errorOf('(rollback-tx)'),
    'Error during database operation: No Transaction currently in progress, cannot execute "rollback"');
});

test('begin-tx inside an open transaction fails and loses the name', () => {
  const r = runRepl('(begin-tx "a") (begin-tx "b")');
  assert.is(r.error?.message, 'tx-function failure Begin Tx');
  assert.is(errorOf('(begin-tx "a") (expect-failure "nested" (begin-tx)) (commit-tx)'), 'tx-function failure Commit Tx');
});

test('expect: success and FAILURE strings', () => {
  assert.is(evalLast('(expect "adds" 2 (+ 1 1))'), '"Expect: success adds"');
  assert.is(evalLast('(expect "adds" 3 (+ 1 1))'), '"FAILURE: adds expected: 3, received: 2"');
  assert.is(evalLast('(expect "lists" [1 2] [1 3])'), '"FAILURE: lists expected: [1 2], received: [1 3]"');
  assert.is(evalLast('(expect "int is not decimal" 1 1.0)'), '"FAILURE: int is not decimal expected: 1, received: 1.0"');
});

test('expect: an error in actual is reported with the message on a new line', () => {
  assert.is(evalLast('(expect "boom" 1 (enforce false "no way"))'),
    '"FAILURE: boom evaluation of actual failed with error message:\nno way"');
});

test('expect-failure: success, no error, and message matching', () => {
  assert.is(evalLast('(expect-failure "fails" (enforce false "x"))'), '"Expect failure: Success: fails"');
  // decisions.md: when the expression succeeds, expect-failure raises Pact's FAILURE text
  assert.is(errorOf('(expect-failure "fails" 1)'), 'FAILURE: fails: expected failure, got result');
  assert.is(evalLast('(expect-failure "m" "div by zero" (/ 1 0))'), '"Expect failure: Success: m"');
  assert.is(evalLast('(expect-failure "m" "other" (/ 1 0))'),
    `"FAILURE: m: expected error message 'other', got 'Arithmetic exception: div by zero'"`);
  // upstream names the expected message (not the doc) when there was no error
  assert.is(errorOf('(expect-failure "m" "msg" 5)'), 'FAILURE: msg: expected failure, got result: 5');
});

test('expect-that: success, unmet condition, non-boolean predicate', () => {
  assert.is(evalLast('(expect-that "big" (lambda (x) (> x 1)) 5)'), '"Expect-that: success big"');
  assert.is(evalLast('(expect-that "big" (lambda (x) (> x 10)) 5)'), '"FAILURE: Expect-that: Did not satisfy condition: big"');
  assert.is(errorOf('(expect-that "odd" (lambda (x) x) 5)'),
    'native execution failure, expect-that failed with message: Expect-that: condition did not return a boolean');
});

test('an expect-failure whose expression succeeds stops the script, and its failure is recorded', () => {
  const r = runRepl('(expect "before" 1 1)\n(expect-failure "no error" (+ 1 1))\n(expect "never" 1 1)');
  assert.is(r.error!.message, 'FAILURE: no error: expected failure, got result');
  assert.equal(r.session.testResults.map(t => [t.doc, t.passed]), [['before', true], ['no error', false]]);
});

test('REPL natives in module code need env-enable-repl-natives', () => {
  const mod = '(module m g (defcap g () true) (defun f () (env-data {"a": 1})))';
  assert.is(errorOf(mod), 'Program encountered an unhandled raised error: repl native disallowed in module code. ' +
    'If you want to use this, enable them with (env-enable-repl-natives true)');
  assert.match(evalLast(`(env-enable-repl-natives true) ${mod} (m.f)`), '"Setting transaction data"');
  assert.is(evalLast('(defun g () (env-data {"a": 1})) (g)'), '"Setting transaction data"'); // not a module
});

test('failed expects are recorded and the script goes on', () => {
  const r = runRepl('(expect "a" 1 2) (expect "b" 1 1)');
  assert.is(r.error, null);
  assert.equal(r.session.testResults.map(t => [t.doc, t.passed]), [['a', false], ['b', true]]);
});

test('env-data, env-keys, env-sigs, env-hash strings', () => {
  assert.is(evalLast('(env-data {"a": 1})'), '"Setting transaction data"');
  assert.is(evalLast('(env-keys ["k1"])'), '"Setting transaction keys"');
  assert.is(evalLast('(env-sigs [{"key": "k1", "caps": []}])'), '"Setting transaction signatures/caps"');
  assert.is(evalLast('(env-hash "DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g")'),
    '"Set tx hash to DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g"');
  assert.is(evalLast('(env-hash "DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g") (tx-hash)'),
    '"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g"');
});

test('env-sigs rejects malformed signatures with the upstream message', () => {
  assert.is(errorOf('(env-sigs [{"key": 1, "caps": []}])'),
    "env-sigs: Expected object with 'key': string, 'caps': [capability]");
});

test('env-hash accepts any base64url (ops.repl relies on it), rejects other text and keeps the old hash', () => {
  assert.is(evalLast('(env-hash "YQo") (tx-hash)'), '"YQo"');
  // Pact's envHash: the decoder's (base64-bytestring's) words, as a recoverable user error
  assert.is(errorOf('(env-hash "a+b")'), 'invalid character at offset: 1');
  assert.is(errorOf('(env-hash "YR")'), 'non-canonical encoding detected at offset: 1');
  assert.is(errorOf('(env-hash "Y")'), 'Base64-encoded bytestring has invalid size');
  assert.is(errorOf('(env-hash "YQ=")'), 'Base64-encoded bytestring has invalid padding');
  assert.is(errorOf('(env-hash "Y=")'), 'invalid padding at offset: 1');
  assert.is(evalLast('(try "caught" (env-hash "!!"))'), '"caught"');
  assert.is(evalLast('(expect-failure "bad" (env-hash "!!")) (tx-hash)'), '"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g"');
  // the hash is its bytes: padded text is taken (the decoder takes it) and read back unpadded
  assert.is(evalLast('(env-hash "YQ==")'), '"Set tx hash to YQ=="');
  assert.is(evalLast('(env-hash "YQ==") (tx-hash)'), '"YQ"');
});

test('sig-keyset builds a keys-all keyset of the signer keys', () => {
  assert.is(evalLast('(env-keys ["bob" "alice" "bob"]) (sig-keyset)'), 'KeySet {keys: [alice, bob],pred: keys-all}');
});

test('env-chain-data updates chain-data and returns the upstream string (pubdata.repl compares it)', () => {
  assert.is(evalLast('(env-chain-data {"chain-id": "3", "block-height": 20})'), '"Updated public metadata"');
  assert.is(evalLast('(env-chain-data {"chain-id": "3", "block-height": 20}) (chain-data)'),
    '{"block-height": 20,"block-time": "1970-01-01T00:00:00Z","chain-id": "3","gas-limit": 0,"gas-price": 0.0,"prev-block-hash": "","sender": ""}');
  assert.match(evalLast('(env-chain-data {"chain-id": 7}) (chain-data)'), '"chain-id": "7"');
  assert.is(errorOf('(env-chain-data {"chain-id": 20})'), 'envChainData: chain-id must be between 0 and 19, got 20');
  assert.is(errorOf('(env-chain-data {"nope": 1})'), 'envChainData: bad public metadata value for key: nope');
  assert.is(errorOf('(env-chain-data {"gas-price": 1})'), 'envChainData: bad public metadata value for key: gas-price');
});

test('env-exec-config returns recognised flags sorted and deduplicated, warning about unknown ones', () => {
  const r = runRepl('(env-exec-config ["DisablePact51" "AllowReadInLocal" "Nope" "DisablePact51" "DisableLang40"])');
  assert.equal(r.traces, ['["AllowReadInLocal" "DisableLang40" "DisablePact51"]']);
  assert.equal(r.prints, ['Warning: Repl flags not recognized: Nope']);
  assert.equal(runRepl('(env-exec-config ["DisablePact51"])').prints, [], 'known flags only: no warning');
  assert.equal(runRepl('(env-exec-config ["Nope" "DisablePact51" "Nah"])').prints, ['Warning: Repl flags not recognized: Nope, Nah']);
  assert.is(evalLast('(env-exec-config ["EnforceKeyFormats"]) (env-exec-config)'), '["EnforceKeyFormats"]');
  assert.is(evalLast('(env-exec-config ["EnforceKeyFormats"]) (env-exec-config [])'), '[]');
});

test('env-enable-repl-natives strings are lower-case', () => {
  assert.is(evalLast('(env-enable-repl-natives true)'), '"repl natives enabled"');
  assert.is(evalLast('(env-enable-repl-natives false)'), '"repl natives disabled"');
});

test('env-events returns an empty list when nothing was emitted', () => {
  assert.is(evalLast('(env-events true)'), '[]');
});

test('env-keys and env-exec-config name the first element that is no string, as asString does', () => {
  const typeError = (native: string, types: string) => `Type error: failed to call native function ${native} with argument(s) of type(s): ${types}`;
  assert.is(errorOf('(env-keys [1 "a"])'), typeError('env-keys', 'integer'));
  assert.is(errorOf('(env-keys ["a" {"b": 1} 2])'), typeError('env-keys', 'object'));
  assert.is(errorOf('(env-keys ["a" [1]])'), typeError('env-keys', 'list'));
  assert.is(errorOf('(env-keys "a")'), typeError('env-keys', 'string'));
  assert.is(errorOf('(env-exec-config [1])'), typeError('env-exec-config', 'integer'));
  assert.is(errorOf('(env-exec-config ["AllowReadInLocal" true])'), typeError('env-exec-config', 'bool'));
  assert.is(errorOf('(env-exec-config "AllowReadInLocal")'), typeError('env-exec-config', 'string'));
});

test('expect-that needs a string and a function before its value (coreExpectThat\'s pattern)', () => {
  const typeError = (types: string) => `Type error: failed to call native function expect-that with argument(s) of type(s): ${types}`;
  assert.is(errorOf('(expect-that "x" 1 2)'), typeError('string, integer, integer'));
  assert.is(errorOf('(expect-that "x" "f" 2)'), typeError('string, string, integer'));
  assert.is(errorOf('(expect-that 1 (lambda (x) true) 2)'), typeError('integer, closure, integer'));
  assert.is(evalLast('(expect-that "x" (= 2) 2)'), '"Expect-that: success x"');
});

test('env-sigs and env-verifiers given no list fail as wrong arguments; a list of wrong entries keeps its own text', () => {
  const typeError = (native: string, types: string) => `Type error: failed to call native function ${native} with argument(s) of type(s): ${types}`;
  assert.is(errorOf('(env-sigs "a")'), typeError('env-sigs', 'string'));
  assert.is(errorOf('(env-sigs {"key": "k", "caps": []})'), typeError('env-sigs', 'object'));
  assert.is(errorOf('(env-verifiers 1)'), typeError('env-verifiers', 'integer'));
  assert.is(errorOf('(env-sigs [{"key": 1, "caps": []}])'), "env-sigs: Expected object with 'key': string, 'caps': [capability]");
  assert.is(errorOf('(env-sigs ["k"])'), "env-sigs: Expected object with 'key': string, 'caps': [capability]");
});

test('env-events false leaves the events in place; true returns them and clears them (envEvents)', () => {
  const setup = `(begin-tx)
    (module m g (defcap g () true) (defcap E (n:integer) @event true) (defun fire (n:integer) (emit-event (E n))))
    (fire 1) (fire 2)`;
  const names = (events: string) => (events.match(/"name": "m\.E"/g) ?? []).length;
  assert.is(names(evalLast(`${setup} (env-events false) (env-events false)`)), 2);
  assert.is(names(evalLast(`${setup} (env-events true)`)), 2);
  assert.is(evalLast(`${setup} (env-events true) (env-events true)`), '[]');
});

test('(env-gas N) and (env-set-milligas N) set the counter that env-gas and env-milligas read', () => {
  assert.is(evalLast('(env-gas 7) (env-gas)'), '7');
  assert.is(evalLast('(env-gas 7) (env-milligas)'), '7000');
  assert.is(evalLast('(env-set-milligas 7001) (env-milligas)'), '7001');
});

test('gas: nothing is charged until a limit is set; env-gas rounds milligas up', () => {
  assert.is(evalLast('(env-gasmodel "table") (+ 1 2) (env-gas)'), '0');
  assert.is(evalLast('(env-gasmodel "table") (env-gaslimit 1000) (+ 10 10) (env-milligas)'), '130');
  assert.is(evalLast('(env-gasmodel "table") (env-gaslimit 1000) (+ 10 10) (env-gas)'), '1');
  assert.is(evalLast('(env-set-milligas 2500) (env-gas)'), '3');
  assert.is(evalLast('(env-gas 7)'), '"Set gas to 7"');
  assert.is(evalLast('(env-set-milligas 7)'), '"Set milligas to 7"');
  assert.is(evalLast('(env-gaslimit 10)'), '"Set gas limit to 10"');
});

test('gas: exceeding the limit raises the upstream text', () => {
  assert.is(errorOf('(env-gasmodel "table") (env-gaslimit 1) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2)'),
    'Gas limit "1"exceeded: 2');
});

test('env-gasmodel: query, table, fixed with a rate, and errors', () => {
  assert.is(evalLast('(env-gasmodel)'), `"Current gas model is 'freeGasModel': free gas model"`);
  assert.is(evalLast('(env-gasmodel "table")'), '"Set gas model to table-based cost model"');
  assert.is(evalLast('(env-gasmodel "table") (env-gasmodel)'), `"Current gas model is 'table': table-based cost model"`);
  assert.is(evalLast('(env-gasmodel "fixed" 2)'), '"Set gas model to constant rate gas model with fixed rate 2"');
  assert.is(evalLast('(env-gasmodel "fixed" 2) (env-gasmodel)'),
    `"Current gas model is 'fixed 2': constant rate gas model with fixed rate 2"`);
  assert.is(errorOf('(env-gasmodel "nope")'), 'Type error: failed to call native function env-gasmodel with argument(s) of type(s): string');
  assert.is(errorOf('(env-gasmodel 1 2)'), 'Type error: failed to call native function env-gasmodel with argument(s) of type(s): integer, integer');
  assert.is(errorOf('(env-gasmodel "fixed")'),
    'native execution failure, env-gasmodel failed with message: the fixed model needs a rate: (env-gasmodel "fixed" RATE)');
  assert.is(errorOf('(env-gasmodel "fixed" -1)'),
    'native execution failure, env-gasmodel failed with message: invalid fixed gas rate: -1, expected a non-negative integer');
  assert.match(errorOf('(env-gasmodel "fixed" 1.5)'), 'invalid fixed gas rate: 1.5,');
  // the table model takes no rate (envGasModel's patterns): a wrong argument, and the model stays
  assert.is(errorOf('(env-gasmodel "table" 5)'),
    'Type error: failed to call native function env-gasmodel with argument(s) of type(s): string, integer');
  assert.is(evalLast('(expect-failure "x" (env-gasmodel "table" 5)) (env-gasmodel)'), `"Current gas model is 'freeGasModel': free gas model"`);
  assert.is(evalLast('(expect-failure "x" (env-gasmodel "fixed")) (env-gasmodel)'), `"Current gas model is 'freeGasModel': free gas model"`);
});

test('fixed model: every charge point costs the rate', () => {
  // (+ 1 2): one native charge + one integer-op charge = 2 charge points
  assert.is(evalLast('(env-gasmodel "fixed" 3) (env-gaslimit 100) (+ 1 2) (env-gas)'), '6');
});

test('env-gaslog: first call starts the log; the next lists the charges with running totals', () => {
  const r = runRepl('(env-gasmodel "table") (env-gaslimit 1000) (env-gaslog) (+ 10 10) (env-gaslog)');
  assert.is(r.traces[2], '["TOTAL: 0"]');
  assert.is(r.traces[4],
    '["TOTAL: 1" "GNative + test.repl:0:56-0:65: 100mG, total 100mG" "GIntegerOpCost PrimOpAdd 10 10 test.repl:0:56-0:65: 30mG, total 130mG"]');
});

// The log writes each call site's range once and reuses the text: a site charged again, in the
// same log or a later one, must read the same, and other sites their own.
test('env-gaslog: a call site charged again reads the same range, in the same log and the next', () => {
  const src = '(env-gasmodel "table") (env-gaslimit 100000) (defun f (x) (+ x 1)) (env-gaslog)\n' +
    '(map (f) [1 2])\n(env-gaslog)\n(f 3)\n(+ 4 5)\n(env-gaslog)';
  const r = runRepl(src);
  const sites = (trace: string, what: string) =>
    [...trace.matchAll(new RegExp(`"${what} (test\\.repl:[0-9:-]+):`, 'g'))].map(m => m[1]);
  const first = sites(r.traces[5], 'GIntegerOpCost PrimOpAdd [0-9]+ 1');
  assert.equal(first, ['test.repl:0:58-0:65', 'test.repl:0:58-0:65'], r.traces[5]);
  const later = sites(r.traces[8], 'GIntegerOpCost PrimOpAdd [0-9]+ [0-9]+');
  assert.equal(later, ['test.repl:0:58-0:65', 'test.repl:4:0-4:7'], r.traces[8]);
});

test('pact-version and enforce-pact-version', () => {
  assert.is(evalLast('(pact-version)'), '"5.4"');
  // versions compare as Data.Version's lists: 5.4 is below 5.4.0 and 5.4.1
  assert.is(errorOf('(enforce-pact-version "5.4.1")'), 'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 5.4.1 ');
  assert.is(errorOf('(enforce-pact-version "5.4.0")'), 'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 5.4.0 ');
  assert.is(evalLast('(enforce-pact-version "5.0" "5.4.0")'), 'true');
  assert.is(evalLast('(enforce-pact-version "5.4" "5.4")'), 'true');
  assert.is(errorOf('(enforce-pact-version "5.0" "5.3.9")'),
    'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 5.0 Maximum Version: 5.3.9');
  assert.is(evalLast('(enforce-pact-version "5.0")'), 'true');
  assert.is(errorOf('(enforce-pact-version "6.0")'), 'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 6.0 ');
  assert.is(errorOf('(enforce-pact-version "1.0" "2.0")'),
    'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 1.0 Maximum Version: 2.0');
  assert.is(errorOf('(enforce-pact-version "x")'),
    'Enforce pact-version failed: Could not parse x, expect list of dot-separated integers');
});

test('print writes the rendered value on the print channel', () => {
  const r = runRepl('(print "hi") (print [1 2])');
  assert.equal(r.prints, ['"hi"', '[1 2]']);
  assert.equal(r.traces, []);
});

test('describe-module returns the upstream fields plus the seed\'s blessed and keyset', () => {
  const out = evalLast('(module m g (defcap g () true) (bless "qKuZPdSFkGubaGD232KSyayEbUg1e9R47eiDqrpoghs") (defun f () 1)) (describe-module "m")');
  assert.match(out, /^\{"blessed": \["qKuZPdSFkGubaGD232KSyayEbUg1e9R47eiDqrpoghs"\],"code": "\(module m g/);
  assert.match(out, /"interfaces": \[\],"keyset": "m.g","name": "m","tx_hash": "DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g"\}$/);
  assert.match(evalLast(`(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k"))
    (module n 'ks (defun f () 1)) (describe-module "n")`), '"keyset": "ks"');
  assert.is(errorOf('(describe-module "a.b.c")'), 'native execution failure, describe-module failed with message: invalid module name format');
});

test('REPL defuns and defconsts survive commit-tx', () => {
  const r = runRepl('(begin-tx) (defun add1 (x) (+ x 1)) (defconst TEN 10) (commit-tx) (add1 TEN)');
  assert.equal(r.traces, ['"Begin Tx 0"', 'Loaded repl defun add1', 'Loaded repl defconst TEN', '"Commit Tx 0"', '11']);
});

test('env-set-debug-flag toggles each flag it names and traces the set, in Pact\'s flag order', () => {
  const r = runRepl(`(env-set-debug-flag "parser") (env-set-debug-flag "lexer") (env-set-debug-flag "parser")
    (env-set-debug-flag "all") (env-set-debug-flag "none") (env-set-debug-flag "desugar") (env-set-debug-flag "none")`);
  assert.equal(r.traces, ['set debug flags to [parser]', 'set debug flags to [lexer, parser]', 'set debug flags to [lexer]',
    'set debug flags to [parser, desugar]', 'set debug flags to []', 'set debug flags to [desugar]', 'set debug flags to []']);
  assert.equal([...r.session.debugFlags], []);
});

test('env-set-debug-flag strips Haskell white space only, and names an unknown flag', () => {
  assert.equal(runRepl('(env-set-debug-flag " \t\u00a0lexer\u3000\u2009\f")').traces, ['set debug flags to [lexer]']);
  // U+FEFF and U+2028 are not white space to Data.Text.strip (JavaScript's trim takes them)
  assert.is(errorOf('(env-set-debug-flag "\ufefflexer")'),
    'native execution failure, env-set-debug-flag failed with message: unrecognized flag in env-set-debug: \ufefflexer');
  assert.is(errorOf('(env-set-debug-flag "lexer\u2028")'),
    'native execution failure, env-set-debug-flag failed with message: unrecognized flag in env-set-debug: lexer\u2028');
  assert.is(errorOf('(env-set-debug-flag "Lexer")'),
    'native execution failure, env-set-debug-flag failed with message: unrecognized flag in env-set-debug: Lexer');
});

test('describe-table names the table itself, not its storage name, also in a namespace', () => {
  assert.is(evalLast(`(module ledger g (defcap g () true) (defschema s id:string) (deftable tokens:{s}))
    (describe-table tokens)`), '{"module": "ledger","name": "tokens","type": "table{ledger.s}"}');
  assert.is(evalLast(`(env-data {"ks": ["k"]}) (env-keys ["k"]) (begin-tx)
    (define-namespace "ns_x" (read-keyset "ks") (read-keyset "ks")) (namespace "ns_x")
    (module m_y g (defcap g () true) (defschema s id:string) (deftable t_z:{s}))
    (describe-table ns_x.m_y.t_z)`), '{"module": "ns_x.m_y","name": "t_z","type": "table{ns_x.m_y.s}"}');
  // a schema of another module is named as that module's (renderType of the table's schema)
  assert.is(evalLast(`(module o g (defcap g () true) (defschema s id:string))
    (module ledger g (defcap g () true) (deftable tokens:{o.s})) (describe-table ledger.tokens)`),
  '{"module": "ledger","name": "tokens","type": "table{o.s}"}');
});

test('enforce-pact-version reads versions as Pact does: no number is the lowest, each part a 64-bit Int, shown as parsed', () => {
  assert.is(evalLast('(enforce-pact-version "")'), 'true');
  assert.is(evalLast('(enforce-pact-version "05.004")'), 'true');
  assert.is(errorOf('(enforce-pact-version "05.4" "")'),
    'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 5.4 Maximum Version: ');
  assert.is(errorOf('(enforce-pact-version "007")'), 'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 7 ');
  // 2^64 + 5 wraps to 5; 2^63 wraps to the lowest Int
  assert.is(evalLast('(enforce-pact-version "4.18446744073709551621")'), 'true');
  assert.is(errorOf('(enforce-pact-version "5.18446744073709551621")'),
    'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 5.5 ');
  assert.is(evalLast('(enforce-pact-version "5.9223372036854775808")'), 'true');
  assert.is(errorOf('(enforce-pact-version "0" "5.9223372036854775808")'),
    'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 0 Maximum Version: 5.-9223372036854775808');
  for (const bad of ['5.', '.5', '5..4', '+5', '5.4a', ' 5']) {
    assert.is(errorOf(`(enforce-pact-version "${bad}")`),
      `Enforce pact-version failed: Could not parse ${bad}, expect list of dot-separated integers`, bad);
  }
});

test('env-data takes any Pact value but no function; env-namespace-policy only a defun', () => {
  assert.is(errorOf('(env-data (lambda (x) x))'),
    'Type error: failed to call native function env-data with argument(s) of type(s): closure');
  assert.is(errorOf('(env-namespace-policy false (lambda (a b) true))'),
    'Type error: failed to call native function env-namespace-policy with argument(s) of type(s): bool, closure');
  const ns = '(module m g (defcap g () true) (defun two (a b) true) (defun one (a) true) (defpact p (a b) (step true)))';
  assert.is(errorOf(`${ns} (env-namespace-policy false (m.p))`),
    'Type error: failed to call native function env-namespace-policy with argument(s) of type(s): bool, closure');
  assert.is(errorOf(`${ns} (env-namespace-policy false m.one)`),
    'native execution failure, env-namespace-policy failed with message: Namespace manager function has invalid argument length');
  assert.is(evalLast(`${ns} (env-namespace-policy false m.two)`), '"Installed namespace policy"');
  // the first argument must be a boolean, whatever the function
  assert.is(errorOf(`${ns} (env-namespace-policy 1 m.two)`),
    'Type error: failed to call native function env-namespace-policy with argument(s) of type(s): integer, closure');
});

test('env-chain-data: block-height and gas-limit are Word64, so they wrap', () => {
  const read = (set: string) => evalLast(`(env-chain-data ${set}) (chain-data)`);
  assert.match(read('{"block-height": -1}'), '"block-height": 18446744073709551615,');
  assert.match(read('{"gas-limit": 18446744073709551621}'), '"gas-limit": 5,');
  assert.match(read('{"block-height": 18446744073709551616, "gas-limit": -18446744073709551615}'),
    /"block-height": 0,.*"gas-limit": 1,/);
  assert.match(read('{"block-height": 9007199254740993}'), '"block-height": 9007199254740993,');
});

test('env-chain-data: each key takes one kind of value (Pact\'s envChainData), checked in key order, all or nothing', () => {
  const bad = (k: string) => `envChainData: bad public metadata value for key: ${k}`;
  // every key given a value of another kind fails naming it (gas-fee is the seed's, decimal only)
  const wrong: [string, string][] = [['sender', '1'], ['prev-block-hash', '1'], ['block-height', '"1"'], ['gas-limit', '1.0'],
    ['gas-price', '"1"'], ['gas-fee', '1'], ['block-time', '"2020-01-01T00:00:00Z"'], ['chain-id', '1.0'], ['chain-id', 'true']];
  for (const [k, v] of wrong) assert.is(errorOf(`(env-chain-data {"${k}": ${v}})`), bad(k), `${k} ${v}`);
  // keys are read in order (Pact's Map of fields): the first bad one by name is reported
  assert.is(errorOf('(env-chain-data {"sender": 1, "block-height": "x"})'), bad('block-height'));
  assert.is(errorOf('(env-chain-data {"gas-limit": "x", "block-time": 1})'), bad('block-time'));
  // a failed update changes nothing, not even the keys before the bad one
  const after = evalLast('(env-chain-data {"sender": "a"}) (try 0 (env-chain-data {"block-height": 5, "sender": "b", "zz": 1})) (chain-data)');
  assert.match(after, '"block-height": 0,');
  assert.match(after, '"sender": "a"');
  // each accepted kind, read back
  const ok = evalLast('(env-chain-data {"sender": "s", "prev-block-hash": "h", "gas-price": 0.5, "gas-fee": 1.5, ' +
    '"block-time": (time "2020-01-02T03:04:05Z"), "gas-limit": 7, "block-height": 9, "chain-id": "x"}) (chain-data)');
  assert.is(ok, '{"block-height": 9,"block-time": "2020-01-02T03:04:05Z","chain-id": "x","gas-limit": 7,"gas-price": 0.5,"prev-block-hash": "h","sender": "s"}');
  // the seed's numeric chain-id: 0 to 19 inclusive
  assert.match(evalLast('(env-chain-data {"chain-id": 0}) (chain-data)'), '"chain-id": "0"');
  assert.match(evalLast('(env-chain-data {"chain-id": 19}) (chain-data)'), '"chain-id": "19"');
  assert.is(errorOf('(env-chain-data {"chain-id": -1})'), 'envChainData: chain-id must be between 0 and 19, got -1');
});

test('the expect natives\' failure texts, recorded and raised, and where a failed evaluation was raised', () => {
  // expect-failure with nothing failing raises its FAILURE text (decisions.md) and records it
  let r = runRepl('(expect-failure "d" 1)');
  assert.is(r.error?.message, 'FAILURE: d: expected failure, got result');
  assert.equal(r.session.testResults.map(t => [t.passed, t.message]), [[false, 'FAILURE: d: expected failure, got result']]);
  // expect-failure-match names the expected message and the result
  r = runRepl('(expect-failure "d" "boom" (+ 1 2))');
  assert.is(r.error?.message, 'FAILURE: boom: expected failure, got result: 3');
  // expect-that with a condition answering no boolean
  r = runRepl('(expect-that "d" (lambda (x) x) 1)');
  assert.equal(r.session.testResults.map(t => [t.passed, t.message]), [[false, 'FAILURE: expect-that expression did not return a boolean']]);
  assert.is(r.error?.message, 'native execution failure, expect-that failed with message: Expect-that: condition did not return a boolean');
  // an expect whose actual expression fails records the failure and where the error was raised
  r = runRepl('(expect "d" 1\n  (enforce false "no"))', 'x.repl');
  assert.is(r.error, null);
  const [t] = r.session.testResults;
  assert.is(t.message, 'FAILURE: d evaluation of actual failed with error message:\nno');
  assert.is(t.raisedAt?.range(), 'x.repl:1:2-1:22');
});

test('continue-pact reads its step into a 64-bit Int', () => {
  const m = `(module p g (defcap g () true) (defpact two (x:integer) (step (* x 1)) (step (* x 10)))) (p.two 4)`;
  // 2^64 + 1 is step 1
  assert.is(evalLast(`${m} (continue-pact 18446744073709551617)`), '40');
  assert.is(errorOf(`${m} (continue-pact 9223372036854775807)`),
    'DefPactStep does not match defpact properties: requested: 9223372036854775807 step count:2');
  assert.is(errorOf(`${m} (continue-pact 9223372036854775808)`),
    'DefPactStep does not match defpact properties: requested: -9223372036854775808 step count:2');
});

test('env-gas, env-set-milligas and env-gaslimit read their integer into a Word64, as Pact does', () => {
  // 2^64 + 5 gas is 5; 2^64 + 1 milligas is 1; 2^64 gas wraps to 0
  assert.is(evalLast('(env-gas 18446744073709551621) (env-gas)'), '5');
  assert.is(evalLast('(env-set-milligas 18446744073709551617) (env-milligas)'), '1');
  assert.is(evalLast('(env-gas 18446744073709551616) (env-milligas)'), '0');
  assert.is(errorOf('(env-gasmodel "table") (env-gaslimit 18446744073709551617) (env-gas 0) (map (+ 1) (enumerate 1 100))'),
    'Gas limit "1"exceeded: 2');
  // a negative amount wraps to a huge one: no limit is reached, the meter reads past 2^53 (as a number holds it)
  assert.is(evalLast('(env-gasmodel "table") (env-gaslimit -1) (env-gas 0) (map (+ 1) [1 2])'), '[2 3]');
  assert.match(evalLast('(env-gas -1) (env-gas)'), /^184467440737095\d\d$/);
});

test.run();
