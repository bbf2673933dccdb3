// Pact's `sizeOf` (SizeOfV0, gas.md §4) of the module IR: the byte estimates behind module
// deployment gas (gas.md §3.9). Rules: a single-constructor record costs 1 + its fields, a sum
// type 2 + the chosen constructor's fields, Text its UTF-8 length + 4, containers 5 + elements,
// Maybe 2 (+ payload), Int 5, Word64 9, Word8 1, and an info 0 when erased or 21 when kept.

import { utf8Length } from '../values/size.js';
import { bitLength } from '../values/numbers.js';
import {
  compareBytes, compareModuleName, formTerms, sortedSet,
  type Arg, type BuiltinForm, type ConstVal, type Def, type DefCapMeta, type DefConst, type DefSchema,
  type FullyQualifiedName, type Governance, type Guard, type IfDef, type IfDefCapMeta, type Import, type Info,
  type Interface, type Literal, type Module, type ModuleName, type Name, type PactValue, type QualifiedName,
  type Schema, type Step, type Term, type Type,
} from './terms.js';

const text = (s: string): number => utf8Length(s) + 4;
const bytes = (b: Uint8Array): number => b.length + 4;
const maybe = (n: number | null): number => (n === null ? 2 : 2 + n);
/** A list of `items`: 5 + the sizes of its elements. An indexed loop, not `map` and `reduce`:
 *  measuring runs as cold code, once per module, where each would allocate. */
function listOf<T>(items: readonly T[], size: (x: T) => number): number {
  let n = 5;
  for (let i = 0; i < items.length; i++) n += size(items[i]);
  return n;
}
const integer = (i: bigint): number => Math.floor(Math.max(64, i === 0n ? 0 : bitLength(i)) / 8);
const INT = 5, WORD64 = 9;
/** A builtin in REPL code is `ReplBuiltin CoreBuiltin`: 2 for the wrapper + 2 for the enum. */
const BUILTIN = 4;

export class IrSizer {
  /** sizes of the definitions met so far: deployment sizes the same IR twice (before and after
   *  constant evaluation), and only the defconsts differ between the two */
  private readonly defSizes = new WeakMap<Def | IfDef, number>();

  /** `withInfo`: count each info as a 21-byte SpanInfo (stored modules); otherwise infos are `()`. */
  constructor(readonly withInfo: boolean) {}

  info(i: Info): number { return this.withInfo && i !== null ? 21 : 0; }

  moduleName(m: ModuleName): number { return 1 + text(m.name) + maybe(m.namespace === null ? null : text(m.namespace)); }
  qualifiedName(q: QualifiedName): number { return 1 + text(q.name) + this.moduleName(q.module); }
  fqn(f: FullyQualifiedName): number { return 1 + this.moduleName(f.module) + text(f.name) + bytes(f.hash); }

  name(n: Name): number {
    const k = n.kind;
    let kind: number;
    switch (k.k) {
      case 'bound': kind = 2 + WORD64; break;
      case 'toplevel': kind = 2 + this.moduleName(k.module) + bytes(k.hash); break;
      case 'modref': kind = 2 + this.moduleName(k.module) + listOf(k.implemented, m => this.moduleName(m)); break;
      case 'dynref': kind = 2 + (1 + text(k.member) + WORD64); break;
    }
    return 1 + text(n.name) + kind;
  }

  type(t: Type): number {
    switch (t.t) {
      case 'prim': return 2 + 1;
      case 'list': return 2 + this.type(t.elem);
      case 'modref': return 2 + listOf(sortedSet(t.interfaces, compareModuleName), m => this.moduleName(m));
      case 'object': case 'table': return 2 + this.schema(t.schema);
      default: return 2;
    }
  }

  fields(m: Map<string, Type>): number {
    let n = 5;
    m.forEach((v, k) => { n += 1 + text(k) + this.type(v); });
    return n;
  }

  schema(s: Schema): number { return 1 + this.qualifiedName(s.name) + this.fields(s.fields); }

  arg(a: Arg): number { return 1 + text(a.name) + maybe(a.type === null ? null : this.type(a.type)) + this.info(a.info); }

  literal(l: Literal): number {
    switch (l.l) {
      case 'string': return 2 + text(l.value);
      case 'integer': return 2 + integer(l.value);
      case 'decimal': return 2 + (1 + 1 + integer(l.mantissa));
      case 'unit': return 2;
      case 'bool': return 2 + 1;
    }
  }

  pactValue(v: PactValue): number {
    switch (v.v) {
      case 'literal': return 2 + this.literal(v.lit);
      case 'list': return 2 + listOf(v.items, x => this.pactValue(x));
      case 'guard': return 2 + this.guard(v.guard);
      case 'object': {
        let n = 2 + 5;
        v.fields.forEach((x, k) => { n += 1 + text(k) + this.pactValue(x); });
        return n;
      }
      case 'modref': return 2 + (1 + this.moduleName(v.module) + listOf(v.implemented, m => this.moduleName(m)));
      case 'capToken': return 2 + (1 + this.fqn(v.name) + listOf(v.args, x => this.pactValue(x)));
      case 'table': return 2 + (1 + (1 + text(v.name) + this.moduleName(v.module)) + bytes(v.hash) + this.schema(v.schema));
      case 'time': return 2 + 8;
    }
  }

  guard(g: Guard): number {
    switch (g.g) {
      case 'keyset': {
        const p = g.pred;
        const pred = p.p !== 'custom' ? 2 : 2 + 2 + ('qualified' in p.name ? this.qualifiedName(p.name.qualified) : text(p.name.bare));
        return 2 + 1 + listOf(g.keys, text) + pred;
      }
      case 'keysetRef': return 2 + 1 + text(g.name.name) + maybe(g.name.namespace === null ? null : text(g.name.namespace));
      case 'user': return 2 + 1 + this.qualifiedName(g.fun) + listOf(g.args, x => this.pactValue(x));
      case 'capability':
        return 2 + 1 + this.qualifiedName(g.name) + listOf(g.args, x => this.pactValue(x)) + maybe(g.pactId === null ? null : text(g.pactId));
      case 'module': return 2 + 1 + this.moduleName(g.module) + text(g.name);
      case 'defpact': return 2 + 1 + text(g.pactId) + text(g.name);
    }
  }

  /** 2 + its terms. */
  form(f: BuiltinForm): number {
    const ts = formTerms(f);
    let n = 2;
    for (let i = 0; i < ts.length; i++) n += this.term(ts[i]);
    return n;
  }

  /** Every Term constructor: 2 + its fields (the info last). */
  term(t: Term): number {
    const i = this.info(t.info);
    switch (t.t) {
      case 'var': return 2 + this.name(t.name) + i;
      case 'lam': return 2 + listOf(t.args, a => this.arg(a)) + this.term(t.body) + i;
      case 'let': return 2 + this.arg(t.arg) + this.term(t.value) + this.term(t.body) + i;
      case 'app': return 2 + this.term(t.fn) + listOf(t.args, a => this.term(a)) + i;
      case 'seq': return 2 + this.term(t.first) + this.term(t.then) + i;
      case 'nullary': return 2 + this.term(t.body) + i;
      case 'form': return 2 + this.form(t.form) + i;
      case 'builtin': return 2 + BUILTIN + i;
      case 'const': return 2 + this.literal(t.lit) + i;
      case 'list': return 2 + listOf(t.items, x => this.term(x)) + i;
      case 'object': return 2 + listOf(t.fields, f => 1 + text(f[0]) + this.term(f[1])) + i;
      case 'inline': return 2 + this.pactValue(t.value) + i;
    }
  }

  constVal(c: ConstVal): number { return 2 + (c.c === 'term' ? this.term(c.term) : this.pactValue(c.value)); }
  defConst(d: DefConst): number { return 1 + this.arg(d.spec) + this.constVal(d.value) + this.info(d.info); }
  defSchema(d: DefSchema): number { return 1 + text(d.name) + this.fields(d.fields) + this.info(d.info); }

  capMeta(m: DefCapMeta): number {
    if (m.c !== 'managed') return 2;
    if (m.meta.m === 'auto') return 2 + 2;
    // DefManagedMeta (Int, Text) (FQNameRef Name)
    return 2 + (2 + (1 + INT + text(m.meta.param)) + (2 + this.fqn(m.meta.manager)));
  }

  ifCapMeta(m: IfDefCapMeta): number {
    if (m.c !== 'managed') return 2;
    if (m.meta.m === 'auto') return 2 + 2;
    return 2 + (2 + (1 + INT + text(m.meta.param)) + text(m.meta.manager));
  }

  step(s: Step): number { return 2 + this.term(s.exec) + (s.s === 'rollback' ? this.term(s.rollback) : 0); }

  private args(as: Arg[]): number { return listOf(as, a => this.arg(a)); }

  def(d: Def): number {
    let n = this.defSizes.get(d);
    if (n === undefined) this.defSizes.set(d, n = this.defSize(d));
    return n;
  }

  private defSize(d: Def): number {
    switch (d.d) {
      case 'defun': {
        const f = d.defun;
        return 2 + (1 + this.arg(f.spec) + this.args(f.args) + this.term(f.term) + this.info(f.info));
      }
      case 'defconst': return 2 + this.defConst(d.defconst);
      case 'defcap': {
        const c = d.defcap;
        return 2 + (1 + this.arg(c.spec) + this.args(c.args) + this.term(c.term) + this.capMeta(c.meta) + this.info(c.info));
      }
      case 'defschema': return 2 + this.defSchema(d.defschema);
      case 'deftable': {
        const t = d.deftable;
        return 2 + (1 + text(t.name) + (2 + this.schema(t.schema)) + this.info(t.info));
      }
      case 'defpact': {
        const p = d.defpact;
        return 2 + (1 + this.arg(p.spec) + this.args(p.args) + listOf(p.steps, s => this.step(s)) + this.info(p.info));
      }
    }
  }

  ifDef(d: IfDef): number {
    let n = this.defSizes.get(d);
    if (n === undefined) this.defSizes.set(d, n = this.ifDefSize(d));
    return n;
  }

  private ifDefSize(d: IfDef): number {
    switch (d.d) {
      case 'defun': case 'defpact': return 2 + (1 + this.arg(d.spec) + this.args(d.args) + this.info(d.info));
      case 'defconst': return 2 + this.defConst(d.defconst);
      case 'defcap': return 2 + (1 + this.arg(d.spec) + this.args(d.args) + this.ifCapMeta(d.meta) + this.info(d.info));
      case 'defschema': return 2 + this.defSchema(d.defschema);
    }
  }

  governance(g: Governance): number {
    if (g.g === 'keyset') return 2 + (1 + text(g.keyset.name) + maybe(g.keyset.namespace === null ? null : text(g.keyset.namespace)));
    return 2 + (2 + this.fqn(g.fqn));
  }

  import(i: Import): number {
    return 1 + this.moduleName(i.module) + maybe(i.hash === null ? null : bytes(i.hash)) +
      maybe(i.imported === null ? null : listOf(i.imported, text));
  }

  private code(c: string): number { return c === '' ? 0 : text(c); }

  module(m: Module): number {
    return 1 + this.moduleName(m.name) + this.governance(m.governance) + listOf(m.defs, d => this.def(d)) +
      listOf(sortedSet(m.blessed, compareBytes), bytes) + listOf(m.imports, i => this.import(i)) +
      listOf(m.implements, n => this.moduleName(n)) + bytes(m.hash) + bytes(m.txHash) + this.code(m.code) + this.info(m.info);
  }

  interface(i: Interface): number {
    return 1 + this.moduleName(i.name) + listOf(i.defs, d => this.ifDef(d)) + listOf(i.imports, x => this.import(x)) +
      bytes(i.hash) + bytes(i.txHash) + this.code(i.code) + this.info(i.info);
  }

  /** `ModuleData m deps` / `InterfaceData i deps`: 2 + the module + the dependency map. */
  moduleData(data: { module: Module } | { interface: Interface }, deps: [FullyQualifiedName, Def][]): number {
    const body = 'module' in data ? this.module(data.module) : this.interface(data.interface);
    return 2 + body + listOf(deps, e => 1 + this.fqn(e[0]) + this.def(e[1]));
  }
}
