// The gas meter: saturating milligas, charged only while a limit is set (gas.md §1.2), priced by
// the active model: Pact's free model (the REPL default), the table model, or a fixed rate.

import { LiteralCharge, type GasHooks } from '../../vm/host.js';
import type { BuiltinSpec } from '../../vm/builtins.js';
import { PactError } from '../../vm/errors.js';
import type { Span } from '../../vm/source.js';
import { bitLength, type PactInt } from '../values/numbers.js';
import { COST_CONFIG, TABLE_CONFIG, FREE_CONFIG, type CostConfig } from './cost-table.js';

/** 2^64 - 1: the counter and the limit are unsigned 64-bit saturating words. */
export const MAX_MILLIGAS = 18446744073709551615;

export interface GasModel {
  /** as `env-gasmodel` reports it: `Current gas model is '<name>': <description>` */
  name: string;
  description: string;
  config: CostConfig;
  /** fixed-rate model: every charge point costs this many milligas */
  fixedRate: number | null;
  nativeCost(spec: BuiltinSpec): number;
}

export const FREE_MODEL: GasModel = {
  name: 'freeGasModel', description: 'free gas model', config: FREE_CONFIG, fixedRate: null,
  nativeCost: () => 0,
};

export const TABLE_MODEL: GasModel = {
  name: 'table', description: 'table-based cost model', config: TABLE_CONFIG, fixedRate: null,
  nativeCost: spec => spec.gas,
};

export function fixedModel(rateGas: number): GasModel {
  return {
    name: `fixed ${rateGas}`, description: `constant rate gas model with fixed rate ${rateGas}`,
    config: TABLE_CONFIG, fixedRate: rateGas * 1000, nativeCost: () => rateGas * 1000,
  };
}

export type IntOp = 'PrimOpAdd' | 'PrimOpSub' | 'PrimOpMul' | 'PrimOpDiv' | 'PrimOpShift' | 'PrimOpPow';

export class GasMeter implements GasHooks {
  metered = false;
  milligas = 0;
  private limitMilli: number | null = null;
  model: GasModel = FREE_MODEL;
  /** entries since the last `env-gaslog`, or null while the log is off */
  log: { what: string; span: Span | null; cost: number }[] | null = null;

  /** every charge is also reported here when a profile is being taken (`pactvm gas`) */
  profiler: ((cost: number, what: string) => void) | null = null;

  /** where the charge happens, for the log (set by the runtime to the machine's call site) */
  constructor(private site: () => Span | null = () => null) {}

  get limit(): number | null { return this.limitMilli; }
  setLimit(milli: number | null): void {
    this.limitMilli = milli;
    this.metered = milli !== null;
  }

  /** The single charge primitive. */
  charge(cost: number, what: string): void {
    if (!this.metered) return;
    if (this.model.fixedRate !== null) cost = this.model.fixedRate;
    let next = this.milligas + cost;
    if (next > MAX_MILLIGAS) next = MAX_MILLIGAS;
    if (this.log) this.log.push({ what, span: this.site(), cost });
    if (this.profiler) this.profiler(next - this.milligas, what);
    this.milligas = next;
    const limit = this.limitMilli!;
    if (next > limit) {
      throw new PactError('gas', `Gas limit "${milliToGas(limit)}"exceeded: ${milliToGas(next)}`);
    }
  }

  chargeNative(spec: BuiltinSpec): void {
    if (spec.repl) return; // REPL natives are never charged nor logged (gas.md §5.3)
    this.charge(this.model.nativeCost(spec), `GNative ${spec.name}`);
  }

  chargeApply(k: number): void {
    const c = this.model.config;
    this.charge(k * c.functionArgumentCost + 50, `GAApplyLam ${k}`);
  }

  chargeLiteral(kind: LiteralCharge, n: number): void {
    const c = this.model.config;
    if (kind === LiteralCharge.List) this.charge(n * c.concatFactor, `GConcat (ListConcat (GasListLength ${n}))`);
    else if (kind === LiteralCharge.Object) this.charge(n * c.concatFactor, `GConcat (ObjConcat ${n})`);
    else this.charge(c.unconsWork, `GAConstant (MilliGas ${c.unconsWork})`);
  }

  /** Integer operation costs by operand bit size (gas.md §2.3). */
  chargeIntOp(op: IntOp, l: PactInt, r: PactInt): void {
    if (!this.metered) return;
    this.charge(intOpCost(op, l, r), `GIntegerOpCost ${op} ${l} ${r}`);
  }
}

export function milliToGas(milli: number): number {
  return Math.ceil(milli / 1000);
}

/** The larger operand by signed comparison (gas.md §2.3: signed, not absolute). */
function larger(l: PactInt, r: PactInt): PactInt {
  return l > r ? l : r;
}

export function intOpCost(op: IntOp, l: PactInt, r: PactInt): number {
  switch (op) {
    case 'PrimOpAdd': case 'PrimOpSub': {
      const n = bitLength(larger(l, r));
      return n <= 664 ? 30 : Math.floor((n * n) / 6400);
    }
    case 'PrimOpMul': case 'PrimOpDiv': {
      const n = bitLength(larger(l, r));
      return n <= 664 ? Math.floor((3 * n) / 20) + 26 : Math.floor((n * n) / 6400);
    }
    case 'PrimOpShift': {
      if (!(r > 0)) return 0;
      const rn = Number(r);
      return powCost(2, r) + Math.floor((3 * Math.max(bitLength(l), rn)) / 20) + 26;
    }
    case 'PrimOpPow': return powCost(l, r);
  }
}

/** `powCost(base, p)`: T · ⌈avg²⌉ with T = 2L−2 and avg = nbits(base) · ⌈2^((L−1)/2)⌉. */
export function powCost(base: PactInt, p: PactInt): number {
  const L = bitLength(p);
  const n0 = bitLength(base);
  const T = Math.max(0, 2 * L - 2);
  const avg = n0 * Math.ceil(2 ** (Math.max(0, L - 1) / 2));
  return T * Math.ceil(avg ** 2);
}

export { COST_CONFIG };

/** Module deployment (gas.md §3.9): desugar and hash by size, the dependency walk, storage. */
export function chargeModuleDeploy(gas: GasMeter, sizes: { desugar: number; hashing: number; transitiveDepCost: number; store: number },
  pact50 = false): void {
  if (!gas.metered) return;
  const c = gas.model.config;
  gas.charge(sizes.desugar * c.desugarBytePenalty, `GModuleOp (MOpDesugarModule ${sizes.desugar})`);
  gas.charge(sizes.hashing * c.mHashBytePenalty, `GHashOp (GHashBlake ${sizes.hashing})`);
  // the transitive-dependency walk is charged from Pact 5.1 on (DisablePact51 restores 5.0)
  if (!pact50) gas.charge(sizes.transitiveDepCost, `GModuleOp (MOpFindTransitiveDep ${sizes.transitiveDepCost})`);
  gas.charge(sizes.store * c.perByteWriteCost, `GWrite ${sizes.store}`);
}
