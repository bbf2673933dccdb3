// Tests for the gaps that mutation testing found in the string, general and time natives
// (runtime/natives/strings.ts, general.ts, time.ts): argument type errors, boundary lengths and
// characters, and the gas each native charges (read from the gas log). Expectations follow Pact 5's
// source: CoreBuiltin.hs (coreConcat, coreFormat, coreIntToStr, coreStrToInt, coreStrToIntBase,
// checkLen, coreIsCharset, coreB64Encode/Decode, coreFilter, coreFold, zipList, coreCompose,
// coreAndQ/OrQ/NotQ, coreCond, coreIdentity, coreTypeOf, time, parseTime, formatTime, addTime,
// diffTime, minutes, hours), CEK/Utils.hs (argsError), Errors.hs (NativeArgumentsError, DecodeError),
// Type.hs (renderType) and Gas/TableGasModel.hs (StrOpParse, TextConcat, intMultCost).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ev, err, typeError, meteredRun } from './helpers.js';


/** The gas log of `src` under the table model, as "label cost" lines, and its error if any. */
function gasLog(src: string): { log: string[]; error: string | null } {
  const r = meteredRun(src);
  return { log: r.log.map(e => `${e.what} ${e.cost}`), error: r.error?.message ?? null };
}

/** The log lines of `src` from its GNative charge on (drops the charges of building arguments). */
function nativeCharges(src: string, native: string): string[] {
  const { log, error } = gasLog(src);
  if (error !== null) throw new Error(`unexpected error: ${error}`);
  const i = log.findIndex(l => l.startsWith(`GNative ${native} `));
  assert.ok(i >= 0, `no GNative ${native} in ${log.join(' | ')}`);
  return log.slice(i + 1);
}

const T = '(time "2016-07-22T11:26:35Z")';

// ---- argument type errors: argsError names the native and every argument's kind ----

test('string natives: wrong argument kinds are type errors', () => {
  assert.is(err('(int-to-str "a" 1)'), typeError('int-to-str', 'string, integer'));
  assert.is(err('(int-to-str 10 "a")'), typeError('int-to-str', 'integer, string'));
  assert.is(err('(str-to-int 1)'), typeError('str-to-int', 'integer'));
  assert.is(err('(is-charset "a" "b")'), typeError('is-charset', 'string, string'));
  assert.is(err('(is-charset 0 1)'), typeError('is-charset', 'integer, integer'));
  assert.is(err('(base64-encode 1)'), typeError('base64-encode', 'integer'));
  assert.is(err('(base64-decode 1)'), typeError('base64-decode', 'integer'));
});

test('higher-order natives: each argument of the wrong kind alone is a type error', () => {
  assert.is(err('(filter 1 [1])'), typeError('filter', 'integer, list'));
  assert.is(err('(filter (lambda (x) true) 1)'), typeError('filter', 'closure, integer'));
  assert.is(err('(fold 1 0 [1])'), typeError('fold', 'integer, integer, list'));
  assert.is(err('(fold (+) identity [1])'), typeError('fold', 'closure, closure, list'));
  assert.is(err('(fold (+) 0 1)'), typeError('fold', 'closure, integer, integer'));
  assert.is(err('(zip 1 [1] [2])'), typeError('zip', 'integer, list, list'));
  assert.is(err('(zip (+) 1 [2])'), typeError('zip', 'closure, integer, list'));
  assert.is(err('(zip (+) [1] 2)'), typeError('zip', 'closure, list, integer'));
  assert.is(err('(compose 1 (+ 1) 2)'), typeError('compose', 'integer, closure, integer'));
  assert.is(err('(compose (+ 1) 1 2)'), typeError('compose', 'closure, integer, integer'));
});

test('and? / or? / not? / cond / identity: wrong argument kinds are type errors', () => {
  for (const op of ['and?', 'or?']) {
    assert.is(err(`(${op} 1 (< 0) 2)`), typeError(op, 'integer, closure, integer'));
    assert.is(err(`(${op} (< 0) 1 2)`), typeError(op, 'closure, integer, integer'));
    assert.is(err(`(${op} (< 0) (< 1) identity)`), typeError(op, 'closure, closure, closure'));
  }
  assert.is(err('(not? 1 2)'), typeError('not?', 'integer, integer'));
  assert.is(err('(not? (< 0) identity)'), typeError('not?', 'closure, closure'));
  // `cond` as a value (not the special form) is the native, applied to one argument
  assert.is(err('(let ((c cond)) (c 1))'), typeError('cond', 'integer'));
  assert.is(err('(identity identity)'), typeError('identity', 'closure'));
});

test('time natives: wrong argument kinds are type errors', () => {
  assert.is(err('(time 1)'), typeError('time', 'integer'));
  assert.is(err('(parse-time 1 "a")'), typeError('parse-time', 'integer, string'));
  assert.is(err('(parse-time "%Y" 1)'), typeError('parse-time', 'string, integer'));
  assert.is(err(`(format-time 1 ${T})`), typeError('format-time', 'integer, time'));
  assert.is(err('(format-time "%Y" 1)'), typeError('format-time', 'string, integer'));
  assert.is(err('(add-time 1 1)'), typeError('add-time', 'integer, integer'));
  assert.is(err(`(add-time ${T} "a")`), typeError('add-time', 'time, string'));
  assert.is(err(`(diff-time 1 ${T})`), typeError('diff-time', 'integer, time'));
  assert.is(err(`(diff-time ${T} 1)`), typeError('diff-time', 'time, integer'));
  assert.is(err('(minutes "a")'), typeError('minutes', 'string'));
  assert.is(err('(hours "a")'), typeError('hours', 'string'));
});

// ---- values at the edges ----

test('str-to-int accepts exactly 512 characters (checkLen: length <= 512)', () => {
  assert.is(ev(`(str-to-int "${'1'.repeat(512)}")`), '1'.repeat(512));
  assert.is(ev(`(str-to-int 16 "${'f'.repeat(512)}")`), (2n ** 2048n - 1n).toString());
  assert.is(ev(`(str-to-int 64 "${'A'.repeat(512)}")`), '0');
});

test('int-to-str: bases below 2 are invalid', () => {
  const invalid = 'native execution failure, int-to-str failed with message: invalid base for base64URL conversion';
  assert.is(err('(int-to-str 1 5)'), invalid);
  assert.is(err('(int-to-str 0 5)'), invalid);
  assert.is(err('(int-to-str -16 5)'), invalid);
});

test('is-charset: 0x7f is ASCII and 0xff Latin-1, the next code point is not', () => {
  assert.is(ev('(is-charset 0 "a\x7f")'), 'true');
  assert.is(ev('(is-charset 0 "a\x80")'), 'false');
  assert.is(ev('(is-charset 1 "a\xff")'), 'true');
  assert.is(ev('(is-charset 1 "a\u0100")'), 'false');
  // the empty string, a first character beyond the set, and a surrogate pair (never Latin-1)
  assert.is(ev('(is-charset 0 "")'), 'true');
  assert.is(ev('(is-charset 0 "\u00e9abc")'), 'false');
  assert.is(ev('(is-charset 1 "\u00e9abc")'), 'true');
  assert.is(ev('(is-charset 1 "ab\ud83d\ude00")'), 'false');
});

test('and? is false without calling its second function; or? is true likewise', () => {
  assert.is(ev('(and? (lambda (x) false) (lambda (x) true) 1)'), 'false');
  assert.is(ev('(and? (lambda (x) false) (lambda (x) (enforce false "not called")) 1)'), 'false');
  assert.is(ev('(or? (lambda (x) true) (lambda (x) false) 1)'), 'true');
  assert.is(ev('(or? (lambda (x) true) (lambda (x) (enforce false "not called")) 1)'), 'true');
});

test('typeof a module reference lists its interfaces; of a capability token is CAPTOKEN', () => {
  const mod = `(begin-tx)
    (interface i1 (defun f:integer ()))
    (interface i2 (defun g:integer ()))
    (module m G (defcap G () true) (implements i1) (implements i2)
      (defun f:integer () 1) (defun g:integer () 2) (defcap CAP:bool (x:integer) true))
    (commit-tx)`;
  assert.is(ev(`${mod} (typeof m)`), '"module{i1, i2}"');
  assert.is(ev(`${mod} (typeof (m.CAP 1))`), '"CAPTOKEN"');
});

// concat has no length limit in Pact; this engine refuses a string of more than 2^26 UTF-16 units
// (vm/limits.ts MAX_STRING_LENGTH): exactly 2^26 is still built.
test('concat up to the engine string limit, and past it', () => {
  const s = '(s (fold (lambda (acc _) (+ acc acc)) "a" (enumerate 1 25)))';
  assert.is(ev(`(let (${s}) (length (concat [s s])))`), String(2 ** 26));
  assert.is(err(`(let (${s}) (concat [s s "a"]))`), 'Value too large: string of more than 67108864 characters');
});

// ---- gas (table model) ----

test('gas: concat of an empty list charges nothing beyond the native', () => {
  assert.equal(nativeCharges('(concat [])', 'concat'), []);
});

test('gas: format without a placeholder charges StrOpParse of the template', () => {
  assert.equal(nativeCharges('(format "héllo" [1])', 'format'), ['GStrOp (StrOpParse 5) 26']);
});

test('gas: format with placeholders charges TextConcat of parts plus arguments', () => {
  assert.equal(nativeCharges('(format "ab{}cd" ["x"])', 'format'), ['GConcat (TextConcat (GasTextLength 5)) 500']);
});

test('gas: int-to-str 64 charges TextConcat of 4/3 of the byte length', () => {
  // bsLen = 1 + integerLogBase 256 v; strLen = bsLen * 4 `div` 3
  assert.equal(nativeCharges('(int-to-str 64 43981)', 'int-to-str'), ['GConcat (TextConcat (GasTextLength 2)) 200']);
  assert.equal(nativeCharges(`(int-to-str 64 ${2n ** 100n})`, 'int-to-str'), ['GConcat (TextConcat (GasTextLength 17)) 1700']);
});

test('gas: str-to-int 64 charges StrOpParse of the text', () => {
  assert.equal(nativeCharges('(str-to-int 64 "q80")', 'str-to-int-base'), ['GStrOp (StrOpParse 3) 16']);
});

test('gas: is-charset charges StrOpParse before refusing an unsupported set', () => {
  const { log, error } = gasLog('(is-charset 2 "abc")');
  assert.is(error, 'native execution failure, is-charset failed with message: Unsupported character set');
  assert.is(log[log.length - 1], 'GStrOp (StrOpParse 3) 16');
});

test('gas: is-charset charges StrOpParse of the code-point length, a surrogate pair counted once', () => {
  assert.equal(nativeCharges('(is-charset 0 "abc")', 'is-charset'), ['GStrOp (StrOpParse 3) 16']);
  assert.equal(nativeCharges('(is-charset 1 "ab\u00e9")', 'is-charset'), ['GStrOp (StrOpParse 3) 16']);
  assert.equal(nativeCharges('(is-charset 1 "ab\ud83d\ude00")', 'is-charset'), ['GStrOp (StrOpParse 3) 16']);
  assert.equal(nativeCharges('(is-charset 0 "")', 'is-charset'), ['GStrOp (StrOpParse 0) 1']);
});

test('gas: minutes and hours charge an integer multiplication by the mantissa', () => {
  assert.equal(nativeCharges('(minutes 2)', 'minutes'), ['GIntegerOpCost PrimOpMul 2 60 26']);
  assert.equal(nativeCharges('(minutes 1000.0)', 'minutes'), ['GIntegerOpCost PrimOpMul 10000 60 28']);
  assert.equal(nativeCharges('(hours 1.5)', 'hours'), ['GIntegerOpCost PrimOpMul 15 3600 26']);
});

test.run();
