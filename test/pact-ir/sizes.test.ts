// Module deployment sizes (gas.md §3.9, §4) against the Pact gas goldens: the module charges
// 400·S_desugar + 100·S_hash + d + 200·S_store, and whatever the file does afterwards is
// charged by natives whose flat costs are known (gas.md §2.4).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { read, SourceFile } from '../../compiler/index.js';
import type { Syntax } from '../../compiler/syntax.js';
import { moduleSizes, type ModuleSizes } from '../../runtime/pact-ir/deploy.js';
import { World } from './world.js';
import { moduleWalks } from '../../runtime/pact-ir/size-of.js';
import { runRepl } from '../helpers.js';
import { GAS_GOLDENS, corpusTest, fromCorpus, gasGoldens } from '../corpus.js';

const golden = fromCorpus(() => gasGoldens(), new Map<string, number>());

/** The sizes of the (single) module in a golden file, deployed into a fresh world. */
function sizesOf(file: string): ModuleSizes {
  const forms = read(new SourceFile(file, readFileSync(join(GAS_GOLDENS, file + '.repl'), 'utf8')));
  const form = forms.find(f => f.t === 'paren' && f.items[0]?.t === 'keyword' && f.items[0].name === 'module') as Syntax & { t: 'paren' };
  return moduleSizes(form, new World().context());
}

const moduleCost = (s: ModuleSizes) => 400 * s.desugar + 100 * s.hashing + (s.transitiveDepCost ?? 0) + 200 * s.store;

corpusTest('create-table.repl: the worked example of gas.md §7.1', () => {
  const s = sizesOf('create-table');
  assert.is(s.desugar, 260);
  assert.is(s.hashing, 260);
  assert.is(s.transitiveDepCost, 605);
  assert.is(s.store, 433);
  // plus create-table's flat 250 000
  assert.is(moduleCost(s) + 250_000, golden.get('create-table'));
});

corpusTest('insert.repl and describe-table.repl deploy the same module', () => {
  const s = sizesOf('insert');
  assert.is(moduleCost(s) + 250_000 + 34_050, golden.get('insert'));
  assert.is(moduleCost(sizesOf('describe-table')) + 250_000 + 100_000, golden.get('describe-table'));
});

corpusTest('create-module-guard.repl: a builtin call in a nullary defun (REPL builtins are 4 bytes)', () => {
  const s = sizesOf('create-module-guard');
  assert.equal([s.desugar, s.hashing, s.store, s.transitiveDepCost], [195, 195, 452, 425]);
  // (test) applies a nullary closure (free) that calls create-module-guard (200)
  assert.is(moduleCost(s) + 200, golden.get('create-module-guard'));
});

corpusTest('describe-module.repl: module cost plus the flat describe-module charge', () => {
  assert.is(moduleCost(sizesOf('describe-module')) + 100_000, golden.get('describe-module'));
});

corpusTest('static-redeploy.repl: redeploying writes the stored module again (200·S_store, empty code)', () => {
  const s = sizesOf('static-redeploy');
  assert.is(moduleCost(s) + 100 + 200 * s.store, golden.get('static-redeploy'));
});

test('defconsts: S_hash differs from S_desugar by the evaluated value', () => {
  const form = read(new SourceFile('t', '(module m g (defcap g () true) (defconst c (+ 1 2)))'))[0] as Syntax & { t: 'paren' };
  const s = moduleSizes(form, new World().context({ c: 3 }));
  // TermConst (App + - Builtin + 2 Constants) vs EvaledConst (PLiteral (LInteger 3))
  const app = 2 + (2 + 4) + (5 + 2 * (2 + (2 + 8))) ;
  const value = 2 + (2 + 8);
  assert.is(s.desugar - s.hashing, app - value);
});

test('a deployment measures its sizes only when gas reads them', () => {
  // count the module records walked while a module is deployed
  const deploy = (gas: string, name: string) => {
    const before = moduleWalks.count;
    const r = runRepl(`${gas}(module ${name} g (defcap g () true) (defun f () 1))`);
    assert.is(r.error, null);
    return moduleWalks.count - before;
  };
  assert.is(deploy('', 'unmetered'), 0, 'gas off: nothing measured');
  // on: S_desugar and S_hash (the erased module), S_store (the stored module data)
  assert.is(deploy('(env-gasmodel "table") (env-gaslimit 1000000) ', 'metered'), 3);
});

test.run();