// A defconst whose value is a table (Pact 5's PTable in an EvaledConst): the module loads, the
// constant works as the table, its CBOR and sizeOf follow CBOR_V1.hs and SizeOf.hs, its own
// module's hash is the placeholder while hashing and the real hash afterwards (ModuleHashing.hs
// updatePactValueHash, which also stamps the module's capability tokens), and the static
// typechecker gives it the table's row type (Infer.hs inferPactValue). pactvm once refused such
// a module with an internal error.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { IrEncoder } from '../../runtime/pact-ir/encode.js';
import { countPactValue } from '../../runtime/pact-ir/size-of.js';
import { toPactValue } from '../../runtime/pact-ir/values.js';
import { MODULE_PLACEHOLDER, type PactValue } from '../../runtime/pact-ir/terms.js';
import { measure, sizeOfValue } from '../../runtime/values/size.js';
import { stableJson } from '../../runtime/values/json.js';
import { stampModuleHash } from '../../runtime/contracts/const-hashes.js';
import { CapToken, PactObject, TableRef, TableSchema, type Value } from '../../vm/values.js';

const MODULE = `(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k"))
(begin-tx)
(module m 'ks
  (defschema s a:integer)
  (deftable t:{s})
  (defcap C (x:integer) true)
  (defconst T t)
  (defconst TYPED:table{s} t)
  (defconst NESTED { "tables": [t t], "cap": (C 1) })
  (defun put () (insert T "k" {'a: 7}) (at 'a (read TYPED "k"))))
(create-table t)
(commit-tx)
`;

function setUp() {
  const r = runRepl(MODULE);
  if (r.error) throw new Error(r.error.message);
  return { session: r.session, m: r.session.module('m')! };
}

test('a table constant loads, and reads and writes its table', () => {
  const { session } = setUp();
  const r = runRepl('(m.put) (typeof m.T) (identity m.T) (= m.T m.t)', 'test.repl', session);
  assert.is(r.error, null);
  assert.equal(r.traces.slice(-4), ['7', '"table{m.s}"', 'm_t', 'true']);
});

test('after deployment the constant carries the module hash, as the table itself does', () => {
  const { session, m } = setUp();
  const value = (n: string) => m.members.get(n)!.value as Value;
  const t = value('t') as TableRef;
  assert.is(t.moduleHash, m.hash);
  for (const n of ['T', 'TYPED']) assert.is(stableJson(value(n)), stableJson(t));
  const nested = value('NESTED') as PactObject;
  for (const x of nested.get('tables') as Value[]) assert.is((x as TableRef).moduleHash, m.hash);
  assert.is((nested.get('cap') as CapToken).moduleHash, m.hash);
  const hashes = runRepl('(hash m.T) (hash m.t)', 'test.repl', session).traces.slice(-2);
  assert.is(hashes[0], hashes[1]);
});

test('the module hash depends on which table the constant holds', () => {
  const hashOf = (table: string) => {
    const r = runRepl(`(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k"))
      (module m 'ks (defschema s a:integer) (deftable t:{s}) (deftable u:{s}) (defconst T ${table}))`);
    if (r.error) throw new Error(r.error.message);
    return r.session.module('m')!.hash;
  };
  assert.is.not(hashOf('t'), hashOf('u'));
  assert.is(hashOf('t'), hashOf('t'));
});

// a namespaced table whose schema has one integer field, as the module IR holds it
const schema = new TableSchema('ns.m.s', new Map([['a', { t: 'prim', name: 'integer' }]]));
const table = (hash: string | null) => new TableRef('ns.m_t', 'ns.m', 's', hash, schema);
const ownHash = Uint8Array.from([1, 2]);
const irValue = (hash: string | null, own: boolean): PactValue =>
  toPactValue(table(hash), () => own ? MODULE_PLACEHOLDER : ownHash);

test('CBOR of a table value: [7, [[table, module name], hash, schema]] (CBOR_V1.hs)', () => {
  const e = new IrEncoder(false);
  e.pactValue(irValue('AQI', false));
  const text = (s: string) => [0x60 + s.length, ...new TextEncoder().encode(s)];
  const ns = [0x82, ...text('m'), 0x81, ...text('ns')]; // ModuleName m (Just "ns")
  assert.equal([...e.w.bytes()], [
    0x82, 0x07, 0x83,
    0x82, ...text('t'), ...ns,
    0x42, 1, 2,
    0x82, 0x82, ...text('s'), ...ns, 0xa1, ...text('a'), 0x82, 0x00, 0x00,
  ]);
});

test('sizeOf a table value: the module IR and the runtime count it alike', () => {
  // a real module hash is 32 bytes; the placeholder, while hashing, 12
  const real = toPactValue(table('x'), () => new Uint8Array(32));
  assert.is(measure(countPactValue, real), sizeOfValue(table('x')));
  assert.is(measure(countPactValue, irValue(null, true)), sizeOfValue(table(null)));
});

test('toPactValue: the placeholder for the module being hashed, the schema with its types', () => {
  const v = irValue(null, true);
  assert.ok(v.v === 'table');
  if (v.v !== 'table') return;
  assert.equal(v.hash, MODULE_PLACEHOLDER);
  assert.is(v.name, 't');
  assert.equal(v.module, { name: 'm', namespace: 'ns' });
  assert.equal([...v.schema.fields], [['a', { t: 'prim', prim: 'integer' }]]);
  assert.equal(v.schema.name, { name: 's', module: { name: 'm', namespace: 'ns' } });
});

test('stampModuleHash: own tables and tokens, through lists, objects and token arguments, not others', () => {
  const own = table(null);
  const other = new TableRef('o_t', 'o', 's', null, schema);
  const token = new CapToken('ns.m.C', [[own]]);
  const foreign = new CapToken('o.C', [own]);
  const v = stampModuleHash([PactObject.of([['x', own], ['y', other]]), token, foreign, 1], 'ns.m', 'H') as Value[];
  const obj = v[0] as PactObject;
  assert.is((obj.get('x') as TableRef).moduleHash, 'H');
  assert.is(obj.get('y'), other);
  assert.is((v[1] as CapToken).moduleHash, 'H');
  assert.is((((v[1] as CapToken).args[0] as Value[])[0] as TableRef).moduleHash, 'H');
  assert.is((v[2] as CapToken).moduleHash, null);
  assert.is(((v[2] as CapToken).args[0] as TableRef).moduleHash, 'H');
  const unchanged = [other, 1, 'a'];
  assert.is(stampModuleHash(unchanged, 'ns.m', 'H'), unchanged);
  // a changed field after an unchanged one: the fields keep their order; an object with nothing of
  // the module's is the same object
  const late = stampModuleHash(PactObject.of([['a', 1], ['t', own], ['z', 2]]), 'ns.m', 'H') as PactObject;
  assert.equal([...late.fields.keys()], ['a', 't', 'z']);
  assert.is((late.get('t') as TableRef).moduleHash, 'H');
  const plain = PactObject.of([['y', other]]);
  assert.is(stampModuleHash(plain, 'ns.m', 'H'), plain);
});

test('the typechecker gives a table constant its table type', () => {
  const { session } = setUp();
  const r = runRepl('(typecheck "m")', 'test.repl', session);
  assert.is(r.error, null);
  assert.is(r.traces.at(-1), 'Typechecking successful for module m');
  const bad = runRepl(`(module w 'ks (defschema s a:integer) (deftable t:{s}) (defconst T t)
    (defun f:string () (at 'a (read T "k"))))
    (typecheck "w")`, 'test.repl', session);
  // the row of T's schema reaches `read`: its `a` is an integer, not the string f declares
  assert.match(bad.error?.message ?? '', /Couldnt match type string with integer/);
});

test.run();
