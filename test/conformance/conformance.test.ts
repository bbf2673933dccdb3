// The conformance ratchet: every upstream Pact 5 script named in passing.txt must pass, run
// unchanged from the corpus (test/corpus.ts). The list only grows.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { runScript } from '../../runtime/repl/runner.js';
import { PACT_TESTS, corpusTest } from '../corpus.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const listed = readFileSync(join(repo, 'test', 'conformance', 'passing.txt'), 'utf8')
  .split('\n').map(l => l.trim()).filter(l => l && !l.startsWith('#'));

test('the ratchet lists conformance scripts', () => {
  assert.ok(listed.length > 0);
});

for (const name of listed) {
  corpusTest(`conformance: ${name} passes`, () => {
    const r = runScript(join(PACT_TESTS, name));
    const why = r.error ? r.errorText : r.failures.map(f => `line ${f.line}: ${f.message}`).join('\n');
    assert.ok(r.passed, `${name} failed:\n${why}`);
    assert.ok(r.expects.passed > 0 || r.results.length === 0, 'an expect that ran was counted');
  });
}

test.run();
