// Modules as Pact 5 runs them: schema names qualified by their module, database modes of
// functions reached from other modules, and the gas of redeploys.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

function outcome(src: string): string {
  const r = runRepl(src, 'mods.repl');
  return r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1];
}

const TWO_SCHEMAS = `(module a g (defcap g () true)
  (defschema s x:integer)
  (defun f:object{s} (o:object{s}) o)
  (defpact inner (o:object{s})
    (step (at "x" o))
    (step (at "x" o))))
(module b g (defcap g () true)
  (defschema s y:string)
  (defun h (o:object{s}) (a.f { "x": 1 }))
  (defun bad (o:object{s}) (a.f o))
  (defpact outer (o:object{s})
    (step (a.inner { "x": 1 }))
    (step (continue (a.inner { "x": 1 })))))
`;

test('object{s} is checked against the schema of the module that wrote it', () => {
  assert.is(outcome(`${TWO_SCHEMAS}(b.h { "y": "z" })`), '{"x": 1}');
  assert.is(outcome(`${TWO_SCHEMAS}(a.f { "x": 2 })`), '{"x": 2}');
});

test('a runtime type failure names the schema with its module, as Pact prints it', () => {
  assert.is(outcome(`${TWO_SCHEMAS}(b.bad { "y": "z" })`),
    'error: Runtime typecheck failure, argument is object , but expected type object{a.s}');
  assert.is(outcome(`${TWO_SCHEMAS}(b.h { "x": 1 })`),
    'error: Runtime typecheck failure, argument is object , but expected type object{b.s}');
});

test('a defpact calling another module\'s defpact checks each against its own schema', () => {
  assert.is(outcome(`${TWO_SCHEMAS}(env-hash (hash 1))\n(b.outer { "y": "z" })\n(continue-pact 1)`), '1');
});

test('a qualified or imported schema keeps the declaring module\'s name', () => {
  const c = `(module c g (defcap g () true)
  (use a)
  (defun viaUse (o:object{s}) o)
  (defun viaName (o:object{a.s}) o))
`;
  assert.is(outcome(`${TWO_SCHEMAS}${c}(c.viaUse { "y": 1 })`),
    'error: Runtime typecheck failure, argument is object , but expected type object{a.s}');
  assert.is(outcome(`${TWO_SCHEMAS}${c}(c.viaName { "x": 1 })`), '{"x": 1}');
});

const REENTRY = `(interface callback (defun run:string ()))
(module a g (defcap g () true)
  (implements callback)
  (defschema s v:integer)
  (deftable t:{s})
  (defun run:string () (write t "k" { "v": 1 }) "wrote")
  (defun peek:integer () (at "v" (read t "k")))
  (defun through:string (other:module{callback}) (other::run)))
(module b g (defcap g () true)
  (implements callback)
  (defun run:string () (a.run))
  (defun look:integer () (a.peek))
  (defun via-ref:string (other:module{callback}) (other::run)))
(create-table t)
`;
const DISALLOWED = 'error: Error during database operation: Operation disallowed in read-only or sys-only mode';

test('a module reached back through a module reference runs read-only (Pact\'s reentrancy check)', () => {
  assert.is(outcome(`${REENTRY}(a.run)`), '"wrote"');
  assert.is(outcome(`${REENTRY}(b.run)`), '"wrote"');
  assert.is(outcome(`${REENTRY}(a.through b)`), DISALLOWED);
  assert.is(outcome(`${REENTRY}(a.through a)`), DISALLOWED);
});

test('only the module that made the reference call is restricted', () => {
  assert.is(outcome(`${REENTRY}(b.via-ref a)`), '"wrote"');
  assert.is(outcome(`${REENTRY}(module c g (defcap g () true) (defun go:string () (b.via-ref a)))\n(c.go)`), '"wrote"');
});

test('reads stay allowed, and the restriction ends with the call', () => {
  const c = `(a.run)
(module c g (defcap g () true)
  (implements callback)
  (defun run:string () (format "{}" [(b.look)])))
`;
  assert.is(outcome(`${REENTRY}${c}(a.through c)`), '"1"');
  assert.is(outcome(`${REENTRY}${c}(expect-failure "restricted" "Operation disallowed" (a.through b))\n(a.run)`), '"wrote"');
});

test('DisableReentrancyCheck lifts the restriction', () => {
  assert.is(outcome(`${REENTRY}(env-exec-config ["DisableReentrancyCheck"])\n(a.through b)`), '"wrote"');
});

const DEPLOYED = `(begin-tx)
(module a g (defcap g () true)
  (defun f1 () 1)
  (defun f2 () (f1)))
(module b g (defcap g () true)
  (defun h () (a.f2)))
(module c g (defcap g () true)
  (defun k () (+ (b.h) (a.f1))))
(commit-tx)
(begin-tx)
(env-gasmodel "table")
(env-gaslimit 1000000)
(env-gaslog)
`;

function chargesOf(src: string): string[] {
  const r = runRepl(src, 'deps.repl');
  if (r.error) throw new Error(r.error.message);
  return (r.session.gas.log ?? []).map(e => `${e.what.replace(/MOpLoadModule \d+/, 'MOpLoadModule _')} = ${e.cost}`);
}

test('redeploying a module reads it for governance and merges each dependency loaded by name', () => {
  const charges = chargesOf(`${DEPLOYED}(module c g (defcap g () true)
  (defun k () (+ (b.h) (a.f1)))
  (defun k2 () 2))`);
  const merges = charges.filter(c => !c.startsWith('GModuleOp (MOpLoadModule'));
  // c is read for its governance (and forgotten); b brings its 2 definitions and its 2 stored
  // dependencies (a.f1, a.f2); a then merges 3 definitions into the 4 loaded entries: 10·4·3 mG
  assert.is(charges.filter(c => c.startsWith('GModuleOp (MOpLoadModule')).length, 3);
  assert.equal(merges.slice(0, 2), ['GModuleOp (MOpMergeDeps 0 4) = 0', 'GModuleOp (MOpMergeDeps 4 3) = 120']);
});

test('the dependencies stored with a loaded module count in the loaded map for the transitive-dependency charge', () => {
  // c now names only b.h. Loading b merges b.g, b.h and its stored a.f2, a.f1: with c's 3 new
  // definitions n = 7. The walk (5 mG per node, ⌈ln s⌉·200 per set search) visits c.g (5),
  // c.k (15 + 800 for b.h), b.h (15 + 800 for a.f2), a.f2 (15 + 800 for a.f1), a.f1 (10), c.k2 (10),
  // and the dependency set ends with m = 6 entries: ⌈6·ln(7/6 + 1)⌉·200 = 1000. Total 3470.
  const charges = chargesOf(`${DEPLOYED}(module c g (defcap g () true)
  (defun k () (b.h))
  (defun k2 () 2))`);
  assert.ok(charges.includes('GModuleOp (MOpMergeDeps 0 4) = 0'));
  assert.ok(charges.includes('GModuleOp (MOpFindTransitiveDep 3470) = 3470'), charges.join('\n'));
});

test.run();
