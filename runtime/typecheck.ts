// Runtime type checks of annotated arguments, results and let binders (language.md §9).

import { PactDecimal, PactObject, PactTime, Unit, ModRef, TableRef, isGuard, type Value } from '../vm/values.js';
import type { PactType } from '../vm/types.js';

export interface SchemaLookup {
  /** field types of a schema by name, if known */
  schemaFields(name: string): Map<string, PactType> | undefined;
}

export function typecheck(v: Value, t: PactType, schemas: SchemaLookup): boolean {
  switch (t.t) {
    case 'any': return true;
    case 'prim':
      switch (t.name) {
        case 'integer': return typeof v === 'number' || typeof v === 'bigint';
        case 'decimal': return v instanceof PactDecimal;
        case 'string': return typeof v === 'string';
        case 'bool': return typeof v === 'boolean';
        case 'unit': return v instanceof Unit;
        case 'time': return v instanceof PactTime;
        case 'guard': return isGuard(v);
      }
      return false;
    case 'anylist': return Array.isArray(v);
    case 'list': return Array.isArray(v) && v.every(x => typecheck(x, t.of, schemas));
    case 'anyobject': return v instanceof PactObject;
    case 'object': {
      if (!(v instanceof PactObject)) return false;
      const fields = schemas.schemaFields(t.schema);
      if (!fields) return true;
      if (fields.size !== v.size) return false;
      for (const [k, ft] of fields) {
        const x = v.fields.get(k);
        if (x === undefined || !typecheck(x, ft, schemas)) return false;
      }
      return true;
    }
    case 'table': {
      // a table matches when its schema has the same fields and types (structural equality)
      if (!(v instanceof TableRef)) return false;
      const want = schemas.schemaFields(t.schema), have = schemas.schemaFields(`${v.module}.${v.schemaName}`);
      if (!want || !have) return true;
      return want.size === have.size && [...want].every(([k, ty]) => have.has(k) && sameType(ty, have.get(k)!));
    }
    // interface names may be written bare inside their namespace (`iface` for `ns.iface`)
    case 'modref': return v instanceof ModRef && t.interfaces.every(i => v.interfaces.some(x => x === i || x.endsWith('.' + i)));
  }
}

function sameType(a: PactType, b: PactType): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
