// The compiler's own form for `m::f` is not a Pact name: Pact 5 has no native called
// modref-member, so a script naming it meets an unbound name, may bind it like any other
// identifier, and never sees it among the natives.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast } from '../helpers.js';
import { BUILTINS, userNamed } from '../../vm/builtins.js';
import { nativeDoc } from '../../runtime/natives/docs.js';

test('modref-member is an unbound name to scripts, bindable, undocumented; m::f still calls through a modref', () => {
  assert.is(errorOf('(modref-member 1 2 3)'), 'Cannot find module:  modref-member');
  assert.is(errorOf('modref-member'), 'Cannot find module:  modref-member');
  assert.is(evalLast('(let ((modref-member 1)) (+ modref-member 1))'), '2');
  assert.is(nativeDoc('modref-member'), undefined);
  assert.equal(BUILTINS.filter(b => !userNamed(b)).map(b => b.name), ['modref-member']);
  assert.is(evalLast(`(interface i (defun f:integer ()))
    (module m G (defcap G () true) (implements i) (defun f:integer () 7))
    (let ((r:module{i} m)) (r::f))`), '7');
});

test.run();
