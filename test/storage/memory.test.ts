// The in-memory database's undo journal: rollback restores exactly what the transaction changed
// (rows, new tables, re-created tables, the write history) and commit keeps it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MemoryStorage } from '../../runtime/storage/memory.js';

function seeded(): MemoryStorage {
  const db = new MemoryStorage();
  db.createTable('t');
  db.write('t', 'a', 1);
  db.write('t', 'b', 2);
  return db;
}

const rows = (db: MemoryStorage, table: string) => db.keys(table).map(k => [k, db.read(table, k)]);

test('rollback undoes overwrites and inserts, newest first, back to the state at begin', () => {
  const db = seeded();
  assert.is(db.begin(), 0);
  db.write('t', 'a', 10);
  db.write('t', 'a', 11);
  db.write('t', 'c', 3);
  assert.equal(rows(db, 't'), [['a', 11], ['b', 2], ['c', 3]]);
  db.rollback();
  assert.equal(rows(db, 't'), [['a', 1], ['b', 2]]);
  // the transaction is closed: another can begin
  assert.type(db.begin(), 'number');
});

test('rollback forgets tables made in the transaction and restores a re-created one', () => {
  const db = seeded();
  db.begin();
  db.createTable('fresh');
  db.write('fresh', 'x', 'y');
  db.write('implicit', 'k', true);
  db.createTable('t');
  assert.equal(rows(db, 't'), []);
  db.rollback();
  assert.is(db.hasTable('fresh'), false);
  assert.is(db.hasTable('implicit'), false);
  assert.equal(rows(db, 't'), [['a', 1], ['b', 2]]);
});

test('commit keeps the changes, and a later rollback only undoes its own transaction', () => {
  const db = seeded();
  db.begin();
  db.write('t', 'a', 5);
  db.commit();
  assert.is(db.begin(), 1);
  db.write('t', 'b', 6);
  db.rollback();
  assert.equal(rows(db, 't'), [['a', 5], ['b', 2]]);
});

test('the write history drops a rolled-back transaction and numbers committed ones', () => {
  const db = seeded();
  db.begin(); db.write('t', 'a', 7); db.commit();
  db.begin(); db.write('t', 'a', 8); db.rollback();
  assert.equal(db.history('t').map(e => [e.txid, e.key, e.row]), [[0, 'a', 1], [0, 'b', 2], [0, 'a', 7]]);
});

test('begin inside a transaction is refused; commit and rollback outside one fail as Pact does', () => {
  const db = seeded();
  db.begin();
  assert.is(db.begin(), null);
  db.commit();
  assert.throws(() => db.commit(), /No Transaction currently in progress, cannot execute "commit"/);
  assert.throws(() => db.rollback(), /No Transaction currently in progress, cannot execute "rollback"/);
});

test.run();
