// Mutants of stream/client.ts that survived the complete mutation run (issue 16), killed here:
// followHeaders returns a started client, `pending` counts the headers not yet deep enough, and
// the back-pressure pauses and resumes the connection at exactly its thresholds (seen by spying on
// IncomingMessage's pause and resume), a reconnect included.

import { createServer, IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import type { BlockHeaderEvent } from '../../stream/block-header.js';
import { HeaderStreamClient, followHeaders } from '../../stream/client.js';
import { encodeHeaderEventJson } from '../../stream/header-encoding.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

const CHAIN = new SyntheticChain({ seed: 31 });
const CHAIN0: BlockHeaderEvent[] = Array.from({ length: 200 }, () => CHAIN.next().event).filter((e) => e.header.chainId === 0).slice(0, 5);
const frame = (event: BlockHeaderEvent) => `event:BlockHeader\ndata:${encodeHeaderEventJson(event)}\n\n`;

test('followHeaders connects at once; pending counts the headers still below the depth', async () => {
  assert.is(CHAIN0.length, 5);
  assert.is(new HeaderStreamClient('http://127.0.0.1:1/chainweb/0.0/mainnet01', { depth: 2 }).pending, 0);
  const server = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.write(CHAIN0.map(frame).join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chainweb/0.0/mainnet01`;
  const client = followHeaders(url, { depth: 2, chains: [0], backoff: { initialMs: 60_000 } });
  try {
    assert.ok(client instanceof HeaderStreamClient, 'a client');
    const heights: number[] = [];
    for await (const event of client) {
      heights.push(event.header.height);
      if (heights.length === 3) break;
    }
    assert.equal(heights, CHAIN0.slice(0, 3).map((e) => e.header.height));
    assert.is(client.pending, 2);
  } finally {
    server.closeAllConnections();
    (client as HeaderStreamClient | undefined)?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a consumer that holds back pauses the connection: the stream ends only after it has taken nearly all', 30_000, async () => {
  const chain = new SyntheticChain({ seed: 32 });
  const events = Array.from({ length: 1000 }, () => chain.next().event);
  const body = events.map(frame).join('');
  assert.ok(body.length > 500_000, 'several socket reads');
  const server = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chainweb/0.0/mainnet01`;
  const client = new HeaderStreamClient(url, { depth: 0, highWaterMark: 4, backoff: { initialMs: 60_000 } });
  let taken = 0;
  let takenAtEnd = -1;
  client.on('disconnected', (d: { reason: string; events: number }) => {
    if (takenAtEnd === -1) takenAtEnd = taken;
    assert.is(d.reason, 'ended');
    assert.is(d.events, 1000);
  });
  try {
    for await (const event of client) {
      assert.is(event.header.hash, events[taken]!.header.hash);
      taken++;
      if (taken === 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 0)); // a slow consumer
    }
    // paused after 4 queued headers, the client reads on only as the consumer takes them: at most one
    // socket read (64 KiB, about 70 events) and the queue were left when the end was read
    assert.ok(takenAtEnd >= 1000 - 100, `the end was read after ${takenAtEnd} headers were taken`);
  } finally {
    client.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** Records the calls of IncomingMessage's pause and resume (each with `label()` at the time) until `restore`. */
function spyOnPauses(label: () => string): { calls: { op: 'pause' | 'resume'; response: IncomingMessage; at: string }[]; restore: () => void } {
  const proto = IncomingMessage.prototype;
  const { pause, resume } = proto;
  const calls: { op: 'pause' | 'resume'; response: IncomingMessage; at: string }[] = [];
  proto.pause = function (this: IncomingMessage) {
    calls.push({ op: 'pause', response: this, at: label() });
    return pause.call(this);
  };
  proto.resume = function (this: IncomingMessage) {
    calls.push({ op: 'resume', response: this, at: label() });
    return resume.call(this);
  };
  return { calls, restore: () => Object.assign(proto, { pause, resume }) };
}

/** A node that answers its n-th request with `answer(n, response)`; resolves with its URL and a closer. */
async function scriptedNode(answer: (n: number, response: ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  let n = 0;
  const server = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    answer(++n, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/chainweb/0.0/mainnet01`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Resolves once `done()` holds; fails after 10 s naming `what`. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const PACED = (() => {
  const chain = new SyntheticChain({ seed: 33 });
  return Array.from({ length: 12 }, () => chain.next().event);
})();

test('the client pauses when exactly highWaterMark headers wait (counted from the queue\'s head) and resumes below half of it', async () => {
  // answers: 3 headers, 1, 1 (each then ends cleanly), then nothing more
  const batches = [PACED.slice(0, 3), PACED.slice(3, 4), PACED.slice(4, 5)];
  const node = await scriptedNode((n, response) => response.end((batches[n - 1] ?? []).map(frame).join('')));
  let step = 'start';
  const spy = spyOnPauses(() => step);
  const client = new HeaderStreamClient(node.url, { depth: 0, highWaterMark: 4, backoff: { initialMs: 1, jitter: 0 } });
  let ended = 0;
  client.on('disconnected', () => { ended++; });
  const pauses = () => spy.calls.filter((c) => c.op === 'pause');
  try {
    client.start();
    await until(() => ended === 1, 'the first answer read');
    const it = client[Symbol.asyncIterator]();
    step = 'take 1';
    assert.is((await it.next()).value?.header.hash, PACED[0]!.header.hash); // 2 wait, the queue's head at 1
    step = 'connection 2';
    await until(() => ended === 2 || pauses().length > 0, 'the second answer read');
    assert.equal(pauses().map((c) => c.at), [], '3 waiting (4 in the queue\'s array): no pause');
    step = 'connection 3';
    await until(() => ended === 3 || pauses().length > 0, 'the third answer read or the client paused');
    assert.equal(pauses().map((c) => c.at), ['connection 3'], '4 waiting: paused');
    const taken = [PACED[0]!.header.hash];
    for (let i = 2; i <= 5; i++) {
      step = `take ${i}`;
      taken.push((await it.next()).value!.header.hash);
    }
    assert.equal(taken, PACED.slice(0, 5).map((e) => e.header.hash));
    const paused = pauses()[0]!.response;
    // (Readable's on('data') resumes a new response too: only the consumer's takes count here)
    const resumes = spy.calls.filter((c) => c.op === 'resume' && c.response === paused && c.at.startsWith('take'));
    assert.equal(resumes.map((c) => c.at), ['take 4'], 'resumed when 1 (below 4 / 2) waits');
  } finally {
    spy.restore();
    client.close();
    await node.close();
  }
});

test('a client that reconnects while its consumer holds back starts the new connection paused', async () => {
  // the first answer: 5 headers, then the connection is cut; the second: 2 more, then a clean end
  const node = await scriptedNode((n, response) => {
    if (n === 1) response.write(PACED.slice(0, 5).map(frame).join(''), () => response.socket?.destroy());
    else if (n === 2) response.end(PACED.slice(5, 7).map(frame).join(''));
    else response.end();
  });
  let step = 'connection 1';
  const spy = spyOnPauses(() => step);
  const client = new HeaderStreamClient(node.url, { depth: 0, highWaterMark: 4, backoff: { initialMs: 1, jitter: 0 } });
  const disconnections: string[] = [];
  let connected = 0;
  client.on('disconnected', (d) => { disconnections.push(d.reason); });
  client.on('connected', () => { connected++; step = `connection ${connected}`; });
  try {
    client.start();
    await until(() => connected === 2, 'the reconnect');
    await new Promise((resolve) => setTimeout(resolve, 50)); // time to read the second answer if it were not paused
    const pauses = spy.calls.filter((c) => c.op === 'pause');
    assert.equal(pauses.map((c) => c.at), ['connection 1', 'connection 2']);
    assert.ok(pauses[0]!.response !== pauses[1]!.response, 'each connection paused');
    assert.equal(disconnections, ['failed'], 'the second answer is not read while the consumer holds back');
    const taken: string[] = [];
    for await (const event of client) {
      taken.push(event.header.hash);
      if (taken.length === 7) break;
    }
    assert.equal(taken, PACED.slice(0, 7).map((e) => e.header.hash));
  } finally {
    spy.restore();
    client.close();
    await node.close();
  }
});

test.run();
