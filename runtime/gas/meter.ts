// The gas meter: saturating milligas, charged only while a limit is set (gas.md §1.2), priced by
// the active model: Pact's free model (the REPL default), the table model, or a fixed rate.

import { LiteralCharge, type GasHooks } from '../../vm/host.js';
import type { BuiltinSpec } from '../../vm/builtins.js';
import { PactError } from '../../vm/errors.js';
import type { Span } from '../../vm/source.js';
import type { PactDecimal } from '../../vm/values.js';
import { bitLength, largerBitLength, type PactInt } from '../values/numbers.js';
import { measure } from '../values/size.js';
import { hsInt } from '../values/haskell-show.js';
import { COST_CONFIG, TABLE_CONFIG, FREE_CONFIG, type CostConfig } from './cost-table.js';
import { ProductSizes } from './product-sizes.js';

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

  /** the place every charge is logged at while set: Pact charges a module's deployment, and
   *  evaluates its governance keyset, at the module form */
  private pinnedSite: Span | null = null;

  /** `f()` with every charge it makes logged at `span`. */
  at<T>(span: Span, f: () => T): T {
    const saved = this.pinnedSite;
    this.pinnedSite = span;
    try {
      return f();
    } finally {
      this.pinnedSite = saved;
    }
  }

  get limit(): number | null { return this.limitMilli; }
  setLimit(milli: number | null): void {
    this.limitMilli = milli;
    this.metered = milli !== null;
  }

  /**
   * The single charge primitive. The label is only needed by the gas log and the profiler, so a
   * caller may pass a formatter and its pieces instead of text: it is called only while one of
   * them is on, and an unlogged charge builds no string at all.
   */
  charge(cost: number, what: string | LabelFormat, a?: LabelPiece, b?: LabelPiece): void {
    if (!this.metered) return;
    this.spend(cost, what, a, b);
  }

  /**
   * A charge whose cost is worked out from the label's pieces and the model's cost constants by
   * `cost` (a module-level formula, so passing it allocates nothing), and only while metered: an
   * unmetered run pays one branch. The constants matter: under the free model with a limit set,
   * Pact prices every formula with its all-ones config (gas.md §1.4).
   */
  chargeBy<A extends LabelPiece, B extends LabelPiece>(cost: (a: A, b: B, config: CostConfig) => number, what: LabelFormat, a: A, b?: B): void {
    if (!this.metered) return;
    this.spend(cost(a, b as B, this.model.config), what, a, b);
  }

  /** Adds a charge to the counter (only while metered: the limit is set), logs it, checks the
   *  limit. Kept small, the rare work out of line: it is inlined into every charge. */
  private spend(cost: number, what: string | LabelFormat, a: LabelPiece, b: LabelPiece): void {
    const fixedRate = this.model.fixedRate;
    if (fixedRate !== null) cost = fixedRate;
    const next = Math.min(this.milligas + cost, MAX_MILLIGAS);
    if (this.log !== null || this.profiler !== null) this.record(cost, next, what, a, b);
    this.milligas = next;
    if (next > this.limitMilli!) throw gasExceeded(this.limitMilli!, next);
  }

  /** The gas log's entry and the profiler's report of a charge taking the counter to `next`. */
  private record(cost: number, next: number, what: string | LabelFormat, a: LabelPiece, b: LabelPiece): void {
    const text = typeof what === 'string' ? what : what(a, b);
    if (this.log !== null) this.log.push({ what: text, span: this.pinnedSite ?? this.site(), cost });
    if (this.profiler !== null) this.profiler(next - this.milligas, text);
  }

  /**
   * Pact's sizeOf under its byte budget (gas.md §4.1; SizeOf.hs sizeOf): the bytes `walk` counts
   * for `x` (a counting function of values/size.ts), but while metered no more than what is left
   * of the limit at sizeOfBytePenalty a byte. A walk that passes that budget stops, is charged
   * GAConstant(count · penalty) for the count where it stopped, which is past the limit (the gas
   * error), and that count is the size.
   */
  sizeOf<T>(walk: (x: T) => void, x: T): number {
    if (!this.metered) return measure(walk, x);
    const penalty = this.model.config.sizeOfBytePenalty;
    const budget = Math.floor(Math.max(0, this.limitMilli! - this.milligas) / penalty);
    const bytes = measure(walk, x, budget);
    if (bytes > budget) this.charge(bytes * penalty, milliGasLabel, bytes * penalty);
    return bytes;
  }

  chargeNative(spec: BuiltinSpec): void {
    if (spec.repl) return; // REPL natives are never charged nor logged (gas.md §5.3)
    this.charge(this.model.nativeCost(spec), nativeLabel, spec.name);
  }

  chargeApply(k: number): void {
    this.charge(k * this.model.config.functionArgumentCost + 50, applyLabel, k);
  }

  chargeLiteral(kind: LiteralCharge, n: number): void {
    const c = this.model.config;
    if (kind === LiteralCharge.List) this.charge(n * c.concatFactor, listConcatLabel, n);
    else if (kind === LiteralCharge.Object) this.charge(n * c.concatFactor, objConcatLabel, n);
    else this.charge(c.unconsWork, milliGasLabel, c.unconsWork);
  }

  /** sizes of the last product charged, so a chain of products is sized without BigInt calls
   *  (public for its counters: tests see the shortcut taken) */
  readonly products = new ProductSizes();

  /** Integer operation costs by operand bit size (gas.md §2.3). */
  chargeIntOp(op: IntOp, l: PactInt, r: PactInt): void {
    if (!this.metered) return;
    const cost = op === 'PrimOpShift' || op === 'PrimOpPow' ? intOpCost(op, l, r) : arithmeticCost(op, this.products.largerBits(l, r));
    this.spend(cost, intOpLabel(op), l, r);
  }

  /** After a metered multiply whose product p is a bigint: its size, for the next charge on it. */
  noteProduct(a: PactInt, b: PactInt, p: bigint): void {
    if (this.metered) this.products.product(a, b, p);
  }
}

/** A piece of a gas-log label: a number, an integer, a decimal, or text. */
export type LabelPiece = string | number | bigint | PactDecimal | undefined;
/** Builds a gas-log label from its pieces; a module-level function, so passing it allocates nothing. */
export type LabelFormat = (a: LabelPiece, b: LabelPiece) => string;

const nativeLabel: LabelFormat = name => `GNative ${name}`;
const applyLabel: LabelFormat = k => `GAApplyLam ${k}`;
/** List concatenation and construction; a negative length (take's wrapped count) in parentheses. */
export const listConcatLabel: LabelFormat = n => `GConcat (ListConcat (GasListLength ${hsInt(n as PactInt)}))`;
export const objConcatLabel: LabelFormat = n => `GConcat (ObjConcat ${n})`;
/** `GAConstant (MilliGas n)`: the label of every constant charge. */
export const milliGasLabel: LabelFormat = mg => `GAConstant (MilliGas ${mg})`;
const addLabel: LabelFormat = (l, r) => `GIntegerOpCost PrimOpAdd ${hsInt(l as PactInt)} ${hsInt(r as PactInt)}`;
const subLabel: LabelFormat = (l, r) => `GIntegerOpCost PrimOpSub ${hsInt(l as PactInt)} ${hsInt(r as PactInt)}`;
const mulLabel: LabelFormat = (l, r) => `GIntegerOpCost PrimOpMul ${hsInt(l as PactInt)} ${hsInt(r as PactInt)}`;
const divLabel: LabelFormat = (l, r) => `GIntegerOpCost PrimOpDiv ${hsInt(l as PactInt)} ${hsInt(r as PactInt)}`;
const shiftLabel: LabelFormat = (l, r) => `GIntegerOpCost PrimOpShift ${hsInt(l as PactInt)} ${hsInt(r as PactInt)}`;
const powLabel: LabelFormat = (l, r) => `GIntegerOpCost PrimOpPow ${hsInt(l as PactInt)} ${hsInt(r as PactInt)}`;
/** (a switch, not a keyed lookup: six names make a property load megamorphic) */
function intOpLabel(op: IntOp): LabelFormat {
  switch (op) {
    case 'PrimOpAdd': return addLabel;
    case 'PrimOpSub': return subLabel;
    case 'PrimOpMul': return mulLabel;
    case 'PrimOpDiv': return divLabel;
    case 'PrimOpShift': return shiftLabel;
    case 'PrimOpPow': return powLabel;
  }
}

function gasExceeded(limit: number, next: number): PactError {
  return new PactError('gas', `Gas limit "${milliToGas(limit)}"exceeded: ${milliToGas(next)}`);
}

export function milliToGas(milli: number): number {
  return Math.ceil(milli / 1000);
}

export function intOpCost(op: IntOp, l: PactInt, r: PactInt): number {
  switch (op) {
    case 'PrimOpAdd': case 'PrimOpSub': case 'PrimOpMul': case 'PrimOpDiv':
      return arithmeticCost(op, largerBitLength(l, r));
    case 'PrimOpShift': {
      if (!(r > 0)) return 0;
      const rn = Number(r);
      return powCost(2, r) + Math.floor((3 * Math.max(bitLength(l), rn)) / 20) + 26;
    }
    case 'PrimOpPow': return powCost(l, r);
  }
}

/** The cost of +, -, * and div when the larger operand has n bits. */
export function arithmeticCost(op: IntOp, n: number): number {
  if (op === 'PrimOpAdd' || op === 'PrimOpSub') return n <= 664 ? 30 : Math.floor((n * n) / 6400);
  return n <= 664 ? Math.floor((3 * n) / 20) + 26 : Math.floor((n * n) / 6400);
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

/** A size Pact measures at the moment of its charge: the counting walk (values/size.ts,
 *  pact-ir/size-of.ts) and what it walks, for `GasMeter.sizeOf` to run under the byte budget. */
export interface Measured<T> { readonly walk: (x: T) => void; readonly of: T }

/** What module deployment charges for: the module as renamed and as hashed (infos erased), the
 *  dependency walk's cost (null where none is made), the stored module data. */
export interface ModuleCharges<A, B> {
  readonly desugared: Measured<A>;
  readonly hashed: Measured<A>;
  readonly transitiveDepCost: number | null;
  readonly stored: Measured<B>;
}

/** Module deployment (gas.md §3.9), all at once: desugar and hash by size, the dependency walk,
 *  storage. A deployment charges them at three points instead (the functions below). */
export function chargeModuleDeploy<A, B>(gas: GasMeter, sizes: ModuleCharges<A, B>, pact50 = false): void {
  chargeModuleDesugar(gas, sizes.desugared);
  chargeModuleHash(gas, sizes.hashed);
  chargeModuleStore(gas, sizes, pact50);
}

// Each size is measured only while metered, at its charge and under the byte budget left then:
// a walk past it charges GAConstant(count · penalty) (the gas error) instead of the charge.

/** Once the module is renamed (Desugar.hs renameModule), before its constants are evaluated. */
export function chargeModuleDesugar<T>(gas: GasMeter, module: Measured<T>): void {
  if (!gas.metered) return;
  const n = gas.sizeOf(module.walk, module.of);
  gas.charge(n * gas.model.config.desugarBytePenalty, desugarLabel, n);
}

/** Once its constants are evaluated, for its hash (ModuleHashing.hs). */
export function chargeModuleHash<T>(gas: GasMeter, module: Measured<T>): void {
  if (!gas.metered) return;
  const n = gas.sizeOf(module.walk, module.of);
  gas.charge(n * gas.model.config.mHashBytePenalty, blakeLabel, n);
}

/** When it is written (Compile.hs evalTopLevel): the dependency walk (a module's, from Pact 5.1
 *  on: null where none is made), then the stored bytes. */
export function chargeModuleStore<T>(gas: GasMeter, sizes: { readonly transitiveDepCost: number | null; readonly stored: Measured<T> },
  pact50: boolean): void {
  if (!gas.metered) return;
  if (!pact50 && sizes.transitiveDepCost !== null) gas.charge(sizes.transitiveDepCost, transitiveDepLabel, sizes.transitiveDepCost);
  chargeModuleWrite(gas, sizes.stored);
}

/** GWrite of the stored module data: at deployment, and again by `static-redeploy`. */
export function chargeModuleWrite<T>(gas: GasMeter, stored: Measured<T>): void {
  if (!gas.metered) return;
  const n = gas.sizeOf(stored.walk, stored.of);
  gas.charge(n * gas.model.config.perByteWriteCost, writeLabel, n);
}

const desugarLabel: LabelFormat = n => `GModuleOp (MOpDesugarModule ${n})`;
const blakeLabel: LabelFormat = n => `GHashOp (GHashBlake ${n})`;
const transitiveDepLabel: LabelFormat = n => `GModuleOp (MOpFindTransitiveDep ${n})`;
/** `GRead bytes` and `GWrite bytes`: the database charges. */
export const readLabel: LabelFormat = n => `GRead ${n}`;
export const writeLabel: LabelFormat = n => `GWrite ${n}`;
