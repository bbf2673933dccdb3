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
/** each tour's result, run once for all the tests below */
const results = new Map<string, ReturnType<typeof runScript>>();
const run = (tour: string) => {
  let r = results.get(tour);
  if (!r) results.set(tour, r = runScript(join(folder, tour)));
  return r;
};

test('the training folder holds the three tours the build reads', () => {
  assert.equal(tours, ['tour-edges.repl', 'tour-linking.repl', 'tour.repl']);
});

for (const tour of tours) {
  test(`${tour} runs through: no error, every expect passing`, () => {
    const r = run(tour);
    assert.is(r.error, null, `${tour}: ${r.errorText}`);
    assert.is(r.expects.failed, 0, `${tour}: ${r.failures.map(f => f.message).join('; ')}`);
    assert.ok(r.passed);
  });
}

test('the tours reach the paths they were written for (counted by their expects)', () => {
  // each tour's last transactions are the ones a failure would cut off: their expects count
  const expects = Object.fromEntries(tours.map(t => [t, run(t).expects.passed]));
  assert.ok(expects['tour.repl']! >= 80, `tour.repl: ${expects['tour.repl']}`);
  assert.ok(expects['tour-linking.repl']! >= 16, `tour-linking.repl: ${expects['tour-linking.repl']}`);
  assert.ok(expects['tour-edges.repl']! >= 90, `tour-edges.repl: ${expects['tour-edges.repl']}`);
});

test.run();
