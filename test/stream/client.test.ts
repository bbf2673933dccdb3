import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import type { BlockHeaderEvent } from '../../stream/block-header.js';
import {
  HeaderStreamClient, StreamClientError, backoffDelay, streamUrl, type ConnectionInfo, type Disconnection,
} from '../../stream/client.js';
import { ReplayFeed } from '../../stream/header-feed.js';
import { NodeServer } from '../../stream/server.js';
import { frame, headerFile, jsonlLines } from './fixtures.js';
import { corpusTest, fromCorpus } from '../corpus.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A server that answers its n-th request with the n-th handler (the last one repeats). */
async function scripted(handlers: Handler[]): Promise<{ server: Server; url: string; requests: () => number }> {
  let count = 0;
  const server = createServer((request, response) => handlers[Math.min(count++, handlers.length - 1)]!(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/chainweb/0.0/mainnet01`, requests: () => count };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const SSE = fromCorpus(() => readFileSync(headerFile('openapi-header-updates.sse')), Buffer.alloc(0));
const REAL_NODE: Handler = (_, response) => {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'X-Chainweb-Node-Version': '2.26.1',
    'X-Server-Timestamp': '1618597601',
    Server: 'Chainweb Service API',
  });
  response.end(SSE);
};
const status = (code: number, type = 'text/plain'): Handler => (_, response) => {
  response.writeHead(code, { 'Content-Type': type }).end(code === 200 ? 'data:x\n\n' : 'no');
};

async function collect(client: HeaderStreamClient, count: number): Promise<BlockHeaderEvent[]> {
  const out: BlockHeaderEvent[] = [];
  for await (const event of client) {
    out.push(event);
    if (out.length === count) break;
  }
  return out;
}

test('backoff grows exponentially to its cap; jitter takes off up to its share', () => {
  const exact = (n: number) => backoffDelay(n, { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0 });
  assert.equal([1, 2, 3, 4, 5, 6, 7, 8].map(exact), [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  assert.is(backoffDelay(3, { jitter: 0.5 }, () => 0), 2000);
  assert.is(backoffDelay(3, { jitter: 0.5 }, () => 0.999999), 1000);
  assert.is(backoffDelay(1, {}, () => 0.5), 375);
});

test('a base URL gets /header/updates; a full stream URL is kept', () => {
  assert.is(streamUrl('http://node:1848/chainweb/0.0/mainnet01'), 'http://node:1848/chainweb/0.0/mainnet01/header/updates');
  assert.is(streamUrl('http://node:1848/chainweb/0.0/mainnet01/'), 'http://node:1848/chainweb/0.0/mainnet01/header/updates');
  assert.is(streamUrl('https://n/header/updates'), 'https://n/header/updates');
});

corpusTest("the real node's header names are read, and x-peer-addr is not required", async () => {
  const { server, url } = await scripted([REAL_NODE]);
  const connections: ConnectionInfo[] = [];
  const client = new HeaderStreamClient(url, { depth: 0, backoff: { initialMs: 5 } });
  client.on('connected', (info) => connections.push(info));
  const events = await collect(client, 2);
  await stop(server);
  assert.equal(events.map((e) => [e.header.chainId, e.header.height]), [[6, 1554652], [18, 1554652]]);
  assert.equal(connections[0], {
    url: `${url}/header/updates`, attempt: 1, nodeVersion: '2.26.1', serverTimestamp: 1618597601, peerAddress: undefined,
  });
});

corpusTest("the seed's header names are read from the local node", async () => {
  const node = new NodeServer({ port: 0, feed: ReplayFeed.fromFile(headerFile('openapi-header-updates.jsonl')), nodeVersion: '9.9' });
  await node.listen();
  const client = new HeaderStreamClient(node.url, { depth: 0 });
  const connected = new Promise<ConnectionInfo>((resolve) => client.once('connected', resolve));
  await collect(client, 2);
  const info = await connected;
  await node.close();
  assert.is(info.nodeVersion, '9.9');
  assert.match(info.peerAddress ?? '', /^127\.0\.0\.1:\d+$/);
  assert.is(typeof info.serverTimestamp, 'number');
});

test('404 is a configuration error: the iterator throws and nothing is retried', async () => {
  const { server, url, requests } = await scripted([status(404)]);
  const client = new HeaderStreamClient(url, { backoff: { initialMs: 1 } });
  let reconnects = 0;
  client.on('reconnecting', () => reconnects++);
  try {
    await collect(client, 1);
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, StreamClientError);
    assert.is((error as StreamClientError).kind, 'not-found');
    assert.is((error as StreamClientError).status, 404);
  }
  await stop(server);
  assert.is(reconnects, 0);
  assert.is(requests(), 1);
  assert.ok(client.closed);
});

test('other 4xx statuses and a wrong content type are fatal too', async () => {
  for (const [handler, kind] of [[status(400), 'http-status'], [status(200, 'application/json'), 'content-type']] as const) {
    const { server, url } = await scripted([handler]);
    const client = new HeaderStreamClient(url);
    const error = await collect(client, 1).then(() => undefined, (e: unknown) => e);
    await stop(server);
    assert.instance(error, StreamClientError);
    assert.is((error as StreamClientError).kind, kind);
  }
});

corpusTest('5xx answers are retried with growing delays; a stream that delivers resets the back-off', async () => {
  const oneEvent: Handler = (_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.end(frame(jsonlLines('mainnet01-chain0-1000000.jsonl').slice(0, 1)));
  };
  const { server, url, requests } = await scripted([status(503), status(502), oneEvent, status(500), status(500), REAL_NODE]);
  const delays: number[] = [];
  const attempts: number[] = [];
  const client = new HeaderStreamClient(url, { depth: 0, backoff: { initialMs: 5, factor: 3, jitter: 0 } });
  client.on('reconnecting', (r) => {
    delays.push(r.delayMs);
    attempts.push(r.attempt);
  });
  const events = await collect(client, 3);
  await stop(server);
  assert.equal(events.map((e) => e.header.height), [1000000, 1554652, 1554652]);
  assert.is(requests(), 6);
  // (The last stream also ends, so a sixth reconnection may already be scheduled when we stop.)
  assert.equal(attempts.slice(0, 5), [1, 2, 1, 1, 2]);
  assert.equal(delays.slice(0, 5), [5, 15, 5, 5, 15]);
});

corpusTest('a stream that goes quiet is dropped as stale and reopened', async () => {
  const silent: Handler = (_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.flushHeaders();
  };
  const { server, url } = await scripted([silent, REAL_NODE]);
  const disconnections: Disconnection[] = [];
  const client = new HeaderStreamClient(url, { depth: 0, staleAfterMs: 50, backoff: { initialMs: 1, jitter: 0 } });
  client.on('disconnected', (d) => disconnections.push(d));
  const events = await collect(client, 2);
  await stop(server);
  assert.is(events.length, 2);
  assert.is(disconnections[0]!.reason, 'stale');
  assert.is(disconnections[0]!.events, 0);
});

corpusTest('only the chosen chains are confirmed; invalid events are reported and skipped', async () => {
  const lines = jsonlLines('mainnet01-sequence-6321598.jsonl');
  const bad = lines[0]!.replace('"height":6321598', '"height":"x"');
  const body = frame([bad, ...lines]);
  const { server, url } = await scripted([(_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.end(body);
  }]);
  const client = new HeaderStreamClient(url, { depth: 1, chains: [0, 5] });
  const invalid: string[] = [];
  client.on('invalid', (e) => invalid.push(e.message));
  const events = await collect(client, 3);
  await stop(server);
  assert.equal(events.map((e) => [e.header.chainId, e.header.height]), [[0, 6321598], [5, 6321598], [0, 6321599]]);
  assert.equal(invalid, ['header.height: expected a number']);
});

corpusTest('close ends the iteration after the headers already confirmed', async () => {
  const { server, url } = await scripted([REAL_NODE]);
  const client = new HeaderStreamClient(url, { depth: 0, backoff: { initialMs: 1000 } });
  const iterator = client[Symbol.asyncIterator]();
  const first = await iterator.next();
  assert.is(first.done, false);
  client.close();
  const second = await iterator.next(); // already queued before close
  assert.is(second.done, false);
  assert.is((await iterator.next()).done, true);
  await stop(server);
});

test('an abort signal closes the client', async () => {
  const { server, url } = await scripted([status(503)]);
  const controller = new AbortController();
  const client = new HeaderStreamClient(url, { signal: controller.signal, backoff: { initialMs: 10_000 } });
  const done = collect(client, 1);
  await new Promise<void>((resolve) => client.once('reconnecting', () => resolve()));
  controller.abort();
  assert.equal(await done, []);
  await stop(server);
});

test.run();
