import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseBlockHeaderEvent, type BlockHeaderEvent } from '../../stream/block-header.js';
import { ConfirmationBuffer, type Gap } from '../../stream/confirm.js';
import { jsonlLines } from './fixtures.js';
import { corpusTest } from '../corpus.js';

/** A block with just what the buffer looks at; hashes are readable names. */
function block(chainId: number, height: number, hash: string, parent: string): BlockHeaderEvent {
  return { header: { chainId, height, hash, parent } as BlockHeaderEvent['header'], powHash: '', target: '', txCount: 0 };
}

interface Log {
  confirmed: string[];
  orphaned: string[];
  duplicates: string[];
  late: string[];
  gaps: Gap[];
}

function buffer(depth: number, memoryHeights?: number): { buffer: ConfirmationBuffer; log: Log } {
  const log: Log = { confirmed: [], orphaned: [], duplicates: [], late: [], gaps: [] };
  const buffer = new ConfirmationBuffer(
    {
      confirmed: (b) => log.confirmed.push(b.header.hash),
      orphaned: (b) => log.orphaned.push(b.header.hash),
      duplicate: (b) => log.duplicates.push(b.header.hash),
      late: (b) => log.late.push(b.header.hash),
      gap: (g) => log.gaps.push(g),
    },
    { depth, memoryHeights },
  );
  return { buffer, log };
}

/** A straight chain `prefix<from>`…`prefix<to>` on chain 0, each the parent of the next. */
function straight(from: number, to: number, prefix = 'a', parentOfFirst = `${prefix}${from - 1}`): BlockHeaderEvent[] {
  const blocks: BlockHeaderEvent[] = [];
  for (let height = from; height <= to; height++) {
    blocks.push(block(0, height, `${prefix}${height}`, height === from ? parentOfFirst : `${prefix}${height - 1}`));
  }
  return blocks;
}

test('a straight chain is released in height order once depth blocks are on top', () => {
  const { buffer: b, log } = buffer(2);
  for (const e of straight(10, 15)) b.push(e);
  assert.equal(log.confirmed, ['a10', 'a11', 'a12', 'a13']);
  assert.is(b.pending, 2);
  assert.is(b.tipHeight(0), 15);
});

test('depth 0 releases every block at once', () => {
  const { buffer: b, log } = buffer(0);
  for (const e of straight(1, 3)) b.push(e);
  assert.equal(log.confirmed, ['a1', 'a2', 'a3']);
});

test('the loser of a one-block fork is orphaned, never confirmed', () => {
  const { buffer: b, log } = buffer(2);
  for (const e of straight(10, 11)) b.push(e);
  b.push(block(0, 12, 'loser12', 'a11'));
  b.push(block(0, 12, 'a12', 'a11')); // the node switched: most recent wins
  for (const e of straight(13, 15)) b.push(e);
  assert.equal(log.confirmed, ['a10', 'a11', 'a12', 'a13']);
  assert.equal(log.orphaned, ['loser12']);
});

test('a two-block reorg re-sent from the fork point orphans both old blocks', () => {
  const { buffer: b, log } = buffer(3);
  for (const e of straight(10, 12)) b.push(e);
  b.push(block(0, 13, 'x13', 'a12'));
  b.push(block(0, 14, 'x14', 'x13'));
  for (const e of straight(13, 18)) b.push(e);
  assert.equal(log.confirmed, ['a10', 'a11', 'a12', 'a13', 'a14', 'a15']);
  assert.equal(log.orphaned.sort(), ['x13', 'x14']);
  assert.equal(log.gaps, []);
});

test('a chain that switches back to a branch it had seen confirms that branch', () => {
  const { buffer: b, log } = buffer(2);
  for (const e of straight(10, 11)) b.push(e);
  const first = block(0, 12, 'a12', 'a11');
  b.push(first);
  b.push(block(0, 12, 'b12', 'a11'));
  b.push(first); // back to a12
  for (const e of straight(13, 15)) b.push(e);
  assert.equal(log.confirmed, ['a10', 'a11', 'a12', 'a13']);
  assert.equal(log.orphaned, ['b12']);
  assert.equal(log.duplicates, []);
});

test('duplicates after a reconnect are dropped by hash, pending or already released', () => {
  const { buffer: b, log } = buffer(2);
  const blocks = straight(10, 16);
  for (const e of blocks) b.push(e);
  for (const e of blocks.slice(2)) b.push(e); // a stream that re-sends a12..a16
  assert.equal(log.confirmed, ['a10', 'a11', 'a12', 'a13', 'a14']);
  assert.equal(log.duplicates, ['a12', 'a13', 'a14', 'a15', 'a16']);
  assert.equal(log.orphaned, []);
});

test('blocks missed while disconnected are reported as a gap; waiting blocks below it come back unresolved', () => {
  const { buffer: b, log } = buffer(3);
  for (const e of straight(10, 14)) b.push(e);
  for (const e of straight(20, 24, 'a', 'a19')) b.push(e);
  assert.equal(log.confirmed, ['a10', 'a11', 'a20', 'a21']);
  assert.is(log.gaps.length, 1);
  const gap = log.gaps[0]!;
  assert.equal([gap.chainId, gap.fromHeight, gap.toHeight, gap.reason], [0, 15, 19, 'missing-heights']);
  assert.equal(gap.unresolved.map((e) => e.header.hash), ['a12', 'a13', 'a14']);
  assert.is(gap.block.header.hash, 'a20');
});

test('a block whose parent was never seen at the next height is an unknown-parent gap', () => {
  const { buffer: b, log } = buffer(2);
  for (const e of straight(10, 12)) b.push(e);
  b.push(block(0, 13, 'c13', 'c12'));
  b.push(block(0, 14, 'c14', 'c13'));
  b.push(block(0, 15, 'c15', 'c14'));
  assert.equal(log.gaps.map((g) => [g.fromHeight, g.toHeight, g.reason]), [[12, 12, 'unknown-parent']]);
  assert.equal(log.gaps[0]!.unresolved.map((e) => e.header.hash), ['a11', 'a12']);
  assert.equal(log.confirmed, ['a10', 'c13']);
});

test('a block that contradicts a released one is a conflicts-with-confirmed gap', () => {
  const { buffer: b, log } = buffer(1);
  for (const e of straight(10, 13)) b.push(e);
  assert.equal(log.confirmed, ['a10', 'a11', 'a12']);
  b.push(block(0, 13, 'd13', 'd12'));
  assert.equal(log.gaps.map((g) => [g.fromHeight, g.toHeight, g.reason]), [[12, 12, 'conflicts-with-confirmed']]);
});

test('a new block at a height already settled is reported late and changes nothing', () => {
  const { buffer: b, log } = buffer(1);
  for (const e of straight(10, 13)) b.push(e);
  b.push(block(0, 11, 'z11', 'a10'));
  assert.equal(log.late, ['z11']);
  assert.equal(log.confirmed, ['a10', 'a11', 'a12']);
  assert.equal(log.orphaned, []);
});

test('an orphan as the very first block of a chain is not a gap', () => {
  const { buffer: b, log } = buffer(1);
  b.push(block(0, 10, 'loser10', 'p9'));
  b.push(block(0, 10, 'a10', 'q9'));
  b.push(block(0, 11, 'a11', 'a10'));
  assert.equal(log.gaps, []);
  assert.equal(log.confirmed, ['a10']);
  assert.equal(log.orphaned, ['loser10']);
});

test('chains are buffered independently', () => {
  const { buffer: b, log } = buffer(1);
  b.push(block(0, 10, 'a10', 'a9'));
  b.push(block(1, 10, 'b10', 'b9'));
  b.push(block(1, 11, 'b11', 'b10'));
  assert.equal(log.confirmed, ['b10']);
  b.push(block(0, 11, 'a11', 'a10'));
  assert.equal(log.confirmed, ['b10', 'a10']);
});

corpusTest('the real orphan scenario: the invented competitor of chain 0 at 6321599 is orphaned', () => {
  const { buffer: b, log } = buffer(1);
  const events = jsonlLines('synthetic-orphan-6321599.jsonl').map(parseBlockHeaderEvent);
  for (const e of events) b.push(e);
  const name = (hash: string) => events.find((e) => e.header.hash === hash)!.header;
  assert.equal(log.confirmed.map((h) => [name(h).chainId, name(h).height]), [
    [0, 6321598], [5, 6321598], [10, 6321598], [15, 6321598], [0, 6321599],
  ]);
  assert.is(log.confirmed[4], 'PaFr_ch9mXeeGKCsZkbk8Upi3m-waHpNjps7XRxnqJU');
  assert.equal(log.orphaned, ['66iHdA20T-AE4kW08YD8saBU5o1mNVKMZdiubOH5M3c']);
  assert.equal(log.gaps, []);
});

test('memory stays bounded over a long chain: old hashes are forgotten', () => {
  const { buffer: b, log } = buffer(2, 10);
  for (const e of straight(1, 5000)) b.push(e);
  assert.is(log.confirmed.length, 4998);
  assert.is(b.pending, 2);
  b.push(block(0, 4999, 'a4999', 'a4998')); // still remembered: a duplicate
  assert.equal(log.duplicates, ['a4999']);
  b.push(block(0, 100, 'a100', 'a99')); // long forgotten, and below the settled height: late
  assert.equal(log.late, ['a100']);
});

test('a negative or fractional depth is refused', () => {
  assert.throws(() => new ConfirmationBuffer({ confirmed() {}, orphaned() {} }, { depth: -1 }), RangeError);
  assert.throws(() => new ConfirmationBuffer({ confirmed() {}, orphaned() {} }, { depth: 1.5 }), RangeError);
});

test('the depth is named in the refusal; an unknown chain has no tip height', () => {
  assert.throws(() => buffer(-1), (e: Error) => e instanceof RangeError && e.message === 'depth must be a non-negative integer, got -1');
  assert.throws(() => buffer(1.5), (e: Error) => e.message === 'depth must be a non-negative integer, got 1.5');
  const { buffer: b } = buffer(1);
  assert.is(b.tipHeight(0), undefined);
  b.push(block(3, 0, 'g0', 'none'));
  assert.is(b.tipHeight(3), 0);
  assert.is(b.tipHeight(0), undefined);
});

test('a chain may start at height 0: its first block is neither late nor a gap', () => {
  const { buffer: b, log } = buffer(1);
  for (const e of straight(0, 2)) b.push(e);
  assert.equal(log, { confirmed: ['a0', 'a1'], orphaned: [], duplicates: [], late: [], gaps: [] });
});

test('by default, settled hashes are remembered for 64 + depth heights, then a re-sent block is only late', () => {
  const { buffer: b, log } = buffer(2);
  for (const e of straight(1, 100)) b.push(e);
  // settled up to 98; heights from 98 − 66 = 32 on are remembered
  b.push(straight(32, 32)[0]!);
  b.push(straight(31, 31)[0]!);
  assert.equal(log.duplicates, ['a32']);
  assert.equal(log.late, ['a31']);
});

test('a new block at exactly the settled height is late', () => {
  const { buffer: b, log } = buffer(1);
  for (const e of straight(1, 3)) b.push(e);
  b.push(block(0, 2, 'b2', 'a1'));
  assert.equal(log, { confirmed: ['a1', 'a2'], orphaned: [], duplicates: [], late: ['b2'], gaps: [] });
  assert.is(b.tipHeight(0), 3);
});

test('a sink without the optional reports drops duplicates, late blocks and gaps silently', () => {
  const confirmed: string[] = [];
  const b = new ConfirmationBuffer({ confirmed: (e) => confirmed.push(e.header.hash), orphaned: () => {} }, { depth: 1 });
  for (const e of straight(1, 3)) b.push(e);
  b.push(straight(3, 3)[0]!); // pending duplicate
  b.push(straight(1, 1)[0]!); // settled duplicate
  b.push(block(0, 2, 'b2', 'a1')); // late
  b.push(block(0, 9, 'x9', 'x8')); // gap
  assert.equal(confirmed, ['a1', 'a2']);
  assert.is(b.tipHeight(0), 9);
});

test('an unknown-parent gap hands back only the blocks below it, lowest first, and settles below it', () => {
  const { buffer: b, log } = buffer(10);
  for (const e of straight(10, 14)) b.push(e);
  b.push(block(0, 12, 'x12', 'zz'));
  assert.is(log.gaps.length, 1);
  const gap = log.gaps[0]!;
  assert.equal({ ...gap, block: gap.block.header.hash, unresolved: gap.unresolved.map((e) => e.header.hash) },
    { chainId: 0, fromHeight: 11, toHeight: 11, reason: 'unknown-parent', block: 'x12', unresolved: ['a10', 'a11'] });
  assert.is(b.pending, 4); // a12, a13, a14 and x12 wait on
  b.push(block(0, 11, 'y11', 'a10'));
  assert.equal(log.late, ['y11']);
  for (const e of straight(13, 22, 'x', 'x12')) b.push(e);
  assert.equal(log.confirmed, ['x12']);
  assert.equal(log.orphaned, ['a12']);
});

test.run();
