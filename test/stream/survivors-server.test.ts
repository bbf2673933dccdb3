// Mutants of stream/server.ts that survived the complete mutation run (issue 16), killed here: how
// long a stream lasts and how it ends follow from the server's seed; a client gone before its
// request is handled (its address unknown by then). The pacing: server-pacing.test.ts.

import { get } from 'node:http';
import { connect } from 'node:net';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { SyntheticFeed } from '../../stream/header-feed.js';
import { randomInt, seededRandom } from '../../stream/seeded-random.js';
import { withServer } from './fixtures.js';

/** The whole body of a GET of `url`, read until the server ends or cuts it. */
function body(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve(text));
      response.on('close', () => resolve(text));
      response.on('error', () => resolve(text));
    });
    request.on('error', reject);
  });
}

test('a stream delivers the number of events its server\'s seed draws, then ends cleanly or cuts an event in half', async () => {
  const seen: string[] = [];
  for (const seed of [5, 9, 12, 1]) {
    const random = seededRandom(seed);
    const remaining = randomInt(random, 1, 40);
    const abrupt = random() < 0.5;
    await withServer({ feed: new SyntheticFeed({ seed: 3 }), seed, endAfter: 40, abruptEndShare: 0.5 }, async (server) => {
      const text = await body(server.url);
      const events = text.split('\n\n');
      const complete = events.length - 1;
      assert.is(complete, remaining, `seed ${seed}`);
      assert.is(events[complete] !== '', abrupt, `seed ${seed}: the last event cut`);
      assert.equal({ clean: server.stats.cleanEnds, abrupt: server.stats.abruptEnds }, { clean: abrupt ? 0 : 1, abrupt: abrupt ? 1 : 0 });
      seen.push(`${remaining}${abrupt ? ' abrupt' : ''}`);
    });
  }
  assert.is(new Set(seen).size, 4, seen.join(', '));
});

test('a share of abrupt endings of 0 ends every stream cleanly, even when the draw is exactly 0', async () => {
  // seed 631835670 draws 7 of 1..10 for the stream's length, then exactly 0 for its ending
  const random = seededRandom(631835670);
  assert.is(randomInt(random, 1, 10), 7);
  assert.is(random(), 0);
  await withServer({ feed: new SyntheticFeed({ seed: 3 }), seed: 631835670, endAfter: 10, abruptEndShare: 0 }, async (server) => {
    const text = await body(server.url);
    assert.is(text.split('\n\n').length - 1, 7);
    assert.ok(text.endsWith('\n\n'), 'no event cut');
    assert.equal({ clean: server.stats.cleanEnds, abrupt: server.stats.abruptEnds }, { clean: 1, abrupt: 0 });
  });
});

test('a client that resets its connection right after the request is handled without its address, and its stream is then dropped', async () => {
  await withServer({ feed: new SyntheticFeed({ seed: 3 }), rate: 1 }, async (server) => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write('GET /header/updates HTTP/1.1\r\nHost: x\r\n\r\n');
      socket.resetAndDestroy(); // by the time the server reads the request, the peer is gone
    });
    socket.on('error', () => {});
    const deadline = performance.now() + 10_000;
    while (!(server.stats.streams === 1 && server.openStreams === 0)) {
      if (performance.now() > deadline) throw new Error(`stream not opened and dropped (${server.stats.streams} opened, ${server.openStreams} open)`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  });
});

test.run();
