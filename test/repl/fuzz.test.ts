// Random Pact-like input never crashes the engine: every outcome is a value or a PactError with
// a location (seeded, so a failure reproduces).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { PactError } from '../../vm/errors.js';

const ATOMS = ['(', ')', '(', ')', '[', ']', '{', '}', ',', ':', ':=', '.', '::', '1', '-2', '1.5', '"s"', "'k", 'true',
  'x', 'y', 'let', 'let*', 'lambda', 'if', 'and', 'or', 'do', 'cond', 'try', 'enforce', 'enforce-one', 'map', 'fold',
  '+', '-', 'at', 'defun', 'defconst', 'defcap', 'defpact', 'step', 'module', 'interface', 'use', 'with-capability',
  'create-user-guard', 'read-keyset', 'expect', 'expect-failure', 'env-data', 'begin-tx', 'commit-tx', 'f', 'm', 'm.f',
  '@doc', '@managed', '@event', 'integer', 'object{s}', 'yield', 'resume', 'bind', 'format', 'str-to-int', 'typeof'];

function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

test('2000 random programs end in a value or a located PactError, never an internal error', () => {
  const rand = generator(20261121);
  let errors = 0;
  for (let i = 0; i < 2000; i++) {
    const n = 1 + Math.floor(rand() * 24);
    const text = Array.from({ length: n }, () => ATOMS[Math.floor(rand() * ATOMS.length)]).join(' ');
    const s = new ReplSession();
    try {
      runSource(s, new SourceFile('fuzz.repl', text));
    } catch (e) {
      if (!(e instanceof PactError)) assert.unreachable(`program ${i} crashed: ${text}\n${(e as Error).stack}`);
      assert.ok((e as PactError).span, `program ${i} error has no location: ${text} -> ${(e as Error).message}`);
      errors++;
    }
  }
  assert.ok(errors > 1000, 'most random programs are errors');
});

test.run();
