// Unification with levels (okmij's generalisation), the occurs checks, and type-class
// resolution: instances, head normal forms and constraint reduction, as Pact's Typed/Infer.hs.

import {
  fieldOrder, isDb, mrefEq, showPred, showRow, showTy, tyEq,
  type Kind, type MRef, type Pred, type Rose, type Row, type TVar, type Ty, type Var,
} from './tc-types.js';
import { tcFail, type Loc } from './tc-errors.js';

/** A predicate and where it arose. */
export interface LPred { p: Pred; at: Loc }

function tv(v: Var): TVar {
  if (isDb(v)) throw new Error('typecheck invariant: scheme variable during inference');
  return v;
}

// ------------------------------------------------------------------------- rendering (_dbg)

/** Pact's `_dbg*`: a type as text, links followed, variables named by state. */
export function dbgTy(t: Ty): string {
  return showTy(resolveForDbg(t), dbgName);
}
export function dbgRow(r: Row): string {
  return showRow(resolveRowForDbg(r), dbgName);
}
export function dbgPred(p: Pred): Pred {
  const mapRose = (r: Rose): Rose => r.k === 'row' ? { k: 'row', row: resolveRowForDbg(r.row) } : { k: 'cat', l: mapRose(r.l), r: mapRose(r.r) };
  if (p.c === 'SubRow' || p.c === 'RowEq') return { c: p.c, l: mapRose(p.l), r: mapRose(p.r) };
  return { c: p.c, t: resolveForDbg(p.t) };
}

/** Names for the variables left after resolveForDbg, as Pact's Show of (name, number). */
const dbgNames = new WeakMap<object, string>();
function dbgName(v: Var): string {
  return isDb(v) ? v.name : dbgNames.get(v) ?? '?';
}
function named(v: TVar, text: string): TVar {
  const copy: TVar = { kind: v.kind, state: v.state };
  dbgNames.set(copy, text);
  return copy;
}

function resolveForDbg(t: Ty): Ty {
  switch (t.k) {
    case 'var': return resolveVarForDbg(t.v);
    case 'fun': return { k: 'fun', a: resolveForDbg(t.a), r: resolveForDbg(t.r) };
    case 'nullary': return { k: 'nullary', r: resolveForDbg(t.r) };
    case 'list': return { k: 'list', e: resolveForDbg(t.e) };
    case 'object': case 'table': return { k: t.k, row: resolveRowForDbg(t.row) };
    case 'modref': return { k: 'modref', ref: resolveRefForDbg(t.ref) };
    default: return t;
  }
}

function resolveVarForDbg(v: Var): Ty {
  if (isDb(v)) return { k: 'var', v };
  const s = v.state;
  switch (s.s) {
    case 'unbound': return { k: 'var', v: named(v, `unbound("${s.name}",${s.u})`) };
    case 'bound': return { k: 'var', v: named(v, `bound("${s.name}",${s.u})`) };
    case 'linkTy': return resolveForDbg(s.ty);
    case 'linkRow': return resolveForDbg({ k: 'object', row: s.row });
    case 'linkRef': throw new Error('typecheck invariant: a reference in a type variable');
  }
}

function resolveRowForDbg(r: Row): Row {
  if (r.k === 'rconc') return { k: 'rconc', fields: new Map([...r.fields].map(([k, v]) => [k, resolveForDbg(v)])) };
  if (isDb(r.v)) return r;
  const s = r.v.state;
  switch (s.s) {
    case 'unbound': return { k: 'rvar', v: named(r.v, `unbound("${s.name}",${s.level})`) };
    case 'bound': return { k: 'rvar', v: named(r.v, `bound("${s.name}",${s.u})`) };
    case 'linkRow': return resolveRowForDbg(s.row);
    default: throw new Error('typecheck invariant: well-kindedness');
  }
}

function resolveRefForDbg(m: MRef): MRef {
  if (m.k === 'mconc' || isDb(m.v)) return m;
  const s = m.v.state;
  switch (s.s) {
    case 'unbound': return { k: 'mvar', v: named(m.v, `unbound("${s.name}",${s.u})`) };
    case 'bound': return { k: 'mvar', v: named(m.v, `bound("${s.name}",${s.u})`) };
    case 'linkRef': return resolveRefForDbg(s.ref);
    default: throw new Error('typecheck invariant: well-kindedness');
  }
}

// ------------------------------------------------------------------------------ unification

/** The mutable part of inference: the unique supply and the generalisation level. */
export class Unifier {
  supply = 0;
  level = 1;

  newVar(kind: Kind): TVar {
    const u = this.supply++;
    return { kind, state: { s: 'unbound', name: `a_${u}`, u, level: this.level } };
  }

  unify(lt: Ty, li: Loc, rt: Ty, ri: Loc): void {
    if (tyEq(lt, rt)) return;
    if (lt.k === 'var') return this.unifyTyVar(tv(lt.v), li, rt, ri);
    if (rt.k === 'var') return this.unifyTyVar(tv(rt.v), ri, lt, li);
    if (lt.k === 'fun' && rt.k === 'fun') { this.unify(lt.a, li, rt.a, ri); this.unify(lt.r, li, rt.r, ri); return; }
    if (lt.k === 'list' && rt.k === 'list') return this.unify(lt.e, li, rt.e, ri);
    if (lt.k === 'prim' && rt.k === 'prim' && lt.p === rt.p) return;
    if (lt.k === 'cap' && rt.k === 'cap') return;
    // Pact passes the right-hand row at the left location here (and vice versa)
    if ((lt.k === 'object' && rt.k === 'object') || (lt.k === 'table' && rt.k === 'table')) {
      return this.unifyRow(rt.row, li, lt.row, ri);
    }
    if (lt.k === 'nullary' && rt.k === 'nullary') return this.unify(lt.r, li, rt.r, ri);
    if (lt.k === 'modref' && rt.k === 'modref') {
      if (mrefEq(lt.ref, rt.ref)) return;
      return this.unifyModRef(lt.ref, li, rt.ref, ri);
    }
    tcFail({ e: 'unification', l: dbgTy(lt), li, r: dbgTy(rt), ri });
  }

  private wellKinded(at: Loc, v: TVar, expected: Kind): void {
    if (v.kind !== expected) tcFail({ e: 'expectedKind', expected, actual: v.kind, at });
  }

  private unifyTyVar(v: TVar, li: Loc, t: Ty, ri: Loc): void {
    this.wellKinded(li, v, 'TYPE');
    const s = v.state;
    switch (s.s) {
      case 'unbound': this.occurs(v, li, t); v.state = { s: 'linkTy', ty: t }; return;
      case 'bound': tcFail({ e: 'unification', l: dbgTy({ k: 'var', v }), li, r: dbgTy(t), ri });
      // falls through (tcFail never returns)
      case 'linkTy': return this.unify(s.ty, li, t, ri);
      default: throw new Error('typecheck invariant: well-kindedness');
    }
  }

  unifyRowVar(v: TVar, li: Loc, row: Row, ri: Loc): void {
    this.wellKinded(li, v, 'ROW');
    const s = v.state;
    switch (s.s) {
      case 'unbound': this.occursRow(v, li, row); v.state = { s: 'linkRow', row }; return;
      case 'linkRow': return this.unifyRow(s.row, li, row, ri);
      case 'bound': tcFail({ e: 'boundVariable', name: s.name, at: li });
      // falls through (tcFail never returns)
      default: throw new Error('typecheck invariant: well-kindedness');
    }
  }

  unifyRow(l: Row, li: Loc, r: Row, ri: Loc): void {
    if (l.k === 'rvar') return this.unifyRowVar(tv(l.v), li, r, ri);
    if (r.k === 'rvar') return this.unifyRowVar(tv(r.v), ri, l, li);
    const lk = fieldOrder(l.fields), rk = fieldOrder(r.fields);
    if (lk.length !== rk.length || lk.some((k, i) => k !== rk[i])) {
      tcFail({ e: 'rowUnification', l: dbgRow(l), li, r: dbgRow(r), ri });
    }
    lk.forEach(k => this.unify(l.fields.get(k)!, li, r.fields.get(k)!, ri));
  }

  private unifyModRef(l: MRef, li: Loc, r: MRef, ri: Loc): void {
    if (l.k === 'mconc' && r.k === 'mconc') {
      if (mrefEq(l, r)) return;
      tcFail({ e: 'unification', l: dbgTy({ k: 'modref', ref: l }), li, r: dbgTy({ k: 'modref', ref: r }), ri });
    }
    if (l.k === 'mvar') return this.unifyMRefVar(tv(l.v), li, r, ri);
    return this.unifyMRefVar(tv((r as { v: Var }).v), ri, l, li);
  }

  private unifyMRefVar(v: TVar, li: Loc, ref: MRef, ri: Loc): void {
    this.wellKinded(li, v, 'REFERENCE');
    const s = v.state;
    switch (s.s) {
      case 'unbound':
        if (ref.k === 'mvar') this.lowerLevel(v, tv(ref.v));
        v.state = { s: 'linkRef', ref };
        return;
      case 'linkRef': return this.unifyModRef(s.ref, li, ref, ri);
      case 'bound': tcFail({ e: 'boundVariable', name: s.name, at: li });
      // falls through (tcFail never returns)
      default: throw new Error('typecheck invariant: well-kindedness');
    }
  }

  /** The occurs check's `bindRef`: a variable met inside the type takes the smaller level. */
  private lowerLevel(of: TVar, other: TVar): void {
    const s = other.state;
    if (s.s !== 'unbound') return;
    const mine = of.state;
    const level = mine.s === 'unbound' ? Math.min(mine.level, s.level) : s.level;
    other.state = { ...s, level };
  }

  private occurs(v: TVar, vi: Loc, whole: Ty): void {
    const infinite = () => tcFail({ e: 'infiniteType', l: dbgTy({ k: 'var', v }), li: vi, r: dbgTy(whole) });
    const bindRef = (o: TVar): void => {
      if (o.state.s === 'unbound') this.lowerLevel(v, o);
      else if (o.state.s === 'linkTy') go(o.state.ty);
    };
    const go = (t: Ty): void => {
      switch (t.k) {
        case 'var': { const o = tv(t.v); if (o === v) infinite(); bindRef(o); return; }
        case 'fun': go(t.a); go(t.r); return;
        case 'nullary': go(t.r); return;
        case 'list': go(t.e); return;
        case 'object': case 'table':
          if (t.row.k === 'rvar') { const o = tv(t.row.v); if (o === v) infinite(); bindRef(o); }
          else for (const f of t.row.fields.values()) go(f);
          return;
        default: return;
      }
    };
    go(whole);
  }

  private occursRow(v: TVar, vi: Loc, whole: Row): void {
    const go = (r: Row): void => {
      if (r.k === 'rconc') { for (const f of r.fields.values()) this.occurs(v, vi, f); return; }
      const o = tv(r.v);
      if (o === v) tcFail({ e: 'infiniteType', l: dbgRow({ k: 'rvar', v }), li: vi, r: dbgRow(whole) });
      if (o.state.s === 'unbound') this.lowerLevel(v, o);
      else if (o.state.s === 'linkRow') go(o.state.row);
    };
    go(whole);
  }

  // ---------------------------------------------------------------------------- instances

  /** Pact's `byInst`: the constraints an instance needs, or null when there is none (yet). */
  byInst(lp: LPred): LPred[] | null {
    const { p, at } = lp;
    const sub = (c: Pred['c'], t: Ty): LPred => ({ p: { c, t } as Pred, at });
    if (p.c === 'SubRow') return this.roseSubRow(at, p.l, p.r);
    if (p.c === 'RowEq') return this.roseRowEq(at, p.l, p.r);
    const t = linkedTop(p.t);
    if (t.k === 'var') return null;
    switch (p.c) {
      case 'Eq':
        if (t.k === 'prim' || t.k === 'modref' || t.k === 'cap' || t.k === 'object') return [];
        return t.k === 'list' ? [sub('Eq', t.e)] : null;
      case 'Ord':
        if (t.k === 'prim') return t.p === 'guard' ? null : [];
        return t.k === 'list' ? [sub('Ord', t.e)] : null;
      case 'Add':
        if (t.k === 'prim') return t.p === 'string' || t.p === 'integer' || t.p === 'decimal' ? [] : null;
        return t.k === 'list' ? [] : null;
      case 'IsValue':
        if (t.k === 'list') return this.byInst({ p: { c: 'IsValue', t: t.e }, at });
        return t.k === 'fun' || t.k === 'nullary' ? null : [];
      case 'Num': case 'Fractional':
        return t.k === 'prim' && (t.p === 'integer' || t.p === 'decimal') ? [] : null;
      case 'ListLike':
        return (t.k === 'prim' && t.p === 'string') || t.k === 'list' ? [] : null;
      case 'EnforceRead':
        return t.k === 'prim' && (t.p === 'string' || t.p === 'guard') ? [] : null;
      case 'Show':
        if (t.k === 'prim' || t.k === 'cap' || t.k === 'object' || t.k === 'table' || t.k === 'modref') return [];
        return t.k === 'list' ? [sub('Show', t.e)] : null;
    }
  }

  private roseSubRow(at: Loc, l: Rose, r: Rose): LPred[] | null {
    const l2 = normalizeRose(l), r2 = normalizeRose(r);
    if (l2.k === 'row' && l2.row.k === 'rconc' && r2.k === 'row' && r2.row.k === 'rconc') {
      const lrow = l2.row.fields, rrow = r2.row.fields;
      if (![...lrow.keys()].every(k => rrow.has(k))) return null;
      for (const k of fieldOrder(lrow)) this.unify(lrow.get(k)!, at, rrow.get(k)!, at);
      return [];
    }
    return null;
  }

  private roseRowEq(at: Loc, l: Rose, r: Rose): LPred[] | null {
    const l2 = normalizeRose(l), r2 = normalizeRose(r);
    const conc = (x: Rose) => x.k === 'row' && x.row.k === 'rconc' ? x.row.fields : null;
    const rvar = (x: Rose) => x.k === 'row' && x.row.k === 'rvar' ? tv(x.row.v) : null;
    const lc = conc(l2), rc = conc(r2), lv = rvar(l2), rv = rvar(r2);
    if (lc && rv) { this.unifyRowVar(rv, at, { k: 'rconc', fields: lc }, at); return []; }
    if (lv && rc) { this.unifyRowVar(lv, at, { k: 'rconc', fields: rc }, at); return []; }
    if (l2.k === 'cat' && rc) {
      const [a, b] = [l2.l, l2.r];
      const av = rvar(a), bc = conc(b), ac = conc(a), bv = rvar(b);
      if (av && bc) return this.missing(at, av, bc, rc);
      if (ac && bv) return this.missing(at, bv, ac, rc);
      return null;
    }
    if (lc && rc) {
      const lk = fieldOrder(lc), rk = fieldOrder(rc);
      if (lk.length !== rk.length || lk.some((k, i) => k !== rk[i])) {
        tcFail({ e: 'rowUnification', l: dbgRow({ k: 'rconc', fields: lc }), li: at, r: dbgRow({ k: 'rconc', fields: rc }), ri: at });
      }
      lk.forEach((k, i) => this.unify(lc.get(k)!, at, rc.get(rk[i])!, at));
      return [];
    }
    return null;
  }

  /** `n ⊙ lrow ~ rrow` with lrow's labels a proper subset of rrow's: n is the rest of rrow. */
  private missing(at: Loc, n: TVar, lrow: Map<string, Ty>, rrow: Map<string, Ty>): LPred[] | null {
    const proper = [...lrow.keys()].every(k => rrow.has(k)) && lrow.size < rrow.size;
    if (!proper) return null;
    const lk = fieldOrder(lrow);
    lk.forEach(k => this.unify(lrow.get(k)!, at, rrow.get(k)!, at));
    const rest = new Map([...rrow].filter(([k]) => !lrow.has(k)));
    this.unifyRowVar(n, at, { k: 'rconc', fields: rest }, at);
    return [];
  }

  // ------------------------------------------------------------------------------ reduction

  private isHnf(p: Pred): boolean {
    if (p.c === 'SubRow') return isRoseVar(p.l) || isRoseVar(p.r);
    if (p.c === 'RowEq') {
      if (!isRoseVar(p.r)) return false;
      return isRoseVar(p.l) || (p.l.k === 'cat' && (isRoseVar(p.l.l) || isRoseVar(p.l.r)));
    }
    return tyHnf(p.t);
  }

  private toHnfs(at: Loc, ps: LPred[]): LPred[] {
    return ps.flatMap(p => {
      if (this.isHnf(p.p)) return [p];
      const qs = this.byInst(p);
      if (qs === null) tcFail({ e: 'constraints', preds: [constraintText(p)], at });
      return this.toHnfs(at, qs);
    });
  }

  private entail(p: LPred): boolean {
    const qs = this.byInst(p);
    return qs !== null && qs.every(q => this.entail(q));
  }

  /** Pact's `simplify`: drop the constraints instances settle (the kept ones end up reversed). */
  private simplify(ps: LPred[]): LPred[] {
    const kept: LPred[] = [];
    for (const p of ps) if (!this.entail(p)) kept.unshift(p);
    return kept;
  }

  /** Pact's `reduce`: to head normal form and simplified, again while unification helps. */
  reduce(at: Loc, ps: LPred[]): LPred[] {
    for (;;) {
      const out = this.simplify(this.toHnfs(at, ps.map(p => ({ p: linkPred(p.p), at: p.at }))));
      if (out.every(p => this.isHnf(p.p))) return out;
      ps = out;
    }
  }
}

/** Pact's error text for a constraint that cannot hold. */
export function constraintText(lp: LPred): { text: string; at: Loc } {
  const p = dbgPred(lp.p);
  const ty = (t: Ty) => showTy(t, dbgName);
  let text: string;
  switch (p.c) {
    case 'IsValue': text = `Type ${ty(p.t)} is a partially applied function or lambda closure, but expected a value. Maybe a function application is missing arguments?`; break;
    case 'Add': text = `Cannot resolve operator + for type ${ty(p.t)}`; break;
    case 'Ord': text = `Type ${ty(p.t)} has no canonical ordering`; break;
    case 'Eq': text = `Type ${ty(p.t)} cannot be compared for equality`; break;
    case 'Show': text = `Type ${ty(p.t)} can't be converted to a string`; break;
    case 'ListLike': text = `Expected type string or ['a], got ${ty(p.t)}`; break;
    case 'Num': case 'Fractional': text = `Expected numeric type integer or decimal, got ${ty(p.t)}`; break;
    case 'EnforceRead': text = `Expected type guard or string, got ${ty(p.t)}`; break;
    default: text = `Cannot resolve ${showPred(p, dbgName)}`;
  }
  return { text, at: lp.at };
}

const isRoseVar = (r: Rose): boolean => r.k === 'row' && r.row.k === 'rvar';

/** Follow a variable's type links at the top. */
export function linkedTop(t: Ty): Ty {
  while (t.k === 'var' && !isDb(t.v) && t.v.state.s === 'linkTy') t = t.v.state.ty;
  return t;
}

function tyHnf(t: Ty): boolean {
  t = linkedTop(t);
  if (t.k === 'var') return true;
  if (t.k === 'object' || t.k === 'table') return rowHnf(t.row);
  return false;
}

function rowHnf(r: Row): boolean {
  if (r.k === 'rvar') {
    const v = r.v;
    if (!isDb(v) && v.state.s === 'linkRow') return rowHnf(v.state.row);
    return false;
  }
  return [...r.fields.values()].every(tyHnf);
}

/** Pact's `traverseTypeLinks`: every type link followed (row links only at the top of a row). */
export function linkTy(t: Ty): Ty {
  switch (t.k) {
    case 'var': return !isDb(t.v) && t.v.state.s === 'linkTy' ? linkTy(t.v.state.ty) : t;
    case 'fun': return { k: 'fun', a: linkTy(t.a), r: linkTy(t.r) };
    case 'nullary': return { k: 'nullary', r: linkTy(t.r) };
    case 'list': return { k: 'list', e: linkTy(t.e) };
    case 'object': case 'table': return { k: t.k, row: linkRow(t.row) };
    case 'modref': return { k: 'modref', ref: linkRef(t.ref) };
    default: return t;
  }
}

export function linkRow(r: Row): Row {
  while (r.k === 'rvar' && !isDb(r.v) && r.v.state.s === 'linkRow') r = r.v.state.row;
  return r;
}

function linkRef(m: MRef): MRef {
  while (m.k === 'mvar' && !isDb(m.v) && m.v.state.s === 'linkRef') m = m.v.state.ref;
  return m;
}

function linkRose(r: Rose): Rose {
  return r.k === 'row' ? { k: 'row', row: linkRow(r.row) } : { k: 'cat', l: linkRose(r.l), r: linkRose(r.r) };
}

/** Pact's `traverseTCLinks`. */
export function linkPred(p: Pred): Pred {
  if (p.c === 'SubRow' || p.c === 'RowEq') return { c: p.c, l: linkRose(p.l), r: linkRose(p.r) };
  return { c: p.c, t: linkTy(p.t) };
}

/** Pact's `normalizeRoseSubrow`: concatenations of concrete rows merged (left-biased). */
function normalizeRose(r: Rose): Rose {
  if (r.k === 'cat') {
    const l = normalizeRose(r.l), rr = normalizeRose(r.r);
    if (l.k === 'row' && l.row.k === 'rconc' && rr.k === 'row' && rr.row.k === 'rconc') {
      const merged = new Map(rr.row.fields);
      for (const [k, v] of l.row.fields) merged.set(k, v);
      return { k: 'row', row: { k: 'rconc', fields: merged } };
    }
    return { k: 'cat', l, r: rr };
  }
  if (r.row.k === 'rvar' && !isDb(r.row.v) && r.row.v.state.s === 'linkRow') {
    const row = r.row.v.state.row;
    return row.k === 'rvar' ? normalizeRose({ k: 'row', row }) : { k: 'row', row };
  }
  return r;
}
