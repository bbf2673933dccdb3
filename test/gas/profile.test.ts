// Gas profiles in process (runtime/gas/profile.ts): which function and which native each charge is
// attributed to, the folded stacks and the exact text of the profile table that `pactvm gas` prints.
// The call stack is a stand-in machine, so every attribution below is known exactly.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GasProfile, TOP_LEVEL } from '../../runtime/gas/profile.js';
import { GasMeter, TABLE_MODEL } from '../../runtime/gas/meter.js';
import type { Machine } from '../../vm/machine.js';

/** A machine whose active Pact functions are `calls`, outermost first (the VM lists innermost first). */
function profileOn(calls: string[]): GasProfile {
  const vm = { activeFunctions: () => [...calls].reverse().map(qualifiedName => ({ qualifiedName })) };
  return new GasProfile(vm as unknown as Machine);
}

const entries = <V>(m: Map<string, V>) => [...m];

test('a charge outside any function goes to the top level, under the native named by its label', () => {
  const p = profileOn([]);
  p.record(1500, 'GNative +');
  assert.is(p.total, 1500);
  assert.equal(entries(p.functions), [[TOP_LEVEL, { inclusive: 1500, exclusive: 1500 }]]);
  assert.equal(entries(p.natives), [['+', 1500]]);
  assert.is(p.foldedText(), '<top-level>;+ 1500\n');
});

test('a charge inside nested calls counts inclusively for every caller and exclusively for the innermost', () => {
  const calls = ['m.outer', 'm.inner'];
  const p = profileOn(calls);
  p.record(700, 'GNative at');
  calls.pop();
  p.record(300, 'GNative length');
  assert.equal(entries(p.functions), [
    ['m.outer', { inclusive: 1000, exclusive: 300 }],
    ['m.inner', { inclusive: 700, exclusive: 700 }],
  ]);
  assert.is(p.foldedText(), 'm.outer;m.inner;at 700\nm.outer;length 300\n');
});

test('a recursive function counts a charge once inclusively, however deep it recurses', () => {
  const p = profileOn(['m.f', 'm.g', 'm.f']);
  p.record(40, 'GNative +');
  assert.equal(entries(p.functions), [
    ['m.f', { inclusive: 40, exclusive: 40 }],
    ['m.g', { inclusive: 40, exclusive: 0 }],
  ]);
  assert.equal(entries(p.folded), [['m.f;m.g;m.f;+', 40]]);
});

test("size-dependent charges follow the native whose flat cost came before them", () => {
  const p = profileOn([]);
  p.record(100, 'GNative read');
  p.record(2000, 'GRead 40');
  p.record(30, 'GConcat (TextConcat (GasTextLength 3))');
  assert.equal(entries(p.natives), [['read', 2130]]);
  assert.equal(entries(p.folded), [['<top-level>;read', 2130]]);
});

test('applying a closure, a module operation and list or object concatenation end the native before them', () => {
  const labels = ['GAApplyLam 2', 'GModuleOp (MOpLoadModule 100)', 'GConcat (ListConcat (GasListLength 3))', 'GConcat (ObjConcat 2)'];
  for (const label of labels) {
    const p = profileOn([]);
    p.record(5, 'GNative map');
    p.record(7, label);
    p.record(11, 'GRead 1');
    assert.equal(entries(p.natives), [['map', 5], [label.split(' ')[0], 7], ['GRead', 11]], label);
  }
});

test('a charge with no native before it is named by the first word of its label', () => {
  const p = profileOn(['m.f']);
  p.record(9, 'GHashOp');
  p.record(3, 'GComparison (TextComparison "a")');
  assert.equal(entries(p.natives), [['GHashOp', 9], ['GComparison', 3]]);
  assert.equal(entries(p.folded), [['m.f;GHashOp', 9], ['m.f;GComparison', 3]]);
});

test('the profile table: gas rounded up, functions by inclusive cost, natives by cost, with percentages', () => {
  const calls = ['m.f'];
  const p = profileOn(calls);
  p.record(1000, 'GNative +');
  calls.length = 0;
  p.record(2001, 'GNative at');
  p.record(3, 'GNative length');
  const pad = (name: string) => name.padEnd(26);
  assert.is(p.tableText('t.repl'), [
    'Gas profile of t.repl: 4 gas (3004 mG)',
    '',
    `${pad('function')}  inclusive mG  exclusive mG       %`,
    `${pad('<top-level>')}          2004          2004   66.7%`,
    `${pad('m.f')}          1000          1000   33.3%`,
    '',
    `${pad('native / charge')}            mG       %`,
    `${pad('at')}          2001   66.6%`,
    `${pad('+')}          1000   33.3%`,
    `${pad('length')}             3    0.1%`,
    '',
  ].join('\n'));
});

test('the table widens its name column to the longest function or native name', () => {
  const long = 'free.a-rather-long-module.a-long-function';
  const p = profileOn([long]);
  p.record(10, 'GNative +');
  const width = long.length + 2;
  const lines = p.tableText('x').split('\n');
  assert.is(lines[2], `${'function'.padEnd(width)}  inclusive mG  exclusive mG       %`);
  assert.is(lines[3], `${long}  ${'10'.padStart(14)}${'10'.padStart(14)}  100.0%`);
  assert.is(lines[6], `${'+'.padEnd(width)}${'10'.padStart(14)}  100.0%`);
});

test('an empty profile prints zero gas and empty tables', () => {
  const p = profileOn([]);
  assert.is(p.tableText('empty'), [
    'Gas profile of empty: 0 gas (0 mG)', '',
    `${'function'.padEnd(26)}  inclusive mG  exclusive mG       %`, '',
    `${'native / charge'.padEnd(26)}            mG       %`, '',
  ].join('\n'));
  assert.is(p.foldedText(), '\n');
});

test('a charge of zero milligas is listed at 0.0 %', () => {
  const p = profileOn([]);
  p.record(0, 'GNative pact-id');
  assert.ok(p.tableText('z').includes(`${'pact-id'.padEnd(26)}${'0'.padStart(14)}${'0.0%'.padStart(8)}`));
});

test('the gas meter hands every charge to the profile, with its cost and label', () => {
  const gas = new GasMeter();
  gas.model = TABLE_MODEL;
  gas.setLimit(1_000_000);
  const p = profileOn(['m.f']);
  gas.profiler = (cost, what) => p.record(cost, what);
  gas.chargeApply(2);
  assert.is(p.total, gas.milligas);
  assert.equal(entries(p.natives), [['GAApplyLam', gas.milligas]]);
});

test.run();
