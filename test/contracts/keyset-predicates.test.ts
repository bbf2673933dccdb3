// A keyset's custom predicate as the REPL's evaluator resolves it (Direct/Evaluator.hs
// isKeysetInSigs, runCustomPred; Persistence/Utils.hs getModuleMemberWithHash): a qualified name
// must name a defun of an existing module, a bare one a native; it is applied to the number of
// keys and the number that signed, and must answer a boolean.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast, runRepl } from '../helpers.js';

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defun at-least-one:bool (count:integer matched:integer) (>= matched 1))
  (defun three:bool (a:integer b:integer c:integer) true)
  (defconst C 1))
(env-keys ["k1"])
`;
const enforceWith = (pred: string) =>
  `${MODULE}(env-data {"ks": {"keys": ["k1", "k2"], "pred": "${pred}"}})\n(enforce-keyset (read-keyset "ks"))`;

test('a module defun and a native of two arguments are applied to (count matched)', () => {
  assert.is(evalLast(enforceWith('m.at-least-one')), 'true');
  assert.is(evalLast(enforceWith('>=')), 'true'); // 2 >= 1
  assert.is(errorOf(enforceWith('<=')), 'Keyset failure (<=): [k1..., k2...]'); // 2 <= 1 fails
});

test('a qualified name: the module must exist, then the member, then be a defun', () => {
  assert.is(errorOf(enforceWith('nomod.f')), 'Cannot find module: nomod');
  const hash = runRepl(`${MODULE}(at 'hash (describe-module "m"))`).traces.pop()!.slice(1, -1);
  assert.is(errorOf(enforceWith('m.nope')), `Module member does not exist m.nope.{${hash}}`);
  assert.is(errorOf(enforceWith('m.C')), 'Invalid custom predicate for keyset expected defun');
});

test('a qualified name in an interface: getModule refuses it (Persistence/Utils.hs lookupModule)', () => {
  const src = `(begin-tx)\n(interface ifc (defun f:bool (a:integer b:integer)))\n(env-keys ["k1"])\n` +
    '(env-data {"ks": {"keys": ["k1"], "pred": "ifc.f"}})\n(enforce-keyset (read-keyset "ks"))';
  assert.is(errorOf(src), 'Expected module, found interface: ifc');
});

test('a bare name must be a native; one of another arity fails as an application does', () => {
  assert.is(errorOf(enforceWith('no-such-native')), 'Invalid custom predicate for keyset expected native');
  assert.is(errorOf(enforceWith('length')), 'Attempted to apply a closure to too many arguments');
});

test('an answer that is not a boolean: a partial application is not a Pact value', () => {
  assert.is(errorOf(enforceWith('m.three')), 'Expected Pact Value, got closure or table reference');
});

test('a bare name is the native of that name in Pact\'s natives map, never one of its overloads', () => {
  // round, str-to-int and sort have two-argument overloads (round-prec, str-to-int-base,
  // sort-object) that the map leaves out: the one-argument native is applied to two arguments
  for (const pred of ['round', 'str-to-int', 'sort', 'floor', 'ceiling']) {
    assert.is(errorOf(enforceWith(pred)), 'Attempted to apply a closure to too many arguments', pred);
  }
  // an overload's own name is not in the map either
  for (const pred of ['round-prec', 'str-to-int-base', 'enumerate-step']) {
    assert.is(errorOf(enforceWith(pred)), 'Invalid custom predicate for keyset expected native', pred);
  }
  // enumerate (two arguments; enumerate-step is its overload) answers a list, not a boolean
  assert.match(errorOf(enforceWith('enumerate')), /^expected bool value, got \[2 1\]/);
  // negate is in the map by its own name; `-` is subtraction, of two arguments
  assert.is(errorOf(enforceWith('negate')), 'Attempted to apply a closure to too many arguments');
  assert.match(errorOf(enforceWith('-')), /^expected bool value, got 1/);
});

test.run();
