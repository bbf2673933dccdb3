// Pact's renamer (Desugar.hs renameModule/renameInterface): orders definitions by their
// dependencies, then resolves every name to a de Bruijn local, a module member (self-references
// carry the placeholder hash), a module reference or a dynamic reference, and every schema name
// in a type to the schema itself.

import { parseKeysetName } from '../values/token-names.js';
import { base64UrlEncode } from '../values/base64url.js';
import { PactError } from '../../vm/errors.js';
import { withPrettyList } from '../../compiler/errors.js';
import type { MemberKind, ModuleHashContext, ModuleSummary } from './module-context.js';
import { memberKind } from './module-context.js';
import { stronglyConnComp } from './scc.js';
import { checkImplements } from './implements.js';
import {
  INTERFACE_PLACEHOLDER, MODULE_PLACEHOLDER, compareText, sameModuleName,
  type Arg, type BuiltinForm, type Def, type DefCapMeta, type FullyQualifiedName, type HashBytes, type IfDef,
  type IfDefCapMeta, type Import, type Info, type Interface, type Module, type ModuleName, type Name, type NameKind,
  type Schema, type Term, type Type,
} from './terms.js';
import type {
  PArg, PCapMeta, PDef, PForm, PIfDef, PImport, PInterface, PModule, PTerm, PType, ParsedName, ParsedTyName,
} from './parsed.js';
import { pdefName } from './parsed.js';
import { infoSpan } from './from-syntax.js';

/** A renamer error at `info` (Pact's location for it); without one, the installer reports it at
 *  the module form, which is where Pact reports module-level failures. */
function err(msg: string, info: Info = null): PactError { return new PactError('desugar', msg, (infoSpan(info) ?? null) as never); }

/** A bare module name found nowhere is read once more in the active namespace, as a plain module
 *  read (getModuleData): its absence is a runtime error naming the namespaced module. */
function missingInNamespace(mangled: ModuleName, info: Info): PactError {
  return new PactError('exec', `Cannot find module: ${render(mangled)}`, (infoSpan(info) ?? null) as never);
}

type BindKind = { k: 'level'; level: number } | { k: 'toplevel'; module: ModuleName; hash: HashBytes };
type Bind = { kind: BindKind; def: MemberKind | null };

// Names and binds are made from parts, each a literal of its own: unoptimized code makes a literal
// nested in another through V8's runtime, at about twice the cost (this runs cold, once a name).

/** A name as resolved, with the definition it names (null for locals and module references). */
function resolved(name: string, kind: NameKind, def: MemberKind | null): { name: Name; def: MemberKind | null } {
  const n: Name = { name, kind };
  return { name: n, def };
}

/** A top-level definition of `module` in scope. */
function toplevelBind(module: ModuleName, hash: HashBytes, def: MemberKind): Bind {
  const kind: BindKind = { k: 'toplevel', module, hash };
  return { kind, def };
}

/** The names in scope while renaming: one map changed in place with an undo list, so entering a
 *  binder costs its own names rather than a copy of every name in scope (imports, earlier defs). */
class Scope {
  // a released name is set back to undefined, never deleted: V8's Map turns delete-then-insert
  // cycles in a large map into repeated rehashing
  private readonly map = new Map<string, Bind | undefined>();
  private readonly undo: [string, Bind | undefined][] = [];
  get(n: string): Bind | undefined { return this.map.get(n); }
  /** a binding for the rest of the module (imports, renamed defs) */
  set(n: string, b: Bind): void { this.map.set(n, b); }
  /** a binding until `release(mark)` */
  bind(n: string, b: Bind): void { this.undo.push([n, this.map.get(n)]); this.map.set(n, b); }
  mark(): number { return this.undo.length; }
  release(mark: number): void {
    while (this.undo.length > mark) {
      const [n, previous] = this.undo.pop()!;
      this.map.set(n, previous);
    }
  }
}

interface Env {
  binds: Scope;
  depth: number;
  /** the module's own already-renamed defs, for qualified self-references `m.f` */
  locals: Map<string, Bind>;
  inDefcap: boolean;
}

const LEGAL_IN_TERMS = new Set(['defun', 'defconst', 'deftable', 'defcap', 'defpact']);

export class Renamer {
  private current: ModuleName;
  private currentImplements: ModuleName[] = [];
  private isInterface = false;
  /** Pact's rsDependencies: every other module a name resolved into, by rendered name */
  private readonly deps = new Map<string, ModuleName>();
  private dependOn(m: ModuleName): void { this.deps.set(render(m), m); }

  constructor(private ctx: ModuleHashContext, unmangled: string) {
    this.current = { name: unmangled, namespace: ctx.namespace };
  }

  // -------------------------------------------------------------------------------- modules

  module(p: PModule): Module {
    const mname = this.current;
    const placeholder = MODULE_PLACEHOLDER;
    const governance: Module['governance'] = p.governance.g === 'keyset'
      ? { g: 'keyset', keyset: keySetName(p.governance.name) }
      : { g: 'cap', fqn: this.govFqn(p, placeholder) };
    const names = new DefNames(p.defs.map(pdefName));
    const ordered = this.order(p.defs.map(d => ({ d, deps: defDeps(mname, names, d) })));
    const binds = new Scope();
    for (const imp of p.imports) this.handleImport(imp, binds);
    this.currentImplements = p.implements.map(i => this.resolveInterface(i));
    const defs: Def[] = [];
    const seen = new Set<string>();
    const locals = new Map<string, Bind>();
    for (const d of ordered) {
      const n = pdefName(d);
      if (seen.has(n)) throw err(`Duplicate definition: ${render(mname)}.${n}`);
      const env: Env = { binds, depth: 0, locals, inDefcap: false };
      const def = this.def(d, env);
      defs.push(def);
      seen.add(n);
      const b = toplevelBind(mname, placeholder, memberKind(def, mname));
      binds.set(n, b);
      locals.set(n, b);
    }
    for (const i of this.currentImplements) checkImplements(mname, defs, i, this.ctx.lookupModule(i)?.ifDefs ?? []);
    return {
      name: mname, governance, defs, blessed: p.blessed, imports: p.imports.map(copyImport),
      implements: this.currentImplements, hash: placeholder, txHash: this.ctx.txHash, code: '', info: p.info,
      deps: [...this.deps.values()],
    };
  }

  interface(p: PInterface): Interface {
    this.isInterface = true;
    const iname = this.current;
    const placeholder = INTERFACE_PLACEHOLDER;
    const names = new DefNames(p.defs.map(pdefName));
    const ordered = this.order(p.defs.map(d => ({ d, deps: ifDefDeps(iname, names, d) })));
    const binds = new Scope();
    for (const imp of p.imports) this.handleImport(imp, binds);
    const defs: IfDef[] = [];
    const seen = new Set<string>();
    const defuns = new Set<string>();
    for (const d of ordered) {
      const n = pdefName(d);
      if (seen.has(n)) throw err(`Duplicate definition: ${render(iname)}.${n}`);
      const env: Env = { binds, depth: 0, locals: new Map(), inDefcap: false };
      const def = this.ifDef(d, env, defuns);
      defs.push(def);
      seen.add(n);
      if (def.d === 'defconst') binds.set(n, toplevelBind(iname, placeholder, { k: 'defconst' }));
      if (def.d === 'defschema') {
        const schema: Schema = { name: { name: n, module: iname }, fields: def.defschema.fields };
        binds.set(n, toplevelBind(iname, placeholder, { k: 'defschema', schema }));
      }
      if (d.d === 'defun') defuns.add(n);
    }
    return {
      name: iname, defs, imports: p.imports.map(copyImport), hash: placeholder, txHash: this.ctx.txHash, code: '', info: p.info,
      deps: [...this.deps.values()],
    };
  }

  private order<T extends PDef | PIfDef>(items: { d: T; deps: Set<string> }[]): T[] {
    return stronglyConnComp(items.map(x => ({ node: x.d, key: pdefName(x.d), deps: [...x.deps].sort(compareText) }))).map(c => {
      if (c.cyclic) throw err(withPrettyList(`Recursive cycle detected in Module ${render(this.current)} in the following functions: `, c.nodes.map(pdefName)), c.nodes[0].info);
      return c.node;
    });
  }

  private govFqn(p: PModule, hash: HashBytes): FullyQualifiedName {
    const n = (p.governance as { name: string }).name;
    const d = p.defs.find(x => pdefName(x) === n);
    if (!d || d.d !== 'defcap' || d.args.length !== 0) {
      throw err(`Invalid governance. Must be a 0-argument defcap or a keyset. Found ${render(this.current)}.${n}`);
    }
    return { module: this.current, name: n, hash };
  }

  /** A module-level `use`: the module's members become visible (the import list filters them). */
  private handleImport(imp: PImport, binds: Scope): void {
    const m = this.resolveModuleData(imp.module);
    if (imp.hash && !bytesEqual(imp.hash, m.hash)) throw err(`Import error for module ${render(imp.module)} , hash not blessed: ${base64UrlEncode(m.hash)}`);
    const wanted = imp.imported ? new Set(imp.imported) : null;
    if (wanted) {
      // Pact lists them as a set: sorted, each once
      const missing = [...wanted].filter(w => !m.members.has(w)).sort(compareText);
      if (missing.length) throw err(`Invalid imports, module or interface ${render(imp.module)} does not implement the following members: [${missing.join(', ')}]`);
    }
    for (const [n, kind] of m.members) {
      if (wanted && !wanted.has(n)) continue;
      binds.set(n, toplevelBind(m.name, m.hash, kind));
    }
  }

  private resolveModuleData(mn: ModuleName): ModuleSummary {
    const found = this.ctx.lookupModule(mn);
    if (found) return found;
    if (mn.namespace === null && this.ctx.namespace !== null) {
      const ns = this.ctx.lookupModule({ name: mn.name, namespace: this.ctx.namespace });
      if (ns) return ns;
      throw missingInNamespace({ name: mn.name, namespace: this.ctx.namespace }, null);
    }
    throw err(`Cannot find module:  ${render(mn)}`);
  }

  private resolveInterface(mn: ModuleName): ModuleName {
    const m = this.resolveModuleData(mn);
    if (m.kind !== 'interface') throw err(`Invalid Interface attempted to be used as module reference: ${render(mn)}`);
    return m.name;
  }

  /** Module references in a module being compiled (resolveModuleName). */
  private resolveModuleRef(mn: ModuleName, info: Info): { name: ModuleName; implemented: ModuleName[] } {
    if (!this.isInterface && sameModuleName(mn, this.current)) return { name: this.current, implemented: this.currentImplements };
    const direct = this.ctx.lookupModule(mn);
    let m = direct;
    if (!m && mn.namespace === null && this.ctx.namespace !== null) {
      const mangled = { name: mn.name, namespace: this.ctx.namespace };
      if (!this.isInterface && sameModuleName(mangled, this.current)) return { name: this.current, implemented: this.currentImplements };
      m = this.ctx.lookupModule(mangled);
      if (!m) throw missingInNamespace(mangled, info);
    }
    if (!m) throw err(`Cannot find module:  ${render(mn)}`, info);
    if (m.kind === 'interface') throw err(`Invalid Interface attempted to be used as module reference: ${render(mn)}`, info);
    return { name: m.name, implemented: m.implements };
  }

  // ---------------------------------------------------------------------------------- names

  private resolveBare(n: string, env: Env, info: Info): { name: Name; def: MemberKind | null } {
    const b = env.binds.get(n);
    if (b) {
      if (b.kind.k === 'level') return resolved(n, { k: 'bound', index: env.depth - b.kind.level - 1 }, null);
      if (!sameModuleName(b.kind.module, this.current)) this.dependOn(b.kind.module);
      return resolved(n, { k: 'toplevel', module: b.kind.module, hash: b.kind.hash }, b.def);
    }
    const top = this.ctx.topLevel(n);
    if (top) {
      this.dependOn(top.module);
      return resolved(n, { k: 'toplevel', module: top.module, hash: top.hash }, top.kind);
    }
    const ref = this.resolveModuleRef({ name: n, namespace: null }, info);
    return resolved(n, { k: 'modref', module: ref.name, implemented: ref.implemented }, null);
  }

  private resolveQualified(qn: string, qmn: ModuleName, env: Env, info: Info): { name: Name; def: MemberKind | null } {
    const base = (mn: ModuleName): { name: Name; def: MemberKind | null } | undefined => {
      if (sameModuleName(mn, this.current)) {
        const l = env.locals.get(qn);
        if (l && l.kind.k === 'toplevel') return resolved(qn, { ...l.kind }, l.def);
      }
      const m = this.ctx.lookupModule(mn);
      if (!m) return undefined;
      const kind = m.members.get(qn);
      if (!kind) return undefined;
      this.dependOn(mn);
      return resolved(qn, { k: 'toplevel', module: mn, hash: m.hash }, kind);
    };
    const r = base(qmn);
    if (r) return r;
    if (qmn.namespace !== null) throw err(`Module ${render(qmn)} has no such member: ${qn}`, info);
    const asRef = { name: qn, namespace: qmn.name };
    const m = this.ctx.lookupModule(asRef);
    if (m && m.kind === 'module') return resolved(qn, { k: 'modref', module: asRef, implemented: m.implements }, null);
    if (this.ctx.namespace !== null) {
      const r2 = base({ name: qmn.name, namespace: this.ctx.namespace });
      if (r2) return r2;
    }
    throw err(`Module ${render(qmn)} has no such member: ${qn}`, info);
  }

  private resolveName(p: ParsedName, env: Env, info: Info): { name: Name; def: MemberKind | null } {
    if (p.n === 'bare') return this.resolveBare(p.name, env, info);
    if (p.n === 'qualified') return this.resolveQualified(p.q.name, p.q.module, env, info);
    const b = env.binds.get(p.ref);
    if (!b) throw err(`Unbound variable ${p.ref}`, info);
    // a bound name that is not a local (a definition, an import) holds no module reference
    if (b.kind.k !== 'level') throw err(`Invalid dynamic call: ${p.ref}::${p.member}`, info);
    return resolved(p.ref, { k: 'dynref', member: p.member, index: env.depth - b.kind.level - 1 }, null);
  }

  // ---------------------------------------------------------------------------------- types

  /** A type written in a definition or binder: `info` is the definition's or the binding term's,
   *  where Pact reports a type's errors. */
  private type(t: PType, env: Env, info: Info): Type {
    switch (t.t) {
      case 'prim': case 'anyList': case 'anyObject': case 'any': return t;
      case 'list': return { t: 'list', elem: this.type(t.elem, env, info) };
      case 'modref': return { t: 'modref', interfaces: t.interfaces.map(i => this.resolveInterfaceRef(i, info)) };
      case 'object': return { t: 'object', schema: this.schemaRef(t.schema, env, info) };
      case 'table': return { t: 'table', schema: this.schemaRef(t.schema, env, info) };
    }
  }

  /** An interface named in `module{…}` (resolveInterfaceName). */
  private resolveInterfaceRef(mn: ModuleName, info: Info): ModuleName {
    if (this.isInterface && sameModuleName(mn, this.current)) return mn;
    const m = this.ctx.lookupModule(mn);
    if (m) {
      if (m.kind !== 'interface') throw err(`Invalid Interface attempted to be used as module reference: ${render(mn)}`, info);
      return this.isInterface ? mn : m.name;
    }
    if (mn.namespace === null && this.ctx.namespace !== null) {
      const mangled = { name: mn.name, namespace: this.ctx.namespace };
      if (this.isInterface && sameModuleName(mangled, this.current)) return this.current;
      const m2 = this.ctx.lookupModule(mangled);
      if (!m2) throw missingInNamespace(mangled, info);
      if (m2.kind !== 'interface') throw err(`Invalid Interface attempted to be used as module reference: ${render(mn)}`, info);
      return m2.name;
    }
    throw err(`Cannot find module:  ${render(mn)}`, info);
  }

  private schemaRef(n: ParsedTyName, env: Env, info: Info): Schema {
    const r = 'bare' in n ? this.resolveBare(n.bare, env, info) : this.resolveQualified(n.qualified.name, n.qualified.module, env, info);
    const nm = 'bare' in n ? n.bare : n.qualified.name;
    if (r.def?.k === 'defschema') return r.def.schema;
    // a qualified name that is no definition (`ns.m`, a module reference) is not a schema either
    if (r.def || !('bare' in n)) throw err(`Invalid def in defschema position: ${nm} is not a valid schema`, info);
    throw err(`Unbound type variable ${nm}`, info);
  }

  /** An argument with its type renamed; `info` is where Pact reports the type's errors. */
  private arg(a: PArg, env: Env, info: Info): Arg {
    return { name: a.name, type: a.type === null ? null : this.type(a.type, env, info), info: a.info };
  }

  /** Bind `names` as new locals (Lam args, defcap/defpact args): levels depth.. in order. The
   *  caller releases them (`env.binds.release(mark)`) when it leaves their scope. */
  private bindLocals(env: Env, names: string[]): Env {
    for (let i = 0; i < names.length; i++) {
      const kind: BindKind = { k: 'level', level: env.depth + i };
      env.binds.bind(names[i], { kind, def: null });
    }
    return { ...env, depth: env.depth + names.length };
  }

  // ---------------------------------------------------------------------------------- terms

  term(t: PTerm, env: Env): Term {
    switch (t.t) {
      case 'var': {
        const r = this.resolveName(t.name, env, t.info);
        if (r.def && !LEGAL_IN_TERMS.has(r.def.k)) throw err(`Invalid definition in term variable position: ${r.name.name}`, t.info);
        return { t: 'var', name: r.name, info: t.info };
      }
      case 'lam': {
        const mark = env.binds.mark();
        const body = this.term(t.body, this.bindLocals(env, t.args.map(a => a.name)));
        env.binds.release(mark);
        return { t: 'lam', args: t.args.map(a => this.arg(a, env, t.info)), body, info: t.info };
      }
      case 'let': {
        const arg = this.arg(t.arg, env, t.info);
        const value = this.term(t.value, env);
        const mark = env.binds.mark();
        const body = this.term(t.body, this.bindLocals(env, [t.arg.name]));
        env.binds.release(mark);
        return { t: 'let', arg, value, body, info: t.info };
      }
      case 'app': return { t: 'app', fn: this.term(t.fn, env), args: t.args.map(a => this.term(a, env)), info: t.info };
      case 'seq': return { t: 'seq', first: this.term(t.first, env), then: this.term(t.then, env), info: t.info };
      case 'nullary': return { t: 'nullary', body: this.term(t.body, env), info: t.info };
      case 'form': return { t: 'form', form: this.form(t.form, env, t.info), info: t.info };
      case 'builtin': return { t: 'builtin', builtin: t.builtin, info: t.info };
      case 'const': return { t: 'const', lit: t.lit, info: t.info };
      case 'list': return { t: 'list', items: t.items.map(x => this.term(x, env)), info: t.info };
      case 'object': return { t: 'object', fields: t.fields.map(([k, v]) => [k, this.term(v, env)]), info: t.info };
    }
  }

  private form(f: PForm, env: Env, info: Info): BuiltinForm {
    const r = (x: PTerm) => this.term(x, env);
    switch (f.f) {
      case 'and': return { f: 'and', a: r(f.a), b: r(f.b) };
      case 'or': return { f: 'or', a: r(f.a), b: r(f.b) };
      case 'enforce': return { f: 'enforce', cond: r(f.a), msg: r(f.b) };
      case 'enforceOne': return { f: 'enforceOne', msg: r(f.a), conds: r(f.b) };
      case 'withCapability':
        if (env.inDefcap) throw err('with-capability form not allowed within defcap', info);
        return { f: 'withCapability', cap: r(f.a), body: r(f.b) };
      case 'try': return { f: 'try', fallback: r(f.a), body: r(f.b) };
      case 'if': return { f: 'if', cond: r(f.a), then: r(f.b), else: r(f.c) };
      case 'createUserGuard': return { f: 'createUserGuard', app: r(f.a) };
      case 'pure': return { f: 'pure', body: r(f.a) };
      case 'error': return { f: 'error', msg: r(f.a) };
    }
  }

  // ----------------------------------------------------------------------------------- defs

  private def(d: PDef, env: Env): Def {
    switch (d.d) {
      case 'defun': {
        // Pact renames the argument types, then the return type, then the body
        const args = d.args.map(a => this.arg(a, env, d.info));
        const spec = this.arg(d.spec, env, d.info);
        return { d: 'defun', defun: { spec, args, term: this.term(d.term, env), info: d.info } };
      }
      case 'defconst':
        return { d: 'defconst', defconst: { spec: this.arg(d.spec, env, d.info), value: { c: 'term', term: this.term(d.term, env) }, info: d.info } };
      case 'defcap': {
        const meta = this.capMeta(d.meta, env, d.info);
        const args = d.args.map(a => this.arg(a, env, d.info));
        const spec = this.arg(d.spec, env, d.info);
        const mark = env.binds.mark();
        const term = this.term(d.term, { ...this.bindLocals(env, d.args.map(a => a.name)), inDefcap: true });
        env.binds.release(mark);
        return { d: 'defcap', defcap: { spec, args, term, meta, info: d.info } };
      }
      case 'defschema': {
        const fields = new Map<string, Type>();
        for (const [k, v] of d.fields) fields.set(k, this.type(v, env, d.info));
        return { d: 'defschema', defschema: { name: d.name, fields, info: d.info } };
      }
      case 'deftable': {
        const r = this.resolveName(d.schema, env, d.info);
        if (r.def?.k !== 'defschema') {
          if (r.def) throw err(`Invalid def in defschema position: ${r.name.name} is not a valid schema`, d.info);
          throw err(`Unbound type variable ${r.name.name}`, d.info);
        }
        return { d: 'deftable', deftable: { name: d.name, schema: r.def.schema, info: d.info } };
      }
      case 'defpact': {
        const args = d.args.map(a => this.arg(a, env, d.info));
        const spec = this.arg(d.spec, env, d.info);
        const mark = env.binds.mark();
        const inner = this.bindLocals(env, d.args.map(a => a.name));
        const steps = d.steps.map(s => s.s === 'step'
          ? { s: 'step' as const, exec: this.term(s.exec, inner) }
          : { s: 'rollback' as const, exec: this.term(s.exec, inner), rollback: this.term(s.rollback, inner) });
        env.binds.release(mark);
        return { d: 'defpact', defpact: { spec, args, steps, info: d.info } };
      }
    }
  }

  private capMeta(m: PCapMeta, env: Env, info: Info): DefCapMeta {
    switch (m.c) {
      case 'event': return { c: 'event' };
      case 'unmanaged': return { c: 'unmanaged' };
      case 'auto': return { c: 'managed', meta: { m: 'auto' } };
      case 'managed': {
        const r = this.resolveName(m.manager, env, info);
        const k: NameKind = r.name.kind;
        if (k.k !== 'toplevel') throw err(`Expected free variable in expression, found locally bound:  ${r.name.name}`, info);
        // Pact 5.1: the manager must be a defun
        if (!this.ctx.disablePact51 && r.def?.k !== 'defun') {
          const qn = `${render(k.module)}.${r.name.name}`;
          throw err(`${qn} is not a valid managed capability manager function. ${qn} must be a defun`, info);
        }
        return { c: 'managed', meta: { m: 'managed', index: m.index, param: m.param, manager: { module: k.module, name: r.name.name, hash: k.hash } } };
      }
    }
  }

  private ifDef(d: PIfDef, env: Env, defuns: Set<string>): IfDef {
    switch (d.d) {
      case 'defun': case 'defpact': {
        const args = d.args.map(a => this.arg(a, env, d.info));
        return { d: d.d, spec: this.arg(d.spec, env, d.info), args, info: d.info };
      }
      case 'defcap': {
        const meta: IfDefCapMeta = d.meta.c === 'managed'
          ? { c: 'managed', meta: { m: 'managed', index: d.meta.index, param: d.meta.param, manager: managerBareName(d.meta.manager) } }
          : d.meta.c === 'auto' ? { c: 'managed', meta: { m: 'auto' } } : { c: d.meta.c };
        const args = d.args.map(a => this.arg(a, env, d.info));
        const spec = this.arg(d.spec, env, d.info);
        if (meta.c === 'managed' && meta.meta.m === 'managed' && !defuns.has(meta.meta.manager)) {
          throw err(`Module ${render(this.current)} has no such member: ${meta.meta.manager}`, d.info);
        }
        return { d: 'defcap', spec, args, meta, info: d.info };
      }
      case 'defconst':
        return { d: 'defconst', defconst: { spec: this.arg(d.spec, env, d.info), value: { c: 'term', term: this.term(d.term, env) }, info: d.info } };
      case 'defschema': {
        const fields = new Map<string, Type>();
        for (const [k, v] of d.fields) fields.set(k, this.type(v, env, d.info));
        return { d: 'defschema', defschema: { name: d.name, fields, info: d.info } };
      }
    }
  }
}

/** Pact's `rawParsedName`: the last component of the manager's name. */
function managerBareName(p: ParsedName): string {
  return p.n === 'bare' ? p.name : p.n === 'qualified' ? p.q.name : p.member;
}

// --------------------------------------------------------------------------- dependency sets

/** The module's def names, minus those a lambda or let in scope shadows. Shadowing is counted,
 *  not copied: copying the set per binder made dependency analysis quadratic in module size. */
class DefNames {
  private readonly shadowed = new Map<string, number>();
  private readonly set: Set<string>;
  constructor(names: Iterable<string>) { this.set = new Set(names); }
  has(n: string): boolean { return this.set.has(n) && !this.shadowed.get(n); }
  shadow(n: string): void { this.shadowed.set(n, (this.shadowed.get(n) ?? 0) + 1); }
  unshadow(n: string): void { this.shadowed.set(n, this.shadowed.get(n)! - 1); }
}

/** The names of this module's defs a def mentions (Desugar.hs termSCC & co). */
function defDeps(mn: ModuleName, defs: DefNames, d: PDef): Set<string> {
  const out = new Set<string>();
  const args = (as: PArg[]) => as.forEach(a => a.type && typeDeps(mn, defs, a.type, out));
  switch (d.d) {
    case 'defun': termDeps(mn, defs, d.term, out); args(d.args); args([d.spec]); break;
    case 'defconst': termDeps(mn, defs, d.term, out); args([d.spec]); break;
    case 'defcap':
      args(d.args); args([d.spec]); termDeps(mn, defs, d.term, out);
      if (d.meta.c === 'managed') nameDeps(mn, defs, d.meta.manager, out);
      break;
    case 'defschema': for (const t of d.fields.values()) typeDeps(mn, defs, t, out); break;
    case 'deftable': nameDeps(mn, defs, d.schema, out); break;
    case 'defpact':
      args(d.args); args([d.spec]);
      for (const s of d.steps) { termDeps(mn, defs, s.exec, out); if (s.s === 'rollback') termDeps(mn, defs, s.rollback, out); }
      break;
  }
  return out;
}

function ifDefDeps(mn: ModuleName, defs: DefNames, d: PIfDef): Set<string> {
  const out = new Set<string>();
  const args = (as: PArg[]) => as.forEach(a => a.type && typeDeps(mn, defs, a.type, out));
  switch (d.d) {
    case 'defun': case 'defpact': args(d.args); args([d.spec]); break;
    case 'defcap':
      args(d.args); args([d.spec]);
      if (d.meta.c === 'managed') nameDeps(mn, defs, { n: 'bare', name: managerBareName(d.meta.manager) }, out);
      break;
    case 'defconst': termDeps(mn, defs, d.term, out); args([d.spec]); break;
    case 'defschema': for (const t of d.fields.values()) typeDeps(mn, defs, t, out); break;
  }
  return out;
}

function nameDeps(mn: ModuleName, defs: DefNames, n: ParsedName, out: Set<string>): void {
  if (n.n === 'bare' && defs.has(n.name)) out.add(n.name);
  if (n.n === 'qualified' && defs.has(n.q.name) && sameModuleName(n.q.module, mn)) out.add(n.q.name);
}

function typeDeps(mn: ModuleName, defs: DefNames, t: PType, out: Set<string>): void {
  if (t.t === 'list') typeDeps(mn, defs, t.elem, out);
  if (t.t === 'object' || t.t === 'table') {
    nameDeps(mn, defs, 'bare' in t.schema ? { n: 'bare', name: t.schema.bare } : { n: 'qualified', q: t.schema.qualified }, out);
  }
}

function termDeps(mn: ModuleName, defs: DefNames, t: PTerm, out: Set<string>): void {
  switch (t.t) {
    case 'var': nameDeps(mn, defs, t.name, out); break;
    case 'lam': {
      t.args.forEach(a => a.type && typeDeps(mn, defs, a.type, out));
      for (const a of t.args) defs.shadow(a.name);
      termDeps(mn, defs, t.body, out);
      for (const a of t.args) defs.unshadow(a.name);
      break;
    }
    case 'let': {
      if (t.arg.type) typeDeps(mn, defs, t.arg.type, out);
      termDeps(mn, defs, t.value, out);
      defs.shadow(t.arg.name);
      termDeps(mn, defs, t.body, out);
      defs.unshadow(t.arg.name);
      break;
    }
    case 'app': termDeps(mn, defs, t.fn, out); t.args.forEach(a => termDeps(mn, defs, a, out)); break;
    case 'seq': termDeps(mn, defs, t.first, out); termDeps(mn, defs, t.then, out); break;
    case 'nullary': termDeps(mn, defs, t.body, out); break;
    case 'form': {
      const f = t.form;
      termDeps(mn, defs, f.a, out);
      if ('b' in f) termDeps(mn, defs, f.b, out);
      if ('c' in f) termDeps(mn, defs, f.c, out);
      break;
    }
    case 'list': t.items.forEach(x => termDeps(mn, defs, x, out)); break;
    case 'object': t.fields.forEach(([, v]) => termDeps(mn, defs, v, out)); break;
    default: break;
  }
}

// -------------------------------------------------------------------------------------- misc

/** A keyset governance name as Desugar.hs resolveGov reads it (parseAnyKeysetName: `ns.ks` as
 *  tokens, else the whole text as a root name); "" is refused before this. */
/** A keyset governance's name (resolveGov); Pact refuses only the empty name, at the module. */
function keySetName(text: string): { name: string; namespace: string | null } {
  const k = parseKeysetName(text);
  if (k === null) throw new PactError('exec', `Invalid keyset name format: ${text}`, null as never);
  return { name: k.name, namespace: k.namespace };
}

function copyImport(i: PImport): Import { return { module: i.module, hash: i.hash, imported: i.imported }; }

function render(m: ModuleName): string { return m.namespace === null ? m.name : `${m.namespace}.${m.name}`; }

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

