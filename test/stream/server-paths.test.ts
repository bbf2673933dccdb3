// The local node's less travelled paths, each in a fast in-process test over loopback: option
// checks, the headers of every answer, IPv6 addresses, pacing, overlap, stream endings and slow
// clients (written against the mutants of stream/server.ts that only whole-pipeline tests reached).
import { request, type IncomingMessage } from 'node:http';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { ReplayFeed, SyntheticFeed } from '../../stream/header-feed.js';
import { NodeServer } from '../../stream/server.js';
import { withServer } from './fixtures.js';

const PREFIX = 'event:BlockHeader\ndata:';

/** A GET (or other method) of `url`, the answer and its body up to `enough` complete events. */
function fetchEvents(url: string, enough = Infinity, method = 'GET', headers: Record<string, string> = {}): Promise<{ response: IncomingMessage; events: string[]; clean: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers }, (response) => {
      let text = '';
      let done = false;
      const finish = (clean: boolean) => {
        if (done) return;
        done = true;
        resolve({ response, events: text.split('\n\n').slice(0, -1), clean });
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.split('\n\n').length - 1 >= enough) {
          finish(true);
          req.destroy();
        }
      });
      response.on('end', () => finish(response.complete && (text === '' || text.endsWith('\n\n'))));
      response.on('error', () => finish(false));
      response.on('aborted', () => finish(false));
    });
    req.on('error', reject);
    req.end();
  });
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `{"n":${i}}`);

test('the constructor refuses a rate that is not positive and an endAfter below 1', () => {
  const feed = new ReplayFeed([]);
  for (const rate of [0, -1, Number.NaN]) {
    assert.throws(() => new NodeServer({ feed, rate }), (e: Error) => e instanceof RangeError && e.message === `rate must be positive, got ${rate}`);
  }
  for (const endAfter of [0, 0.5, Number.NaN]) {
    assert.throws(() => new NodeServer({ feed, endAfter }), (e: Error) => e instanceof RangeError && e.message === `endAfter must be at least 1, got ${endAfter}`);
  }
  new NodeServer({ feed, rate: 1e-9, endAfter: 1 }); // the smallest allowed values are accepted
});

test('listen rejects when the port is taken, and the server listens nowhere', async () => {
  await withServer({ feed: new ReplayFeed([]) }, async (first) => {
    const port = new URL(first.url).port;
    const second = new NodeServer({ port: Number(port), feed: new ReplayFeed([]) });
    const error = await second.listen().then(() => undefined, (e: NodeJS.ErrnoException) => e);
    assert.is(error?.code, 'EADDRINUSE');
  });
});

test('every answer carries the node headers; CORS only for a request with an Origin; 404 and 405 are empty', async () => {
  await withServer({ feed: new ReplayFeed(lines(3)), nodeVersion: '9.9.9' }, async (server) => {
    const origin = new URL(server.url).origin;
    const plain = await fetchEvents(`${origin}/nowhere`);
    assert.is(plain.response.statusCode, 404);
    assert.is(plain.response.headers['content-length'], '0');
    assert.is(plain.response.headers.server, 'Chainweb Service API');
    assert.is(plain.response.headers['x-service-node-version'], '9.9.9');
    assert.match(String(plain.response.headers['x-peer-addr']), /^127\.0\.0\.1:\d+$/);
    assert.is(plain.response.headers['access-control-allow-origin'], undefined);
    const cors = await fetchEvents(`${origin}/nowhere`, Infinity, 'GET', { Origin: 'http://example.org' });
    assert.is(cors.response.headers['access-control-allow-origin'], '*');
    const post = await fetchEvents(server.url, Infinity, 'POST');
    assert.is(post.response.statusCode, 405);
    assert.is(post.response.headers.allow, 'GET');
    assert.is(post.response.headers['content-length'], '0');
    const head = await fetchEvents(server.url, Infinity, 'HEAD');
    assert.is(head.response.statusCode, 200);
    assert.is(server.stats.streams, 0, 'a HEAD request opens no stream');
    const { events } = await fetchEvents(server.url, 3);
    assert.equal(events, lines(3).map((l) => `${PREFIX}${l}`));
    assert.is(server.stats.streams, 1);
  });
});

test('on IPv6 the URL and x-peer-addr put the address in brackets', async () => {
  await withServer({ feed: new ReplayFeed(lines(1)), host: '::1' }, async (server) => {
    assert.match(server.url, /^http:\/\/\[::1\]:\d+\/chainweb\/0\.0\/mainnet01\/header\/updates$/);
    const { response } = await fetchEvents(server.url, 1);
    assert.match(String(response.headers['x-peer-addr']), /^\[::1\]:\d+$/);
  });
});

test('a new stream first gets the last `overlap` events, oldest first', async () => {
  await withServer({ feed: new ReplayFeed(lines(5)), overlap: 3 }, async (server) => {
    const first = await fetchEvents(server.url, 5);
    assert.equal(first.events, lines(5).map((l) => `${PREFIX}${l}`));
    const second = await fetchEvents(server.url, 3); // the feed is dry: only the overlap comes
    assert.equal(second.events, lines(5).slice(2).map((l) => `${PREFIX}${l}`));
  });
});

test('streams end after their quota: all cleanly with an abrupt share of 0, all mid-event with a share of 1', async () => {
  for (const abruptEndShare of [0, 1]) {
    await withServer({ feed: new SyntheticFeed({ seed: 8 }), endAfter: 3, abruptEndShare, seed: 4 }, async (server) => {
      for (let i = 0; i < 6; i++) {
        const { events, clean } = await fetchEvents(server.url);
        assert.is(clean, abruptEndShare === 0, `share ${abruptEndShare}, stream ${i}`);
        assert.ok(events.length >= 1 && events.length <= 3, `${events.length} events`);
      }
      assert.is(server.stats.streams, 6);
      assert.is(abruptEndShare === 0 ? server.stats.cleanEnds : server.stats.abruptEnds, 6);
    });
  }
});

test('a paced server spreads its events at its rate', async () => {
  await withServer({ feed: new SyntheticFeed({ seed: 5 }), rate: 8 }, async (server) => {
    const started = performance.now();
    const { events } = await fetchEvents(server.url, 5);
    const elapsed = performance.now() - started;
    assert.is(events.length, 5);
    // 5 events at 8/s: the first after 1/8 s, then one every 1/8 s; at most 2 at once after a stall
    assert.ok(elapsed >= 350, `5 events after ${elapsed.toFixed(0)} ms`);
    assert.ok(server.stats.eventsMined <= 6, `${server.stats.eventsMined} mined`);
  });
});

/** 10 000 events of 2 KB: far more than the kernel's socket buffers hold for a reader that pauses. */
const BIG_EVENTS = Array.from({ length: 10_000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(2000)}"}`);

test('a lone slow reader is waited for, not dropped, and misses nothing', async () => {
  const logged: string[] = [];
  await withServer({ feed: new ReplayFeed(BIG_EVENTS), maxQueueBytes: 64 * 1024, log: (l) => logged.push(l) }, async (server) => {
    const received = await new Promise<string[]>((resolve, reject) => {
      const req = request(server.url, { agent: false }, (response) => {
        const events: string[] = [];
        let rest = '';
        response.setEncoding('utf8');
        response.pause();
        setTimeout(() => response.resume(), 300);
        response.on('data', (chunk: string) => {
          const parts = (rest + chunk).split('\n\n');
          rest = parts.pop()!;
          events.push(...parts);
          if (events.length === BIG_EVENTS.length) {
            resolve(events);
            req.destroy();
          }
        });
        response.on('close', () => resolve(events));
      });
      req.on('error', reject);
      req.end();
    });
    assert.is(server.stats.slowDrops, 0);
    assert.equal(logged, []);
    assert.is(received.length, BIG_EVENTS.length);
    assert.ok(received.every((e, i) => e === `${PREFIX}${BIG_EVENTS[i]}`), 'every event, in order');
  });
});

test('of two readers, the one that stops reading is dropped once its queue passes maxQueueBytes', async () => {
  const logged: string[] = [];
  const sleep = () => new Promise((resolve) => setTimeout(resolve, 10));
  await withServer({ feed: new ReplayFeed(BIG_EVENTS), maxQueueBytes: 64 * 1024, log: (l) => logged.push(l) }, async (server) => {
    let read = 0;
    const stalled = request(server.url, { agent: false }, (response) => {
      response.pause(); // never reads
      // the second reader starts once the first stream is open
      request(server.url, { agent: false }, (r) => r.on('data', (chunk: Buffer) => { read += chunk.length; })).on('error', () => {}).end();
    });
    stalled.on('error', () => {});
    stalled.end();
    while (server.stats.slowDrops === 0 && server.stats.eventsMined < BIG_EVENTS.length) await sleep();
    assert.is(server.stats.slowDrops, 1);
    assert.is(logged.length, 1);
    assert.match(logged[0]!, /^disconnected 127\.0\.0\.1:\d+: fell behind \(\d+ bytes unread\)$/);
    const unread = Number(/\((\d+) bytes/.exec(logged[0]!)![1]);
    assert.ok(unread > 64 * 1024, `${unread} bytes`);
    const atDrop = read;
    while (read < atDrop + 100 * 2000) await sleep();
    assert.is(server.stats.slowDrops, 1, 'the other reader carries on');
  });
});

test.run();
