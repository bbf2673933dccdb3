// A REPL session (repl.md §1): the machine, the gas meter, the transaction environment, the
// database, the top-level name table, test results and the output channels.

import { Machine } from '../../vm/machine.js';
import type { Host, NativeImpl } from '../../vm/host.js';
import { GlobalCell } from '../../vm/chunk.js';
import { ModRef, type Value } from '../../vm/values.js';
import type { PactType } from '../../vm/types.js';
import type { Span } from '../../compiler/source.js';
import type { NameEnv } from '../../compiler/desugar.js';
import { GasMeter, FREE_MODEL } from '../gas.js';
import { Environment, type Runtime, type PactEvent } from '../context.js';
import { MemoryStorage, type Storage } from '../database.js';
import { pretty } from '../render.js';
import { typecheck } from '../typecheck.js';
import { assembleNatives } from '../natives/registry.js';
import { coreNativeTables } from '../natives/index.js';
import { replNatives } from './natives.js';
import type { LoadedModule } from '../modules.js';

export interface TestResult {
  doc: string;
  span: Span | null;
  passed: boolean;
  message: string;
}

export interface OutputSink {
  /** print channel: `print` output and warnings (always shown by the CLI) */
  print(text: string): void;
  /** trace channel: top-level results, `Loading ...` (shown with --trace) */
  trace(text: string, span: Span | null): void;
}

export const SILENT: OutputSink = { print: () => {}, trace: () => {} };

export class ReplSession implements Runtime, NameEnv {
  readonly gas: GasMeter;
  readonly vm: Machine;
  env = new Environment();
  db: Storage = new MemoryStorage();
  /** open REPL transaction: id and optional name */
  tx: { id: number; name: string | null } | null = null;
  replNativesInModules = false;
  readonly testResults: TestResult[] = [];
  /** REPL defuns/defconsts: survive commit and rollback */
  readonly replDefs = new Map<string, GlobalCell>();
  /** names brought in by `use` and by deploying modules: cleared by commit and rollback */
  topLevel = new Map<string, GlobalCell>();
  readonly modules = new Map<string, LoadedModule>();
  /** events emitted in this transaction, oldest first */
  events: PactEvent[] = [];
  /** the file being run (for `load` path resolution and error locations) */
  currentFile = '(interactive)';
  /** true while running a .repl file: REPL natives resolve */
  replNatives = true;
  readonly natives: NativeImpl[];
  readonly missingNatives: string[];
  private warnings: string[] = [];

  constructor(public out: OutputSink = SILENT) {
    this.gas = new GasMeter(() => this.vm.callSite());
    const session = this;
    const host: Host = {
      natives: [],
      gas: this.gas,
      typecheck: (v: Value, t: PactType) => typecheck(v, t, session),
      render: pretty,
      saveState: () => null,
      restoreState: () => {},
    };
    this.vm = new Machine(host);
    const { impls, missing } = assembleNatives([...coreNativeTables(this), replNatives(this)]);
    host.natives = impls;
    this.natives = impls;
    this.missingNatives = missing;
  }

  // Runtime
  print(text: string): void { this.out.print(text); }
  warn(text: string): void { if (this.warnings.length < 100) this.warnings.push(text); }
  flushWarnings(): void {
    for (const w of this.warnings) this.out.print(`Warning: ${w}`);
    this.warnings = [];
  }

  // SchemaLookup (runtime type checks): schemas arrive with the contracts runtime
  schemaFields(_name: string): Map<string, PactType> | undefined { return undefined; }

  // NameEnv
  lookupTopLevel(name: string): GlobalCell | undefined {
    return this.topLevel.get(name) ?? this.replDefs.get(name);
  }

  lookupMember(module: string, member: string): GlobalCell | null | undefined {
    const m = this.modules.get(module);
    if (!m) return undefined;
    return m.members.get(member) ?? null;
  }

  lookupModRef(name: string): Value | undefined {
    const m = this.modules.get(name);
    return m && m.kind === 'module' ? new ModRef(m.name, m.interfaces) : undefined;
  }

  /** Evaluation-state reset done by commit-tx and rollback-tx (repl.md §3.1). */
  resetTxState(): void {
    this.topLevel = new Map();
    this.events = [];
  }

  /** `(load f true)`: a fresh environment and database (repl.md §5.2). */
  resetEnvironment(): void {
    this.env = new Environment();
    this.db = new MemoryStorage();
    this.topLevel = new Map();
    this.modules.clear();
    this.gas.milligas = 0;
    this.gas.setLimit(null);
    this.gas.log = null;
    this.gas.model = FREE_MODEL;
  }
}
