// Tests written against surviving mutants of vm/machine.ts: the read-only view of try, enforce,
// enforce-one and pure (told apart from sys-only and from the database's own checks), the
// application paths of `call` with their exact gas, and the frames of calls and returns.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, inTierMode, type Ran } from '../helpers.js';
import { limits } from '../../vm/limits.js';
import { CoverageRecorder } from '../../runtime/repl/coverage.js';

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

/** Module functions partially applied where Pact allows it: as an argument a native completes
 *  (compose's first function, fold's). compose needs its first function's result to be a value,
 *  so a partial cannot be handed on from there (coreCompose's enforcePactValue). */
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
  // (fns.s 10) waits for b:string; compose supplies it. Charged: the partial application (75), compose
  // (100), completing it (75), the second function (75), its list (100)
  assert.equal(valueAndGas('(compose (fns.s 10) (lambda (b) [b]) "a")'), ['["a"]', '425']);
  // the value is checked against b (a string), not against a (an integer)
  assert.equal(valueAndGas('(compose (fns.s 10) (lambda (b) [b]) 1)'),
    ['error: Runtime typecheck failure, argument is integer , but expected type string', 'error: Runtime typecheck failure, argument is integer , but expected type string']);
  // t3 gets its last two arguments from fold: 75 + 200 (the list) + 100 + 2 × (100 + 100)
  assert.equal(valueAndGas('(fold (fns.t3 10) "a" [1 2])'), ['"a"', '775']);
});

test('a partial module function given too few arguments stays partial; too many is an error', () => {
  const notAValue = 'error: Expected Pact Value, got closure or table reference';
  // still partial after compose's application: no value to hand to the second function
  assert.equal(valueAndGas('(compose (fns.t3 10) (lambda (p) 1) "x")'), [notAValue, notAValue]);
  const tooMany = 'error: Attempted to apply a closure to too many arguments';
  assert.equal(valueAndGas('(fold (fns.s 10) 1 ["a"])'), [tooMany, tooMany]);
});

test('a partial native completed inside a native is charged only once saturated', () => {
  // compose (100), then + with its GIntegerOpCost (100 + 30), then the identity (75); (+ 10) itself is free
  assert.equal(valueAndGas('(compose (+ 10) (lambda (x) x) 1)'), ['11', '305']);
  // a lambda's partial application is charged when made (75), and again when completed (75)
  assert.equal(valueAndGas('(compose ((lambda (x y) (+ x y)) 10) (lambda (x) x) 1)'), ['11', '455']);
  assert.equal(valueAndGas('(filter (< 1) [0 1 2])'), ['[2]', '1492']);
  const tooMany = 'error: Attempted to apply a closure to too many arguments';
  assert.equal(valueAndGas('(fold (+ 10) 0 [1])'), [tooMany, tooMany]);
});

test('the charges of applying a partial: GAApplyLam for the arguments supplied at each step', () => {
  assert.is(chargesOf('(fold (fns.t3 10) "a" [1])'),
    '["TOTAL: 1" "GAApplyLam 1 test.repl:7:66-7:77: 75mG, total 75mG" ' +
    '"GConcat (ListConcat (GasListLength 1)) test.repl:7:82-7:85: 100mG, total 175mG" ' +
    '"GNative fold test.repl:7:60-7:86: 100mG, total 275mG" "GAConstant (MilliGas 100) test.repl:7:60-7:86: 100mG, total 375mG" ' +
    '"GAApplyLam 2 test.repl:7:60-7:86: 100mG, total 475mG"]');
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

/** Runs `body` in the interpreter alone (no tier) with the call-depth limit at `depth`. */
function interpretedAtDepth<T>(depth: number, body: () => T): T {
  const saved = limits.callDepth;
  limits.callDepth = depth;
  try {
    return inTierMode('off', body);
  } finally {
    limits.callDepth = saved;
  }
}

const RECURSIONS: Record<string, (n: number) => string> = {
  'plain recursion': n => `(let ((f (lambda (g n) (if (= n 0) 0 (+ 1 (g g (- n 1))))))) (f f ${n}))`,
  'recursion through map': n => `(let ((f (lambda (g n) (if (= n 0) 0 (at 0 (map (lambda (x) (g g x)) [(- n 1)])))))) (f f ${n}))`,
  'recursion through fold': n => `(let ((f (lambda (g n) (if (= n 0) 0 (fold (lambda (a x) (g g x)) 0 [(- n 1)]))))) (f f ${n}))`,
  'recursion inside try': n => `(let ((f (lambda (g n) (if (= n 0) 0 (try 0 (g g (- n 1))))))) (f f ${n}))`,
};

test('the interpreter allows exactly the call-depth limit of nested calls, through calls, natives and try', () => {
  const tooDeep = 'Call depth limit exceeded: more than 50 nested calls (raise it with --max-call-depth)';
  interpretedAtDepth(50, () => {
    for (const [what, program] of Object.entries(RECURSIONS)) {
      const fits = runRepl(program(50));
      assert.is(fits.error?.message, undefined, what);
      assert.is(fits.traces[fits.traces.length - 1], what === 'plain recursion' ? '50' : '0', what);
      assert.is(runRepl(program(51)).error?.message, tooDeep, what);
    }
  });
});

test('at the deepest allowed frame a tail call still runs (it reuses the frame); a plain call there is refused', () => {
  const atBottom = (call: string) => (n: number) =>
    `(let ((loop (lambda (l k) (if (= k 0) 7 (l l (- k 1)))))) (let ((f (lambda (g n) (if (= n 0) ${call} (+ 1 (g g (- n 1))))))) (f f ${n})))`;
  interpretedAtDepth(50, () => {
    assert.is(errorOrValue(atBottom('(loop loop 20)')(50)), '57');
    assert.is(errorOrValue(atBottom('(+ 0 (loop loop 20))')(49)), '56');
    assert.is(errorOrValue(atBottom('(+ 0 (loop loop 20))')(50)), 'Call depth limit exceeded: more than 50 nested calls (raise it with --max-call-depth)');
  });
});

test('tail calls in the interpreter reuse their frame: no depth limit, the right result, and a session that still works', () => {
  interpretedAtDepth(50, () => {
    const r = runRepl('(let ((f (lambda (g n acc) (if (= n 0) acc (g g (- n 1) (+ acc 2)))))) (f f 2000 0))');
    assert.equal([r.error?.message, r.traces], [undefined, ['4000']]);
    // a tail call to another function reuses the frame too
    const two = runRepl('(let ((even (lambda (o e n) (if (= n 0) true (o o e (- n 1))))) (odd (lambda (o e n) (if (= n 0) false (e o e (- n 1)))))) (even odd even 1001))');
    assert.equal([two.error?.message, two.traces], [undefined, ['false']]);
  });
});

test('with every function tiered, natives applying a defcap still build capability tokens, not run its body', () => {
  for (const run of [inTierMode.bind(null, 'always'), interpretedAtDepth.bind(null, limits.callDepth)] as ((b: () => Ran) => Ran)[]) {
    const r = run(() => runRepl(`(module m g (defcap g () true) (defcap C1 (a:integer) true) (defcap C2 (a:integer b:integer) true))
(with-capability (m.C1 1) 1) (with-capability (m.C2 1 2) 1)
(map m.C1 [1 2]) (fold m.C2 0 [1]) (zip m.C2 [1] [2])`));
    assert.equal(r.traces.slice(-3), ['[CapToken(m.C1 1) CapToken(m.C1 2)]', 'CapToken(m.C2 0 1)', '[CapToken(m.C2 1 2)]']);
  }
});

test('with every function tiered, a native given a function of the wrong arity applies it partially or refuses it', () => {
  inTierMode('always', () => {
    const warm = '(let ((two (lambda (a b) (+ a b))) (one (lambda (a) a))) ';
    assert.is(runRepl(`${warm}(two 1 2) (map two [1 2]))`).error?.message, 'Expected Pact Value, got closure or table reference');
    assert.is(runRepl(`${warm}(one 1) (fold one 0 [1 2]))`).error?.message, 'Attempted to apply a closure to too many arguments');
    assert.equal(runRepl(`${warm}(one 1) (two 1 2) [(map one [1 2]) (fold two 0 [1 2])])`).traces, ['[[1 2] 3]']);
  });
});

/** The error message of `src`, or its last value when it raises none. */
function errorOrValue(src: string): string {
  const r = runRepl(src);
  return r.error ? r.error.message : r.traces[r.traces.length - 1];
}

test('every instruction that tests a condition refuses a non-boolean with Pact\'s text, and passes booleans through', () => {
  for (const src of ['(if 1 2 3)', '(and 1 true)', '(or 1 true)', '(and true 1)', '(or false 1)', '(enforce 1 "x")', '(enforce-one "x" [1])']) {
    assert.is(errorOrValue(src), 'expected bool value, got 1', src);
  }
  assert.is(errorOrValue('(enforce false 1)'), 'expected string value, got: 1');
  assert.is(errorOrValue('(enforce false "the message")'), 'the message');
  const table: [string, string][] = [
    ['(and true true)', 'true'], ['(and true false)', 'false'], ['(and false 1)', 'false'],
    ['(or false false)', 'false'], ['(or false true)', 'true'], ['(or true 1)', 'true'],
    ['(if true 2 3)', '2'], ['(if false 2 3)', '3'], ['(enforce true "x")', 'true'],
    ['(enforce-one "x" [false true])', 'true'], ['[(and true true) (or false false) 9]', '[true false 9]'],
  ];
  for (const [src, want] of table) assert.is(errorOrValue(src), want, src);
});

test('a function value inside a list or object literal is refused at any position', () => {
  for (const src of ['[(lambda (x) x)]', '[1 +]', '{"a": +}', '{"a": 1, "b": (lambda (x) x)}']) {
    assert.is(errorOrValue(src), 'Expected Pact Value, got closure or table reference', src);
  }
  assert.is(errorOrValue('[1 [2] {"a": 3}]'), '[1 [2] {"a": 3}]');
});

test('return types are checked unless DisableRuntimeRTC is set; argument types always', () => {
  const mod = '(module m g (defcap g () true) (defun r:integer () (+ "s" "")) (defun ok:string (x:string) x))';
  assert.is(errorOrValue(`${mod} (m.r)`), 'Runtime typecheck failure, argument is string , but expected type integer');
  assert.is(errorOrValue(`${mod} (env-exec-config ["DisableRuntimeRTC"]) (m.r)`), '"s"');
  assert.is(errorOrValue(`${mod} (env-exec-config ["DisableRuntimeRTC"]) (m.ok 1)`), 'Runtime typecheck failure, argument is integer , but expected type string');
  assert.is(errorOrValue(`${mod} (m.ok "fine")`), '"fine"');
});

test('each charge the interpreter makes is logged at the span of its own instruction', () => {
  const mod = '(module fns g (defcap g () true)\n  (defun s (a:integer b:string) (length b)))\n';
  const r = runRepl(`${mod} (env-gasmodel "table") (env-gaslimit 1000000) (env-gaslog) (fns.s 1 "ab") (env-gaslog) [1 2] {"a": 1} (try 1 (+ 1 2)) (env-gaslog)`);
  assert.is(r.error, null);
  const t = r.traces;
  // a call with arguments (charged in the caller, at the call), then the native in the callee's body
  assert.is(t[t.length - 5], '["TOTAL: 1" "GAApplyLam 2 test.repl:2:60-2:74: 100mG, total 100mG" "GNative length test.repl:1:32-1:42: 100mG, total 200mG" "GStrOp (StrOpLength 2) test.repl:1:32-1:42: 1mG, total 201mG"]');
  // list and object literals, try's unconsWork, an operator
  assert.is(t[t.length - 1], '["TOTAL: 1" "GConcat (ListConcat (GasListLength 2)) test.repl:2:88-2:93: 200mG, total 200mG" "GConcat (ObjConcat 1) test.repl:2:94-2:102: 100mG, total 300mG" ' +
    '"GAConstant (MilliGas 100) test.repl:2:103-2:118: 100mG, total 400mG" "GNative + test.repl:2:110-2:117: 100mG, total 500mG" "GIntegerOpCost PrimOpAdd 1 2 test.repl:2:110-2:117: 30mG, total 530mG"]');
});

test('a try inside a function that a native applies catches there; one outside catches for the whole native', () => {
  assert.is(errorOrValue('(map (lambda (x) (try -1 (if (> x 1) x (enforce false "no")))) [1 2 0 3])'), '[-1 2 -1 3]');
  assert.is(errorOrValue('(try -1 (map (lambda (x) (enforce (> x 1) "no")) [2 1]))'), '-1');
  assert.is(errorOrValue('(fold (lambda (a x) (+ a (try 100 (if (> x 1) x (enforce false "no"))))) 0 [1 2 3])'), '105');
  assert.is(errorOrValue('[(try -1 (map (lambda (x) (try -2 (if (> x 1) x (enforce false "no")))) [1 2])) (try -3 (enforce false "x"))]'), '[[-2 2] -3]');
});

test('with coverage on, each probe the interpreter passes counts one hit: calls, lines and if-arms', () => {
  const s = runRepl('', 'setup.repl').session;
  s.coverage = new CoverageRecorder();
  const r = runRepl(`(module cov G (defcap G () true)
  (defun sign:string (n:integer)
    (if (< n 0)
        "negative"
        "non-negative")))
(cov.sign 1) (cov.sign 2) (cov.sign -5)`, 'cov.repl', s);
  assert.is(r.error, null);
  const file = s.coverage.report()['cov.repl'];
  assert.equal(file.functions['cov.sign'], { line: 2, hits: 3 });
  assert.is(file.lines[3], 3);
  assert.is(file.lines[4], 1);
  assert.is(file.lines[5], 2);
});

test.run();
