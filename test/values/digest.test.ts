// BLAKE2b-256 as Pact hashes (runtime/values/digest.ts): `hash` of known texts and bytes.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blake2b256, hashBytes, hashText } from '../../runtime/values/digest.js';

const bytes = (...b: number[]) => new Uint8Array(b);

test('hash of a text: BLAKE2b-256 of its UTF-8, unpadded base64url (the values in the Pact docs)', () => {
  assert.is(hashText('hello'), 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8');
  assert.is(hashText(''), 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g');
  assert.is(hashBytes(new TextEncoder().encode('hello')), hashText('hello'));
  assert.is(blake2b256(bytes()).length, 32);
  assert.is(hashText('é'), hashBytes(bytes(0xc3, 0xa9)));
});

test.run();
