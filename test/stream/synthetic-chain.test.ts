// The synthetic chain's rules, each checked on a short run (cheap enough to judge mutants): block
// times, epochs, weights, nonces, hashes, forks one and two blocks deep, and its seeded generator.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BlockHeaderEvent } from '../../stream/block-header.js';
import { encodeBinaryHeader, hexTarget, littleEndianToBigInt } from '../../stream/header-encoding.js';
import { ReplayFeed, SyntheticFeed } from '../../stream/header-feed.js';
import { randomBytes, randomInt, seededRandom } from '../../stream/seeded-random.js';
import { SyntheticChain, type SyntheticBlock } from '../../stream/synthetic-chain.js';

const START_TIME = 1_762_146_686_559_757;
const BLOCK_DELAY_US = 30_000_000;

/** mulberry32 written again from its definition, in BigInt arithmetic (no Math.imul, no >>> 0). */
function referenceMulberry32(seed: number): () => number {
  const M = 1n << 32n;
  let state = BigInt(seed >>> 0);
  const imul = (a: bigint, b: bigint) => (a * b) % M;
  return () => {
    state = (state + 0x6d2b79f5n) % M;
    let t = state;
    t = imul(t ^ (t >> 15n), t | 1n);
    t = t ^ ((t + imul(t ^ (t >> 7n), t | 61n)) % M);
    return Number(t ^ (t >> 14n)) / 2 ** 32;
  };
}

function take(chain: SyntheticChain, n: number): SyntheticBlock[] {
  return Array.from({ length: n }, () => chain.next());
}

test('the seeded generator is mulberry32: the same floats as an independent BigInt version', () => {
  for (const seed of [0, 1, 42, 0xdeadbeef, -7]) {
    const ours = seededRandom(seed);
    const reference = referenceMulberry32(seed);
    for (let i = 0; i < 50; i++) assert.is(ours(), reference(), `seed ${seed}, draw ${i}`);
  }
});

test('randomInt covers [min, max] inclusive; randomBytes draws exactly one float per byte', () => {
  assert.is(randomInt(() => 0, 3, 5), 3);
  assert.is(randomInt(() => 0.999999, 3, 5), 5);
  assert.is(randomInt(() => 0.5, 3, 5), 4);
  const random = seededRandom(9);
  const bytes = randomBytes(random, 3);
  const reference = seededRandom(9);
  assert.equal([...bytes], [0, 0, 0].map(() => Math.floor(reference() * 256)));
  assert.is(random(), reference(), 'the next draw after three bytes is the fourth float');
});

test('blocks come every 30 s per chain on average, each chain later than its parent', () => {
  const chain = new SyntheticChain({ seed: 3, startTime: START_TIME });
  const blocks = take(chain, 400);
  assert.is(chain.emitted, 400);
  const first = blocks[0]!.event.header.creationTime;
  const last = blocks.at(-1)!.event.header.creationTime;
  // 20 chains: the stream's clock advances 30 s / 20 × (0.5 … 1.5) per block, 1.5 s on average
  const perBlock = (last - first) / 399;
  assert.ok(perBlock > 0.8 * BLOCK_DELAY_US / 20 && perBlock < 1.2 * BLOCK_DELAY_US / 20, `${perBlock} µs per block`);
  for (let i = 1; i < blocks.length; i++) {
    const gap = blocks[i]!.event.header.creationTime - blocks[i - 1]!.event.header.creationTime;
    assert.ok(gap >= BLOCK_DELAY_US / 40 && gap < 1.5 * BLOCK_DELAY_US / 20, `gap ${gap}`);
  }
  assert.ok(first > START_TIME && first < START_TIME + BLOCK_DELAY_US / 20 * 1.5);
});

test('before mining, a chain tip is the invented parent one block (30 s) before the start', () => {
  const chain = new SyntheticChain({ seed: 2, startTime: START_TIME, startHeight: 100 });
  const tip = chain.tipOf(7);
  assert.is(tip.header.chainId, 7);
  assert.is(tip.header.height, 99);
  assert.is(tip.header.creationTime, START_TIME - BLOCK_DELAY_US);
  assert.is(tip.header.epochStart, START_TIME - BLOCK_DELAY_US);
  assert.is(tip.header.nonce, '0');
  assert.is(tip.header.payloadHash, 'A'.repeat(43));
  assert.is(tip.header.adjacents.size, 0);
  assert.is(tip.powHash, '0'.repeat(64));
  assert.is(tip.target, hexTarget(tip.header.target));
  assert.is(littleEndianToBigInt(tip.header.weight), 1n << 120n);
  assert.is(chain.emitted, 0);
  const ofSeven = take(chain, 40).filter((b) => b.event.header.chainId === 7);
  assert.is(ofSeven[0]!.event.header.parent, tip.header.hash);
  assert.is(chain.tipOf(7), ofSeven.at(-1)!.event);
});

test('an epoch starts at every height divisible by 120; the blocks after it carry its start', () => {
  const chain = new SyntheticChain({ seed: 4, startHeight: 1200 - 3 });
  const epochs = new Map<number, number>();
  let crossed = 0;
  for (const { event: { header } } of take(chain, 200)) {
    if (header.height % 120 === 0) {
      crossed++;
      assert.is(header.epochStart, header.creationTime, `height ${header.height} starts an epoch`);
      epochs.set(header.chainId, header.creationTime);
    } else if (header.height > 1200) {
      assert.is(header.epochStart, epochs.get(header.chainId), `height ${header.height} keeps its epoch`);
      assert.ok(header.epochStart < header.creationTime);
    } else {
      assert.ok(header.epochStart <= header.creationTime);
    }
  }
  assert.is(crossed, 20);
});

test('weights add 2^256 / target per block; nonces use 64 bits; hashes are sha512-256 of the binary header', () => {
  const chain = new SyntheticChain({ seed: 6 });
  const byHash = new Map<string, BlockHeaderEvent>();
  for (let c = 0; c < 20; c++) byHash.set(chain.tipOf(c).header.hash, chain.tipOf(c));
  let bigNonces = 0;
  for (const { event } of take(chain, 120)) {
    const { header } = event;
    const parent = byHash.get(header.parent)!;
    const work = (1n << 256n) / littleEndianToBigInt(header.target);
    assert.is(littleEndianToBigInt(header.weight), littleEndianToBigInt(parent.header.weight) + work);
    assert.ok(header.creationTime > parent.header.creationTime);
    if (BigInt(header.nonce) >= 1n << 33n) bigNonces++;
    const binary = encodeBinaryHeader(header);
    assert.is(header.hash, createHash('sha512-256').update(binary.subarray(0, binary.length - 32)).digest('base64url'));
    byHash.set(header.hash, event);
  }
  assert.ok(bigNonces > 100, `${bigNonces} nonces above 2^33`);
});

test('with forks, each loser comes first, 2 s early and lighter; some forks are two blocks deep', () => {
  const chain = new SyntheticChain({ seed: 8, forkRate: 1 });
  const byHash = new Map<string, BlockHeaderEvent>();
  for (let c = 0; c < 20; c++) byHash.set(chain.tipOf(c).header.hash, chain.tipOf(c));
  const blocks = take(chain, 600);
  for (const b of blocks) byHash.set(b.event.header.hash, b.event);
  let forks = 0;
  let twoDeep = 0;
  let early = 0;
  for (let i = 0; i < blocks.length - 3; i++) {
    const loser = blocks[i]!;
    if (!loser.orphan || (i > 0 && blocks[i - 1]!.orphan)) continue;
    forks++;
    const deep = blocks[i + 1]!.orphan;
    const winner = blocks[deep ? i + 2 : i + 1]!;
    assert.not.ok(winner.orphan);
    const l = loser.event.header;
    const w = winner.event.header;
    assert.is(w.chainId, l.chainId);
    assert.is(w.height, l.height);
    assert.is(w.parent, l.parent);
    assert.ok(littleEndianToBigInt(l.target) > littleEndianToBigInt(w.target), 'the loser is mined against an easier target');
    assert.ok(littleEndianToBigInt(l.weight) < littleEndianToBigInt(w.weight), 'and is lighter');
    // 2 s early, unless that would not be after its parent
    const parentTime = byHash.get(l.parent)!.header.creationTime;
    assert.is(l.creationTime, Math.max(w.creationTime - 2_000_000, parentTime + 1));
    if (w.creationTime - 2_000_000 > parentTime + 1) early++;
    if (deep) {
      twoDeep++;
      const second = blocks[i + 1]!.event.header;
      assert.is(second.parent, l.hash);
      assert.is(second.height, l.height + 1);
      assert.is(second.creationTime, Math.max(w.creationTime - 1_000_000, l.creationTime + 1));
      const next = blocks[i + 3]!;
      assert.not.ok(next.orphan);
      assert.is(next.event.header.parent, w.hash);
      if (w.creationTime > parentTime + 1) assert.is(next.event.header.creationTime, w.creationTime + 500_000);
    }
  }
  assert.ok(forks > 150, `${forks} forks`);
  assert.ok(early > forks / 2, `${early} of ${forks} losers a full 2 s early`);
  assert.ok(twoDeep > 10 && twoDeep < forks * 0.3, `${twoDeep} of ${forks} forks two deep`);
  const none = take(new SyntheticChain({ seed: 8, forkRate: 0 }), 200);
  assert.is(none.filter((b) => b.orphan).length, 0);
  const some = take(new SyntheticChain({ seed: 8, forkRate: 0.25 }), 400).filter((b) => b.orphan).length;
  assert.ok(some > 50 && some < 160, `${some} orphans at fork rate 0.25`);
});

test('the version field is chainwebVersion unless serviceVersion is asked for', () => {
  assert.match(new SyntheticChain().next().json, /"chainwebVersion":"mainnet01","creationTime"/);
  const seed = new SyntheticChain({ versionField: 'serviceVersion', version: 'testnet04' }).next().json;
  assert.match(seed, /"payloadHash":"[^"]+","serviceVersion":"testnet04","target"/);
  assert.not.match(seed, /chainwebVersion/);
});

test('a synthetic feed stops after its limit; a replay feed gives its lines once, blank lines skipped', () => {
  const feed = new SyntheticFeed({ seed: 1 }, 3);
  const lines = [feed.next(), feed.next(), feed.next()];
  assert.equal(lines, take(new SyntheticChain({ seed: 1 }), 3).map((b) => b.json));
  assert.is(feed.next(), undefined);
  assert.is(feed.next(), undefined);
  assert.is(feed.chain.emitted, 3);
  const replay = new ReplayFeed(['a', 'b']);
  assert.equal([replay.next(), replay.next(), replay.next(), replay.next()], ['a', 'b', undefined, undefined]);
});

test('a replay file must be a regular file within the size limit, counted before and after decoding', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-feed-'));
  try {
    const path = join(dir, 'lines.jsonl');
    writeFileSync(path, 'one\n   \n\r\ntwo\r\n\n');
    assert.equal([...drain(ReplayFeed.fromFile(path))], ['one', 'two']);
    writeFileSync(path, '0123456789');
    assert.equal([...drain(ReplayFeed.fromFile(path, 10))], ['0123456789'], 'exactly the limit is allowed');
    assert.throws(() => ReplayFeed.fromFile(path, 9), (e: Error) => e.message === 'file too large (10 bytes; the limit is 9, raise it with --max-file-size)');
    // ten bytes that are not UTF-8 decode to ten U+FFFD, 30 bytes of text
    writeFileSync(path, Buffer.alloc(10, 0xff));
    assert.throws(() => ReplayFeed.fromFile(path, 29), (e: Error) => e.message === 'file too large (the limit is 29 bytes, raise it with --max-file-size)');
    assert.equal([...drain(ReplayFeed.fromFile(path, 30))], ['\ufffd'.repeat(10)]);
    assert.throws(() => ReplayFeed.fromFile(dir), (e: Error) => e.message === 'is a directory');
    assert.throws(() => ReplayFeed.fromFile('/dev/null'), (e: Error) => e.message === 'not a regular file');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function* drain(feed: ReplayFeed): Generator<string> {
  for (let line = feed.next(); line !== undefined; line = feed.next()) yield line;
}

test.run();
