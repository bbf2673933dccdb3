// Confirmation-depth buffer (header-stream.md §7): per chain, holds the recent heights and releases a
// header once the chain's tip is `depth` blocks above it on the same branch; fork losers become orphans.

import type { BlockHeaderEvent } from './block-header.js';

export const DEFAULT_CONFIRMATION_DEPTH = 6;

/** Why a chain's history has a hole the buffer cannot bridge. */
export type GapReason =
  | 'missing-heights' // the new block is more than one above the tip (blocks mined while disconnected)
  | 'unknown-parent' // the new block's parent was never seen (a fork we missed)
  | 'conflicts-with-confirmed'; // its parent contradicts a block already released (a reorg deeper than `depth`)

export interface Gap {
  readonly chainId: number;
  /** Heights `fromHeight..toHeight` (inclusive) are missing from our view of the winning branch. */
  readonly fromHeight: number;
  readonly toHeight: number;
  readonly reason: GapReason;
  /** The block that revealed the gap. */
  readonly block: BlockHeaderEvent;
  /**
   * Blocks that were waiting below the gap: nothing links them to the new tip any more, so they are
   * neither confirmed nor orphaned; callers may check them with other endpoints.
   */
  readonly unresolved: readonly BlockHeaderEvent[];
}

/** What the buffer reports. Each block ends in exactly one of confirmed, orphaned, or a gap's `unresolved`. */
export interface ConfirmationSink {
  confirmed(block: BlockHeaderEvent, confirmations: number): void;
  orphaned(block: BlockHeaderEvent): void;
  gap?(gap: Gap): void;
  /** A block seen before (e.g. re-sent after a reconnect); dropped. */
  duplicate?(block: BlockHeaderEvent): void;
  /** A new block at a height already settled on its chain; dropped (it can change nothing released). */
  late?(block: BlockHeaderEvent): void;
}

export interface ConfirmationOptions {
  /** Blocks on top of a block before it is released. Default 6 (chainweb-stream's choice). */
  depth?: number;
  /** How many settled heights per chain keep their hashes, to recognise duplicates. Default 64 + depth. */
  memoryHeights?: number;
}

interface Block {
  readonly event: BlockHeaderEvent;
  readonly hash: string;
  readonly parent: string;
  readonly height: number;
}

class ChainWindow {
  /** Unsettled blocks by hash, and by height (all hashes seen there). */
  readonly blocks = new Map<string, Block>();
  readonly atHeight = new Map<number, Block[]>();
  /** The last block received that was not a duplicate: the node's current best (§7 rule 1). */
  tip: Block | undefined;
  /** Every height up to this one is settled; set by the chain's first block (below its height). */
  settledHeight = 0;
  /** Hashes of settled blocks (any verdict) for the last `memoryHeights` heights, for duplicates. */
  readonly settledHashes = new Set<string>();
  readonly settledByHeight = new Map<number, string[]>();
  /** The confirmed hash at each remembered settled height, to link the next block to it. */
  readonly confirmedAt = new Map<number, string>();
}

export class ConfirmationBuffer {
  readonly depth: number;
  private readonly memoryHeights: number;
  private readonly chains = new Map<number, ChainWindow>();

  constructor(
    private readonly sink: ConfirmationSink,
    options: ConfirmationOptions = {},
  ) {
    this.depth = options.depth ?? DEFAULT_CONFIRMATION_DEPTH;
    if (!Number.isInteger(this.depth) || this.depth < 0) throw new RangeError(`depth must be a non-negative integer, got ${this.depth}`);
    this.memoryHeights = options.memoryHeights ?? 64 + this.depth;
  }

  /** Number of blocks waiting (not yet confirmed or orphaned) over all chains. */
  get pending(): number {
    let count = 0;
    for (const chain of this.chains.values()) count += chain.blocks.size;
    return count;
  }

  /** The current tip height of a chain, if any block of it was seen. */
  tipHeight(chainId: number): number | undefined {
    const chain = this.chains.get(chainId);
    // a chain is made for its first block, which becomes its tip at once
    return chain === undefined ? undefined : chain.tip!.height;
  }

  push(event: BlockHeaderEvent): void {
    const header = event.header;
    let chain = this.chains.get(header.chainId);
    if (chain === undefined) {
      chain = new ChainWindow();
      this.chains.set(header.chainId, chain);
    }

    if (chain.settledHashes.has(header.hash)) {
      this.sink.duplicate?.(event);
      return;
    }
    if (chain.tip !== undefined && header.height <= chain.settledHeight) {
      this.sink.late?.(event);
      return;
    }
    const known = chain.blocks.get(header.hash);
    if (known !== undefined) {
      if (this.isOnBranchOf(chain, known, chain.tip!)) {
        this.sink.duplicate?.(event);
        return;
      }
      // The node switched back to a branch we had seen: it is current again.
      chain.tip = known;
      this.settle(chain);
      return;
    }

    const block: Block = { event, hash: header.hash, parent: header.parent, height: header.height };
    this.link(chain, block);
    chain.blocks.set(block.hash, block);
    const siblings = chain.atHeight.get(block.height);
    if (siblings === undefined) chain.atHeight.set(block.height, [block]);
    else siblings.push(block);
    chain.tip = block;
    this.settle(chain);
  }

  /** Checks that `block` attaches to what we hold; reports a gap (and cuts the window) if not. */
  private link(chain: ChainWindow, block: Block): void {
    const tip = chain.tip;
    if (tip === undefined) {
      chain.settledHeight = block.height - 1; // the stream starts here: lower heights are not ours to judge
      return;
    }
    if (chain.blocks.has(block.parent)) return;
    const parentHeight = block.height - 1;
    const confirmed = chain.confirmedAt.get(parentHeight);
    if (confirmed === block.parent) return;
    if (parentHeight <= chain.settledHeight && confirmed === undefined) return; // a root older than our start

    let reason: GapReason;
    let fromHeight: number;
    if (confirmed !== undefined) {
      reason = 'conflicts-with-confirmed';
      fromHeight = parentHeight;
    } else if (block.height > tip.height + 1) {
      reason = 'missing-heights';
      fromHeight = tip.height + 1;
    } else {
      reason = 'unknown-parent';
      fromHeight = parentHeight;
    }
    // Nothing below the new block can be tied to it any more: hand those blocks back unresolved.
    const unresolved: BlockHeaderEvent[] = [];
    const below = [...chain.atHeight.keys()].filter((height) => height < block.height).sort((a, b) => a - b);
    for (const height of below) {
      const blocks = chain.atHeight.get(height)!;
      for (const b of blocks) unresolved.push(b.event);
      this.forgetHeight(chain, height, blocks, undefined);
    }
    chain.settledHeight = Math.max(chain.settledHeight, block.height - 1);
    this.sink.gap?.({ chainId: block.event.header.chainId, fromHeight, toHeight: parentHeight, reason, block: block.event, unresolved });
  }

  /** Releases every height that is now `depth` below the tip. */
  private settle(chain: ChainWindow): void {
    const tip = chain.tip!;
    while (tip.height - (chain.settledHeight + 1) >= this.depth) {
      const height = chain.settledHeight + 1;
      const blocks = chain.atHeight.get(height);
      let winner: Block | undefined;
      if (blocks !== undefined) {
        winner = tip;
        while (winner !== undefined && winner.height > height) winner = chain.blocks.get(winner.parent);
        if (winner !== undefined && winner.height !== height) winner = undefined;
        if (winner !== undefined) this.sink.confirmed(winner.event, tip.height - height);
        for (const b of blocks) if (b !== winner) this.sink.orphaned(b.event);
        this.forgetHeight(chain, height, blocks, winner);
      }
      chain.settledHeight = height;
    }
  }

  private forgetHeight(chain: ChainWindow, height: number, blocks: Block[], winner: Block | undefined): void {
    const hashes: string[] = [];
    for (const b of blocks) {
      chain.blocks.delete(b.hash);
      chain.settledHashes.add(b.hash);
      hashes.push(b.hash);
    }
    chain.atHeight.delete(height);
    chain.settledByHeight.set(height, hashes);
    if (winner !== undefined) chain.confirmedAt.set(height, winner.hash);
    // Forget the oldest remembered heights (the memory is bounded per chain). Heights are settled in
    // ascending order, so the map's insertion order is height order.
    const keepFrom = height - this.memoryHeights;
    for (const [old, oldHashes] of chain.settledByHeight) {
      if (old >= keepFrom) break;
      for (const hash of oldHashes) chain.settledHashes.delete(hash);
      chain.settledByHeight.delete(old);
      chain.confirmedAt.delete(old);
    }
  }

  /** True if `block` is `tip` or one of its buffered ancestors. */
  private isOnBranchOf(chain: ChainWindow, block: Block, tip: Block): boolean {
    let b: Block | undefined = tip;
    while (b !== undefined && b.height > block.height) b = chain.blocks.get(b.parent);
    return b === block;
  }
}
