import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { HeaderStreamClient } from '../../stream/client.js';
import { SyntheticFeed } from '../../stream/header-feed.js';
import { seededRandom } from '../../stream/seeded-random.js';
import { NodeServer } from '../../stream/server.js';
import { SyntheticChain, type SyntheticChainOptions } from '../../stream/synthetic-chain.js';

const EVENTS = 3000;
const DEPTH = 4;
const CHAIN: SyntheticChainOptions = { seed: 42, forkRate: 0.15 };
const DEADLINE_MS = 15_000;

interface Plain {
  chainId: number;
  height: number;
  hash: string;
  parent: string;
}

/**
 * The oracle, independent of the client: what a node's stream of these events says is final.
 * Per chain the last block sent is the node's tip; the winning chain is its ancestry, and every
 * block of it at least DEPTH below the tip must come out confirmed, in height order.
 */
function winningChains(lines: readonly string[]): Map<number, string[]> {
  const byHash = new Map<string, Plain>();
  const tips = new Map<number, Plain>();
  for (const line of lines) {
    const { chainId, height, hash, parent } = JSON.parse(line).header as Plain;
    const block = { chainId, height, hash, parent };
    byHash.set(hash, block);
    tips.set(chainId, block);
  }
  const winners = new Map<number, string[]>();
  for (const [chainId, tip] of tips) {
    const chain: string[] = [];
    for (let b: Plain | undefined = tip; b !== undefined; b = byHash.get(b.parent)) {
      if (b.height <= tip.height - DEPTH) chain.push(b.hash);
    }
    winners.set(chainId, chain.reverse());
  }
  return winners;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(overlap: number): Promise<void> {
  const truth = new SyntheticChain(CHAIN);
  const emitted = Array.from({ length: EVENTS }, () => truth.next());
  const orphans = new Set(emitted.filter((b) => b.orphan).map((b) => b.event.header.hash));
  const expected = winningChains(emitted.map((b) => b.json));
  const expectedCount = [...expected.values()].reduce((n, chain) => n + chain.length, 0);

  const server = new NodeServer({
    host: '127.0.0.1', port: 0, feed: new SyntheticFeed(CHAIN, EVENTS),
    endAfter: 40, abruptEndShare: 0.5, overlap, seed: 7,
  });
  await server.listen();
  const client = new HeaderStreamClient(server.url, {
    depth: DEPTH, backoff: { initialMs: 2, maxMs: 20 }, random: seededRandom(1),
  });
  const reported = { orphans: [] as string[], duplicates: 0, reconnects: 0, gaps: 0, invalid: 0, late: 0 };
  client.on('orphan', (b) => reported.orphans.push(b.header.hash));
  client.on('duplicate', () => reported.duplicates++);
  client.on('reconnecting', () => reported.reconnects++);
  client.on('gap', () => reported.gaps++);
  client.on('invalid', () => reported.invalid++);
  client.on('late', () => reported.late++);

  const confirmed: Plain[] = [];
  const consuming = (async () => {
    for await (const { header } of client) confirmed.push(header);
  })();

  const started = Date.now();
  while ((server.stats.eventsMined < EVENTS || confirmed.length < expectedCount) && Date.now() - started < DEADLINE_MS) {
    await sleep(20);
  }
  // Let the last bytes in flight arrive: closing the node ends its streams after what was written.
  const lastDisconnect = new Promise((resolve) => client.once('disconnected', resolve));
  await server.close();
  await Promise.race([lastDisconnect, sleep(2000)]);
  client.close();
  await consuming;

  assert.is(server.stats.eventsMined, EVENTS, 'the node sent every event');
  const byChain = new Map<number, string[]>();
  for (const h of confirmed) byChain.set(h.chainId, [...(byChain.get(h.chainId) ?? []), h.hash]);
  for (const [chainId, chain] of expected) assert.equal(byChain.get(chainId) ?? [], chain, `chain ${chainId}`);
  assert.is(confirmed.length, expectedCount, 'nothing lost, nothing extra');
  assert.is(new Set(confirmed.map((h) => h.hash)).size, confirmed.length, 'nothing duplicated');
  for (const h of confirmed) assert.not.ok(orphans.has(h.hash), `orphan ${h.hash} released`);

  // Every fork loser deep enough was reported as an orphan, and nothing else was.
  for (const hash of reported.orphans) assert.ok(orphans.has(hash), `${hash} is not an orphan`);
  const tipHeights = new Map<number, number>();
  for (const b of emitted) tipHeights.set(b.event.header.chainId, b.event.header.height);
  const settledOrphans = emitted.filter((b) => b.orphan && b.event.header.height <= tipHeights.get(b.event.header.chainId)! - DEPTH);
  assert.is(new Set(reported.orphans).size, settledOrphans.length);
  assert.ok(settledOrphans.length > 50, `${settledOrphans.length} forks exercised`);

  // The run exercised what it claims to.
  assert.ok(server.stats.cleanEnds > 5 && server.stats.abruptEnds > 5, JSON.stringify(server.stats));
  assert.ok(reported.reconnects >= server.stats.cleanEnds + server.stats.abruptEnds);
  if (overlap > 0) assert.ok(reported.duplicates > 0, 'the overlap re-sent events that were dropped by hash');
  else assert.is(reported.duplicates, 0);
  assert.equal([reported.gaps, reported.invalid, reported.late], [0, 0, 0]);
}

test('over loopback, with forks and random stream endings, the confirmed output is exactly the winning chain', async () => {
  await run(0); // the node re-sends nothing, as a real node
});

test('the same when each new stream re-sends its last events: the duplicates are dropped by hash', async () => {
  await run(3);
});

test.run();
