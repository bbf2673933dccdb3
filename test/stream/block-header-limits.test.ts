// The general header reader's refusals at the edges of each value, with their exact kind, field and
// text: numbers past their range, leading zeros, nonces that are not a Word64's digits, data that
// ends inside a value, and the longest version accepted.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BlockHeaderDecoder, HeaderDecodeError, parseBlockHeaderEvent } from '../../stream/block-header.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { errorOf } from './fixtures.js';

const LINE = new SyntheticChain({ seed: 5 }).next().json;
const cut = (after: string) => LINE.slice(0, LINE.indexOf(after) + after.length);

const refusals: [string, string, string][] = [
  ['featureFlags 2^64', LINE.replace(/"featureFlags":\d+/, '"featureFlags":18446744073709551616'), 'out-of-range header.featureFlags: above 2^64 - 1'],
  ['chainId 2^32', LINE.replace(/"chainId":\d+/, '"chainId":4294967296'), 'out-of-range header.chainId: above 2^32 - 1'],
  ['height 2^53', LINE.replace(/"height":\d+/, '"height":9007199254740992'), 'out-of-range header.height: above 2^53 - 1'],
  ['a height with a leading zero', LINE.replace(/"height":\d+/, '"height":01'), 'syntax header.height: leading zero'],
  ['an empty nonce', LINE.replace(/"nonce":"\d+"/, '"nonce":""'), 'invalid-value header.nonce: expected the decimal text of a Word64, got ""'],
  ['a nonce with a letter', LINE.replace(/"nonce":"\d+"/, '"nonce":"12x"'), 'invalid-value header.nonce: expected the decimal text of a Word64, got "12x"'],
  ['an escaped nonce of 2^64', LINE.replace(/"nonce":"\d+"/, '"nonce":"\\u00318446744073709551616"'), 'out-of-range header.nonce: 18446744073709551616 is above 2^64 - 1'],
  ['data ending after a number\'s colon', cut('"height":'), 'syntax header.height: data ends where a number belongs'],
  ['data ending after a string\'s colon', cut('"nonce":'), 'syntax header.nonce: data ends where a value belongs'],
  ['data ending inside an unknown member', `${LINE.slice(0, -1)},"zz":[1,2`, 'syntax : data ends inside a value'],
  ['data ending inside an unknown object', `${LINE.slice(0, -1)},"zz":{"a":1`, 'syntax : data ends inside a value'],
  ['a version of 65 printable chars', LINE.replace('"mainnet01"', `"${'v'.repeat(65)}"`), `invalid-value header.chainwebVersion: expected a network name, got "${'v'.repeat(65)}"`],
];

for (const [what, text, expected] of refusals) {
  test(`${what}: ${expected}`, () => {
    const e = errorOf(text);
    const message = e.field === '' ? e.message : e.message.slice(e.field.length + 2);
    assert.is(`${e.kind} ${e.field}: ${message}`, expected);
  });
}

test('a string value without its opening quote is the wrong type, even when the rest looks right', () => {
  const hash = /"hash":"([^"]+)"/.exec(LINE)![1]!;
  const nonce = /"nonce":"(\d+)"/.exec(LINE)![1]!;
  for (const [text, field] of [
    [LINE.replace(`"hash":"${hash}"`, `"hash":x${hash}"`), 'header.hash'],
    [LINE.replace(`"nonce":"${nonce}"`, `"nonce":1${nonce}"`), 'header.nonce'],
  ] as const) {
    const e = errorOf(text);
    assert.is(`${e.kind} ${e.field}`, `wrong-type ${field}`);
    assert.ok(e.message.endsWith('expected a string'), e.message);
  }
  // the version too, once a first event has made it the known one
  const d = new BlockHeaderDecoder();
  d.decode(Buffer.from(LINE, 'latin1'));
  try {
    d.decode(Buffer.from(`${LINE.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":xmainnet01"').slice(0, -1)},"zz":1}`, 'latin1'));
    assert.unreachable('decoded');
  } catch (e) {
    assert.instance(e, HeaderDecodeError);
    assert.is(`${(e as HeaderDecodeError).kind} ${(e as HeaderDecodeError).field}`, 'wrong-type header.chainwebVersion');
  }
});

test('a version of 64 printable chars, and the largest values of each number, are accepted', () => {
  const event = parseBlockHeaderEvent(LINE.replace('"mainnet01"', `"${'v'.repeat(64)}"`)
    .replace(/"featureFlags":\d+/, '"featureFlags":18446744073709551615')
    .replace(/"chainId":\d+/, '"chainId":4294967295')
    .replace(/"height":\d+/, '"height":9007199254740991')
    .replace(/"nonce":"\d+"/, '"nonce":"18446744073709551615"'));
  assert.is(event.header.chainwebVersion, 'v'.repeat(64));
  assert.is(event.header.featureFlags, 18446744073709551615n);
  assert.is(event.header.chainId, 4294967295);
  assert.is(event.header.height, 9007199254740991);
  assert.is(event.header.nonce, '18446744073709551615');
});

test.run();
