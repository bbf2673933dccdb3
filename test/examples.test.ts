// The demo's example contracts (`npm run demo`) pass their own .repl suites.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { runScript } from '../runtime/repl/runner.js';
import { collectScripts } from '../runtime/repl/cli.js';

const examples = join(fileURLToPath(new URL('../../', import.meta.url)), 'examples');

for (const file of collectScripts([examples])) {
  test(`example ${file.slice(examples.length + 1)} passes`, () => {
    const r = runScript(file);
    assert.ok(r.passed, r.errorText ?? r.failures.map(f => f.message).join('\n'));
    assert.ok(r.expects.passed >= 10, 'the suite checks real behaviour');
  });
}

test.run();
