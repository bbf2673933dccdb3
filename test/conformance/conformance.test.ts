// The conformance ratchet: every upstream Pact 5 script named in passing.txt must pass, run
// unchanged from ../shared/conformance. The list only grows.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { runScript } from '../../runtime/repl/runner.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = join(repo, '..', 'shared', 'conformance', 'pact-5', 'pact-tests');
const listed = readFileSync(join(repo, 'test', 'conformance', 'passing.txt'), 'utf8')
  .split('\n').map(l => l.trim()).filter(l => l && !l.startsWith('#'));

test('the conformance corpus is beside the repository', () => {
  assert.ok(existsSync(corpus), `expected the upstream scripts at ${corpus}`);
  assert.ok(listed.length > 0);
});

for (const name of listed) {
  test(`conformance: ${name} passes`, () => {
    const r = runScript(join(corpus, name));
    const why = r.error ? r.errorText : r.failures.map(f => `line ${f.line}: ${f.message}`).join('\n');
    assert.ok(r.passed, `${name} failed:\n${why}`);
    assert.ok(r.expects.passed > 0 || r.results.length === 0, 'an expect that ran was counted');
  });
}

test.run();
