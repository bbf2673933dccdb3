// Definitions and modules: parsing def forms (defun, defconst, defcap, defschema, deftable),
// compiling them into global cells, and installing a module into the session.
//
// Scope today (issue "engine foundation"): defun, defconst, defcap (declared; acquiring it comes
// with the contracts runtime), defschema, deftable, use, implements, bless, keyset or capability
// governance recorded. Module hashes are BLAKE2b-256 of the module source until the CBOR
// encoding of Pact's IR lands (contracts runtime).

import type { Syntax } from '../../compiler/syntax.js';
import type { Span } from '../../vm/source.js';
import { Desugarer, type ModuleScope, type NameEnv } from '../../compiler/desugar.js';
import { desugarError } from '../../compiler/errors.js';
import { compileFunction } from '../../compiler/index.js';
import { parseDefHeader, schemaFields, skipDocs, tableSchema, withoutModels, type DefHeader } from '../../compiler/definitions.js';
import { dependencyOrder, rejectCycles } from '../../compiler/module.js';
import { GlobalCell, type GlobalKind } from '../../vm/chunk.js';
import { Closure, ModRef, TableRef, isCallable } from '../../vm/values.js';
import type { Machine } from '../../vm/machine.js';
import type { PactType } from '../../vm/types.js';
import { PactError } from '../../vm/errors.js';
import { base64UrlDecode, base64UrlEncode } from '../values/digest.js';
import { moduleSizes, renderModuleName, summarize, type ModuleHashContext, type ModuleSummary, type ModuleSizes } from '../pact-ir/index.js';
import type { DefcapInfo, DefcapMeta } from './capabilities.js';
import { isValidKeysetName, keysetNameError } from './keysets.js';
import type { DefpactInfo, DefpactStep } from './defpacts.js';

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

/** Compile a defun into its cell's closure (a defun captures nothing). */
export function compileDefun(h: DefHeader, env: NameEnv, scope: ModuleScope | null, kind: 'defun' | 'defcap' | 'defpact'): Closure {
  const d = new Desugarer(env, scope);
  const fn = d.function(kind, h.name, h.params, h.returnType, h.body, h.span);
  return new Closure(compileFunction(fn, scope?.name ?? null), []);
}

/** Evaluate a defconst's expression now. */
export function evalDefconst(h: DefHeader, env: NameEnv, scope: ModuleScope | null, vm: Machine): import('../../vm/values.js').Value {
  if (h.body.length !== 1) throw desugarError('Expected: defconst value', h.span);
  const d = new Desugarer(env, scope);
  const fn = d.function('toplevel', h.name, [], h.returnType, h.body, h.span);
  const value = vm.call(new Closure(compileFunction(fn, scope?.name ?? null), []), []);
  // a function is not a value: Pact's `eval` refuses it, at the constant's expression
  if (isCallable(value)) {
    throw new PactError('exec', 'Program encountered an unhandled raised error: Evaluation did not reduce to a value', h.body[0].span);
  }
  return value;
}

const DEF_KINDS = new Set(['defun', 'defconst', 'defcap', 'defschema', 'deftable', 'defpact']);

/** What installing a module needs from the session. */
export interface ModuleEnv extends NameEnv {
  /** schemas of the module being compiled, visible to type checks of its defconsts */
  compilingSchemas: Map<string, Map<string, PactType>> | null;
  /** an installed module or interface by name, with the namespace fallback (for `use`) */
  resolveModule(name: string): LoadedModule | undefined;
}

/** Compile `(module name governance defs...)` or `(interface name defs...)`. */
export function compileModule(form: Syntax & { t: 'paren' }, env: ModuleEnv, vm: Machine, txHash: string,
  ir: Omit<ModuleHashContext, 'constValue'>, namespace: string | null = null, loadedDefs: () => number = () => 0): LoadedModule {
  const items = form.items;
  const isInterface = (items[0] as { name: string }).name === 'interface';
  const nameSyn = items[1];
  if (nameSyn?.t !== 'name' || nameSyn.parts.length !== 1) throw desugarError(`Expected: ${isInterface ? 'interface' : 'module'} name`, form.span);
  // a module or interface name may not be a native's either; Pact points at the whole form
  new Desugarer(env).checkNotNative(nameSyn.parts[0], form.span);
  // a module defined while a namespace is active lives in it (`ns.m`)
  const name = namespace !== null ? `${namespace}.${nameSyn.parts[0]}` : nameSyn.parts[0];
  let governance = '';
  let rest = items.slice(2);
  if (!isInterface) {
    const gov = items[2];
    if (!gov || (gov.t !== 'str' && gov.t !== 'name')) throw desugarError('Expected: module governance', form.span);
    // Pact parses a keyset governance name while renaming the module: only "" is refused
    if (gov.t === 'str' && !isValidKeysetName(gov.value)) throw keysetNameError(gov.value, form.span);
    governance = gov.t === 'str' ? `'${gov.value}` : gov.parts.join('.');
    rest = items.slice(3);
  }

  const members = new Map<string, GlobalCell>();
  const imports = new Map<string, GlobalCell>();
  const scope: ModuleScope = { name, members, imports };
  const defs: { form: Syntax & { t: 'paren' }; kind: string; name: string }[] = [];
  const interfaces: string[] = [];
  const blessed: string[] = [];
  const schemas = new Map<string, Map<string, PactType>>();
  const defcaps = new Map<string, DefcapInfo>();
  const defpacts = new Map<string, DefpactInfo>();

  for (const item of skipDocs(rest, true)) {
    if (item.t !== 'paren' || item.items[0]?.t !== 'keyword') throw desugarError(`Expected: ${isInterface ? 'interface' : 'module'} definition`, item.span);
    const kw = (item.items[0] as { name: string }).name;
    if (DEF_KINDS.has(kw)) {
      const n = item.items[1];
      if (n?.t !== 'name') throw desugarError(`Expected: ${kw} name`, item.span);
      const defName = n.parts[0];
      if (members.has(defName)) throw desugarError(`Duplicate definition: ${name}.${defName}`, item.span);
      members.set(defName, new GlobalCell(defName, kw as GlobalKind, name));
      defs.push({ form: item, kind: kw, name: defName });
    } else if (kw === 'implements' && !isInterface) {
      const i = item.items[1];
      if (i?.t === 'name') {
        const written = i.parts.join('.');
        interfaces.push(env.resolveModule(written)?.name ?? written);
      }
    } else if (kw === 'bless' && !isInterface) {
      const h = item.items[1];
      if (h?.t === 'str') blessed.push(h.value);
    } else if (kw === 'use') {
      for (const [n, cell] of importedMembers(item, x => env.resolveModule(x), namespace)) imports.set(n, cell);
    } else {
      throw desugarError(`Expected: ${isInterface ? 'interface' : 'module'} definition, got ${kw}`, item.span);
    }
  }
  if (defs.length === 0 && !isInterface) {
    throw new PactError('parse', 'Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]', form.span);
  }

  if (!isInterface) scope.selfRef = new ModRef(name, interfaces);
  const d = new Desugarer(env, scope);
  // functions first (defconsts may call them), then defconsts in dependency order
  const consts = defs.filter(x => x.kind === 'defconst');
  const ordered = [...defs.filter(x => x.kind !== 'defconst'), ...dependencyOrder(consts)];
  // the module's schemas are visible to the type checks of its defconsts before it is stored
  env.compilingSchemas = schemas;
  const dependsOn = new Map<string, Set<string>>();
  try {
    for (const def of ordered) {
      const cell = members.get(def.name)!;
      scope.referenced = new Set();
      dependsOn.set(def.name, scope.referenced);
      const h = parseDefHeader(def.form, d);
      switch (def.kind) {
        case 'defun':
          if (!isInterface) cell.value = compileDefun(h, env, scope, 'defun');
          break;
        case 'defconst': cell.value = evalDefconst(h, env, scope, vm); break;
        case 'defcap': {
          if (isInterface) break;
          if (h.meta?.kind === 'managed') checkManager(h.meta.manager, name, members, env, h.span);
          const closure = compileDefun(h, env, scope, 'defcap');
          cell.value = closure;
          defcaps.set(def.name, { name: `${name}.${def.name}`, module: name, closure, meta: defcapMeta(h, name) });
          break;
        }
        case 'defpact': {
          if (isInterface) break;
          const info = compileDefpact(h, env, scope, name);
          defpacts.set(def.name, info);
          cell.value = info.steps[0].exec;
          break;
        }
        case 'defschema': schemas.set(def.name, schemaFields(def.form, d)); break;
        case 'deftable': cell.value = new TableRef(`${name}_${def.name}`, name, tableSchema(def.form)); break;
      }
    }
  } finally {
    env.compilingSchemas = null;
    scope.referenced = undefined;
  }
  rejectCycles(name, defs.map(x => x.name), dependsOn, form.span);
  const code = form.span.file.text.slice(form.span.start, form.span.end);
  let sizes: ModuleSizes;
  try {
    sizes = moduleSizes(form, { ...ir, constValue: n => members.get(n)?.kind === 'defconst' ? members.get(n)?.value : undefined }, loadedDefs());
  } catch (e) {
    // Pact's renamer reports module-level failures at the module form
    if (e instanceof PactError && !e.span) e.span = form.span;
    throw e;
  }
  for (const cell of members.values()) {
    if (cell.value instanceof Closure) cell.value.proto.moduleHash = sizes.hash;
    if (cell.value instanceof TableRef) {
      const t = cell.value;
      cell.value = new TableRef(t.name, t.module, t.schemaName, sizes.hash);
    }
  }
  return {
    name, kind: isInterface ? 'interface' : 'module', hash: sizes.hash, members, interfaces, code,
    governance, blessed, txHash, schemas, defcaps, defpacts, summary: summarize(sizes.built), sizes,
  };
}

/** Compile each step (and rollback) of a defpact as a function of the defpact's arguments. */
function compileDefpact(h: DefHeader, env: NameEnv, scope: ModuleScope, module: string): DefpactInfo {
  const qn = `${module}.${h.name}`;
  const compileStep = (s: Syntax): Closure => {
    const d = new Desugarer(env, scope);
    // a defpact's return annotation is not checked against each step's value
    const fn = d.function('defpact', h.name, h.params, null, [s], s.span);
    return new Closure(compileFunction(fn, module), []);
  };
  const steps: DefpactStep[] = h.body.map((st, i) => {
    const kw = st.t === 'paren' && st.items[0]?.t === 'keyword' ? st.items[0].name : '';
    const exprs = st.t === 'paren' ? withoutModels(st.items.slice(1)) : [];
    if (kw === 'step') {
      if (exprs.length !== 1) throw desugarError(`Pact 5 does not support entity expressions in defpact ${qn}. Please ensure your defpact steps have the correct number of expressions`, st.span);
      return { exec: compileStep(exprs[0]), rollback: null };
    }
    if (kw === 'step-with-rollback') {
      if (exprs.length !== 2) throw desugarError(`Pact 5 does not support entity expressions in defpact ${qn}. Please ensure your defpact steps have the correct number of expressions`, st.span);
      if (i === h.body.length - 1) throw desugarError(`rollbacks aren't allowed on the last step in: ${qn}`, st.span);
      return { exec: compileStep(exprs[0]), rollback: compileStep(exprs[1]) };
    }
    throw desugarError(`Expected: step or step-with-rollback in defpact ${qn}`, st.span);
  });
  if (steps.length === 0) throw desugarError(`Expected: at least one step in defpact ${qn}`, h.span);
  return { name: qn, module, steps };
}

/** `(use m ["HASH"] [names])` (language.md §4.6): the members it brings into scope, after
 *  checking the hash (current or blessed) and that every listed name exists. */
export function importedMembers(form: Syntax & { t: 'paren' }, resolve: (name: string) => LoadedModule | undefined,
  namespace: string | null = null): Map<string, GlobalCell> {
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
    if (hash.value !== m.hash && !m.blessed.includes(hash.value)) {
      // Pact names the module's own hash, not the one asked for
      throw desugarError(`Import error for module ${m.name} , hash not blessed: ${m.hash}`, hash.span);
    }
    i++;
  }
  const list = form.items[i];
  if (list?.t !== 'bracket') return m.members;
  const names = list.items.filter(x => x.t === 'name').map(x => (x as { parts: string[] }).parts.join('.'));
  const missing = names.filter(n => !m.members.has(n));
  if (missing.length) {
    throw desugarError(`Invalid imports, module or interface ${m.name} does not implement the following members: [${missing.join(', ')}]`, list.span);
  }
  return new Map(names.map(n => [n, m.members.get(n)!]));
}

/** A `@managed` capability's manager must be a defun (Pact ≥ 5.1, Desugar.hs resolveMeta). */
function checkManager(written: string, module: string, members: Map<string, GlobalCell>, env: ModuleEnv, span: Span): void {
  const dot = written.lastIndexOf('.');
  const owner = dot < 0 || written.slice(0, dot) === module ? module : env.resolveModule(written.slice(0, dot))?.name;
  const member = written.slice(dot + 1);
  const cell = owner === module ? members.get(member) : owner === undefined ? undefined : env.resolveModule(owner)?.members.get(member);
  // an unknown manager is the renamer's unbound-name error, raised later
  if (!cell || cell.kind === 'defun') return;
  const qn = `${owner}.${member}`;
  throw desugarError(`${qn} is not a valid managed capability manager function. ${qn} must be a defun`, span);
}

function defcapMeta(h: DefHeader, module: string): DefcapMeta {
  const m = h.meta;
  if (!m) return { kind: 'unmanaged' };
  if (m.kind !== 'managed') return m;
  const manager = m.manager.includes('.') ? m.manager : `${module}.${m.manager}`;
  return { kind: 'managed', param: h.params.findIndex(p => p.name === m.param), manager };
}

/** The entries a module brings into Pact's "all loaded" map: its definitions (an interface's
 *  constants and schemas) and, when read back from the database, the dependencies stored with
 *  it. Keys are fully qualified names with the hash, as the map's are. */
export function loadedEntries(m: LoadedModule, withDependencies: boolean): string[] {
  const out = [...m.summary.members.keys()].map(n => `${m.name}.${n}.{${m.hash}}`);
  if (withDependencies) {
    for (const [f] of m.sizes.deps) out.push(`${renderModuleName(f.module)}.${f.name}.{${base64UrlEncode(f.hash)}}`);
  }
  return out;
}
