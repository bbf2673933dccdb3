// Behaviours of compiler/definitions.ts that the mutation run of compiler/ (issue 16) found
// untested: a body that is only a string, defcap metadata after a docstring, @managed forms.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

function outcome(src: string): string {
  const r = runRepl(src);
  return r.error ? `error: ${r.error.message}` : r.traces[r.traces.length - 1];
}

const GOV = '(defcap g () true)';

test('defcap metadata after a docstring is still the capability\'s metadata', () => {
  const mod = `(module m g ${GOV} (defcap E (a:integer) "an event" @event true) (defun f () (emit-event (E 1))))\n`;
  assert.is(outcome(`${mod}(m.f)`), 'true');
  assert.is(outcome(`${mod}(m.f) (env-events true)`), `[{"module-hash": "${hashOf(mod)}","name": "m.E","params": [1]}]`);
  // without @event, emit-event refuses it
  const plain = `(module m g ${GOV} (defcap E (a:integer) "not an event" true) (defun f () (emit-event (E 1))))\n`;
  assert.is(outcome(`${plain}(m.f)`), `error: Invalid event capability m.E.{${hashOf(plain)}}`);
});

function hashOf(mod: string): string {
  const r = runRepl(mod);
  return /hash (\S+)/.exec(r.traces[0])![1];
}

test('@managed without parameter and manager is an automatically managed capability, whatever the body', () => {
  const mod2 = `(module m g ${GOV} (defcap C () @managed true) (defun f () (with-capability (C) 2)))\n`;
  assert.is(outcome(`${mod2}(install-capability (m.C)) (m.f)`), '2');
  assert.is(outcome(`${mod2}(m.f)`), 'error: Managed capability not installed: (m.C)');
  const mod3 = `(module m g ${GOV} (defcap C () @managed (+ 1 2)) (defun f () (with-capability (C) 3)))\n`;
  assert.is(outcome(`${mod3}(install-capability (m.C)) (m.f)`), '3');
  // a body of two expressions, the second a bare name: still no parameter nor manager
  const mod4 = `(module m g ${GOV} (defcap C (a:integer) @managed (+ a 1) a) (defun f () (with-capability (C 1) 4)))\n`;
  assert.is(outcome(`${mod4}(install-capability (m.C 1)) (m.f)`), '4');
});

test('@managed names a parameter of the capability, checked against every parameter', () => {
  assert.is(outcome(`(module m g ${GOV} (defcap C (a:integer) @managed b mgr true) (defun mgr (x y) x))`),
    'error: Invalid Managed arg: no such arg with name b');
});

test('an empty schema', () => {
  assert.is(outcome(`(module m g ${GOV} (defschema s) (defun f (o:object{s}) o))\n(m.f {})`), '{}');
  assert.is(outcome(`(module m g ${GOV} (defschema s @doc "d") (defun f (o:object{s}) o))\n(m.f {})`), '{}');
  // Pact's grammar (defschema IDENT MDocOrModel SchemaArgList): a lone string is the docstring of
  // an empty schema, not a field
  assert.is(outcome(`(module m g ${GOV} (defschema s "doc") (defun f (o:object{s}) o))\n(m.f {})`), '{}');
  assert.is(outcome(`(module m g ${GOV} (defschema s "doc" a:integer) (defun f (o:object{s}) o))\n(m.f {"a": 1})`), '{"a": 1}');
});

test('after @event or @managed a lone string is the capability body (MDCapMeta comes after the docstring)', () => {
  // Pact's grammar (defcap … MDocOrModel MDCapMeta Block): the docstring can only come before the
  // metadata, so a string after it is the Block; taking it for a docstring leaves no body
  const event = `(module m g ${GOV} (defcap E () @event "x") (defun f () (emit-event (E))))\n`;
  assert.is(outcome(`${event}(m.f)`), 'true');
  const managed = `(module m g ${GOV} (defcap M (a:integer) @managed "x") (defun f () (with-capability (M 1) 2)))\n`;
  assert.is(outcome(`${managed}(m.f)`), 'error: Managed capability not installed: (m.M 1)');
});

test.run();
