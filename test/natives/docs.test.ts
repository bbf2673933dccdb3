// The native documentation catalogue: every native users can name has its call shapes and a description.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILTINS, userNamed } from '../../vm/builtins.js';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { documentedNatives, nativeDoc, renderNativeDoc, replDoc, replDocumentedNames } from '../../runtime/natives/docs.js';
import { runRepl, errorOf } from '../helpers.js';

test('every native of the builtin catalogue has documentation', () => {
  const missing = [...new Set(BUILTINS.filter(userNamed).map(b => b.surface))].filter(n => nativeDoc(n) === undefined);
  assert.equal(missing, []);
});

test('each documented signature calls the native by its own name, and each description is a sentence', () => {
  for (const name of documentedNatives()) {
    const doc = nativeDoc(name)!;
    assert.ok(doc.signatures.length > 0, name);
    for (const s of doc.signatures) assert.ok(s.startsWith(`(${name} `) || s.startsWith(`(${name})`), `${name}: ${s}`);
    assert.match(doc.description, /^[A-Z(`a-z0-9"].*\.$/, name);
  }
});

test('the catalogue documents only real natives', () => {
  const surfaces = new Set(BUILTINS.map(b => b.surface));
  assert.equal(documentedNatives().filter(n => !surfaces.has(n) && n !== 'negate'), []);
});

/** The names Pact 5's REPL prints a documentation page for: its docs/builtins files' names
 *  (mapped back to the operators' names as BuiltinDocs/Internal.hs does). */
const PACT_DOC_PAGES = [
  '!=', '&', '*', '+', '-', '/', '<', '<=', '=', '>', '>=', '^', 'abs', 'acquire-module-admin',
  'add-time', 'and', 'and?', 'at', 'base64-decode', 'base64-encode', 'begin-tx', 'bind', 'ceiling',
  'chain-data', 'charset-ascii', 'charset-latin1', 'commit-tx', 'compose', 'compose-capability',
  'concat', 'cond', 'constantly', 'contains', 'continue', 'continue-pact',
  'create-capability-guard', 'create-capability-pact-guard', 'create-module-guard',
  'create-pact-guard', 'create-principal', 'create-table', 'create-user-guard', 'days', 'dec',
  'define-keyset', 'define-namespace', 'describe-keyset', 'describe-module', 'describe-namespace',
  'describe-table', 'diff-time', 'distinct', 'do', 'drop', 'emit-event', 'enforce',
  'enforce-guard', 'enforce-keyset', 'enforce-one', 'enforce-pact-version', 'enforce-verifier',
  'enumerate', 'env-chain-data', 'env-data', 'env-enable-repl-natives', 'env-events',
  'env-exec-config', 'env-gas', 'env-gaslimit', 'env-gaslog', 'env-gasmodel', 'env-hash',
  'env-keys', 'env-milligas', 'env-module-admin', 'env-namespace-policy', 'env-set-debug-flag',
  'env-set-milligas', 'env-sigs', 'env-verifiers', 'exp', 'expect', 'expect-failure',
  'expect-that', 'filter', 'floor', 'fold', 'fold-db', 'format', 'format-time', 'hash',
  'hash-keccak256', 'hash-poseidon', 'hours', 'hyperlane-decode-token-message',
  'hyperlane-encode-token-message', 'hyperlane-message-id', 'identity', 'if', 'insert',
  'install-capability', 'int-to-str', 'is-charset', 'is-principal', 'keys', 'keys-2', 'keys-all',
  'keyset-ref-guard', 'length', 'list-module', 'list-modules', 'ln', 'load', 'log', 'make-list',
  'map', 'minutes', 'mod', 'namespace', 'negate', 'not', 'not?', 'or', 'or?', 'pact-id',
  'pact-state', 'pact-version', 'pairing-check', 'parse-time', 'point-add',
  'poseidon-hash-hack-a-chain', 'print', 'read', 'read-decimal', 'read-integer', 'read-keyset',
  'read-msg', 'read-string', 'remove', 'require-capability', 'resume', 'reverse', 'rollback-tx',
  'round', 'scalar-mult', 'select', 'shift', 'show', 'sig-keyset', 'sort', 'sqrt',
  'static-redeploy', 'str-to-int', 'str-to-list', 'take', 'test-capability', 'time', 'try',
  'tx-hash', 'typecheck', 'typeof', 'typeof-principal', 'update', 'validate-principal',
  'verify-spv', 'where', 'with-capability', 'with-default-read', 'with-read', 'write', 'xor',
  'yield', 'zip', '|', '~',
];

test('a bare name shows a page exactly where Pact\'s REPL has one (plus our txids/txlog/keylog)', () => {
  assert.is(PACT_DOC_PAGES.length, 175);
  assert.equal(PACT_DOC_PAGES.filter(n => replDoc(n) === undefined), []);
  assert.equal(replDocumentedNames().filter(n => !PACT_DOC_PAGES.includes(n)).sort(), ['keylog', 'txids', 'txlog']);
  // a page for the special forms and for names no native has; none for env-stackframe
  for (const n of ['if', 'and', 'try', 'enforce-one', 'keys-all', 'charset-ascii', 'list-module']) assert.ok(replDoc(n), n);
  assert.is(replDoc('env-stackframe'), undefined);
  assert.ok(nativeDoc('env-stackframe'), 'still in the catalogue\'s docs');
  assert.equal(replDoc('list-module'), nativeDoc('list-modules'));
});

test('a bare special form shows its page and the script goes on; a native without a Pact page is evaluated', () => {
  const r = runRepl('if\n(+ 1 2)\nenforce-one');
  assert.is(r.error, null);
  assert.equal(r.traces.map(t => t.split('\n')[0]), ['if', '3', 'enforce-one']);
  assert.is(errorOf('env-stackframe'), 'Program encountered an unhandled raised error: Evaluation did not reduce to a value');
});

test('a doc renders as the name, its call shapes indented, then the description', () => {
  assert.is(renderNativeDoc('round', nativeDoc('round')!),
    'round\n\n  (round x:decimal) -> integer\n  (round x:decimal places:integer) -> decimal\n\n' +
    'Rounds half to even, to a whole integer or to the given number of decimal places.');
});

test('a bare native name in a script traces its documentation and the script goes on', () => {
  const traced: string[] = [];
  const session = new ReplSession({ print: () => {}, trace: text => traced.push(text) });
  runSource(session, new SourceFile('bare.repl', 'dec\n(dec 3)\n'));
  assert.equal(traced, [renderNativeDoc('dec', nativeDoc('dec')!), '3.0']);
});

test.run();
