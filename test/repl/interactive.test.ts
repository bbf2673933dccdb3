// `pactvm repl`: prompts, multi-line input, results, errors that do not end the session.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { awaitsMoreInput } from '../../runtime/repl/interactive.js';
import { replTranscript, runRepl } from '../helpers.js';
import { renderError } from '../../runtime/repl/report.js';

// Pact prints an error's block (which ends in a line end) with haskeline's outputStrLn, which adds one
test('input runs once Pact\'s grammar no longer asks for a closing paren; the session keeps its definitions and survives errors', async () => {
  const out = await replTranscript('(defun double (x) (* x\n  2))\n(enforce false "no")\n(double 21)\n');
  assert.is(out, 'pact> ....> Loaded repl defun double\npact> (interactive):1:0: no\n 1 | (enforce false "no")\n' +
    '   | ^^^^^^^^^^^^^^^^^^^^\n\n\npact> 42\npact> goodbye\n');
});

test('an error in a definition an earlier input made is sliced from the input being run, as Pact does', async () => {
  const out = await replTranscript('(module m g (defcap g () true)\n (defun f (x) (enforce false "no")))\n(m.f 1)\n');
  // line 2 of the module's input: the current input `(m.f 1)` has no line 2, so no source line
  assert.match(out, /pact> \(interactive\):2:14: no\n {3}\| {15}\^{20}\n {2}at\(m\.f\.\{[\w-]{43}\} 1\):\(interactive\):0:0-0:7\n\npact> goodbye\n$/);
});

test('the slice comes from the input being run even when it has a line there: Pact shows that input\'s line under the defining input\'s columns', async () => {
  const out = await replTranscript('(module m g (defcap g () true)\n (defun f (x) (enforce false "no")))\n(+ 1\n (m.f 1))\n');
  assert.match(out, /pact> \.{4}> \(interactive\):2:14: no\n 2 \|  \(m\.f 1\)\)\n {3}\| {15}\^{20}\n/);
  // and an error in a multi-line input is sliced from its own lines
  const own = await replTranscript('(+ 1\n  (enforce false "no"))\n');
  assert.match(own, /pact> \.{4}> \(interactive\):2:2: no\n 2 \|   \(enforce false "no"\)\)\n/);
});

test('a source to slice from is split as Haskell\'s T.lines splits: a final line end starts no line', () => {
  const r = runRepl('(enforce false "x")', '(interactive)');
  assert.is(renderError(r.error!, '(enforce false "x")\n'),
    '(interactive):1:0: x\n 1 | (enforce false "x")\n   | ^^^^^^^^^^^^^^^^^^^\n\n');
});

test('only a missing closing paren waits for more input (brackets in strings and comments do not count)', () => {
  assert.not.ok(awaitsMoreInput('(print "(")'));
  assert.ok(awaitsMoreInput('(print "a"'));
  assert.ok(awaitsMoreInput('(module m g (defun f () 1)'));
  assert.not.ok(awaitsMoreInput('(+ 1 2) ; (unclosed in a comment'));
  // Pact's grammar expects more than `)` here, so Pact reports the error instead of waiting
  assert.not.ok(awaitsMoreInput('[1 2'));
  assert.not.ok(awaitsMoreInput('{"a": 1'));
  assert.not.ok(awaitsMoreInput('(let ((x 1))'));
  assert.not.ok(awaitsMoreInput('(+ "ab'));
});

test('an open list or a let without body is reported at once, as Pact does; an empty line is skipped', async () => {
  const out = await replTranscript('[1 2\n(let ((x 1))\n(+ 1\n\n2)\n');
  assert.is(out, "pact> (interactive):1:0: Expected: [']']\n 1 | [1 2\n   | ^\n\n\n" +
    "pact> (interactive):1:0: Expected: [true, false, '{', '(', '[', IDENT, NUM, STR, TICK]\n 1 | (let ((x 1))\n   | ^\n\n\n" +
    'pact> ....> ....> 3\npact> goodbye\n');
});

test('a failed form keeps what it changed before failing: a managed capability test-capability installed stays installed', async () => {
  // Pact's REPL state lives in an IORef: an error in a top-level form does not undo the install
  // that testCapability made before the body failed, so the second attempt is refused
  const out = await replTranscript(`(module m g (defcap g () true) (defcap M (n:integer) @managed n mgr (enforce false "no")) (defun mgr (a:integer b:integer) a))
(test-capability (M 1))
(test-capability (M 1))
`);
  assert.match(out, /:1:68: no\n/);
  assert.match(out, /:1:0: Capability already installed: \(m\.M 1\)\n/);
});

test.run();
