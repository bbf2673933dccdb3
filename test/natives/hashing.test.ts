// `hash` (natives.md §2, §7): BLAKE2b-256 as unpadded base64url of a string's UTF-8 bytes, or of
// any other value's stable JSON (Pact 4 compatible: tagged numbers, legacy object member order).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err } from './helpers.js';
import { stableJson } from '../../runtime/values/json.js';
import { PactDecimal, PactObject, PactTime, UNIT, KeySetGuard } from '../../vm/values.js';
import { EMPTY_TEXT_HASH } from '../../runtime/natives/context.js';
import { hashText } from '../../runtime/values/digest.js';

test('hash of strings', () => {
  assert.is(ev('(hash "hello")'), '"Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8"');
  assert.is(ev('(hash "")'), ev('(tx-hash)'));
  assert.is(ev('(length (hash "x"))'), '43');
});

test('hash of chain-data: object members in legacy HashMap order (hash.repl vector)', () => {
  assert.is(ev('(hash (chain-data))'), '"JRdgzVN17Xy4-8dWegAKj_BPNv6ffNpbtT6YOCiUcY8"');
});

test('stable JSON of literals', () => {
  assert.is(stableJson(1), '{"int":1}');
  assert.is(stableJson(2n ** 60n), '{"int":"1152921504606846976"}');
  assert.is(stableJson(new PactDecimal(150n, 2)), '1.5');
  assert.is(stableJson(new PactDecimal(300n, 2)), '3');
  assert.is(stableJson(new PactDecimal(1n, 2)), '1.0e-2');
  assert.is(stableJson(new PactDecimal(1n, 1)), '0.1');
  assert.is(stableJson(new PactDecimal(123456785n, 1)), '1.23456785e7');
  assert.is(stableJson(new PactDecimal(-25n, 1)), '-2.5');
  assert.is(stableJson(new PactDecimal(2n ** 60n, 1)), '{"decimal":"115292150460684697.6"}');
  assert.is(stableJson(true), 'true');
  assert.is(stableJson(UNIT), 'null');
  assert.is(stableJson('a"b\\\n\u0001'), '"a\\"b\\\\\\n\\u0001"');
});

test('stable JSON of times, keysets and objects', () => {
  assert.is(stableJson(new PactTime(0n)), '{"time":"1970-01-01T00:00:00Z"}');
  assert.is(stableJson(new PactTime(1_500_000n)), '{"time":"1970-01-01T00:00:01Z"}');
  assert.is(stableJson(new PactTime(1_000_001n)), '{"timep":"1970-01-01T00:00:01.000001Z"}');
  assert.is(stableJson(new KeySetGuard(['k1', 'k2'], 'keys-all')), '{"pred":"keys-all","keys":["k1","k2"]}');
  const o = PactObject.of([['block-height', 0], ['sender', ''], ['gas-price', new PactDecimal(0n, 0)]]);
  assert.is(stableJson(o), '{"gas-price":0,"sender":"","block-height":{"int":0}}');
});

test('hash of other values and type errors', () => {
  assert.is(ev('(= (hash 1) (hash "{\\"int\\":1}"))'), 'true');
  assert.is(ev('(= (hash [1 "a"]) (hash "[{\\"int\\":1},\\"a\\"]"))'), 'true');
  assert.is(err('(hash (lambda (x) x))'), 'Type error: failed to call native function hash with argument(s) of type(s): closure');
});

test('the initial tx hash, written out in the environment, is the hash of the empty text', () => {
  assert.is(EMPTY_TEXT_HASH, hashText(''));
  assert.is(ev('(tx-hash)'), `"${EMPTY_TEXT_HASH}"`);
});

test.run();
