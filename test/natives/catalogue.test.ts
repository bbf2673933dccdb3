// Every native in vm/builtins.ts — core, contracts runtime, cryptography and REPL — has an
// implementation; a catalogue entry without one fails this test.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ReplSession } from '../../runtime/repl/session.js';
import { BUILTINS } from '../../vm/builtins.js';

test('every native in the catalogue has an implementation', () => {
  assert.equal(new ReplSession().missingNatives, []);
});

test('the catalogue has unique internal names and ids in order', () => {
  assert.is(new Set(BUILTINS.map(b => b.name)).size, BUILTINS.length);
  BUILTINS.forEach((b, i) => assert.is(b.id, i));
});

test.run();
