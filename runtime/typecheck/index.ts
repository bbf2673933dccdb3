// Pact 5's static typechecker (the REPL's `typecheck`, `pactvm check`): Hindley–Milner inference
// with row types over a deployed module's Pact IR and the definitions it depends on.
//
//   const types = typecheckModule({ module, file, deps, fileOf, interfaceOf });  // throws TypecheckError
//   renderTypecheckError(err.problem, name => sourceText(name))                     // Pact's message

import { stronglyConnComp } from '../pact-ir/scc.js';
import {
  compareFqn, defName, renderModuleName,
  type Def, type FullyQualifiedName, type Interface, type Module, type ModuleName, type Term,
} from '../pact-ir/terms.js';
import { DefinitionChecker } from './definitions.js';
import { fqnKey, type DefnType } from './infer.js';
import { tcFail, type Loc } from './tc-errors.js';
import { canonicalScheme, showTy, type Scheme } from './tc-types.js';

export { TypecheckError, type TypecheckProblem, type Loc } from './tc-errors.js';
export { renderTypecheckError, problemLoc, errorSlice, type SourceLookup } from './render-tc.js';
export { parseScheme } from './scheme-syntax.js';
export { canonicalScheme } from './tc-types.js';
export type { DefnType } from './infer.js';

export interface TypecheckRequest {
  /** the module, as deployed (constants evaluated, real hash) */
  module: Module;
  /** the file its source spans point into */
  file: string;
  /** the definitions of other modules it depends on (transitively), as stored with it */
  deps: [FullyQualifiedName, Def][];
  /** the file of another module's definitions */
  fileOf(module: ModuleName): string;
  /** a deployed interface (for dynamic calls `m::f`) */
  interfaceOf(module: ModuleName): { iface: Interface; file: string } | undefined;
}

/** Typecheck a module: the type of each of its definitions by name (schemas aside). Throws a
 *  TypecheckError on the first problem, as Pact does. */
export function typecheckModule(req: TypecheckRequest): Map<string, DefnType> {
  let checker: DefinitionChecker;
  const world = {
    ensureInterface: (m: ModuleName, at: Loc) => {
      if (checker.interfaces.has(renderModuleName(m))) return;
      const found = req.interfaceOf(m);
      if (!found) tcFail({ e: 'notSupported', what: `the interface ${renderModuleName(m)} is not loaded`, at });
      checker.inferInterface(found.iface, found.file);
    },
    interfaceMember: (m: ModuleName, fn: string) => checker.interfaceDefns.get(`${renderModuleName(m)}.${fn}`),
  };
  checker = new DefinitionChecker(world);
  const own = req.module;
  const all = new Map<string, { fqn: FullyQualifiedName; def: Def }>();
  for (const [fqn, def] of req.deps) all.set(fqnKey(fqn.module, fqn.name, fqn.hash), { fqn, def });
  for (const def of own.defs) {
    const fqn = { module: own.name, name: defName(def), hash: own.hash };
    all.set(fqnKey(fqn.module, fqn.name, fqn.hash), { fqn, def });
  }
  for (const { fqn, def } of dependencyOrder(all)) {
    const mine = renderModuleName(fqn.module) === renderModuleName(own.name);
    checker.def(fqn.module, fqn.hash, def, mine ? req.file : req.fileOf(fqn.module));
  }
  const out = new Map<string, DefnType>();
  for (const def of own.defs) {
    const t = checker.free.get(fqnKey(own.name, defName(def), own.hash));
    if (t) out.set(defName(def), t);
  }
  return out;
}

/** A definition's type as one line of text, variables named by position (for comparisons). */
export function showDefnType(t: DefnType): string {
  if (t.k === 'scheme') return canonicalScheme(t.scheme);
  return [...t.steps].sort((a, b) => a[0] - b[0]).map(([i, ty]) => `step ${i}: ${showTy(ty, v => String(v))}`).join('; ');
}

/** The order Pact's inferModule checks definitions in: `flattenSCCs (stronglyConnCompR …)` over
 *  the module's definitions and its dependencies, keyed by fully qualified name, each naming the
 *  set of top-level names its terms use. */
function dependencyOrder(all: Map<string, { fqn: FullyQualifiedName; def: Def }>): { fqn: FullyQualifiedName; def: Def }[] {
  const byFqn = (a: string, b: string) => compareFqn(all.get(a)!.fqn, all.get(b)!.fqn);
  const edges = [...all.entries()].map(([key, entry]) => ({
    node: entry, key, deps: [...new Set(defRefs(entry.def).filter(k => all.has(k)))].sort(byFqn),
  }));
  return stronglyConnComp(edges, byFqn).flatMap(c => (c.cyclic ? c.nodes : [c.node]));
}

function defRefs(d: Def): string[] {
  const out: string[] = [];
  const walk = (t: Term): void => {
    switch (t.t) {
      case 'var': if (t.name.kind.k === 'toplevel') out.push(fqnKey(t.name.kind.module, t.name.name, t.name.kind.hash)); return;
      case 'lam': case 'nullary': walk(t.body); return;
      case 'let': walk(t.value); walk(t.body); return;
      case 'app': walk(t.fn); t.args.forEach(walk); return;
      case 'seq': walk(t.first); walk(t.then); return;
      case 'list': t.items.forEach(walk); return;
      case 'object': t.fields.forEach(([, v]) => walk(v)); return;
      case 'form': Object.values(t.form).forEach(x => { if (typeof x === 'object' && x !== null) walk(x as Term); }); return;
      default: return;
    }
  };
  switch (d.d) {
    case 'defun': walk(d.defun.term); break;
    case 'defcap': walk(d.defcap.term); break;
    case 'defpact': d.defpact.steps.forEach(s => { walk(s.exec); if (s.s === 'rollback') walk(s.rollback); }); break;
    case 'defconst': if (d.defconst.value.c === 'term') walk(d.defconst.value.term); break;
    default: break;
  }
  return out;
}

export type { Scheme };
