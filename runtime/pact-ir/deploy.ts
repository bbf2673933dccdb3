// The byte sizes and dependency walk behind module deployment gas (gas.md §3.9):
//   MOpDesugarModule(S_desugar) = 400·S_desugar   sizeOf(module, infos erased, placeholder hash)
//   GHash(S_hash)               = 100·S_hash      the same after constant evaluation
//   MOpFindTransitiveDep(d)                       the dependency walk below
//   GWrite(S_store)             = 200·S_store     sizeOf(ModuleData(module, deps)) with infos, real hash
// and, when the module is later read back from the database, MOpLoadModule(storedBytes) (§3.8).
// The charges measure each size under the byte budget (`Measured`: the walk and what it walks);
// the whole sizes are there for whoever wants them without a meter. Entry point: `moduleSizes(form, ctx)`.

import type { Syntax } from '../../compiler/syntax.js';
import type { ModuleHashContext } from './module-context.js';
import { buildModuleIR, evaluateConstants, hashBuilt, hashText, type Built } from './hash.js';
import { countErasedModule, countStoredModule, type StoredModule } from './size-of.js';
import { measure } from '../values/size.js';
import type { Measured } from '../gas/meter.js';
import { storedModuleLength } from './stored.js';
import {
  compareFqn, defName, formTerms, ifDefName, renderModuleName, sameModuleName,
  type Def, type FullyQualifiedName, type HashBytes, type Term,
} from './terms.js';

export interface ModuleSizes {
  /** the finished IR (constants evaluated, real hash) */
  built: Built;
  /** the IR after constant evaluation, before hashing (placeholder self-references) */
  evaluated: Built;
  /** the module hash as text */
  hash: string;
  /** what the three size charges measure, each when it is charged (only while metered: most
   *  scripts deploy their modules with gas off): the renamed IR and the evaluated IR with infos
   *  erased, and the stored ModuleData with infos */
  desugared: Measured<Built>;
  hashed: Measured<Built>;
  stored: Measured<StoredModule>;
  /** S_desugar, the whole size (charged 400 mG/byte); measured on first read */
  readonly desugar: number;
  /** S_hash: charged 100 mG/byte */
  readonly hashing: number;
  /** S_store: charged 200 mG/byte */
  readonly store: number;
  /** the byte length of the document the REPL's database stores (stored.ts): MOpLoadModule's
   *  size; computed on first read */
  readonly storedBytes: number;
  /** the definitions of other modules stored alongside (ModuleData's dependency map) */
  deps: [FullyQualifiedName, Def][];
  /** d of MOpFindTransitiveDep(d), in milligas; null where Pact makes no walk (an interface, a
   *  module under DisablePact51) and charges nothing */
  transitiveDepCost: number | null;
}

/**
 * Everything module deployment charges by size, for a `(module …)`/`(interface …)` form.
 * `allLoadedBefore` is the number of definitions already in Pact's "all loaded" map (every def
 * of every module loaded in this REPL session/transaction before this one); it only affects
 * the transitive-dependency charge. `desugared` is the form's IR when it was built already (before
 * the constants were evaluated, as Pact renames a module before ConstEval).
 */
export function moduleSizes(form: Syntax & { t: 'paren' }, ctx: ModuleHashContext, allLoadedBefore = 0,
  desugared: Built = buildModuleIR(form, ctx)): ModuleSizes {
  const evaluated = evaluateConstants(desugared, ctx);
  const file = form.span.file.name;
  const built = withFile(hashBuilt(evaluated), file);
  // Pact ≥ 5.1 walks a module's transitive dependencies; an interface, and a module under
  // DisablePact51, store every loaded definition of the modules their names resolved into
  const walk = 'module' in built && !ctx.disablePact51
    ? dependencyWalk(built, ctx, allLoadedBefore)
    : { cost: null, deps: directDependencies(built, ctx) };
  // the stored document is only needed if the module is read back: encode it on first use, with
  // the files of the dependencies' modules as they are now
  const depFiles = new Map(walk.deps.map(([f]) => [renderModuleName(f.module), ctx.lookupModule(f.module)?.file ?? file]));
  let storedBytes: number | undefined;
  // the walks keep the sizes they measured whole (size-of.ts): reading them again costs nothing
  const sized = {
    desugared: erasedModule(desugared), hashed: erasedModule(evaluated),
    stored: { walk: countStoredModule, of: { data: built, deps: walk.deps } },
  };
  return {
    built, evaluated, hash: hashText(built), deps: walk.deps, transitiveDepCost: walk.cost, ...sized,
    get desugar() { return measure(countErasedModule, desugared); },
    get hashing() { return measure(countErasedModule, evaluated); },
    get store() { return measure(countStoredModule, sized.stored.of); },
    get storedBytes() {
      return storedBytes ??= storedModuleLength(built, walk.deps, file, m => depFiles.get(renderModuleName(m)) ?? file);
    },
  };
}

/** A module's IR as Pact sizes it for MOpDesugarModule (as renamed, before its constants are
 *  evaluated) and GHash (after): with its infos erased. */
export function erasedModule(b: Built): Measured<Built> {
  return { walk: countErasedModule, of: b };
}

/** The built IR remembering the file its infos point into. */
function withFile(b: Built, file: string): Built {
  return 'module' in b ? { module: { ...b.module, file } } : { interface: { ...b.interface, file } };
}

/** Compile.hs evalTopLevel (interfaces) and the pre-5.1 `oldDependencies`: the "all loaded"
 *  definitions whose module is one the renamer resolved a name into, in name order. */
function directDependencies(built: Built, ctx: ModuleHashContext): [FullyQualifiedName, Def][] {
  const deps = ('module' in built ? built.module.deps : built.interface.deps) ?? [];
  if (deps.length === 0 || !ctx.allLoaded) return [];
  const wanted = new Set(deps.map(renderModuleName));
  return [...ctx.allLoaded()].filter(([f]) => wanted.has(renderModuleName(f.module))).sort((a, b) => compareFqn(a[0], b[0]));
}

/** ⌈ln s⌉ · 200: the cost of one search in a set of size s (0 for an empty set). */
function searchCost(s: number): number {
  return s <= 0 ? 0 : Math.ceil(Math.log(s)) * 200;
}

/**
 * Pact ≥ 5.1's transitive-dependency walk: starting from the module's own definitions, visit
 * the smallest pending FQN, tick 5 mG per term node of a defun/defcap/defpact body, and add every
 * top-level name (and managed-cap manager) it mentions. Returns the charge and the definitions of
 * other modules it reached (stored with the module).
 */
export function dependencyWalk(built: Built, ctx: ModuleHashContext, allLoadedBefore: number): { cost: number; deps: [FullyQualifiedName, Def][] } {
  const own = 'module' in built ? built.module : built.interface;
  const ownDefs = new Map<string, Def>();
  if ('module' in built) for (const d of built.module.defs) ownDefs.set(defName(d), d);
  else for (const d of built.interface.defs) {
    if (d.d === 'defconst') ownDefs.set(ifDefName(d), { d: 'defconst', defconst: d.defconst });
    if (d.d === 'defschema') ownDefs.set(ifDefName(d), { d: 'defschema', defschema: d.defschema });
  }
  // the walk makes a key per mention: the hash's hex is made once per hash array (they are shared)
  const hexOf = new Map<HashBytes, string>();
  const hex = (h: HashBytes) => {
    let x = hexOf.get(h);
    if (x === undefined) hexOf.set(h, x = Buffer.from(h).toString('hex'));
    return x;
  };
  const key = (f: FullyQualifiedName) => `${renderModuleName(f.module)}\u0000${f.name}\u0000${hex(f.hash)}`;
  const lookup = (f: FullyQualifiedName): Def | undefined =>
    sameModuleName(f.module, own.name) ? ownDefs.get(f.name) : ctx.lookupModule(f.module)?.defs?.get(f.name);

  const found = new Map<string, FullyQualifiedName>();
  // each name enters pending at most once (when first found), so a heap pops it exactly once
  const pending = new MinHeap<FullyQualifiedName>(compareFqn);
  for (const n of ownDefs.keys()) {
    const f = { module: own.name, name: n, hash: own.hash };
    found.set(key(f), f);
    pending.push(f);
  }
  let cost = 0;
  const mention = (f: FullyQualifiedName) => {
    cost += searchCost(found.size);
    const k = key(f);
    if (found.has(k)) return;
    cost += searchCost(found.size) + searchCost(pending.size);
    found.set(k, f);
    pending.push(f);
  };
  const visit = (t: Term): void => {
    cost += 5;
    switch (t.t) {
      case 'var':
        if (t.name.kind.k === 'toplevel') mention({ module: t.name.kind.module, name: t.name.name, hash: t.name.kind.hash });
        break;
      case 'lam': case 'nullary': visit(t.body); break;
      case 'let': visit(t.value); visit(t.body); break;
      case 'app': visit(t.fn); for (let i = 0; i < t.args.length; i++) visit(t.args[i]); break;
      case 'seq': visit(t.first); visit(t.then); break;
      case 'form': { const ts = formTerms(t.form); for (let i = 0; i < ts.length; i++) visit(ts[i]); break; }
      case 'list': for (let i = 0; i < t.items.length; i++) visit(t.items[i]); break;
      case 'object': for (let i = 0; i < t.fields.length; i++) visit(t.fields[i][1]); break;
      default: break;
    }
  };
  while (pending.size > 0) {
    const next = pending.pop();
    const d = lookup(next);
    if (!d) continue;
    if (d.d === 'defun') visit(d.defun.term);
    else if (d.d === 'defpact') d.defpact.steps.forEach(s => { visit(s.exec); if (s.s === 'rollback') visit(s.rollback); });
    else if (d.d === 'defcap') {
      visit(d.defcap.term);
      const m = d.defcap.meta;
      if (m.c === 'managed' && m.meta.m === 'managed') mention(m.meta.manager);
    }
  }
  const n = allLoadedBefore + ownDefs.size, m = found.size;
  cost += m === 0 || n === 0 ? 0 : Math.ceil(m * Math.log(n / m + 1)) * 200;
  const deps: [FullyQualifiedName, Def][] = [];
  for (const f of found.values()) {
    if (sameModuleName(f.module, own.name)) continue;
    const d = lookup(f);
    if (d) deps.push([f, d]);
  }
  deps.sort((a, b) => compareFqn(a[0], b[0]));
  return { cost, deps };
}

/** a[i] and a[j] exchanged (a destructuring swap makes an array and an iterator in cold code) */
function swap<T>(a: T[], i: number, j: number): void {
  const x = a[i];
  a[i] = a[j];
  a[j] = x;
}

/** A binary min-heap: the walk visits the smallest pending name next, and sorting all pending
 *  names at every step made the walk quadratic in module size. */
class MinHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly cmp: (a: T, b: T) => number) {}
  get size(): number { return this.items.length; }
  push(x: T): void {
    const a = this.items;
    let i = a.push(x) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.cmp(a[i], a[parent]) >= 0) break;
      swap(a, i, parent);
      i = parent;
    }
  }
  /** the smallest item (the heap must not be empty) */
  pop(): T {
    const a = this.items;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && this.cmp(a[l], a[m]) < 0) m = l;
        if (r < a.length && this.cmp(a[r], a[m]) < 0) m = r;
        if (m === i) break;
        swap(a, i, m);
        i = m;
      }
    }
    return top;
  }
}
