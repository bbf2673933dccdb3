// The young generation's release after a long run (runtime/repl/young-generation.ts): V8's
// default growth flag is set once, at the first check past LONG_RUN_MS, and never before.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { youngGenerationRelease, LONG_RUN_MS, GROWTH_FLAG } from '../../runtime/repl/young-generation.js';

test('nothing is set before LONG_RUN_MS, the flag once at it, nothing after', () => {
  const set: string[] = [];
  const release = youngGenerationRelease(f => set.push(f));
  assert.is(release(0), false);
  assert.is(release(LONG_RUN_MS - 1), false);
  assert.equal(set, []);
  assert.is(release(LONG_RUN_MS), true);
  assert.equal(set, [GROWTH_FLAG]);
  assert.is(release(LONG_RUN_MS * 5), false);
  assert.equal(set, [GROWTH_FLAG]);
});

test('the flag undoes the one the bin pins, for the CLI and its worker alike', () => {
  const loader = readFileSync(new URL('../../../scripts/bin.cjs', import.meta.url), 'utf8');
  const pinned = [...loader.matchAll(/flags: '([^']+)'/g)].map(m => m[1]);
  assert.is(pinned.length, 2);
  const name = GROWTH_FLAG.slice(0, GROWTH_FLAG.indexOf('=') + 1);
  for (const flags of pinned) assert.ok(flags.split(' ').includes(`${name}1`), flags);
});

test.run();
