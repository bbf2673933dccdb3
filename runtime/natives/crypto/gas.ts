// The table-model charges of the cryptographic natives (gas.md §2.3, §3.4), labelled as Pact's
// gas log shows their `GasArgs`. Callers guard with `rt.gas.metered` before building labels.

import type { GasMeter } from '../../gas/meter.js';

export type ZkGroup = 'ZKG1' | 'ZKG2';

/** `GHashOp (GHashKeccak lens)`: ⌈Σ lens / 100⌉ · per-100-bytes + #chunks · per-chunk. */
export function chargeKeccak(gas: GasMeter, chunkLengths: number[]): void {
  const c = gas.model.config;
  const total = chunkLengths.reduce((a, b) => a + b, 0);
  const cost = Math.ceil(total / 100) * c.keccak256GasPerOneHundredBytes + chunkLengths.length * c.keccak256GasPerChunk;
  gas.charge(cost, `GHashOp (GHashKeccak [${chunkLengths.join(',')}])`);
}

/** `GHashOp (GHashPoseidon k)`: k² · quadratic factor + k · linear factor. */
export function chargePoseidon(gas: GasMeter, k: number): void {
  const c = gas.model.config;
  gas.charge(k * k * c.poseidonQuadraticGasFactor + k * c.poseidonLinearGasFactor, `GHashOp (GHashPoseidon ${k})`);
}

export function chargePointAdd(gas: GasMeter, g: ZkGroup): void {
  gas.charge(g === 'ZKG1' ? 5_000 : 30_000, `GAZKArgs (PointAdd ${g})`);
}

export function chargeScalarMult(gas: GasMeter, g: ZkGroup): void {
  gas.charge(g === 'ZKG1' ? 360_000 : 1_450_000, `GAZKArgs (ScalarMult ${g})`);
}

/** `GAZKArgs (Pairing p)`: p · 3760 + 11600, or 100 000 for no pairs. */
export function chargePairing(gas: GasMeter, p: number): void {
  gas.charge(p > 0 ? p * 3_760 + 11_600 : 100_000, `GAZKArgs (Pairing ${p})`);
}

/** `GHyperlaneMessageId m` and `GHyperlaneEncodeDecodeTokenMessage m`: m milligas. */
export function chargeHyperlane(gas: GasMeter, kind: 'MessageId' | 'EncodeDecodeTokenMessage', m: number): void {
  gas.charge(m, `GHyperlane${kind} ${m}`);
}
