// Every extra charge of runtime/gas/charges.ts on its own, at sample and boundary arguments: the
// exact milligas and Pact's gas-log label (gas.md §2.3, §3.4), and the helpers they are built from.
// Written to kill the mutants of the gas scope's mutation run without the upstream goldens.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GasMeter, TABLE_MODEL, MAX_MILLIGAS } from '../../runtime/gas/meter.js';
import { GasCharges, integerBits, textLength } from '../../runtime/gas/charges.js';
import { hsInt, hsText } from '../../runtime/values/haskell-show.js';
import { PactDecimal } from '../../vm/values.js';

const dec = (mantissa: bigint, places: number) => new PactDecimal(mantissa, places);

function logged(): GasMeter {
  const g = new GasMeter();
  g.model = TABLE_MODEL;
  g.setLimit(MAX_MILLIGAS);
  g.log = [];
  return g;
}

// [method, arguments, milligas, label]
const table: [keyof GasCharges, unknown[], number, string][] = [
  ['textConcat', [7], 700, "GConcat (TextConcat (GasTextLength 7))"],
  ['textConcat', [0], 0, "GConcat (TextConcat (GasTextLength 0))"],
  ['listConcat', [3], 300, "GConcat (ListConcat (GasListLength 3))"],
  ['objConcat', [4], 400, "GConcat (ObjConcat 4)"],
  ['textListConcat', [10, 3], 1120, "GConcat (TextListConcat (GasTextLength 10) (GasListLength 3))"],
  ['strOpLength', [99], 1, "GStrOp (StrOpLength 99)"],
  ['strOpLength', [100], 2, "GStrOp (StrOpLength 100)"],
  ['strOpConvToInt', [3], 61, "GStrOp (StrOpConvToInt 3)"],
  ['strOpParse', [4], 21, "GStrOp (StrOpParse 4)"],
  ['strOpExplode', [2], 201, "GStrOp (StrOpExplode 2)"],
  ['strOpParseTime', [5, 3], 37, "GStrOp (StrOpParseTime 5 3)"],
  ['strOpParseTime', [4, 0], 5, "GStrOp (StrOpParseTime 4 0)"],
  ['strOpFormatTime', [6], 121, "GStrOp (StrOpFormatTime 6)"],
  ['objOpLookup', ["ab", 5], 6, "GObjOp (ObjOpLookup \"ab\" 5)"],
  ['objOpLookup', ["😀x", 8], 8, "GObjOp (ObjOpLookup \"\\128512x\" 8)"],
  ['objOpRemove', ["abc", 4], 120, "GObjOp (ObjOpRemove \"abc\" 4)"],
  ['makeList', [3n, 7], 21, "GMakeList 3 7"],
  ['makeList', [-2n, 7], 0, "GMakeList (-2) 7"],
  ['makeList', [0n, 7], 0, "GMakeList 0 7"],
  ['hash', [12], 1200, "GHash 12"],
  ['fieldSearch', [9], 109, "GSearch (FieldSearch 9)"],
  ['substringSearch', ["lo", "hello"], 107, "GSearch (SubstringSearch \"lo\" \"hello\")"],
  ['sortComparisons', [10, 20], 4, "GComparison (SortComparisons 10 20)"],
  ['sortComparisons', [3, 5], 0, "GComparison (SortComparisons 3 5)"],
  ['textComparison', ["a\"b"], 103, "GComparison (TextComparison \"a\\\"b\")"],
  ['intComparison', [5, -7], 164, "GComparison (IntComparison 5 (-7))"],
  ['intComparison', [1180591620717411303424n, 1], 171, "GComparison (IntComparison 1180591620717411303424 1)"],
  ['intComparison', [-9223372036854775808n, 0], 164, "GComparison (IntComparison (-9223372036854775808) 0)"],
  // Data.Decimal's show: every place, a digit before the point, a bare minus (no parentheses)
  ['decimalComparison', [dec(12345n, 2), dec(-5n, 1)], 192, "GComparison (DecimalComparison 123.45 -0.5)"],
  ['decimalComparison', [dec(150n, 2), dec(-5n, 3)], 191, "GComparison (DecimalComparison 1.50 -0.005)"],
  ['decimalComparison', [dec(7n, 0), dec(0n, 2)], 190, "GComparison (DecimalComparison 7 0.00)"],
  ['decimalComparison', [dec(-12n, 1), dec(10n, 1)], 190, "GComparison (DecimalComparison -1.2 1.0)"],
  ['listComparison', [4], 400, "GComparison (ListComparison 4)"],
  ['objComparison', [2], 200, "GComparison (ObjComparison 2)"],
  ['intOp', ["PrimOpAdd", 2, 3], 30, "GIntegerOpCost PrimOpAdd 2 3"],
  ['constant', [250], 250, "GAConstant (MilliGas 250)"],
  ['transExp', [5], 128, "GTranscendental (TransExp 5)"],
  ['transExp', [-3], 64, "GTranscendental (TransExp (-3))"],
  ['transLn', [1000], 60, "GTranscendental (TransLn 1000)"],
  ['transLn', [3], 0, "GTranscendental (TransLn 3)"],
  ['transLogBase', [2, 1000], 60, "GTranscendental (TransLogBase 2 1000)"],
  ['transSqrt', [1000], 30, "GTranscendental (TransSqrt 1000)"],
  ['transSqrt', [0], 0, "GTranscendental (TransSqrt 0)"],
  ['intOp', ['PrimOpMul', 2n ** 700n, 3], 76, `GIntegerOpCost PrimOpMul ${2n ** 700n} 3`],
];

for (const [method, args, milligas, label] of table) {
  test(`${method}(${args.map(String).join(', ')}) charges ${milligas} milligas as ${label}`, () => {
    const g = logged();
    (new GasCharges(g)[method] as (...a: unknown[]) => void)(...args);
    assert.is(g.milligas, milligas);
    assert.equal(g.log!.map(e => [e.what, e.cost]), [[label, milligas]]);
  });
}

test('unmetered, no charge counts or logs anything', () => {
  const g = new GasMeter();
  g.log = [];
  const c = new GasCharges(g);
  assert.is(c.metered, false);
  for (const [method, args] of table) (c[method] as (...a: unknown[]) => void)(...args);
  assert.is(g.milligas, 0);
  assert.equal(g.log, []);
});

test('hsInt parenthesises negatives only; hsText quotes and escapes', () => {
  assert.is(hsInt(0), '0');
  assert.is(hsInt(5n), '5');
  assert.is(hsInt(-1), '(-1)');
  assert.is(hsText('a"b\n'), '"a\\"b\\n"');
});

test('textLength counts code points: a pair once, a lone surrogate once, at any position', () => {
  assert.is(textLength(''), 0);
  assert.is(textLength('abc'), 3);
  assert.is(textLength('😀'), 1);
  assert.is(textLength('a😀'), 2);
  assert.is(textLength('😀😀'), 2);
  assert.is(textLength('\ud83d'), 1);
  assert.is(textLength('\ud83dx'), 2);
  assert.is(textLength('x\ude00'), 2);
  assert.is(textLength('\ude00\ud83d'), 2);
  assert.is(textLength('\udbff\udfff'), 1);
  assert.is(textLength('\ud800\udc00'), 1);
  assert.is(textLength('\udc00\udc00'), 2);
  assert.is(textLength('\ud7ff\udc00'), 2);
  assert.is(textLength('\ud800\ue000'), 2);
  assert.is(textLength('\ud83d\ud83d\ude00'), 2);
});

test('textLength agrees with a left-to-right pairing scan on strings dense in surrogates', () => {
  const units = [0x61, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000];
  const scan = (s: string): number => {
    let n = 0;
    for (let i = 0; i < s.length; i++, n++) {
      const c = s.charCodeAt(i), next = s.charCodeAt(i + 1);
      if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    }
    return n;
  };
  let seed = 7;
  for (let k = 0; k < 2000; k++) {
    const codes: number[] = [];
    for (let j = k % 9; j > 0; j--) { seed = (seed * 1103515245 + 12345) % 2 ** 31; codes.push(units[seed % units.length]); }
    const s = String.fromCharCode(...codes);
    assert.is(textLength(s), scan(s), JSON.stringify(s));
  }
});

test('integerBits: 64 for every signed 64-bit integer, the bit length beyond', () => {
  assert.is(integerBits(0), 64);
  assert.is(integerBits(2 ** 60), 64);
  assert.is(integerBits(2n ** 63n - 1n), 64);
  assert.is(integerBits(-(2n ** 63n)), 64);
  assert.is(integerBits(2n ** 63n), 64);
  assert.is(integerBits(2n ** 64n), 65);
  assert.is(integerBits(-(2n ** 63n) - 1n), 64);
  assert.is(integerBits(-(2n ** 64n)), 65);
  assert.is(integerBits(2n ** 100n), 101);
});

test.run();
