// Runtime type checks of annotated arguments, results and let binders (language.md §9).

import { PactDecimal, PactObject, PactTime, Unit, ModRef, TableRef, isGuard, type Value } from '../../vm/values.js';
import type { PactType } from '../../vm/types.js';

export interface SchemaLookup {
  /** field types of a schema by name, if known */
  schemaFields(name: string): Map<string, PactType> | undefined;
}

/** Runtime type check; `charge` receives the check's cost in milligas (gas.md §3.2: 25 per
 *  element of a typed list, per field of a schema'd object or table). */
export function typecheck(v: Value, t: PactType, schemas: SchemaLookup, charge?: (mg: number) => void): boolean {
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
    case 'list':
      if (!Array.isArray(v)) return false;
      charge?.(25 * v.length);
      return v.every(x => typecheck(x, t.of, schemas, charge));
    case 'anyobject': return v instanceof PactObject;
    case 'object': {
      if (!(v instanceof PactObject)) return false;
      const fields = schemas.schemaFields(t.schema);
      if (!fields) return true;
      if (fields.size !== v.size) return false;
      charge?.(25 * v.size);
      for (const [k, ft] of fields) {
        const x = v.fields.get(k);
        if (x === undefined || !typecheck(x, ft, schemas, charge)) return false;
      }
      return true;
    }
    case 'table': {
      // a table matches when its schema has the same fields and types (structural equality)
      if (!(v instanceof TableRef)) return false;
      const want = schemas.schemaFields(t.schema), have = schemas.schemaFields(`${v.module}.${v.schemaName}`);
      if (!want || !have) return true;
      if (want.size === have.size) charge?.(25 * want.size);
      return want.size === have.size && [...want].every(([k, ty]) => have.has(k) && sameType(ty, have.get(k)!));
    }
    // the compiler resolved the annotation's interfaces to full names: the reference must
    // implement each of them (it may implement more)
    case 'modref':
      if (v instanceof ModRef && v.interfaces.length >= 10) charge?.(25 * v.interfaces.length);
      return v instanceof ModRef && t.interfaces.every(i => v.interfaces.includes(i));
  }
}

function sameType(a: PactType, b: PactType): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
