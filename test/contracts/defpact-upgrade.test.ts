// A defpact continued after an upgrade is looked up in the current module version (Evaluator.hs
// applyPact, resumePact: getModuleMemberWithHash): removed, it is a missing module member named
// with the new version's hash; turned into something else, a broken invariant.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, runRepl } from '../helpers.js';

const STARTED = `(begin-tx)
(module m g (defcap g () true) (defpact p () (step 1) (step 2)))
(m.p)
`;
const upgradedWith = (member: string) => `${STARTED}(module m g (defcap g () true) ${member})\n`;
const hashOf = (src: string) => runRepl(`${src}(at 'hash (describe-module "m"))`).traces.pop()!.slice(1, -1);

test('continuing a defpact the upgrade removed names it with the new module hash', () => {
  const src = upgradedWith('(defun q () 1)');
  assert.is(errorOf(`${src}(continue-pact 1)`), `Module member does not exist m.p.{${hashOf(src)}}`);
});

test('continuing a defpact the upgrade made a defun is a broken invariant', () => {
  const src = upgradedWith('(defun p () 1)');
  assert.is(errorOf(`${src}(continue-pact 1)`),
    `Fatal execution error, invariant violated: Expected a defpact for free variable m.p.{${hashOf(src)}}`);
});

test.run();
