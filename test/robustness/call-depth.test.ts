// Found item 2: unbounded non-tail recursion stops at the VM's call-depth limit with a located
// Pact error (configurable with --max-call-depth), also inside a parallel batch.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { pactvm, scratch, write, assertLocatedFailure, assertNoStack, assertJunit } from './cli.js';
import { runRepl } from '../helpers.js';
import { limits } from '../../vm/limits.js';

const dir = scratch('depth');
const forever = '(let ((f (lambda (g n) (+ 1 (g g n))))) (f f 1))';
const countdown = (n: number) => `(let ((f (lambda (g n) (if (= n 0) 0 (+ 1 (g g (- n 1))))))) (f f ${n}))`;

test('infinite recursion ends in "Call depth limit exceeded" at the recursive call', () => {
  const file = write(dir, 'forever.repl', `(+ 1 2)\n${forever}\n`);
  assertLocatedFailure(pactvm(['run', file]), file, 2, 28,
    'Call depth limit exceeded: more than 1000000 nested calls (raise it with --max-call-depth)');
});

test('--max-call-depth lowers and raises the limit', () => {
  const file = write(dir, 'countdown.repl', `${countdown(200)}\n`);
  assertLocatedFailure(pactvm(['run', '--max-call-depth', '100', file]), file, 1, 42,
    'Call depth limit exceeded: more than 100 nested calls (raise it with --max-call-depth)');
  assert.is(pactvm(['run', '--max-call-depth', '1000', file]).stdout, 'Load successful\n');
  const bad = pactvm(['run', '--max-call-depth', 'lots', file]);
  assert.is(bad.status, 2);
  assert.ok(bad.stderr.startsWith('pactvm run: --max-call-depth must be a positive whole number, got "lots"\nusage: pactvm run'), bad.stderr);
});

test('the limit also stops recursion that goes through natives (map), and the session stays usable', () => {
  const saved = limits.callDepth;
  limits.callDepth = 300;
  try {
    const r = runRepl(`(let ((f (lambda (g n) (map (lambda (x) (g g x)) [n])))) (f f 1))\n(+ 1 2)`);
    assert.is(r.error?.message, 'Call depth limit exceeded: more than 300 nested calls (raise it with --max-call-depth)');
    const again = runRepl('(+ 1 2)', 'again.repl', r.session);
    assert.equal(again.traces, ['3']);
  } finally {
    limits.callDepth = saved;
  }
});

test('--jobs 2: a runaway recursion fails its own file; the batch prints every result and a complete JUnit document', () => {
  const batch = scratch('depth-batch');
  write(batch, 'a.repl', '(expect "a" 1 1)\n');
  write(batch, 'b-forever.repl', `${forever}\n`);
  write(batch, 'c.repl', '(expect "c" 3 3)\n');
  write(batch, 'd.repl', '(expect "d" 4 4)\n');
  const r = pactvm(['test', '--jobs', '2', '--reporter', 'junit', batch]);
  assert.is(r.status, 1);
  assertJunit(r.stdout, 4, 1);
  assert.ok(r.stdout.includes(`${join(batch, 'b-forever.repl')}:1:28: Call depth limit exceeded`));
  assert.is(r.stderr, '3 passed, 1 failed\n');
  assertNoStack(r);
});

test.run();
