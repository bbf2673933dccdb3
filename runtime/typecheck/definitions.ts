// Typechecking a module's definitions (Pact's inferDefun, inferDefCap, inferDefPact,
// inferDefConst, inferTable, inferInterface): generalisation, final constraint checks, and the
// de Bruijn form of each definition's type.

import {
  compareText, ifDefName, renderModuleName, type Def, type DefCap, type DefConst, type DefPact, type Defun, type Info, type Interface,
  type ModuleName, type PactValue, type Type,
} from '../pact-ir/terms.js';
import {
  CAP, GUARD, TIME, fieldOrder, funs, list, modSet, predEq, tvar,
  type DbVar, type MRef, type Pred, type Row, type Scheme, type TVar, type Ty, type Var,
} from './tc-types.js';
import { dbgTy, linkTy, linkRow, constraintText, type LPred } from './unify.js';
import { tcFail, type Loc } from './tc-errors.js';
import { stronglyConnComp } from '../pact-ir/scc.js';
import { Infer, fqnKey, litType, renderFqn, type Ctx, type DefnType } from './infer.js';

type Gen = Map<TVar, DbVar>;

export class DefinitionChecker extends Infer {
  /** typechecked interfaces, by rendered name */
  readonly interfaces = new Set<string>();
  /** interface member signatures, by `iface.member` */
  readonly interfaceDefns = new Map<string, { ty: Ty; at: Loc }>();

  private ctx(file: string, env: Ty[] = []): Ctx { return { env, step: null, inDefpact: false, file }; }

  // ---------------------------------------------------------------------------- definitions

  def(module: ModuleName, hash: Uint8Array, d: Def, file: string): void {
    switch (d.d) {
      case 'defun': return this.defun(module, hash, d.defun, file);
      case 'defcap': return this.defcap(module, hash, d.defcap, file);
      case 'defpact': return this.defpact(module, hash, d.defpact, file);
      case 'defconst': return this.defconst(module, hash, d.defconst, file);
      case 'deftable': {
        const at = { file, span: d.deftable.info };
        const fields = new Map<string, Ty>();
        for (const [k, v] of d.deftable.schema.fields) fields.set(k, this.liftCoreType(at, v));
        this.setFree(module, d.deftable.name, hash, { k: 'scheme', scheme: { vars: [], preds: [], ty: { k: 'table', row: { k: 'rconc', fields } } } });
        return;
      }
      case 'defschema': {
        const at = { file, span: d.defschema.info };
        for (const v of d.defschema.fields.values()) this.liftCoreType(at, v);
        return;
      }
    }
  }

  private setFree(module: ModuleName, name: string, hash: Uint8Array, t: DefnType): void {
    this.free.set(fqnKey(module, name, hash), t);
  }

  private defun(module: ModuleName, hash: Uint8Array, d: Defun, file: string): void {
    const at = { file, span: d.info };
    this.slots = [];
    this.level++;
    const args = d.args.map(a => this.argType({ file, span: a.info }, a.type));
    const retAt = { file, span: d.spec.info };
    const ret = d.spec.type ? this.liftCoreType(retAt, d.spec.type) : tvar(this.freshRef('TYPE'));
    const fnTy = args.length === 0 ? { k: 'nullary', r: ret } as Ty : funs(args, ret);
    const body = d.term.t === 'lam' || d.term.t === 'nullary' ? d.term.body : d.term;
    const r = this.check({ ty: ret, at: retAt }, body, this.ctx(file, [...args].reverse()));
    this.unify(ret, retAt, r.ty, r.at);
    this.level--;
    const g = this.generalize(fnTy, r.preds, true, at);
    const left = this.reduce(at, g.deferred);
    if (left.length) tcFail({ e: 'constraints', preds: left.map(constraintText), at });
    this.finish(module, d.spec.name, hash, g, at);
  }

  private defcap(module: ModuleName, hash: Uint8Array, d: DefCap, file: string): void {
    const at = { file, span: d.info };
    this.slots = [];
    this.level++;
    const retAt = { file, span: d.spec.info };
    const ret = d.spec.type ? this.liftCoreType(retAt, d.spec.type) : tvar(this.freshRef('TYPE'));
    // a defcap's arguments are not part of its typed body (unlike a defun's lambda)
    const args = d.args.map(a => a.type ? this.liftCoreType({ file, span: a.info }, a.type) : tvar(this.freshRef('TYPE')));
    const r = this.infer(d.term, this.ctx(file, [...args].reverse()));
    this.unify(ret, retAt, r.ty, r.at);
    this.level--;
    const capTy = args.length === 0 ? { k: 'nullary', r: CAP } as Ty : funs(args, CAP);
    const g = this.generalize(capTy, r.preds, r.value, at);
    const left = this.reduce(at, g.deferred);
    if (left.length) tcFail({ e: 'constraints', preds: g.deferred.map(constraintText), at });
    this.finish(module, d.spec.name, hash, g, at);
  }

  private defpact(module: ModuleName, hash: Uint8Array, d: DefPact, file: string): void {
    const at = { file, span: d.info };
    const args = d.args.map(a => {
      const aAt = { file, span: a.info };
      return a.type ? this.liftCoreType(aAt, a.type) : tcFail({ e: 'needsAnnotation', arg: a.name, at: aAt });
    });
    const env = [...args].reverse();
    const steps = new Map<number, Ty>();
    d.steps.forEach((step, i) => {
      const ctx: Ctx = { env, step: i, inDefpact: true, file };
      this.slots = [];
      const first = this.yieldTy;
      const exec = this.infer(step.exec, ctx);
      let preds = exec.preds;
      if (step.s === 'rollback') {
        const current = this.yieldTy;
        this.yieldTy = first;
        const rb = this.infer(step.rollback, ctx);
        preds = [...preds, ...rb.preds];
        this.yieldTy = current;
      }
      const left = this.reduce(at, preds);
      const ty = this.noTypeVars(exec.at, exec.ty);
      if (left.length) tcFail({ e: 'constraints', preds: left.map(constraintText), at });
      this.checkSlots(new Map(), at);
      steps.set(i, funs(args, ty));
    });
    this.setFree(module, d.spec.name, hash, { k: 'steps', steps });
    this.yieldTy = null;
  }

  private defconst(module: ModuleName, hash: Uint8Array, d: DefConst, file: string): void {
    const at = { file, span: d.info };
    if (d.value.c !== 'evaled') tcFail({ e: 'defconstNotEvaluated', fqn: renderFqn(module, d.spec.name, hash), at });
    const vt = this.valueType(at, d.value.value);
    const declared = d.spec.type ? this.liftCoreType(at, d.spec.type) : null;
    if (declared) this.unify(vt, at, declared, at);
    const ty = this.noTypeVars(at, declared ?? vt);
    this.setFree(module, d.spec.name, hash, { k: 'scheme', scheme: { vars: [], preds: [], ty } });
  }

  /** Pact's `inferPactValue`. */
  private valueType(at: Loc, v: PactValue): Ty {
    switch (v.v) {
      case 'literal': return litType(v.lit);
      case 'guard': return GUARD;
      case 'object': return { k: 'object', row: { k: 'rconc', fields: new Map([...v.fields].map(([k, x]) => [k, this.valueType(at, x)])) } };
      case 'list': {
        const elem = tvar(this.freshRef('TYPE'));
        for (const x of v.items) this.unify(elem, at, this.valueType(at, x), at);
        return list(elem);
      }
      case 'modref': return { k: 'modref', ref: { k: 'mconc', mods: modSet(v.implemented) } };
      case 'capToken': return CAP;
      case 'table': {
        // a table value's type is its schema's row (fields lifted in the schema map's key order)
        const fields = new Map<string, Ty>();
        for (const k of [...v.schema.fields.keys()].sort(compareText)) fields.set(k, this.liftCoreType(at, v.schema.fields.get(k)!));
        return { k: 'table', row: { k: 'rconc', fields } };
      }
      case 'time': return TIME;
    }
  }

  // ------------------------------------------------------------------------------ interfaces

  inferInterface(iface: Interface, file: string): void {
    const mn = iface.name;
    const member = (n: string) => `${renderModuleName(mn)}.${n}`;
    for (const d of orderIfDefs(iface)) {
      switch (d.d) {
        case 'defun': case 'defpact': case 'defcap': {
          const at = { file, span: d.info };
          const need = (a: { name: string; type: Type | null; info: Info }): Ty =>
            a.type ? this.liftCoreType({ file, span: a.info }, a.type) : tcFail({ e: 'needsAnnotation', arg: a.name, at: { file, span: a.info } });
          const ret = need(d.spec);
          const args = d.args.map(need);
          if (d.d === 'defcap') {
            if (d.meta.c === 'managed' && d.meta.meta.m === 'managed') {
              const argTy = args[d.meta.meta.index];
              const expected = funs([argTy, argTy], argTy);
              const mgr = this.interfaceDefns.get(member(d.meta.meta.manager));
              if (mgr && dbgTy(mgr.ty) !== dbgTy(expected)) {
                tcFail({ e: 'managerFun', l: dbgTy(expected), li: at, r: dbgTy(mgr.ty), ri: mgr.at });
              }
            }
            this.interfaceDefns.set(member(d.spec.name), { ty: args.length === 0 ? { k: 'nullary', r: CAP } : funs(args, CAP), at });
          } else {
            this.interfaceDefns.set(member(d.spec.name), { ty: args.length === 0 ? { k: 'nullary', r: ret } : funs(args, ret), at });
          }
          break;
        }
        case 'defconst': this.defconst(mn, iface.hash, d.defconst, file); break;
        case 'defschema': {
          const at = { file, span: d.defschema.info };
          for (const v of d.defschema.fields.values()) this.liftCoreType(at, v);
          break;
        }
      }
    }
    this.interfaces.add(renderModuleName(mn));
  }

  // -------------------------------------------------------------------------- generalisation

  /** Pact's `generalizeWithTerm`: only syntactic values are generalised. */
  private generalize(ty: Ty, pp: LPred[], value: boolean, at: Loc): { scheme: Scheme; deferred: LPred[]; gen: Gen } {
    if (!value) return { scheme: { vars: [], preds: [], ty }, deferred: this.reduce(at, pp), gen: new Map() };
    const nubbed: LPred[] = [];
    for (const lp of pp) {
      const p = linkPredTypes(lp.p);
      if (!nubbed.some(q => predEq(q.p, p))) nubbed.push({ p, at: lp.at });
    }
    const reduced = this.reduce(at, nubbed);
    const ftvs: TVar[] = [];
    const genTy = (t: Ty): Ty => this.genOnType(linkTy(t), ftvs);
    const gty = genTy(ty);
    const deferred = reduced.filter(p => hasUnbound(p.p));
    const retained = reduced.filter(p => !hasUnbound(p.p));
    const before = ftvs.length;
    const preds = retained.map(lp => mapPredTypes(lp.p, genTy));
    if (ftvs.length !== before) {
      tcFail({ e: 'notSupported', what: 'a constraint on a type variable that is not in the type (Pact: invariant failure)', at });
    }
    if (ftvs.length === 0 && preds.length) {
      tcFail({ e: 'notSupported', what: 'retained constraints without generalised variables (Pact: invariant failure)', at });
    }
    const gen: Gen = new Map();
    ftvs.forEach((v, k) => {
      const s = v.state as { name: string };
      gen.set(v, { db: ftvs.length - 1 - k, name: s.name, kind: v.kind });
    });
    return { scheme: { vars: ftvs, preds, ty: gty }, deferred, gen };
  }

  private genOnType(t: Ty, ftvs: TVar[]): Ty {
    const mark = (v: Var) => {
      const tv = v as TVar;
      const s = tv.state;
      if (s.s === 'unbound' && s.level > this.level) {
        tv.state = { s: 'bound', name: s.name, u: s.u };
        if (!ftvs.includes(tv)) ftvs.push(tv);
      }
    };
    const go = (x: Ty): Ty => {
      switch (x.k) {
        case 'var': mark(x.v); return x;
        case 'object': case 'table':
          if (x.row.k === 'rvar') { mark(x.row.v); return x; }
          // in Map order: the order Pact meets (and binds) the variables
          return { k: x.k, row: { k: 'rconc', fields: new Map(fieldOrder(x.row.fields).map(k => [k, go((x.row as { fields: Map<string, Ty> }).fields.get(k)!)])) } };
        case 'fun': return { k: 'fun', a: go(x.a), r: go(x.r) };
        case 'nullary': return { k: 'nullary', r: go(x.r) };
        case 'list': return { k: 'list', e: go(x.e) };
        default: return x;
      }
    };
    return go(t);
  }

  /** Store the de Bruijn form of a definition's scheme, after Pact's check of its typed term. */
  private finish(module: ModuleName, name: string, hash: Uint8Array, g: { scheme: Scheme; gen: Gen }, at: Loc): void {
    const s = g.scheme;
    const ty = this.dbTy(s.ty, g.gen, at);
    const preds = s.preds.map(p => mapPredTypes(p, t => this.dbTy(t, g.gen, at), r => this.dbRow(r, g.gen, at, s.ty)));
    this.checkSlots(g.gen, at);
    this.setFree(module, name, hash, { k: 'scheme', scheme: { vars: s.vars.map(v => g.gen.get(v as TVar)!), preds, ty } });
  }

  /** Pact's `debruijnizeTermTypes`: every type in the typed term must be solved or generalised. */
  private checkSlots(gen: Gen, at: Loc): void {
    for (const slot of this.slots) {
      if (slot.app && slot.ty.k === 'var') {
        const v = slot.ty.v as TVar;
        if (gen.has(v)) continue;
        const s = v.state;
        if (s.s === 'unbound' || s.s === 'bound') tcFail({ e: 'unboundTypeVariable', name: s.name, ty: `'${s.name}`, at });
        if (s.s === 'linkTy') this.dbTy(s.ty, gen, at);
        else if (s.s === 'linkRow') this.dbRow(s.row, gen, at, { k: 'object', row: s.row });
        else if (s.s === 'linkRef') this.dbRef(s.ref, gen, at);
        continue;
      }
      this.dbTy(slot.ty, gen, at);
    }
    this.slots = [];
  }

  private dbTy(whole: Ty, gen: Gen, at: Loc): Ty {
    const go = (t: Ty): Ty => {
      switch (t.k) {
        case 'var': {
          const v = t.v as TVar;
          const d = gen.get(v);
          if (d) return tvar(d);
          const s = v.state;
          if (s.s === 'unbound' || s.s === 'bound') return tcFail({ e: 'unboundTypeVariable', name: s.name, ty: dbgTy(whole), at });
          if (s.s === 'linkTy') return go(s.ty);
          throw new Error('typecheck invariant: well-kindedness');
        }
        case 'fun': return { k: 'fun', a: go(t.a), r: go(t.r) };
        case 'nullary': return { k: 'nullary', r: go(t.r) };
        case 'list': return { k: 'list', e: go(t.e) };
        case 'object': case 'table': return { k: t.k, row: this.dbRow(t.row, gen, at, whole) };
        case 'modref': return { k: 'modref', ref: this.dbRef(t.ref, gen, at) };
        default: return t;
      }
    };
    return go(whole);
  }

  private dbRow(r: Row, gen: Gen, at: Loc, whole: Ty): Row {
    if (r.k === 'rconc') return { k: 'rconc', fields: new Map([...r.fields].map(([k, f]) => [k, this.dbTy(f, gen, at)])) };
    const v = r.v as TVar;
    const d = gen.get(v);
    if (d) return { k: 'rvar', v: d };
    const s = v.state;
    if (s.s === 'unbound' || s.s === 'bound') return tcFail({ e: 'unboundTypeVariable', name: s.name, ty: `'${s.name}`, at });
    if (s.s === 'linkRow') return this.dbRow(s.row, gen, at, whole);
    throw new Error('typecheck invariant: well-kindedness');
  }

  private dbRef(m: MRef, gen: Gen, at: Loc): MRef {
    if (m.k === 'mconc') return m;
    const v = m.v as TVar;
    const d = gen.get(v);
    if (d) return { k: 'mvar', v: d };
    const s = v.state;
    if (s.s === 'unbound' || s.s === 'bound') return tcFail({ e: 'unboundTypeVariable', name: s.name, ty: `'${s.name}`, at });
    if (s.s === 'linkRef') return this.dbRef(s.ref, gen, at);
    throw new Error('typecheck invariant: well-kindedness');
  }

  /** Pact's `ensureNoTyVars`: a type that must be fully known (defconsts, defpact steps). */
  noTypeVars(at: Loc, whole: Ty): Ty {
    const fail = (): never => tcFail({ e: 'disallowedGeneric', ty: dbgTy(whole), at });
    const go = (t: Ty): Ty => {
      switch (t.k) {
        case 'var': {
          const s = (t.v as TVar).state;
          if (s.s === 'linkTy') return go(s.ty);
          if (s.s === 'linkRow') return go({ k: 'object', row: s.row });
          return fail();
        }
        case 'fun': return { k: 'fun', a: go(t.a), r: go(t.r) };
        case 'nullary': return { k: 'nullary', r: go(t.r) };
        case 'list': return { k: 'list', e: go(t.e) };
        case 'object': case 'table': return { k: t.k, row: row(t.row) };
        case 'modref': {
          let m = t.ref;
          while (m.k === 'mvar') { const s = (m.v as TVar).state; if (s.s !== 'linkRef') return fail(); m = s.ref; }
          return { k: 'modref', ref: m };
        }
        default: return t;
      }
    };
    const row = (r: Row): Row => {
      const l = linkRow(r);
      if (l.k === 'rvar') return fail();
      return { k: 'rconc', fields: new Map([...l.fields].map(([k, f]) => [k, go(f)])) };
    };
    return go(whole);
  }
}

/** Types inside a predicate, mapped (row variables of row constraints are left alone). */
function mapPredTypes(p: Pred, f: (t: Ty) => Ty, rowVar: (r: Row) => Row = r => r): Pred {
  type Rose = Extract<Pred, { c: 'SubRow' }>['l'];
  const rose = (r: Rose): Rose => {
    if (r.k === 'cat') return { k: 'cat', l: rose(r.l), r: rose(r.r) };
    if (r.row.k === 'rvar') return { k: 'row', row: rowVar(r.row) };
    return { k: 'row', row: { k: 'rconc', fields: new Map([...r.row.fields].map(([k, t]) => [k, f(t)])) } };
  };
  if (p.c === 'SubRow' || p.c === 'RowEq') return { c: p.c, l: rose(p.l), r: rose(p.r) };
  return { c: p.c, t: f(p.t) };
}

/** nubPreds' `traverseTCType traverseTypeLinks`. */
function linkPredTypes(p: Pred): Pred { return mapPredTypes(p, linkTy); }

/** Pact's `split` test: does the constraint still mention an unsolved variable? */
function hasUnbound(p: Pred): boolean {
  const varUnbound = (v: Var): boolean => {
    const s = (v as TVar).state;
    if (!s) return false;
    switch (s.s) {
      case 'unbound': return true;
      case 'linkTy': return tyUnbound(s.ty);
      case 'linkRow': return rowUnbound(s.row);
      default: return false;
    }
  };
  const tyUnbound = (t: Ty): boolean => {
    switch (t.k) {
      case 'var': return varUnbound(t.v);
      case 'list': return tyUnbound(t.e);
      case 'fun': return tyUnbound(t.a) || tyUnbound(t.r);
      case 'nullary': return tyUnbound(t.r);
      case 'object': case 'table': return rowUnbound(t.row);
      default: return false;
    }
  };
  const rowUnbound = (r: Row): boolean => r.k === 'rvar' ? varUnbound(r.v) : [...r.fields.values()].some(tyUnbound);
  type Rose = Extract<Pred, { c: 'SubRow' }>['l'];
  const roseUnbound = (r: Rose): boolean => r.k === 'row' ? rowUnbound(r.row) : roseUnbound(r.l) && roseUnbound(r.r);
  if (p.c === 'SubRow' || p.c === 'RowEq') return roseUnbound(p.l) && roseUnbound(p.r);
  return tyUnbound(p.t);
}

/** Interface definitions with each managed defcap after its manager function. */
function orderIfDefs(iface: Interface): Interface['defs'] {
  // Pact's inferInterface: flattenSCCs over the declarations by name, a managed defcap naming its manager
  const deps = (d: Interface['defs'][number]) =>
    d.d === 'defcap' && d.meta.c === 'managed' && d.meta.meta.m === 'managed' ? [d.meta.meta.manager] : [];
  return stronglyConnComp(iface.defs.map(d => ({ node: d, key: ifDefName(d), deps: deps(d) })))
    .flatMap(c => (c.cyclic ? c.nodes : [c.node]));
}

