// The contracts runtime's natives, in one list for the session.

import type { NativeTable } from '../natives/registry.js';
import type { PactType } from '../../vm/types.js';
import { databaseNatives } from './database.js';
import { guardNatives, type GuardHost } from './guards.js';
import { namespaceNatives, type NamespaceHost } from './namespaces.js';
import { principalNatives } from './principals.js';
import { moduleNatives, type ModuleNativesHost } from './module-natives.js';

export type ContractsHost = GuardHost & NamespaceHost & ModuleNativesHost & { schemaFields(name: string): Map<string, PactType> | undefined };

export function contractNatives(h: ContractsHost): NativeTable[] {
  return [databaseNatives(h), guardNatives(h), namespaceNatives(h), principalNatives(h), moduleNatives(h)];
}
