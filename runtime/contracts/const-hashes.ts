// A module's evaluated constants are made before the module has a hash: a table or capability
// token of the module's own that a constant holds carries no hash yet (Pact's placeholder).
// Once hashed, Pact stamps the real hash into them (ModuleHashing.hs updatePactValueHash):
// through lists, objects and capability-token arguments, but not into guards.

import { CapToken, PactObject, TableRef, type Value } from '../../vm/values.js';
import { splitMember } from '../values/pact-names.js';

/** `v` with every own-module table and capability token of `module` given `hash`; the same
 *  value when nothing in it changes. */
export function stampModuleHash(v: Value, module: string, hash: string): Value {
  if (Array.isArray(v)) {
    let out: Value[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x = stampModuleHash(v[i], module, hash);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  if (v instanceof PactObject) {
    // a copy only from the first field that changes (setting a key keeps its place)
    let fields: Map<string, Value> | null = null;
    for (const [k, x] of v.fields) {
      const y = stampModuleHash(x, module, hash);
      if (y !== x) (fields ??= new Map(v.fields)).set(k, y);
    }
    return fields ? new PactObject(fields) : v;
  }
  if (v instanceof TableRef) {
    return v.module === module ? new TableRef(v.name, v.module, v.schemaName, hash, v.schema) : v;
  }
  if (v instanceof CapToken) {
    const args = stampModuleHash(v.args, module, hash) as Value[];
    const own = splitMember(v.name)[0] === module;
    return own || args !== v.args ? new CapToken(v.name, args, own ? hash : v.moduleHash) : v;
  }
  return v;
}
