// `implements` at module load (Desugar.hs checkImplements): every defun, defcap and defpact an
// interface declares must be defined by the module with the same kind, arguments and types.

import { PactError } from '../../vm/errors.js';
import {
  defName, renderModuleName, sameModuleName,
  type Arg, type Def, type DefCapMeta, type IfDef, type IfDefCapMeta, type ModuleName, type Type,
} from './terms.js';

/** Throws Pact's NotImplemented or ImplementationError for the first interface member (in the
 *  interface's definition order) the module's definitions do not match. */
export function checkImplements(module: ModuleName, defs: Def[], iface: ModuleName, ifDefs: IfDef[]): void {
  const m = renderModuleName(module), i = renderModuleName(iface);
  const notImplemented = (n: string) =>
    new PactError('desugar', `Interface member not implemented, module ${m} does not implement interface ${i} member: ${n}`);
  const mismatch = (n: string) =>
    new PactError('desugar', `Module ${m} does not correctly implement the function ${n} from Interface ${i}`);
  for (const want of ifDefs) {
    if (want.d === 'defconst' || want.d === 'defschema') continue;
    const name = want.spec.name;
    const have = defs.find(d => defName(d) === name);
    if (!have) throw notImplemented(name);
    switch (want.d) {
      case 'defun':
        if (have.d !== 'defun') throw mismatch(defName(have));
        if (!sameArgs(have.defun.args, want.args) || !sameOptType(have.defun.spec.type, want.spec.type)) throw mismatch(name);
        break;
      case 'defcap':
        if (have.d !== 'defcap') throw mismatch(defName(have));
        // the meta is compared first, and reported with its own wording
        if (!sameMeta(have.defcap.meta, want.meta, module)) throw mismatch(`: defcap mismatch for ${name}`);
        if (!sameArgs(have.defcap.args, want.args) || !sameOptType(have.defcap.spec.type, want.spec.type)) throw mismatch(name);
        break;
      case 'defpact':
        if (have.d !== 'defpact') throw mismatch(name);
        if (!sameArgs(have.defpact.args, want.args) || !sameOptType(have.defpact.spec.type, want.spec.type)) throw mismatch(name);
        break;
    }
  }
}

/** Arguments match by name and type, positionally (their source locations do not count). */
function sameArgs(a: Arg[], b: Arg[]): boolean {
  return a.length === b.length && a.every((x, k) => x.name === b[k].name && sameOptType(x.type, b[k].type));
}

function sameOptType(a: Type | null, b: Type | null): boolean {
  return a === null || b === null ? a === b : sameType(a, b);
}

/** Structural type equality; schemas compare by qualified name and fields, module types as sets. */
function sameType(a: Type, b: Type): boolean {
  switch (a.t) {
    case 'prim': return b.t === 'prim' && a.prim === b.prim;
    case 'list': return b.t === 'list' && sameType(a.elem, b.elem);
    case 'modref': {
      if (b.t !== 'modref') return false;
      const key = (ms: ModuleName[]) => [...new Set(ms.map(renderModuleName))].sort().join(' ');
      return key(a.interfaces) === key(b.interfaces);
    }
    case 'object': case 'table': {
      if (b.t !== a.t) return false;
      const x = a.schema, y = (b as typeof a).schema;
      if (x.name.name !== y.name.name || !sameModuleName(x.name.module, y.name.module)) return false;
      if (x.fields.size !== y.fields.size) return false;
      for (const [f, t] of x.fields) {
        const u = y.fields.get(f);
        if (!u || !sameType(t, u)) return false;
      }
      return true;
    }
    default: return a.t === b.t;
  }
}

/** Pact's checkMetaMatches: an interface's auto-managed defcap accepts any managed one; an
 *  explicit manager must be the same parameter and the module's own function of that name. */
function sameMeta(have: DefCapMeta, want: IfDefCapMeta, module: ModuleName): boolean {
  if (have.c !== want.c) return false;
  if (have.c !== 'managed' || want.c !== 'managed') return true;
  const w = want.meta, h = have.meta;
  if (w.m === 'auto') return true;
  if (h.m !== 'managed') return false;
  return h.index === w.index && h.param === w.param && h.manager.name === w.manager && sameModuleName(h.manager.module, module);
}
