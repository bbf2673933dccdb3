// The natives' type schemes are data in a small syntax: every core native has an entry that
// parses, and the syntax means what it says (binders by position, kinds, constraints, nullary).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORE_BUILTINS } from '../../runtime/pact-ir/builtins.js';
import { nativeType, typedNatives } from '../../runtime/typecheck/native-schemes.js';
import { parseScheme, canonicalScheme } from '../../runtime/typecheck/index.js';

test('every core native has a type (or names the row operation it needs literals for)', () => {
  assert.equal([...typedNatives()].sort(), [...CORE_BUILTINS].sort());
  for (const n of CORE_BUILTINS) assert.ok(nativeType(n), n);
});

test('schemes print with binders by position, kinds and constraints', () => {
  assert.is(canonicalScheme(parseScheme('forall r1:ROW r2:ROW a1. (r2 <= r1) => table{r1} -> string -> object{r2} -> (object{r2} -> a1) -> a1')),
    "forall v0:ROW v1:ROW v2:TYPE. ('v1 ≼ 'v0) => (-> table{'v0} (-> string (-> object{'v1} (-> (-> object{'v1} 'v2) 'v2))))");
  assert.is(canonicalScheme(parseScheme('forall a. (IsValue a) => => a')), "forall v0:TYPE. (IsValue{'v0}) => (=> 'v0)");
  assert.is(canonicalScheme(parseScheme('forall z1:ROW z2:ROW t. ((z2 + {f:t}) ~ z1) => object{z1} -> object{z2}')),
    "forall v0:ROW v1:ROW v2:TYPE. (('v1 ⊙ f:'v2) ~ 'v0) => (-> object{'v0} object{'v1})");
  assert.is(canonicalScheme(parseScheme('forall a:REF. module{a} -> module{ns.iface, b}')), "forall v0:REFERENCE. (-> module{v0} module{b, ns.iface})");
});

test('native types as Pact gives them', () => {
  const show = (n: string) => { const t = nativeType(n)!; return 'rowOp' in t ? `row op ${t.rowOp}` : canonicalScheme(t); };
  assert.is(show('map'), "forall v0:TYPE v1:TYPE. (-> (-> 'v0 'v1) (-> ['v0] ['v1]))");
  assert.is(show('chain-data'), '(=> object{block-height:integer block-time:time chain-id:string gas-limit:integer gas-price:decimal prev-block-hash:string sender:string})');
  assert.is(show('where'), 'row op where');
  assert.is(show('scalar-mult'), 'row op read');
});

test('a malformed scheme is an error naming the text', () => {
  assert.throws(() => parseScheme('forall a. b -> a'), /unknown variable "b"/);
  assert.throws(() => parseScheme('forall r:ROW. r -> integer'), /ROW variable, used as TYPE/);
});

test.run();
