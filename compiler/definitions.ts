// Definition forms (defun, defcap, defpact, defconst, defschema, deftable): their headers, docs
// and annotations, schema fields and table schemas, and each definition's code compiled to a
// function prototype (a defpact: one per step and rollback; a defconst: its expression).

import type { Syntax } from './syntax.js';
import type { Span } from '../vm/source.js';
import type { PactType } from '../vm/types.js';
import type { FunctionProto } from '../vm/chunk.js';
import { Desugarer, type ModuleScope, type NameEnv } from './desugar.js';
import { PactError } from '../vm/errors.js';
import { desugarError } from './errors.js';
import type { FunctionIR } from './ir.js';
import { resolveSlots } from './resolve.js';
import { emitFunction } from './emit.js';

/** A defpact step: its code and its rollback's, both functions of the defpact's arguments. */
export interface CompiledStep { exec: FunctionProto; rollback: FunctionProto | null }

/** A defconst: its expression's code, evaluated when the module is installed. */
export interface CompiledConstant {
  name: string;
  proto: FunctionProto;
  /** the expression: where a result that is not a value is reported */
  valueSpan: Span;
}

export interface DefHeader {
  kind: string;
  name: string;
  returnType: PactType | null;
  params: { name: string; type: PactType | null; span: Span }[];
  body: Syntax[];
  span: Span;
  /** defcap metadata: `@event`, `@managed`, `@managed PARAM MANAGER` */
  meta: { kind: 'event' } | { kind: 'auto' } | { kind: 'managed'; param: string; manager: string } | null;
}

/** Split `(defun name[:type] (args) [doc|@doc s|@model [...]] body...)` into its parts. */
export function parseDefHeader(form: Syntax & { t: 'paren' }, d: Desugarer): DefHeader {
  const items = form.items;
  const kind = (items[0] as { name: string }).name;
  const nameSyn = items[1];
  if (nameSyn?.t !== 'name' || nameSyn.parts.length !== 1) throw desugarError(`Expected: ${kind} name`, form.span);
  d.checkNotNative(nameSyn.parts[0], nameSyn.span);
  let i = 2;
  let returnType: PactType | null = null;
  if (kind === 'deftable') {
    // `(deftable name:{schema} [doc])`: the schema is read by tableSchema
    return { kind, name: nameSyn.parts[0], returnType, params: [], body: [], span: form.span, meta: null };
  }
  // in top-level code (a REPL definition), a schema the types name that Pact's renamer cannot
  // resolve is reported at the definition, the arguments' before the result's (renameReplDefun)
  const resultErrors: PactError[] = [], argumentErrors: PactError[] = [];
  if (items[i]?.t === 'punct' && (items[i] as { p: string }).p === ':') {
    const r = d.readingTypes(form.span, () => d.type(items, i + 1), resultErrors);
    returnType = r.type; i = r.next;
  }
  let params: DefHeader['params'] = [];
  if (kind === 'defun' || kind === 'defcap' || kind === 'defpact') {
    const ps = items[i];
    if (ps?.t !== 'paren') throw desugarError(`Expected: ${kind} argument list`, form.span);
    params = d.readingTypes(form.span, () => d.params(ps.items), argumentErrors);
    i++;
  }
  for (const e of [...argumentErrors, ...resultErrors]) d.noteUnresolved(e);
  // a defconst is `(defconst NAME[:type] value [doc])`: the doc follows the value
  let body = kind === 'defconst' ? items.slice(i, i + 1) : skipDocs(items.slice(i), true);
  let meta: DefHeader['meta'] = null;
  if (kind === 'defcap' && body[0]?.t === 'annotation') {
    const a = body[0].name;
    if (a === '@event') { meta = { kind: 'event' }; body = skipDocs(body.slice(1), true); }
    else if (a === '@managed') {
      const p = body[1], m = body[2];
      if (p?.t === 'name' && p.parts.length === 1 && m?.t === 'name') {
        if (!params.some(x => x.name === p.parts[0])) {
          throw desugarError(`Invalid Managed arg: no such arg with name ${p.parts[0]}`, p.span);
        }
        meta = { kind: 'managed', param: p.parts[0], manager: m.parts.join('.') };
        body = skipDocs(body.slice(3), true);
      } else { meta = { kind: 'auto' }; body = skipDocs(body.slice(1), true); }
    }
  }
  return { kind, name: nameSyn.parts[0], returnType, params, body, span: form.span, meta };
}

/** Drop docstrings and @doc/@model annotations (they do not affect evaluation). A plain leading
 *  string is a docstring when more follows (else it is a body), or always where nothing need
 *  follow (a schema's fields may be none: Pact reads `(defschema s "doc")` as an empty schema). */
export function skipDocs(items: Syntax[], docFirst: boolean, plainNeedsMore = true): Syntax[] {
  let i = 0;
  for (;;) {
    const s = items[i];
    if (s?.t === 'annotation' && (s.name === '@doc' || s.name === '@model')) { i += 2; continue; }
    if (docFirst && i === 0 && s?.t === 'str' && (items.length > 1 || !plainNeedsMore)) { i++; continue; }
    break;
  }
  return items.slice(i);
}

/** Drop `@model [...]` annotations (formal-verification properties do not run). */
export function withoutModels(items: Syntax[]): Syntax[] {
  const out: Syntax[] = [];
  for (let j = 0; j < items.length; j++) {
    const x = items[j];
    if (x.t === 'annotation' && x.name === '@model') { j++; continue; }
    out.push(x);
  }
  return out;
}

export function schemaFields(form: Syntax & { t: 'paren' }, d: Desugarer): Map<string, PactType> {
  const fields = new Map<string, PactType>();
  const items = skipDocs(form.items.slice(2), true, false);
  for (let i = 0; i < items.length;) {
    const f = items[i];
    if (f.t !== 'name') throw desugarError('Expected: schema field', f.span);
    i++;
    let type: PactType = { t: 'any' };
    if (items[i]?.t === 'punct' && (items[i] as { p: string }).p === ':') {
      const r = d.type(items, i + 1);
      type = r.type; i = r.next;
    }
    fields.set(f.parts[0], type);
  }
  return fields;
}

export function tableSchema(form: Syntax & { t: 'paren' }): string {
  const brace = form.items.find(x => x.t === 'brace');
  const n = brace?.t === 'brace' ? brace.items.find(x => x.t === 'name') : undefined;
  return n?.t === 'name' ? n.parts.join('.') : '';
}

// ------------------------------------------------------------------------------- compiling

/** The back end of one function: slots resolved, bytecode emitted. */
export function compileFunction(fn: FunctionIR, qualifier: string | null): FunctionProto {
  resolveSlots(fn);
  return emitFunction(fn, qualifier);
}

/** A defun, defcap or defpact body as one function of its parameters (a definition captures nothing). */
export function compileDefinition(h: DefHeader, env: NameEnv, scope: ModuleScope | null, kind: 'defun' | 'defcap',
  pending: PactError | null = null): FunctionProto {
  const fn = new Desugarer(env, scope, pending).function(kind, h.name, h.params, h.returnType, h.body, h.span);
  return compileFunction(fn, scope?.name ?? null);
}

/** A defconst's expression as a 0-argument function, evaluated when the module is installed. */
export function compileConstant(h: DefHeader, env: NameEnv, scope: ModuleScope | null,
  pending: PactError | null = null): CompiledConstant {
  if (h.body.length !== 1) throw desugarError('Expected: defconst value', h.span);
  const fn = new Desugarer(env, scope, pending).function('toplevel', h.name, [], h.returnType, h.body, h.span);
  return { name: h.name, proto: compileFunction(fn, scope?.name ?? null), valueSpan: h.body[0].span };
}

/** Each step (and rollback) of a defpact as a function of the defpact's arguments. */
export function compileDefpactSteps(h: DefHeader, env: NameEnv, scope: ModuleScope): CompiledStep[] {
  const qn = `${scope.name}.${h.name}`;
  const compileStep = (s: Syntax): FunctionProto => {
    // a defpact's return annotation is not checked against each step's value
    const fn = new Desugarer(env, scope).function('defpact', h.name, h.params, null, [s], s.span);
    return compileFunction(fn, scope.name);
  };
  // Pact's desugarDefPact: each step in turn (an entity refused, at the defpact, before its
  // expressions), then the last step's rollback
  const entity = () => new PactError('exec', `Pact 5 does not support entity expressions in defpact ${qn}. Please ensure your defpact steps have the correct number of expressions`, h.span);
  const steps = h.body.map((st): CompiledStep => {
    const kw = st.t === 'paren' && st.items[0]?.t === 'keyword' ? st.items[0].name : '';
    const exprs = st.t === 'paren' ? withoutModels(st.items.slice(1)) : [];
    if (kw === 'step') {
      if (exprs.length !== 1) throw entity();
      return { exec: compileStep(exprs[0]), rollback: null };
    }
    if (kw === 'step-with-rollback') {
      if (exprs.length !== 2) throw entity();
      return { exec: compileStep(exprs[0]), rollback: compileStep(exprs[1]) };
    }
    throw desugarError(`Expected: step or step-with-rollback in defpact ${qn}`, st.span);
  });
  if (steps.length === 0) throw desugarError(`Expected: at least one step in defpact ${qn}`, h.span);
  if (steps[steps.length - 1].rollback) throw desugarError(`rollbacks aren't allowed on the last step in: ${qn}`, h.span);
  return steps;
}

/** A REPL-level `(defun …)` or `(defconst …)` outside any module. */
export interface CompiledReplDefinition {
  kind: 'defun' | 'defconst';
  name: string;
  proto: FunctionProto;
  /** a defconst's expression: where a result that is not a value is reported */
  valueSpan: Span;
}

export function compileReplDefinition(form: Syntax & { t: 'paren' }, env: NameEnv): CompiledReplDefinition {
  const header = new Desugarer(env);
  const h = parseDefHeader(form, header);
  // a schema its types name that does not resolve is raised once the body is desugared too (a
  // syntax error there wins), before any name in the body that does not resolve
  const pending = header.takeUnresolved();
  if (h.kind === 'defun') return { kind: 'defun', name: h.name, proto: compileDefinition(h, env, null, 'defun', pending), valueSpan: h.span };
  return { kind: 'defconst', ...compileConstant(h, env, null, pending) };
}
