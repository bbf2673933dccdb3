// Assembles native implementations by catalogue id and checks them against vm/builtins.ts.

import { BUILTINS } from '../../vm/builtins.js';
import type { NativeImpl } from '../../vm/host.js';
import { nativeFailure } from '../../vm/errors.js';

export type NativeTable = Record<string, NativeImpl>;

/** Implementations indexed by builtin id; catalogue entries with no implementation fail clearly. */
export function assembleNatives(tables: NativeTable[]): { impls: NativeImpl[]; missing: string[] } {
  const merged: NativeTable = {};
  for (const t of tables) {
    for (const [name, impl] of Object.entries(t)) {
      if (merged[name]) throw new Error(`native ${name} implemented twice`);
      merged[name] = impl;
    }
  }
  const known = new Set(BUILTINS.map(b => b.name));
  for (const name of Object.keys(merged)) if (!known.has(name)) throw new Error(`native ${name} is not in vm/builtins.ts`);
  const missing: string[] = [];
  const impls = BUILTINS.map(b => {
    const impl = merged[b.name];
    if (impl) return impl;
    missing.push(b.name);
    return () => { throw nativeFailure(b.name, 'not implemented in pactvm yet'); };
  });
  return { impls, missing };
}
