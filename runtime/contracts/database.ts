// User tables (language.md §11, natives.md §3): create-table, insert/write/update, read,
// with-read, with-default-read, keys, select, fold-db, describe-table — with the module access
// guard, schema checks and the read-only/sys-only purity rules.

import { PactObject, TableRef, isCallable, type Value } from '../../vm/values.js';
import { PactError, userError } from '../../vm/errors.js';
import type { PactType } from '../../vm/types.js';
import { showType } from '../../vm/types.js';
import { tableOwnName } from '../values/table-name.js';
import { objectMatches, partialObjectMatches } from '../values/type-checks.js';
import { countFields } from '../values/size.js';
import { carriedSchemas } from './table-schema.js';
import type { NativeTable } from '../natives/registry.js';
import { argTypeError, boolResult, valueResult } from '../natives/errors.js';
import type { ContractHost } from './host.js';
import { readLabel, writeLabel } from '../gas/meter.js';

const dbError = (msg: string) => new PactError('db', `Error during database operation: ${msg}`);
/** What read-only and sys-only code's database answers an operation it refuses (dbOpDisallowed). */
export const disallowed = () => dbError('Operation disallowed in read-only or sys-only mode');
/** Storage and schema names per table reference, built once: a fresh string is hashed anew by
 *  every Map lookup, and a transfer looks its tables up a dozen times. */
const storageNames = new WeakMap<TableRef, string>();
function storageName(t: TableRef): string {
  let n = storageNames.get(t);
  if (n === undefined) storageNames.set(t, n = `USER:${t.name}`);
  return n;
}

export function databaseNatives(h: ContractHost & { schemaFields(name: string): Map<string, PactType> | undefined }): NativeTable {
  const table = (name: string, args: Value[]): TableRef => {
    const t = args[0];
    if (!(t instanceof TableRef)) throw argTypeError(name, args);
    return t;
  };
  const key = (name: string, args: Value[], i = 1): string => {
    const k = args[i];
    if (typeof k !== 'string') throw argTypeError(name, args);
    return k;
  };

  /** The calling module must own the table, or module admin must be held; a reference from an
   *  older module version works only if that version's hash is blessed (language.md §10.3). */
  function guard(t: TableRef): void {
    // Runtime/Utils.hs guardTable: guardForModuleCall first, the blessed hashes inside it
    if (h.vm.callerModule() !== t.module && !h.caps.moduleAdmin.has(t.module)) {
      throw new PactError('exec', `Module admin necessary for operation but has not been acquired:${t.module}`);
    }
    const mod = h.module(t.module);
    if (mod && t.moduleHash !== null && t.moduleHash !== mod.hash && !mod.blessed.includes(t.moduleHash)) {
      throw new PactError('exec', `Execution aborted, hash not blessed for module ${t.module}: ${t.moduleHash}`);
    }
  }
  /** Pact's guardTable for a read: the AllowReadInLocal flag lets reads bypass it. */
  function guardRead(t: TableRef): void {
    if (!h.env.flags.has('AllowReadInLocal')) guard(t);
  }
  // The database operations themselves, after the guard (and a write's schema check and gas): in
  // read-only and sys-only code Pact swaps the database for one that refuses them (CEK/Utils.hs
  // readOnlyEnv, sysOnlyEnv), then the REPL's database looks the table up (MockPersistence.hs).
  /** _pdbWrite and _pdbKeys (keys, select, fold-db): impure code only, read-only code is refused too. */
  function impureOnly(t: TableRef): void {
    if (h.caps.purity !== 'impure') throw disallowed();
    exists(t);
  }
  /** _pdbRead of a user table: refused in sys-only code. */
  function readable(t: TableRef): void {
    if (h.caps.purity === 'sys-only') throw disallowed();
    exists(t);
  }
  function exists(t: TableRef): void {
    if (!h.db.hasTable(storageName(t))) throw dbError(`Table ${t.name} not found`);
  }
  /** The schemas a write through `t` is checked against: those the table value carries (Pact's
   *  write' checks `_tvSchema tv`, so code of an older module version checks its own version's
   *  schema, an empty one included). */
  function schemasOf(t: TableRef): { schemaFields(name: string): Map<string, PactType> | undefined } {
    return carriedSchemas(t.schema);
  }
  function schemaText(s: Map<string, PactType>): string {
    return '{' + [...s].map(([k, ty]) => `"${k}": ${showType(ty)}`).join(',') + '}';
  }
  /** Pact's checkSchema (insert, write) or checkPartialSchema (update), charged as it walks. */
  function checkRow(t: TableRef, row: PactObject, partial: boolean): void {
    const schemas = schemasOf(t);
    const schema = schemas.schemaFields(t.schema.name);
    if (!schema) return;
    const fits = partial ? partialObjectMatches(row, schema, schemas, h.chargeTypecheck) : objectMatches(row, schema, schemas, h.chargeTypecheck);
    if (!fits) {
      // Errors.hs WriteValueDidNotMatchSchema: "insert" whatever the write was
      throw new PactError('exec', `Attempted insert failed due to schema mismatch. Expected: ${schemaText(schema)}, received ${h.render(row)}`);
    }
  }
  function rowArg(name: string, args: Value[]): PactObject {
    const r = args[2];
    if (!(r instanceof PactObject)) throw argTypeError(name, args);
    return r;
  }
  function readRow(t: TableRef, k: string): PactObject {
    guardRead(t);
    readable(t);
    const row = h.db.read(storageName(t), k);
    if (!(row instanceof PactObject)) throw userError(`No value found in table ${t.name} for key: ${k}`);
    chargeRow('read', row);
    return row;
  }
  /** GRead/GWrite by the row's size (gas.md §3.5): the sizeOf of its fields' map. */
  function chargeRow(op: 'read' | 'write', row: PactObject): void {
    const gas = h.gas;
    if (!gas.metered) return;
    const bytes = gas.sizeOf(countFields, row);
    if (op === 'read') gas.charge(bytes * gas.model.config.perByteReadCost, readLabel, bytes);
    else gas.charge(bytes * gas.model.config.perByteWriteCost, writeLabel, bytes);
  }
  function write(name: 'insert' | 'write' | 'update', args: Value[]): Value {
    const t = table(name, args), k = key(name, args), row = rowArg(name, args);
    // CEK/CoreBuiltin.hs write': the table guard, the schema check, the size, then the write
    guard(t);
    checkRow(t, row, name === 'update');
    chargeRow('write', row);
    impureOnly(t);
    const existing = h.db.read(storageName(t), k);
    if (name === 'insert' && existing !== undefined) {
      throw dbError(`Value already found while in Insert mode in table ${t.name} at key "${k}"`);
    }
    if (name === 'update') {
      if (!(existing instanceof PactObject)) throw dbError(`No row found during update in table ${t.name} at key ${k}`);
      const merged = new Map(existing.fields);
      for (const [f, v] of row.fields) merged.set(f, v);
      h.db.write(storageName(t), k, new PactObject(merged));
    } else h.db.write(storageName(t), k, row);
    return 'Write succeeded';
  }
  /** select's and fold-db's walk (Pact's selectRead, foldDb): the keys first, then each row read
   *  when it is reached, so what the functions wrote to a later row is what they see there. */
  function eachRow(t: TableRef, f: (key: string, row: PactObject) => void): void {
    guardRead(t);
    impureOnly(t);
    const name = storageName(t);
    for (const k of h.db.keys(name)) f(k, h.db.read(name, k) as PactObject);
  }
  function predicate(fn: Value, ...args: Value[]): boolean {
    return boolResult(h.vm.call(fn, args));
  }
  /** A field list, checked before the table is touched: a non-string is a native type error
   *  naming that element's type (Pact's asString). */
  function fieldList(native: string, args: Value[], fields: Value): string[] {
    if (!Array.isArray(fields)) throw argTypeError(native, args);
    for (const f of fields) if (typeof f !== 'string') throw argTypeError(native, [f]);
    return fields as string[];
  }
  function project(row: PactObject, fields: string[]): PactObject {
    if (fields.length === 0) return row;
    return new PactObject(new Map(fields.filter(f => row.fields.has(f)).map(f => [f, row.fields.get(f)!])));
  }
  function history(name: string, t: TableRef): void {
    if (h.env.flags.has('DisableHistoryInTransactionalMode')) {
      throw new PactError('exec', `Operation only permitted in local execution mode: ${name}`);
    }
    guardRead(t);
    readable(t);
  }
  function topLevelOnly(name: string): void {
    if (h.vm.activeFunctions().length > 0) throw new PactError('exec', `Top-level call used in module ${name}`);
  }

  return {
    'create-table': args => {
      const t = table('create-table', args);
      topLevelOnly('create-table');
      guard(t);
      if (h.caps.purity !== 'impure') throw disallowed();
      if (h.db.hasTable(storageName(t))) throw dbError(`Table ${t.name} already exists`);
      h.db.createTable(storageName(t));
      return 'TableCreated';
    },
    'insert': args => write('insert', args),
    'write': args => write('write', args),
    'update': args => write('update', args),
    'read': args => readRow(table('read', args), key('read', args)),
    'read-with-fields': args => {
      // argument errors name the overload, as Pact's builtinName does
      const t = table('read-with-fields', args), k = key('read-with-fields', args);
      const fields = fieldList('read-with-fields', args, args[2]);
      return project(readRow(t, k), fields);
    },
    'with-read': args => {
      const row = readRow(table('with-read', args), key('with-read', args));
      return valueResult(h.vm.call(args[2], [row]));
    },
    'with-default-read': args => {
      const t = table('with-default-read', args), k = key('with-default-read', args);
      const dflt = args[2];
      if (!(dflt instanceof PactObject) || !isCallable(args[3])) throw argTypeError('with-default-read', args);
      guardRead(t);
      readable(t);
      const row = h.db.read(storageName(t), k);
      if (row instanceof PactObject) chargeRow('read', row);
      return valueResult(h.vm.call(args[3], [row instanceof PactObject ? row : dflt]));
    },
    'keys': args => {
      const t = table('keys', args);
      guardRead(t);
      impureOnly(t);
      return h.db.keys(storageName(t));
    },
    'select': args => {
      const t = table('select', args);
      if (!isCallable(args[1])) throw argTypeError('select', args);
      const out: Value[] = [];
      eachRow(t, (_, r) => { if (predicate(args[1], r)) out.push(r); });
      return out;
    },
    'select-with-fields': args => {
      // unlike read, an empty field list selects no fields
      const t = table('select-with-fields', args);
      if (!Array.isArray(args[1]) || !isCallable(args[2])) throw argTypeError('select-with-fields', args);
      const fields = fieldList('select-with-fields', args, args[1]);
      const pick = (r: PactObject) => fields.length === 0 ? new PactObject(new Map()) : project(r, fields);
      const out: Value[] = [];
      eachRow(t, (_, r) => { if (predicate(args[2], r)) out.push(pick(r)); });
      return out;
    },
    'fold-db': args => {
      const t = table('fold-db', args);
      if (!isCallable(args[1]) || !isCallable(args[2])) throw argTypeError('fold-db', args);
      // its query and (when that holds) its consumer run before the next row is read
      const out: Value[] = [];
      eachRow(t, (k, r) => { if (predicate(args[1], k, r)) out.push(valueResult(h.vm.call(args[2], [k, r]))); });
      return out;
    },
    // history natives: local-only when DisableHistoryInTransactionalMode is set (the REPL is
    // transactional)
    'txids': args => {
      const t = table('txids', args), from = args[1];
      if (typeof from !== 'number') throw argTypeError('txids', args);
      history('txids', t);
      return [...new Set(h.db.history(storageName(t)).filter(e => e.txid >= from).map(e => e.txid))];
    },
    'txlog': args => {
      const t = table('txlog', args), tx = args[1];
      if (typeof tx !== 'number') throw argTypeError('txlog', args);
      history('txlog', t);
      return h.db.history(storageName(t)).filter(e => e.txid === tx)
        .map(e => PactObject.of([['key', e.key], ['table', t.name], ['value', e.row]]));
    },
    'keylog': args => {
      const t = table('keylog', args), k = key('keylog', args), from = args[2];
      if (typeof from !== 'number') throw argTypeError('keylog', args);
      history('keylog', t);
      return h.db.history(storageName(t)).filter(e => e.key === k && e.txid >= from)
        .map(e => PactObject.of([['txid', e.txid], ['value', e.row]]));
    },
    'describe-table': args => {
      const t = table('describe-table', args);
      topLevelOnly('describe-table');
      // Pact shows the table's own name here (TableName's _tableName), not `module_table`
      return PactObject.of([['module', t.module], ['name', tableOwnName(t)], ['type', `table{${t.schema.name}}`]]);
    },
  };
}
