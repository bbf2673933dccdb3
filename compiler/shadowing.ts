// Pact checks a whole file for names that shadow natives before any of it runs
// (NativeShadowing.hs): module, interface and definition names, arguments, and the binders of
// `let`/`lambda`. This walk visits them in Pact's order, each with the words Pact's REPL prints
// for where it is (`in definition defcap m.C at argument position 1`).

import type { Syntax } from './syntax.js';
import type { Span } from '../vm/source.js';
import { REPL_MODULE } from '../vm/chunk.js';

export type ShadowCheck = (name: string, span: Span, context: string) => void;

/** Check one top-level form. */
export function checkTopLevelShadowing(form: Syntax, check: ShadowCheck): void {
  const head = form.t === 'paren' ? form.items[0] : undefined;
  if (form.t !== 'paren' || head?.t !== 'keyword') return walk(form, check, 'in top level expression');
  switch (head.name) {
    case 'module': case 'interface': {
      const name = form.items[1];
      const moduleName = name?.t === 'name' ? name.parts.join('.') : '';
      if (name?.t === 'name' && name.parts.length === 1) check(name.parts[0], form.span, `in ${head.name} name ${moduleName}`);
      for (const item of form.items.slice(2)) {
        if (item.t === 'paren' && item.items[0]?.t === 'keyword') checkDefinition(item, check, moduleName, head.name === 'interface');
      }
      return;
    }
    case 'use': return;
    // a definition outside a module is a REPL one, which Pact files under its pseudo-module
    default: return checkDefinition(form, check, REPL_MODULE, false);
  }
}

/** A def form: its name, its arguments in order, then its body (schemas and tables: the name,
 *  located, as Pact's parser records those two, at the whole form). */
function checkDefinition(form: Syntax & { t: 'paren' }, check: ShadowCheck, moduleName: string, inInterface: boolean): void {
  const kind = (form.items[0] as { name: string }).name;
  if (!DEFS.has(kind)) {
    if (kind === 'let' || kind === 'let*' || kind === 'lambda') walk(form, check, 'in top level expression');
    return;
  }
  const name = form.items[1];
  if (name?.t !== 'name') return;
  // Pact's DefKind prints a schema as `defscema`, and qualifies an interface's schema by #repl
  // (its checkDefSchemaShadows knows only a module's context)
  const owner = kind === 'defschema' && inInterface ? REPL_MODULE : moduleName;
  const what = `${kind === 'defschema' ? 'defscema' : kind} ${owner}.${name.parts[0]}`;
  if (kind === 'defschema' || kind === 'deftable') return check(name.parts[0], form.span, `in the definition name of ${what}`);
  check(name.parts[0], name.span, `in the definition name of ${what}`);
  let i = skipType(form.items, 2);
  if (kind !== 'defconst') {
    const params = form.items[i];
    if (params?.t === 'paren') {
      paramNames(params.items).forEach((p, n) => check(p.parts[0], p.span, `in definition ${what} at argument position ${n}`));
      i++;
    }
  }
  walkFrom(form.items, i, check, `in the body of definition ${what}`);
}


const DEFS = new Set(['defun', 'defcap', 'defpact', 'defconst', 'defschema', 'deftable']);

/** Expressions are checked bottom-up, as Pact's transformM visits them: a binder is reported
 *  after everything inside its form. */
function walk(s: Syntax, check: ShadowCheck, context: string): void {
  if (s.t === 'bracket' || s.t === 'brace') { walkFrom(s.items, 0, check, context); return; }
  if (s.t !== 'paren') return;
  const head = s.items[0], binders = s.items[1];
  if (head?.t === 'keyword' && (head.name === 'let' || head.name === 'let*') && binders?.t === 'paren') {
    const names: (Syntax & { t: 'name' })[] = [];
    for (const b of binders.items) {
      if (b.t !== 'paren' || b.items[0]?.t !== 'name') continue;
      names.push(b.items[0]);
      walk(b.items[b.items.length - 1], check, context);
    }
    walkFrom(s.items, 2, check, context);
    for (const n of names) check(n.parts[0], n.span, context);
    return;
  }
  if (head?.t === 'keyword' && head.name === 'lambda' && binders?.t === 'paren') {
    walkFrom(s.items, 2, check, context);
    for (const p of paramNames(binders.items)) check(p.parts[0], p.span, context);
    return;
  }
  walkFrom(s.items, 0, check, context);
}

/** walk each of `items` from `start`, by index: the check runs as cold code, where `for…of`
 *  costs an iterator and a result object per element. */
function walkFrom(items: Syntax[], start: number, check: ShadowCheck, context: string): void {
  for (let i = start; i < items.length; i++) walk(items[i], check, context);
}

/** The argument names of `(a:integer b c:object{s})`: names not in a type annotation. */
function paramNames(items: Syntax[]): (Syntax & { t: 'name' })[] {
  const out: (Syntax & { t: 'name' })[] = [];
  for (let i = 0; i < items.length;) {
    const x = items[i];
    if (x.t === 'name') { out.push(x); i = skipType(items, i + 1); } else i++;
  }
  return out;
}

/** Past an optional `:type` at items[i] (`:t`, `:[t]`, `:object{s}`, `:module{i}`). */
function skipType(items: Syntax[], i: number): number {
  const colon = items[i];
  if (colon?.t !== 'punct' || colon.p !== ':') return i;
  const t = items[i + 1];
  if (!t) return i + 1;
  return items[i + 2]?.t === 'brace' && (t.t === 'name' || t.t === 'keyword') ? i + 3 : i + 2;
}
