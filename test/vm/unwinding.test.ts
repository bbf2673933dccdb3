// After an error, the machine is as it was before the failed call: no frames, stack entries, tier
// depth, activations or reentrancy marks left behind, whether the failing code was interpreted or
// tiered (vm/tier.ts tierFailure), so the same functions can be called again.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TierMode } from '../../vm/tier.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { Closure, type Value } from '../../vm/values.js';
import { PactError } from '../../vm/errors.js';
import { runRepl, inTierMode, type Ran } from '../helpers.js';
import type { ReplSession } from '../../runtime/repl/session.js';

const MODES: TierMode[] = ['off', 'always'];

/** Loads `source` into a fresh session (it must not fail). */
function loaded(source: string): ReplSession {
  const r = runRepl(source, 'unwind.repl');
  if (r.error) throw new Error(`setup failed: ${r.error.message}`);
  return r.session;
}

/** The value of a Pact expression in `s`, run as a top-level form through the machine. */
function valueOf(s: ReplSession, src: string): Value {
  const top = compileExpression(read(new SourceFile('v.repl', src))[0], s);
  return s.vm.call(new Closure(top, []), []);
}

/** Calls `fn` directly through the machine's entry point and returns the error it raises. */
function failure(s: ReplSession, fn: Value, args: Value[]): PactError {
  try {
    s.vm.call(fn, args);
  } catch (e) {
    if (e instanceof PactError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

/** The machine's bookkeeping that a finished call must leave as it found it. */
function state(s: ReplSession) {
  const m = s.vm;
  return { fp: m.fp, sp: m.sp, tailDepth: m.tailDepth, guardFp: m.guardFp, reentrant: [...m.reentrant] };
}
const IDLE = { fp: -1, sp: 0, tailDepth: 0, guardFp: -1, reentrant: [] };

const NESTED = `(module m g (defcap g () true)
  (defun boom:integer (x:integer) (enforce (> x 0) "boom") x)
  (defun outer:integer (x:integer) (+ 1 (boom x)))
  (defun twice:integer (x:integer) (let ((y (+ x 1))) (* 2 (outer y)))))
`;

test('a failing module function nested two deep: the Pact stack names both with their arguments, and nothing stays behind', () => {
  for (const mode of MODES) inTierMode(mode, () => {
    const s = loaded(NESTED);
    const twice = valueOf(s, 'm.twice') as Closure;
    assert.is(s.vm.call(twice, [1]), 6, mode);
    const e = failure(s, twice, [-1]);
    assert.is(e.message, 'boom');
    assert.equal(e.pactStack.map(f => [f.name.replace(/\.\{.*\}$/, ''), f.args]),
      [['m.boom', [0]], ['m.outer', [0]], ['m.twice', [-1]]], mode);
    assert.is(e.span?.range(), 'unwind.repl:1:34-1:58', mode);
    assert.equal(state(s), IDLE, mode);
    for (const name of ['boom', 'outer', 'twice']) {
      assert.is((valueOf(s, `m.${name}`) as Closure).proto.active, 0, `${mode} ${name}`);
    }
    if (mode === 'always') assert.ok(twice.proto.tier !== null, 'the function ran tiered');
    // and the functions run again: none of them is still counted as running
    assert.is(s.vm.call(twice, [2]), 8, mode);
    assert.equal(state(s), IDLE, mode);
  });
});

test('an error caught by expect-failure leaves the functions free to run again in the same script', () => {
  for (const mode of MODES) inTierMode(mode, () => {
    const r: Ran = runRepl(`${NESTED}(expect-failure "boom" "boom" (m.twice -1))\n(m.twice 1)\n(expect-failure "again" (m.outer 0))\n(m.outer 5)`, 'unwind.repl');
    assert.is(r.error, null, mode);
    assert.equal(r.traces.slice(1), ['"Expect failure: Success: boom"', '6', '"Expect failure: Success: again"', '6'], mode);
    assert.equal(state(r.session), IDLE, mode);
  });
});

test('a lambda that fails, with or without calls of its own, leaves no frame or tier depth behind', () => {
  for (const mode of MODES) inTierMode(mode, () => {
    const s = loaded(NESTED);
    for (const [src, message] of [
      ['(lambda (x) (enforce (> x 0) "leaf"))', 'leaf'],
      ['(lambda (x) (+ 1 (m.boom x)))', 'boom'],
      ['(lambda (x) (length x))', 'Type error: failed to call native function length with argument(s) of type(s): integer'],
      ['(lambda (x) ((lambda (y) (m.outer y)) x))', 'boom'],
    ] as const) {
      const fn = valueOf(s, src);
      const e = failure(s, fn, [0]);
      assert.is(e.message.replace(/ with argument.*/, ''), message.replace(/ with argument.*/, ''), `${mode} ${src}`);
      // tiered lambdas keep no stack pointer of their own (the interpreter frame below them resets
      // it when it catches or returns): only the interpreter's is checked
      const { sp, ...rest } = state(s);
      assert.equal(rest, { fp: -1, tailDepth: 0, guardFp: -1, reentrant: [] }, `${mode} ${src}`);
      if (mode === 'off') assert.is(sp, 0, src);
      assert.is((valueOf(s, 'm.boom') as Closure).proto.active, 0, `${mode} ${src}`);
    }
    assert.is(s.vm.call(valueOf(s, '(lambda (x) (+ 1 (m.boom x)))'), [3]), 4, mode);
  });
});

const REENTRY = `(interface callback (defun run:string (x:integer)))
(module a g (defcap g () true)
  (implements callback)
  (defschema s v:integer)
  (deftable t:{s})
  (defun run:string (x:integer) (enforce (> x 0) "refused") (write t "k" { "v": x }) "wrote")
  (defun through:string (other:module{callback} x:integer) (other::run x)))
(module b g (defcap g () true)
  (implements callback)
  (defun run:string (x:integer) (enforce (> x 0) "refused") (a.run x)))
(create-table t)
`;

test('a failure inside a function reached through a module reference ends its reentrancy mark and read-only view', () => {
  for (const mode of MODES) inTierMode(mode, () => {
    const s = loaded(REENTRY);
    const through = valueOf(s, 'a.through') as Closure;
    const b = valueOf(s, 'b');
    assert.is(failure(s, through, [b, 0]).message, 'refused', mode);
    assert.equal(state(s), IDLE, mode);
    assert.is(failure(s, through, [b, 1]).message,
      'Error during database operation: Operation disallowed in read-only or sys-only mode', mode);
    assert.equal(state(s), IDLE, mode);
    // the restriction ended with the failed call: a direct call writes
    assert.is(valueOf(s, '(a.run 2)'), 'wrote', mode);
    assert.equal(state(s), IDLE, mode);
  });
});

test('a module that called out through a module reference writes again once the call returned (the mark is left on return)', () => {
  for (const mode of MODES) {
    const r = inTierMode(mode, () => runRepl(`(begin-tx)
(interface runner (defun run:integer ()))
(module a g (defcap g () true)
  (defschema s v:integer)
  (deftable t:{s})
  (defun put:integer (k:integer) (write t (int-to-str 10 k) {"v": k}) k)
  (defun go:integer (m:module{runner}) (m::run))
  (defun go-then-put:integer (m:module{runner}) (m::run) (put 7)))
(create-table t)
(module b g (defcap g () true) (implements runner)
  (defun run:integer () (fold (+) 0 (map (a.put) [1 2]))))
(module c g (defcap g () true) (implements runner)
  (defun run:integer () 5))
(commit-tx)
(begin-tx)
(expect-failure "a's own function, applied while a has called out, runs read-only" "read-only" (a.go b))
(expect "after the call out returned, a writes again" 7 (a.go-then-put c))
(commit-tx)`));
    assert.is(r.error, null, mode);
    assert.ok(r.traces.includes('"Expect failure: Success: a\'s own function, applied while a has called out, runs read-only"'), `${mode}: ${r.traces.join(' | ')}`);
    assert.ok(r.traces.includes('"Expect: success after the call out returned, a writes again"'), `${mode}: ${r.traces.join(' | ')}`);
  }
});

test('a function reached by module reference and applied by a native records the reference: the caller\'s functions run read-only under it', () => {
  for (const mode of MODES) {
    const r = inTierMode(mode, () => runRepl(`(begin-tx)
(interface adder
  (defun add:integer (acc:integer x:integer))
  (defun add-back:integer (acc:integer x:integer)))
(module a g (defcap g () true)
  (defschema s v:integer)
  (deftable t:{s})
  (defun put:integer (k:integer) (write t (int-to-str 10 k) {"v": k}) k)
  (defun put-add:integer (acc:integer x:integer) (write t (int-to-str 10 x) {"v": x}) (+ acc x))
  (defun go:integer (m:module{adder}) (fold (m::add) 0 [1 2]))
  (defun go-back:integer (m:module{adder}) (fold (m::add-back) 0 [1 2])))
(create-table t)
(module b g (defcap g () true) (implements adder)
  (defun add:integer (acc:integer x:integer) (+ acc (a.put x)))
  (defun add-back:integer (acc:integer x:integer) (fold (a.put-add) acc [x])))
(commit-tx)
(begin-tx)
(expect-failure "fold enters b.add, reached through a's reference: a.put runs read-only" "read-only" (a.go b))
(expect-failure "under that mark, fold enters a.put-add itself: read-only too" "read-only" (a.go-back b))
(commit-tx)`));
    assert.is(r.error, null, mode);
    assert.ok(r.traces.includes('"Expect failure: Success: fold enters b.add, reached through a\'s reference: a.put runs read-only"'), `${mode}: ${r.traces.join(' | ')}`);
    assert.ok(r.traces.includes('"Expect failure: Success: under that mark, fold enters a.put-add itself: read-only too"'), `${mode}: ${r.traces.join(' | ')}`);
  }
});

test.run();