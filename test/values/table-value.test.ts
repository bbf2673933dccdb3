// A table as a value (Pact 5's PTable TableValue): what `hash` hashes — its stable encoding
// `{":tableName", ":moduleHash", ":schema"}` with the schema's fields and every nested schema
// written out (StableEncoding.hs) — what `hash` charges for it (GHash of its sizeOf, the schema
// included), and what `typeof` names it. Pactvm once hashed the text "[object Object]".

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { milligas } from '../natives/helpers.js';
import { stableJson } from '../../runtime/values/json.js';
import { sizeOfValue } from '../../runtime/values/size.js';
import { hashBytes } from '../../runtime/values/digest.js';
import { tableOwnName } from '../../runtime/values/table-name.js';
import { TableRef, TableSchema, type SchemaFieldType } from '../../vm/values.js';

const utf8 = new TextEncoder();
const quoted = (s: string) => `"${s}"`;

// a namespaced module whose table's schema has every kind of field type: a primitive, keyset
// (a guard), list, object, untyped, typed lists, a module reference of two interfaces, a nested
// schema (itself holding an interface's schema) as object{…}, as a list of them and as table{…}
const SETUP = `(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k"))
(begin-tx)
(interface zeta (defun g:integer ()))
(define-namespace 'ns (read-keyset "k") (read-keyset "k"))
(namespace 'ns)
(interface iface (defschema point px:decimal py:decimal) (defun f:integer ()))
(module m 'ks
  (defschema inner a:integer b:[string] p:object{iface.point})
  (defschema row x:integer y:object{inner} g:keyset m:module{zeta, iface} l:list o:object z ys:[object{inner}] t:table{inner})
  (deftable tbl:{row})
  (defun h () (hash tbl))
  (defconst BEFORE-HASHING (hash tbl)))
(commit-tx)
`;

const POINT = '{"sc_name":"ns.iface.point","sc_fields":{"px":"decimal","py":"decimal"}}';
const INNER = `{"sc_name":"ns.m.inner","sc_fields":{"p":{"tyobject":${POINT}},"a":"integer","b":{"tylist":"string"}}}`;
/** Written from StableEncoding.hs by hand: the three keys in that order, the fields in legacy order. */
const tableJson = (moduleHash: string) => `{":tableName":"ns.m:tbl",":moduleHash":"${moduleHash}",` +
  `":schema":{"sc_name":"ns.m.row","sc_fields":{"l":"list","g":"guard","z":"*",` +
  `"m":{"tymodref":[{"namespace":"ns","name":"iface"},{"namespace":null,"name":"zeta"}]},` +
  `"t":{"tytable":${INNER}},"o":"object","ys":{"tylist":{"tyobject":${INNER}}},"x":"integer",` +
  `"y":{"tyobject":${INNER}}}}}`;

function setUp() {
  const r = runRepl(SETUP);
  if (r.error) throw new Error(r.error.message);
  const m = r.session.module('ns.m')!;
  return { session: r.session, hash: m.hash, tbl: m.members.get('tbl')!.value as TableRef };
}

test('(hash tbl) hashes the table stable encoding, its schema and nested schemas written out', () => {
  const { session, hash, tbl } = setUp();
  assert.is(stableJson(tbl), tableJson(hash));
  const hashed = (expr: string) => runRepl(expr, 'test.repl', session).traces.at(-1);
  assert.is(hashed('(hash ns.m.tbl)'), quoted(hashBytes(utf8.encode(tableJson(hash)))));
  assert.is(hashed('(ns.m.h)'), quoted(hashBytes(utf8.encode(tableJson(hash)))));
  assert.is(hashed('(hash [ns.m.tbl 1])'), quoted(hashBytes(utf8.encode(`[${tableJson(hash)},{"int":1}]`))));
  assert.is.not(hashed('(hash ns.m.tbl)'), hashed('(hash "[object Object]")'));
});

test('a table hashed while its module constants are evaluated carries the placeholder module hash', () => {
  const { session } = setUp();
  // Pact's names carry `#placeholder` until the module is hashed; base64url "I3BsYWNlaG9sZGVy"
  const r = runRepl('(identity ns.m.BEFORE-HASHING)', 'test.repl', session);
  assert.is(r.traces.at(-1), quoted(hashBytes(utf8.encode(tableJson('I3BsYWNlaG9sZGVy')))));
});

test('a table whose schema another module defines carries that schema, by that module\'s name', () => {
  const r = runRepl(`(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k"))
    (module o 'ks (defschema s q:integer)) (module m 'ks (deftable t:{o.s})) (typeof m.t)`);
  assert.is(r.traces.at(-1), '"table{o.s}"');
  const m = r.session.module('m')!;
  assert.is(stableJson(m.members.get('t')!.value as TableRef),
    `{":tableName":"m:t",":moduleHash":"${m.hash}",":schema":{"sc_name":"o.s","sc_fields":{"q":"integer"}}}`);
});

test('schema fields of one legacy hash are written in code-point order, whatever their order in the source', () => {
  // KDVbObvYfUHh and ONSjcdewlZMt: one 64-bit FNV-1 hash (test/values/json.test.ts)
  const r = runRepl(`(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k"))
    (module m 'ks (defschema s ONSjcdewlZMt:integer KDVbObvYfUHh:string) (deftable t:{s}))`);
  const m = r.session.module('m')!;
  assert.is(stableJson(m.members.get('t')!.value as TableRef), `{":tableName":"m:t",":moduleHash":"${m.hash}",` +
    '":schema":{"sc_name":"m.s","sc_fields":{"KDVbObvYfUHh":"string","ONSjcdewlZMt":"integer"}}}');
});

test('a table whose schema another module defines: its rows and table{…} arguments are checked against that schema', () => {
  // the row checks looked the schema up as `m.o.s` (the table's module before the written name) and,
  // finding none, checked nothing
  const src = `(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k")) (begin-tx)
    (module o 'ks (defschema s q:integer) (defschema r q:string))
    (module m 'ks (deftable t:{o.s})
      (defun w (v) (write t "a" {"q": v})) (defun f (x:table{o.s}) 1) (defun g (x:table{o.r}) 2)
      (defun uses-s () (f t)) (defun uses-r () (g t)))
    (create-table m.t)\n`;
  const last = (expr: string) => { const r = runRepl(src + expr); return r.error ? `error: ${r.error.message}` : r.traces.at(-1); };
  assert.is(last('(m.w 1)'), '"Write succeeded"');
  assert.is(last('(m.w "one")'), 'error: Attempted insert failed due to schema mismatch. Expected: {"q": integer}, received {"q": "one"}');
  assert.is(last('(m.uses-s)'), '1');
  assert.match(last('(m.uses-r)')!, /^error: /);
});

test('typeof a table names its schema qualified', () => {
  const { session } = setUp();
  assert.is(runRepl('(typeof ns.m.tbl)', 'test.repl', session).traces.at(-1), '"table{ns.m.row}"');
});

test('hash of a table is charged GHash of its sizeOf, the whole schema counted (worked out by hand: 536)', () => {
  const { tbl } = setUp();
  // TableValue 1 + TableName (1 + "tbl" 7 + ModuleName ns.m 14) + hash 36, PactValue tag 2: 61;
  // row: 1 + QualifiedName 22 + map 5 + fields 447 (inner 112, point 54, modref 42): 475
  assert.is(sizeOfValue(tbl), 536);
  const base = milligas(`${SETUP}ns.m.tbl`); // the same, the table only referred to
  assert.is(milligas(`${SETUP}(hash ns.m.tbl)`) - base, 100 + 536 * 100);
});

// sizeOf of each kind of schema field type, by hand: a field is a pair (1) of its name and type
const s = (name: string, fields: [string, SchemaFieldType][]) => new TableSchema(name, new Map(fields));
test('sizeOf a table: table name without its module, hash or placeholder, schema fields by type', () => {
  const point = s('m.pt', [['a', { t: 'prim', name: 'integer' }]]); // 1 + (1 + 6 + 8) + 5 + (1 + 5 + 3) = 30
  const fields: [SchemaFieldType, number][] = [
    [{ t: 'prim', name: 'string' }, 3], [{ t: 'anylist' }, 2], [{ t: 'anyobject' }, 2], [{ t: 'any' }, 2],
    [{ t: 'list', of: { t: 'prim', name: 'bool' } }, 5], [{ t: 'object', schema: point }, 32],
    [{ t: 'table', schema: point }, 32], [{ t: 'list', of: { t: 'object', schema: point } }, 34],
    // ModuleNames i (1 + 5 + 2) and ns.j (1 + 5 + 8) in a set (5)
    [{ t: 'modref', interfaces: ['i', 'ns.j'] }, 2 + 5 + 8 + 14],
  ];
  for (const [ty, size] of fields) {
    const t = new TableRef('ns.m_t', 'ns.m', 's', 'H', s('ns.m.s', [['f', ty]]));
    // 2 + 1 + TableName (1 + 5 + 14) + 36 + schema 1 + (1 + 5 + 14) + 5 + field (1 + 5 + type)
    assert.is(sizeOfValue(t), 59 + 26 + 6 + size, JSON.stringify(ty));
  }
  const empty = s('ns.m.s', []);
  assert.is(sizeOfValue(new TableRef('ns.m_t', 'ns.m', 's', 'H', empty)), 59 + 26);
  assert.is(sizeOfValue(new TableRef('ns.m_t', 'ns.m', 's', null, empty)), 59 - 36 + 16 + 26);
});

test('stable JSON of a table built without a schema: its qualified name, no fields', () => {
  assert.is(stableJson(new TableRef('m_t', 'm', 's', 'H')),
    '{":tableName":"m:t",":moduleHash":"H",":schema":{"sc_name":"m.s","sc_fields":{}}}');
  // a name not made by the runtime (no `module_` prefix) is the table's name as it is
  assert.is(tableOwnName(new TableRef('t', 'm', 's')), 't');
  assert.is(tableOwnName(new TableRef('mt', 'm', 's')), 'mt');
  assert.is(tableOwnName(new TableRef('ns.m_a_b', 'ns.m', 's')), 'a_b');
});

test('hash of a module guard, a capability token and unit: Pact 5 encodings', () => {
  const { session, hash } = setUp();
  const run = (src: string) => runRepl(src, 'test.repl', session).traces.at(-1);
  const h = (json: string) => quoted(hashBytes(utf8.encode(json)));
  runRepl(`(begin-tx) (namespace 'ns) (module g 'ks (defcap C:bool (a:integer) true) (defun cap () (C 1))
    (defun mg () (hash (create-module-guard "x"))) (defun tok () (hash (C 1)))) (commit-tx)`, 'test.repl', session);
  const gHash = session.module('ns.g')!.hash;
  assert.is(run('(ns.g.mg)'), h('{"moduleName":{"namespace":"ns","name":"g"},"name":"x"}'));
  assert.is(run('(ns.g.tok)'), h(`{"#ctName":"ns.g.C.{${gHash}}","#ctArgs":[{"int":1}]}`));
  assert.is(run('(hash [(ns.g.cap)])'), h(`[{"#ctName":"ns.g.C.{${gHash}}","#ctArgs":[{"int":1}]}]`));
  assert.is(run('(hash (print ""))'), h('null'));
  assert.ok(hash.length > 0);
});

test.run();
