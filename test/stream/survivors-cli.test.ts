// Mutants of stream/cli.ts that survived the complete mutation run (issue 16), killed here:
// `pactvm node --synthetic` honours --seed, --count and --host; its default rate is mainnet's; it
// logs a slow client it drops; the reasons a replay file cannot be read.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { headersCommand, nodeCommand, readFailure } from '../../stream/cli.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { Capture } from './fixtures.js';
import { VirtualScheduler } from './virtual-scheduler.js';

/** The data lines of the first `count` events of a GET of `url`. */
function firstData(url: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        const events = text.split('\n\n').slice(0, -1);
        if (events.length >= count) {
          resolve(events.slice(0, count).map((e) => e.split('\n').find((l) => l.startsWith('data:'))!.slice(5)));
          request.destroy();
        }
      });
    });
    request.on('error', reject);
  });
}

test('pactvm node --synthetic mines --count events of the chain --seed gives, listening on --host', async () => {
  const stdout = new Capture();
  const stderr = new Capture();
  const controller = new AbortController();
  const running = nodeCommand(
    ['--port', '0', '--host', '0.0.0.0', '--synthetic', '--rate', 'max', '--count', '2', '--seed', '7'],
    { stdout, stderr, signal: controller.signal },
  );
  const url = (await stdout.waitFor(/^listening: (\S+)\n/))[1]!;
  assert.match(url, /^http:\/\/0\.0\.0\.0:\d+\/chainweb\/0\.0\/mainnet01\/header\/updates$/);
  const chain = new SyntheticChain({ seed: 7 });
  const expected = [chain.next().json, chain.next().json];
  assert.equal(await firstData(url, 2), expected);
  controller.abort();
  assert.is(await running, 0);
  assert.is(stderr.text, 'stopped after 2 events on 1 streams\n');
});

test('pactvm headers reports a stream the node cuts with the error\'s message', async () => {
  const line = new SyntheticChain({ seed: 8 }).next().json;
  const server = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.write(`event:BlockHeader\ndata:${line}\n\n`, () => response.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chainweb/0.0/mainnet01`;
  const stdout = new Capture();
  const stderr = new Capture();
  const controller = new AbortController();
  try {
    const running = headersCommand([url, '--depth', '0', '--format', 'json'], { stdout, stderr, signal: controller.signal });
    const report = (await stderr.waitFor(/^stream .*\n/m))[0];
    controller.abort();
    assert.is(await running, 0);
    assert.is(report, 'stream failed: connection cut by the node after 1 events\n');
    assert.is(stdout.text, `${line}\n`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('pactvm node paces at 20 events in 30 s by default: the first event is due 1.5 s after a client comes', async () => {
  const stdout = new Capture();
  const stderr = new Capture();
  const controller = new AbortController();
  const clock = new VirtualScheduler();
  const running = nodeCommand(['--port', '0', '--synthetic'], { stdout, stderr, signal: controller.signal, scheduler: clock });
  const url = (await stdout.waitFor(/^listening: (\S+)\n/))[1]!;
  const request = get(url, { agent: false });
  request.on('error', () => {});
  try {
    await new Promise<void>((resolve) => request.on('response', () => resolve()));
    assert.equal(clock.waiting, [1_500]);
  } finally {
    request.destroy();
    controller.abort();
  }
  assert.is(await running, 0);
});

test('pactvm node logs the client it drops for falling behind', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-slow-'));
  const file = join(dir, 'big.jsonl');
  // 26 MB of events: past the 4 MiB queue and what the kernel buffers for a client that stops reading
  writeFileSync(file, Array.from({ length: 400 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(64_000)}"}\n`).join(''));
  const stdout = new Capture();
  const stderr = new Capture();
  const controller = new AbortController();
  const running = nodeCommand(['--port', '0', '--replay', file, '--rate', 'max'], { stdout, stderr, signal: controller.signal });
  const requests: ReturnType<typeof get>[] = [];
  try {
    const url = (await stdout.waitFor(/^listening: (\S+)\n/))[1]!;
    const stalled = get(url, { agent: false }, (response) => {
      response.pause(); // never reads
      // the reader starts once the stalled stream is open
      const reader = get(url, { agent: false }, (r) => r.resume());
      reader.on('error', () => {});
      requests.push(reader);
    });
    stalled.on('error', () => {});
    requests.push(stalled);
    const line = (await stderr.waitFor(/^pactvm node: .*\n/m))[0];
    assert.match(line, /^pactvm node: disconnected 127\.0\.0\.1:\d+: fell behind \(\d+ bytes unread\)\n$/);
  } finally {
    for (const request of requests) request.destroy();
    controller.abort();
    await running;
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a replay file that cannot be read is reported by its error code, else by the error\'s message', () => {
  const error = (code: string | undefined, message: string) => Object.assign(new Error(message), code === undefined ? {} : { code });
  assert.is(readFailure(error('ENOENT', "ENOENT: no such file or directory, stat 'x'")), 'no such file');
  assert.is(readFailure(error('EACCES', "EACCES: permission denied, open 'x'")), 'permission denied');
  assert.is(readFailure(error('EISDIR', 'EISDIR: illegal operation on a directory, read')), 'EISDIR: illegal operation on a directory, read');
  assert.is(readFailure(error(undefined, 'is a directory')), 'is a directory');
});

test.run();
