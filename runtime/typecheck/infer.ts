// Bidirectional Hindley–Milner inference over Pact's module IR (pact-ir/terms.ts), as Pact 5's
// Typed/Infer.hs does it: `infer` synthesises a type, `check` pushes an expected one inward.

import { builtinName } from '../pact-ir/builtins.js';
import { base64UrlEncode } from '../values/base64url.js';
import { renderModuleName, type Info, type Literal, type ModuleName, type Term, type Type } from '../pact-ir/terms.js';
import {
  BOOL, CAP, GUARD, INT, STR, fun, funs, isDb, list, modSet, prim, tvar,
  type Kind, type Pred, type Row, type Scheme, type TVar, type Ty, type Var,
} from './tc-types.js';
import { Unifier, dbgTy, linkTy, type LPred } from './unify.js';
import { tcFail, type Loc } from './tc-errors.js';
import { nativeType } from './native-schemes.js';
import { inferOverload, overloadOf } from './overloads.js';

/** A definition's type: a scheme, or one function type per defpact step. */
export type DefnType = { k: 'scheme'; scheme: Scheme } | { k: 'steps'; steps: Map<number, Ty> };

/** What inference of a term yields: its type and where, the constraints it raised, and
 *  whether its typed term is a syntactic value (variable, constant, lambda, builtin). */
export interface Inferred { ty: Ty; at: Loc; preds: LPred[]; value: boolean }

/** Lexical context: local variable types (index 0 innermost), defpact step, file of the def. */
export interface Ctx { env: Ty[]; step: number | null; inDefpact: boolean; file: string }

/** What inference needs from outside: interface lookups (for `m::f`). */
export interface InferWorld {
  /** typecheck an interface the first time a dynamic call needs it */
  ensureInterface(iface: ModuleName, at: Loc): void;
  /** the signature of interface member `fn` of a typechecked interface `iface` */
  interfaceMember(iface: ModuleName, fn: string): { ty: Ty; at: Loc } | undefined;
}

export const fqnKey = (module: ModuleName, name: string, hash: Uint8Array): string =>
  `${renderModuleName(module)}.${name}.${Buffer.from(hash).toString('hex')}`;

/** Pact's `Pretty FullyQualifiedName`: `m.name.{hash}`. */
export const renderFqn = (module: ModuleName, name: string, hash: Uint8Array): string =>
  `${renderModuleName(module)}.${name}.{${base64UrlEncode(hash)}}`;

export class Infer extends Unifier {
  /** types of definitions inferred so far, by fqnKey */
  readonly free = new Map<string, DefnType>();
  /** the type of the last `yield` in the defpact step being checked */
  yieldTy: { ty: Ty; at: Loc } | null = null;
  /** the types recorded in the typed term of the definition being checked (instantiations,
   *  argument and let annotations, list element types): Pact rejects any left unsolved */
  slots: { ty: Ty; at: Loc; app: boolean }[] = [];

  constructor(readonly world: InferWorld) { super(); }

  loc(ctx: Ctx, info: Info): Loc { return { file: ctx.file, span: info }; }

  // ------------------------------------------------------------------------------ schemes

  /** Pact's `instantiateImported`: fresh variables for a scheme's binders. */
  instantiate(at: Loc, s: Scheme): { ty: Ty; vars: TVar[]; preds: LPred[] } {
    if (s.vars.length === 0) return { ty: s.ty, vars: [], preds: s.preds.map(p => ({ p, at })) };
    const fresh = s.vars.map(v => this.freshRef(v.kind));
    const n = fresh.length;
    const sub = (v: Var): TVar => isDb(v) ? fresh[n - 1 - v.db] : v;
    const ty = substTy(s.ty, sub);
    const preds = s.preds.map(p => ({ p: substPred(p, sub), at }));
    for (const v of fresh) this.slots.push({ ty: tvar(v), at, app: true });
    return { ty, vars: fresh, preds };
  }

  /** `newTvRef`: a fresh unbound variable at the current level. */
  freshRef(kind: Kind): TVar { return this.newVar(kind); }

  /** Pact's `liftCoreType`: an annotation as a type; untyped lists/objects are unsupported. */
  liftCoreType(at: Loc, t: Type): Ty {
    switch (t.t) {
      case 'prim': return prim(t.prim);
      case 'list': return list(this.liftCoreType(at, t.elem));
      case 'modref': return { k: 'modref', ref: { k: 'mconc', mods: modSet(t.interfaces) } };
      case 'object': case 'table': {
        const fields = new Map<string, Ty>();
        for (const [k, v] of t.schema.fields) fields.set(k, this.liftCoreType(at, v));
        return { k: t.t, row: { k: 'rconc', fields } };
      }
      case 'capToken': return CAP;
      case 'anyList': return tcFail({ e: 'unsupportedType', ty: 'list', at });
      case 'anyObject': return tcFail({ e: 'unsupportedType', ty: 'object', at });
      case 'any': return tcFail({ e: 'unsupportedType', ty: '*', at });
    }
  }

  /** A lambda/defun argument: its annotation, or a fresh type variable. */
  argType(at: Loc, t: Type | null): Ty {
    const ty = t ? this.liftCoreType(at, t) : tvar(this.freshRef('TYPE'));
    this.slots.push({ ty, at, app: false });
    return ty;
  }

  /** The scheme of a native used in a way no overload covers. */
  builtinScheme(at: Loc, term: Term & { t: 'builtin' }): Scheme {
    if (term.builtin.k === 'repl') {
      return tcFail({ e: 'notSupported', what: `REPL-only native ${builtinName(term.builtin)}`, at });
    }
    const name = builtinName(term.builtin);
    const t = nativeType(name);
    if (!t) return tcFail({ e: 'notSupported', what: `native ${name}`, at });
    if ('rowOp' in t) return tcFail({ e: 'rowOp', op: t.rowOp, at });
    return t;
  }

  lookupDefn(at: Loc, ctx: Ctx, module: ModuleName, name: string, hash: Uint8Array): Scheme {
    const d = this.free.get(fqnKey(module, name, hash));
    if (!d) return tcFail({ e: 'unboundFreeVariable', fqn: renderFqn(module, name, hash), at });
    if (d.k === 'scheme') return d.scheme;
    const step = ctx.step ?? 0;
    const ty = d.steps.get(step);
    if (!ty) return tcFail({ e: 'stepOutOfBounds', fqn: renderFqn(module, name, hash), step, at });
    return { vars: [], preds: [], ty };
  }

  // -------------------------------------------------------------------------------- infer

  infer(t: Term, ctx: Ctx): Inferred {
    const at = this.loc(ctx, t.info);
    switch (t.t) {
      case 'var': return this.inferVar(t, ctx, at, null);
      case 'lam': {
        const tys = t.args.map(a => this.argType(this.loc(ctx, a.info), a.type));
        const body = this.infer(t.body, { ...ctx, env: [...[...tys].reverse(), ...ctx.env] });
        return { ty: funs(tys, body.ty), at, preds: body.preds, value: true };
      }
      case 'app': return this.inferApply(t.fn, t.args, at, ctx);
      case 'let': {
        const argAt = this.loc(ctx, t.arg.info);
        this.level++;
        const v = t.arg.type ? this.check({ ty: this.liftCoreType(argAt, t.arg.type), at: argAt }, t.value, ctx) : this.infer(t.value, ctx);
        this.level--;
        this.slots.push({ ty: v.ty, at: argAt, app: false });
        const body = this.infer(t.body, { ...ctx, env: [v.ty, ...ctx.env] });
        return { ty: body.ty, at: body.at, preds: [...v.preds, ...body.preds], value: false };
      }
      case 'seq': {
        const a = this.infer(t.first, ctx);
        const b = this.infer(t.then, ctx);
        return { ty: b.ty, at: b.at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'nullary': {
        const b = this.infer(t.body, ctx);
        return { ty: { k: 'nullary', r: b.ty }, at: b.at, preds: b.preds, value: true };
      }
      case 'form': return this.inferForm(t.form, at, ctx);
      case 'builtin': {
        const inst = this.instantiate(at, this.builtinScheme(at, t));
        return { ty: inst.ty, at, preds: inst.preds, value: inst.vars.length === 0 };
      }
      case 'const': return { ty: litType(t.lit), at, preds: [], value: true };
      case 'list': {
        const elem = tvar(this.freshRef('TYPE'));
        this.slots.push({ ty: elem, at, app: false });
        const preds = t.items.flatMap(x => this.check({ ty: elem, at }, x, ctx).preds);
        return { ty: list(elem), at, preds, value: false };
      }
      case 'object': {
        const inferred = t.fields.map(([k, v]) => [k, this.infer(v, ctx)] as const);
        const fields = new Map(inferred.map(([k, r]) => [k, r.ty]));
        const isValue: LPred[] = inferred.map(([, r]) => ({ p: { c: 'IsValue', t: r.ty }, at: r.at }));
        return { ty: { k: 'object', row: { k: 'rconc', fields } }, at, preds: [...isValue, ...inferred.flatMap(([, r]) => r.preds)], value: false };
      }
      case 'inline': return tcFail({ e: 'notSupported', what: 'inlined values', at });
    }
  }

  /** Variables in both directions; `expected` is the checked type (null when inferring). */
  private inferVar(t: Term & { t: 'var' }, ctx: Ctx, at: Loc, expected: { ty: Ty; at: Loc } | null): Inferred {
    const k = t.name.kind;
    switch (k.k) {
      case 'bound': {
        const ty = ctx.env[k.index];
        if (!ty) return tcFail({ e: 'unboundTermVariable', name: t.name.name, at });
        if (expected) this.unify(expected.ty, expected.at, ty, at);
        return { ty, at, preds: [], value: true };
      }
      case 'toplevel': {
        const inst = this.instantiate(at, this.lookupDefn(at, ctx, k.module, t.name.name, k.hash));
        if (expected) this.unify(expected.ty, expected.at, inst.ty, at);
        return { ty: inst.ty, at, preds: inst.preds, value: inst.vars.length === 0 };
      }
      case 'modref': {
        const implemented = modSet(k.implemented);
        if (expected && expected.ty.k === 'modref' && expected.ty.ref.k === 'mconc') {
          const want = expected.ty.ref.mods;
          const has = new Set(implemented.map(renderModuleName));
          const missing = want.filter(m => !has.has(renderModuleName(m)));
          if (missing.length === 0) return { ty: expected.ty, at, preds: [], value: true };
          // Pact reports the interfaces the module has and the reference does not ask for
          const wantSet = new Set(want.map(renderModuleName));
          const extra = implemented.filter(m => !wantSet.has(renderModuleName(m))).map(renderModuleName);
          return tcFail({ e: 'lacksInterfaces', module: renderModuleName(k.module), missing: extra, at });
        }
        const ty: Ty = { k: 'modref', ref: { k: 'mconc', mods: implemented } };
        if (expected) this.unify(expected.ty, expected.at, ty, at);
        return { ty, at, preds: [], value: true };
      }
      case 'dynref': {
        const local = ctx.env[k.index];
        if (!local) return tcFail({ e: 'unboundTermVariable', name: t.name.name, at });
        const lt = linkTy(local);
        if (lt.k !== 'modref' || lt.ref.k !== 'mconc') return tcFail({ e: 'notModRef', ty: dbgTy(lt), at });
        const mods = lt.ref.mods;
        let sig: { ty: Ty; at: Loc } | undefined;
        for (const m of mods) this.world.ensureInterface(m, at);
        for (const m of mods) { sig = this.world.interfaceMember(m, k.member); if (sig) break; }
        if (!sig) {
          return tcFail({ e: 'dynamicInvoke', ref: t.name.name, fn: k.member, interfaces: mods.map(renderModuleName), at });
        }
        if (expected) this.unify(expected.ty, expected.at, sig.ty, sig.at);
        return { ty: sig.ty, at, preds: [], value: true };
      }
    }
  }

  private inferForm(form: Extract<Term, { t: 'form' }>['form'], at: Loc, ctx: Ctx): Inferred {
    const bool = { ty: BOOL, at };
    switch (form.f) {
      case 'and': case 'or': {
        const a = this.check(bool, form.a, ctx), b = this.check(bool, form.b, ctx);
        return { ty: BOOL, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'if': {
        const c = this.check(bool, form.cond, ctx);
        const old = this.yieldTy;
        const a = this.infer(form.then, ctx);
        const yIf = this.takeYield();
        this.yieldTy = old;
        const b = this.infer(form.else, ctx);
        const yElse = this.takeYield();
        this.unify(a.ty, a.at, b.ty, b.at);
        this.mergeYields(old, yIf, yElse);
        return { ty: a.ty, at, preds: [...c.preds, ...a.preds, ...b.preds], value: false };
      }
      case 'enforce': {
        const a = this.check(bool, form.cond, ctx), b = this.check({ ty: STR, at }, form.msg, ctx);
        return { ty: BOOL, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'enforceOne': {
        const a = this.check({ ty: STR, at }, form.msg, ctx), b = this.check({ ty: list(BOOL), at }, form.conds, ctx);
        return { ty: BOOL, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'try': {
        const a = this.infer(form.fallback, ctx), b = this.infer(form.body, ctx);
        this.unify(a.ty, a.at, b.ty, b.at);
        return { ty: a.ty, at: a.at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'pure': { const a = this.infer(form.body, ctx); return { ...a, value: false }; }
      case 'error': {
        const ret = tvar(this.freshRef('TYPE'));
        const a = this.check({ ty: STR, at }, form.msg, ctx);
        return { ty: ret, at, preds: a.preds, value: false };
      }
      case 'withCapability': {
        const a = this.check({ ty: CAP, at }, form.cap, ctx);
        const b = this.infer(form.body, ctx);
        return { ty: b.ty, at: b.at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'createUserGuard': {
        if (form.app.t !== 'app') return tcFail({ e: 'userGuardMustBeApp', term: 'non-application', at });
        const a = this.infer(form.app, ctx);
        return { ty: GUARD, at, preds: [{ p: { c: 'IsValue', t: a.ty }, at: a.at }, ...a.preds], value: false };
      }
    }
  }

  private takeYield(): { ty: Ty; at: Loc } | null {
    const y = this.yieldTy;
    this.yieldTy = null;
    return y;
  }

  /** Pact's `checkYieldTys`: the yields of an `if`'s branches must agree. */
  private mergeYields(old: { ty: Ty; at: Loc } | null, l: { ty: Ty; at: Loc } | null, r: { ty: Ty; at: Loc } | null): void {
    if (old === null && l && r) { this.unify(l.ty, l.at, r.ty, r.at); this.yieldTy = r; return; }
    if (old && l && r) { this.unify(l.ty, l.at, r.ty, r.at); this.yieldTy = r; return; }
    if (old && r) { this.unify(old.ty, old.at, r.ty, r.at); this.yieldTy = r; return; }
    if (old && l) { this.unify(old.ty, old.at, l.ty, l.at); this.yieldTy = l; return; }
    if (old) this.yieldTy = old;
  }

  // ---------------------------------------------------------------------------- application

  inferApply(fn: Term, args: Term[], at: Loc, ctx: Ctx): Inferred {
    if (fn.t === 'builtin' && fn.builtin.k === 'core') {
      const o = overloadOf(builtinName(fn.builtin));
      if (o) return inferOverload(this, o, this.loc(ctx, fn.info), args, at, ctx);
    }
    if (args.length === 0) {
      const ret = tvar(this.freshRef('TYPE'));
      const f = this.infer(fn, ctx);
      this.unify({ k: 'nullary', r: ret }, at, f.ty, f.at);
      return { ty: ret, at, preds: f.preds, value: false };
    }
    const f = this.infer(fn, ctx);
    const r = this.applyArgs(at, { ty: f.ty, at: f.at }, args, ctx);
    return { ty: r.ty, at: r.at, preds: [...f.preds, ...r.preds], value: false };
  }

  /** Pact's fold of `inferFunctionArgs`: check each argument against the function's type. */
  applyArgs(appAt: Loc, fnTy: { ty: Ty; at: Loc }, args: Term[], ctx: Ctx): { ty: Ty; at: Loc; preds: LPred[] } {
    let cur = fnTy;
    const preds: LPred[] = [];
    for (const arg of args) {
      if (cur.ty.k === 'fun') {
        const r = this.check({ ty: cur.ty.a, at: this.loc(ctx, arg.info) }, arg, ctx);
        preds.push(...r.preds);
        cur = { ty: cur.ty.r, at: cur.at };
      } else {
        const ret = tvar(this.freshRef('TYPE'));
        const a = this.infer(arg, ctx);
        this.unify(cur.ty, cur.at, fun(a.ty, ret), a.at);
        preds.push(...a.preds);
        cur = { ty: ret, at: appAt };
      }
    }
    return { ...cur, preds };
  }

  // -------------------------------------------------------------------------------- check

  check(expected: { ty: Ty; at: Loc }, t: Term, ctx: Ctx): Inferred {
    const at = this.loc(ctx, t.info);
    switch (t.t) {
      case 'var': return this.inferVar(t, ctx, at, expected);
      case 'lam': return this.checkLambda(expected, t, at, ctx);
      case 'let': {
        const argAt = this.loc(ctx, t.arg.info);
        const v = t.arg.type ? this.check({ ty: this.liftCoreType(argAt, t.arg.type), at: argAt }, t.value, ctx) : this.infer(t.value, ctx);
        this.slots.push({ ty: v.ty, at: argAt, app: false });
        const body = this.check(expected, t.body, { ...ctx, env: [v.ty, ...ctx.env] });
        return { ty: body.ty, at: body.at, preds: [...v.preds, ...body.preds], value: false };
      }
      case 'app': {
        const r = this.infer(t, ctx);
        this.unify(expected.ty, expected.at, r.ty, r.at);
        return r;
      }
      case 'seq': {
        const a = this.infer(t.first, ctx);
        const b = this.check(expected, t.then, ctx);
        return { ty: b.ty, at: b.at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'form': return this.checkForm(expected, t.form, at, ctx);
      case 'builtin': {
        const inst = this.instantiate(at, this.builtinScheme(at, t));
        this.unify(expected.ty, expected.at, inst.ty, at);
        return { ty: inst.ty, at, preds: inst.preds, value: inst.vars.length === 0 };
      }
      case 'const': {
        const ty = litType(t.lit);
        this.unify(expected.ty, expected.at, ty, at);
        return { ty, at, preds: [], value: true };
      }
      case 'list': {
        if (expected.ty.k === 'list') {
          const elem = expected.ty.e;
          this.slots.push({ ty: elem, at, app: false });
          const preds = t.items.flatMap(x => this.check({ ty: elem, at: expected.at }, x, ctx).preds);
          return { ty: list(elem), at, preds, value: false };
        }
        const r = this.infer(t, ctx);
        this.unify(expected.ty, expected.at, r.ty, r.at);
        return r;
      }
      case 'nullary': {
        const r = this.infer(t, ctx);
        this.unify(expected.ty, expected.at, r.ty, r.at);
        return r;
      }
      case 'object': {
        const r = this.infer(t, ctx);
        this.unify(r.ty, at, expected.ty, expected.at);
        return { ...r, at };
      }
      case 'inline': return tcFail({ e: 'notSupported', what: 'inlined values', at });
    }
  }

  private checkLambda(expected: { ty: Ty; at: Loc }, t: Term & { t: 'lam' }, at: Loc, ctx: Ctx): Inferred {
    const args = t.args.map(a => ({ ty: this.argType(this.loc(ctx, a.info), a.type), at: this.loc(ctx, a.info) }));
    const all = args.map(a => a.ty);
    let cur = expected.ty;
    const acc: Ty[] = [];
    let i = 0;
    for (; i < args.length && cur.k === 'fun'; i++) {
      this.unify(cur.a, expected.at, args[i].ty, args[i].at);
      acc.unshift(cur.a);
      cur = cur.r;
    }
    if (i === args.length) {
      const body = this.check({ ty: cur, at: expected.at }, t.body, { ...ctx, env: [...acc, ...ctx.env] });
      return { ty: funs(all, body.ty), at, preds: body.preds, value: true };
    }
    const rest = all.slice(i);
    const body = this.infer(t.body, { ...ctx, env: [...[...rest].reverse(), ...acc, ...ctx.env] });
    this.unify(cur, expected.at, funs(rest, body.ty), body.at);
    return { ty: funs(all, body.ty), at, preds: body.preds, value: true };
  }

  private checkForm(expected: { ty: Ty; at: Loc }, form: Extract<Term, { t: 'form' }>['form'], at: Loc, ctx: Ctx): Inferred {
    const bool = { ty: BOOL, at };
    switch (form.f) {
      case 'and': case 'or': {
        this.unify(expected.ty, expected.at, BOOL, at);
        const a = this.check(bool, form.a, ctx), b = this.check(bool, form.b, ctx);
        return { ty: BOOL, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'if': {
        const c = this.check(bool, form.cond, ctx);
        const old = this.yieldTy;
        const a = this.check(expected, form.then, ctx);
        const yIf = this.takeYield();
        this.yieldTy = old;
        const b = this.check(expected, form.else, ctx);
        const yElse = this.takeYield();
        this.unify(a.ty, a.at, b.ty, b.at);
        this.mergeYields(old, yIf, yElse);
        return { ty: a.ty, at, preds: [...c.preds, ...a.preds, ...b.preds], value: false };
      }
      case 'enforce': {
        this.unify(BOOL, at, expected.ty, expected.at);
        const a = this.check(bool, form.cond, ctx), b = this.check({ ty: STR, at }, form.msg, ctx);
        return { ty: BOOL, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'enforceOne': {
        this.unify(BOOL, at, expected.ty, expected.at);
        const a = this.check({ ty: STR, at }, form.msg, ctx), b = this.check({ ty: list(BOOL), at }, form.conds, ctx);
        return { ty: BOOL, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'try': {
        const a = this.check(expected, form.fallback, ctx), b = this.check(expected, form.body, ctx);
        return { ty: expected.ty, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'pure': { const a = this.check(expected, form.body, ctx); return { ...a, value: false }; }
      case 'error': {
        const a = this.check({ ty: STR, at }, form.msg, ctx);
        return { ty: expected.ty, at: expected.at, preds: a.preds, value: false };
      }
      case 'withCapability': {
        const a = this.check({ ty: CAP, at }, form.cap, ctx);
        const b = this.check(expected, form.body, ctx);
        return { ty: expected.ty, at, preds: [...a.preds, ...b.preds], value: false };
      }
      case 'createUserGuard': {
        if (form.app.t !== 'app') return tcFail({ e: 'userGuardMustBeApp', term: 'non-application', at });
        this.unify(expected.ty, expected.at, GUARD, at);
        const a = this.infer(form.app, ctx);
        return { ty: GUARD, at, preds: [{ p: { c: 'IsValue', t: a.ty }, at: a.at }, ...a.preds], value: false };
      }
    }
  }
}

export function litType(l: Literal): Ty {
  switch (l.l) {
    case 'string': return STR;
    case 'integer': return INT;
    case 'decimal': return prim('decimal');
    case 'bool': return BOOL;
    case 'unit': return prim('unit');
  }
}

export function substTy(t: Ty, sub: (v: Var) => Var): Ty {
  switch (t.k) {
    case 'var': return { k: 'var', v: sub(t.v) };
    case 'fun': return { k: 'fun', a: substTy(t.a, sub), r: substTy(t.r, sub) };
    case 'nullary': return { k: 'nullary', r: substTy(t.r, sub) };
    case 'list': return { k: 'list', e: substTy(t.e, sub) };
    case 'object': case 'table': return { k: t.k, row: substRow(t.row, sub) };
    case 'modref': return t.ref.k === 'mvar' ? { k: 'modref', ref: { k: 'mvar', v: sub(t.ref.v) } } : t;
    default: return t;
  }
}

export function substRow(r: Row, sub: (v: Var) => Var): Row {
  if (r.k === 'rvar') return { k: 'rvar', v: sub(r.v) };
  return { k: 'rconc', fields: new Map([...r.fields].map(([k, v]) => [k, substTy(v, sub)])) };
}

export function substPred(p: Pred, sub: (v: Var) => Var): Pred {
  type Rose = Extract<Pred, { c: 'SubRow' }>['l'];
  const rose = (r: Rose): Rose => r.k === 'row' ? { k: 'row', row: substRow(r.row, sub) } : { k: 'cat', l: rose(r.l), r: rose(r.r) };
  if (p.c === 'SubRow' || p.c === 'RowEq') return { c: p.c, l: rose(p.l), r: rose(p.r) };
  return { c: p.c, t: substTy(p.t, sub) };
}
