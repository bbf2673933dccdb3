// A module deployed against an older version of another keeps running that version's code after
// the other is upgraded (Pact stores a module's dependencies' definitions with it, by hash-qualified
// name). Its capability tokens carry that version's hash, and Pact acquires, composes, installs
// and emits them through the defcap of that version (Utils.hs getDefCap over the "all loaded" map),
// with that version's manager function. Code of the current version gets the current defcap.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { failure, last, values } from './guard-helpers.js';

/** b v1 in the first transaction with a dependent `a`, then b upgraded to v2 in the second. */
function upgraded(v1: string, v2: string, dependent: string): string {
  return `(begin-tx)
(module b g (defcap g () true) ${v1})
(module a g (defcap g () true) ${dependent})
(commit-tx)
(begin-tx)
(module b g (defcap g () true) ${v2})
(commit-tx)
(begin-tx)
`;
}

test('with-capability in old code runs the old defcap; in current code the current one', () => {
  const script = upgraded(
    '(defcap C () (enforce false "old C")) (defun v () 1) (defun run () (with-capability (C) (v)))',
    '(defcap C () (enforce false "new C")) (defun v () 2) (defun run () (with-capability (C) (v)))',
    '(defun old-run () (b.run))');
  assert.is(failure(`${script}(a.old-run)`), 'old C');
  assert.is(failure(`${script}(b.run)`), 'new C');
});

test('an old defcap that passes is acquired though the current one would fail, and the other way round', () => {
  const passesThenFails = upgraded(
    '(defcap C () true) (defun run () (with-capability (C) "ran"))',
    '(defcap C () (enforce false "new C")) (defun run () (with-capability (C) "ran"))',
    '(defun old-run () (b.run))');
  assert.is(last(`${passesThenFails}(a.old-run)`), '"ran"');
  const failsThenPasses = upgraded(
    '(defcap C () (enforce false "old C")) (defun run () (with-capability (C) "ran"))',
    '(defcap C () true) (defun run () (with-capability (C) "ran"))',
    '(defun old-run () (b.run))');
  assert.is(failure(`${failsThenPasses}(a.old-run)`), 'old C');
  assert.is(last(`${failsThenPasses}(b.run)`), '"ran"');
});

test('compose-capability inside an old defcap composes the old version of the composed capability', () => {
  const script = upgraded(
    '(defcap INNER () (enforce false "old INNER")) (defcap OUTER () (compose-capability (INNER))) (defun run () (with-capability (OUTER) "ran"))',
    '(defcap INNER () true) (defcap OUTER () (compose-capability (INNER))) (defun run () (with-capability (OUTER) "ran"))',
    '(defun old-run () (b.run))');
  assert.is(failure(`${script}(a.old-run)`), 'old INNER');
  assert.is(last(`${script}(b.run)`), '"ran"');
});

test('a managed capability acquired by old code is managed by the old version\'s manager function', () => {
  const script = upgraded(
    `(defcap PAY (n:integer) @managed n MGR true)
     (defun MGR (have:integer want:integer) (- have want))
     (defun pay (n:integer) (install-capability (PAY 10)) (with-capability (PAY n) "paid"))`,
    `(defcap PAY (n:integer) @managed n MGR true)
     (defun MGR (have:integer want:integer) (enforce false "new manager"))
     (defun pay (n:integer) (install-capability (PAY 10)) (with-capability (PAY n) "paid"))`,
    '(defun old-pay (n:integer) (b.pay n))');
  assert.is(last(`${script}(a.old-pay 3)`), '"paid"');
  assert.is(failure(`${script}(b.pay 3)`), 'new manager');
});

test('install-capability by old code follows the old defcap\'s meta', () => {
  // v1's capability is managed; v2's is not, so only old code may install it
  const script = upgraded(
    '(defcap M:bool () @managed true) (defun inst () (install-capability (M)))',
    '(defcap M:bool () true) (defun inst () (install-capability (M)))',
    '(defun old-inst () (b.inst))');
  assert.is(last(`${script}(a.old-inst)`), '"Installed capability"');
  assert.is(failure(`${script}(b.inst)`), 'Install capability error: capability is not managed and cannot be installed: b.M');
});

test('events from old code name the old hash; emit-event of an old unmanaged defcap names it by the old hash', () => {
  const script = upgraded(
    '(defcap E () @event true) (defcap U () true) (defun fire () (with-capability (E) 1)) (defun emit-u () (emit-event (U)))',
    '(defcap E () @event (enforce false "new E")) (defcap U () @event true) (defun fire () (with-capability (E) 1)) (defun emit-u () (emit-event (U)))',
    '(defun old-fire () (b.fire)) (defun old-emit () (b.emit-u))');
  const out = values(`(begin-tx)
(module b g (defcap g () true) (defcap E () @event true) (defcap U () true) (defun fire () (with-capability (E) 1)) (defun emit-u () (emit-event (U))))
(at 'hash (describe-module "b"))
(module a g (defcap g () true) (defun old-fire () (b.fire)) (defun old-emit () (b.emit-u)))
(commit-tx)
(begin-tx)
(module b g (defcap g () true) (defcap E () @event (enforce false "new E")) (defcap U () @event true) (defun fire () (with-capability (E) 1)) (defun emit-u () (emit-event (U))))
(at 'hash (describe-module "b"))
(commit-tx)
(begin-tx)
(a.old-fire)
(map (at 'module-hash) (env-events true))`);
  const oldHash = out[2], newHash = out[7];
  assert.is.not(oldHash, newHash);
  assert.is(out[out.length - 1], `[${oldHash}]`);
  const err = failure(`${script}(a.old-emit)`);
  assert.is(err, `Invalid event capability b.U.{${oldHash.slice(1, -1)}}`);
  // the current version's U is an event: emitting it is fine
  assert.is(last(`${script}(b.emit-u)`), 'true');
});

/** One transaction: `v1` deployed, `before` run, the module upgraded to `v2`, then `after`. */
function sameTx(v1: string, before: string, v2: string, after: string): string {
  return `(begin-tx)
(module b g (defcap g () true) ${v1})
${before}
(module b g (defcap g () true) ${v2})
${after}`;
}

test('the manager a managed capability runs is the one of the defcap that installed it (installCap records it)', () => {
  const script = sameTx(
    '(defcap PAY (n:integer) @managed n MGR true) (defun MGR (have:integer want:integer) (- have want)) (defun inst () (install-capability (PAY 10)))',
    '(b.inst)',
    '(defcap PAY (n:integer) @managed n MGR true) (defun MGR (have:integer want:integer) (enforce false "new manager")) (defun pay (n:integer) (with-capability (PAY n) "paid"))',
    '(b.pay 3)');
  assert.is(last(script), '"paid"');
});

test('an installed capability acquired through a defcap of the other kind fails Pact\'s invariant', () => {
  const managed = '(defcap C (a:integer b:integer) @managed b MGR true) (defun MGR (have:integer want:integer) have)';
  const auto = '(defcap C (a:integer) @managed true)';
  assert.is(failure(sameTx(`${managed} (defun inst () (install-capability (C 1 5)))`, '(b.inst)',
    `${auto} (defun go () (with-capability (C 1) true))`, '(b.go)')),
    'Fatal execution error, invariant violated: Invalid managed cap kind expected automanaged, received user managed');
  assert.is(failure(sameTx(`${auto} (defun inst () (install-capability (C 1)))`, '(b.inst)',
    `${managed} (defun go () (with-capability (C 1 5) true))`, '(b.go)')),
    'Fatal execution error, invariant violated: Invalid managed cap kind expected user managed, received automanaged');
  // the managed parameter first: (C 9 1) without it is (C 1), the auto-managed one installed
  assert.is(failure(sameTx(`${auto} (defun inst () (install-capability (C 1)))`, '(b.inst)',
    '(defcap C (n:integer a:integer) @managed n MGR true) (defun MGR (have:integer want:integer) have) (defun go () (with-capability (C 9 1) true))', '(b.go)')),
    'Fatal execution error, invariant violated: Invalid managed cap kind expected user managed, received automanaged');
});

test('a manager that is no defun (DisablePact51 allows one) fails getDefun\'s invariant, before the body runs', () => {
  const script = `(env-exec-config ["DisablePact51"])
(begin-tx)
(module m g (defcap g () true)
  (defconst K 1)
  (defcap CK (x:integer) @managed x K (enforce false "body ran"))
  (defun go () (install-capability (CK 5)) (with-capability (CK 2) true)))
(at 'hash (describe-module "m"))
`;
  const hash = values(script).pop()!.slice(1, -1);
  const text = `Fatal execution error, invariant violated: Expected a defun for free variable m.K.{${hash}}`;
  assert.is(failure(`${script}(m.go)`), text);
  // test-capability never runs the manager, but looks it up all the same
  assert.is(failure(`${script}(test-capability (m.CK 1))`), text);
  // a constant of another module is named with that module's hash
  const other = `(env-exec-config ["DisablePact51"])
(begin-tx)
(module o og (defcap og () true) (defconst K 1))
(module m g (defcap g () true)
  (defcap CK (x:integer) @managed x o.K true)
  (defun go () (install-capability (CK 5)) (with-capability (CK 2) true)))
(at 'hash (describe-module "o"))
`;
  const oHash = values(other).pop()!.slice(1, -1);
  assert.is(failure(`${other}(m.go)`), `Fatal execution error, invariant violated: Expected a defun for free variable o.K.{${oHash}}`);
});

test('with-capability checks module admin before it looks the defcap up (CWithCapability: guardForModuleCall, then evalCap)', () => {
  // a token whose module was rolled back away: outside the module, admin is asked for first
  assert.is(failure(`(begin-tx)
(module m g (defcap g () true) (defcap U (x:integer) true))
(defconst T (m.U 1))
(rollback-tx)
(with-capability T 1)`), 'Module admin necessary for operation but has not been acquired:m');
  // test-capability asks for no admin: getDefCap finds nothing under the token's name and hash
  const script = `(begin-tx)
(module m g (defcap g () true) (defcap U (x:integer) true))
(defconst T (m.U 1))
(at 'hash (describe-module "m"))
(rollback-tx)
`;
  const hash = values(`${script}`)[3].slice(1, -1);
  assert.is(failure(`${script}(test-capability T)`), `Fatal execution error, invariant violated: Unbound free variable m.U.{${hash}}`);
});

test.run();
