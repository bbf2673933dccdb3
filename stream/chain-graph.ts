// The chain graphs of Kadena mainnet01 (header-stream.md §6): which chains braid with which.

/** Adjacency lists indexed by chain id. */
export type ChainGraph = ReadonlyArray<readonly number[]>;

/** The 20-chain graph, used on mainnet01 from height 852054 (2020-08-20). */
export const TWENTY_CHAIN_GRAPH: ChainGraph = [
  [5, 10, 15], [6, 11, 16], [7, 12, 17], [8, 13, 18], [9, 14, 19],
  [0, 7, 8], [1, 8, 9], [2, 5, 9], [3, 5, 6], [4, 6, 7],
  [0, 11, 19], [1, 10, 12], [2, 11, 13], [3, 12, 14], [4, 13, 15],
  [0, 14, 16], [1, 15, 17], [2, 16, 18], [3, 17, 19], [4, 10, 18],
];

/** The Petersen graph of chains 0–9, used on mainnet01 below height 852054. */
export const PETERSEN_GRAPH: ChainGraph = [
  [2, 3, 5], [3, 4, 6], [0, 4, 7], [0, 1, 8], [1, 2, 9],
  [0, 6, 9], [1, 5, 7], [2, 6, 8], [3, 7, 9], [4, 5, 8],
];

export const TWENTY_CHAIN_FORK_HEIGHT = 852054;

/** The mainnet01 graph in force at a block height. */
export function mainnetGraphAt(height: number): ChainGraph {
  return height < TWENTY_CHAIN_FORK_HEIGHT ? PETERSEN_GRAPH : TWENTY_CHAIN_GRAPH;
}
