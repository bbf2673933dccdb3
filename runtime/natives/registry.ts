// Assembles native implementations by catalogue id and checks them against vm/builtins.ts.

import { BUILTINS } from '../../vm/builtins.js';
import type { NativeImpl } from '../../vm/host.js';
import { nativeFailure } from '../../vm/errors.js';

export type NativeTable = Record<string, NativeImpl>;

let idByName: Map<string, number> | undefined;

/**
 * Implementations indexed by builtin id; catalogue entries with no implementation fail clearly.
 * Every session assembles its own tables (they close over it), so the name → id map is made once.
 */
export function assembleNatives(tables: NativeTable[]): { impls: NativeImpl[]; missing: string[] } {
  const ids = idByName ??= new Map(BUILTINS.map((b, i) => [b.name, i]));
  // filled in place: every session assembles its tables, so this runs once per script of a batch
  const impls = new Array<NativeImpl>(BUILTINS.length);
  for (const t of tables) {
    for (const name in t) {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`native ${name} is not in vm/builtins.ts`);
      if (impls[id] !== undefined) throw new Error(`native ${name} implemented twice`);
      impls[id] = t[name];
    }
  }
  const missing: string[] = [];
  for (let i = 0; i < impls.length; i++) {
    if (impls[i] !== undefined) continue;
    const name = BUILTINS[i]!.name;
    missing.push(name);
    impls[i] = () => { throw nativeFailure(name, 'not implemented in pactvm yet'); };
  }
  return { impls, missing };
}
