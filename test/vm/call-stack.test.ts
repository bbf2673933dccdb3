// What natives and errors read from the machine's call stack: defun, defcap and defpact frames
// are Pact's running functions (the calling module, the Pact stack, "top-level only" natives),
// lambdas are not; tail calls reuse their frame unless a try handler lives in it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { limits } from '../../vm/limits.js';
import { runRepl, inTierMode } from '../helpers.js';

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defschema s v:integer)
  (deftable t:{s})
  (defcap READS () (enforce (= 1 (at "v" (read t "k"))) "one") true)
  (defcap BAD (x:integer) (enforce (> x 0) "bad cap") true)
  (defcap COMPOSES () (compose-capability (READS)) true)
  (defpact p (x:integer) (step (at "v" (read t "k"))) (step (enforce (> x 0) "bad step")))
  (defpact makes () (step (create-table t)))
  (defun init () (insert t "k" { "v": 1 }))
  (defun f (x:integer) (enforce (> x 0) "bad fun")))
(create-table t)
(m.init)
(commit-tx)
(begin-tx)
`;

/** The last result of the script after the module, or its error with the Pact stack (names without hashes). */
function outcome(src: string): string {
  const r = runRepl(MODULE + src, 'cs.repl');
  if (!r.error) return r.traces[r.traces.length - 1];
  const stack = r.error.pactStack.map(f => `${f.name.replace(/\.\{.*\}$/, '')}${JSON.stringify(f.args)}`);
  return `error: ${r.error.message}${stack.length ? ' @ ' + stack.join(' < ') : ''}`;
}

test("a defcap's body runs as its module: it reads the module's table, and composes capabilities", () => {
  assert.is(outcome('(test-capability (m.READS))\n"granted"'), '"granted"');
  assert.is(outcome('(test-capability (m.COMPOSES))\n"granted"'), '"granted"');
  // a lambda at the top level is no module's code
  assert.is(outcome('((lambda () (read m.t "k")))'), 'error: Module admin necessary for operation but has not been acquired:m');
});

test("a defpact's steps run as its module, and count as a running function", () => {
  assert.is(outcome('(m.p 1)'), '1');
  assert.is(outcome('(m.makes)'), 'error: Top-level call used in module create-table @ m.makes[]');
});

test('the Pact stack of an error names the failing defun, defcap or defpact with its arguments, tiered or not', () => {
  for (const mode of ['off', 'always'] as const) {
    inTierMode(mode, () => {
      assert.is(outcome('(m.f 0)'), 'error: bad fun @ m.f[0]', mode);
      assert.is(outcome('(test-capability (m.BAD 0))'), 'error: bad cap @ m.BAD[0]', mode);
      assert.is(outcome('(m.p 0)\n(continue-pact 1)'), 'error: bad step @ m.p[0]', mode);
      // lambdas are left out of it
      assert.is(outcome('((lambda (y) (m.f y)) -3)'), 'error: bad fun @ m.f[-3]', mode);
    });
  }
});

/** Runs `source` with the machine's call-depth limit at `depth`. */
function withDepth(depth: number, source: string): string {
  const saved = limits.callDepth;
  limits.callDepth = depth;
  try {
    const r = runRepl(source, 'depth.repl');
    return r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1];
  } finally {
    limits.callDepth = saved;
  }
}

const LOOP = '(let ((loop (lambda (self n) (if (= n 0) "done" (self self (- n 1))))))';
const NESTED = '(let ((sum (lambda (self n) (if (= n 0) 0 (+ 1 (self self (- n 1)))))))';

test('a tail call reuses its frame: a loop of 1000 runs under a call-depth limit of 20, also inside try', () => {
  assert.is(withDepth(20, `${LOOP} (loop loop 1000))`), '"done"');
  assert.is(withDepth(20, `${LOOP} (try "caught" (loop loop 1000)))`), '"done"');
  assert.is(withDepth(20, `${LOOP} [(loop loop 1000) (try "caught" (loop loop 1000)) (loop loop 3)])`), '["done" "done" "done"]');
  // calls not in tail position keep their frames
  assert.is(withDepth(20, `${NESTED} (sum sum 1000))`),
    'error: Call depth limit exceeded: more than 20 nested calls (raise it with --max-call-depth)');
  assert.is(withDepth(20, `${NESTED} (sum sum 15))`), '15');
});

test('a tail call reached through a module reference keeps its frames, so the depth limit counts them, tiered or not', () => {
  const src = `(interface i (defun go:string (n:integer)))
(module a g (defcap g () true) (implements i)
  (defun go:string (n:integer) ${LOOP} (loop loop n))))
(module b g (defcap g () true)
  (defun via:string (r:module{i} n:integer) (r::go n)))
`;
  for (const mode of ['off', 'always'] as const) {
    inTierMode(mode, () => {
      assert.is(withDepth(20, `${src}(a.go 1000)`), '"done"', mode);
      assert.is(withDepth(20, `${src}(b.via a 10)`), '"done"', mode);
      assert.is(withDepth(20, `${src}(b.via a 30)`),
        'error: Call depth limit exceeded: more than 20 nested calls (raise it with --max-call-depth)', mode);
    });
  }
});

test.run();
