// The static typechecker's types (Pact's Typed.Type): types, rows, module references, type-class
// predicates and schemes, with inference variables that unification links in place.

import { compareModuleName, compareText, renderModuleName, type ModuleName } from '../pact-ir/terms.js';

export type Kind = 'TYPE' | 'ROW' | 'REFERENCE';
export type Prim = 'integer' | 'decimal' | 'bool' | 'string' | 'guard' | 'time' | 'unit';

/** An inference variable's state; unification overwrites it (Pact's STRef `Tv`). */
export type TvState =
  | { s: 'unbound'; name: string; u: number; level: number }
  | { s: 'bound'; name: string; u: number }
  | { s: 'linkTy'; ty: Ty }
  | { s: 'linkRow'; row: Row }
  | { s: 'linkRef'; ref: MRef };

/** An inference variable: compared by identity. */
export interface TVar { kind: Kind; state: TvState }
/** A variable of a finished type scheme, as a de Bruijn index into the scheme's binders. */
export interface DbVar { db: number; name: string; kind: Kind }
export type Var = TVar | DbVar;

export type Ty =
  | { k: 'prim'; p: Prim }
  | { k: 'var'; v: Var }
  | { k: 'fun'; a: Ty; r: Ty }
  | { k: 'nullary'; r: Ty }
  | { k: 'list'; e: Ty }
  | { k: 'object'; row: Row }
  | { k: 'table'; row: Row }
  | { k: 'modref'; ref: MRef }
  | { k: 'cap' };

export type Row = { k: 'rvar'; v: Var } | { k: 'rconc'; fields: Map<string, Ty> };
/** A module reference type: a variable, or the set of interfaces it implements (sorted, unique). */
export type MRef = { k: 'mvar'; v: Var } | { k: 'mconc'; mods: ModuleName[] };
/** A row expression in a row constraint: a row, or the concatenation of two (`⊙`). */
export type Rose = { k: 'row'; row: Row } | { k: 'cat'; l: Rose; r: Rose };

export type ClassName = 'Eq' | 'Ord' | 'Show' | 'Add' | 'Num' | 'ListLike' | 'Fractional' | 'EnforceRead' | 'IsValue';
export type Pred =
  | { c: ClassName; t: Ty }
  /** l ≼ r: every field of l is in r with the same type */
  | { c: 'SubRow'; l: Rose; r: Rose }
  /** l ~ r */
  | { c: 'RowEq'; l: Rose; r: Rose };

export interface Scheme { vars: Var[]; preds: Pred[]; ty: Ty }

export const isDb = (v: Var): v is DbVar => (v as DbVar).db !== undefined;

// ------------------------------------------------------------------------------ constructors

export const prim = (p: Prim): Ty => ({ k: 'prim', p });
export const INT = prim('integer'), BOOL = prim('bool'), STR = prim('string');
export const GUARD = prim('guard'), TIME = prim('time');
export const CAP: Ty = { k: 'cap' };
export const fun = (a: Ty, r: Ty): Ty => ({ k: 'fun', a, r });
/** a → b → … → r */
export const funs = (args: Ty[], r: Ty): Ty => args.reduceRight((acc, a) => fun(a, acc), r);
export const list = (e: Ty): Ty => ({ k: 'list', e });
export const tvar = (v: Var): Ty => ({ k: 'var', v });
export const object = (row: Row): Ty => ({ k: 'object', row });
export const table = (row: Row): Ty => ({ k: 'table', row });

export function modSet(mods: ModuleName[]): ModuleName[] {
  const out = [...mods].sort(compareModuleName);
  return out.filter((m, i) => i === 0 || compareModuleName(out[i - 1], m) !== 0);
}

/** Field names in Haskell `Map Field` order. */
export function fieldOrder(fields: Map<string, unknown>): string[] {
  return [...fields.keys()].sort(compareText);
}

// ---------------------------------------------------------------------------------- equality

/** Structural equality, inference variables by identity (the derived `Eq` Pact's unify uses). */
export function tyEq(a: Ty, b: Ty): boolean {
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 'prim': return a.p === (b as typeof a).p;
    case 'var': return varEq(a.v, (b as typeof a).v);
    case 'fun': return tyEq(a.a, (b as typeof a).a) && tyEq(a.r, (b as typeof a).r);
    case 'nullary': return tyEq(a.r, (b as typeof a).r);
    case 'list': return tyEq(a.e, (b as typeof a).e);
    case 'object': case 'table': return rowEq(a.row, (b as typeof a).row);
    case 'modref': return mrefEq(a.ref, (b as typeof a).ref);
    case 'cap': return true;
  }
}

export function varEq(a: Var, b: Var): boolean {
  if (isDb(a) || isDb(b)) return isDb(a) && isDb(b) && a.db === b.db && a.name === b.name && a.kind === b.kind;
  return a === b;
}

export function rowEq(a: Row, b: Row): boolean {
  if (a.k === 'rvar' || b.k === 'rvar') return a.k === 'rvar' && b.k === 'rvar' && varEq(a.v, b.v);
  const ka = fieldOrder(a.fields), kb = fieldOrder(b.fields);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && tyEq(a.fields.get(k)!, b.fields.get(k)!));
}

export function mrefEq(a: MRef, b: MRef): boolean {
  if (a.k === 'mvar' || b.k === 'mvar') return a.k === 'mvar' && b.k === 'mvar' && varEq(a.v, b.v);
  return a.mods.length === b.mods.length && a.mods.every((m, i) => compareModuleName(m, b.mods[i]) === 0);
}

export function roseEq(a: Rose, b: Rose): boolean {
  if (a.k === 'row' || b.k === 'row') return a.k === 'row' && b.k === 'row' && rowEq(a.row, b.row);
  return roseEq(a.l, b.l) && roseEq(a.r, b.r);
}

export function predEq(a: Pred, b: Pred): boolean {
  if (a.c !== b.c) return false;
  if (a.c === 'SubRow' || a.c === 'RowEq') {
    const o = b as typeof a;
    return roseEq(a.l, o.l) && roseEq(a.r, o.r);
  }
  return tyEq(a.t, (b as typeof a).t);
}

// ---------------------------------------------------------------------------------- printing

/** How a variable prints: its name (Pact prints `'name`). */
export type VarName = (v: Var) => string;

/** Pact's `Pretty (Type n)`. */
export function showTy(t: Ty, name: VarName): string {
  switch (t.k) {
    case 'prim': return t.p;
    case 'var': return `'${name(t.v)}`;
    case 'list': return `[${showTy(t.e, name)}]`;
    case 'fun': return `(-> ${showTy(t.a, name)} ${showTy(t.r, name)})`;
    case 'nullary': return `(=> ${showTy(t.r, name)})`;
    case 'object': return `object{${showRow(t.row, name)}}`;
    case 'table': return `table{${showRow(t.row, name)}}`;
    case 'modref': return `module{${showMRef(t.ref, name)}}`;
    case 'cap': return 'cap-token';
  }
}

export function showRow(r: Row, name: VarName): string {
  if (r.k === 'rvar') return `'${name(r.v)}`;
  return fieldOrder(r.fields).map(k => `${k}:${showTy(r.fields.get(k)!, name)}`).join(' ');
}

export function showMRef(m: MRef, name: VarName): string {
  return m.k === 'mvar' ? name(m.v) : m.mods.map(renderModuleName).join(', ');
}

export function showRose(r: Rose, name: VarName): string {
  return r.k === 'row' ? showRow(r.row, name) : `(${showRose(r.l, name)} ⊙ ${showRose(r.r, name)})`;
}

/** Pact's `Pretty (BuiltinTC n)`. */
export function showPred(p: Pred, name: VarName): string {
  if (p.c === 'SubRow') return `${showRose(p.l, name)} ≼ ${showRose(p.r, name)}`;
  if (p.c === 'RowEq') return `${showRose(p.l, name)} ~ ${showRose(p.r, name)}`;
  return `${p.c}{${showTy(p.t, name)}}`;
}

/** A scheme with its variables renamed by position (v0, v1, …): equal texts mean the schemes
 *  are alpha-equivalent as Pact's `typeSchemesAlphaEquivalent` decides it. */
export function canonicalScheme(s: Scheme): string {
  const pos = (v: Var) => {
    const i = s.vars.findIndex(x => varEq(x, v));
    return i < 0 ? `free:${isDb(v) ? v.name : '?'}` : `v${i}`;
  };
  const vars = s.vars.map((v, i) => `v${i}:${v.kind}`).join(' ');
  const preds = s.preds.map(p => showPred(p, pos)).join(', ');
  return `${vars ? `forall ${vars}. ` : ''}${preds ? `(${preds}) => ` : ''}${showTy(s.ty, pos)}`;
}
