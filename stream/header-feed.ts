// Where the local node's events come from: a JSON-lines replay of real data, or the synthetic chain.

import { readFileSync } from 'node:fs';
import { SyntheticChain, type SyntheticChainOptions } from './synthetic-chain.js';

/** A source of event data lines (one JSON object each, no newline), in emission order. */
export interface HeaderFeed {
  /** The next data line, or undefined once the feed is exhausted. */
  next(): string | undefined;
}

/** Replays the lines of a `.jsonl` file (`shared/data/headers/*.jsonl`) verbatim, once. */
export class ReplayFeed implements HeaderFeed {
  private index = 0;
  constructor(private readonly lines: readonly string[]) {}

  static fromFile(path: string): ReplayFeed {
    const lines = readFileSync(path, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
    return new ReplayFeed(lines);
  }

  next(): string | undefined {
    return this.index < this.lines.length ? this.lines[this.index++] : undefined;
  }
}

/** Events of a `SyntheticChain`, endless or up to `limit`. */
export class SyntheticFeed implements HeaderFeed {
  readonly chain: SyntheticChain;
  private produced = 0;

  constructor(options: SyntheticChainOptions = {}, private readonly limit = Infinity) {
    this.chain = new SyntheticChain(options);
  }

  next(): string | undefined {
    if (this.produced >= this.limit) return undefined;
    this.produced++;
    return this.chain.next().json;
  }
}
