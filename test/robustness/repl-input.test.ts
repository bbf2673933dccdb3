// Found item 7: `pactvm repl` input: an unbalanced quote ends at its line instead of swallowing
// the rest of the session; input cut off by the end of the stream says where the form began.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { awaitsMoreInput, incompleteForm } from '../../runtime/repl/interactive.js';
import { replTranscript } from '../helpers.js';
import { pactvm } from './cli.js';

test('an unbalanced quote is a lexical error at once; the next lines run normally', async () => {
  const out = await replTranscript('(print "abc)\n(+ 1 2)\n');
  // Pact locates a string literal's errors just after its opening quote (and prints the block with
  // haskeline's outputStrLn, one line end more)
  assert.is(out, 'pact> (interactive):1:8: Lexical Error: String literal parsing error:  did not close string literal\n' +
    ' 1 | (print "abc)\n   |         ^\n\n\npact> 3\npact> goodbye\n');
});

test('a string cannot go on to the next line, not even after a backslash: Pact\'s lexer refuses the line', () => {
  assert.not.ok(awaitsMoreInput('(+ "ab\\'));
  assert.not.ok(awaitsMoreInput('(+ "ab'));
});

test('end of input inside a form reports "incomplete form at line:col" of the form', async () => {
  const out = await replTranscript('(+ 1 2)\n\n  (let ((x 1))\n    (+ x\n');
  assert.ok(out.includes("Expected: [true, false, '{', '(', '[', IDENT, NUM, STR, TICK]"), out);
  const cut = await replTranscript('(+ 1 2)\n\n  (+ 1\n    (+ 2\n');
  assert.ok(cut.endsWith('pact> 3\npact> pact> ....> ....> incomplete form at 3:2\ngoodbye\n'), cut);
  assert.is(incompleteForm('(+ 1 2)'), null);
  assert.is(incompleteForm('[1 "(" ; (\n {'), 'incomplete form at 1:0');
});

test('pactvm repl with piped input: same behaviour, exit 0', () => {
  const r = pactvm(['repl'], '(print "oops\n(+ 40 2)\n(+ 1\n');
  assert.is(r.status, 0);
  assert.match(r.stdout, /did not close string literal/);
  assert.match(r.stdout, /pact> 42\n/);
  assert.match(r.stdout, /incomplete form at 3:0\ngoodbye\n$/);
});

test.run();
