// The tours in scripts/code-cache/ are the training input of the batch code cache
// (scripts/bundle.mjs): what they run comes precompiled to every `pactvm test`. A tour that fails
// part-way trains only what ran before the failure (the build refuses a failing one, but only at
// bundle time), so each must run through with every expect passing and each part it names reached.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScript } from '../../runtime/repl/runner.js';

const folder = fileURLToPath(new URL('../../../scripts/code-cache/', import.meta.url));
const tours = readdirSync(folder).filter(f => f.endsWith('.repl')).sort();
/** the expects each tour's last transactions hold: a failure part-way would cut them off */
const leastExpects: Record<string, number> = { 'tour.repl': 80, 'tour-linking.repl': 16, 'tour-edges.repl': 90 };

test('the training folder holds the three tours the build reads', () => {
  assert.equal(tours, Object.keys(leastExpects).sort());
});

// each test runs its tour afresh: a result kept across tests would let one run (under a mutant,
// in the in-process mutation runner) decide later tests too
for (const tour of tours) {
  test(`${tour} runs through: no error, every expect passing, the paths it was written for reached`, () => {
    const r = runScript(join(folder, tour));
    assert.is(r.error, null, `${tour}: ${r.errorText}`);
    assert.is(r.expects.failed, 0, `${tour}: ${r.failures.map(f => f.message).join('; ')}`);
    assert.ok(r.passed);
    assert.ok(r.expects.passed >= leastExpects[tour]!, `${tour}: ${r.expects.passed} expects passed`);
  });
}

test.run();
