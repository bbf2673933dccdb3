// Mutants of stream/cli.ts that survived the complete mutation run (issue 16), killed here:
// `pactvm node --synthetic` honours --seed, --count and --host.

import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { headersCommand, nodeCommand } from '../../stream/cli.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { Capture } from './fixtures.js';

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

test.run();
