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
  const found: (NativeImpl | undefined)[] = new Array<NativeImpl | undefined>(BUILTINS.length).fill(undefined);
  for (const t of tables) {
    for (const name in t) {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`native ${name} is not in vm/builtins.ts`);
      if (found[id]) throw new Error(`native ${name} implemented twice`);
      found[id] = t[name];
    }
  }
  const missing: string[] = [];
  const impls = found.map((impl, i) => {
    if (impl) return impl;
    const name = BUILTINS[i]!.name;
    missing.push(name);
    return () => { throw nativeFailure(name, 'not implemented in pactvm yet'); };
  });
  return { impls, missing };
}
