// The documentation Pact's REPL keeps for a module's definitions (UserDocs.hs functionDocs,
// ParseTree.hs defDocs), recorded from the module's syntax when the REPL is given it, and shown
// for a top-level form that is nothing but the name of a definition: `m.f` displays
// "m.f\nDocs:\n<doc>" instead of running (Compile.hs, RUserDoc).

import type { Syntax } from '../../compiler/syntax.js';

/** `@doc "…"` (the text) or a docstring at items[i], a `@model [...]` before it skipped: Pact's
 *  MDocOrModel, whose first doc is the definition's (findDocFromAnns). */
function docOrModel(items: Syntax[], i: number): string | undefined {
  const s = items[i];
  if (s?.t === 'annotation' && s.name === '@model') {
    const next = items[i + 2];
    return next?.t === 'annotation' && next.name === '@doc' ? str(items[i + 3]) : undefined;
  }
  // a plain string right after the arguments is the docstring (Pact's grammar shifts it)
  return trailingDoc(items, i);
}

/** `@doc "…"` or a plain string at items[i] (Pact's MDoc). */
function trailingDoc(items: Syntax[], i: number): string | undefined {
  const s = items[i];
  if (s?.t === 'annotation' && s.name === '@doc') return str(items[i + 1]);
  return str(s);
}

function str(s: Syntax | undefined): string | undefined {
  return s?.t === 'str' && !s.tick ? s.value : undefined;
}

/** The doc of one definition form of a module, by its kind's grammar. */
export function definitionDoc(form: Syntax & { t: 'paren' }): string | undefined {
  const items = form.items;
  const kind = items[0]?.t === 'keyword' ? items[0].name : '';
  switch (kind) {
    case 'defun': case 'defcap': case 'defpact': {
      // the argument list is the first parenthesised item after the name (a type is no paren)
      const args = items.findIndex((s, i) => i >= 2 && s.t === 'paren');
      return args < 0 ? undefined : docOrModel(items, args + 1);
    }
    case 'defschema': return docOrModel(items, 2);
    case 'deftable': return trailingDoc(items, 4); // deftable NAME : {schema} doc
    case 'defconst': {
      // defconst NAME[:type] value doc: a type is one item, or two for `object{s}` and its kind
      let value = 2;
      if (items[2]?.t === 'punct' && items[2].p === ':') value = items[3]?.t === 'name' && items[4]?.t === 'brace' ? 5 : 4;
      return trailingDoc(items, value + 1);
    }
  }
  return undefined;
}

/** The docs of a module form's definitions, by definition name (an interface records none). */
export function moduleDocs(form: Syntax & { t: 'paren' }): Map<string, string> {
  const docs = new Map<string, string>();
  if (form.items[0]?.t !== 'keyword' || form.items[0].name !== 'module') return docs;
  for (const d of form.items) {
    if (d.t !== 'paren' || d.items[0]?.t !== 'keyword') continue;
    const name = d.items[1];
    const doc = definitionDoc(d);
    if (name?.t === 'name' && name.parts.length === 1 && doc !== undefined) docs.set(name.parts[0]!, doc);
  }
  return docs;
}

/** What Pact displays for a bare definition name: its qualified name, then its doc if any. */
export function renderUserDoc(qualified: string, doc: string | undefined): string {
  return `${qualified}\nDocs:\n${doc ?? ''}`;
}
