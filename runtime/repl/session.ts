// A REPL session (repl.md §1): the machine, the gas meter, the transaction environment, the
// database, the top-level name table, test results and the output channels.

import type { CoverageRecorder } from './coverage.js';
import { Machine } from '../../vm/machine.js';
import type { Host, NativeImpl } from '../../vm/host.js';
import { GlobalCell } from '../../vm/chunk.js';
import { Closure, ModRef, type Value } from '../../vm/values.js';
import type { PactType } from '../../vm/types.js';
import type { Span } from '../../vm/source.js';
import type { NameEnv } from '../../compiler/index.js';
import { GasMeter, FREE_MODEL, milliGasLabel } from '../gas/meter.js';
import { Environment, type Runtime, type PactEvent } from '../natives/context.js';
import { MemoryStorage, type Storage } from '../storage/memory.js';
import { pretty } from '../values/render.js';
import { typecheck } from '../values/type-checks.js';
import { assembleNatives } from '../natives/registry.js';
import { coreNativeTables } from '../natives/index.js';
import { replNatives } from './natives.js';
import { loadedEntries, type LoadedDefinition, type LoadedModule } from '../contracts/modules.js';
import { REPL_MODULE, REPL_MODULE_HASH, type ModuleHashContext } from '../pact-ir/index.js';
import { base64UrlDecode } from '../values/base64url.js';
import { ContractState, capSlot, type ContractSnapshot } from '../contracts/state.js';
import { contractNatives, type ContractsHost } from '../contracts/index.js';
import { keysetKey, lookupKeyset } from '../contracts/keysets.js';
import { CapToken } from '../../vm/values.js';
import { evaluateCapability, inScope } from '../contracts/capabilities.js';
import { enforceGuard } from '../contracts/guards.js';
import type { Namespace, NamespacePolicy } from '../contracts/namespaces.js';
import { Defpacts, type DefpactInfo, type PactExec } from '../contracts/defpacts.js';
import type { Guard } from '../../vm/values.js';
import { PactError } from '../../vm/errors.js';

const PACT51_NATIVES: ReadonlySet<string> = new Set(['hash-poseidon', 'hash-keccak256']);
const NO_NATIVES: ReadonlySet<string> = new Set();

/** Modules live in the transactional store, so rollback-tx forgets modules deployed in the tx. */
const MODULES_TABLE = 'SYS:Modules';

/** Pact's REPL debug flags, in the order it lists them (ReplDebugFlag's constructors) */
export const DEBUG_FLAGS = ['lexer', 'parser', 'desugar'] as const;
export type DebugFlag = typeof DEBUG_FLAGS[number];

export interface TestResult {
  doc: string;
  span: Span | null;
  passed: boolean;
  message: string;
  /** where the error an `expect` caught was raised, when it knows (e.g. inside a loaded .pact) */
  raisedAt?: Span | null;
}

/** What saveEvalState keeps (see there). */
export interface EvalSnapshot {
  caps: ContractState;
  events: PactEvent[];
  pactExec: PactExec | null;
  topLevel: Map<string, GlobalCell>;
  namespace: string | null;
  namespaceValue: Namespace | null;
  loadedDefs: number;
  loaded: Map<string, LoadedDefinition>;
  loadedThisTx: Set<string>;
}

export interface OutputSink {
  /** print channel: `print` output and warnings (always shown by the CLI); `span` is where it was printed */
  print(text: string, span?: Span | null): void;
  /** trace channel: top-level results, `Loading ...` (shown with --trace) */
  trace(text: string, span: Span | null): void;
  /** false when trace text is never shown: top-level results are then not rendered at all, as
   *  Pact's REPL, which renders lazily, does not render what it does not print */
  readonly traced?: boolean;
}

export const SILENT: OutputSink = { print: () => {}, trace: () => {}, traced: false };

export class ReplSession implements Runtime, NameEnv, ContractsHost {
  readonly gas: GasMeter;
  readonly vm: Machine;
  env = new Environment();
  db: Storage = new MemoryStorage();
  /** open REPL transaction: id and optional name */
  tx: { id: number; name: string | null } | null = null;
  replNativesInModules = false;
  readonly testResults: TestResult[] = [];
  /** the docs of modules' definitions by qualified name (Pact's replUserDocs: kept for the whole
   *  run, a reset load too) */
  readonly userDocs = new Map<string, string>();
  /** REPL defuns/defconsts: survive commit and rollback */
  readonly replDefs = new Map<string, GlobalCell>();
  /** names brought in by `use` and by deploying modules: cleared by commit and rollback; added
   *  to through defineTopLevel only (an evaluation-state snapshot may share it) */
  topLevel = new Map<string, GlobalCell>();
  /** whether topLevel, loaded and loadedThisTx are shared with a snapshot (saveEvalState), to be
   *  copied before they change: every expect takes one, and few change anything of them */
  private evalStateShared = false;
  caps = new ContractState();
  /** definitions loaded in this transaction (Pact's "all loaded" map; gas of the dependency walk) */
  loadedDefs = 0;
  /** the most recent pact execution of this transaction; reset by commit and rollback */
  pactExec: PactExec | null = null;
  readonly pacts: Defpacts = new Defpacts(this);
  /** the active namespace (`(namespace "ns")`); reset by commit and rollback */
  namespace: string | null = null;
  /** the namespace as `(namespace "ns")` read it: its guards then are the ones enforced */
  namespaceValue: Namespace | null = null;
  /** environment: survives transactions */
  namespacePolicy: NamespacePolicy = { kind: 'simple' };
  /** events emitted in this transaction, oldest first */
  events: PactEvent[] = [];
  /** the file being run (for `load` path resolution and error locations) */
  currentFile = '(interactive)';
  /** the files being run, outermost first (`load` refuses a cycle); `identity`, the real path, is
   *  found when a load first compares it */
  readonly loadChain: { name: string; identity: string | null }[] = [];
  /** `pactvm test --root DIR`: the real path `load` may not leave (null: anywhere) */
  root: string | null = null;
  /** `--any-key-wildcard`: the seed's `any` key wildcard for the whole run (survives
   *  env-exec-config and load-with-env; a script can also turn it on with the AnyKeyWildcard flag) */
  anyKeyWildcardOption = false;
  /** true while running a .repl file: REPL natives resolve */
  replNatives = true;
  /** `env-set-debug-flag`'s flags. pactvm keeps and reports them; the dumps they turn on in Pact
   *  are upstream-internal formats (repl.md §3) */
  readonly debugFlags = new Set<DebugFlag>();
  /** with coverage on (`--coverage`): module code compiled from now on is measured */
  coverage?: CoverageRecorder;
  readonly natives: NativeImpl[];
  readonly missingNatives: string[];
  /** pending warnings, each with where it was raised (the native's call site, Pact's Located) */
  private warnings: { text: string; span: Span | null }[] = [];

  constructor(public out: OutputSink = SILENT) {
    this.gas = new GasMeter(() => this.vm.callSite());
    const session = this;
    const host: Host = {
      natives: [],
      gas: this.gas,
      typecheck: (v: Value, t: PactType) => typecheck(v, t, session, session.chargeTypecheck),
      render: pretty,
      saveState: () => session.caps.snapshot(),
      restoreState: saved => session.caps.restore(saved as ContractSnapshot),
      getPurity: () => session.caps.purity,
      setPurity: p => { session.caps.purity = p as ContractState['purity']; },
      // Direct/Evaluator.hs: readOnlyEnv for `pure` and, from Pact 5.3, enforce conditions;
      // sysOnlyEnv for them before it (CEnforce); neither lifts a sys-only view
      narrowPurity: (p, enforce) => p === 'sys-only' ? p : enforce && session.env.flags.has('DisablePact53') ? 'sys-only' : 'read-only',
      startPact: (fn, args) => session.pacts.start(fn, args),
    };
    this.vm = new Machine(host);
    const { impls, missing } = assembleNatives([
      ...coreNativeTables(this), ...contractNatives(this), this.pacts.natives(), replNatives(this)]);
    host.natives = impls;
    this.natives = impls;
    this.missingNatives = missing;
  }

  /** the cost of a runtime type check, `ticks` machine ticks (charged only while metered, and
   *  logged even when nothing is owed: Pact charges an empty typed list's 0) */
  readonly chargeTypecheck = (ticks: number): void => {
    if (!this.gas.metered) return;
    const mg = ticks * this.gas.model.config.machineTickCost;
    this.gas.charge(mg, milliGasLabel, mg);
  };

  // Runtime
  print(text: string): void { this.out.print(text, this.vm.callSite()); }
  warn(text: string): void { if (this.warnings.length < 100) this.warnings.push({ text, span: this.vm.callSite() }); }
  flushWarnings(): void {
    // called before every top-level result: most have no warning to print
    if (this.warnings.length === 0) return;
    for (const w of this.warnings) this.out.print(`Warning: ${w.text}`, w.span);
    this.warnings = [];
  }

  render(v: Value): string { return pretty(v); }

  // ---------------------------------------------------------------------------- modules

  module(name: string): LoadedModule | undefined {
    return this.db.read(MODULES_TABLE, name) as unknown as LoadedModule | undefined;
  }

  saveModule(m: LoadedModule): void {
    this.db.write(MODULES_TABLE, m.name, m as unknown as Value);
    this.versions.set(m.hash, m);
  }

  /** Every module version saved in this session, by hash. A hash names its code, so the map need
   *  not follow rollbacks: code compiled against a rolled-back version is gone with it. */
  private readonly versions = new Map<string, LoadedModule>();
  moduleVersion(hash: string): LoadedModule | undefined { return this.versions.get(hash); }

  moduleNames(): string[] { return this.db.keys(MODULES_TABLE); }

  /** schemas of the module being compiled (its defconsts are checked before it is stored) */
  compilingSchemas: Map<string, Map<string, PactType>> | null = null;

  /** A schema by qualified name `m.schema` (runtime type checks of object{schema}). */
  schemaFields(name: string): Map<string, PactType> | undefined {
    const dot = name.lastIndexOf('.');
    if (this.compilingSchemas) {
      const own = this.compilingSchemas.get(name.slice(dot + 1));
      if (own) return own;
    }
    // the compiler names every schema by its module, as Pact's renamer resolves it; a bare name
    // is one no module declares
    if (dot < 0) return undefined;
    return this.module(name.slice(0, dot))?.schemas.get(name.slice(dot + 1));
  }

  anyKeyWildcard(): boolean {
    return this.anyKeyWildcardOption || this.env.flags.has('AnyKeyWildcard');
  }

  currentPactId(): string | null { return this.pacts.currentId(); }

  defpact(qualified: string): DefpactInfo | undefined {
    const dot = qualified.lastIndexOf('.');
    return this.module(qualified.slice(0, dot))?.defpacts.get(qualified.slice(dot + 1));
  }

  lookupDefun(qualified: string): Closure | undefined {
    const dot = qualified.lastIndexOf('.');
    if (dot < 0) return undefined;
    const v = this.module(qualified.slice(0, dot))?.members.get(qualified.slice(dot + 1))?.value;
    return v instanceof Closure && v.proto.kind === 'defun' ? v : undefined;
  }

  /** Enforce a guard with the magic capability `pact.<magic> "arg"` in scope (language.md §7.2). */
  enforceGuardWithMagic(g: Guard, magic: string, arg: string): void {
    this.withMagicCap(magic, arg, () => enforceGuard(this, g, 'enforce-guard'));
  }

  /** `f()` with the magic capability `pact.MAGIC arg` in scope (Pact's withMagicCap): refused when
   *  it is in scope already (a guard whose code asks for the same check again), and not pushed
   *  at all before Pact 5.2. */
  withMagicCap<T>(magic: string, arg: string, f: () => T): T {
    if (this.env.flags.has('DisablePact52')) return f();
    const token = new CapToken(`pact.${magic}`, [arg]);
    if (inScope(this, token)) {
      throw new PactError('exec', `Program encountered an unhandled raised error: magic cap already acquired: ${magic}`);
    }
    const slot = capSlot(token);
    this.caps.capStack.push(slot);
    try {
      return f();
    } finally {
      this.caps.capStack.splice(this.caps.capStack.lastIndexOf(slot), 1);
    }
  }

  /** A module by name, falling back to the active namespace (`m` → `ns.m`). */
  resolveModule(name: string): LoadedModule | undefined {
    const m = this.module(name) ?? (this.namespace !== null ? this.module(`${this.namespace}.${name}`) : undefined);
    if (m) this.noteLoaded(m);
    return m;
  }

  /** Modules read from the database in this transaction: the first read of each is charged
   *  MOpLoadModule(⌊bytes/200⌋ + 10) (gas.md §3.8), `bytes` being the length of the document the
   *  REPL's database stores for it (pact-ir/stored.ts). */
  private loadedThisTx = new Set<string>();
  /** A module deployed in this transaction is in the loaded cache from the start. */
  markLoaded(name: string): void { this.ownEvalState(); this.loadedThisTx.add(name); }
  noteLoaded(m: LoadedModule): void {
    if (this.loadedThisTx.has(m.name)) return;
    this.ownEvalState();
    this.loadedThisTx.add(m.name);
    this.chargeModuleRead(m);
    // lookupModuleData merges its definitions and stored dependencies into the "all loaded" map
    const entries = loadedEntries(m, true);
    if (this.gas.metered) {
      this.gas.charge(10 * this.loadedDefs * entries.length, `GModuleOp (MOpMergeDeps ${this.loadedDefs} ${entries.length})`);
    }
    this.mergeLoaded(entries);
  }

  /** The database read of a stored module (charged on every read outside the loaded cache). */
  chargeModuleRead(m: LoadedModule): void {
    if (!this.gas.metered) return;
    const c = this.gas.model.config;
    const bytes = m.sizes.storedBytes;
    this.gas.charge(Math.floor(bytes / c.moduleLoadSlope) + c.moduleLoadIntercept, `GModuleOp (MOpLoadModule ${bytes})`);
  }

  /** Whether a module is in this transaction's loaded cache. */
  isLoaded(name: string): boolean { return this.loadedThisTx.has(name); }

  /** Pact's "all loaded" map (loAllLoaded), keyed by fully qualified name: entries already in it
   *  add nothing. */
  private loaded = new Map<string, LoadedDefinition>();
  mergeLoaded(entries: readonly LoadedDefinition[]): void {
    this.ownEvalState();
    for (const e of entries) {
      if (this.loaded.has(e.key)) continue;
      this.loaded.set(e.key, e);
      this.loadedDefs++;
    }
  }

  /** Run a module's governance and hold its admin for the rest of the transaction. */
  acquireModuleAdmin(module: string): void {
    if (this.caps.moduleAdmin.has(module)) return;
    const m = this.resolveModule(module);
    if (!m) throw new PactError('exec', `Cannot find module: ${module}`);
    this.enforceGovernance(m);
    this.caps.moduleAdmin.add(module);
  }

  /** Keyset governance: the keyset must be satisfied; capability governance: acquire the cap. */
  enforceGovernance(m: LoadedModule): void {
    if (m.governance.startsWith("'")) {
      this.enforceGuardWithMagic(lookupKeyset(this, keysetKey(m.governance.slice(1)) ?? ''), 'MODULE_KEYSET', m.name);
      return;
    }
    const cap = m.defcaps.get(m.governance);
    if (!cap) throw new PactError('exec', `Invalid governance. Must be a 0-argument defcap or a keyset. Found ${m.name}.${m.governance}`);
    evaluateCapability(this, new CapToken(cap.name, []));
  }

  /** What Pact's module IR needs to hash and size a module deployed now. */
  irContext(): Omit<ModuleHashContext, 'constValue'> {
    return {
      namespace: this.namespace,
      txHash: base64UrlDecode(this.env.txHash) ?? new Uint8Array(32),
      topLevel: name => {
        const cell = this.topLevel.get(name);
        if (cell?.module) {
          const m = this.module(cell.module)?.summary;
          const kind = m?.members.get(name);
          return m && kind ? { module: m.name, hash: m.hash, kind } : undefined;
        }
        const repl = this.replDefs.get(name);
        if (!repl) return undefined;
        return { module: REPL_MODULE, hash: REPL_MODULE_HASH, kind: { k: repl.kind === 'defconst' ? 'defconst' : 'defun' } };
      },
      lookupModule: name => this.module(name.namespace ? `${name.namespace}.${name.name}` : name.name)?.summary,
      replNatives: this.replNatives,
      disablePact51: this.env.flags.has('DisablePact51'),
      disablePact53: this.env.flags.has('DisablePact53'),
      allLoaded: () => [...this.loaded.values()].map(e => [e.fqn, e.def]),
    };
  }

  // NameEnv
  get disabledNatives(): ReadonlySet<string> {
    return this.env.flags.has('DisablePact51') ? PACT51_NATIVES : NO_NATIVES;
  }

  get disablePact53(): boolean {
    return this.env.flags.has('DisablePact53');
  }

  lookupTopLevel(name: string): GlobalCell | undefined {
    return this.topLevel.get(name) ?? this.replDefs.get(name);
  }

  lookupMember(module: string, member: string): GlobalCell | null | undefined {
    const m = this.resolveModule(module);
    if (!m) return undefined;
    return m.members.get(member) ?? null;
  }

  /** Pact's resolveInterfaceName: the interface as written, else a bare name in the active
   *  namespace. Not charged here: the module's IR build reads (and charges) the same modules. */
  resolveInterface(name: string): string | undefined {
    const m = this.module(name) ?? (this.namespace !== null && !name.includes('.') ? this.module(`${this.namespace}.${name}`) : undefined);
    return m?.kind === 'interface' ? m.name : undefined;
  }

  lookupModRef(name: string): Value | undefined {
    const m = this.resolveModule(name);
    return m && m.kind === 'module' ? new ModRef(m.name, m.interfaces) : undefined;
  }

  /** Pact's evaluation state (its EvalState): capabilities, events, defpact state, loaded names
   *  and namespace. expect and expect-failure put it back when their expression fails; the
   *  database and the environment (data, signatures, gas) are not part of it. */
  saveEvalState(): EvalSnapshot {
    this.evalStateShared = true;
    return {
      caps: this.caps.clone(), events: this.events.slice(), pactExec: this.pactExec,
      topLevel: this.topLevel, namespace: this.namespace, namespaceValue: this.namespaceValue,
      loadedDefs: this.loadedDefs, loaded: this.loaded, loadedThisTx: this.loadedThisTx,
    };
  }

  /** Copy the collections a snapshot shares before one of them changes. */
  private ownEvalState(): void {
    if (!this.evalStateShared) return;
    this.topLevel = new Map(this.topLevel);
    this.loaded = new Map(this.loaded);
    this.loadedThisTx = new Set(this.loadedThisTx);
    this.evalStateShared = false;
  }

  /** Bring `name` into the top-level scope: a deployed module's members, which replace any name
   *  in scope (Compile.hs: `M.union newTopLevel`). */
  defineTopLevel(name: string, cell: GlobalCell): void {
    this.ownEvalState();
    this.topLevel.set(name, cell);
  }

  /** A `use`d member: it joins the top-level names only where no name is in scope yet (Desugar.hs
   *  handleImport: the current names `M.union` the imported ones), REPL definitions included. */
  importTopLevel(name: string, cell: GlobalCell): void {
    if (this.topLevel.has(name) || this.replDefs.has(name)) return;
    this.defineTopLevel(name, cell);
  }

  /** Empty the top-level names, REPL definitions included (loading a .pact file). */
  forgetTopLevelNames(): void {
    this.topLevel = new Map();
    this.replDefs.clear();
  }

  /** A REPL definition: it replaces any name in scope (renameReplDefun's `M.insert`), and stays
   *  when the transaction ends. */
  defineReplDefinition(name: string, cell: GlobalCell): void {
    if (this.topLevel.has(name)) {
      this.ownEvalState();
      this.topLevel.delete(name);
    }
    this.replDefs.set(name, cell);
  }

  restoreEvalState(saved: EvalSnapshot): void {
    this.caps = saved.caps;
    this.events = saved.events;
    this.pactExec = saved.pactExec;
    this.topLevel = saved.topLevel;
    this.namespace = saved.namespace;
    this.namespaceValue = saved.namespaceValue;
    this.loadedDefs = saved.loadedDefs;
    this.loaded = saved.loaded;
    this.loadedThisTx = saved.loadedThisTx;
    this.evalStateShared = true; // the snapshot still holds them
  }

  /** Evaluation-state reset done by commit-tx and rollback-tx (repl.md §3.1). */
  resetTxState(): void {
    this.topLevel = new Map();
    this.events = [];
    this.caps = new ContractState();
    this.namespace = null;
    this.namespaceValue = null;
    this.pactExec = null;
    this.loadedDefs = 0;
    this.loaded = new Map();
    this.loadedThisTx = new Set();
  }

  /** `(load f true)`: Pact's loadFile puts a default evaluation state (`put def`: loaded names,
   *  REPL definitions, capabilities, events, namespace, pact execution) and a default environment
   *  (a new database, no data or signatures, no flags, the simple namespace policy, free gas);
   *  the open-transaction marker, test results and REPL switches stay (repl.md §5.2). */
  resetEnvironment(): void {
    this.env = new Environment();
    this.db = new MemoryStorage();
    this.resetTxState();
    this.replDefs.clear();
    this.namespacePolicy = { kind: 'simple' };
    this.vm.checkReturnTypes = true; // no flags: DisableRuntimeRTC is off
    this.gas.milligas = 0;
    this.gas.setLimit(null);
    this.gas.log = null;
    this.gas.model = FREE_MODEL;
  }
}
