// Hyperlane natives: pact-5's hyperlane.repl vectors, the token-message layout, field checks, gas.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf, runRepl } from '../helpers.js';
import { KeySetGuard, ModuleGuard, PactGuard, UserGuard, CapabilityGuard, KeySetRefGuard, PactDecimal } from '../../vm/values.js';
import { unpackTokenMessage } from '../../runtime/natives/crypto/hyperlane.js';
import { guardFromLegacyJson } from '../../runtime/natives/crypto/legacy-guard.js';
import { parseJsonText } from '../../runtime/natives/crypto/json-text.js';

// pact-5 pact-tests/hyperlane.repl
const MESSAGE = '{"destinationDomain": 1,"nonce": 325,"originDomain": 626,"recipient": "AAAAAAAAAADpgrOqkM0BOY-FQnNzkDXuYlsVcf50GRU","sender": "AAAAAAAAAAAAAAAAf6k4W-ECrD6sKXSD3WIz1is-FJY","messageBody": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAHsABHsicHJlZCI6ICJrZXlzLWFsbCIsICJrZXlzIjpbImRhMWEzMzliZDgyZDJjMmU5MTgwNjI2YTAwZGMwNDMyNzVkZWIzYWJhYmIyN2I1NzM4YWJmNmI5ZGNlZThkYjYiXX0","version": 1}';
const TOKEN_MESSAGE = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAHsABHsicHJlZCI6ICJrZXlzLWFsbCIsICJrZXlzIjpbImRhMWEzMzliZDgyZDJjMmU5MTgwNjI2YTAwZGMwNDMyNzVkZWIzYWJhYmIyN2I1NzM4YWJmNmI5ZGNlZThkYjYiXX0';
const PRINCIPAL_RECIPIENT = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAGAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAewAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEJrOjQ2MmU5N2EwOTk5ODdmNTVmNmEyYjUyZTdiZmQ1MmEzNmI0YjViNDcwZmVkMDgxNmEzZDliMjZmOTQ1MGJhNjkAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
const RECIPIENT_JSON = 'eyJwcmVkIjogImtleXMtYWxsIiwgImtleXMiOlsiZGExYTMzOWJkODJkMmMyZTkxODA2MjZhMDBkYzA0MzI3NWRlYjNhYmFiYjI3YjU3MzhhYmY2YjlkY2VlOGRiNiJdfQ';
const KEY = 'da1a339bd82d2c2e9180626a00dc043275deb3ababb27b5738abf6b9dcee8db6';

test('hyperlane-message-id: the hyperlane.repl vector', () => {
  assert.is(evalLast(`(hyperlane-message-id ${MESSAGE})`), '"9lxextceVw0b18kUdfwSze-3Iw7OE-Z5Kq9I8HTDKGE"');
});

test('hyperlane-decode-token-message: amount in wei/10^18, chain id, keyset recipient', () => {
  assert.is(evalLast(`(hyperlane-decode-token-message "${TOKEN_MESSAGE}")`),
    // a long keyset deep in a line breaks at width 80, as Pact's printer does (language.md §12.4)
    `{"amount": 0.000000000000000123,"chainId": "4","recipient": KeySet {keys: [ ${KEY} ]\n,pred: keys-all}}`);
  const o = unpackTokenMessage(Buffer.from(TOKEN_MESSAGE, 'base64url'));
  assert.equal(o.get('amount'), new PactDecimal(123n, 18));
  assert.equal(o.get('recipient'), new KeySetGuard([KEY], 'keys-all'));
  // the recipient must be a guard: a principal string is not (hyperlane.repl)
  assert.is(errorOf(`(hyperlane-decode-token-message "${PRINCIPAL_RECIPIENT}")`),
    'Hyperlane decode error: Could not parse recipient into a guard');
});

test('hyperlane-encode-token-message: uint256 amount ‖ uint16 chain id ‖ recipient bytes', () => {
  const encoded = evalLast(`(hyperlane-encode-token-message {"amount": 599.0,"chainId": "1","recipient": "${RECIPIENT_JSON}"})`);
  const bytes = Buffer.from(JSON.parse(encoded), 'base64url');
  assert.is(bytes.subarray(0, 32).toString('hex'), '0'.repeat(60) + '0257'); // 599
  assert.is(bytes.subarray(32, 34).toString('hex'), '0001');
  assert.is(bytes.subarray(34).toString('base64url'), RECIPIENT_JSON);
  assert.is(JSON.parse(encoded).length, 175);
  // and back: the amount is read as wei / 10^18
  assert.is(evalLast(`(hyperlane-decode-token-message ${encoded})`),
    `{"amount": 0.000000000000000599,"chainId": "1","recipient": KeySet {keys: [ ${KEY} ]\n,pred: keys-all}}`);
});

test('amounts round half-even to an integer, mod 2^256; chain ids read leading digits mod 2^16', () => {
  const word = (amount: string, chain = '"1"') => Buffer.from(JSON.parse(evalLast(
    `(hyperlane-encode-token-message {"amount": ${amount},"chainId": ${chain},"recipient": ""})`)), 'base64url');
  assert.is(word('2.5').subarray(0, 32).readUInt8(31), 2);
  assert.is(word('3.5').subarray(0, 32).readUInt8(31), 4);
  assert.is(word('-1.0').subarray(0, 32).toString('hex'), 'f'.repeat(64));
  assert.is(word('1.0', '"65537x"').subarray(32, 34).toString('hex'), '0001');
});

test('field errors name the field (Hyperlane native error)', () => {
  const id = (fields: string) => errorOf(`(hyperlane-message-id ${MESSAGE.replace('"version": 1', fields)})`);
  assert.is(id('"version": 256'), 'Hyperlane native error: Object key version was out of bounds');
  assert.is(id('"version": -1'), 'Hyperlane native error: Object key version was out of bounds');
  assert.is(id('"version": "1"'), 'Hyperlane native error: Failed to find key in object: version');
  assert.is(id('"vers": 1'), 'Hyperlane native error: Failed to find key in object: version');
  assert.is(errorOf(`(hyperlane-message-id ${MESSAGE.replace('"sender": "AAAAAAAAAAAAAAAAf6k4W-ECrD6sKXSD3WIz1is-FJY"', '"sender": "AAAA"')})`),
    'Hyperlane native error: Incorrect binary data size sender. Expected: 32, but got 3');
  assert.is(errorOf(`(hyperlane-message-id ${MESSAGE.replace('"messageBody": "', '"messageBody": "!')})`),
    'Hyperlane native error: Invalid base64 encoding on field messageBody');
  const enc = (fields: string) => errorOf(`(hyperlane-encode-token-message ${fields})`);
  assert.is(enc(`{"amount": 599,"chainId": "1","recipient": "${RECIPIENT_JSON}"}`),
    'Hyperlane native error: Failed to find key in object: amount');
  assert.is(enc(`{"amount": 599.0,"chainId": "x1","recipient": "${RECIPIENT_JSON}"}`),
    'Hyperlane native error: Failed to decode chainId: input does not start with a digit');
  assert.is(enc('{"amount": 599.0,"chainId": "1","recipient": "a"}'),
    'Hyperlane native error: Invalid base64 encoding on field recipient');
});

test('decode errors', () => {
  assert.is(errorOf('(hyperlane-decode-token-message "a")'), 'Hyperlane decode error: Failed to base64-decode token message');
  assert.is(errorOf('(hyperlane-decode-token-message "AAAA")'), 'Hyperlane decode error: Decoding error: binary decoding failed');
  assert.is(errorOf('(hyperlane-decode-token-message 1)'),
    'Type error: failed to call native function hyperlane-decode-token-message with argument(s) of type(s): integer');
});

test('legacy guard JSON: every guard kind, by key set', () => {
  const g = (json: string) => guardFromLegacyJson(parseJsonText(json)!);
  assert.equal(g('{"keys": ["b", "a", "b"], "pred": "keys-2"}'), new KeySetGuard(['a', 'b'], 'keys-2'));
  assert.equal(g('{"keysetref": "ks"}'), new KeySetRefGuard('ks'));
  assert.equal(g('{"keysetref": {"ns": "free", "ksn": "ks"}}'), new KeySetRefGuard('free.ks'));
  assert.equal(g('{"pactId": "abc", "name": "p"}'), new PactGuard('abc', 'p'));
  assert.equal(g('{"moduleName": {"name": "m", "namespace": null}, "name": "g"}'), new ModuleGuard('m', 'g'));
  assert.equal(g('{"fun": "free.m.f", "args": [{"int": 1}, "a"]}'), new UserGuard('free.m.f', [1, 'a']));
  assert.equal(g('{"cgName": "m.CAP", "cgArgs": [], "cgPactId": null}'), new CapabilityGuard('m.CAP', [], null));
  assert.is(g('{"keys": ["a"]}'), null);
  assert.is(g('"k:abc"'), null);
  assert.is(g('{"keys": ["a"], "pred": "keys-all"} x'), null);
});

test('legacy guard JSON: names read by Pact 4\'s token parsers, given back as Pact 5 renders them', () => {
  const g = (json: string) => guardFromLegacyJson(parseJsonText(json)!);
  // a custom predicate is a qualified name; a bare one other than the built-ins is refused
  assert.equal(g('{"keys": ["a"], "pred": "free.m.p"}'), new KeySetGuard(['a'], 'free.m.p'));
  assert.equal(g('{"keys": ["a"], "pred": "m . p "}'), new KeySetGuard(['a'], 'm.p'));
  assert.is(g('{"keys": ["a"], "pred": "my-pred"}'), null);
  assert.is(g('{"keys": ["a"], "pred": "a.b.c.d"}'), null);
  // white space after each identifier and dot belongs to its token; reserved words are no names
  assert.equal(g('{"fun": "free . m.f ", "args": []}'), new UserGuard('free.m.f', []));
  assert.equal(g('{"cgName": "é.CAP", "cgArgs": [], "cgPactId": null}'), new CapabilityGuard('é.CAP', [], null));
  assert.is(g('{"cgName": "m.true", "cgArgs": [], "cgPactId": null}'), null);
  assert.is(g('{"fun": " m.f", "args": []}'), null);
});

test('gas: the flat 2 000 plus the message length (hyperlane.repl: 3 gas)', () => {
  const r = runRepl(`(env-gasmodel "table") (env-gaslimit 10000) (env-gas 0) (hyperlane-decode-token-message "${TOKEN_MESSAGE}") (env-milligas)`);
  assert.is(r.traces[r.traces.length - 1], String(2000 + TOKEN_MESSAGE.length));
  assert.is(evalLast(`(env-gasmodel "table") (env-gaslimit 10000) (env-gas 0) (hyperlane-message-id ${MESSAGE}) (env-milligas)`),
    String(700 + 2000 + 43));
});

test.run();
