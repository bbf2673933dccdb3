// Installing a compiled module (compiler/module.ts) into the session: its cells get their
// closures and tables, Pact's IR is built from the same syntax tree (renaming it checks what
// Pact's renamer checks, `implements` included), its constants are evaluated on the machine, the
// IR with their values gives the hash and deployment sizes, and the result is the record the
// store keeps.

import { desugarError, withPrettyList, type CompiledModule, type ModuleDeployment, type ModuleEnv, type ModuleForm } from '../../compiler/index.js';
import type { GlobalCell, FunctionProto } from '../../vm/chunk.js';
import { Closure, TableRef, isCallable, type Value } from '../../vm/values.js';
import type { Machine } from '../../vm/machine.js';
import type { PactType } from '../../vm/types.js';
import type { Span } from '../../vm/source.js';
import { PactError } from '../../vm/errors.js';
import { base64UrlDecode, base64UrlEncode } from '../values/base64url.js';
import {
 buildModuleIR, compareText, constantOrder, defName, erasedModule, renderModuleName, summarize, type ModuleHashContext, type ModuleSummary, type ModuleSizes,
} from '../pact-ir/index.js';
import type { Def, FullyQualifiedName } from '../pact-ir/terms.js';
import type { Built } from '../pact-ir/hash.js';
import type { Measured } from '../gas/meter.js';
import type { DefcapInfo } from './capabilities.js';
import { buildModuleIROnce, moduleSizesOnce } from './module-cache.js';
import { resolveTableSchema } from './table-schema.js';
import { stampModuleHash } from './const-hashes.js';
import { splitMember } from '../values/pact-names.js';
import { isValidKeysetName, keysetNameError } from './keysets.js';
import type { DefpactInfo } from './defpacts.js';

export interface LoadedModule {
  name: string;
  kind: 'module' | 'interface';
  hash: string;
  members: Map<string, GlobalCell>;
  interfaces: string[];
  code: string;
  governance: string;
  blessed: string[];
  txHash: string;
  schemas: Map<string, Map<string, PactType>>;
  defcaps: Map<string, DefcapInfo>;
  defpacts: Map<string, DefpactInfo>;
  /** Pact's view of the module, for hashing modules that depend on it */
  summary: ModuleSummary;
  /** deployment sizes (gas.md §3.9) */
  sizes: ModuleSizes;
}

/** What compiling and installing a module needs from the session. */
export interface InstallEnv extends ModuleEnv {
  /** schemas of the module being installed, visible to type checks of its defconsts */
  compilingSchemas: Map<string, Map<string, PactType>> | null;
  /** an installed module or interface by name, with the namespace fallback (for `use`) */
  resolveModule(name: string): LoadedModule | undefined;
}

/** What the compiler asks of a deployment in `namespace`: the imports of `use`, keyset names,
 *  and, for a module that fails to rename, the failure Pact's renamer (the IR mirror) meets first. */
export function deploymentIn(env: InstallEnv, namespace: string | null,
  ir?: Omit<ModuleHashContext, 'constValue'>): ModuleDeployment {
  return {
    namespace,
    use: form => importedMembers(form, x => env.resolveModule(x), namespace),
    checkKeysetName: (name, span) => { if (!isValidKeysetName(name)) throw keysetNameError(name, span); },
    disablePact51: ir?.disablePact51 ?? false,
    renamerError: form => ir && renamerFailure(form, ir),
  };
}

/** The error Pact's renamer raises on `form`, located at the module when it names no place. */
function renamerFailure(form: ModuleForm, ir: Omit<ModuleHashContext, 'constValue'>): PactError | undefined {
  try {
    buildModuleIR(form, ir);
    return undefined;
  } catch (e) {
    if (!(e instanceof PactError)) return undefined;
    e.span ??= form.span;
    return e;
  }
}

/**
 * Install a compiled module: fill its cells, build Pact's IR of the same form, evaluate the
 * constants in order, then hash and size the IR with their values. Pact renames the whole module
 * before ConstEval (Compile.hs), so the renamer's errors come before any constant's.
 * `loadedDefs` is read after the constants ran (the "all loaded" count includes modules they loaded).
 */
export function installModule(c: CompiledModule, env: InstallEnv, vm: Machine, txHash: string,
  ir: Omit<ModuleHashContext, 'constValue'>, loadedDefs: () => number = () => 0, phases: InstallPhases = {}): LoadedModule {
  const { name, members, form } = c;
  const cell = (n: string) => members.get(n)!;
  for (const [n, proto] of c.defuns) cell(n).value = new Closure(proto, []);
  const defcaps = new Map<string, DefcapInfo>();
  for (const [n, cap] of c.defcaps) {
    const closure = new Closure(cap.proto, []);
    cell(n).value = closure;
    defcaps.set(n, { name: `${name}.${n}`, module: name, closure, meta: cap.meta, members });
  }
  const defpacts = new Map<string, DefpactInfo>();
  for (const [n, steps] of c.defpacts) {
    const info: DefpactInfo = { name: `${name}.${n}`, module: name, steps: steps.map(s => ({
      exec: new Closure(s.exec, []), rollback: s.rollback && new Closure(s.rollback, []),
    })) };
    defpacts.set(n, info);
    cell(n).value = info.steps[0].exec;
  }
  // a table's schema as its value carries it: this module's schemas are not stored yet
  const fieldsOf = (q: string) => {
    const [mod, s] = splitMember(q);
    return mod === name ? c.schemas.get(s) : env.resolveModule(mod)?.schemas.get(s);
  };
  for (const [n, schema] of c.tables) {
    const [mod, s] = splitMember(schema);
    // a bare schema name is the module's own schema, else one it imported (Pact's resolveBare)
    const imported = mod === '' && !c.schemas.has(s) ? c.imports.get(s) : undefined;
    const owner = imported?.kind === 'defschema' && imported.module !== null ? imported.module : name;
    const qualified = mod === '' ? `${owner}.${s}` : `${env.resolveModule(mod)?.name ?? mod}.${s}`;
    cell(n).value = new TableRef(`${name}_${n}`, name, schema, null, resolveTableSchema(qualified, fieldsOf));
  }
  const ctx: ModuleHashContext = { ...ir, constValue: n => members.get(n)?.kind === 'defconst' ? members.get(n)?.value : undefined };
  const desugared = atModuleForm(form, () => buildModuleIROnce(form, ctx));
  phases.renamed?.(erasedModule(desugared));
  // the module's schemas are visible to the type checks of its defconsts before it is stored
  env.compilingSchemas = c.schemas;
  try {
    const compiledConstants = new Map(c.constants.map(k => [k.name, k]));
    for (const n of constantOrder(desugared)) {
      const k = compiledConstants.get(n)!;
      cell(n).value = evaluateConstant(k.proto, k.valueSpan, vm);
    }
  } finally {
    env.compilingSchemas = null;
  }
  const sizes: ModuleSizes = atModuleForm(form, () => moduleSizesOnce(form, ctx, loadedDefs(), desugared));
  phases.hashed?.(sizes);
  for (const m of members.values()) {
    if (m.value instanceof Closure) m.value.proto.moduleHash = sizes.hash;
    if (m.value instanceof TableRef) {
      const t = m.value;
      m.value = new TableRef(t.name, t.module, t.schemaName, sizes.hash, t.schema);
    } else if (m.kind === 'defconst' && m.value !== undefined) {
      m.value = stampModuleHash(m.value, name, sizes.hash);
    }
  }
  // a defpact's later steps and its rollbacks are no members, but their frames name the hash too
  for (const info of defpacts.values()) {
    for (const step of info.steps) {
      step.exec.proto.moduleHash = sizes.hash;
      if (step.rollback) step.rollback.proto.moduleHash = sizes.hash;
    }
  }
  return {
    name, kind: c.kind, hash: sizes.hash, members, interfaces: c.interfaces, code: c.code,
    governance: c.governance, blessed: c.blessed, txHash, schemas: c.schemas, defcaps, defpacts,
    summary: summarize(sizes.built), sizes,
  };
}

/** What a deployment does between the steps of installing: Pact charges the desugar gas once the
 *  module is renamed, and the hash gas once its constants are evaluated and it is hashed. */
export interface InstallPhases {
  /** the renamed module, as the desugar charge measures it (only while metered) */
  renamed?(module: Measured<Built>): void;
  hashed?(sizes: ModuleSizes): void;
}

/** A module's first use of a REPL native, in Pact's order of its definitions (Repl/Compile.hs
 *  checkReplNativesEnabled, run once the module is renamed, evaluated and hashed): refused. */
export function refuseReplNatives(c: CompiledModule, m: LoadedModule): void {
  if (c.replNativeUses.size === 0 || c.kind !== 'module') return;
  for (const d of 'module' in m.sizes.built ? m.sizes.built.module.defs : []) {
    const at = c.replNativeUses.get(defName(d));
    if (at && d.d !== 'defconst') {
      throw new PactError('exec', 'Program encountered an unhandled raised error: repl native disallowed in module code. ' +
        'If you want to use this, enable them with (env-enable-repl-natives true)', at);
    }
  }
}

/** Pact's renamer reports module-level failures at the module form. */
function atModuleForm<T>(form: ModuleForm, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof PactError && !e.span) e.span = form.span;
    throw e;
  }
}

/** Evaluate a defconst's compiled expression now, sys-only as Pact does (ConstEval.hs: `eval
 *  interpreter PSysOnly`): no user table is read or written. */
export function evaluateConstant(proto: FunctionProto, valueSpan: Span, vm: Machine): Value {
  const purity = vm.host.getPurity();
  vm.host.setPurity('sys-only');
  let value: Value;
  try {
    value = vm.call(new Closure(proto, []), []);
  } finally {
    vm.host.setPurity(purity);
  }
  // a function is not a value: Pact's `eval` refuses it, at the constant's expression
  if (isCallable(value)) {
    throw new PactError('exec', 'Program encountered an unhandled raised error: Evaluation did not reduce to a value', valueSpan);
  }
  return value;
}

/** `(use m ["HASH"] [names])` (language.md §4.6): the module it names and the members it brings
 *  into scope, after checking the hash (current or blessed) and that every listed name exists. */
export function importedMembers(form: ModuleForm, resolve: (name: string) => LoadedModule | undefined,
  namespace: string | null = null): { module: string; members: Map<string, GlobalCell> } {
  const target = form.items[1];
  const name = target?.t === 'name' ? target.parts.join('.') : '';
  const m = resolve(name);
  if (!m) {
    // Pact's resolveModuleData: a bare name is retried in the current namespace, and that
    // second lookup fails as a runtime "module does not exist"
    if (namespace !== null && !name.includes('.')) throw new PactError('exec', `Cannot find module: ${namespace}.${name}`, form.span);
    throw desugarError(`Cannot find module:  ${name}`, form.span);
  }
  let i = 2;
  const hash = form.items[i];
  if (hash?.t === 'str') {
    const bytes = base64UrlDecode(hash.value);
    if (!bytes || bytes.length !== 32) throw desugarError(`Invalid blessed hash, incorrect format: ${hash.value}`, hash.span);
    // only the module's current hash: a blessed one unlocks its tables, not an import
    if (hash.value !== m.hash) {
      // Pact names the module's own hash, not the one asked for
      throw desugarError(`Import error for module ${m.name} , hash not blessed: ${m.hash}`, hash.span);
    }
    i++;
  }
  // an interface brings only its constants and schemas (Pact's ifDefToDef)
  const importable = m.kind === 'module' ? m.members
    : new Map([...m.members].filter(([, c]) => c.kind === 'defconst' || c.kind === 'defschema'));
  const list = form.items[i];
  if (list?.t !== 'bracket') return { module: m.name, members: importable };
  const names = list.items.filter(x => x.t === 'name').map(x => (x as { parts: string[] }).parts.join('.'));
  // Pact lists the missing names as a set: sorted, each once
  const missing = [...new Set(names.filter(n => !importable.has(n)))].sort(compareText);
  if (missing.length) {
    throw desugarError(withPrettyList(`Invalid imports, module or interface ${m.name} does not implement the following members: `, missing), list.span);
  }
  return { module: m.name, members: new Map(names.map(n => [n, importable.get(n)!])) };
}

/** The entries a module brings into Pact's "all loaded" map: its definitions (an interface's
 *  constants and schemas) and, when read back from the database, the dependencies stored with
 *  it. Keys are fully qualified names with the hash, as the map's are. */
export function loadedEntries(m: LoadedModule, withDependencies: boolean): readonly LoadedDefinition[] {
  // a module is read in transaction after transaction: its entries (and their keys) are made once
  let made = entriesOf.get(m);
  if (!made) entriesOf.set(m, made = [null, null]);
  const i = withDependencies ? 1 : 0;
  return made[i] ??= entriesFor(m, withDependencies);
}

const entriesOf = new WeakMap<LoadedModule, [readonly LoadedDefinition[] | null, readonly LoadedDefinition[] | null]>();

function entriesFor(m: LoadedModule, withDependencies: boolean): readonly LoadedDefinition[] {
  const own = m.summary;
  const out: LoadedDefinition[] = [];
  for (const n of own.members.keys()) {
    const def = own.defs?.get(n);
    if (!def) continue;
    const fqn: FullyQualifiedName = { module: own.name, name: n, hash: own.hash };
    out.push({ key: `${m.name}.${n}.{${m.hash}}`, fqn, def });
  }
  if (withDependencies) {
    for (const [fqn, def] of m.sizes.deps) {
      out.push({ key: `${renderModuleName(fqn.module)}.${fqn.name}.{${base64UrlEncode(fqn.hash)}}`, fqn, def });
    }
  }
  return out;
}

/** An entry of Pact's "all loaded" map: a definition by its fully qualified name. */
export interface LoadedDefinition { key: string; fqn: FullyQualifiedName; def: Def }
