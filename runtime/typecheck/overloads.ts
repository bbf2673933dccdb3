// Natives whose static type depends on the shape of their arguments (Pact's `SpecialOverload`):
// `(at "f" o)`, `(remove "f" o)`, `(where "f" p o)`, `(sort ["a" "b"] xs)`, `(select t ["a"] p)`,
// `(read t k ["a"])`, `(format s [..])`, `+` on objects, `contains` on strings, yield/resume in
// defpacts, and the zk curve operations on a literal group.

import type { Term } from '../pact-ir/terms.js';
import { core } from '../pact-ir/builtins.js';
import {
  BOOL, STR, fun, funs, list, tvar,
  type DbVar, type Kind, type Pred, type Scheme, type Ty,
} from './tc-types.js';
import { parseScheme } from './scheme-syntax.js';
import { ZK_POINT } from './native-schemes.js';
import { linkTy, type LPred } from './unify.js';
import { tcFail, type Loc } from './tc-errors.js';
import type { Ctx, Infer, Inferred } from './infer.js';

const OVERLOADED = new Set([
  '+', 'at', 'format', 'yield', 'yield-to-chain', 'remove', 'resume', 'contains', 'sort-object', 'where',
  'select-with-fields', 'scalar-mult', 'point-add', 'read-with-fields',
]);

/** The overload kind of a native (its internal name), if its typing depends on its arguments. */
export function overloadOf(name: string): string | undefined {
  return OVERLOADED.has(name) ? name : undefined;
}

const stringLit = (t: Term): string | undefined => t.t === 'const' && t.lit.l === 'string' ? t.lit.value : undefined;
const stringLits = (ts: Term[]): string[] | undefined => {
  const out = ts.map(stringLit);
  return out.every(x => x !== undefined) ? out as string[] : undefined;
};

function dbv(db: number, name: string, kind: Kind): DbVar { return { db, name, kind }; }

/** `forall z:ROW t. ({f:t} ≼ z) => object{z} -> t` */
function accessType(field: string): Scheme {
  const z = dbv(1, 'z', 'ROW'), t = dbv(0, 't', 'TYPE');
  const pred: Pred = { c: 'SubRow', l: { k: 'row', row: { k: 'rconc', fields: new Map([[field, tvar(t)]]) } }, r: { k: 'row', row: { k: 'rvar', v: z } } };
  return { vars: [z, t], preds: [pred], ty: fun({ k: 'object', row: { k: 'rvar', v: z } }, tvar(t)) };
}

/** `forall z1:ROW z2:ROW t. ((z2 ⊙ {f:t}) ~ z1) => object{z1} -> object{z2}` */
function removeType(field: string): Scheme {
  const z1 = dbv(2, 'z1', 'ROW'), z2 = dbv(1, 'z2', 'ROW'), t = dbv(0, 't', 'TYPE');
  const pred: Pred = {
    c: 'RowEq',
    l: { k: 'cat', l: { k: 'row', row: { k: 'rvar', v: z2 } }, r: { k: 'row', row: { k: 'rconc', fields: new Map([[field, tvar(t)]]) } } },
    r: { k: 'row', row: { k: 'rvar', v: z1 } },
  };
  return { vars: [z1, z2, t], preds: [pred], ty: fun({ k: 'object', row: { k: 'rvar', v: z1 } }, { k: 'object', row: { k: 'rvar', v: z2 } }) };
}

/** `forall z:ROW t. ({f:t} ≼ z) => (t -> bool) -> object{z} -> bool` */
function whereType(field: string): Scheme {
  const s = accessType(field);
  const [z, t] = s.vars;
  return { ...s, ty: funs([fun(tvar(t), BOOL), { k: 'object', row: { k: 'rvar', v: z } }], BOOL) };
}

/** Row `r` (bound first) and one type variable per field: `{f_i: a_i} ≼ r`. */
function fieldsScheme(fields: string[], ty: (r: DbVar, row: Map<string, Ty>) => Ty): Scheme {
  const n = fields.length;
  const vars = fields.map((_, k) => dbv(k, `a_${k}`, 'TYPE'));
  const r = dbv(n, 'r', 'ROW');
  const row = new Map(fields.map((f, k) => [f, tvar(vars[k])]));
  const pred: Pred = { c: 'SubRow', l: { k: 'row', row: { k: 'rconc', fields: row } }, r: { k: 'row', row: { k: 'rvar', v: r } } };
  return { vars: [r, ...[...vars].reverse()], preds: [pred], ty: ty(r, row) };
}

// parsed on first use, as the natives' schemes are: most runs never typecheck
let addObjects: Scheme | undefined, stringContains: Scheme | undefined;
const addObjectsScheme = (): Scheme => addObjects ??= parseScheme('forall z1:ROW z2:ROW z3:ROW. ((z1 + z2) ~ z3) => object{z1} -> object{z2} -> object{z3}');
const stringContainsScheme = (): Scheme => stringContains ??= parseScheme('string -> string -> bool');
const zkScheme = (group: 'g1' | 'g2', op: 'point-add' | 'scalar-mult'): Scheme =>
  parseScheme(op === 'point-add' ? `${ZK_POINT[group]} -> ${ZK_POINT[group]} -> ${ZK_POINT[group]}` : `${ZK_POINT[group]} -> integer -> ${ZK_POINT[group]}`);

/** Pact's `inferCoreBuiltinOverload`. `bAt` is the native's location, `at` the application's. */
export function inferOverload(inf: Infer, name: string, bAt: Loc, args: Term[], at: Loc, ctx: Ctx): Inferred {
  const applyScheme = (s: Scheme, xs: Term[]): Inferred => {
    const inst = inf.instantiate(bAt, s);
    const r = inf.applyArgs(at, { ty: inst.ty, at: bAt }, xs, ctx);
    return { ty: r.ty, at: r.at, preds: [...inst.preds, ...r.preds], value: false };
  };
  const fallback = (): Inferred => applyScheme(inf.builtinScheme(bAt, { t: 'builtin', builtin: builtinOf(name), info: bAt.span }), args);
  const field = args.length > 0 ? stringLit(args[0]) : undefined;

  switch (name) {
    case 'format':
      if (args.length === 2 && args[1].t === 'list') {
        const x = inf.infer(args[0], ctx);
        inf.unify(x.ty, x.at, STR, at);
        const items = args[1].items.map(i => inf.infer(i, ctx));
        const constrs = items.flatMap(r => [{ p: { c: 'Show', t: r.ty } as Pred, at: r.at }, ...r.preds]);
        return { ty: STR, at, preds: [...x.preds, ...constrs], value: false };
      }
      break;
    case 'at': if (field !== undefined) return applyScheme(accessType(field), args.slice(1)); break;
    case 'remove': if (field !== undefined) return applyScheme(removeType(field), args.slice(1)); break;
    case 'where': if (field !== undefined) return applyScheme(whereType(field), args.slice(1)); break;
    case 'yield': case 'yield-to-chain': {
      if (name === 'yield' && args.length !== 1) break;
      const r = fallback();
      const ty = linkTy(r.ty);
      if (ctx.inDefpact && ty.k === 'object') inf.yieldTy = { ty, at };
      return { ...r, ty };
    }
    case 'resume':
      if (args.length === 1) {
        const y = inf.yieldTy;
        if (!y) return tcFail({ e: 'rowOp', op: 'resume', at });
        const ret = tvar(inf.freshRef('TYPE'));
        const r = inf.applyArgs(at, { ty: fun(fun(y.ty, ret), ret), at: y.at }, args, ctx);
        return { ty: r.ty, at: r.at, preds: r.preds, value: false };
      }
      break;
    case 'contains':
      if (args.length === 2) {
        const x = inf.infer(args[0], ctx), y = inf.infer(args[1], ctx);
        const strings = x.ty.k === 'prim' && x.ty.p === 'string' && y.ty.k === 'prim' && y.ty.p === 'string';
        const inst = inf.instantiate(bAt, strings ? stringContainsScheme() : inf.builtinScheme(bAt, { t: 'builtin', builtin: builtinOf(name), info: bAt.span }));
        const ret = tvar(inf.freshRef('TYPE'));
        inf.unify(inst.ty, bAt, funs([x.ty, y.ty], ret), at);
        return { ty: ret, at, preds: [...x.preds, ...y.preds, ...inst.preds], value: false };
      }
      break;
    case 'sort-object':
      if (args.length >= 1 && args[0].t === 'list') {
        const fields = stringLits(args[0].items);
        if (fields) return applyScheme(fieldsScheme(fields, r => fun(list({ k: 'object', row: { k: 'rvar', v: r } }), list({ k: 'object', row: { k: 'rvar', v: r } }))), args.slice(1));
      }
      break;
    case 'select-with-fields':
      if (args.length >= 2 && args[1].t === 'list') {
        const fields = stringLits(args[1].items);
        if (fields) {
          const s = fieldsScheme(fields, (r, row) => funs([
            { k: 'table', row: { k: 'rvar', v: r } }, fun({ k: 'object', row: { k: 'rvar', v: r } }, BOOL),
          ], list({ k: 'object', row: { k: 'rconc', fields: row } })));
          return applyScheme(s, [args[0], ...args.slice(2)]);
        }
      }
      break;
    case 'read-with-fields':
      if (args.length === 3 && args[2].t === 'list') {
        const fields = stringLits(args[2].items);
        if (fields && fields.length > 0) {
          const rowVar = inf.freshRef('ROW');
          const tbl = inf.check({ ty: { k: 'table', row: { k: 'rvar', v: rowVar } }, at: bAt }, args[0], ctx);
          const key = inf.check({ ty: STR, at: bAt }, args[1], ctx);
          const vars = fields.map(() => inf.freshRef('TYPE'));
          for (const v of vars) inf.slots.push({ ty: tvar(v), at: bAt, app: true });
          const out = new Map(fields.map((f, k) => [f, tvar(vars[k])]));
          const constr: LPred = { p: { c: 'SubRow', l: { k: 'row', row: { k: 'rconc', fields: out } }, r: { k: 'row', row: { k: 'rvar', v: rowVar } } }, at: bAt };
          return { ty: { k: 'object', row: { k: 'rconc', fields: out } }, at, preds: [...tbl.preds, ...key.preds, constr], value: false };
        }
      }
      break;
    case 'point-add': case 'scalar-mult':
      if (field === 'g1' || field === 'g2') return applyScheme(zkScheme(field, name), args.slice(1));
      break;
    case '+':
      if (args.length === 2) {
        const x = inf.infer(args[0], ctx), y = inf.infer(args[1], ctx);
        const objects = x.ty.k === 'object' || y.ty.k === 'object';
        const inst = inf.instantiate(bAt, objects ? addObjectsScheme() : inf.builtinScheme(bAt, { t: 'builtin', builtin: builtinOf(name), info: bAt.span }));
        const ret = tvar(inf.freshRef('TYPE'));
        inf.unify(inst.ty, bAt, funs([x.ty, y.ty], ret), at);
        return { ty: ret, at, preds: [...x.preds, ...y.preds, ...inst.preds], value: false };
      }
      break;
  }
  return fallback();
}

/** The builtin a native's internal name denotes (for its fallback scheme). */
function builtinOf(name: string) { return core(name); }
