import { readFileSync } from 'node:fs';
import { get, request, type IncomingMessage } from 'node:http';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { ReplayFeed, SyntheticFeed } from '../../stream/header-feed.js';
import { NodeServer } from '../../stream/server.js';
import { headerFile, jsonlLines, withServer } from './fixtures.js';
import { corpusTest } from '../corpus.js';

interface Fetched {
  response: IncomingMessage;
  body: Buffer;
  localPort: number;
  /** How the body ended: cleanly, cut by the server, or by us once we had enough. */
  ending: 'end' | 'cut' | 'enough';
}

/** GETs `url` and collects the body until it ends or reaches `enough` bytes or makes `enough` true (then disconnects). */
function fetch(url: string, enough: number | ((body: Buffer) => boolean) = Infinity, method = 'GET'): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      let done = false;
      const finish = (ending: Fetched['ending']) => {
        if (done) return;
        done = true;
        resolve({ response, body: Buffer.concat(chunks), localPort: req.socket!.localPort!, ending });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (typeof enough === 'number' ? length >= enough : enough(Buffer.concat(chunks))) {
          finish('enough');
          req.destroy();
        }
      });
      response.on('end', () => finish(response.complete ? 'end' : 'cut'));
      response.on('error', () => finish('cut'));
      response.on('aborted', () => finish('cut'));
    });
    req.on('error', (error) => reject(error));
    req.end();
  });
}

corpusTest('a replayed file is served byte for byte as the node frames it', async () => {
  const expected = readFileSync(headerFile('openapi-header-updates.sse'));
  await withServer({ feed: ReplayFeed.fromFile(headerFile('openapi-header-updates.jsonl')) }, async (server) => {
    const fetched = await fetch(server.url, expected.length);
    assert.equal(fetched.body, expected);
    assert.not.ok(fetched.body.includes(0x0d), 'LF only');
  });
});

corpusTest('the response carries the seed headers: peer address, timestamp in seconds, node version', async () => {
  await withServer({ feed: ReplayFeed.fromFile(headerFile('openapi-header-updates.jsonl')), nodeVersion: '2.6' }, async (server) => {
    const before = Math.floor(Date.now() / 1000);
    const { response, localPort } = await fetch(server.url, 1);
    const after = Math.floor(Date.now() / 1000);
    assert.is(response.statusCode, 200);
    assert.is(response.headers['content-type'], 'text/event-stream');
    assert.is(response.headers['x-peer-addr'], `127.0.0.1:${localPort}`);
    assert.is(response.headers['x-service-node-version'], '2.6');
    const timestamp = Number(response.headers['x-server-timestamp']);
    assert.ok(/^\d+$/.test(String(response.headers['x-server-timestamp'])));
    assert.ok(timestamp >= before && timestamp <= after, `${timestamp} in seconds`);
    assert.is(response.headers['transfer-encoding'], 'chunked');
  });
});

test('both the short and the real node path serve the stream; other paths are 404 with the same headers', async () => {
  await withServer({ feed: new SyntheticFeed({ seed: 1 }) }, async (server) => {
    const origin = new URL(server.url).origin;
    for (const path of ['/header/updates', '/chainweb/0.0/mainnet01/header/updates', '/header/updates?x=1']) {
      const { response, body } = await fetch(`${origin}${path}`, 20);
      assert.is(response.statusCode, 200, path);
      assert.is(body.subarray(0, 20).toString(), 'event:BlockHeader\nda');
    }
    for (const path of ['/', '/cut', '/chainweb/0.0/testnet04/header/updates', '/header/updates/x', '/chainweb/0.0/mainnet01/block/updates']) {
      const { response, body } = await fetch(`${origin}${path}`);
      assert.is(response.statusCode, 404, path);
      assert.is(body.length, 0);
      assert.ok(response.headers['x-server-timestamp'] !== undefined);
      assert.ok(response.headers['x-peer-addr'] !== undefined);
    }
    const post = await fetch(`${origin}/header/updates`, Infinity, 'POST');
    assert.is(post.response.statusCode, 405);
  });
});

test('every synthetic frame is event:BlockHeader, one data line without a space, and a blank line', async () => {
  await withServer({ feed: new SyntheticFeed({ seed: 3, forkRate: 0.2 }, 300) }, async (server) => {
    const { body } = await fetch(server.url, 300 * 700);
    const frames = body.toString('utf8').split('\n\n');
    assert.ok(frames.length > 200);
    for (const f of frames.slice(0, -1)) assert.match(f, /^event:BlockHeader\ndata:\{"header":\{"adjacents":\{[^\n]*\}$/);
  });
});

test('random stream endings: each stream ends after at most endAfter events, cleanly or mid-event', async () => {
  const feed = new SyntheticFeed({ seed: 4 });
  await withServer({ feed, endAfter: 5, seed: 9 }, async (server) => {
    const endings: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { body, ending } = await fetch(server.url);
      const text = body.toString('utf8');
      const complete = text.split('\n\n').length - 1;
      assert.ok(complete >= 1 && complete <= 5, `${complete} events`);
      if (ending === 'end') assert.ok(text.endsWith('\n\n'));
      else assert.not.ok(text.endsWith('\n\n'), 'cut inside an event');
      endings.push(ending);
    }
    assert.ok(endings.includes('end') && endings.includes('cut'), endings.join(','));
    assert.is(server.stats.cleanEnds + server.stats.abruptEnds, 12);
    assert.is(server.stats.cleanEnds, endings.filter((e) => e === 'end').length);
  });
});

corpusTest('a lone client misses no event across stream endings; an overlap re-sends the last events', async () => {
  const lines = jsonlLines('mainnet01-historic.jsonl');
  await withServer({ feed: new ReplayFeed(lines), endAfter: 4, overlap: 2, seed: 2 }, async (server) => {
    const seen: string[] = [];
    const last = Buffer.from(`${lines.at(-1)}\n\n`);
    while (server.stats.eventsMined < lines.length) {
      // The feed runs dry inside the last stream, which then stays open (quiet, like a halted network).
      const { body } = await fetch(server.url, (received) => received.includes(last));
      const frames = body.toString('utf8').split('\n\n').slice(0, -1);
      seen.push(...frames.map((f) => f.slice('event:BlockHeader\ndata:'.length)));
    }
    const unique = [...new Set(seen)];
    assert.equal(unique, lines);
    assert.ok(seen.length > lines.length, 'the overlap produced duplicates');
  });
});

test('a paced server sends no more than its pace allows, even in bursts', async () => {
  await withServer({ feed: new SyntheticFeed({ seed: 5 }), rate: 40 }, async (server) => {
    const { body } = await fetch(server.url, 10 * 700);
    assert.ok(body.length >= 10 * 700);
    // A burst after a stall is at most a quarter of a second's worth (10 events at 40/s).
    assert.ok(server.stats.eventsMined <= 10 + 10, `${server.stats.eventsMined} events`);
  });
});

test('HEAD answers with the stream headers and no body', async () => {
  await withServer({ feed: new SyntheticFeed({ seed: 6 }) }, async (server) => {
    const { response, body } = await fetch(server.url, Infinity, 'HEAD');
    assert.is(response.statusCode, 200);
    assert.is(response.headers['content-type'], 'text/event-stream');
    assert.is(body.length, 0);
  });
});

test('close ends open streams', async () => {
  const server = new NodeServer({ port: 0, feed: new SyntheticFeed({ seed: 7 }), rate: 5 });
  await server.listen();
  const pending = fetch(server.url);
  await new Promise<void>((resolve) => get(server.url, { agent: false }, (r) => { r.resume(); r.once('data', () => resolve()); }));
  await server.close();
  const { ending } = await pending;
  assert.ok(ending === 'end' || ending === 'cut');
});

test.run();
