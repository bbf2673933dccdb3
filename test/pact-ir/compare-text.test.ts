// compareText is Haskell's Ord on Text (code-point order), computed over UTF-16 units in place:
// it must agree in sign with a plain code-point walk, astral characters and lone surrogates included.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareText } from '../../runtime/pact-ir/terms.js';

/** The definition: compare code point by code point, then by length in code points. */
function byCodePoints(a: string, b: string): number {
  const x = [...a].map(c => c.codePointAt(0)!), y = [...b].map(c => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

test('an astral character sorts after U+E000..U+FFFF, unlike UTF-16 order', () => {
  assert.ok(compareText('\u{1F600}', '\uFFFD') > 0);
  assert.ok('\u{1F600}' < '\uFFFD', 'JavaScript\'s own order differs here');
  assert.ok(compareText('a\u{10000}', 'a\uE000') > 0);
  assert.ok(compareText('abc', 'abd') < 0);
  assert.ok(compareText('ab', 'abc') < 0);
  assert.is(compareText('same', 'same'), 0);
});

test('agrees in sign with the code-point walk on 20000 random pairs of mixed text', () => {
  // a small alphabet, so that pairs share prefixes: ASCII, BMP above the surrogates, astral, lone halves
  const alphabet = ['a', 'b', 'z', '\u00e9', '\uE000', '\uFFFF', '\u{10000}', '\u{1F600}', '\uD800', '\uDC00'];
  let seed = 12345;
  const random = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed; };
  const text = () => Array.from({ length: random() % 5 }, () => alphabet[random() % alphabet.length]).join('');
  for (let i = 0; i < 20000; i++) {
    const a = text(), b = text();
    assert.is(Math.sign(compareText(a, b)), Math.sign(byCodePoints(a, b)), JSON.stringify([a, b]));
  }
});

test.run();
