// A contract loaded by several scripts of a batch is compiled (and its Pact IR built) once; each
// later load asks its own session the compiler's questions again and reuses the result only when
// the answers mean the same. The reused code runs against the later session's own cells.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moduleCacheHits } from '../../runtime/contracts/module-cache.js';
import { runRepl, type Ran } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'pactvm-module-cache-'));
const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };

const LIB_V1 = file('lib-v1.repl', '(module lib G (defcap G () true) (defun base:integer () 1))');
const LIB_V2 = file('lib-v2.repl', '(module lib G (defcap G () true) (defun base:integer () 2))');
const SHOP_TEXT = `(module shop G
  (defcap G () true)
  (defschema item price:integer)
  (deftable items:{item})
  (defconst TAX (read-integer "tax"))
  (defun price-of:integer (k:string) (with-read items k { 'price := p } (+ p TAX)))
  (defun put (k:string p:integer) (write items k { 'price: p }))
  (defun lib-base:integer () (lib.base))
  (defun twice:integer (x:integer) (helper (helper x))))
(create-table items)`;
// REPL files: loading a .pact file would take the script's REPL defuns out of scope (loadFile)
const SHOP = file('shop.repl', SHOP_TEXT);

/** A script: `helper` is a REPL defun the contract's code reaches late-bound. */
function script(lib: string, tax: number, helperBody: string, extra = ''): string {
  return `(env-data { "tax": ${tax} })
(defun helper:integer (x:integer) ${helperBody})
(begin-tx)
(load "${lib}")
(load "${SHOP}")
(commit-tx)
(shop.put "a" 10)
(shop.price-of "a")
(shop.lib-base)
(shop.twice 5)
${extra}`;
}

/** the function results a script printed (not strings, load messages or gas logs) */
const results = (r: Ran) => r.traces.filter(t => !/^["[]|^Loaded|^TableCreated/.test(t));

test('a second script loading the same contract reuses its compile and IR, runs its own cells', () => {
  const before = moduleCacheHits();
  const a = runRepl(script(LIB_V1, 1, '(+ x 1)'), join(dir, 'a.repl'));
  assert.is(a.error, null, a.error?.message);
  const afterFirst = moduleCacheHits();
  const b = runRepl(script(LIB_V1, 1, '(* x 3)'), join(dir, 'b.repl'));
  assert.is(b.error, null, b.error?.message);
  // the second run reused both modules: compile, IR and sizes, twice
  assert.is(moduleCacheHits() - afterFirst, 6);
  assert.ok(afterFirst - before <= 6);
  // late binding: each session's own `helper`; its own table (the write in b is not seen by a)
  assert.equal(results(a), ['11', '1', '7']);
  assert.equal(results(b), ['11', '1', '45']);
  assert.is(b.session.module('shop')!.hash, a.session.module('shop')!.hash);
  // the copies are not the first session's objects
  const fa = a.session.module('shop')!.members.get('price-of')!, fb = b.session.module('shop')!.members.get('price-of')!;
  assert.is.not(fa, fb);
  assert.is.not(fa.value, fb.value);
});

test('what the compile reused gives the same hash, results and gas as a compile from fresh text', () => {
  const gas = '(env-gasmodel "table") (env-gaslimit 1000000) (env-gaslog)';
  const cached = runRepl(`${gas}\n${script(LIB_V1, 7, '(+ x 1)', '(env-gaslog)')}`, join(dir, 'c.repl'));
  // the same contract text inline: parsed from a new file, so nothing can be reused
  const inline = script(LIB_V1, 7, '(+ x 1)', '(env-gaslog)').replace(`(load "${SHOP}")`, SHOP_TEXT);
  const fresh = runRepl(`${gas}\n${inline}`, join(dir, 'c.repl'));
  assert.is(cached.error, null);
  assert.is(fresh.error, null);
  assert.is(cached.session.module('shop')!.hash, fresh.session.module('shop')!.hash);
  assert.equal(results(cached).slice(0, 3), ['17', '1', '7']);
  // the gas log after the load: identical charges (labels carry spans into shop.repl vs c.repl)
  const totals = (r: Ran) => r.traces.filter(t => t.startsWith('["TOTAL')).map(t => t.slice(0, t.indexOf('"', 2)));
  assert.equal(totals(cached), totals(fresh));
});

test('a constant evaluated to another value gives another hash, as a fresh compile does', () => {
  const tax1 = runRepl(script(LIB_V1, 1, 'x'), join(dir, 'd.repl'));
  const tax2 = runRepl(script(LIB_V1, 2, 'x'), join(dir, 'e.repl'));
  assert.is.not(tax2.session.module('shop')!.hash, tax1.session.module('shop')!.hash);
  assert.equal(results(tax2).slice(0, 1), ['12']);
});

test('another version of a dependency: the IR is rebuilt and the hash follows the dependency', () => {
  const v1 = runRepl(script(LIB_V1, 1, 'x'), join(dir, 'f.repl'));
  const v2 = runRepl(script(LIB_V2, 1, 'x'), join(dir, 'g.repl'));
  const inline = runRepl(script(LIB_V2, 1, 'x').replace(`(load "${SHOP}")`, SHOP_TEXT), join(dir, 'h.repl'));
  assert.equal(results(v2).slice(0, 2), ['11', '2']);
  assert.is.not(v2.session.module('shop')!.hash, v1.session.module('shop')!.hash);
  assert.is(v2.session.module('shop')!.hash, inline.session.module('shop')!.hash);
});

test('a missing dependency in the later session raises the fresh compile\'s error', () => {
  runRepl(script(LIB_V1, 1, 'x'), join(dir, 'i.repl'));
  const r = runRepl(`(env-data { "tax": 1 })\n(defun helper:integer (x:integer) x)\n(begin-tx)\n(load "${SHOP}")`, join(dir, 'j.repl'));
  assert.ok(r.error);
  const fresh = runRepl(`(env-data { "tax": 1 })\n(defun helper:integer (x:integer) x)\n(begin-tx)\n${SHOP_TEXT}`, join(dir, 'j.repl'));
  assert.is(r.error!.message, fresh.error!.message);
});

test('loaded in a namespace, the module is compiled afresh there', () => {
  runRepl(script(LIB_V1, 1, 'x'), join(dir, 'k.repl'));
  const before = moduleCacheHits();
  const r = runRepl(`(env-data { "tax": 1, "k": { "keys": ["a"], "pred": "keys-all" } })
(env-sigs [{ "key": "a", "caps": [] }])
(defun helper:integer (x:integer) x)
(begin-tx)
(load "${LIB_V1}")
(define-namespace "ns" (read-keyset "k") (read-keyset "k"))
(namespace "ns")
(load "${SHOP}")
(commit-tx)
(ns.shop.put "a" 5)
(ns.shop.price-of "a")`, join(dir, 'l.repl'));
  assert.is(r.error, null, r.error?.message);
  assert.ok(r.session.module('ns.shop'));
  assert.is(r.traces[r.traces.length - 1], '6');
  // lib (outside the namespace) was reused, shop was not
  assert.is(moduleCacheHits() - before, 3);
});

test('a `module{iface}` annotation that resolves to another interface in the later session is compiled afresh', () => {
  const taker = file('taker.pact', '(module taker G (defcap G () true) (defun use-ref:integer (x:module{iface}) (x::f)))');
  const world = (rootIface: boolean) => `(env-data {"ks": ["k"]})
(env-keys ["k"])
(begin-tx)
(define-namespace 'ns (read-keyset 'ks) (read-keyset 'ks))
${rootIface ? '(interface iface (defun f:integer ()))' : ''}
(namespace 'ns)
(interface iface (defun f:integer ()))
(module impl G (defcap G () true) (implements ns.iface) (defun f:integer () 7))
(load "${taker}")
(commit-tx)
(ns.taker.use-ref ns.impl)`;
  const withRoot = runRepl(world(true), join(dir, 'root-iface.repl'));
  assert.is(withRoot.error?.message, 'Runtime typecheck failure, argument is modref , but expected type module{iface}');
  const onlyNs = runRepl(world(false), join(dir, 'ns-iface.repl'));
  assert.is(onlyNs.error, null);
  assert.is(onlyNs.traces[onlyNs.traces.length - 1], '7');
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
