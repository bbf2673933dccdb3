// Pact type annotations as the runtime checks them (language.md §9).

export type PactType =
  | { t: 'prim'; name: 'integer' | 'decimal' | 'bool' | 'string' | 'time' | 'unit' | 'guard' }
  | { t: 'list'; of: PactType }
  | { t: 'anylist' }
  | { t: 'object'; schema: string }
  | { t: 'anyobject' }
  | { t: 'table'; schema: string }
  | { t: 'modref'; interfaces: string[] }
  | { t: 'any' };

const PRIMS = new Set(['integer', 'decimal', 'bool', 'string', 'time', 'unit', 'guard']);

export function primType(name: string): PactType | undefined {
  if (name === 'keyset') return { t: 'prim', name: 'guard' };
  if (name === 'list') return { t: 'anylist' };
  if (name === 'object') return { t: 'anyobject' };
  if (PRIMS.has(name)) return { t: 'prim', name: name as 'integer' };
  return undefined;
}

/** How Pact prints a type in runtime typecheck failures. */
export function showType(ty: PactType): string {
  switch (ty.t) {
    case 'prim': return ty.name;
    // Pact's Pretty Type leaves only a TyPrim bare: guard is a constructor of its own (TyGuard)
    case 'list': return 'list ' + (ty.of.t === 'prim' && ty.of.name !== 'guard' ? ty.of.name : `(${showType(ty.of)})`);
    case 'anylist': return 'list';
    case 'object': return `object{${ty.schema}}`;
    case 'anyobject': return 'object';
    case 'table': return `table{${ty.schema}}`;
    case 'modref': return `module{${ty.interfaces.join(', ')}}`;
    case 'any': return '*';
  }
}
