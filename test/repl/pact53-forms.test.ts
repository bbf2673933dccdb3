// DisablePact53 turns `error` and `pure` back into plain names (Desugar.hs forkedToSpecialForm):
// a call of either is then an application, which fails as any unbound name does, or calls a
// definition of that name. Both front ends follow it: the compiler, and the Pact IR that module
// hashes are made from. It also locates a binding form's failed field read at the whole
// application rather than at the bound name (bindToLet against bindToLetPostFork).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, errorOf, evalLast } from '../helpers.js';

const MODULE = `(module m G (defcap G () true)
  (defun pure (x) (+ x 1))
  (defun error (s:string) (format "user error {}" [s]))
  (defun f () [(pure 1) (error "x")]))`;

test('under DisablePact53 error and pure are unbound names at top level; without it, special forms again', () => {
  assert.is(errorOf('(env-exec-config ["DisablePact53"]) (pure 1)'), 'Cannot find module:  pure');
  assert.is(errorOf('(env-exec-config ["DisablePact53"]) (error "boom")'), 'Cannot find module:  error');
  assert.is(evalLast('(env-exec-config ["DisablePact53"]) (env-exec-config []) (pure 1)'), '1');
  assert.is(errorOf('(env-exec-config ["DisablePact53"]) (env-exec-config []) (error "boom")'), 'boom');
  // the arity checks belong to the special forms: under the flag there are none to fail
  assert.is(errorOf('(env-exec-config ["DisablePact53"]) (pure 1 2)'), 'Cannot find module:  pure');
  assert.is(errorOf('(pure 1 2)'), 'Desugar syntax failure: pure must take only 1 argument');
});

test('under DisablePact53 a module calls its own error and pure; without it the special forms win', () => {
  const hashOf = (trace: string[]) => trace.find(t => t.startsWith('Loaded module m'))!.replace(/^Loaded module m, hash /, '');
  const old = runRepl(`(env-exec-config ["DisablePact53"]) (begin-tx) ${MODULE} (commit-tx) (m.f)`);
  assert.is(old.error, null);
  assert.is(old.traces[old.traces.length - 1], '[2 "user error x"]');
  const now = runRepl(`(begin-tx) ${MODULE} (commit-tx) (m.f)`);
  assert.is(now.error?.message, 'x');
  // the module's Pact IR differs (an application of m.pure against the pure form), so its hash does
  assert.is.not(hashOf(old.traces), hashOf(now.traces));
  // one session, the same text deployed under each setting: neither compile is reused for the other
  const both = runRepl(`(env-exec-config ["DisablePact53"]) (begin-tx) ${MODULE} (commit-tx) (m.f)
    (env-exec-config []) (begin-tx) ${MODULE} (commit-tx) (m.pure 5) (try "caught" (m.f))`);
  assert.is(both.error, null);
  assert.equal(both.traces.filter(t => t.startsWith('Loaded module m')).map(t => t.replace(/^Loaded module m, hash /, '')),
    [hashOf(old.traces), hashOf(now.traces)]);
  assert.equal(both.traces.slice(-2), ['6', '"caught"']);
});

test('a binding form\'s missing field: located at the bound name, before Pact 5.3 at the whole application', () => {
  const where = (text: string) => {
    const r = runRepl(text);
    const at = r.error?.span?.startPos;
    return `${at ? `${at.line}:${at.col}` : '?'} ${r.error?.message}`;
  };
  const bind = '(bind {"a": 1}\n  {"b" := x} x)';
  assert.is(where(bind), '1:10 Key "b" not found in object: {"a": 1}');
  assert.is(where(`(env-exec-config ["DisablePact53"])\n${bind}`), '1:0 Key "b" not found in object: {"a": 1}');
  // inside a module function too, and a found field reads the same either way
  const module = `(module m G (defcap G () true) (defun f (o) ${bind.replace('{"a": 1}', 'o')}))`;
  assert.is(where(`(env-exec-config ["DisablePact53"]) ${module}\n(m.f {"a": 1})`), '0:80 Key "b" not found in object: {"a": 1}');
  assert.is(evalLast('(env-exec-config ["DisablePact53"]) (bind {"b": 2} {"b" := x} x)'), '2');
});

test.run();
