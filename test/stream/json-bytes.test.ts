// The byte helpers the decoders share: the character-class check over a run of bytes (every
// position of a hash, pairs and the bytes after the last pair) and the Word64 bound on digits.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BASE64URL, BASE64URL_CLASS, LOWER_HEX, LOWER_HEX_CLASS, allPairsIn, isWord64Digits } from '../../stream/json-bytes.js';

const HASH = 'Bb-_0123456789abcdefghijklmnopqrstuvwxyzABC';
const HEX = '0123456789abcdef'.repeat(4);

/**
 * `run` after three `!` (in neither class) and before more, as allPairsIn sees it: a DataView of the
 * whole ArrayBuffer, and `byteOffset` here is where the run starts in it.
 */
function placed(run: string): { view: DataView; byteOffset: number } {
  const bytes = Buffer.from(`!!!${run}!!!!!!!!!!`, 'latin1');
  return { view: new DataView(bytes.buffer), byteOffset: bytes.byteOffset + 3 };
}

test('a run is in its class only if every byte is, at every position, pairs and tail alike', () => {
  for (const [run, classBit, table] of [[HASH, BASE64URL_CLASS, BASE64URL], [HEX, LOWER_HEX_CLASS, LOWER_HEX]] as const) {
    const at0 = placed(run);
    assert.is(allPairsIn(classBit, at0.view, at0.byteOffset, run.length), true);
    for (let at = 0; at < run.length; at++) {
      for (const bad of ['!', '"', 'G', '\u00ff', '=']) {
        if (table[bad.charCodeAt(0)] === 1) continue;
        const changed = placed(run.slice(0, at) + bad + run.slice(at + 1));
        assert.is(allPairsIn(classBit, changed.view, changed.byteOffset, run.length), false, `${bad} at ${at}`);
      }
    }
  }
});

test('only the bytes of the run are read, however short it is', () => {
  for (let length = 0; length <= 9; length++) {
    const short = placed(HASH.slice(0, length));
    assert.is(allPairsIn(BASE64URL_CLASS, short.view, short.byteOffset, length), true, `length ${length}`);
  }
  const hex = placed('abc');
  assert.is(allPairsIn(LOWER_HEX_CLASS, hex.view, hex.byteOffset, 3), true);
  const mixed = placed('ab-');
  assert.is(allPairsIn(BASE64URL_CLASS, mixed.view, mixed.byteOffset, 3), true);
  assert.is(allPairsIn(LOWER_HEX_CLASS, mixed.view, mixed.byteOffset, 3), false, '- is not hex');
});

test('isWord64Digits: 1 to 20 digits up to 18446744073709551615, compared digit by digit', () => {
  const word = (digits: string) => isWord64Digits(Buffer.from(`x${digits}`, 'latin1'), 1, digits.length);
  assert.is(word(''), false);
  assert.is(word('0'), true);
  assert.is(word('9999999999999999999'), true);
  assert.is(word('18446744073709551615'), true);
  assert.is(word('18446744073709551614'), true);
  assert.is(word('18446744073709551616'), false);
  assert.is(word('18446744073709551705'), false);
  assert.is(word('18446744073709550999'), true);
  assert.is(word('09999999999999999999'), true);
  assert.is(word('28446744073709551615'), false);
  assert.is(word('100000000000000000000'), false);
  assert.is(word('000000000000000000001'), false);
});

test.run();
