// Pact's "SerialiseV1" CBOR codec (Pact.Core.Serialise.CBOR_V1) for the module IR, as used for
// module hashes (info erased to `()`) and for module storage in the REPL (span infos).
// Every sum type is a definite array `[tag, fields…]`; records are `[fields…]`; newtypes are bare.

import { CborWriter, type CborSink } from './cbor.js';
import { POSIX_EPOCH_MJD_MICROS } from '../time/instant.js';
import { CORE_BUILTINS } from './builtins.js';
import {
  PRIM_TYPES, compareBytes, compareModuleName, compareText, compareFqn, sortedSet,
  type Arg, type Builtin, type BuiltinForm, type ConstVal, type Def, type DefCapMeta, type FullyQualifiedName,
  type Governance, type Guard, type IfDef, type IfDefCapMeta, type Import, type Info, type Interface,
  type KeySetName, type Literal, type Module, type ModuleName, type Name, type PactValue,
  type QualifiedName, type Schema, type Step, type Term, type Type, type DefSchema, type DefConst,
} from './terms.js';

export class IrEncoder<W extends CborSink = CborWriter> {
  /** `withInfo` false writes every info as `()`, as Pact does when hashing (`void m`). */
  constructor(readonly withInfo: boolean, readonly w: W = new CborWriter() as CborSink as W) {}

  info(i: Info): void {
    if (i === null || !this.withInfo) { this.w.null(); return; }
    this.w.listLen(4).int(i.startLine).int(i.startCol).int(i.endLine).int(i.endCol);
  }

  moduleName(m: ModuleName): void {
    this.w.listLen(2).text(m.name).maybeText(m.namespace);
  }

  qualifiedName(q: QualifiedName): void {
    this.w.listLen(2).text(q.name);
    this.moduleName(q.module);
  }

  fqn(f: FullyQualifiedName): void {
    this.w.listLen(3);
    this.moduleName(f.module);
    this.w.text(f.name).byteString(f.hash);
  }

  keySetName(k: KeySetName): void {
    this.w.listLen(2).text(k.name).maybeText(k.namespace);
  }

  name(n: Name): void {
    this.w.listLen(2).text(n.name);
    const k = n.kind;
    switch (k.k) {
      case 'bound': this.w.variant(0, 1).word(k.index); break;
      case 'toplevel': this.w.variant(1, 2); this.moduleName(k.module); this.w.byteString(k.hash); break;
      case 'modref':
        this.w.variant(2, 2);
        this.moduleName(k.module);
        this.w.list(k.implemented, m => this.moduleName(m));
        break;
      case 'dynref': this.w.variant(3, 1).listLen(2).text(k.member).word(k.index); break;
    }
  }

  // ----------------------------------------------------------------------------------- types

  type(t: Type): void {
    const w = this.w;
    switch (t.t) {
      case 'prim': w.variant(0, 1).word(PRIM_TYPES.indexOf(t.prim)); break;
      case 'list': w.variant(1, 1); this.type(t.elem); break;
      case 'anyList': w.variant(2, 0); break;
      case 'modref':
        w.variant(3, 1).array(sortedSet(t.interfaces, compareModuleName), m => this.moduleName(m));
        break;
      case 'object': w.variant(4, 1); this.schema(t.schema); break;
      case 'anyObject': w.variant(5, 0); break;
      case 'table': w.variant(6, 1); this.schema(t.schema); break;
      case 'capToken': w.variant(7, 0); break;
      case 'any': w.variant(8, 0); break;
    }
  }

  /** `Map Field Type`: a definite map in key order. */
  fields(m: Map<string, Type>): void {
    const keys = [...m.keys()].sort(compareText);
    this.w.mapLen(keys.length);
    for (const k of keys) { this.w.text(k); this.type(m.get(k)!); }
  }

  schema(s: Schema): void {
    this.w.listLen(2);
    this.qualifiedName(s.name);
    this.fields(s.fields);
  }

  arg(a: Arg): void {
    this.w.listLen(3).text(a.name).maybe(a.type, t => this.type(t));
    this.info(a.info);
  }

  // -------------------------------------------------------------------------- literals, values

  literal(l: Literal): void {
    const w = this.w;
    switch (l.l) {
      case 'string': w.variant(0, 1).text(l.value); break;
      case 'integer': w.variant(1, 1).integer(l.value); break;
      case 'decimal': w.variant(2, 1).listLen(2).word(l.places).integer(l.mantissa); break;
      case 'unit': w.variant(3, 0); break;
      case 'bool': w.variant(4, 1).bool(l.value); break;
    }
  }

  pactValue(v: PactValue): void {
    const w = this.w;
    switch (v.v) {
      case 'literal': w.variant(0, 1); this.literal(v.lit); break;
      case 'list': w.variant(1, 1).array(v.items, x => this.pactValue(x)); break;
      case 'guard': w.variant(2, 1); this.guard(v.guard); break;
      case 'object': {
        w.variant(3, 1);
        const keys = [...v.fields.keys()].sort(compareText);
        w.mapLen(keys.length);
        for (const k of keys) { w.text(k); this.pactValue(v.fields.get(k)!); }
        break;
      }
      case 'modref':
        w.variant(4, 1).listLen(2);
        this.moduleName(v.module);
        w.array(sortedSet(v.implemented, compareModuleName), m => this.moduleName(m));
        break;
      case 'capToken':
        w.variant(5, 1).listLen(2);
        this.fqn(v.name);
        w.list(v.args, x => this.pactValue(x));
        break;
      case 'table':
        w.variant(7, 1).listLen(3).listLen(2).text(v.name);
        this.moduleName(v.module);
        w.byteString(v.hash);
        this.schema(v.schema);
        break;
      // pact-time's UTCTime is serialised as its Int64 count of microseconds since the MJD epoch
      case 'time': w.variant(6, 1).int(v.micros + POSIX_EPOCH_MJD_MICROS); break;
    }
  }

  guard(g: Guard): void {
    const w = this.w;
    switch (g.g) {
      case 'keyset': {
        w.variant(0, 1).listLen(2).array(sortedSet(g.keys, compareText), k => w.text(k));
        const p = g.pred;
        if (p.p === 'keys-all') w.variant(0, 0);
        else if (p.p === 'keys-2') w.variant(1, 0);
        else if (p.p === 'keys-any') w.variant(2, 0);
        else {
          w.variant(3, 1).listLen(2);
          if ('qualified' in p.name) { w.word(0); this.qualifiedName(p.name.qualified); }
          else w.word(1).text(p.name.bare);
        }
        break;
      }
      case 'keysetRef': w.variant(1, 1); this.keySetName(g.name); break;
      case 'user':
        w.variant(2, 1).listLen(2);
        this.qualifiedName(g.fun);
        w.list(g.args, x => this.pactValue(x));
        break;
      case 'capability':
        w.variant(3, 1).listLen(3);
        this.qualifiedName(g.name);
        w.list(g.args, x => this.pactValue(x)).maybeText(g.pactId);
        break;
      case 'module': w.variant(4, 1).listLen(2); this.moduleName(g.module); w.text(g.name); break;
      case 'defpact': w.variant(5, 1).listLen(2).text(g.pactId).text(g.name); break;
    }
  }

  // ------------------------------------------------------------------------------------ terms

  builtin(b: Builtin): void {
    // A single word: the builtin's index in Pact's `Enum (ReplBuiltin CoreBuiltin)`, where core
    // natives come first and REPL-only natives follow them. (Checked against corpus hashes: a
    // module calling `emit-event` hashes with the bare word 72.)
    this.w.word(b.k === 'core' ? b.tag : CORE_BUILTINS.length + b.tag);
  }

  form(f: BuiltinForm): void {
    const w = this.w;
    switch (f.f) {
      case 'and': w.variant(0, 2); this.term(f.a); this.term(f.b); break;
      case 'or': w.variant(1, 2); this.term(f.a); this.term(f.b); break;
      case 'if': w.variant(2, 3); this.term(f.cond); this.term(f.then); this.term(f.else); break;
      case 'enforceOne': w.variant(3, 2); this.term(f.msg); this.term(f.conds); break;
      case 'enforce': w.variant(4, 2); this.term(f.cond); this.term(f.msg); break;
      case 'withCapability': w.variant(5, 2); this.term(f.cap); this.term(f.body); break;
      case 'try': w.variant(6, 2); this.term(f.fallback); this.term(f.body); break;
      case 'createUserGuard': w.variant(7, 1); this.term(f.app); break;
      case 'pure': w.variant(8, 1); this.term(f.body); break;
      case 'error': w.variant(9, 1); this.term(f.msg); break;
    }
  }

  term(t: Term): void {
    const w = this.w;
    switch (t.t) {
      case 'var': w.variant(0, 2); this.name(t.name); break;
      case 'lam': w.variant(1, 3); this.args(t.args); this.term(t.body); break;
      case 'let': w.variant(2, 4); this.arg(t.arg); this.term(t.value); this.term(t.body); break;
      case 'app': w.variant(3, 3); this.term(t.fn); this.terms(t.args); break;
      case 'seq': w.variant(4, 3); this.term(t.first); this.term(t.then); break;
      case 'nullary': w.variant(5, 2); this.term(t.body); break;
      case 'form': w.variant(6, 2); this.form(t.form); break;
      case 'builtin': w.variant(7, 2); this.builtin(t.builtin); break;
      case 'const': w.variant(8, 2); this.literal(t.lit); break;
      case 'list': w.variant(9, 2); this.terms(t.items); break;
      case 'object':
        w.variant(10, 2).list(t.fields, f => { w.listLen(2).text(f[0]); this.term(f[1]); });
        break;
      case 'inline': w.variant(11, 2); this.pactValue(t.value); break;
    }
    this.info(t.info);
  }

  // ------------------------------------------------------------------------------------- defs

  // Lists of terms and arguments: one per node of a module, encoded as cold code, where a new
  // closure per list costs; these are made once per encoder.
  private readonly eachTerm = (t: Term): void => this.term(t);
  private readonly eachArg = (a: Arg): void => this.arg(a);
  private terms(ts: readonly Term[]): void { this.w.list(ts, this.eachTerm); }
  private args(args: readonly Arg[]): void { this.w.list(args, this.eachArg); }

  constVal(c: ConstVal): void {
    if (c.c === 'term') { this.w.variant(0, 1); this.term(c.term); } else { this.w.variant(1, 1); this.pactValue(c.value); }
  }

  defConst(d: DefConst): void {
    this.w.listLen(3);
    this.arg(d.spec);
    this.constVal(d.value);
    this.info(d.info);
  }

  defSchema(d: DefSchema): void {
    this.w.listLen(3).text(d.name);
    this.fields(d.fields);
    this.info(d.info);
  }

  capMeta(m: DefCapMeta): void {
    const w = this.w;
    if (m.c === 'event') { w.variant(0, 0); return; }
    if (m.c === 'unmanaged') { w.variant(2, 0); return; }
    w.variant(1, 1);
    if (m.meta.m === 'auto') { w.variant(1, 0); return; }
    w.variant(0, 2).listLen(2).int(m.meta.index).text(m.meta.param);
    this.fqn(m.meta.manager);
  }

  ifCapMeta(m: IfDefCapMeta): void {
    const w = this.w;
    if (m.c === 'event') { w.variant(0, 0); return; }
    if (m.c === 'unmanaged') { w.variant(2, 0); return; }
    w.variant(1, 1);
    if (m.meta.m === 'auto') { w.variant(1, 0); return; }
    w.variant(0, 2).listLen(2).int(m.meta.index).text(m.meta.param).text(m.meta.manager);
  }

  step(s: Step): void {
    if (s.s === 'step') { this.w.variant(0, 1); this.term(s.exec); }
    else { this.w.variant(1, 2); this.term(s.exec); this.term(s.rollback); }
  }

  def(d: Def): void {
    const w = this.w;
    switch (d.d) {
      case 'defun': {
        const f = d.defun;
        w.variant(0, 1).listLen(4); this.arg(f.spec); this.args(f.args); this.term(f.term); this.info(f.info);
        break;
      }
      case 'defconst': w.variant(1, 1); this.defConst(d.defconst); break;
      case 'defcap': {
        const c = d.defcap;
        w.variant(2, 1).listLen(5); this.arg(c.spec); this.args(c.args); this.term(c.term); this.capMeta(c.meta); this.info(c.info);
        break;
      }
      case 'defschema': w.variant(3, 1); this.defSchema(d.defschema); break;
      case 'deftable': {
        const t = d.deftable;
        w.variant(4, 1).listLen(3).text(t.name); this.schema(t.schema); this.info(t.info);
        break;
      }
      case 'defpact': {
        const p = d.defpact;
        w.variant(5, 1).listLen(4); this.arg(p.spec); this.args(p.args); w.list(p.steps, s => this.step(s)); this.info(p.info);
        break;
      }
    }
  }

  ifDef(d: IfDef): void {
    const w = this.w;
    switch (d.d) {
      case 'defun': w.variant(0, 1).listLen(3); this.arg(d.spec); this.args(d.args); this.info(d.info); break;
      case 'defconst': w.variant(1, 1); this.defConst(d.defconst); break;
      case 'defcap': w.variant(2, 1).listLen(4); this.arg(d.spec); this.args(d.args); this.ifCapMeta(d.meta); this.info(d.info); break;
      case 'defschema': w.variant(3, 1); this.defSchema(d.defschema); break;
      case 'defpact': w.variant(4, 1).listLen(3); this.arg(d.spec); this.args(d.args); this.info(d.info); break;
    }
  }

  governance(g: Governance): void {
    if (g.g === 'keyset') { this.w.variant(0, 1); this.keySetName(g.keyset); }
    else { this.w.variant(1, 1); this.fqn(g.fqn); }
  }

  import(i: Import): void {
    this.w.listLen(3);
    this.moduleName(i.module);
    this.w.maybe(i.hash, h => this.w.byteString(h));
    this.w.maybe(i.imported, names => this.w.list(names, n => this.w.text(n)));
  }

  /** The module record (its source code is never serialised). */
  module(m: Module): void {
    const w = this.w;
    w.listLen(9);
    this.moduleName(m.name);
    this.governance(m.governance);
    w.list(m.defs, d => this.def(d));
    w.array(sortedSet(m.blessed, compareBytes), h => w.byteString(h));
    w.list(m.imports, i => this.import(i));
    w.list(m.implements, n => this.moduleName(n));
    w.byteString(m.hash).byteString(m.txHash);
    this.info(m.info);
  }

  interface(i: Interface): void {
    const w = this.w;
    w.listLen(6);
    this.moduleName(i.name);
    w.list(i.defs, d => this.ifDef(d));
    w.list(i.imports, x => this.import(x));
    w.byteString(i.hash).byteString(i.txHash);
    this.info(i.info);
  }

  /** `ModuleData`/`InterfaceData` with the definitions it depends on, as stored. */
  moduleData(data: { module: Module } | { interface: Interface }, deps: [FullyQualifiedName, Def][]): void {
    const w = this.w;
    w.listLen(2);
    if ('module' in data) { w.word(0); this.module(data.module); }
    else { w.word(1); this.interface(data.interface); }
    const sorted = [...deps].sort((a, b) => compareFqn(a[0], b[0]));
    w.mapLen(sorted.length);
    for (const [k, d] of sorted) { this.fqn(k); this.def(d); }
  }
}

export function encodeModule(m: Module, withInfo = false): Uint8Array {
  const e = new IrEncoder(withInfo);
  e.module(m);
  return e.w.bytes();
}

export function encodeInterface(i: Interface, withInfo = false): Uint8Array {
  const e = new IrEncoder(withInfo);
  e.interface(i);
  return e.w.bytes();
}
