// The header client's less travelled paths, each in a fast in-process test against a scripted
// loopback server with synthetic events: request headers, every disconnection reason with its
// message, fatal answers, back-off resets, re-emitted buffer verdicts, start/close/return edges
// (written against the mutants of stream/client.ts that only whole-pipeline tests reached).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import type { BlockHeaderEvent } from '../../stream/block-header.js';
import { HeaderStreamClient, StreamClientError, streamUrl, type Disconnection, type Reconnection } from '../../stream/client.js';
import { encodeHeaderEventJson } from '../../stream/header-encoding.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A server answering its n-th request with the n-th handler (the last one repeats). */
async function scripted(handlers: Handler[]): Promise<{ server: Server; url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    handlers[Math.min(requests.length - 1, handlers.length - 1)]!(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/chainweb/0.0/mainnet01`, requests };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Resolves with the first `n` emissions of `name`. */
function first<T>(client: HeaderStreamClient, name: 'disconnected' | 'reconnecting' | 'fatal', n = 1): Promise<T[]> {
  const seen: T[] = [];
  return new Promise((resolve) => {
    client.on(name, (value: unknown) => {
      seen.push(value as T);
      if (seen.length === n) resolve(seen);
    });
  });
}

const CHAIN = new SyntheticChain({ seed: 12 });
const EVENTS: BlockHeaderEvent[] = Array.from({ length: 80 }, () => CHAIN.next().event);
const frame = (event: BlockHeaderEvent) => `event:BlockHeader\ndata:${encodeHeaderEventJson(event)}\n\n`;
const stream = (body: string, headers: Record<string, string> = {}): Handler => (_, response) => {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', ...headers });
  response.end(body);
};
const status = (code: number, type = 'text/plain'): Handler => (_, response) => {
  response.writeHead(code, { 'Content-Type': type }).end('no');
};
/** Never-repeating options: a long back-off so that a test sees one reconnection at a time. */
const QUIET = { depth: 0, backoff: { initialMs: 60_000 } };

test('the client asks for an event stream with GET, Accept and Cache-Control', async () => {
  const { server, url, requests } = await scripted([stream('')]);
  const client = new HeaderStreamClient(url, QUIET);
  const disconnected = first<Disconnection>(client, 'disconnected');
  client.start();
  const [d] = await disconnected;
  client.close();
  await stop(server);
  assert.is(d!.reason, 'ended');
  assert.is(d!.error, undefined);
  assert.is(requests[0]!.method, 'GET');
  assert.is(requests[0]!.url, '/chainweb/0.0/mainnet01/header/updates');
  assert.is(requests[0]!.headers.accept, 'text/event-stream');
  assert.is(requests[0]!.headers['cache-control'], 'no-cache');
});

test('start connects once, a closed client never connects, and return() ends the iteration', async () => {
  const { server, url, requests } = await scripted([stream(frame(EVENTS[0]!))]);
  const closed = new HeaderStreamClient(url, QUIET);
  closed.close();
  closed.start();
  const twice = new HeaderStreamClient(url, QUIET);
  const disconnected = first<Disconnection>(twice, 'disconnected');
  twice.start().start();
  await disconnected;
  await new Promise((resolve) => setTimeout(resolve, 100)); // time for a second request, if there were one
  assert.is(requests.length, 1, 'one request, from the client started twice');
  const iterator = twice[Symbol.asyncIterator]();
  const next = await iterator.next();
  assert.is(next.done, false);
  assert.is(next.value?.header.hash, EVENTS[0]!.header.hash);
  assert.equal(await iterator.return!(), { value: undefined, done: true });
  assert.ok(twice.closed);
  assert.equal(await iterator.next(), { value: undefined, done: true });
  await stop(server);
});

test('a fatal answer rejects every later next() with the same named error, and reaches a fatal listener', async () => {
  const { server, url } = await scripted([status(403)]);
  const client = new HeaderStreamClient(url, QUIET);
  const fatal = first<StreamClientError>(client, 'fatal');
  const iterator = client[Symbol.asyncIterator]();
  const error = await iterator.next().then(() => undefined, (e: StreamClientError) => e);
  assert.instance(error, StreamClientError);
  assert.is(error!.name, 'StreamClientError');
  assert.is(error!.kind, 'http-status');
  assert.is(error!.status, 403);
  assert.is(error!.message, `${client.url}: HTTP 403`);
  assert.is((await fatal)[0], error);
  assert.is(await iterator.next().then(() => undefined, (e: unknown) => e), error, 'again');
  await stop(server);
});

test('content types: parameters and case are ignored; anything else is fatal and named', async () => {
  const { server, url } = await scripted([stream(frame(EVENTS[0]!), { 'Content-Type': 'Text/Event-Stream ; charset=utf-8' })]);
  const client = new HeaderStreamClient(url, QUIET);
  const [event] = await (async () => { for await (const e of client) return [e]; return []; })();
  assert.is(event?.header.hash, EVENTS[0]!.header.hash);
  await stop(server);
  for (const [type, shown] of [['text/html; charset=utf-8', 'text/html'], ['', '']] as const) {
    const html = await scripted([(_, response) => { response.writeHead(200, type === '' ? {} : { 'Content-Type': type }).end(); }]);
    const c = new HeaderStreamClient(html.url, QUIET);
    const error = await c[Symbol.asyncIterator]().next().then(() => undefined, (e: StreamClientError) => e);
    assert.is(error?.kind, 'content-type');
    assert.is(error?.message, `${c.url}: content type ${JSON.stringify(shown)}, not text/event-stream`);
    await stop(html.server);
  }
});

test('each way a connection ends is reported once, with its reason and message', async () => {
  const cut: Handler = (_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.write('event:BlockHeader\ndata:{"x');
    setTimeout(() => response.socket!.destroy(), 20);
  };
  const silent: Handler = (_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.flushHeaders();
  };
  const oneThenSilent: Handler = (_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.write(frame(EVENTS[0]!));
  };
  const cases: [string, Handler, Disconnection['reason'], string | undefined, object?][] = [
    ['a clean end', stream(frame(EVENTS[0]!)), 'ended', undefined],
    ['a cut inside an event', cut, 'failed', 'connection cut by the node'],
    ['a 503', status(503), 'failed', 'HTTP 503'],
    ['no data at all', silent, 'stale', 'no data from the node for too long', { staleAfterMs: 100 }],
    ['no data after an event', oneThenSilent, 'stale', 'no data from the node for too long', { staleAfterMs: 100 }],
    ['no answer', () => {}, 'failed', 'no response from the node in time', { connectTimeoutMs: 100 }],
  ];
  for (const [what, handler, reason, message, options] of cases) {
    const { server, url } = await scripted([handler]);
    const client = new HeaderStreamClient(url, { ...QUIET, ...options });
    const disconnections: Disconnection[] = [];
    client.on('disconnected', (d) => disconnections.push(d));
    const reconnecting = first<Reconnection>(client, 'reconnecting');
    client.start();
    await reconnecting;
    await new Promise((resolve) => setTimeout(resolve, 50)); // time for a second report, if there were one
    client.close();
    await stop(server);
    assert.is(disconnections.length, 1, what);
    assert.is(disconnections[0]!.reason, reason, what);
    assert.is(disconnections[0]!.error?.message, message === 'HTTP 503' ? `${client.url}: HTTP 503` : message, what);
  }
});

test('a refused connection is a failure carrying the socket error', async () => {
  const { server, url } = await scripted([]);
  await stop(server); // the port is free again: connecting is refused
  const client = new HeaderStreamClient(url, QUIET);
  const disconnected = first<Disconnection>(client, 'disconnected');
  client.start();
  const [d] = await disconnected;
  client.close();
  assert.is(d!.reason, 'failed');
  assert.is((d!.error as NodeJS.ErrnoException).code, 'ECONNREFUSED');
});

test('an https URL is spoken to in TLS (a plain HTTP server cannot answer it)', async () => {
  const { server, url } = await scripted([stream(frame(EVENTS[0]!))]);
  const client = new HeaderStreamClient(url.replace('http:', 'https:'), QUIET);
  let connected = false;
  client.on('connected', () => { connected = true; });
  const disconnected = first<Disconnection>(client, 'disconnected');
  client.start();
  const [d] = await disconnected;
  client.close();
  await stop(server);
  assert.not.ok(connected);
  assert.is(d!.reason, 'failed');
  assert.match(String((d!.error as NodeJS.ErrnoException).code), /^(EPROTO|ERR_SSL_WRONG_VERSION_NUMBER|ECONNRESET)$/);
});

test('after close, the cut connection is not reported and nothing reconnects', async () => {
  const { server, url, requests } = await scripted([(_, response) => { response.writeHead(200, { 'Content-Type': 'text/event-stream' }); response.flushHeaders(); }]);
  const client = new HeaderStreamClient(url, { depth: 0, backoff: { initialMs: 1, maxMs: 1 } });
  const events: string[] = [];
  client.on('disconnected', () => events.push('disconnected'));
  client.on('reconnecting', () => events.push('reconnecting'));
  await new Promise<void>((resolve) => { client.on('connected', () => resolve()); client.start(); });
  client.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await stop(server);
  assert.equal(events, []);
  assert.is(requests.length, 1);
});

test('the back-off resets only after a connection that delivered an event; the seeded jitter is used', async () => {
  const comment = stream(':keep-alive\n\n');
  const { server, url } = await scripted([comment, comment, stream(frame(EVENTS[0]!)), comment]);
  const client = new HeaderStreamClient(url, { depth: 0, random: () => 1, backoff: { initialMs: 8, maxMs: 1000, factor: 2, jitter: 0.5 } });
  const reconnections = first<Reconnection>(client, 'reconnecting', 5);
  client.start();
  const seen = await reconnections;
  client.close();
  await stop(server);
  assert.equal(seen.map((r) => r.attempt), [1, 2, 1, 1, 2]);
  assert.equal(seen.map((r) => r.delayMs), [4, 8, 4, 4, 8], 'random() = 1 takes off half of each delay');
});

test('the buffer verdicts duplicate, late and gap are re-emitted by the client', async () => {
  const [a, b, c] = EVENTS.filter((e) => e.header.chainId === EVENTS[0]!.header.chainId);
  assert.ok(c !== undefined, 'three blocks of one chain');
  const withHeader = (e: BlockHeaderEvent, change: Partial<BlockHeaderEvent['header']>) => ({ ...e, header: { ...e.header, ...change } });
  const late = withHeader(a!, { hash: 'A'.repeat(43) });
  const far = withHeader(c!, { height: c!.header.height + 5, parent: 'B'.repeat(43), hash: 'C'.repeat(43) });
  const { server, url } = await scripted([stream([a!, b!, b!, late, far].map(frame).join(''))]);
  const client = new HeaderStreamClient(url, QUIET);
  const verdicts: string[] = [];
  client.on('duplicate', (e) => verdicts.push(`duplicate ${e.header.hash}`));
  client.on('late', (e) => verdicts.push(`late ${e.header.hash}`));
  client.on('gap', (g) => verdicts.push(`gap ${g.reason} ${g.fromHeight}..${g.toHeight}`));
  const disconnected = first<Disconnection>(client, 'disconnected');
  client.start();
  await disconnected;
  client.close();
  await stop(server);
  assert.equal(verdicts, [
    `duplicate ${b!.header.hash}`, `late ${'A'.repeat(43)}`,
    `gap missing-heights ${b!.header.height + 1}..${c!.header.height + 4}`,
  ]);
});

test('a base URL with trailing slashes gets one /header/updates; x-server-timestamp must be all digits', async () => {
  assert.is(streamUrl('http://h:1848/chainweb/0.0/mainnet01//'), 'http://h:1848/chainweb/0.0/mainnet01/header/updates');
  for (const [value, expected] of [['1618597601', 1618597601], ['x1618597601', undefined], ['1618597601x', undefined]] as const) {
    const { server, url } = await scripted([stream('', { 'X-Server-Timestamp': value })]);
    const client = new HeaderStreamClient(url, QUIET);
    const info = await new Promise<{ serverTimestamp?: number }>((resolve) => { client.on('connected', resolve); client.start(); });
    client.close();
    await stop(server);
    assert.is(info.serverTimestamp, expected, value);
  }
});

test.run();
