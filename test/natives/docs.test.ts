// The native documentation catalogue: every native users can name has its call shapes and a description.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILTINS, userNamed } from '../../vm/builtins.js';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { documentedNatives, nativeDoc, renderNativeDoc } from '../../runtime/natives/docs.js';

test('every native of the builtin catalogue has documentation', () => {
  const missing = [...new Set(BUILTINS.filter(userNamed).map(b => b.surface))].filter(n => nativeDoc(n) === undefined);
  assert.equal(missing, []);
});

test('each documented signature calls the native by its own name, and each description is a sentence', () => {
  for (const name of documentedNatives()) {
    const doc = nativeDoc(name)!;
    assert.ok(doc.signatures.length > 0, name);
    for (const s of doc.signatures) assert.ok(s.startsWith(`(${name} `) || s.startsWith(`(${name})`), `${name}: ${s}`);
    assert.match(doc.description, /^[A-Z(`a-z0-9"].*\.$/, name);
  }
});

test('the catalogue documents only real natives', () => {
  const surfaces = new Set(BUILTINS.map(b => b.surface));
  assert.equal(documentedNatives().filter(n => !surfaces.has(n) && n !== 'negate'), []);
});

test('a doc renders as the name, its call shapes indented, then the description', () => {
  assert.is(renderNativeDoc('round', nativeDoc('round')!),
    'round\n\n  (round x:decimal) -> integer\n  (round x:decimal places:integer) -> decimal\n\n' +
    'Rounds half to even, to a whole integer or to the given number of decimal places.');
});

test('a bare native name in a script traces its documentation and the script goes on', () => {
  const traced: string[] = [];
  const session = new ReplSession({ print: () => {}, trace: text => traced.push(text) });
  runSource(session, new SourceFile('bare.repl', 'dec\n(dec 3)\n'));
  assert.equal(traced, [renderNativeDoc('dec', nativeDoc('dec')!), '3.0']);
});

test.run();
