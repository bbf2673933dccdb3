// The `pactvm headers` and `pactvm node` commands' less travelled paths, run in-process against
// loopback servers with synthetic data: chain lists, signals, every stderr report, each node flag
// (written against the mutants of stream/cli.ts that only whole-pipeline tests reached).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { headersCommand, nodeCommand, parseChainList } from '../../stream/cli.js';
import { encodeHeaderEventJson } from '../../stream/header-encoding.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { NodeServer } from '../../stream/server.js';
import { ReplayFeed } from '../../stream/header-feed.js';
import { Capture } from './fixtures.js';


const io = () => ({ stdout: new Capture(), stderr: new Capture(), controller: new AbortController() });
const listeners = () => [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];

/** The first `count` complete events of a GET of `url`, as text. */
function firstEvents(url: string, count: number): Promise<{ events: string[]; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      let text = '';
      const done = () => resolve({ events: text.split('\n\n').slice(0, -1), headers: response.headers });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.split('\n\n').length > count) {
          done();
          request.destroy();
        }
      });
      response.on('end', done);
      response.on('close', done);
    });
    request.on('error', reject);
  });
}

async function scripted(handler: (response: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((_, response) => handler(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/chainweb/0.0/mainnet01` };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const CHAIN = new SyntheticChain({ seed: 21 });
const BLOCKS = Array.from({ length: 80 }, () => CHAIN.next().event);
const frame = (json: string) => `event:BlockHeader\ndata:${json}\n\n`;

test('chain lists: spaces around numbers and dashes, ranges of many digits, numeric order, whole parts only', () => {
  assert.equal(parseChainList(' 3 - 5 ,1'), [1, 3, 4, 5]);
  assert.equal(parseChainList('9-11,2'), [2, 9, 10, 11]);
  assert.equal(parseChainList('10,9,100'), [9, 10, 100]);
  for (const bad of ['x3', '3x', '3-x', '3-4-5', '-3', '']) {
    assert.throws(() => parseChainList(bad), (e: Error) => e.message === `--chains: cannot read ${JSON.stringify(bad)}`, bad);
  }
});

test('pactvm node stops on SIGINT and on SIGTERM, and leaves no signal listener behind', async () => {
  const before = listeners();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const { stdout, stderr } = io();
    const running = nodeCommand(['--port', '0', '--synthetic', '--rate', 'max', '--count', '3'], { stdout, stderr });
    await stdout.waitFor(/^listening: /);
    process.emit(signal, signal);
    assert.is(await running, 0, signal);
    assert.match(stderr.text, /^stopped after \d+ events on 0 streams\n$/);
    assert.equal(listeners(), before, signal);
  }
});

test('a signal aborted before the command starts stops it at once', async () => {
  const before = listeners();
  const { stdout, stderr, controller } = io();
  controller.abort();
  assert.is(await nodeCommand(['--port', '0', '--synthetic'], { stdout, stderr, signal: controller.signal }), 0);
  assert.match(stdout.text, /^listening: /);
  const { server, url } = await scripted((response) => { response.writeHead(200, { 'Content-Type': 'text/event-stream' }); response.flushHeaders(); });
  const h = io();
  h.controller.abort();
  assert.is(await headersCommand([url], { stdout: h.stdout, stderr: h.stderr, signal: h.controller.signal }), 0);
  await stop(server);
  assert.equal(listeners(), before);
});

test('pactvm headers reports a node without a version, invalid events, gaps, endings and reconnections on stderr', async () => {
  const chain = BLOCKS.filter((b) => b.header.chainId === 0);
  const far = { ...chain[2]!, header: { ...chain[2]!.header, height: chain[2]!.header.height + 5, parent: 'B'.repeat(43), hash: 'C'.repeat(43) } };
  const body = frame(encodeHeaderEventJson(chain[0]!)) + frame('{"header":1}') + frame(encodeHeaderEventJson(far));
  const { server, url } = await scripted((response) => { response.writeHead(200, { 'Content-Type': 'text/event-stream' }); response.end(body); });
  const { stdout, stderr, controller } = io();
  const running = headersCommand([url, '--depth', '0', '--chains', '0', '--format', 'json'], { stdout, stderr, signal: controller.signal });
  await stderr.waitFor(/reconnecting in/);
  controller.abort();
  assert.is(await running, 0);
  await stop(server);
  const lines = stderr.text.split('\n');
  assert.is(lines[0], `connected to ${url}/header/updates`);
  assert.is(lines[1], 'invalid event dropped: header: expected an object');
  assert.is(lines[2], `gap: chain 0 heights ${chain[0]!.header.height + 1}..${far.header.height - 1} (missing-heights), 0 unresolved`);
  assert.is(lines[3], 'stream ended after 2 events');
  assert.match(lines[4]!, /^reconnecting in \d+ ms \(attempt 1\)$/);
  assert.is(stdout.text, `${encodeHeaderEventJson(chain[0]!)}\n${encodeHeaderEventJson(far)}\n`);
});

test('pactvm headers prints exactly --count headers, accepts https URLs and refuses what is not a URL', async () => {
  const body = BLOCKS.slice(0, 10).map((b) => frame(encodeHeaderEventJson(b))).join('');
  const { server, url } = await scripted((response) => { response.writeHead(200, { 'Content-Type': 'text/event-stream', 'x-service-node-version': '7.7' }); response.end(body); });
  const a = io();
  assert.is(await headersCommand([url, '--depth', '0', '--count', '3'], a), 0);
  assert.is(a.stdout.text.trim().split('\n').length, 1 + 3, 'the table header and 3 rows');
  assert.match(a.stderr.text, / \(node 7\.7\)\n/);
  await stop(server);
  const b = io();
  b.controller.abort();
  assert.is(await headersCommand(['https://127.0.0.1:1/x'], { stdout: b.stdout, stderr: b.stderr, signal: b.controller.signal }), 0);
  const c = io();
  assert.is(await headersCommand(['::not a url'], c), 2);
  assert.match(c.stderr.text, /^pactvm headers: not a URL: ::not a url\n/);
});

test('pactvm node flags: seed (default 1), count, network, node version, end-after, overlap, host', async () => {
  const { stdout, stderr, controller } = io();
  const running = nodeCommand(
    ['--port', '0', '--synthetic', '--rate', '1000', '--count', '2', '--network', 'testnet04', '--node-version', '1.2.3', '--end-after', '1', '--overlap', '1', '--host', '127.0.0.1', '--fork-rate', '0'],
    { stdout, stderr, signal: controller.signal },
  );
  const [, url] = await stdout.waitFor(/^listening: (http:\/\/127\.0\.0\.1:\d+\/chainweb\/0\.0\/testnet04\/header\/updates)\n/);
  const seeded = new SyntheticChain({ seed: 1, forkRate: 0 });
  const [one, two] = [seeded.next().json, seeded.next().json];
  const first = await firstEvents(url!, 5);
  assert.equal(first.events, [frame(one).trimEnd()], 'one event, then the stream ends, cleanly or cut (end-after 1)');
  assert.is(first.headers['x-service-node-version'], '1.2.3');
  const second = await firstEvents(url!, 2);
  assert.equal(second.events, [frame(one).trimEnd(), frame(two).trimEnd()], 'the overlap, then the next event');
  controller.abort();
  assert.is(await running, 0);
});

test('pactvm node: a taken port exits 1, fork rates 0 and 1 are allowed, and each refusal names its flag', async () => {
  const busy = new NodeServer({ port: 0, feed: new ReplayFeed([]) });
  await busy.listen();
  const port = new URL(busy.url).port;
  const a = io();
  assert.is(await nodeCommand(['--port', port, '--synthetic'], a), 1);
  assert.match(a.stderr.text, /^pactvm node: cannot listen: listen EADDRINUSE/);
  await busy.close();
  for (const forkRate of ['0', '1']) {
    const { stdout, stderr, controller } = io();
    controller.abort();
    assert.is(await nodeCommand(['--port', '0', '--synthetic', '--fork-rate', forkRate], { stdout, stderr, signal: controller.signal }), 0, forkRate);
  }
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-cli-'));
  try {
    const file = join(dir, 'headers.jsonl');
    writeFileSync(file, '{"a":1}\n'.repeat(10));
    const refusals: [string[], RegExp][] = [
      [['extra', '--synthetic'], /^pactvm node: unexpected argument extra\n/],
      [['--synthetic', '--fork-rate', '-0.1'], /--fork-rate must be between 0 and 1/],
      [['--synthetic', '--fork-rate', '1.1'], /--fork-rate must be between 0 and 1/],
      [['--synthetic', '--rate', '-5'], /--rate must be a positive number or max/],
      [['--replay', file, '--count', '3'], /^pactvm node: --fork-rate and --count apply to --synthetic only\n/],
    ];
    for (const [argv, message] of refusals) {
      const r = io();
      assert.is(await nodeCommand(argv, r), 2, argv.join(' '));
      assert.match(r.stderr.text, message);
    }
    const tooLarge = io();
    assert.is(await nodeCommand(['--replay', file, '--max-file-size', '10'], tooLarge), 1);
    assert.match(tooLarge.stderr.text, /^pactvm node: cannot read .*headers\.jsonl: file too large \(80 bytes; the limit is 10/);
    const missing = io();
    assert.is(await nodeCommand(['--replay', join(dir, 'none.jsonl')], missing), 1);
    assert.is(missing.stderr.text, `pactvm node: cannot read ${join(dir, 'none.jsonl')}: no such file\n`);
    const directory = io();
    assert.is(await nodeCommand(['--replay', dir], directory), 1);
    assert.is(directory.stderr.text, `pactvm node: cannot read ${dir}: is a directory\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
