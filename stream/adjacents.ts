// A header's adjacent parents: chain id → hash, in the order the JSON lists them. A read-only Map
// over two small arrays, because building a real Map costs about twice as much per header.

/**
 * The fast path validates the adjacents in place and hands over the text they sit in: the arrays
 * (and a string per hash) are made only when someone reads the entries, which most consumers of a
 * stream never do for most headers. The general reader and `of` fill the arrays as they go.
 */
export class Adjacents implements ReadonlyMap<number, string> {
  private readonly chains: number[] = [];
  private readonly hashes: string[] = [];
  // Unread entries: `count` × `"<chain>":"<43-char hash>"`, joined by commas, from `source[sourceAt]`
  // on; undefined once they are in the arrays.
  private source: string | undefined = undefined;
  private sourceAt = 0;
  private count = 0;

  /** Builds from entries (tests and encoders); the decoders use `add` or `inText`. */
  static of(entries: Iterable<readonly [number, string]>): Adjacents {
    const adjacents = new Adjacents();
    for (const [chain, hash] of entries) adjacents.add(chain, hash);
    return adjacents;
  }

  /**
   * `count` entries already validated by the caller (distinct chain ids, each `"<digits>":"<hash>"`
   * with a 43-char hash, separated by single commas, nothing else) starting at `text[at]`.
   */
  static inText(text: string, at: number, count: number): Adjacents {
    const adjacents = new Adjacents();
    adjacents.source = text;
    adjacents.sourceAt = at;
    adjacents.count = count;
    return adjacents;
  }

  /** Adds an entry; false (and no change) if the chain is already there. */
  add(chain: number, hash: string): boolean {
    const chains = this.read();
    if (chains.includes(chain)) return false;
    chains.push(chain);
    this.hashes.push(hash);
    this.count++;
    return true;
  }

  /** The chain ids, reading the entries from the text on first use. */
  private read(): number[] {
    const text = this.source;
    const chains = this.chains;
    if (text === undefined) return chains;
    let p = this.sourceAt;
    for (let i = 0; i < this.count; i++) {
      let chain = 0;
      for (p++; text.charCodeAt(p) !== 0x22; p++) chain = chain * 10 + text.charCodeAt(p) - 0x30;
      chains.push(chain);
      this.hashes.push(text.substring(p + 3, p + 46));
      p += 48; // past `":"`, the hash, `"` and the comma
    }
    this.source = undefined;
    return chains;
  }

  get size(): number {
    return this.count;
  }

  get(chain: number): string | undefined {
    return this.hashes[this.read().indexOf(chain)]; // (index -1: undefined)
  }

  has(chain: number): boolean {
    return this.read().includes(chain);
  }

  forEach(callback: (hash: string, chain: number, map: ReadonlyMap<number, string>) => void, thisArg?: unknown): void {
    const chains = this.read();
    const hashes = this.hashes;
    for (let i = 0; i < chains.length; i++) callback.call(thisArg, hashes[i]!, chains[i]!, this);
  }

  *entries(): MapIterator<[number, string]> {
    const chains = this.read();
    const hashes = this.hashes;
    for (let i = 0; i < chains.length; i++) yield [chains[i]!, hashes[i]!];
  }

  *keys(): MapIterator<number> {
    yield* this.read();
  }

  *values(): MapIterator<string> {
    this.read();
    yield* this.hashes;
  }

  [Symbol.iterator](): MapIterator<[number, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Adjacents';
  }

  /** As in the node's JSON: `{"10": hash, ...}`. */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.entries());
  }
}
