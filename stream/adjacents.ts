// A header's adjacent parents: chain id → hash, in the order the JSON lists them. A read-only Map
// over two small arrays, because building a real Map costs about twice as much per header.

export class Adjacents implements ReadonlyMap<number, string> {
  private readonly chains: number[] = [];
  private readonly hashes: string[] = [];

  /** Builds from entries (tests and encoders); the decoders use `add`. */
  static of(entries: Iterable<readonly [number, string]>): Adjacents {
    const adjacents = new Adjacents();
    for (const [chain, hash] of entries) adjacents.add(chain, hash);
    return adjacents;
  }

  /** Adds an entry; false (and no change) if the chain is already there. */
  add(chain: number, hash: string): boolean {
    if (this.chains.includes(chain)) return false;
    this.chains.push(chain);
    this.hashes.push(hash);
    return true;
  }

  get size(): number {
    return this.chains.length;
  }

  get(chain: number): string | undefined {
    const index = this.chains.indexOf(chain);
    return index < 0 ? undefined : this.hashes[index];
  }

  has(chain: number): boolean {
    return this.chains.includes(chain);
  }

  forEach(callback: (hash: string, chain: number, map: ReadonlyMap<number, string>) => void, thisArg?: unknown): void {
    for (let i = 0; i < this.chains.length; i++) callback.call(thisArg, this.hashes[i]!, this.chains[i]!, this);
  }

  *entries(): MapIterator<[number, string]> {
    for (let i = 0; i < this.chains.length; i++) yield [this.chains[i]!, this.hashes[i]!];
  }

  *keys(): MapIterator<number> {
    yield* this.chains;
  }

  *values(): MapIterator<string> {
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
