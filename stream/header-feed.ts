// Where the local node's events come from: a JSON-lines replay of real data, or the synthetic chain.

import { readFileSync, statSync } from 'node:fs';
import { SyntheticChain, type SyntheticChainOptions } from './synthetic-chain.js';

/** The default size limit of a replay file (the engine's script limit, kept separately: stream/
 *  imports nothing from the engine). */
export const DEFAULT_MAX_REPLAY_BYTES = 64 * 1024 * 1024;

/** A source of event data lines (one JSON object each, no newline), in emission order. */
export interface HeaderFeed {
  /** The next data line, or undefined once the feed is exhausted. */
  next(): string | undefined;
}

/** Replays the lines of a `.jsonl` file (`shared/data/headers/*.jsonl`) verbatim, once. */
export class ReplayFeed implements HeaderFeed {
  private index = 0;
  constructor(private readonly lines: readonly string[]) {}

  /** Only a regular file of at most `maxBytes` bytes: `/dev/zero` or a FIFO would never end. */
  static fromFile(path: string, maxBytes = DEFAULT_MAX_REPLAY_BYTES): ReplayFeed {
    const st = statSync(path);
    if (st.isDirectory()) throw new Error('is a directory');
    if (!st.isFile()) throw new Error('not a regular file');
    if (st.size > maxBytes) throw new Error(`file too large (${st.size} bytes; the limit is ${maxBytes}, raise it with --max-file-size)`);
    const text = readFileSync(path, 'utf8');
    if (Buffer.byteLength(text) > maxBytes) throw new Error(`file too large (the limit is ${maxBytes} bytes, raise it with --max-file-size)`);
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
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
