// A whole `(module …)` or `(interface …)` form → a CompiledModule: plain data (the cells its code
// links to, its functions' prototypes, defcap metadata, defpact steps, its constants' code,
// schemas, tables, imports, the modules it depends on) that the runtime installs
// (runtime/contracts/modules.ts). Nothing here runs Pact code.
//
// Pact desugars and renames the whole module before it evaluates any constant (Compile.hs:
// runDesugarTopLevel, then ConstEval), so every error found here comes before any error of a
// constant's evaluation. Desugaring comes first for every definition, so a syntax error anywhere
// wins; the renamer's failures (governance, recursion, imports, names, duplicates) are collected
// and the one Pact's renamer meets first is raised (Desugar.hs renameModule).

import type { Syntax } from './syntax.js';
import type { Span } from '../vm/source.js';
import type { PactType } from '../vm/types.js';
import { GlobalCell, type FunctionProto, type GlobalKind } from '../vm/chunk.js';
import { ModRef } from '../vm/values.js';
import { PactError } from '../vm/errors.js';
import { Desugarer, type ModuleScope, type NameEnv } from './desugar.js';
import { desugarError, withPrettyList } from './errors.js';
import {
  compileConstant, compileDefinition, compileDefpactSteps, parseDefHeader, schemaFields, skipDocs, tableSchema,
  type CompiledConstant, type CompiledStep, type DefHeader,
} from './definitions.js';

export type { CompiledConstant, CompiledStep } from './definitions.js';

export type ModuleForm = Syntax & { t: 'paren' };

/** A defcap's metadata: none, `@event`, `@managed` (automatic), or `@managed PARAM MANAGER`. */
export type DefcapMeta =
  | { kind: 'unmanaged' }
  | { kind: 'event' }
  | { kind: 'auto' }
  | { kind: 'managed'; param: number; manager: string };

export interface CompiledModule {
  /** the syntax tree it was compiled from: the Pact-IR mirror reads this same tree */
  form: ModuleForm;
  /** with the namespace it is defined in (`ns.m`) */
  name: string;
  kind: 'module' | 'interface';
  /** `'keyset-name` or the governing defcap's name; '' for an interface */
  governance: string;
  /** the form's source text */
  code: string;
  /** one cell per definition, in source order: the compiled code links to them and installing
   *  the module fills them */
  members: Map<string, GlobalCell>;
  interfaces: string[];
  blessed: string[];
  /** a module's defuns (an interface declares them without code) */
  defuns: Map<string, FunctionProto>;
  defcaps: Map<string, { proto: FunctionProto; meta: DefcapMeta }>;
  defpacts: Map<string, CompiledStep[]>;
  /** in source order (the installer evaluates them in Pact's order of the renamed definitions) */
  constants: CompiledConstant[];
  schemas: Map<string, Map<string, PactType>>;
  /** table name → the schema name written in its declaration */
  tables: Map<string, string>;
  /** names brought into scope by `use` inside the module */
  imports: Map<string, GlobalCell>;
  /** the other modules and interfaces its code, `use` and `implements` name */
  dependencies: Set<string>;
  /** where each definition (constants aside) first names a REPL native, with REPL natives
   *  disallowed in modules: the installer refuses the first in Pact's order */
  replNativeUses: Map<string, Span>;
}

/** What compiling a module needs to know about the modules already installed. */
export interface ModuleEnv extends NameEnv {
  /** an installed module or interface by name, with the namespace fallback */
  resolveModule(name: string): { name: string; members: Map<string, GlobalCell> } | undefined;
}

/** What compiling a module needs from the deployment it is part of. */
export interface ModuleDeployment {
  /** the active namespace: the module lives in it */
  namespace: string | null;
  /** a `(use …)` form: the module it names and the members it brings into scope (checks hash and names) */
  use(form: ModuleForm): { module: string; members: Map<string, GlobalCell> };
  /** refuses a keyset governance name that is not a valid keyset name */
  checkKeysetName(name: string, span: Span): void;
  /** the DisablePact51 flag: a managed capability's manager may be any definition */
  disablePact51?: boolean;
  /** Pact's renamer run over the same form: the first error it meets (it orders definitions by
   *  their dependencies), or undefined if it meets none. Asked only of a module that fails to
   *  rename, since the compiler meets the same failures in source order. */
  renamerError?(form: ModuleForm): PactError | undefined;
}

const DEF_KINDS = new Set(['defun', 'defconst', 'defcap', 'defschema', 'deftable', 'defpact']);

/** Compile `(module name governance defs...)` or `(interface name defs...)`. */
export function compileModule(form: ModuleForm, env: ModuleEnv, deployment: ModuleDeployment): CompiledModule {
  const items = form.items;
  const isInterface = (items[0] as { name: string }).name === 'interface';
  const what = isInterface ? 'interface' : 'module';
  const nameSyn = items[1];
  if (nameSyn?.t !== 'name' || nameSyn.parts.length !== 1) throw desugarError(`Expected: ${what} name`, form.span);
  // a module or interface name may not be a native's either; Pact points at the whole form
  new Desugarer(env).checkNotNative(nameSyn.parts[0], form.span);
  // a module defined while a namespace is active lives in it (`ns.m`)
  const namespace = deployment.namespace;
  const name = namespace !== null ? `${namespace}.${nameSyn.parts[0]}` : nameSyn.parts[0];
  // what Pact's renamer would refuse, found while compiling, kept until everything is desugared
  const govFailures: PactError[] = [], useFailures: PactError[] = [], duplicates: PactError[] = [];
  let governance = '';
  let rest = items.slice(2);
  if (!isInterface) {
    const gov = items[2];
    if (!gov || (gov.t !== 'str' && gov.t !== 'name')) throw desugarError('Expected: module governance', form.span);
    // Pact parses a keyset governance name while renaming the module: only "" is refused
    if (gov.t === 'str') govFailures.push(...failureOf(() => deployment.checkKeysetName(gov.value, form.span)));
    governance = gov.t === 'str' ? `'${gov.value}` : gov.parts.join('.');
    rest = items.slice(3);
  }

  const members = new Map<string, GlobalCell>();
  const imports = new Map<string, GlobalCell>();
  const dependencies = new Set<string>();
  const replNativeUses = new Map<string, Span>();
  const scope: ModuleScope = { name, members, imports, dependencies, replNativeUses };
  const defs: { form: ModuleForm; kind: string; name: string }[] = [];
  const interfaces: string[] = [];
  const blessed: string[] = [];

  for (const item of skipDocs(rest, true)) {
    if (item.t !== 'paren' || item.items[0]?.t !== 'keyword') throw desugarError(`Expected: ${what} definition`, item.span);
    const kw = (item.items[0] as { name: string }).name;
    if (DEF_KINDS.has(kw)) {
      const n = item.items[1];
      if (n?.t !== 'name') throw desugarError(`Expected: ${kw} name`, item.span);
      const defName = n.parts[0];
      // a repeated definition is still desugared (its syntax errors come first); Pact's renamer
      // refuses it, at the module
      if (members.has(defName)) duplicates.push(desugarError(`Duplicate definition: ${name}.${defName}`, form.span));
      else members.set(defName, new GlobalCell(defName, kw as GlobalKind, name));
      defs.push({ form: item, kind: kw, name: defName });
    } else if (kw === 'implements' && !isInterface) {
      const i = item.items[1];
      if (i?.t === 'name') {
        const written = i.parts.join('.');
        const resolved = env.resolveModule(written)?.name;
        interfaces.push(resolved ?? written);
        if (resolved !== undefined) dependencies.add(resolved);
      }
    } else if (kw === 'bless' && !isInterface) {
      const h = item.items[1];
      if (h?.t === 'str') blessed.push(h.value);
    } else if (kw === 'use') {
      // Pact handles a module's imports while renaming it, after every definition is desugared
      const used = attempt(() => deployment.use(item), useFailures);
      if (used) {
        dependencies.add(used.module);
        for (const [n, cell] of used.members) imports.set(n, cell);
      }
    } else {
      throw desugarError(`Expected: ${what} definition, got ${kw}`, item.span);
    }
  }
  // a module without definitions never gets here: Pact's grammar refuses it (compiler/grammar-check.ts)

  if (!isInterface) scope.selfRef = new ModRef(name, interfaces);
  const d = new Desugarer(env, scope);
  const defuns = new Map<string, FunctionProto>();
  const defcaps = new Map<string, { proto: FunctionProto; meta: DefcapMeta }>();
  const defpacts = new Map<string, CompiledStep[]>();
  const constants: CompiledConstant[] = [];
  const schemas = new Map<string, Map<string, PactType>>();
  const tables = new Map<string, string>();
  const dependsOn = new Map<string, Set<string>>();
  scope.unresolved = [];
  // in source order, as Pact desugars them; the installer evaluates the constants in Pact's order
  for (const def of defs) {
    scope.compiling = def.kind === 'defconst' ? null : def.name;
    scope.referenced = new Set();
    dependsOn.set(def.name, scope.referenced);
    const h = parseDefHeader(def.form, d);
    switch (def.kind) {
      case 'defun':
        if (!isInterface) defuns.set(def.name, compileDefinition(h, env, scope, 'defun'));
        break;
      case 'defconst': constants.push(compileConstant(h, env, scope)); break;
      case 'defcap':
        if (isInterface) break;
        if (h.meta?.kind === 'managed') {
          const manager = h.meta.manager;
          scope.unresolved.push(...failureOf(() => checkManager(manager, name, members, env, dependencies, h.span, !deployment.disablePact51)));
        }
        defcaps.set(def.name, { proto: compileDefinition(h, env, scope, 'defcap'), meta: defcapMeta(h, name) });
        break;
      case 'defpact':
        if (isInterface) break;
        defpacts.set(def.name, compileDefpactSteps(h, env, scope));
        break;
      case 'defschema': schemas.set(def.name, schemaFields(def.form, d)); break;
      case 'deftable': tables.set(def.name, tableSchema(def.form)); break;
    }
  }
  scope.referenced = undefined;
  scope.compiling = undefined;
  // Pact checks the module's recursion before it resolves a name, then resolves the definitions
  const unresolved = scope.unresolved;
  scope.unresolved = undefined;
  const cycle = failureOf(() => rejectCycles(name, defs.map(x => x.name), dependsOn, form.span));
  // Pact's order where it does not depend on its dependency order of the definitions
  const failures = [...govFailures, ...cycle, ...useFailures, ...unresolved, ...duplicates];
  if (failures.length > 0) throw deployment.renamerError?.(form) ?? failures[0];
  return {
    form, name, kind: what, governance, code: form.span.file.text.slice(form.span.start, form.span.end),
    members, interfaces, blessed, defuns, defcaps, defpacts, constants, schemas, tables, imports, dependencies,
    replNativeUses,
  };
}

/** The Pact error `f` throws, if any. */
function failureOf(f: () => void): PactError[] {
  const failures: PactError[] = [];
  attempt(f, failures);
  return failures;
}

/** `f()`, or undefined with its Pact error noted in `failures`. */
function attempt<T>(f: () => T, failures: PactError[]): T | undefined {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    failures.push(e);
    return undefined;
  }
}

/** A `@managed` capability's manager: a dependency, and a defun unless DisablePact51 is set
 *  (Pact ≥ 5.1, Desugar.hs resolveMeta). */
function checkManager(written: string, module: string, members: Map<string, GlobalCell>, env: ModuleEnv,
  dependencies: Set<string>, span: Span, mustBeDefun: boolean): void {
  const dot = written.lastIndexOf('.');
  const owner = dot < 0 || written.slice(0, dot) === module ? module : env.resolveModule(written.slice(0, dot))?.name;
  const member = written.slice(dot + 1);
  const cell = owner === module ? members.get(member) : owner === undefined ? undefined : env.resolveModule(owner)?.members.get(member);
  if (owner !== undefined && owner !== module) dependencies.add(owner);
  // an unknown manager is the renamer's unbound-name error, raised later
  if (!cell || cell.kind === 'defun' || !mustBeDefun) return;
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

/** A module's definitions may not refer to each other in a cycle, itself included (language.md §3.5). */
function rejectCycles(module: string, names: string[], dependsOn: Map<string, Set<string>>, span: Span): void {
  dependencyWalk(names, n => dependsOn.get(n) ?? [], cycle => {
    const ordered = names.filter(x => cycle.includes(x));
    throw desugarError(withPrettyList(`Recursive cycle detected in Module ${module} in the following functions: `, ordered), span);
  });
}

/**
 * Depth-first walk of a dependency graph: the names with every dependency before its dependents.
 * On a cycle, `onCycle` receives its names, starting with the one reached twice, and must throw.
 */
function dependencyWalk(names: string[], dependsOn: (name: string) => Iterable<string>, onCycle: (cycle: string[]) => never): string[] {
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): void => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'visiting') onCycle(path.slice(path.indexOf(n)));
    state.set(n, 'visiting');
    path.push(n);
    for (const m of dependsOn(n)) visit(m);
    path.pop();
    state.set(n, 'done');
    out.push(n);
  };
  names.forEach(visit);
  return out;
}

