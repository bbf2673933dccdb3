// Pact's TableName{table, module} of a table value: the runtime keeps the storage name
// `module_table` (renderTableName, what a table prints as), from which the table's own name comes.

import type { TableRef } from '../../vm/values.js';

/** The table's own name, without its module (a name not of the form `module_…` is kept whole). */
export function tableOwnName(t: TableRef): string {
  const prefix = t.module + '_';
  return t.name.startsWith(prefix) ? t.name.slice(prefix.length) : t.name;
}
