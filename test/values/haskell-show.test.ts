// Haskell's `show` as Pact prints its data (GHC's showLitString, derived Show's precedence rules).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hsDecimal, hsInt, hsPactValue, hsText } from '../../runtime/values/haskell-show.js';
import type { PactValue, Type } from '../../runtime/pact-ir/terms.js';

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
  assert.is(hsText('\x01H'), '"\\SOHH"');
  // the digits that need \& after a decimal escape are exactly 0-9
  assert.is(hsText('é0é9é/é:'), '"\\233\\&0\\233\\&9\\233/\\233:"');
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

const mn = (name: string, namespace: string | null = null) => ({ name, namespace });
const MN_M = 'ModuleName {_mnName = "m", _mnNamespace = Nothing}';

test('guards of every kind show as Guard\'s constructors around their records', () => {
  const one: PactValue = { v: 'literal', lit: { l: 'integer', value: 1n } };
  const q = { name: 'f', module: mn('m', 'free') };
  const QN = 'QualifiedName {_qnName = "f", _qnModName = ModuleName {_mnName = "m", _mnNamespace = Just "free"}}';
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'capability', name: q, args: [one], pactId: null } }),
    `PGuard (GCapabilityGuard (CapabilityGuard {_cgName = ${QN}, _cgArgs = [PLiteral (LInteger 1)], _cgPactId = Nothing}))`);
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'capability', name: q, args: [], pactId: 'pid' } }),
    `PGuard (GCapabilityGuard (CapabilityGuard {_cgName = ${QN}, _cgArgs = [], _cgPactId = Just "pid"}))`);
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'user', fun: q, args: [] } }),
    `PGuard (GUserGuard (UserGuard {_ugFunction = ${QN}, _ugArgs = []}))`);
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'module', module: mn('m'), name: 'n' } }),
    `PGuard (GModuleGuard (ModuleGuard {_mgModule = ${MN_M}, _mgName = "n"}))`);
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'defpact', pactId: 'p1', name: 'n' } }),
    'PGuard (GDefPactGuard (DefPactGuard {_dpgDefPactId = "p1", _dpgName = "n"}))');
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'keysetRef', name: { name: 'ks', namespace: null } } }),
    'PGuard (GKeySetRef (KeySetName {_keysetName = "ks", _keysetNs = Nothing}))');
  for (const [p, shown] of [['keys-all', 'KeysAll'], ['keys-2', 'Keys2'], ['keys-any', 'KeysAny']] as const) {
    assert.is(hsPactValue({ v: 'guard', guard: { g: 'keyset', keys: ['k'], pred: { p } } }),
      `PGuard (GKeyset (KeySet {_ksKeys = fromList [PublicKeyText {_pubKey = "k"}], _ksPredFun = ${shown}}))`);
  }
  assert.is(hsPactValue({ v: 'guard', guard: { g: 'keyset', keys: [], pred: { p: 'custom', name: { qualified: q } } } }),
    `PGuard (GKeyset (KeySet {_ksKeys = fromList [], _ksPredFun = CustomPredicate (TQN (${QN}))}))`);
});

test('module references, capability tokens, tables and their schemas\' types', () => {
  const hash = new TextEncoder().encode('#placeholder');
  assert.is(hsPactValue({ v: 'modref', module: mn('m'), implemented: [mn('i'), mn('j', 'ns')] }),
    `PModRef (ModRef {_mrModule = ${MN_M}, _mrImplemented = fromList [ModuleName {_mnName = "i", _mnNamespace = Nothing},ModuleName {_mnName = "j", _mnNamespace = Just "ns"}]})`);
  assert.is(hsPactValue({ v: 'capToken', name: { module: mn('m'), name: 'C', hash }, args: [{ v: 'literal', lit: { l: 'decimal', places: 1, mantissa: -15n } }] }),
    `PCapToken (CapToken {_ctName = FullyQualifiedName {_fqModule = ${MN_M}, _fqName = "C", _fqHash = ModuleHash {_mhHash = "I3BsYWNlaG9sZGVy"}}, _ctArgs = [PLiteral (LDecimal -1.5)]})`);
  const inner = { name: { name: 'in', module: mn('m') }, fields: new Map<string, Type>([['x', { t: 'prim', prim: 'unit' }]]) };
  const schema = {
    name: { name: 's', module: mn('m') },
    fields: new Map<string, Type>([
      ['i', { t: 'prim', prim: 'integer' }], ['d', { t: 'prim', prim: 'decimal' }], ['b', { t: 'prim', prim: 'bool' }],
      ['s', { t: 'prim', prim: 'string' }], ['g', { t: 'prim', prim: 'guard' }], ['t', { t: 'prim', prim: 'time' }],
      ['l', { t: 'list', elem: { t: 'list', elem: { t: 'prim', prim: 'integer' } } }], ['al', { t: 'anyList' }],
      ['mr', { t: 'modref', interfaces: [mn('i')] }], ['o', { t: 'object', schema: inner }], ['ao', { t: 'anyObject' }],
      ['tb', { t: 'table', schema: inner }], ['ct', { t: 'capToken' }], ['a', { t: 'any' }],
    ]),
  };
  const INNER = `Schema {_scName = QualifiedName {_qnName = "in", _qnModName = ${MN_M}}, _scFields = fromList [(Field {_field = "x"},TyPrim PrimUnit)]}`;
  const f = (k: string, t: string) => `(Field {_field = "${k}"},${t})`;
  assert.is(hsPactValue({ v: 'table', name: 't', module: mn('m'), hash, schema }),
    `PTable (TableValue {_tvName = TableName {_tableName = "t", _tableModuleName = ${MN_M}}, _tvHash = ModuleHash {_mhHash = "I3BsYWNlaG9sZGVy"}, ` +
    `_tvSchema = Schema {_scName = QualifiedName {_qnName = "s", _qnModName = ${MN_M}}, _scFields = fromList [` + [
      f('a', 'TyAny'), f('al', 'TyAnyList'), f('ao', 'TyAnyObject'), f('b', 'TyPrim PrimBool'), f('ct', 'TyCapToken'),
      f('d', 'TyPrim PrimDecimal'), f('g', 'TyPrim PrimGuard'), f('i', 'TyPrim PrimInt'), f('l', 'TyList (TyList (TyPrim PrimInt))'),
      f('mr', 'TyModRef (fromList [ModuleName {_mnName = "i", _mnNamespace = Nothing}])'), f('o', `TyObject (${INNER})`),
      f('s', 'TyPrim PrimString'), f('t', 'TyPrim PrimTime'), f('tb', `TyTable (${INNER})`),
    ].join(',') + ']}})');
});

test.run();
