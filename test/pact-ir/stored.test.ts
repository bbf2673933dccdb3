// The length of the document the REPL's mock database stores for a module (pact-ir/stored.ts),
// which reading the module back charges as MOpLoadModule(⌊bytes/200⌋ + 10) (gas.md §3.8).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { read, SourceFile } from '../../compiler/index.js';
import type { Syntax } from '../../compiler/syntax.js';
import { moduleSizes } from '../../runtime/pact-ir/deploy.js';
import { storedModuleBytes, storedModuleLength } from '../../runtime/pact-ir/stored.js';
import { IrEncoder } from '../../runtime/pact-ir/encode.js';
import { summarize } from '../../runtime/pact-ir/module-context.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../../runtime/gas/meter.js';
import { World } from './world.js';
import { GAS_GOLDENS, PACT_TESTS, corpusTest, fromCorpus, gasGoldens } from '../corpus.js';
/** The name Pact's gas-golden harness gives the file (`gasTestDir </> fp`): 48 characters. */
const PACT_NAME = 'pact-tests/gas-goldens/acquire-module-admin.repl';
const SRC = fromCorpus(() => readFileSync(join(GAS_GOLDENS, 'acquire-module-admin.repl'), 'utf8'), '');

function moduleForm(name: string, src: string): Syntax & { t: 'paren' } {
  return read(new SourceFile(name, src)).find(f => f.t === 'paren' && f.items[0]?.t === 'keyword' && f.items[0].name === 'module') as Syntax & { t: 'paren' };
}

// The module of acquire-module-admin.repl, `(module m g (defcap g () (map (+ 1) (enumerate 0 20))))`.
//
// Its SerialiseV1 encoding with infos erased is 210 bytes, 15 of them the `()` (one byte, f6) of
// its 15 infos: the module, the defcap and its spec arg, the lambda Pact makes of `(+ 1)` and its
// arg, and the ten terms (3 builtins, 3 apps, 3 constants, 1 var). As SpanInfo `[sl, sc, el, ec]`
// they take 5 to 7 bytes each (a number ≥ 24 takes two), 85 in all: 210 − 15 + 85 = 280. The
// ModuleData around it adds 3 (82 00 … a0: tag 0, no dependencies): 283.
//
// The REPL stores FileLocSpanInfo: `[file, span]`, the file a CBOR text string. With Pact's
// 48-character name each info grows by 1 (82) + 2 (78 30) + 48 = 51 bytes: 283 + 15·51 = 1048.
// The document is the word 0 then that as a byte string (59 04 18 …): 1 + 3 + 1048 = 1052.
//
// Check against the goldens: ⌊1052/200⌋ + 10 = 15 mG, where the sizeOf stand-in (614 bytes)
// gave 13 and left the file 2 mG short of both goldens (295841 vs 295843, 295586 vs 295588). Any
// length in 1000…1199 gives 15; without the file names (287 bytes) it would be 11.
corpusTest('acquire-module-admin: the stored module is 1052 bytes under Pact\'s file name', () => {
  const ctx = new World().context();
  const s = moduleSizes(moduleForm(PACT_NAME, SRC), ctx);
  const m = (s.built as { module: Parameters<IrEncoder['module']>[0] }).module;
  const erased = new IrEncoder(false); erased.module(m);
  assert.is(erased.w.length, 210);
  const spans = new IrEncoder(true); spans.moduleData(s.built, s.deps);
  assert.is(spans.w.length, 283);
  assert.is(s.storedBytes, 1052);
  assert.is(Math.floor(s.storedBytes / 200) + 10, 15);
  // every info carries the file name: one character more is 15 bytes more
  assert.is(moduleSizes(moduleForm(PACT_NAME + 'x', SRC), ctx).storedBytes, 1052 + 15);
});

corpusTest('acquire-module-admin: the whole file matches both goldens under Pact\'s file name', () => {
  for (const [file, flags] of [['builtinGas.golden', []], ['builtinGas50.golden', ['DisablePact51']]] as const) {
    const s = new ReplSession();
    s.gas.model = TABLE_MODEL;
    s.gas.setLimit(MAX_MILLIGAS);
    for (const f of flags) s.env.flags.add(f);
    runSource(s, new SourceFile(PACT_NAME, SRC));
    assert.is(s.gas.milligas, gasGoldens(file).get('acquire-module-admin'), file);
  }
});

// MOpLoadModule charges the stored document's length, which is counted without writing it: the
// count must be the written length for every module of real suites (dependencies, interfaces,
// managed capabilities, defpacts, guards and objects in constants), under any file names.
corpusTest('the stored length counted is the length written, for every module of corpus scripts', () => {
  let modules = 0;
  for (const script of ['coin-v5.repl', 'defpact.repl', 'caps.repl', 'namespaces.repl', 'hyperlane.repl', 'upgrades.repl']) {
    const s = new ReplSession();
    runSource(s, new SourceFile(join(PACT_TESTS, script), readFileSync(join(PACT_TESTS, script), 'utf8')));
    for (const name of s.moduleNames()) {
      const m = s.module(name)!;
      for (const [own, other] of [['m.pact', 'n.pact'], ['contracts/a-rather-long-folder/module.pact', 'dépendance-ünïcode/😀.pact']]) {
        const bytes = storedModuleBytes(m.sizes.built, m.sizes.deps, own, () => other);
        assert.is(storedModuleLength(m.sizes.built, m.sizes.deps, own, () => other), bytes.length, `${script}: ${name}`);
        modules++;
      }
    }
  }
  assert.ok(modules >= 20, `${modules} module encodings compared`);
});

test('dependencies stored alongside carry the file of the module they come from', () => {
  const w = new World();
  const a = moduleSizes(moduleForm('a.repl', '(module a g (defcap g () true) (defun f (x) x))'), w.context());
  w.modules.set('a', summarize(a.built));
  assert.is(w.modules.get('a')!.file, 'a.repl');
  const src = '(module b g (defcap g () true) (defun h () (a.f 1)))';
  const b1 = moduleSizes(moduleForm('b.repl', src), w.context());
  assert.is(b1.deps.length, 1);
  // a.f has 6 infos: the defun, its spec arg, its arg; its term, the lambda over the args, with
  // its own arg and body
  // renaming a's file two characters longer adds 2 bytes to each info of a.f in b's document
  const a2 = moduleSizes(moduleForm('aaa.repl', '(module a g (defcap g () true) (defun f (x) x))'), w.context());
  w.modules.set('a', summarize(a2.built));
  const b2 = moduleSizes(moduleForm('b.repl', src), w.context());
  assert.is(b2.storedBytes - b1.storedBytes, 6 * 2);
});

test.run();
