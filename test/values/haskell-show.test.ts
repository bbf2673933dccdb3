// Haskell's `show` as Pact prints its data (GHC's showLitString, derived Show's precedence rules).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hsDecimal, hsInt, hsPactValue, hsText } from '../../runtime/values/haskell-show.js';
import type { PactValue } from '../../runtime/pact-ir/terms.js';

test('hsText escapes as GHC\'s showLitString: quotes, backslashes, control characters by name, the rest of Unicode in decimal', () => {
  assert.is(hsText('plain text'), '"plain text"');
  assert.is(hsText('a"b\\c'), '"a\\"b\\\\c"');
  assert.is(hsText('\n\t\r\x07\x08\x0b\x0c'), '"\\n\\t\\r\\a\\b\\v\\f"');
  assert.is(hsText('\x00\x01\x1b\x1f\x7f'), '"\\NUL\\SOH\\ESC\\US\\DEL"');
  assert.is(hsText('é'), '"\\233"');
  // a code point beyond the BMP is one escape, not two surrogates
  assert.is(hsText('😀'), '"\\128512"');
  // \& keeps an escape from running into what follows: a digit after a decimal escape, H after \SO
  assert.is(hsText('é1'), '"\\233\\&1"');
  assert.is(hsText('éa'), '"\\233a"');
  assert.is(hsText('\x0eH'), '"\\SO\\&H"');
  assert.is(hsText('\x0eI'), '"\\SOI"');
  assert.is(hsText('\x011'), '"\\SOH1"');
});

test('integers are parenthesised when negative in argument position; decimals never', () => {
  assert.is(hsInt(-3), '(-3)');
  assert.is(hsInt(-3, 0), '-3');
  assert.is(hsInt(12n), '12');
  assert.is(hsDecimal({ mantissa: -5n, places: 3 }), '-0.005');
  assert.is(hsDecimal({ mantissa: 150n, places: 2 }), '1.50');
});

test('values show as PactValue\'s derived Show: applications parenthesised as arguments, records and lists not', () => {
  const int = (n: bigint): PactValue => ({ v: 'literal', lit: { l: 'integer', value: n } });
  assert.is(hsPactValue(int(-1n)), 'PLiteral (LInteger (-1))');
  assert.is(hsPactValue(int(1n), 11), '(PLiteral (LInteger 1))');
  assert.is(hsPactValue({ v: 'literal', lit: { l: 'unit' } }), 'PLiteral LUnit');
  assert.is(hsPactValue({ v: 'list', items: [int(1n), { v: 'literal', lit: { l: 'bool', value: false } }] }),
    'PList [PLiteral (LInteger 1),PLiteral (LBool False)]');
  // object fields in key order (code points), each key a Field record
  assert.is(hsPactValue({ v: 'object', fields: new Map([['b', int(2n)], ['a', int(1n)]]) }),
    'PObject (fromList [(Field {_field = "a"},PLiteral (LInteger 1)),(Field {_field = "b"},PLiteral (LInteger 2))])');
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'keysetRef', name: { name: 'admin', namespace: 'free' } } }),
    'PGuard (GKeySetRef (KeySetName {_keysetName = "admin", _keysetNs = Just "free"}))');
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'keyset', keys: ['b', 'a'], pred: { p: 'custom', name: { bare: 'p' } } } }),
    'PGuard (GKeyset (KeySet {_ksKeys = fromList [PublicKeyText {_pubKey = "a"},PublicKeyText {_pubKey = "b"}], _ksPredFun = CustomPredicate (TBN "p")}))');
  assert.is(hsPactValue({ v: 'time', micros: 1469186795000001n }), 'PTime 2016-07-22 11:26:35.000001 UTC');
});

test.run();
