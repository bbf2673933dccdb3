// Mutants of stream/client.ts that survived the complete mutation run (issue 16), killed here:
// followHeaders returns a started client, and `pending` counts the headers not yet deep enough.

import { createServer } from 'node:http';
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

test.run();
