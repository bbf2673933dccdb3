// Behaviours of compiler/module.ts that the mutation run of compiler/ (issue 16) found untested:
// a module's stored code, the names of a recursion cycle, a manager named with the module's own
// name, an interface naming itself.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { SourceFile, read, compileModule, type ModuleForm } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import { env } from './module-env.js';

/** The compiler's own first failure on a module (a deployment with no IR renamer to ask). */
function compileError(src: string): string {
  const form = read(new SourceFile('m.pact', src))[0] as ModuleForm;
  try {
    compileModule(form, env, { namespace: null, use: () => { throw new Error('no use here'); }, checkKeysetName: () => {} });
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    return e.message;
  }
  return 'compiled';
}

function outcome(src: string): string {
  const r = runRepl(src);
  return r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1];
}

const GOV = '(defcap g () true)';

test('a module\'s code is the text of its form only, not of the whole file', () => {
  const mod = `(module m g ${GOV} (defun f () 1))`;
  assert.is(outcome(`(+ 1 2)\n${mod}\n(at "code" (describe-module "m"))`), JSON.stringify(mod));
});

test('a recursion cycle names only the definitions on the cycle, not those that lead to it', () => {
  assert.is(outcome(`(module m g ${GOV} (defun a () (b)) (defun b () (c)) (defun c () (b)))`),
    'error: Recursive cycle detected in Module m in the following functions: [b, c]');
  // the compiler's own check (the REPL reports the IR renamer's error when both find one)
  assert.is(compileError(`(module m g ${GOV} (defun a () (b)) (defun b () (c)) (defun c () (b)))`),
    'Recursive cycle detected in Module m in the following functions: [b, c]');
});

test('a @managed manager named with the module\'s own name must be a defun', () => {
  assert.is(outcome(`(module m g ${GOV} (defconst mgr 1) (defcap C (a:integer) @managed a m.mgr true))`),
    'error: m.mgr is not a valid managed capability manager function. m.mgr must be a defun');
  assert.is(compileError(`(module m g ${GOV} (defconst mgr 1) (defcap C (a:integer) @managed a m.mgr true))`),
    'm.mgr is not a valid managed capability manager function. m.mgr must be a defun');
});

test('an interface has no module reference to itself: its own name in a constant is unknown', () => {
  assert.is(outcome('(interface i (defconst X i))'), 'error: Cannot find module:  i');
});

test.run();
