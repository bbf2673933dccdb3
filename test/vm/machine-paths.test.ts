// Tests written against surviving mutants of vm/machine.ts: the read-only view of try, enforce,
// enforce-one and pure (told apart from sys-only and from the database's own checks), the
// application paths of `call` with their exact gas, and the frames of calls and returns.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, type Ran } from '../helpers.js';

const DISALLOWED = 'Error during database operation: Operation disallowed in read-only or sys-only mode';

/** A module with a table holding {"v": 1} at "a", written in a first transaction. */
const TABLE = `
(begin-tx)
(module m g (defcap g () true)
  (defschema s v:integer)
  (deftable t:{s})
  (defun w () (write t "a" {"v": 1}) true)
  (defun rd () (at "v" (read t "a")))
  (defun in-try () (try 7 (rd)))
  (defun in-enforce () (enforce (> (rd) 0) "no"))
  (defun in-pure () (pure (rd)))
  (defun in-enforce-one () (enforce-one "none" [(> (rd) 0)]))
  (defun guard-try () (enforce (= 1 (try 7 (rd))) "guard-try"))
  (defun guard-enforce () (enforce (> (rd) 0) "guard-enforce"))
  (defun guard-pure () (enforce (= 1 (pure (rd))) "guard-pure")))
(create-table t)
(w)
(commit-tx)
(begin-tx)
`;

/** Runs `body` after TABLE; the last value rendered, or the error's message. */
function outcome(body: string): string {
  const r: Ran = runRepl(TABLE + body);
  return r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1];
}

test('a write inside try, enforce, enforce-one or pure is refused with the database error, which try does not catch', () => {
  assert.is(outcome('(try 1 (m.w))'), `error: ${DISALLOWED}`);
  assert.is(outcome('(enforce (m.w) "x")'), `error: ${DISALLOWED}`);
  assert.is(outcome('(pure (m.w))'), `error: ${DISALLOWED}`);
  assert.is(outcome('(enforce-one "x" [(m.w)])'), `error: ${DISALLOWED}`);
  // the same write outside is allowed
  assert.is(outcome('(m.w)'), 'true');
});

test('reads are allowed in the read-only view: try, enforce, enforce-one and pure give the row', () => {
  assert.is(outcome('(m.in-try)'), '1');
  assert.is(outcome('(m.in-enforce)'), 'true');
  assert.is(outcome('(m.in-pure)'), '1');
  assert.is(outcome('(m.in-enforce-one)'), 'true');
});

test('the read-only view ends with the form: a write right after succeeds, whether the body returned or failed', () => {
  assert.is(outcome('(do (enforce true "x") (m.w))'), 'true');
  assert.is(outcome('(do (pure 1) (m.w))'), 'true');
  assert.is(outcome('(do (try 0 1) (m.w))'), 'true');
  assert.is(outcome('(do (try 0 (enforce false "no")) (m.w))'), 'true');
  assert.is(outcome('(do (enforce-one "x" [false true]) (m.w))'), 'true');
  assert.is(outcome('(do (enforce-one "x" [(enforce false "a") true]) (m.w))'), 'true');
  assert.is(outcome('(do (try 0 (m.w)) 1)'), `error: ${DISALLOWED}`);
});

test('pure and enforce hand back the value of their body', () => {
  assert.is(outcome('(pure (+ 1 2))'), '3');
  assert.is(outcome('[(pure "a") (pure "b")]'), '["a" "b"]');
  assert.is(outcome('(let ((x (pure 5))) (+ x (pure 6)))'), '11');
});

test('a user guard reads tables read-only; try, enforce and pure inside it keep that', () => {
  assert.is(outcome('(enforce-guard (create-user-guard (m.guard-try)))'), 'true');
  assert.is(outcome('(enforce-guard (create-user-guard (m.guard-enforce)))'), 'true');
  assert.is(outcome('(enforce-guard (create-user-guard (m.guard-pure)))'), 'true');
});

test('under DisablePact53 a user guard runs sys-only, and try, enforce and pure inside it do not relax that to read-only', () => {
  const sysOnly = '(env-exec-config ["DisablePact53"])';
  for (const f of ['guard-try', 'guard-enforce', 'guard-pure']) {
    assert.is(outcome(`${sysOnly} (enforce-guard (create-user-guard (m.${f})))`), `error: ${DISALLOWED}`, f);
  }
});

/** Functions reached through `compose`, which hands its first function's partial application to the second. */
const FNS = `(module fns g (defcap g () true)
  (defcap C (a:integer b:string) true)
  (defcap Z () true)
  (defun s (a:integer b:string) b)
  (defun t3 (a:integer b:string c:integer) b)
  (defun zero () 1)
  (defpact p0 () (step 0)))
`;
const METER = '(env-gasmodel "table") (env-gaslimit 1000000)';

/** The value of `src` (after FNS) and the milligas it cost when metered, or the error's message. */
function valueAndGas(src: string): [string, string] {
  const plain = runRepl(`${FNS} ${src}`);
  const metered = runRepl(`${FNS} ${METER} ${src} (env-milligas)`);
  if (plain.error || metered.error) return [`error: ${plain.error?.message}`, `error: ${metered.error?.message}`];
  const t = metered.traces;
  assert.is(plain.traces[plain.traces.length - 1], t[t.length - 2], `${src}: the same value metered and not`);
  return [t[t.length - 2], t[t.length - 1]];
}

/** The charges `src` makes (after FNS), as the gas log lists them. */
function chargesOf(src: string): string {
  const r = runRepl(`${FNS} ${METER} (env-gaslog) ${src} (env-gaslog)`);
  if (r.error) return `error: ${r.error.message}`;
  return r.traces[r.traces.length - 1];
}

test('a partial module function completed inside a native: argument types checked at their own positions, exact gas', () => {
  // (fns.s 10) waits for b:string; map supplies it
  assert.equal(valueAndGas('(compose fns.s (lambda (p) (map p ["a" "b"])) 10)'), ['["a" "b"]', '900']);
  // the element is checked against b (a string), not against a (an integer)
  assert.equal(valueAndGas('(compose fns.s (lambda (p) (map p [1])) 10)'),
    ['error: Runtime typecheck failure, argument is integer , but expected type string', 'error: Runtime typecheck failure, argument is integer , but expected type string']);
  // t3 gets its last two arguments from fold
  assert.equal(valueAndGas('(compose fns.t3 (lambda (p) (fold p "a" [1 2])) 10)'), ['"a"', '950']);
});

test('a partial module function given too few arguments stays partial; too many is an error', () => {
  const notAValue = 'error: Expected Pact Value, got closure or table reference';
  assert.equal(valueAndGas('(compose fns.t3 (lambda (p) (map p ["x"])) 10)'), [notAValue, notAValue]);
  const tooMany = 'error: Attempted to apply a closure to too many arguments';
  assert.equal(valueAndGas('(compose fns.s (lambda (p) (fold p 1 ["a"])) 10)'), [tooMany, tooMany]);
});

test('a partial native completed inside a native is charged only once saturated', () => {
  assert.equal(valueAndGas('(compose + (lambda (p) (map p [1 2])) 10)'), ['[11 12]', '935']);
  assert.equal(valueAndGas('(compose (lambda (x y) (+ x y)) (lambda (p) (map p [1 2])) 10)'), ['[11 12]', '1160']);
  const tooMany = 'error: Attempted to apply a closure to too many arguments';
  assert.equal(valueAndGas('(compose + (lambda (p) (fold p 0 [1])) 10)'), [tooMany, tooMany]);
});

test('the charges of applying a partial: GAApplyLam for the arguments supplied at each step', () => {
  assert.is(chargesOf('(compose fns.t3 (lambda (p) (fold p "a" [1])) 10)'),
    '["TOTAL: 1" "GNative compose test.repl:7:60-7:109: 100mG, total 100mG" "GAApplyLam 1 test.repl:7:60-7:109: 75mG, total 175mG" ' +
    '"GAApplyLam 1 test.repl:7:60-7:109: 75mG, total 250mG" "GConcat (ListConcat (GasListLength 1)) test.repl:7:100-7:103: 100mG, total 350mG" ' +
    '"GNative fold test.repl:7:88-7:104: 100mG, total 450mG" "GAConstant (MilliGas 100) test.repl:7:88-7:104: 100mG, total 550mG" ' +
    '"GAApplyLam 2 test.repl:7:88-7:104: 100mG, total 650mG"]');
});

test('a capability token or a defpact is charged for its application even with no arguments; a nullary defun is not', () => {
  assert.is(chargesOf('(fns.Z)'), '["TOTAL: 1" "GAApplyLam 0 test.repl:7:60-7:67: 50mG, total 50mG"]');
  assert.is(chargesOf('(fns.C 1 "a")'), '["TOTAL: 1" "GAApplyLam 2 test.repl:7:60-7:73: 100mG, total 100mG"]');
  assert.is(chargesOf('(fns.zero)'), '["TOTAL: 0"]');
  assert.match(chargesOf('(fns.p0)'), /^\["TOTAL: 18" "GAApplyLam 0 test\.repl:7:60-7:68: 50mG, total 50mG" "GWrite /);
  assert.is(valueAndGas('(fns.C 1 "a")')[0], 'CapToken(fns.C 1 "a")');
  assert.is(valueAndGas('(fns.C "a" "b")')[0], 'error: Runtime typecheck failure, argument is string , but expected type integer');
  assert.is(valueAndGas('(fns.C 1 2)')[0], 'error: Runtime typecheck failure, argument is integer , but expected type string');
});

test.run();
