// A file loaded again — by the same script or by the next script of a batch — is read (lexed,
// grammar-checked, parsed) once per process, while its text stays the same.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesLexed, internSource, internedFiles, read } from '../../compiler/index.js';
import { SOURCE_CACHE_FILES, SOURCE_CACHE_TEXT } from '../../compiler/source-cache.js';
import { runRepl } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'pactvm-source-cache-'));
const counter = (step: number) => `(module counter G (defcap G () true) (defun next (x:integer) (+ x ${step})))`;
const script = (contract: string) => `(load "${contract}")\n(counter.next 1)\n(load "${contract}")\n(counter.next 2)`;
// each run of a test loads its own file, so that a test run again in the same process (as the
// mutation runner does) finds nothing interned by an earlier run
let runs = 0;

test('the same name and text give the same SourceFile; another text gives a new one', () => {
  const a = internSource('/x/same.pact', '(+ 1 2)');
  assert.is(internSource('/x/same.pact', '(+ 1 2)'), a);
  const b = internSource('/x/same.pact', '(+ 1 3)');
  assert.is.not(b, a);
  assert.is(b.text, '(+ 1 3)');
  assert.is(internSource('/x/other.pact', '(+ 1 3)').name, '/x/other.pact');
});

test('a SourceFile is read once: the second read returns the same forms without lexing', () => {
  const f = internSource('/x/read-once.repl', '(+ 1 2) (+ 3 4)');
  const before = filesLexed();
  const forms = read(f);
  assert.is(read(f), forms);
  assert.is(filesLexed() - before, 1);
});

test('a file that fails to parse is not remembered: every read reports the error again', () => {
  const f = internSource('/x/broken.repl', '(+ 1 2))');
  for (let i = 0; i < 2; i++) {
    try { read(f); assert.unreachable('no parse error'); } catch (e) {
      assert.match((e as Error).message, /^Too many closing parens/);
    }
  }
});

test('loading a file twice in a script, and in a later script, lexes it once; an edit is read', () => {
  const contract = join(dir, `counter-${++runs}.pact`);
  writeFileSync(contract, counter(10));
  const before = filesLexed();
  const first = runRepl(script(contract), join(dir, 'a.repl'));
  assert.is(first.error, null);
  assert.equal(first.traces.filter(t => !t.startsWith('"')), ['Loaded module counter, hash ' + first.session.module('counter')!.hash, '11', 'Loaded module counter, hash ' + first.session.module('counter')!.hash, '12']);
  const second = runRepl(script(contract), join(dir, 'b.repl'));
  assert.is(second.session.module('counter')!.hash, first.session.module('counter')!.hash);
  // the two scripts themselves are lexed; the contract once for all four loads
  assert.is(filesLexed() - before, 3);
  writeFileSync(contract, counter(100));
  const edited = runRepl(script(contract), join(dir, 'c.repl'));
  assert.ok(edited.traces.includes('101'), edited.traces.join('\n'));
  assert.is.not(edited.session.module('counter')!.hash, first.session.module('counter')!.hash);
  assert.is(filesLexed() - before, 5);
});

test('the cache keeps at most SOURCE_CACHE_FILES files, dropping the least recently loaded', () => {
  const kept = internSource('/x/kept.pact', '1');
  for (let i = 0; i < SOURCE_CACHE_FILES; i++) {
    internSource(`/x/filler-${i}.pact`, '2');
    if (i % 8 === 0) internSource('/x/kept.pact', '1'); // used again: stays
  }
  assert.is(internedFiles(), SOURCE_CACHE_FILES);
  assert.is(internSource('/x/kept.pact', '1'), kept);
  const dropped = internSource('/x/filler-1.pact', '2');
  assert.is(internSource('/x/filler-1.pact', '2'), dropped);
  assert.is(internedFiles(), SOURCE_CACHE_FILES);
});

test('the cache holds at most SOURCE_CACHE_TEXT characters of text, keeping at least the newest file', () => {
  const big = 'x'.repeat(SOURCE_CACHE_TEXT / 2 + 1);
  const a = internSource('/x/big-a.pact', big);
  internSource('/x/big-b.pact', big);
  // a is dropped: a third read gives a new object
  assert.is.not(internSource('/x/big-a.pact', big), a);
  const huge = internSource('/x/huge.pact', 'y'.repeat(SOURCE_CACHE_TEXT + 1));
  assert.is(internedFiles(), 1);
  assert.is(internSource('/x/huge.pact', huge.text), huge);
  internSource('/x/tiny.pact', ''); // and the next file pushes it out
  assert.is(internedFiles(), 1);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
