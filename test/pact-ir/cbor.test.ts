// The CBOR writer produces cborg's bytes: shortest integer heads, tagged bignums, and
// serialise's list encoding (empty definite, otherwise indefinite).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CborCounter, CborWriter, type CborSink } from '../../runtime/pact-ir/cbor.js';
import { IrEncoder } from '../../runtime/pact-ir/encode.js';
import { CORE_BUILTINS } from '../../runtime/pact-ir/builtins.js';

const hex = (w: CborWriter) => Buffer.from(w.bytes()).toString('hex');
const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('hex');

test('integers use the shortest head', () => {
  assert.is(hex(new CborWriter().word(23)), '17');
  assert.is(hex(new CborWriter().word(24)), '1818');
  assert.is(hex(new CborWriter().word(256)), '190100');
  assert.is(hex(new CborWriter().int(-1)), '20');
  assert.is(hex(new CborWriter().int(-500)), '3901f3');
});

test('heads at each width boundary, from numbers and from bigints alike', () => {
  const cases: [number, string][] = [[255, '18ff'], [65535, '19ffff'], [65536, '1a00010000'], [0xffffffff, '1affffffff'], [2 ** 32, '1b0000000100000000']];
  for (const [n, h] of cases) {
    assert.is(hex(new CborWriter().word(n)), h);
    assert.is(hex(new CborWriter().word(BigInt(n))), h);
    assert.is(hex(new CborWriter().integer(BigInt(n))), h);
  }
  assert.is(hex(new CborWriter().int(-24)), '37');
  assert.is(hex(new CborWriter().int(-25)), '3818');
  assert.is(hex(new CborWriter().listLen(300)), '99012c');
  assert.is(hex(new CborWriter().mapLen(70000)), 'ba00011170');
});

test('text is its UTF-8 bytes behind a length head, ASCII or not, short or long', () => {
  assert.is(hex(new CborWriter().text('')), '60');
  assert.is(hex(new CborWriter().text('abc')), '63' + utf8('abc'));
  // a non-ASCII character after ASCII ones: the bytes written so far are replaced
  assert.is(hex(new CborWriter().text('coin-é')), '67' + utf8('coin-é'));
  assert.is(hex(new CborWriter().text('x'.repeat(23))), '77' + utf8('x'.repeat(23)));
  assert.is(hex(new CborWriter().text('x'.repeat(24))), '7818' + utf8('x'.repeat(24)));
  assert.is(hex(new CborWriter().text('日本')), '66' + utf8('日本'));
  // past the initial buffer, and after other items
  const w = new CborWriter().word(1);
  for (let i = 0; i < 40; i++) w.text(`name-${i}`);
  w.text('ünïcode');
  let expected = '01';
  for (let i = 0; i < 40; i++) expected += (0x60 + `name-${i}`.length).toString(16) + utf8(`name-${i}`);
  assert.is(hex(w), expected + '69' + utf8('ünïcode'));
});

test('long texts written again and in turn keep their own bytes (the last one is remembered)', () => {
  const path = 'contracts/some/rather/long/path/to/a/module.pact', other = 'another/long/path/ñame.pact';
  const w = new CborWriter();
  for (const s of [path, path, other, path, other, other]) w.text(s);
  const head = (s: string) => (0x78).toString(16) + Buffer.byteLength(s).toString(16).padStart(2, '0');
  const expected = [path, path, other, path, other, other].map(s => head(s) + utf8(s)).join('');
  assert.is(hex(w), expected);
});

test('integers past 64 bits are tagged bignums', () => {
  assert.is(hex(new CborWriter().integer(1n << 64n)), 'c249010000000000000000');
  assert.is(hex(new CborWriter().integer(-(1n << 64n) - 1n)), 'c349010000000000000000');
});

test('Haskell lists: [] is definite, anything else indefinite; Maybe is a 0/1 array', () => {
  assert.is(hex(new CborWriter().list([], () => {})), '80');
  const w = new CborWriter();
  w.list([1, 2], x => w.word(x));
  assert.is(hex(w), '9f0102ff');
  const m = new CborWriter();
  m.maybe('a', s => m.text(s));
  assert.is(hex(m), '816161');
});

// The counter stands in for the writer where only the length is charged (the stored module): for
// every call, at every width boundary, it must count exactly the bytes the writer writes.
test('the counter counts what the writer writes, call by call', () => {
  const numbers = [0, 1, 23, 24, 255, 256, 65535, 65536, 0xffffffff, 2 ** 32, 2 ** 53 - 1];
  const texts = ['', 'a', 'x'.repeat(23), 'x'.repeat(24), 'x'.repeat(300), 'coin-é', '日本語', '😀', 'a😀b',
    '\ud800', '\udc00x', 'x\ud800', '\ud800\ud800\udc00', 'é'.repeat(12), 'contracts/some/rather/long/path.pact'];
  const calls: [string, (w: CborSink) => void][] = [
    ...numbers.flatMap((n): [string, (w: CborSink) => void][] => [
      [`word ${n}`, w => w.word(n)], [`word ${n}n`, w => w.word(BigInt(n))], [`int ${n}`, w => w.int(n)],
      [`int -${n}`, w => w.int(-n - 1)], [`int -${n}n`, w => w.int(-BigInt(n) - 1n)], [`listLen ${n}`, w => w.listLen(n)],
      [`mapLen ${n}`, w => w.mapLen(n)], [`integer ${n}`, w => w.integer(BigInt(n))], [`integer -${n}`, w => w.integer(-BigInt(n) - 1n)],
    ]),
    ...[2n ** 64n - 1n, 2n ** 64n, -(2n ** 64n), -(2n ** 64n) - 1n, 10n ** 40n, -(10n ** 40n)].map((n): [string, (w: CborSink) => void] => [`integer ${n}`, w => w.integer(n)]),
    ...texts.map((t): [string, (w: CborSink) => void] => [`text ${JSON.stringify(t)}`, w => w.text(t).text(t)]),
    ...[0, 1, 23, 24, 300].map((n): [string, (w: CborSink) => void] => [`byteString ${n}`, w => w.byteString(new Uint8Array(n))]),
    ...[[0, 0], [11, 2], [23, 22], [24, 1], [3, 23], [300, 40]].map(([t, f]): [string, (w: CborSink) => void] => [`variant ${t} ${f}`, w => w.variant(t, f)]),
    ['list', w => w.list([1, 2, 3], x => w.word(x)).list([], () => {})], ['array', w => w.array(['a', 'bé'], x => w.text(x))],
    ['maybe', w => w.maybe(7, x => w.word(x)).maybe(null, () => {})], ['maybeText', w => w.maybeText('ns').maybeText(null)],
    ['bool, null, break', w => w.bool(true).bool(false).null().listIndef().break()],
  ];
  for (const [name, call] of calls) {
    const written = new CborWriter(), counted = new CborCounter();
    call(written);
    call(counted);
    assert.is(counted.length, written.bytes().length, name);
    assert.is(written.length, written.bytes().length, name);
  }
});

test('a variant is its array head and its tag, small or not', () => {
  assert.is(hex(new CborWriter().variant(0, 2)), '8300');
  assert.is(hex(new CborWriter().variant(11, 2)), '830b');
  assert.is(hex(new CborWriter().variant(3, 22)), '9703');
  // 24 items or a tag of 24 take the long heads
  assert.is(hex(new CborWriter().variant(3, 23)), '981803');
  assert.is(hex(new CborWriter().variant(24, 1)), '821818');
});

test('the builtin table keeps Pact 5 enum positions', () => {
  assert.is(CORE_BUILTINS.indexOf('emit-event'), 72);
  assert.is(CORE_BUILTINS.indexOf('insert'), 0x54);
  assert.is(CORE_BUILTINS.indexOf('hyperlane-encode-token-message'), 0x83);
});

test('a time value is encoded as pact-time\'s Int64 microseconds since the MJD epoch', () => {
  const enc = new IrEncoder(false);
  enc.pactValue({ v: 'time', micros: 0n }); // 1970-01-01: MJD day 40587
  const hex = Buffer.from(enc.w.bytes()).toString('hex');
  // [6, 3506716800000000] in definite-array form, as the other pact values
  assert.is(hex, '82' + '06' + '1b' + (40587n * 86400000000n).toString(16).padStart(16, '0'));
});

test.run();
