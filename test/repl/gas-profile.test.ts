// `pactvm gas`: the profile accounts for every milligas the run consumed.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { runScript } from '../../runtime/repl/runner.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../../runtime/gas/meter.js';
import { TOP_LEVEL } from '../../runtime/gas/profile.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const token = join(repo, 'examples', 'token', 'token.repl');
const opts = { gasModel: TABLE_MODEL, gasLimit: MAX_MILLIGAS };

test('the profile of the token example totals what the same run consumed', () => {
  const plain = runScript(token, opts);
  const profiled = runScript(token, { ...opts, profile: true });
  assert.ok(plain.passed && profiled.passed);
  const p = profiled.profile!;
  assert.ok(p.total > 1_000_000);
  assert.is(p.total, plain.gasMilli, 'profiling does not change the gas consumed');
  assert.is(Math.ceil(p.total / 1000), Math.ceil(plain.gasMilli / 1000), 'the profile in gas equals env-gas of the run');
});

test('exclusive costs, natives and folded stacks each add up to the total', () => {
  const p = runScript(token, { ...opts, profile: true }).profile!;
  const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);
  assert.is(sum([...p.functions.values()].map(c => c.exclusive)), p.total);
  assert.is(sum(p.natives.values()), p.total);
  assert.is(sum(p.folded.values()), p.total);
  // a transfer's inclusive cost covers the debit and credit it calls
  const transfer = p.functions.get('token.transfer')!, debit = p.functions.get('token.debit')!;
  assert.ok(transfer.inclusive > transfer.exclusive && transfer.inclusive >= debit.inclusive);
  assert.ok(p.functions.get(TOP_LEVEL)!.exclusive > 0);
  assert.match(p.foldedText(), /^token\.transfer;token\.debit;update \d+$/m);
});

test('module deployment is not attributed to the native that ran before it', () => {
  const p = runScript(token, { ...opts, profile: true }).profile!;
  assert.ok((p.natives.get('define-keyset') ?? 0) < 20_000);
  assert.ok((p.natives.get('GHashOp') ?? 0) > 0);
});

test.run();
