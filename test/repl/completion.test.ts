// Tab completion in the REPL: natives, modules, module members and files inside `(load "…`.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { complete, type CompletionScope } from '../../runtime/repl/completion.js';

function scope(cwd = '.'): CompletionScope {
  const modules: Record<string, string[]> = { 'coin': ['transfer', 'transfer-create', 'details', 'GOVERNANCE'], 'free.dex': ['swap'] };
  return {
    moduleNames: () => Object.keys(modules),
    moduleMembers: m => modules[m] ?? [],
    topLevelNames: () => ['double'],
    cwd,
  };
}

test('a native prefix completes to every native starting with it', () => {
  assert.equal(complete('(enforce-g', scope()), [['enforce-guard'], 'enforce-g']);
  assert.equal(complete('(+ 1 (str-to', scope()), [['str-to-int', 'str-to-list'], 'str-to']);
});

test('module names, REPL definitions and special forms complete too', () => {
  assert.equal(complete('(co', scope())[0].filter(n => n.startsWith('coi')), ['coin']);
  assert.equal(complete('(dou', scope()), [['double'], 'dou']);
  assert.equal(complete('(defp', scope()), [['defpact'], 'defp']);
});

test('module.member completes from the members of that module, namespaced modules included', () => {
  assert.equal(complete('(coin.trans', scope()), [['coin.transfer', 'coin.transfer-create'], 'coin.trans']);
  assert.equal(complete('(free.dex.s', scope()), [['free.dex.swap'], 'free.dex.s']);
  assert.equal(complete('(coin.', scope())[0].length, 4);
});

test('inside (load "… the path completes to folders and .repl/.pact files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-complete-'));
  mkdirSync(join(dir, 'contracts'));
  writeFileSync(join(dir, 'contracts', 'coin.pact'), '');
  writeFileSync(join(dir, 'contracts', 'coin.repl'), '');
  writeFileSync(join(dir, 'contracts', 'notes.txt'), '');
  writeFileSync(join(dir, 'setup.repl'), '');
  assert.equal(complete('(load "co', scope(dir)), [['contracts/'], 'co']);
  assert.equal(complete('(load "contracts/', scope(dir)), [['contracts/coin.pact', 'contracts/coin.repl'], 'contracts/']);
  assert.equal(complete('(load "s', scope(dir)), [['setup.repl'], 's']);
  assert.equal(complete('(load "missing/x', scope(dir)), [[], 'missing/x']);
});

test('after a closed string or a space there is nothing to complete', () => {
  assert.equal(complete('(load "a.repl") ', scope()), [[], '']);
});

test.run();
