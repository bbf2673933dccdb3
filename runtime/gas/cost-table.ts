// Gas costs as data: the table model's cost constants (gas.md §2.1). Native flat costs live in
// the native catalogue (vm/builtins.ts).

export interface CostConfig {
  nativeBasicWork: number;
  functionArgumentCost: number;
  machineTickCost: number;
  unconsWork: number;
  readPenalty: number;
  writePenalty: number;
  metadataTxPenalty: number;
  selectPenalty: number;
  concatFactor: number;
  perByteWriteCost: number;
  perByteReadCost: number;
  sortBytePenaltyReduction: number;
  poseidonQuadraticGasFactor: number;
  poseidonLinearGasFactor: number;
  moduleLoadSlope: number;
  moduleLoadIntercept: number;
  desugarBytePenalty: number;
  mHashBytePenalty: number;
  sizeOfBytePenalty: number;
  keccak256GasPerOneHundredBytes: number;
  keccak256GasPerChunk: number;
}

export const TABLE_CONFIG: CostConfig = {
  nativeBasicWork: 100,
  functionArgumentCost: 25,
  machineTickCost: 25,
  unconsWork: 100,
  readPenalty: 2_500,
  writePenalty: 25_000,
  metadataTxPenalty: 100_000,
  selectPenalty: 40_000_000,
  concatFactor: 100,
  perByteWriteCost: 200,
  perByteReadCost: 100,
  sortBytePenaltyReduction: 1_000,
  poseidonQuadraticGasFactor: 50_000,
  poseidonLinearGasFactor: 38_000,
  moduleLoadSlope: 200,
  moduleLoadIntercept: 10,
  desugarBytePenalty: 400,
  mHashBytePenalty: 100,
  sizeOfBytePenalty: 5,
  keccak256GasPerOneHundredBytes: 146,
  keccak256GasPerChunk: 2_120,
};

/** The free model's config: every constant is 1 (gas.md §1.4). */
export const FREE_CONFIG: CostConfig = Object.fromEntries(
  Object.keys(TABLE_CONFIG).map(k => [k, 1]),
) as unknown as CostConfig;

export const COST_CONFIG = TABLE_CONFIG;
