// `pactvm repl`: prompts, multi-line input, results, errors that do not end the session.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { isComplete } from '../../runtime/repl/interactive.js';
import { replTranscript } from '../helpers.js';

test('input runs once its brackets balance; the session keeps its definitions and survives errors', async () => {
  const out = await replTranscript('(defun double (x)\n  (* x 2))\n(enforce false "no")\n(double 21)\n');
  assert.is(out, 'pact> ....> Loaded repl defun double\npact> (interactive):1:0: no\n 1 | (enforce false "no")\n' +
    '   | ^^^^^^^^^^^^^^^^^^^^\n\npact> 42\npact> goodbye\n');
});

test('completeness ignores brackets inside strings and comments', () => {
  assert.ok(isComplete('(print "(")'));
  assert.not.ok(isComplete('(print "a"'));
  assert.ok(isComplete('(+ 1 2) ; (unclosed in a comment'));
});

test.run();
