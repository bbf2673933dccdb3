// An adjacents entry is a chain id (canonical decimal, at most 2^32 − 1) and a hash: a wrong key or
// hash is refused with the entry named, whichever reader meets it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BlockHeaderDecoder, parseBlockHeaderEvent } from '../../stream/block-header.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { errorOf } from './fixtures.js';

const LINE = new SyntheticChain({ seed: 5 }).next().json;
const FIRST = /"adjacents":\{"(\d+)":"([^"]+)"/.exec(LINE)!;

/** The line with the first adjacents entry's key (as written, quotes included) replaced. */
const withKey = (key: string) => LINE.replace(`"adjacents":{"${FIRST[1]}":`, `"adjacents":{${key}:`);

const refused: [string, string][] = [
  ['""', 'header.adjacents.: key is not a chain id'],
  ['"05"', 'header.adjacents.05: key is not a chain id'],
  ['"1x"', 'header.adjacents.1x: key is not a chain id'],
  ['"x"', 'header.adjacents.x: key is not a chain id'],
  ['"4294967296"', 'header.adjacents.4294967296: key is not a chain id'],
  ['"12345678901"', 'header.adjacents.12345678901: key is not a chain id'],
  ['"-1"', 'header.adjacents.-1: key is not a chain id'],
  ['"0\\u0035"', 'header.adjacents.05: key is not a chain id'],
  ['"429496729\\u0036"', 'header.adjacents.4294967296: key is not a chain id'],
];

for (const [key, message] of refused) {
  test(`an adjacents key ${key} is refused: ${message}`, () => {
    const e = errorOf(withKey(key));
    assert.is(`${e.field}: ${e.message.slice(e.field.length + 2)}`, message);
    assert.is(e.kind, 'invalid-value');
  });
}

test('the largest chain id, a single 0 and an escaped chain id are keys', () => {
  for (const [key, chain] of [['"4294967295"', 4294967295], ['"0"', 0], ['"\\u0031\\u0037"', 17],
    ['"\\u0031\\u0037\\u0035"', 175], ['"429496729\\u0035"', 4294967295]] as const) {
    assert.is(parseBlockHeaderEvent(withKey(key)).header.adjacents.get(chain), FIRST[2], key);
  }
});

test('with escapes or not, a chain id is read once, the fast way when it can be', () => {
  const d = new BlockHeaderDecoder();
  const slowly = (text: string) => {
    const before = d.detours.slowValues;
    d.decode(Buffer.from(`${text.slice(0, -1)},"zz":1}`, 'latin1'));
    return d.detours.slowValues - before;
  };
  slowly(LINE); // the first event reads its version the slow way
  assert.is(slowly(withKey('"4294967295"')), 0);
  assert.is(slowly(withKey('"0"')), 0);
  assert.is(slowly(withKey('"\\u0031"')), 1);
});

test('an unterminated key is a syntax error of the adjacents', () => {
  const e = errorOf(LINE.slice(0, LINE.indexOf('"adjacents":{') + 14) + '12');
  assert.is(e.field, 'header.adjacents');
  assert.is(e.kind, 'syntax');
});

test('a wrong adjacent hash names its entry', () => {
  const e = errorOf(LINE.replace(`"${FIRST[1]}":"${FIRST[2]}"`, `"${FIRST[1]}":"${FIRST[2]!.slice(1)}"`));
  assert.is(e.field, `header.adjacents.${FIRST[1]}`);
  assert.is(e.kind, 'invalid-value');
  assert.ok(e.message.includes('expected unpadded base64url of 32 bytes (43 chars), got 42 chars'), e.message);
});

test.run();
