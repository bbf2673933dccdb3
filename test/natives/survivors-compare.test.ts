// Tests aimed at mutants that survived in the comparison and data natives (runtime/natives/compare.ts,
// data.ts, registry.ts, errors.ts). The expected values and gas charges follow Pact 5's source:
// `valEqGassed` and `litCmpGassed` (Pact.Core.IR.Eval.Runtime.Utils) for `=`, `<`, `>`...;
// `defCmp` and `rawSort` (its `sortPv`, over the derived `Ord Literal`: string < integer <
// decimal < unit < bool, literals before times) and `rawSortObject` in
// Pact.Core.IR.Eval.CEK.CoreBuiltin; `coreReadMsg`, `coreReadString`, `coreReadInteger`,
// `coreReadDecimal` and `parseNumLiteral` (Pact.Core.Literal) for the transaction-data natives;
// `EnvReadFunctionFailure` and `NativeArgumentsError` texts in Pact.Core.Errors.
//
// Comparisons are run metered (table model, gas log on), since that is the only path where
// Pact prices each step: the tests read back the `GComparison ...` charges a comparison makes,
// in order, as well as its value.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { evalLast, runRepl } from '../helpers.js';
import { typeError, meteredRun, meteredSession } from './helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { BUILTINS } from '../../vm/builtins.js';
import type { NativeImpl } from '../../vm/host.js';
import type { PactError } from '../../vm/errors.js';

/** A metered session (table model, no effective limit) with `setup` run in it. */
function metered(setup = ''): ReplSession {
  const s = meteredSession();
  if (setup) {
    const r = runRepl(setup, 'setup.repl', s);
    if (r.error) throw new Error(`setup failed: ${r.error.message}`);
  }
  return s;
}

interface Outcome { value: string | null; error: PactError | null; charges: string[]; log: string[] }

/** Runs `src` in `s` with a fresh gas log: the rendered value (or the error), the `GComparison`
 *  charges made, and the whole log. */
function run(s: ReplSession, src: string): Outcome {
  const r = meteredRun(src, s);
  const log = r.log.map(e => e.what);
  return { value: r.value, error: r.error, charges: log.filter(w => w.startsWith('GComparison')), log };
}

/** `src`'s value and comparison charges in a metered session set up with `setup`. */
function cmp(src: string, setup = ''): { value: string | null; charges: string[] } {
  const o = run(metered(setup), src);
  if (o.error) throw new Error(`unexpected error: ${o.error.message}`);
  return { value: o.value, charges: o.charges };
}

const list = (n: number) => `GComparison (ListComparison ${n})`;
const obj = (n: number) => `GComparison (ObjComparison ${n})`;
const int = (l: number, r: number) => `GComparison (IntComparison ${l} ${r})`;
const text = (s: string) => `GComparison (TextComparison ${JSON.stringify(s)})`;

// ---------------------------------------------------------------------------------------------
// valEqGassed on literals and containers

test('= on literals of different kinds is false and charges nothing', () => {
  for (const src of ['(= 1 "a")', '(= "a" 1)', '(= 1.0 1)', '(= 1 1.0)', '(= "a" true)']) {
    assert.equal(cmp(src), { value: 'false', charges: [] }, src);
  }
});

test('= on booleans compares them, uncharged', () => {
  assert.equal(cmp('(= true true)'), { value: 'true', charges: [] });
  assert.equal(cmp('(= false false)'), { value: 'true', charges: [] });
  assert.equal(cmp('(= true false)'), { value: 'false', charges: [] });
  assert.equal(cmp('(= false true)'), { value: 'false', charges: [] });
});

test('= on decimals charges a DecimalComparison', () => {
  for (const [src, value] of [['(= 1.5 1.5)', 'true'], ['(= 1.5 2.5)', 'false']]) {
    const r = cmp(src);
    assert.is(r.value, value, src);
    assert.is(r.charges.length, 1, src);
    assert.ok(r.charges[0].startsWith('GComparison (DecimalComparison '), src);
  }
});

test('= on lists: equal lengths charge ListComparison, then elements up to the first difference', () => {
  assert.equal(cmp('(= [1 2] [1 2])'), { value: 'true', charges: [list(2), int(1, 1), int(2, 2)] });
  assert.equal(cmp('(= [1 2] [1 3])'), { value: 'false', charges: [list(2), int(1, 1), int(2, 3)] });
  assert.equal(cmp('(= [1 2] [3 2])'), { value: 'false', charges: [list(2), int(1, 3)] });
});

test('= on lists of different lengths, or a list and a non-list, is false and uncharged', () => {
  assert.equal(cmp('(= [1] [1 2])'), { value: 'false', charges: [] });
  assert.equal(cmp('(= [1 2] [1 2 3])'), { value: 'false', charges: [] });
  assert.equal(cmp('(= [1] "x")'), { value: 'false', charges: [] });
});

test('= on objects: same size charges ObjComparison, then values in key order', () => {
  assert.equal(cmp('(= {"b": 1, "a": 2} {"a": 2, "b": 1})'),
    { value: 'true', charges: [obj(2), int(2, 2), int(1, 1)] });
  assert.equal(cmp('(= {"a": 1, "b": 2} {"a": 3, "b": 2})'), { value: 'false', charges: [obj(2), int(1, 3)] });
  assert.equal(cmp('(= {"a": 1, "b": 2} {"a": 1, "b": 3})'),
    { value: 'false', charges: [obj(2), int(1, 1), int(2, 3)] });
});

test('= on objects of different sizes, or an object and a non-object, is false and uncharged', () => {
  assert.equal(cmp('(= {"a": 1} {"a": 1, "b": 2})'), { value: 'false', charges: [] });
  assert.equal(cmp('(= {"a": 1, "b": 2} {"a": 1})'), { value: 'false', charges: [] });
  assert.equal(cmp('(= {"a": 1} [1])'), { value: 'false', charges: [] });
});

test('= on objects of the same size with different keys compares no values', () => {
  // Pact checks `M.keys o1 == M.keys o2` after the ObjComparison charge, before any value
  assert.equal(cmp('(= {"a": 1} {"b": 1})'), { value: 'false', charges: [obj(1)] });
  assert.equal(cmp('(= {"a": 1, "c": 2} {"a": 1, "b": 2})'), { value: 'false', charges: [obj(2)] });
});

// ---------------------------------------------------------------------------------------------
// valEqGassed on capability tokens and guards

const MODULE = `
(module m g
  (defcap g () true)
  (defcap C (a:integer b:string) true)
  (defcap D (a:integer b:string) true)
  (defun f:bool (a:integer) true)
  (defun h:bool (a:integer) true)
  (defpact p ()
    (step
      (let ((pg (create-capability-pact-guard (C 1 "x"))))
        [(= pg (create-capability-pact-guard (C 1 "x")))
         (= pg (create-capability-guard (C 1 "x")))]))
    (step 1)))
`;

test('= on capability tokens: same defcap charges ListComparison of the arity, then the arguments', () => {
  assert.equal(cmp('(= (m.C 1 "x") (m.C 1 "x"))', MODULE), { value: 'true', charges: [list(2), int(1, 1), text('x')] });
  assert.equal(cmp('(= (m.C 1 "x") (m.C 2 "x"))', MODULE), { value: 'false', charges: [list(2), int(1, 2)] });
  assert.equal(cmp('(= (m.C 1 "x") (m.C 1 "y"))', MODULE), { value: 'false', charges: [list(2), int(1, 1), text('x')] });
});

test('= on capability tokens of different defcaps, or a token and a guard, is false and uncharged', () => {
  assert.equal(cmp('(= (m.C 1 "x") (m.D 1 "x"))', MODULE), { value: 'false', charges: [] });
  assert.equal(cmp('(= (m.C 1 "x") (create-capability-guard (m.C 1 "x")))', MODULE), { value: 'false', charges: [] });
  assert.equal(cmp('(= (create-capability-guard (m.C 1 "x")) (m.C 1 "x"))', MODULE), { value: 'false', charges: [] });
});

test('= on user guards: same function and arity charge ListComparison, then the arguments', () => {
  assert.equal(cmp('(= (create-user-guard (m.f 1)) (create-user-guard (m.f 1)))', MODULE),
    { value: 'true', charges: [list(1), int(1, 1)] });
  assert.equal(cmp('(= (create-user-guard (m.f 1)) (create-user-guard (m.f 2)))', MODULE),
    { value: 'false', charges: [list(1), int(1, 2)] });
});

test('= on user guards of different functions or arities is false and uncharged', () => {
  assert.equal(cmp('(= (create-user-guard (m.f 1)) (create-user-guard (m.h 1)))', MODULE), { value: 'false', charges: [] });
  // a user guard's arity is not checked when it is made (CreateUserGuardC), only when enforced
  assert.equal(cmp('(= (create-user-guard (m.f)) (create-user-guard (m.f 1)))', MODULE), { value: 'false', charges: [] });
  assert.equal(cmp('(= (create-user-guard (m.f 1)) (create-user-guard (m.f)))', MODULE), { value: 'false', charges: [] });
});

test('= on capability guards: same capability charges ListComparison, then the arguments', () => {
  assert.equal(cmp('(= (create-capability-guard (m.C 1 "x")) (create-capability-guard (m.C 1 "x")))', MODULE),
    { value: 'true', charges: [list(2), int(1, 1), text('x')] });
  assert.equal(cmp('(= (create-capability-guard (m.C 1 "x")) (create-capability-guard (m.C 2 "x")))', MODULE),
    { value: 'false', charges: [list(2), int(1, 2)] });
  assert.equal(cmp('(= (create-capability-guard (m.C 1 "x")) (create-capability-guard (m.D 1 "x")))', MODULE),
    { value: 'false', charges: [] });
});

test('= on capability guards with different pact ids is false and uncharged', () => {
  // inside a defpact step: a pact guard equals another of the same pact, not a plain capability guard
  const r = cmp('(m.p)', MODULE);
  assert.equal(r, { value: '[true false]', charges: [list(2), int(1, 1), text('x')] });
});

// ---------------------------------------------------------------------------------------------
// defCmp: < <= > >= on booleans, units and times

test('< <= > >= on booleans: false < true, uncharged', () => {
  const cases: [string, string][] = [
    ['(< false true)', 'true'], ['(< true false)', 'false'], ['(< true true)', 'false'],
    ['(> true false)', 'true'], ['(> true true)', 'false'], ['(> false false)', 'false'],
    ['(<= true true)', 'true'], ['(<= false false)', 'true'], ['(>= true true)', 'true'], ['(>= false true)', 'false'],
  ];
  for (const [src, value] of cases) assert.equal(cmp(src), { value, charges: [] }, src);
});

test('< <= > >= on units: always equal', () => {
  for (const [src, value] of [['(< (print "") (print ""))', 'false'], ['(<= (print "") (print ""))', 'true'],
    ['(> (print "") (print ""))', 'false'], ['(>= (print "") (print ""))', 'true']]) {
    assert.equal(cmp(src), { value, charges: [] }, src);
  }
});

test('< <= > >= on times: by instant, uncharged', () => {
  const t1 = '(time "2020-01-01T00:00:00Z")', t2 = '(time "2020-01-02T00:00:00Z")';
  const cases: [string, string][] = [
    [`(< ${t1} ${t2})`, 'true'], [`(< ${t2} ${t1})`, 'false'], [`(< ${t1} ${t1})`, 'false'],
    [`(> ${t2} ${t1})`, 'true'], [`(> ${t1} ${t2})`, 'false'], [`(> ${t1} ${t1})`, 'false'],
    [`(<= ${t1} ${t1})`, 'true'], [`(<= ${t2} ${t1})`, 'false'], [`(>= ${t1} ${t1})`, 'true'], [`(>= ${t1} ${t2})`, 'false'],
  ];
  for (const [src, value] of cases) assert.equal(cmp(src), { value, charges: [] }, src);
});

test('< on a time and a non-literal, or on values of different kinds, is a type error', () => {
  const s = metered();
  const cases: [string, string][] = [
    ['(< [1] (time "2020-01-01T00:00:00Z"))', 'list, time'],
    ['(< {"a": 1} (time "2020-01-01T00:00:00Z"))', 'object, time'],
    ['(< (time "2020-01-01T00:00:00Z") 1)', 'time, integer'],
    ['(< true 1)', 'bool, integer'],
    ['(< (print "") 1)', 'unit, integer'],
  ];
  for (const [src, kinds] of cases) {
    assert.is(run(s, src).error?.message, typeError('<', kinds), src);
  }
});

// ---------------------------------------------------------------------------------------------
// sort: the derived Ord of Literal across kinds

test('sort orders literals string < integer < decimal < unit < bool, then times', () => {
  assert.is(cmp('(sort [true (time "2020-01-01T00:00:00Z") false 2 (print "") "b" 1.5 1 "a" 0.5])').value,
    '["a" "b" 1 2 0.5 1.5 () false true "2020-01-01T00:00:00Z"]');
});

test('sort orders integers, strings and booleans within their kind', () => {
  assert.is(cmp('(sort [3 1 2])').value, '[1 2 3]');
  assert.is(cmp('(sort ["b" "c" "a"])').value, '["a" "b" "c"]');
  assert.is(cmp('(sort [true false true false])').value, '[false false true true]');
  assert.is(cmp('(sort [false true])').value, '[false true]');
});

test('sort compares strings by code point, not by UTF-16 unit', () => {
  // U+FF61 < U+1F600 as code points, though the emoji's first UTF-16 unit (0xD83D) is smaller
  assert.is(cmp('(sort ["😀" "｡"])').value, '["｡" "😀"]');
  assert.is(cmp('(sort ["｡" "😀"])').value, '["｡" "😀"]');
});

test('sort on fields breaks a tie on a boolean field with the fields before it', () => {
  // fields fold from the right: "a" decides first; equal booleans fall back to "b"
  assert.is(cmp('(sort ["b" "a"] [{"a": true, "b": 2} {"a": true, "b": 1}])').value,
    '[{"a": true,"b": 1} {"a": true,"b": 2}]');
  assert.is(cmp('(sort ["b" "a"] [{"a": false, "b": 2} {"a": false, "b": 1}])').value,
    '[{"a": false,"b": 1} {"a": false,"b": 2}]');
  assert.is(cmp('(sort ["b" "a"] [{"a": true, "b": 1} {"a": false, "b": 2}])').value,
    '[{"a": false,"b": 2} {"a": true,"b": 1}]');
});

// ---------------------------------------------------------------------------------------------
// read-msg, read-string, read-integer, read-decimal

const DATA = '(env-data {"i": 2.7, "n": -1.5, "s": "12", "d": "-1.25", "f": "1.5", "x": "abc", "b": true, "j": 7, "z": "-0.5"})';

/** `src` run after DATA in a metered session: its value or error, and the whole gas log. */
function read(src: string, data = DATA): Outcome {
  return run(metered(data), src);
}

test('read-* with a non-string key is a type error naming the native', () => {
  for (const n of ['read-msg', 'read-string', 'read-integer', 'read-decimal']) {
    const e = read(`(${n} 1)`).error;
    assert.is(e?.message, typeError(n, 'integer'), n);
    // an argument error is an execution error: not recoverable by try
    assert.is(e?.kind, 'exec', n);
    assert.is(read(`(try 0 (${n} 1))`).error?.kind, 'exec', n);
  }
});

test('read-* of a missing key is a recoverable "<native> failure"', () => {
  for (const n of ['read-msg', 'read-string', 'read-integer', 'read-decimal']) {
    const e = read(`(${n} "missing")`).error;
    assert.is(e?.message, `${n} failure`, n);
    assert.is(e?.recoverable, true, n);
    assert.is(read(`(try 0 (${n} "missing"))`).value, '0', n);
  }
});

test('read-* when the message data is not an object is a "<native> failure"', () => {
  for (const n of ['read-msg', 'read-string', 'read-integer', 'read-decimal']) {
    const o = read(`(${n} "k")`, '(env-data [1 2])');
    assert.is(o.error?.message, `${n} failure`, n);
    // no lookup is charged: Pact charges ObjOpLookup only once it has an object
    assert.not.ok(o.log.some(w => w.startsWith('GObjOp')), n);
  }
  assert.is(read('(read-msg)', '(env-data [1 2])').value, '[1 2]');
});

test('read-msg returns the value at the key, charging the lookup', () => {
  const o = read('(read-msg "j")');
  assert.is(o.value, '7');
  assert.equal(o.log.filter(w => w.startsWith('GObjOp')), ['GObjOp (ObjOpLookup "j" 9)']);
});

test('read-string accepts only a string', () => {
  assert.is(read('(read-string "s")').value, '"12"');
  assert.is(read('(read-string "j")').error?.message, 'read-string failure');
  assert.is(read('(read-string "b")').error?.message, 'read-string failure');
});

test('read-integer: an integer as is, a decimal rounded half to even', () => {
  assert.is(read('(read-integer "j")').value, '7');
  assert.is(read('(read-integer "i")').value, '3');
  assert.is(read('(read-integer "n")').value, '-2');
});

test('read-integer of a string parses an integer literal, charging StrOpConvToInt', () => {
  const ok = read('(read-integer "s")');
  assert.is(ok.value, '12');
  assert.ok(ok.log.includes('GStrOp (StrOpConvToInt 2)'));
  for (const k of ['f', 'x']) {
    const o = read(`(read-integer "${k}")`);
    assert.is(o.error?.message, 'read-integer failure', k);
    assert.ok(o.log.includes('GStrOp (StrOpConvToInt 3)'), k);
  }
});

test('read-integer of a boolean fails without a string charge', () => {
  const o = read('(read-integer "b")');
  assert.is(o.error?.message, 'read-integer failure');
  assert.not.ok(o.log.some(w => w.startsWith('GStrOp')));
});

test('read-decimal: a decimal as is, an integer widened', () => {
  assert.is(read('(read-decimal "i")').value, '2.7');
  assert.is(read('(read-decimal "j")').value, '7.0');
});

test('read-decimal of a boolean fails without a string charge', () => {
  const o = read('(read-decimal "b")');
  assert.is(o.error?.message, 'read-decimal failure');
  assert.not.ok(o.log.some(w => w.startsWith('GStrOp')));
});

test('read-decimal of a string parses a number literal, charging StrOpConvToInt', () => {
  const cases: [string, string, number][] = [
    ['s', '12.0', 2], ['f', '1.5', 3], ['d', '-1.25', 5], ['z', '-0.5', 4],
  ];
  for (const [k, value, n] of cases) {
    const o = read(`(read-decimal "${k}")`);
    assert.is(o.value, value, k);
    assert.ok(o.log.includes(`GStrOp (StrOpConvToInt ${n})`), k);
  }
  assert.is(read('(= (read-decimal "d") -1.25)').value, 'true');
  const bad = read('(read-decimal "x")');
  assert.is(bad.error?.message, 'read-decimal failure');
  assert.ok(bad.log.includes('GStrOp (StrOpConvToInt 3)'));
});

test('read-decimal and read-integer of a string with more than 255 places fail (numberParser\'s limit)', () => {
  const places = (n: number) => `"0.${'1'.repeat(n)}"`;
  const data = `(env-data {"ok": ${places(255)}, "over": ${places(256)}})`;
  assert.is(read('(read-decimal "ok")', data).value, `0.${'1'.repeat(255)}`);
  assert.is(read('(read-decimal "over")', data).error?.message, 'read-decimal failure');
  assert.is(read('(read-integer "over")', data).error?.message, 'read-integer failure');
});

test('sort orders integers past 2^53 among the others', () => {
  // a bigint is an LInteger like any other (derived Ord of Literal)
  assert.is(evalLast('(sort [(^ 2 60) 5 (^ 2 59) -3])'), '[-3 5 576460752303423488 1152921504606846976]');
});

// ---------------------------------------------------------------------------------------------
// assembleNatives (the catalogue check; engine-internal)

/** A fresh instance of registry.js: it caches the name → id map at module level. */
let fresh = 0;
async function freshRegistry(): Promise<typeof import('../../runtime/natives/registry.js')> {
  return import(`../../runtime/natives/registry.js?fresh=${++fresh}`);
}

test('assembleNatives places each implementation at its catalogue id and lists the rest as missing', async () => {
  const { assembleNatives } = await freshRegistry();
  const impl: NativeImpl = () => 1;
  const { impls, missing } = assembleNatives([{ abs: impl }]);
  const absId = BUILTINS.findIndex(b => b.name === 'abs');
  assert.is(impls.length, BUILTINS.length);
  assert.is(impls[absId], impl);
  assert.equal(missing, BUILTINS.map(b => b.name).filter(n => n !== 'abs'));
  const other = BUILTINS.findIndex(b => b.name === 'length');
  assert.throws(() => (impls[other] as () => unknown)(),
    (e: PactError) => e.message === 'native execution failure, length failed with message: not implemented in pactvm yet');
});

test('assembleNatives rejects unknown and duplicate natives', async () => {
  const { assembleNatives } = await freshRegistry();
  const impl: NativeImpl = () => 1;
  assert.throws(() => assembleNatives([{ 'no-such-native': impl }]),
    (e: Error) => e.message === 'native no-such-native is not in vm/builtins.ts');
  assert.throws(() => assembleNatives([{ abs: impl }, { abs: impl }]),
    (e: Error) => e.message === 'native abs implemented twice');
});

test.run();
