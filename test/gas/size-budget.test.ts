// Pact's sizeOf byte budget (gas.md §4.1; SizeOf.hs sizeOf and countBytes): while a gas limit is
// set, a size estimate may count no more bytes than what is left of the limit at
// sizeOfBytePenalty (5 in the table model, 1 in the free one) a byte. The walk stops at the first
// piece that takes the count past that budget and charges GAConstant(count · penalty), which is
// past the limit: the gas error, reporting the count reached there. So where a walk stops, piece
// by piece in Pact's field order, shows in the error and in the gas used.
//
// The expected counts here come from a model written for these tests: the pieces Pact's derived
// SizeOf instances count, in their order, for each value used (listed beside each case).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { meteredAfter } from '../helpers.js';
import { stopsAt } from './budget-model.js';


const str = (n: number) => [2, 2, n + 4]; // PactValue tag, Literal tag, Text
const int = [2, 2, 8];

interface Outcome { error: string | null; log: { what: string; cost: number }[]; milligas: number }

/** `call` run after `setup`, with the table model (or the free one) and a limit of `limitGas`. */
function run(call: string, limitGas: number, { setup = '', table = true } = {}): Outcome {
  const m = meteredAfter(setup, call, { free: !table, limitGas });
  return { error: m.error ? m.error.message : null, log: m.log, milligas: m.milligas };
}

/** What the walk of `pieces` must charge after the log's entries so far: the budget left when
 *  the first entry of `from` on was charged, and the count where the walk stops. */
function expectStop(o: Outcome, pieces: number[], limitGas: number, penalty = 5): void {
  const over = o.log.length - 1; // the walk's charge is the last one
  assert.ok(o.log[over].what.startsWith('GAConstant'), JSON.stringify(o.log));
  const before = o.log.slice(0, over).reduce((n, e) => n + e.cost, 0);
  const budget = Math.floor((limitGas * 1000 - before) / penalty);
  const count = stopsAt(pieces, budget);
  assert.ok(count !== null, `the pieces fit the budget ${budget}`);
  assert.is(o.log[over].what, `GAConstant (MilliGas ${count! * penalty})`);
  assert.is(o.milligas, before + count! * penalty);
  assert.is(o.error, `Gas limit "${limitGas}"exceeded: ${Math.ceil(o.milligas / 1000)}`);
}

test('make-list fails in sizeOf when its element passes the budget, though GMakeList 1 would fit', () => {
  // 1 · 3008 bytes is 3008 mG, well within 10 gas; but 3008 bytes past 10 000 mG / 5 is not
  const o = run(`(make-list 1 "${'a'.repeat(3000)}")`, 10);
  expectStop(o, str(3000), 10);
});

test('a size that reaches the budget exactly fits it: no GAConstant, only GMakeList', () => {
  // 10 gas less make-list's 100 mG leaves 9900 / 5 = 1980 bytes; a string of 1972 characters
  // counts 2 + 2 + 1976 = 1980
  const o = run(`(make-list 1 "${'a'.repeat(1972)}")`, 10);
  assert.is(o.error, null);
  assert.equal(o.log.map(e => e.what), ['GNative make-list', 'GMakeList 1 1980']);
});

test('within the budget, nothing changes: make-list charges GMakeList as before', () => {
  const o = run(`(make-list 2 "${'a'.repeat(100)}")`, 10);
  assert.is(o.error, null);
  assert.is(o.log[o.log.length - 1].what, 'GMakeList 2 108');
});

test('a list stops inside the element that passes the budget, not at its end', () => {
  // [s1 s2 s3]: PactValue tag, list overhead, then each element's pieces; 20 gas leaves a budget of
  // (20 000 - 400) / 5 = 3920 bytes, passed by the second string's text (at 4023 of 4531)
  const lens = [1000, 3000, 500];
  const o = run(`(hash [${lens.map(n => `"${'x'.repeat(n)}"`).join(' ')}])`, 20);
  expectStop(o, [2, 5, ...lens.flatMap(str)], 20);
  assert.is(o.log[o.log.length - 1].what, 'GAConstant (MilliGas 20115)');
});

test('an object is walked in the order of its field names, not the order written', () => {
  // {"b": 4000 chars, "a": 1000 chars}: Pact counts field a first; a budget past a but within a + b
  // stops inside b's text (in written order it would stop inside a's)
  const o = run(`(hash {"b": "${'b'.repeat(4000)}", "a": "${'a'.repeat(1000)}"})`, 20);
  const field = (name: string, value: number[]) => [1, name.length + 4, ...value];
  expectStop(o, [2, 5, ...field('a', str(1000)), ...field('b', str(4000))], 20);
});

test('show and sort size each value under the budget too', () => {
  expectStop(run(`(show [1 "${'s'.repeat(3000)}"])`, 10), [2, 5, ...int, ...str(3000)], 10);
  // sort sizes element by element: the first element past the budget stops it
  expectStop(run(`(sort ["${'a'.repeat(10)}" "${'b'.repeat(3000)}"])`, 10), str(3000), 10);
});

test('a database write is sized under the budget: GAConstant instead of GWrite', () => {
  const setup = `(begin-tx)
(module m g (defcap g () true)
  (defschema s v:string)
  (deftable t:{s})
  (defun w (k:string v:string) (write t k {"v": v})))
(create-table t)
(commit-tx)`;
  const o = run(`(m.w "k" "${'v'.repeat(3000)}")`, 30, { setup });
  // the row's map: overhead 5, then ("v", value)
  expectStop(o, [5, 1, 5, ...str(3000)], 30);
});

test('the free model with a limit has a budget of a byte per milligas left', () => {
  const o = run(`(hash ["${'a'.repeat(600)}" "${'b'.repeat(600)}"])`, 1, { table: false });
  expectStop(o, [2, 5, ...str(600), ...str(600)], 1, 1);
});

test.run();
