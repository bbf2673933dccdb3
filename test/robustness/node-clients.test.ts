// Found item 8: `pactvm node` with one client that never reads: that client's queue fills and it
// is disconnected (logged); every other client keeps receiving events without waiting for it.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { connect, type Socket } from 'node:net';
import { get } from 'node:http';
import { NodeServer } from '../../stream/server.js';
import { SyntheticFeed } from '../../stream/header-feed.js';

function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`deadline passed: ${what}`)), ms); });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/** A client that sends its request and then never reads a byte. */
function stalledClient(url: string): Promise<Socket> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(`GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
      socket.pause();
      resolve(socket);
    });
    socket.on('error', () => {}); // it will be cut off
    socket.once('error', reject);
  });
}

/** A reading client: resolves once it has seen `events` events. */
function readEvents(url: string, events: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, (res) => {
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.toString('latin1').split('event:BlockHeader').length - 1;
        if (seen >= events) { req.destroy(); resolve(seen); }
      });
    });
    req.on('error', reject);
  });
}

test('a client that never reads is dropped when its queue is full; the reading client gets every event meanwhile', async () => {
  const log: string[] = [];
  const server = new NodeServer({ feed: new SyntheticFeed({ seed: 9 }), port: 0, rate: Infinity, maxQueueBytes: 256 * 1024, log: (l) => log.push(l) });
  await server.listen();
  const stalled = await stalledClient(server.url);
  try {
    // far more than the stalled client's socket buffers and queue can hold
    const seen = await withDeadline(readEvents(server.url, 30_000), 90_000, 'the reading client was held up');
    assert.ok(seen >= 30_000);
    assert.is(server.stats.slowDrops, 1);
    assert.is(log.length, 1);
    assert.match(log[0], /^disconnected 127\.0\.0\.1:\d+: fell behind \(\d+ bytes unread\)$/);
  } finally {
    stalled.destroy();
    await server.close();
  }
});

test('clients that all keep up are never dropped', async () => {
  const log: string[] = [];
  const server = new NodeServer({ feed: new SyntheticFeed({ seed: 4 }), port: 0, rate: Infinity, maxQueueBytes: 256 * 1024, log: (l) => log.push(l) });
  await server.listen();
  try {
    const [a, b] = await withDeadline(Promise.all([readEvents(server.url, 3000), readEvents(server.url, 3000)]), 90_000, 'two readers');
    assert.ok(a >= 3000 && b >= 3000);
    assert.is(server.stats.slowDrops, 0);
    assert.equal(log, []);
  } finally {
    await server.close();
  }
});

test.run();
