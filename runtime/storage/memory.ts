// The in-memory database with a transaction journal (repl.md §1.4). Storage is behind the
// `Storage` interface so that a persistent backend can be added.

import { PactError } from '../../vm/errors.js';
import { compareCodePoints, type Value } from '../../vm/values.js';

export type Row = Value;

export interface Storage {
  /** tx id reported by begin; null when a transaction is already open */
  begin(): number | null;
  commit(): void;
  rollback(): void;
  read(table: string, key: string): Row | undefined;
  write(table: string, key: string, row: Row): void;
  keys(table: string): string[];
  hasTable(table: string): boolean;
  createTable(table: string): void;
  /** writes to a table, oldest first, each with the id of the transaction that made it */
  history(table: string): { txid: number; key: string; row: Row }[];
}

/** One change made inside the open transaction, with what it replaced (undefined: nothing): a
 *  row, or a whole table (`key` null).
 *
 *  Journal and log entries are class instances, not object literals: V8 pretenures a literal's
 *  allocation site once its objects are seen surviving (a bulk insert's journal, a committed
 *  log), and every later short transaction's entries would then be made in the old generation,
 *  to be freed only by mark-compacts (measured: ~2 µs of GC per coin transfer). */
type Undo = RowUndo | TableUndo;
class RowUndo {
  constructor(readonly table: string, readonly key: string, readonly previous: Row | undefined) {}
}
class TableUndo {
  readonly key = null;
  constructor(readonly table: string, readonly previous: Map<string, Row> | undefined) {}
}

/** A committed or pending write, for txids/txlog. */
class Logged {
  constructor(readonly txid: number, readonly table: string, readonly key: string, readonly row: Row) {}
}

/**
 * Tables are changed in place; a transaction keeps an undo journal of the values it replaced, so
 * begin and commit are O(1) and rollback is O(changes made), whatever the size of the database.
 */
export class MemoryStorage implements Storage {
  private txCounter = 0;
  private tables = new Map<string, Map<string, Row>>();
  /** the open transaction's undo journal, oldest first; null outside a transaction */
  private journal: Undo[] | null = null;
  private log: Logged[] = [];
  private logAtBegin = 0;

  begin(): number | null {
    if (this.journal) return null;
    this.journal = [];
    this.logAtBegin = this.log.length;
    return this.txCounter;
  }

  commit(): void {
    if (!this.journal) throw notInTx('commit');
    this.journal = null;
    this.txCounter++;
  }

  rollback(): void {
    const journal = this.journal;
    if (!journal) throw notInTx('rollback');
    for (let i = journal.length - 1; i >= 0; i--) {
      const u = journal[i];
      if (u.key === null) {
        if (u.previous === undefined) this.tables.delete(u.table);
        else this.tables.set(u.table, u.previous);
      } else {
        const t = this.tables.get(u.table)!;
        if (u.previous === undefined) t.delete(u.key);
        else t.set(u.key, u.previous);
      }
    }
    this.journal = null;
    this.log.length = this.logAtBegin;
  }

  read(table: string, key: string): Row | undefined { return this.tables.get(table)?.get(key); }
  write(table: string, key: string, row: Row): void {
    let t = this.tables.get(table);
    if (!t) {
      this.journal?.push(new TableUndo(table, undefined));
      this.tables.set(table, t = new Map());
    }
    this.journal?.push(new RowUndo(table, key, t.get(key)));
    t.set(key, row);
    if (!table.startsWith('SYS:')) this.log.push(new Logged(this.txCounter, table, key, row));
  }
  history(table: string): { txid: number; key: string; row: Row }[] {
    return this.log.filter(e => e.table === table);
  }
  /** in code-point order, as Pact's Map of Text keys lists them (JavaScript's sort compares UTF-16
   *  units, which puts U+10000 and up before U+E000–U+FFFF) */
  keys(table: string): string[] { return [...(this.tables.get(table)?.keys() ?? [])].sort(compareCodePoints); }
  hasTable(table: string): boolean { return this.tables.has(table); }
  createTable(table: string): void {
    this.journal?.push(new TableUndo(table, this.tables.get(table)));
    this.tables.set(table, new Map());
  }
}

function notInTx(op: string): PactError {
  return new PactError('db', `Error during database operation: No Transaction currently in progress, cannot execute "${op}"`);
}
