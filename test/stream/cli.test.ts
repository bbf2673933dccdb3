import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { headersCommand, nodeCommand, parseChainList } from '../../stream/cli.js';
import { ReplayFeed } from '../../stream/header-feed.js';
import { NodeServer } from '../../stream/server.js';
import { Capture, headerFile, jsonlLines } from './fixtures.js';
import { corpusTest } from '../corpus.js';

function io() {
  return { stdout: new Capture(), stderr: new Capture(), controller: new AbortController() };
}

function fetchBytes(url: string, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= length) {
          request.destroy();
          resolve(Buffer.concat(chunks));
        }
      });
    });
    request.on('error', reject);
  });
}

async function withNode(file: string, body: (url: string) => Promise<void>): Promise<void> {
  const node = new NodeServer({ port: 0, feed: ReplayFeed.fromFile(headerFile(file)) });
  await node.listen();
  try {
    await body(node.url);
  } finally {
    await node.close();
  }
}

corpusTest('pactvm node --replay serves the file byte for byte and stops on a signal with exit code 0', async () => {
  const { stdout, stderr, controller } = io();
  const running = nodeCommand(['--port', '0', '--replay', headerFile('openapi-header-updates.jsonl'), '--rate', 'max'], { stdout, stderr, signal: controller.signal });
  const [, url] = await stdout.waitFor(/^listening: (http:\/\/127\.0\.0\.1:\d+\/chainweb\/0\.0\/mainnet01\/header\/updates)\n/);
  const expected = readFileSync(headerFile('openapi-header-updates.sse'));
  assert.equal(await fetchBytes(url!, expected.length), expected);
  controller.abort();
  assert.is(await running, 0);
  assert.match(stderr.text, /stopped after 2 events/);
});

test('pactvm node --synthetic with forks and endings serves BlockHeader events', async () => {
  const { stdout, stderr, controller } = io();
  const running = nodeCommand(
    ['--port=0', '--synthetic', '--rate', 'max', '--fork-rate', '0.2', '--end-after', '50', '--count', '100', '--seed', '3'],
    { stdout, stderr, signal: controller.signal },
  );
  const [, url] = await stdout.waitFor(/^listening: (\S+)\n/);
  const body = (await fetchBytes(url!, 1000)).toString();
  assert.match(body, /^event:BlockHeader\ndata:\{"header":\{"adjacents":/);
  controller.abort();
  assert.is(await running, 0);
});

corpusTest('pactvm headers --format json prints each confirmed event exactly as the node sent it', async () => {
  const lines = jsonlLines('mainnet01-sequence-6321598.jsonl');
  await withNode('mainnet01-sequence-6321598.jsonl', async (url) => {
    const { stdout, stderr } = io();
    const base = url.replace(/\/header\/updates$/, '');
    const code = await headersCommand([base, '--depth', '0', '--format', 'json', '--count', '9'], { stdout, stderr });
    assert.is(code, 0);
    assert.is(stdout.text, `${lines.join('\n')}\n`);
    assert.match(stderr.text, /^connected to http:\/\/127\.0\.0\.1:\d+\/chainweb\/0\.0\/mainnet01\/header\/updates \(node 2\.31\.1\)/);
  });
});

corpusTest('pactvm headers --format table with a depth and a chain list', async () => {
  await withNode('synthetic-orphan-6321599.jsonl', async (url) => {
    const { stdout, stderr } = io();
    const code = await headersCommand([url, '--depth', '1', '--chains', '0', '--count', '2'], { stdout, stderr });
    assert.is(code, 0);
    const rows = stdout.text.trim().split('\n');
    assert.is(rows.length, 3);
    assert.match(rows[0]!, /^chain\s+height\s+hash\s+created \(UTC\)\s+txs$/);
    assert.is(rows[1], '    0     6321598  Suq10nzUYMIwwWDF4jAx7D207eFOWMQ4Iow1gvDVWR4  2025-11-03T05:10:19.266Z      0');
    assert.match(rows[2]!, /^ {4}0 {5}6321599 {2}PaFr_ch9mXeeGKCsZkbk8Upi3m-waHpNjps7XRxnqJU {2}2025-11-03T05:1\d:\d\d\.\d{3}Z {6}0$/);
    assert.match(stderr.text, /orphan: chain 0 height 6321599 66iHdA20T-AE4kW08YD8saBU5o1mNVKMZdiubOH5M3c/);
  });
});

corpusTest('pactvm headers stops on a signal with exit code 0', async () => {
  await withNode('openapi-header-updates.jsonl', async (url) => {
    const { stdout, stderr, controller } = io();
    const running = headersCommand([url], { stdout, stderr, signal: controller.signal });
    await stderr.waitFor(/connected to/);
    controller.abort();
    assert.is(await running, 0);
  });
});

corpusTest('pactvm headers against a path with no stream exits 1 and says why', async () => {
  await withNode('openapi-header-updates.jsonl', async (url) => {
    const { stdout, stderr } = io();
    const wrongNetwork = url.replace('mainnet01', 'testnet04');
    assert.is(await headersCommand([wrongNetwork], { stdout, stderr }), 1);
    assert.match(stderr.text, /404 \(header stream disabled on the node, or wrong network name\)/);
  });
});

test('bad arguments exit 2 with the usage', async () => {
  const cases: [string[], RegExp][] = [
    [[], /expected exactly one URL/],
    [['http://x', '--format', 'xml'], /--format must be json or table/],
    [['http://x', '--depth', '-1'], /--depth must be an integer/],
    [['http://x', '--chains', '5-1'], /empty range/],
    [['http://x', '--bogus'], /unknown option --bogus/],
    [['ftp://x'], /not an http\(s\) URL/],
  ];
  for (const [argv, message] of cases) {
    const { stdout, stderr } = io();
    assert.is(await headersCommand(argv, { stdout, stderr }), 2, argv.join(' '));
    assert.match(stderr.text, message);
    assert.match(stderr.text, /usage: pactvm headers URL/);
  }
  const nodeCases: [string[], RegExp][] = [
    [[], /exactly one of --replay FILE and --synthetic/],
    [['--synthetic', '--replay', 'x'], /exactly one of/],
    [['--synthetic', '--fork-rate', '2'], /--fork-rate must be between 0 and 1/],
    [['--synthetic', '--rate', '0'], /--rate must be a positive number or max/],
    [['--replay', 'x.jsonl', '--fork-rate', '0.1'], /apply to --synthetic only/],
  ];
  for (const [argv, message] of nodeCases) {
    const { stdout, stderr } = io();
    assert.is(await nodeCommand(argv, { stdout, stderr }), 2, argv.join(' '));
    assert.match(stderr.text, message);
  }
  const { stdout, stderr } = io();
  assert.is(await nodeCommand(['--replay', '/nonexistent/file.jsonl'], { stdout, stderr }), 1);
  assert.match(stderr.text, /cannot read \/nonexistent\/file\.jsonl/);
});

test('--help prints the usage and exits 0', async () => {
  const a = io();
  assert.is(await headersCommand(['--help'], a), 0);
  assert.match(a.stdout.text, /--depth N/);
  const b = io();
  assert.is(await nodeCommand(['--help'], b), 0);
  assert.match(b.stdout.text, /--fork-rate F/);
});

test('chain lists take single chains and ranges', () => {
  assert.equal(parseChainList('0,5,10'), [0, 5, 10]);
  assert.equal(parseChainList('0-3,7,2'), [0, 1, 2, 3, 7]);
  assert.throws(() => parseChainList('a'));
});

test.run();
