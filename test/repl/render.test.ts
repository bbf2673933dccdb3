// REPL rendering: exact texts, including the width-80 layout of long guard records.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pretty, showText } from '../../runtime/values/render.js';
import { KeySetGuard, PactObject, UserGuard, PactDecimal, CapabilityGuard } from '../../vm/values.js';

const K1 = '368820f80c324bbc7c2b0610688a7da43e39f91d118732671cd9c7500ff43cca';
const K2 = '4440249a122879f2060814e1c4348cdfe0cbf971017ab1f43a0eaf9799583271';

test('short guards print on one line', () => {
  assert.is(pretty(new KeySetGuard(['a', 'b'], 'keys-all')), 'KeySet {keys: [a, b],pred: keys-all}');
  assert.is(pretty(new UserGuard('m.f', [1, 'x'])), 'UserGuard {fun: m.f,args: [1, "x"]}');
  assert.is(pretty(new CapabilityGuard('m.C', [1], null)), 'CapabilityGuard {name: m.C,args: [1],pactId: }');
});

test('a keyset with one long key breaks between its fields', () => {
  assert.is(pretty(new KeySetGuard([K1], 'keys-all')), `KeySet {keys: [${K1}]\n,pred: keys-all}`);
});

test('a keyset with two long keys also breaks its key list', () => {
  assert.is(pretty(new KeySetGuard([K1, K2], 'keys-2')), `KeySet {keys: [ ${K1}\n, ${K2} ]\n,pred: keys-2}`);
});

test('lists and objects of values never break; show text is always one line', () => {
  const big = PactObject.of([['a', 'x'.repeat(70)], ['b', [1, 2, 3]]]);
  assert.is(pretty(big), `{"a": "${'x'.repeat(70)}","b": [1 2 3]}`);
  assert.is(showText(new KeySetGuard([K1], 'keys-all')), `KeySet {keys: [${K1}],pred: keys-all}`);
  assert.is(pretty([new PactDecimal(150n, 2), new PactDecimal(100n, 2)]), '[1.50 1.0]');
});

test.run();
