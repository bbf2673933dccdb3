// Module hashing as Pact does it (ModuleHashing.hs): BLAKE2b-256 of the SerialiseV1 CBOR of the
// module IR after constant evaluation, with infos erased and the hash and tx-hash fields empty;
// then every self-reference's placeholder hash is replaced by the real one.
// Entry points: `buildModuleIR` (desugar + rename), `evaluateConstants`, `hashBuilt`, `hashModule`.

import type { Syntax } from '../../compiler/syntax.js';
import { blake2b256 } from '../values/digest.js';
import { base64UrlEncode } from '../values/base64url.js';
import type { ModuleHashContext } from './module-context.js';
import { encodeInterface, encodeModule } from './encode.js';
import { SyntaxDesugarer } from './from-syntax.js';
import { Renamer } from './rename.js';
import {
  EMPTY_HASH, MODULE_PLACEHOLDER, sameModuleName,
  type Def, type DefConst, type FullyQualifiedName, type HashBytes, type IfDef, type Interface,
  type Module, type ModuleName, type Name, type NameKind, type PactValue, type Term,
} from './terms.js';
import { toPactValue } from './values.js';

export type Built = { module: Module } | { interface: Interface };

/**
 * Desugar and rename a `(module …)` or `(interface …)` form into Pact's IR: the state in which
 * Pact charges desugar gas (placeholder hash, constants not yet evaluated).
 */
export function buildModuleIR(form: Syntax & { t: 'paren' }, ctx: ModuleHashContext): Built {
  const head = form.items[0];
  const kw = head?.t === 'keyword' ? head.name : '';
  const ds = new SyntaxDesugarer({ replNatives: ctx.replNatives ?? true, disablePact53: ctx.disablePact53 ?? false });
  const name = form.items[1]?.t === 'name' ? form.items[1].parts[0] : '';
  const renamer = new Renamer(ctx, name);
  if (kw === 'module') return { module: renamer.module(ds.module(form)) };
  if (kw === 'interface') return { interface: renamer.interface(ds.interface(form)) };
  throw new Error('expected a (module …) or (interface …) form');
}

/** The module's defconsts in its renamed definition order: the order Pact evaluates them in
 *  (ConstEval.hs), each after the definitions it names. */
export function constantOrder(b: Built): string[] {
  const defs: (Def | IfDef)[] = 'module' in b ? b.module.defs : b.interface.defs;
  return defs.flatMap(d => (d.d === 'defconst' ? [d.defconst.spec.name] : []));
}

/** Replace each defconst's term by its evaluated value (`ctx.constValue`), as Pact's ConstEval. */
export function evaluateConstants(b: Built, ctx: ModuleHashContext): Built {
  const name = 'module' in b ? b.module.name : b.interface.name;
  const placeholder = 'module' in b ? b.module.hash : b.interface.hash;
  const evalConst = (d: DefConst): DefConst => {
    const v = ctx.constValue?.(d.spec.name);
    if (v === undefined) return d;
    const hashOf = (m: ModuleName) => sameModuleName(m, name) ? placeholder : (ctx.lookupModule(m)?.hash ?? EMPTY_HASH);
    return { ...d, value: { c: 'evaled', value: toPactValue(v, hashOf) } };
  };
  if ('module' in b) {
    return { module: { ...b.module, defs: b.module.defs.map(d => d.d === 'defconst' ? { d: 'defconst', defconst: evalConst(d.defconst) } : d) } };
  }
  return { interface: { ...b.interface, defs: b.interface.defs.map(d => d.d === 'defconst' ? { d: 'defconst', defconst: evalConst(d.defconst) } : d) } };
}

/** The module hash bytes of a built (constants evaluated) module or interface. */
export function computeHash(b: Built): HashBytes {
  const bytes = 'module' in b
    ? encodeModule({ ...b.module, hash: EMPTY_HASH, txHash: EMPTY_HASH })
    : encodeInterface({ ...b.interface, hash: EMPTY_HASH, txHash: EMPTY_HASH });
  return blake2b256(bytes);
}

/** Hash a built module and rewrite its self-references to the new hash (hashModuleAndReplace). */
export function hashBuilt(b: Built): Built {
  const h = computeHash(b);
  if ('interface' in b) {
    const i = b.interface;
    const defs: IfDef[] = i.defs.map(d => d.d === 'defconst' ? { d: 'defconst', defconst: rehashConst(d.defconst, i.name, h) } : d);
    return { interface: { ...i, defs, hash: h } };
  }
  const m = b.module;
  const gov = m.governance.g === 'cap' ? { g: 'cap' as const, fqn: rehashFqn(m.governance.fqn, m.name, h) } : m.governance;
  return { module: { ...m, governance: gov, defs: m.defs.map(d => rehashDef(d, m.name, h)), hash: h } };
}

/**
 * The text hash of a module/interface form: desugar, rename, substitute evaluated constants,
 * hash. This is what `describe-module` shows and what `m.f.{HASH}` names carry.
 */
export function hashModule(form: Syntax & { t: 'paren' }, ctx: ModuleHashContext): string {
  return hashText(hashBuilt(evaluateConstants(buildModuleIR(form, ctx), ctx)));
}

export function hashText(b: Built): string {
  return base64UrlEncode('module' in b ? b.module.hash : b.interface.hash);
}

// ------------------------------------------------------------------------- placeholder rewrite
// The rewrite keeps every part with no self-reference in it as it is (the same object), so that
// the hashed module shares them with the module before hashing, which a deployment also keeps
// (for its desugar size): only the paths down to a rewritten name are new.

function rehashFqn(f: FullyQualifiedName, m: ModuleName, h: HashBytes): FullyQualifiedName {
  return sameModuleName(f.module, m) ? { ...f, hash: h } : f;
}

/** `items` with `f` applied to each, or `items` itself when `f` changed none (as
 *  contracts/const-hashes.ts stamps the runtime values). */
function mapShared<T>(items: readonly T[], f: (x: T) => T): T[] {
  let out: T[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const y = f(items[i]);
    if (y !== items[i]) (out ??= items.slice())[i] = y;
  }
  return out ?? (items as T[]);
}

function rehashDef(d: Def, m: ModuleName, h: HashBytes): Def {
  const t = (x: Term) => rehashTerm(x, m, h);
  switch (d.d) {
    case 'defun': {
      const term = t(d.defun.term);
      return term === d.defun.term ? d : { d: 'defun', defun: { ...d.defun, term } };
    }
    case 'defconst': {
      const defconst = rehashConst(d.defconst, m, h);
      return defconst === d.defconst ? d : { d: 'defconst', defconst };
    }
    case 'defcap': {
      const c = d.defcap;
      const meta = c.meta.c === 'managed' && c.meta.meta.m === 'managed' && sameModuleName(c.meta.meta.manager.module, m)
        ? { c: 'managed' as const, meta: { ...c.meta.meta, manager: rehashFqn(c.meta.meta.manager, m, h) } }
        : c.meta;
      const term = t(c.term);
      return term === c.term && meta === c.meta ? d : { d: 'defcap', defcap: { ...c, term, meta } };
    }
    case 'defpact': {
      const steps = mapShared(d.defpact.steps, s => {
        const exec = t(s.exec);
        if (s.s === 'step') return exec === s.exec ? s : { s: s.s, exec };
        const rollback = t(s.rollback);
        return exec === s.exec && rollback === s.rollback ? s : { s: s.s, exec, rollback };
      });
      return steps === d.defpact.steps ? d : { d: 'defpact', defpact: { ...d.defpact, steps } };
    }
    default: return d;
  }
}

function rehashConst(d: DefConst, m: ModuleName, h: HashBytes): DefConst {
  if (d.value.c === 'term') {
    const term = rehashTerm(d.value.term, m, h);
    return term === d.value.term ? d : { ...d, value: { c: 'term', term } };
  }
  const value = rehashValue(d.value.value, m, h);
  return value === d.value.value ? d : { ...d, value: { c: 'evaled', value } };
}

function rehashValue(v: PactValue, m: ModuleName, h: HashBytes): PactValue {
  switch (v.v) {
    case 'list': {
      const items = mapShared(v.items, x => rehashValue(x, m, h));
      return items === v.items ? v : { v: 'list', items };
    }
    case 'object': {
      // a copy only from the first field that changes (setting a key keeps its place)
      let fields: Map<string, PactValue> | null = null;
      for (const [k, x] of v.fields) {
        const y = rehashValue(x, m, h);
        if (y !== x) (fields ??= new Map(v.fields)).set(k, y);
      }
      return fields ? { v: 'object', fields } : v;
    }
    case 'capToken': {
      const name = rehashFqn(v.name, m, h), args = mapShared(v.args, x => rehashValue(x, m, h));
      return name === v.name && args === v.args ? v : { v: 'capToken', name, args };
    }
    case 'table': return sameModuleName(v.module, m) ? { ...v, hash: h } : v;
    default: return v;
  }
}

/** Only `Var` names are rewritten, as in Pact (a bottom-up `transform`). */
function rehashTerm(t: Term, m: ModuleName, h: HashBytes): Term {
  const r = (x: Term) => rehashTerm(x, m, h);
  switch (t.t) {
    case 'var': {
      const k = t.name.kind;
      if (k.k !== 'toplevel' || !sameModuleName(k.module, m)) return t;
      // each part a literal of its own: unoptimized code copies nested literals through the runtime
      const kind: NameKind = { ...k, hash: h };
      const name: Name = { name: t.name.name, kind };
      return { ...t, name };
    }
    case 'lam': { const body = r(t.body); return body === t.body ? t : { ...t, body }; }
    case 'let': {
      const value = r(t.value), body = r(t.body);
      return value === t.value && body === t.body ? t : { ...t, value, body };
    }
    case 'app': {
      const fn = r(t.fn), args = mapShared(t.args, r);
      return fn === t.fn && args === t.args ? t : { ...t, fn, args };
    }
    case 'seq': {
      const first = r(t.first), then = r(t.then);
      return first === t.first && then === t.then ? t : { ...t, first, then };
    }
    case 'nullary': { const body = r(t.body); return body === t.body ? t : { ...t, body }; }
    case 'form': {
      const f = t.form;
      let g: Record<string, unknown> | null = null;
      for (const k of Object.keys(f) as (keyof typeof f)[]) {
        if (k === 'f') continue;
        const x = f[k] as unknown as Term, y = r(x);
        if (y !== x) (g ??= { ...f })[k] = y;
      }
      return g === null ? t : { ...t, form: g as unknown as typeof f };
    }
    case 'list': { const items = mapShared(t.items, r); return items === t.items ? t : { ...t, items }; }
    case 'object': {
      const fields = mapShared(t.fields, p => { const w = r(p[1]); return w === p[1] ? p : [p[0], w] as [string, Term]; });
      return fields === t.fields ? t : { ...t, fields };
    }
    default: return t;
  }
}

export { MODULE_PLACEHOLDER };
