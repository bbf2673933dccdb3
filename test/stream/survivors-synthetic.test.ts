// Mutants of stream/synthetic-chain.ts that survived the complete mutation run (issue 16), killed
// here: a seeded chain with forks is one exact sequence of events (mined only when the queue is
// empty, two-deep forks at 30 %, nonces of two random 32-bit halves).

import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../../stream/seeded-random.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

test('seed 4 with forkRate 0.5 gives exactly these events', () => {
  const chain = new SyntheticChain({ seed: 4, forkRate: 0.5 });
  const events = Array.from({ length: 60 }, () => chain.next());
  assert.equal(events.slice(0, 16).map((e) => `${e.event.header.chainId}/${e.event.header.height}${e.orphan ? ' orphan' : ''}`), [
    '15/6321600', '5/6321600 orphan', '5/6321600', '16/6321600', '4/6321600 orphan', '4/6321600', '0/6321600 orphan', '0/6321600',
    '1/6321600', '14/6321600 orphan', '14/6321600', '12/6321600', '17/6321600 orphan', '17/6321600', '19/6321600 orphan', '19/6321600',
  ]);
  assert.is(events.filter((e) => e.orphan).length, 19);
  assert.ok(events.every((e) => BigInt(e.event.header.nonce) >= 2n ** 32n), 'both halves of every nonce are random');
  const digest = createHash('sha256').update(events.map((e) => e.json).join('\n')).digest('hex');
  assert.is(digest, '384e7becd9c2dc101456285b5296c93e5661610cf9c8c2c8ccec91c44667b96c');
});

test('a fork needs a draw below forkRate: a draw exactly equal to it does not fork', () => {
  // the draws of seed 9: 64 per chain for the 20 invented parents, then the first block's chain,
  // its time and its fork draw
  const random = seededRandom(9);
  for (let i = 0; i < 20 * 64 + 2; i++) random();
  const draw = random();
  assert.ok(draw > 0 && draw < 1);
  const above = draw + Number.EPSILON * draw; // the next float or so: the draw is below it
  assert.ok(above > draw);
  assert.is(new SyntheticChain({ seed: 9, forkRate: above }).next().orphan, true, 'a draw below forkRate forks');
  assert.is(new SyntheticChain({ seed: 9, forkRate: draw }).next().orphan, false, 'a draw equal to forkRate does not');
});

test.run();
