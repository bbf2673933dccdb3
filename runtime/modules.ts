// Definitions and modules: parsing def forms (defun, defconst, defcap, defschema, deftable),
// compiling them into global cells, and installing a module into the session.
//
// Scope today (issue "engine foundation"): defun, defconst, defcap (declared; acquiring it comes
// with the contracts runtime), defschema, deftable, use, implements, bless, keyset or capability
// governance recorded. Module hashes are BLAKE2b-256 of the module source until the CBOR
// encoding of Pact's IR lands (contracts runtime).

import type { Syntax } from '../compiler/syntax.js';
import type { Span } from '../compiler/source.js';
import { Desugarer, desugarError, type ModuleScope, type NameEnv } from '../compiler/desugar.js';
import { compileFunction } from '../compiler/index.js';
import { GlobalCell, type GlobalKind } from '../vm/chunk.js';
import { Closure, TableRef } from '../vm/values.js';
import type { Machine } from '../vm/machine.js';
import type { PactType } from '../vm/types.js';
import { PactError } from '../vm/errors.js';
import { hashText } from './hash.js';

export interface LoadedModule {
  name: string;
  kind: 'module' | 'interface';
  hash: string;
  members: Map<string, GlobalCell>;
  interfaces: string[];
  code: string;
  governance: string;
  blessed: string[];
  txHash: string;
  schemas: Map<string, Map<string, PactType>>;
}

export interface DefHeader {
  kind: string;
  name: string;
  returnType: PactType | null;
  params: { name: string; type: PactType | null; span: Span }[];
  body: Syntax[];
  span: Span;
}

/** Split `(defun name[:type] (args) [doc|@doc s|@model [...]] body...)` into its parts. */
export function parseDefHeader(form: Syntax & { t: 'paren' }, d: Desugarer): DefHeader {
  const items = form.items;
  const kind = (items[0] as { name: string }).name;
  const nameSyn = items[1];
  if (nameSyn?.t !== 'name' || nameSyn.parts.length !== 1) throw desugarError(`Expected: ${kind} name`, form.span);
  let i = 2;
  let returnType: PactType | null = null;
  if (kind === 'deftable') {
    // `(deftable name:{schema} [doc])`: the schema is read by tableSchema
    return { kind, name: nameSyn.parts[0], returnType, params: [], body: [], span: form.span };
  }
  if (items[i]?.t === 'punct' && (items[i] as { p: string }).p === ':') {
    const r = d.type(items, i + 1);
    returnType = r.type; i = r.next;
  }
  let params: DefHeader['params'] = [];
  if (kind === 'defun' || kind === 'defcap' || kind === 'defpact') {
    const ps = items[i];
    if (ps?.t !== 'paren') throw desugarError(`Expected: ${kind} argument list`, form.span);
    params = d.params(ps.items);
    i++;
  }
  // a defconst is `(defconst NAME[:type] value [doc])`: the doc follows the value
  const body = kind === 'defconst' ? items.slice(i, i + 1) : skipDocs(items.slice(i), true);
  return { kind, name: nameSyn.parts[0], returnType, params, body, span: form.span };
}

/** Drop docstrings and @doc/@model annotations (they do not affect evaluation). */
function skipDocs(items: Syntax[], docFirst: boolean): Syntax[] {
  let i = 0;
  for (;;) {
    const s = items[i];
    if (s?.t === 'annotation' && (s.name === '@doc' || s.name === '@model')) { i += 2; continue; }
    if (docFirst && i === 0 && s?.t === 'str' && items.length > 1) { i++; continue; }
    break;
  }
  return items.slice(i);
}

/** Compile a defun into its cell's closure (a defun captures nothing). */
export function compileDefun(h: DefHeader, env: NameEnv, scope: ModuleScope | null, kind: 'defun' | 'defcap' | 'defpact'): Closure {
  const d = new Desugarer(env, scope);
  const fn = d.function(kind, h.name, h.params, h.returnType, h.body, h.span);
  return new Closure(compileFunction(fn, scope?.name ?? null), []);
}

/** Evaluate a defconst's expression now. */
export function evalDefconst(h: DefHeader, env: NameEnv, scope: ModuleScope | null, vm: Machine): import('../vm/values.js').Value {
  if (h.body.length !== 1) throw desugarError('Expected: defconst value', h.span);
  const d = new Desugarer(env, scope);
  const fn = d.function('toplevel', h.name, [], h.returnType, h.body, h.span);
  return vm.call(new Closure(compileFunction(fn, scope?.name ?? null), []), []);
}

const DEF_KINDS = new Set(['defun', 'defconst', 'defcap', 'defschema', 'deftable', 'defpact']);

/** Install `(module name governance defs...)`; returns the installed module. */
export function installModule(form: Syntax & { t: 'paren' }, env: NameEnv, vm: Machine, txHash: string): LoadedModule {
  const items = form.items;
  const nameSyn = items[1];
  if (nameSyn?.t !== 'name' || nameSyn.parts.length !== 1) throw desugarError('Expected: module name', form.span);
  const name = nameSyn.parts[0];
  const gov = items[2];
  if (!gov || (gov.t !== 'str' && gov.t !== 'name')) throw desugarError('Expected: module governance', form.span);
  const governance = gov.t === 'str' ? gov.value : gov.parts.join('.');

  const members = new Map<string, GlobalCell>();
  const scope: ModuleScope = { name, members };
  const defs: { form: Syntax & { t: 'paren' }; kind: string; name: string }[] = [];
  const interfaces: string[] = [];
  const blessed: string[] = [];
  const schemas = new Map<string, Map<string, PactType>>();

  for (const item of skipDocs(items.slice(3), true)) {
    if (item.t !== 'paren' || item.items[0]?.t !== 'keyword') throw desugarError('Expected: module definition', item.span);
    const kw = (item.items[0] as { name: string }).name;
    if (DEF_KINDS.has(kw)) {
      const n = item.items[1];
      if (n?.t !== 'name') throw desugarError(`Expected: ${kw} name`, item.span);
      const defName = n.parts[0];
      if (members.has(defName)) throw desugarError(`Duplicate definition: ${name}.${defName}`, item.span);
      members.set(defName, new GlobalCell(defName, kw as GlobalKind, name));
      defs.push({ form: item, kind: kw, name: defName });
    } else if (kw === 'implements') {
      const i = item.items[1];
      if (i?.t === 'name') interfaces.push(i.parts.join('.'));
    } else if (kw === 'bless') {
      const h = item.items[1];
      if (h?.t === 'str') blessed.push(h.value);
    } else if (kw !== 'use') {
      throw desugarError(`Expected: module definition, got ${kw}`, item.span);
    }
  }
  if (defs.length === 0) {
    throw new PactError('parse', 'Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]', form.span);
  }

  const d = new Desugarer(env, scope);
  for (const def of defs) {
    const cell = members.get(def.name)!;
    const h = parseDefHeader(def.form, d);
    switch (def.kind) {
      case 'defun': cell.value = compileDefun(h, env, scope, 'defun'); break;
      case 'defconst': cell.value = evalDefconst(h, env, scope, vm); break;
      case 'defcap': compileDefun(h, env, scope, 'defcap'); break; // acquired by with-capability (contracts runtime)
      case 'defpact': break; // contracts runtime
      case 'defschema': schemas.set(def.name, schemaFields(def.form, d)); break;
      case 'deftable': cell.value = new TableRef(`${name}_${def.name}`, name, tableSchema(def.form)); break;
    }
  }
  const code = form.span.file.text.slice(form.span.start, form.span.end);
  return {
    name, kind: 'module', hash: hashText(code), members, interfaces, code, governance, blessed, txHash, schemas,
  };
}

function schemaFields(form: Syntax & { t: 'paren' }, d: Desugarer): Map<string, PactType> {
  const fields = new Map<string, PactType>();
  const items = skipDocs(form.items.slice(2), true);
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

function tableSchema(form: Syntax & { t: 'paren' }): string {
  const brace = form.items.find(x => x.t === 'brace');
  const n = brace?.t === 'brace' ? brace.items.find(x => x.t === 'name') : undefined;
  return n?.t === 'name' ? n.parts.join('.') : '';
}
