// Pact's name shapes (runtime/values/pact-names.ts): ASCII text is decided by ASCII-only regexes,
// anything else by the Unicode ones; both must accept exactly what identParser-based parsers do.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isModuleName, isParsedTyName, isQualifiedName } from '../../runtime/values/pact-names.js';

// the reference: Names.hs identParser with any Unicode letter, as one regex per shape
const IDENT = '[\\p{L}%#+\\-_&$@<>=^?*!|/~][\\p{L}0-9%#+\\-_&$@<>=^?*!|/~]*';
const reference = {
  module: new RegExp(`^${IDENT}(?:\\.${IDENT})?$`, 'u'),
  qualified: new RegExp(`^${IDENT}\\.${IDENT}(?:\\.${IDENT})?$`, 'u'),
  parsedTy: new RegExp(`^${IDENT}(?:\\.${IDENT}){0,2}$`, 'u'),
};

/** Every string of up to `n` characters over `alphabet`. */
function* strings(alphabet: string[], n: number): Generator<string> {
  yield '';
  let level = [''];
  for (let k = 1; k <= n; k++) {
    const next: string[] = [];
    for (const s of level) for (const c of alphabet) next.push(s + c);
    yield* next;
    level = next;
  }
}

const check = (s: string): void => {
  assert.is(isModuleName(s), reference.module.test(s), `module ${JSON.stringify(s)}`);
  assert.is(isQualifiedName(s), reference.qualified.test(s), `qualified ${JSON.stringify(s)}`);
  assert.is(isParsedTyName(s), reference.parsedTy.test(s), `parsed ${JSON.stringify(s)}`);
};

test('ASCII: every character, alone and around dots, agrees with the Unicode reference', () => {
  const all = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
  for (const c of all) for (const s of [c, `a${c}`, `${c}a`, `a.${c}`, `${c}.a`, `a.b.${c}`, `a.b.c${c}`, `ns.m.${c}x`]) check(s);
  // shapes: letters, digits, specials and dots, up to 5 characters
  for (const s of strings(['a', 'Z', '0', '-', '_', '.', '*', ' '], 5)) check(s);
  for (const s of ['keys-all', 'keys-any', 'keys-2', 'coin.keys-3', 'free.m.pred', 'a.b.c.d', '1abc', 'a..b', '.a', 'a.']) check(s);
});

test('non-ASCII text goes to the Unicode shapes: letters of any script, not other characters', () => {
  for (const s of ['é', 'ns.mødule', 'Ωmega.f', 'a.β.c', 'a.b.c.δ', 'x😀', '😀', 'a.\u00a0', 'ü1', '1ü', 'mod.\u0661']) check(s);
  assert.ok(isModuleName('mødule') && isQualifiedName('ns.Ωmega.f') && isParsedTyName('αβγ'));
  assert.not.ok(isModuleName('a😀') || isParsedTyName('a b'));
});

test.run();
