// The in-memory database with a transaction journal (repl.md §1.4). Storage is behind the
// `Storage` interface so that a persistent backend can be added.

import { PactError } from '../../vm/errors.js';
import type { Value } from '../../vm/values.js';

export type Row = Value;

export interface Storage {
  /** tx id reported by begin; null when a transaction is already open */
  begin(): number | null;
  commit(): void;
  rollback(): void;
  readonly inTx: boolean;
  read(table: string, key: string): Row | undefined;
  write(table: string, key: string, row: Row): void;
  keys(table: string): string[];
  hasTable(table: string): boolean;
  createTable(table: string): void;
  /** writes to a table, oldest first, each with the id of the transaction that made it */
  history(table: string): { txid: number; key: string; row: Row }[];
}

export class MemoryStorage implements Storage {
  private txCounter = 0;
  private tables = new Map<string, Map<string, Row>>();
  private snapshot: Map<string, Map<string, Row>> | null = null;
  private log: { txid: number; table: string; key: string; row: Row }[] = [];
  private logAtBegin = 0;

  get inTx(): boolean { return this.snapshot !== null; }

  begin(): number | null {
    if (this.snapshot) return null;
    this.snapshot = new Map([...this.tables].map(([n, t]) => [n, new Map(t)]));
    this.logAtBegin = this.log.length;
    return this.txCounter;
  }

  commit(): void {
    if (!this.snapshot) throw notInTx('commit');
    this.snapshot = null;
    this.txCounter++;
  }

  rollback(): void {
    if (!this.snapshot) throw notInTx('rollback');
    this.tables = this.snapshot;
    this.snapshot = null;
    this.log.length = this.logAtBegin;
  }

  read(table: string, key: string): Row | undefined { return this.tables.get(table)?.get(key); }
  write(table: string, key: string, row: Row): void {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, t = new Map());
    t.set(key, row);
    if (!table.startsWith('SYS:')) this.log.push({ txid: this.txCounter, table, key, row });
  }
  history(table: string): { txid: number; key: string; row: Row }[] {
    return this.log.filter(e => e.table === table);
  }
  keys(table: string): string[] { return [...(this.tables.get(table)?.keys() ?? [])].sort(); }
  hasTable(table: string): boolean { return this.tables.has(table); }
  createTable(table: string): void { this.tables.set(table, new Map()); }
}

function notInTx(op: string): PactError {
  return new PactError('db', `Error during database operation: No Transaction currently in progress, cannot execute "${op}"`);
}
