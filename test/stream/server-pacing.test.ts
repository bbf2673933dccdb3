// The local node's pacing, stepped on a virtual clock (test/stream/virtual-scheduler.ts): which
// events are written at which tick, when the server sleeps, and how it catches up after a stall or
// an idle time. Clients are real HTTP connections over loopback; only the server's clock is virtual.

import { get, type ClientRequest } from 'node:http';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { ReplayFeed, type HeaderFeed } from '../../stream/header-feed.js';
import { REAL_SCHEDULER } from '../../stream/scheduler.js';
import type { NodeServer } from '../../stream/server.js';
import { withServer } from './fixtures.js';
import { VirtualScheduler } from './virtual-scheduler.js';

const lines = (n: number, pad = 0) => Array.from({ length: n }, (_, i) => `{"n":${i}${pad > 0 ? `,"pad":"${'x'.repeat(pad)}"` : ''}}`);

/** Resolves once `done()` holds, checking after every turn of the event loop; fails after `ms`. */
async function until(done: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Gives the event loop `n` turns (the sockets' I/O included). */
async function ioTurns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

interface Reader {
  /** complete events received so far */
  readonly events: string[];
  readonly request: ClientRequest;
  /** stops reading (the socket stays open) */
  pause(): void;
  /** leaves: closes the connection */
  leave(): void;
}

/** Opens a stream of `server` and resolves once the server counts it open. */
async function connect(server: NodeServer, paused = false): Promise<Reader> {
  const events: string[] = [];
  let rest = '';
  let response: import('node:http').IncomingMessage | undefined;
  const open = server.openStreams;
  const request = get(server.url, { agent: false }, (r) => {
    response = r;
    if (paused) r.pause();
    r.setEncoding('utf8');
    r.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n\n');
      rest = parts.pop()!;
      events.push(...parts);
    });
    r.on('error', () => {});
  });
  request.on('error', () => {});
  await until(() => server.openStreams === open + 1, 'the stream opened');
  return { events, request, pause: () => response!.pause(), leave: () => request.destroy() };
}

/** A feed of `lines` that counts the calls to it and can make each one take virtual time. */
class CountingFeed implements HeaderFeed {
  calls = 0;
  private readonly replay: ReplayFeed;
  constructor(lines: string[], private readonly onCall: () => void = () => {}) {
    this.replay = new ReplayFeed(lines);
  }
  next(): string | undefined {
    this.calls++;
    this.onCall();
    return this.replay.next();
  }
}

test('at 10 events/s the server wakes every 100 ms and writes one event each time; a second client shares the same ticks', async () => {
  const clock = new VirtualScheduler();
  await withServer({ feed: new ReplayFeed(lines(20)), rate: 10, scheduler: clock }, async (server) => {
    const a = await connect(server);
    assert.equal(clock.waiting, [100], 'the first event is due a tenth of a second after the client came');
    clock.jump(50);
    const b = await connect(server);
    assert.equal(clock.waiting, [50], 'the second client waits for the same tick');
    const mined: number[] = [];
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock.next();
      mined.push(server.stats.eventsMined);
      times.push(clock.time);
      assert.equal(clock.waiting, [100], `after tick ${i + 1}`);
    }
    assert.equal(mined, [1, 2, 3, 4, 5]);
    assert.equal(times, [1_100, 1_200, 1_300, 1_400, 1_500]);
    await until(() => a.events.length === 5 && b.events.length === 5, 'both clients got the five events');
    assert.equal(a.events, lines(5).map((l) => `event:BlockHeader\ndata:${l}`));
    assert.equal(b.events, a.events);
  });
});

test('after a stall the server catches up by at most a quarter second of events, then keeps the pace from where it is', async () => {
  const clock = new VirtualScheduler();
  await withServer({ feed: new ReplayFeed(lines(50)), rate: 10, scheduler: clock }, async (server) => {
    await connect(server);
    clock.jump(1_000); // the event loop stalls: the tick due at 100 ms runs a second late
    clock.next();
    assert.is(server.stats.eventsMined, 2, 'a quarter second at 10/s is 2.5 events: 2 now, half an event in hand');
    assert.equal(clock.waiting, [50], 'the half event in hand brings the next one half an interval closer');
    clock.next();
    assert.is(server.stats.eventsMined, 3);
    assert.equal(clock.waiting, [100]);
  });
  const fast = new VirtualScheduler();
  await withServer({ feed: new ReplayFeed(lines(50)), rate: 100, scheduler: fast }, async (server) => {
    await connect(server);
    assert.equal(fast.waiting, [10]);
    fast.jump(2_000);
    fast.next();
    assert.is(server.stats.eventsMined, 25, 'at 100/s the catch-up is 25 events');
  });
});

test('the time a tick spends mining counts toward the pace: a feed that takes 40 ms an event still gives 10 a second', async () => {
  const clock = new VirtualScheduler();
  const feed = new CountingFeed(lines(50), () => clock.jump(40));
  await withServer({ feed, rate: 10, scheduler: clock }, async (server) => {
    await connect(server);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock.next();
      times.push(Math.round(clock.time));
    }
    assert.is(server.stats.eventsMined, 5);
    // (times after each tick's 40 ms of mining) the first wait is counted from the end of the
    // first tick; from then on the 40 ms are in hand and each tick starts 100 ms after the last one
    assert.equal(times, [1_140, 1_280, 1_380, 1_480, 1_580]);
  });
});

test('the server sleeps while nobody listens, and a client that comes after an idle time gets no burst', async () => {
  const clock = new VirtualScheduler();
  await withServer({ feed: new ReplayFeed(lines(50)), rate: 10, scheduler: clock }, async (server) => {
    const a = await connect(server);
    clock.next();
    assert.is(server.stats.eventsMined, 1);
    a.leave();
    await until(() => server.openStreams === 0, 'the server saw the client leave');
    clock.next(); // the tick already due finds nobody
    assert.is(server.stats.eventsMined, 1, 'nothing mined for nobody');
    assert.equal(clock.waiting, [], 'no timer while nobody listens');
    clock.jump(10_000);
    const b = await connect(server);
    assert.equal(clock.waiting, [100]);
    clock.next();
    assert.is(server.stats.eventsMined, 2, 'one event, not the idle time\'s worth');
    await until(() => b.events.length === 1, 'the new client got its event');
    assert.equal(b.events, [`event:BlockHeader\ndata:${lines(2)[1]}`]);
  });
});

test('at an unlimited rate every turn of the event loop mines 256 events for all clients; a dry feed is asked no more', async () => {
  const clock = new VirtualScheduler();
  const feed = new CountingFeed(lines(600));
  await withServer({ feed, scheduler: clock }, async (server) => {
    const a = await connect(server);
    assert.equal(clock.waiting, ['soon']);
    const b = await connect(server);
    assert.equal(clock.waiting, ['soon'], 'one turn for both clients');
    const mined: number[] = [];
    for (let i = 0; i < 3; i++) {
      clock.turn();
      mined.push(server.stats.eventsMined);
      await ioTurns(2); // let the sockets flush, so that nobody is behind
    }
    assert.equal(mined, [256, 512, 600]);
    assert.is(clock.time, 1_000, 'no virtual time passed');
    assert.equal(clock.waiting, [], 'the feed is dry: nothing more to do');
    assert.is(feed.calls, 601, 'each line once, then the one answer that it is dry');
    await until(() => a.events.length === 600 && b.events.length === 600, 'both clients got every event');
  });
});

test('a client is dropped only once its unread bytes pass maxQueueBytes: with 0, a client that keeps up stays', async () => {
  const clock = new VirtualScheduler();
  const logged: string[] = [];
  await withServer({ feed: new ReplayFeed(lines(5)), rate: 10, maxQueueBytes: 0, scheduler: clock, log: (l) => logged.push(l) }, async (server) => {
    const a = await connect(server);
    for (let i = 0; i < 5; i++) {
      clock.next();
      await until(() => a.events.length === i + 1, `event ${i + 1} read`);
    }
    assert.is(server.stats.slowDrops, 0);
    assert.equal(logged, []);
  });
});

test('a client that comes while the server waits for a stalled one is served at once', async () => {
  const clock = new VirtualScheduler();
  await withServer({ feed: new ReplayFeed(lines(2_000, 16_000)), scheduler: clock }, async (server) => {
    const stalled = await connect(server, true);
    // turns until the stalled client's socket is full and the server waits for it (nothing due)
    for (let i = 0; i < 200 && clock.waiting.length > 0; i++) {
      clock.turn();
      await ioTurns(3);
    }
    await ioTurns(20);
    assert.equal(clock.waiting, [], 'waiting for the stalled client');
    const mined = server.stats.eventsMined;
    assert.ok(mined < 2_000, `${mined} mined`);
    const fresh = await connect(server);
    assert.equal(clock.waiting, ['soon'], 'the new client is not behind: the server ticks for it');
    clock.turn();
    assert.ok(server.stats.eventsMined > mined, 'mining goes on');
    await until(() => fresh.events.length > 0, 'the new client got events');
    assert.is(fresh.events[0], `event:BlockHeader\ndata:${lines(mined + 1, 16_000)[mined]}`);
    stalled.leave();
  });
});

test('when a client the server waits for leaves, the server looks again (and waits on for the one still behind)', async () => {
  const clock = new VirtualScheduler();
  await withServer({ feed: new ReplayFeed(lines(2_000, 16_000)), scheduler: clock }, async (server) => {
    const a = await connect(server, true);
    const b = await connect(server, true);
    for (let i = 0; i < 200 && clock.waiting.length > 0; i++) {
      clock.turn();
      await ioTurns(3);
    }
    await ioTurns(20);
    assert.equal(clock.waiting, [], 'waiting for both stalled clients');
    const mined = server.stats.eventsMined;
    a.leave();
    await until(() => server.openStreams === 1, 'the server saw the client leave');
    assert.equal(clock.waiting, ['soon'], 'a tick to look again');
    clock.turn();
    assert.equal(clock.waiting, [], 'the other is still behind: waiting for it');
    assert.is(server.stats.eventsMined, mined, 'nothing written meanwhile');
    b.leave();
  });
});

test('a client waited for again and again leaves no listeners behind (no MaxListenersExceededWarning)', async () => {
  const clock = new VirtualScheduler();
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  try {
    await withServer({ feed: new ReplayFeed(lines(200, 16_000)), scheduler: clock }, async (server) => {
      const reader = await connect(server);
      // each turn writes until the socket (corked for the turn) holds more than its high-water mark,
      // then waits for its 'drain'
      for (let i = 0; i < 30; i++) {
        clock.turn();
        await until(() => clock.waiting.length > 0, `the drain after turn ${i + 1}`);
      }
      assert.is(server.stats.eventsMined, 60, 'two 16 kB events a turn');
      await ioTurns(5); // a warning is emitted on the next tick
      reader.leave();
    });
  } finally {
    process.off('warning', onWarning);
  }
  assert.equal(warnings, []);
});

test('a closed server that listens again answers every stream request with an empty body', async () => {
  await withServer({ feed: new ReplayFeed(lines(5)) }, async (server) => {
    await server.close();
    await server.listen();
    const body = await new Promise<string>((resolve, reject) => {
      get(server.url, { agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => { text += chunk; });
        response.on('end', () => resolve(`${response.statusCode} ${text}`));
      }).on('error', reject);
    });
    assert.is(body, '200 ');
    assert.is(server.stats.streams, 0);
    assert.is(server.stats.eventsMined, 0);
  });
});

test('the real scheduler: after and soon call back once, and not at all once cancelled', async () => {
  const called: string[] = [];
  const t0 = REAL_SCHEDULER.now();
  REAL_SCHEDULER.after(5, () => called.push('after'));
  REAL_SCHEDULER.soon(() => called.push('soon'));
  const cancelAfter = REAL_SCHEDULER.after(5, () => called.push('cancelled after'));
  const cancelSoon = REAL_SCHEDULER.soon(() => called.push('cancelled soon'));
  cancelAfter();
  cancelSoon();
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(called, ['soon', 'after']);
  const t1 = REAL_SCHEDULER.now();
  assert.ok(t1 - t0 >= 25 && t1 - t0 < 60_000, `the clock counts milliseconds (${t1 - t0})`);
});

test.run();
