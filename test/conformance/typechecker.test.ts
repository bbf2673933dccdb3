// The typechecker ratchet: every file of the upstream typechecker corpus named in
// typechecker-passing.txt must pass, run unchanged. natives/*.repl: the file loads, `tc`
// typechecks, and each definition's inferred type is the one upstream's TypecheckerTests.hs
// expects (test/typecheck/expected-native-types.json). bad/*.repl: the file loads and `tc` fails
// with a typecheck error. The list only grows.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { corpusTest, TYPECHECKER } from '../corpus.js';
import { fileURLToPath } from 'node:url';
import { basename, join } from 'node:path';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { typecheckDeployed } from '../../runtime/typecheck/deployed.js';
import { parseScheme, canonicalScheme, showDefnType, type DefnType } from '../../runtime/typecheck/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = TYPECHECKER;
const listed = readFileSync(join(repo, 'test', 'conformance', 'typechecker-passing.txt'), 'utf8')
  .split('\n').map(l => l.trim()).filter(l => l && !l.startsWith('#'));
type Expected = string | { steps: string[] };
const expected: Record<string, Record<string, Expected>> =
  JSON.parse(readFileSync(join(repo, 'test', 'typecheck', 'expected-native-types.json'), 'utf8'));

/** Load a corpus file into a fresh session and typecheck its module `tc`. */
function typecheckFile(path: string) {
  const text = readFileSync(path, 'utf8');
  const s = new ReplSession();
  runSource(s, new SourceFile(path, text));
  const m = s.module('tc');
  assert.ok(m, `${path} defines the module tc`);
  return typecheckDeployed(m!, n => s.module(n), f => f === path ? text : undefined);
}

/** The expected type in the same one-line form as showDefnType. */
function expectedText(e: Expected): string {
  if (typeof e === 'string') return canonicalScheme(parseScheme(e));
  return e.steps.map((s, i) => `step ${i}: ${showDefnType({ k: 'scheme', scheme: parseScheme(s) } as DefnType)}`).join('; ');
}

corpusTest('the typechecker corpus is there', () => {
  assert.ok(existsSync(corpus), `expected the corpus at ${corpus}`);
  assert.ok(listed.length > 0);
});

test('the expected native types cover every natives/ file of the corpus', () => {
  const files = listed.filter(l => l.startsWith('natives/')).map(l => basename(l, '.repl'));
  for (const f of files) assert.ok(f in expected, `${f} has expected types`);
});

for (const name of listed) {
  const path = join(corpus, name);
  if (name.startsWith('natives/')) {
    corpusTest(`typechecker corpus: ${name} typechecks to upstream's types`, () => {
      const r = typecheckFile(path);
      assert.ok(r.ok, r.ok ? '' : r.message);
      if (!r.ok) return;
      const want = expected[basename(name, '.repl')];
      const got = new Map([...r.types].filter(([k]) => k !== 'g'));
      assert.equal([...got.keys()].sort(), Object.keys(want).sort(), 'the inferred definitions');
      for (const [def, e] of Object.entries(want)) {
        assert.is(showDefnType(got.get(def)!), expectedText(e), `the type of ${def}`);
      }
    });
  } else {
    corpusTest(`typechecker corpus: ${name} fails to typecheck`, () => {
      const r = typecheckFile(path);
      assert.not.ok(r.ok, `${name} typechecked`);
      if (r.ok) return;
      assert.is.not(r.problem.e, 'notSupported', r.message);
      assert.ok(r.message.length > 0);
    });
  }
}

test.run();
