// `implements` is checked against the interface when the module loads (Pact 5's checkImplements):
// every defun, defcap and defpact must exist with the same kind, argument names and types.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

const IFACE = `(interface iface
  (defschema point x:integer y:integer)
  (defun f:integer (a:integer b:integer))
  (defcap CAP:bool (a:integer))
  (defpact p:string (arg:string))
  (defconst K 1))
`;
const CAP = '(defcap CAP:bool (a:integer) true)';
const F = '(defun f:integer (a:integer b:integer) a)';
const P = '(defpact p:string (arg:string) (step arg))';

function load(defs: string, iface = IFACE): string {
  const r = runRepl(`${iface}(module m g (defcap g () true)\n  (implements iface)\n  ${defs})`, 'impl.repl');
  if (!r.error) return 'loaded';
  const s = r.error.span;
  return `${s ? `${s.startPos.line + 1}:${s.startPos.col}: ` : ''}${r.error.message}`;
}

const notImplemented = (n: string) => `Interface member not implemented, module m does not implement interface iface member: ${n}`;
const mismatch = (n: string) => `Module m does not correctly implement the function ${n} from Interface iface`;

test('a module defining every member as declared loads', () => {
  assert.is(load(`${F} ${CAP} ${P}`), 'loaded');
});

test('a missing member is NotImplemented, reported at the module form', () => {
  assert.is(load(`${CAP} ${P}`), `7:0: ${notImplemented('f')}`);
  assert.is(load(`${F} ${P}`), `7:0: ${notImplemented('CAP')}`);
  assert.is(load(`${F} ${CAP}`), `7:0: ${notImplemented('p')}`);
});

test('defconsts and defschemas of the interface need no definition', () => {
  assert.is(load(`${F} ${CAP} ${P}`), 'loaded');
});

test('a member of the wrong kind is an ImplementationError', () => {
  assert.is(load(`(defconst f 1) ${CAP} ${P}`), `7:0: ${mismatch('f')}`);
  assert.is(load(`${F} (defun CAP:bool (a:integer) true) ${P}`), `7:0: ${mismatch('CAP')}`);
  assert.is(load(`${F} ${CAP} (defun p:string (arg:string) arg)`), `7:0: ${mismatch('p')}`);
});

test('arity, argument names, argument types and return types must all match', () => {
  assert.is(load(`(defun f:integer (a:integer) a) ${CAP} ${P}`), `7:0: ${mismatch('f')}`);
  assert.is(load(`(defun f:integer (a:integer b:integer c:integer) a) ${CAP} ${P}`), `7:0: ${mismatch('f')}`);
  assert.is(load(`(defun f:integer (a:integer c:integer) a) ${CAP} ${P}`), `7:0: ${mismatch('f')}`);
  assert.is(load(`(defun f:integer (a:integer b:bool) a) ${CAP} ${P}`), `7:0: ${mismatch('f')}`);
  assert.is(load(`(defun f:integer (a b) a) ${CAP} ${P}`), `7:0: ${mismatch('f')}`);
  assert.is(load(`(defun f (a:integer b:integer) a) ${CAP} ${P}`), `7:0: ${mismatch('f')}`);
  assert.is(load(`${F} (defcap CAP:integer (a:integer) 1) ${P}`), `7:0: ${mismatch('CAP')}`);
  assert.is(load(`${F} (defcap CAP:bool (a:integer b:bool) true) ${P}`), `7:0: ${mismatch('CAP')}`);
  assert.is(load(`${F} ${CAP} (defpact p:bool (arg:string) (step true))`), `7:0: ${mismatch('p')}`);
  assert.is(load(`${F} ${CAP} (defpact p:string () (step "x"))`), `7:0: ${mismatch('p')}`);
});

test('a defcap\'s meta must match, with Pact\'s "defcap mismatch" wording', () => {
  assert.is(load(`${F} (defcap CAP:bool (a:integer) @event true) ${P}`), `7:0: ${mismatch(': defcap mismatch for CAP')}`);
  const managed = `(interface iface
  (defcap CAP:bool (a:integer) @managed a MGR)
  (defun MGR:integer (a:integer b:integer)))
`;
  const mgr = '(defun MGR:integer (a:integer b:integer) a)';
  assert.is(load(`(defcap CAP:bool (a:integer) @managed a MGR true) ${mgr}`, managed), 'loaded');
  assert.is(load(`(defcap CAP:bool (a:integer) true) ${mgr}`, managed), `4:0: ${mismatch(': defcap mismatch for CAP')}`);
  assert.is(load(`(defcap CAP:bool (a:integer) @managed a OTHER true) ${mgr} (defun OTHER:integer (a:integer b:integer) a)`, managed),
    `4:0: ${mismatch(': defcap mismatch for CAP')}`);
  const auto = '(interface iface (defcap CAP:bool (a:integer) @managed))\n';
  assert.is(load(`(defcap CAP:bool (a:integer) @managed a MGR true) ${mgr}`, auto), 'loaded');
  assert.is(load('(defcap CAP:bool (a:integer) @managed true)', auto), 'loaded');
});

test('an object type names its schema with the module that declared it', () => {
  const iface = `(interface iface
  (defschema point x:integer y:integer)
  (defun f:object{point} (a:integer)))
`;
  assert.is(load('(defun f:object{iface.point} (a:integer) { "x": a, "y": a })', iface), 'loaded');
  assert.is(load('(defschema point x:integer y:integer) (defun f:object{point} (a:integer) { "x": a, "y": a })', iface),
    `4:0: ${mismatch('f')}`);
});

test.run();
