// A seeded generator of realistic mainnet-like header events: 20 braided chains with the real chain
// graph, 30 s blocks, and injected forks emitted the way a node emits a reorg (loser first, then
// the winning branch from the fork point up). Used by the local node, the tests and the benchmarks.

import { createHash } from 'node:crypto';
import type { BlockHeader, BlockHeaderEvent } from './block-header.js';
import { TWENTY_CHAIN_GRAPH, type ChainGraph } from './chain-graph.js';
import {
  base64url, bigIntToLittleEndian, encodeBinaryHeader, encodeHeaderEventJson, hexTarget, littleEndianToBigInt,
  powHashOf, type JsonEncodingOptions,
} from './header-encoding.js';
import { randomBytes, randomInt, seededRandom, type Random } from './seeded-random.js';

export interface SyntheticChainOptions {
  seed?: number;
  /** Probability that a mined block is first announced as a competing block that later loses. */
  forkRate?: number;
  graph?: ChainGraph;
  /** Height of the first blocks emitted on every chain. */
  startHeight?: number;
  /** Creation time of the first blocks, microseconds since the epoch. */
  startTime?: number;
  version?: string;
  /** Name of the version field in the JSON (the seed's `serviceVersion` or the real `chainwebVersion`). */
  versionField?: JsonEncodingOptions['versionField'];
}

/** One emitted event and what the generator knows about it. */
export interface SyntheticBlock {
  readonly event: BlockHeaderEvent;
  /** The data line, as a node sends it. */
  readonly json: string;
  /** True if this block loses a fork (it is announced, then replaced). */
  readonly orphan: boolean;
}

const BLOCK_DELAY_US = 30_000_000; // one block per chain every 30 s
const EPOCH_BLOCKS = 120;
// A mainnet-like target (about 2^200): difficulty 2^256 / target ≈ 2^56.
const TARGET = (1n << 200n) + 0x5df6bd673cad141f92365ab97ef4121a49cca9cfbf6394d381n;
// The losing side of a fork is mined against an easier target, so it is lighter, as on a real network.
const LOSER_TARGET = TARGET + (TARGET >> 4n);

interface ChainState {
  /** Winning blocks of the recent heights (height → block), enough for adjacent-parent lookups. */
  readonly recent: Map<number, BlockHeaderEvent>;
  tip: BlockHeaderEvent;
  epochStart: number;
}

export class SyntheticChain {
  private readonly random: Random;
  private readonly forkRate: number;
  private readonly graph: ChainGraph;
  private readonly version: string;
  private readonly encoding: JsonEncodingOptions;
  private readonly chains: ChainState[] = [];
  private readonly queue: SyntheticBlock[] = [];
  private clock: number;
  /** Blocks emitted so far, orphans included. */
  emitted = 0;

  constructor(options: SyntheticChainOptions = {}) {
    this.random = seededRandom(options.seed ?? 1);
    this.forkRate = options.forkRate ?? 0;
    this.graph = options.graph ?? TWENTY_CHAIN_GRAPH;
    this.version = options.version ?? 'mainnet01';
    this.encoding = { versionField: options.versionField }; // (unset: the node's chainwebVersion)
    this.clock = options.startTime ?? 1_762_146_686_559_757;
    const startHeight = options.startHeight ?? 6_321_600;
    // Invented parents at startHeight − 1 (never emitted), so the first real blocks have parents.
    const genesis = this.graph.map((_, chainId) => this.inventParent(chainId, startHeight - 1));
    for (let chainId = 0; chainId < this.graph.length; chainId++) {
      const recent = new Map<number, BlockHeaderEvent>([[startHeight - 1, genesis[chainId]!]]);
      this.chains.push({ recent, tip: genesis[chainId]!, epochStart: this.clock });
    }
  }

  /** The next event of the stream. */
  next(): SyntheticBlock {
    if (this.queue.length === 0) this.mine();
    this.emitted++;
    return this.queue.shift()!;
  }

  /** The current winning block of a chain. */
  tipOf(chainId: number): BlockHeaderEvent {
    return this.chains[chainId]!.tip;
  }

  private mine(): void {
    // Braiding: a chain can mine height h + 1 only when all its neighbours have reached h.
    const eligible: number[] = [];
    for (let chainId = 0; chainId < this.chains.length; chainId++) {
      const height = this.chains[chainId]!.tip.header.height;
      if (this.graph[chainId]!.every((n) => this.chains[n]!.tip.header.height >= height)) eligible.push(chainId);
    }
    const chainId = eligible[randomInt(this.random, 0, eligible.length - 1)]!;
    this.clock += Math.floor(BLOCK_DELAY_US / this.chains.length * (0.5 + this.random()));

    if (this.random() < this.forkRate) {
      // Fork: a lighter competitor is announced first (it will be orphaned); possibly two blocks deep
      // when the neighbours are far enough ahead for the loser to grow.
      const chain = this.chains[chainId]!;
      const height = chain.tip.header.height;
      const twoDeep = this.random() < 0.3 && this.graph[chainId]!.every((n) => this.chains[n]!.tip.header.height >= height + 1);
      const loser1 = this.makeBlock(chainId, chain.tip, LOSER_TARGET, -2_000_000);
      this.queue.push(this.toSynthetic(loser1, true));
      if (twoDeep) {
        const loser2 = this.makeBlock(chainId, loser1, LOSER_TARGET, -1_000_000);
        this.queue.push(this.toSynthetic(loser2, true));
        this.commit(chainId, this.makeBlock(chainId, chain.tip, TARGET, 0));
        this.commit(chainId, this.makeBlock(chainId, chain.tip, TARGET, 500_000));
        return;
      }
    }
    this.commit(chainId, this.makeBlock(chainId, this.chains[chainId]!.tip, TARGET, 0));
  }

  /** Adds a winning block on top of the chain's tip and queues it. */
  private commit(chainId: number, block: BlockHeaderEvent): void {
    const chain = this.chains[chainId]!;
    chain.tip = block;
    chain.recent.set(block.header.height, block);
    chain.recent.delete(block.header.height - 8);
    this.queue.push(this.toSynthetic(block, false));
  }

  private makeBlock(chainId: number, parent: BlockHeaderEvent, targetValue: bigint, timeShift: number): BlockHeaderEvent {
    const chain = this.chains[chainId]!;
    const height = parent.header.height + 1;
    const adjacents = new Map<number, string>();
    for (const neighbour of this.graph[chainId]!) {
      adjacents.set(neighbour, this.chains[neighbour]!.recent.get(height - 1)!.header.hash);
    }
    const creationTime = Math.max(this.clock + timeShift, parent.header.creationTime + 1);
    if (height % EPOCH_BLOCKS === 0) chain.epochStart = creationTime;
    const target = bigIntToLittleEndian(targetValue);
    const weight = bigIntToLittleEndian(littleEndianToBigInt(parent.header.weight) + (1n << 256n) / targetValue);
    const nonce = ((BigInt(Math.floor(this.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(this.random() * 2 ** 32))).toString();
    const unhashed: BlockHeader = {
      chainId, height, hash: ZERO_HASH, parent: parent.header.hash, adjacents, chainwebVersion: this.version,
      creationTime, epochStart: Math.min(chain.epochStart, creationTime), featureFlags: 0n, nonce,
      payloadHash: base64url(randomBytes(this.random, 32)), target, weight,
    };
    const binary = encodeBinaryHeader(unhashed);
    // The real hash is a Merkle root over the fields; any digest of them serves a synthetic chain.
    const hash = base64url(createHash('sha512-256').update(binary.subarray(0, binary.length - 32)).digest());
    const header: BlockHeader = { ...unhashed, hash };
    return { header, powHash: powHashOf(binary), target: hexTarget(target), txCount: randomInt(this.random, 0, 4) };
  }

  private inventParent(chainId: number, height: number): BlockHeaderEvent {
    const header: BlockHeader = {
      chainId, height, hash: base64url(randomBytes(this.random, 32)), parent: base64url(randomBytes(this.random, 32)),
      adjacents: new Map(), chainwebVersion: this.version, creationTime: this.clock - BLOCK_DELAY_US,
      epochStart: this.clock - BLOCK_DELAY_US, featureFlags: 0n, nonce: '0', payloadHash: ZERO_HASH,
      target: bigIntToLittleEndian(TARGET), weight: bigIntToLittleEndian(1n << 120n),
    };
    return { header, powHash: '0'.repeat(64), target: hexTarget(header.target), txCount: 0 };
  }

  private toSynthetic(event: BlockHeaderEvent, orphan: boolean): SyntheticBlock {
    return { event, json: encodeHeaderEventJson(event, this.encoding), orphan };
  }
}

const ZERO_HASH = 'A'.repeat(43);
