// `module{…}` annotations as Pact 5 checks them at run time (Desugar.hs resolveInterfaceName,
// Runtime/Utils.hs gassedRuntimeTypecheck): interface names resolve to full names when the code
// is compiled, a reference implementing more interfaces than asked passes, typed lists check each
// reference, and the expected type prints as Pact's ordered set of full names.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

/** Deploys `ns.iface`, a root `iface` and `other`, and modules implementing them. */
const WORLD = `
(env-data {"ks": ["k"]})
(env-keys ["k"])
(begin-tx)
(define-namespace 'ns (read-keyset 'ks) (read-keyset 'ks))
(namespace 'ns)
(interface iface (defun f:integer ()))
(interface zed (defun z:integer ()))
(module nsm g (defcap g () true) (implements iface) (defun f:integer () 1))
(module both g (defcap g () true) (implements iface) (implements zed) (defun f:integer () 2) (defun z:integer () 3))
(namespace "")
(interface iface (defun f:integer ()))
(interface other (defun o:integer ()))
(module rootm g (defcap g () true) (implements iface) (implements other) (defun f:integer () 4) (defun o:integer () 5))
(commit-tx)
`;

/** The last result of `src` run after WORLD, or `! message` of its error. */
function last(src: string): string {
  const r = runRepl(WORLD + src, 'modref.repl');
  if (r.error) return `! ${r.error.message}`;
  return r.traces[r.traces.length - 1];
}

const ROOT_CHECKER = `
(begin-tx)
(module checker g (defcap g () true)
  (defun one:integer (x:module{iface}) (x::f))
  (defun many:[integer] (xs:[module{iface}]) (map (lambda (x:module{iface}) (x::f)) xs))
  (defun two:integer (x:module{other, iface}) (x::o)))
(commit-tx)
`;

test('a bare interface name in a root module means the root interface, not a namespace\'s one of the same name', () => {
  assert.is(last(ROOT_CHECKER + '(checker.one rootm)'), '4');
  assert.is(last(ROOT_CHECKER + '(checker.one ns.nsm)'),
    '! Runtime typecheck failure, argument is modref , but expected type module{iface}');
});

test('a typed list of references checks every element; a reference implementing more interfaces passes', () => {
  assert.is(last(ROOT_CHECKER + '(checker.many [rootm rootm])'), '[4 4]');
  assert.is(last(ROOT_CHECKER + '(checker.many [rootm ns.nsm])'),
    '! Runtime typecheck failure, argument is list , but expected type list (module{iface})');
  assert.is(last(ROOT_CHECKER + '(checker.two rootm)'), '5');
});

test('the expected type prints its interfaces as Pact\'s ordered set, whatever order they were written in', () => {
  assert.is(last(ROOT_CHECKER + '(checker.two ns.both)'),
    '! Runtime typecheck failure, argument is modref , but expected type module{iface, other}');
});

test('inside a namespace a bare name falls back to the namespace\'s interface, printed with its full name', () => {
  const nsChecker = `
(begin-tx)
(namespace 'ns)
(module checker g (defcap g () true)
  (defun one:integer (x:module{zed}) (x::z))
  (defun sub:integer (x:module{iface}) 0))
(commit-tx)
`;
  assert.is(last(nsChecker + '(ns.checker.one ns.both)'), '3');
  assert.is(last(nsChecker + '(ns.checker.one ns.nsm)'),
    '! Runtime typecheck failure, argument is modref , but expected type module{ns.zed}');
  // a root interface of the same name wins over the namespace's (it is looked up as written first)
  assert.is(last(nsChecker + '(ns.checker.sub rootm)'), '0');
  assert.is(last(nsChecker + '(ns.checker.sub ns.nsm)'),
    '! Runtime typecheck failure, argument is modref , but expected type module{iface}');
});

test('top-level code resolves its annotations too', () => {
  assert.is(last('(let ((x:module{iface} rootm)) (x::f))'), '4');
  assert.is(last('(let ((x:module{iface} ns.nsm)) (x::f))'),
    '! Runtime typecheck failure, argument is modref , but expected type module{iface}');
  assert.is(last('(let ((x:module{ns.iface} ns.both)) (x::f))'), '2');
});

test('an interface in a namespace naming itself in a schema resolves to its full name', () => {
  const src = `
(begin-tx)
(namespace 'ns)
(interface policy
  (defschema info ps:[module{policy}] n:decimal)
  (defun p:integer ()))
(module impl g (defcap g () true) (implements policy) (implements zed) (defun p:integer () 7) (defun z:integer () 0))
(module user g (defcap g () true)
  (defun count:integer (x:object{policy.info}) (length (at 'ps x))))
(commit-tx)
(ns.user.count {"ps": [ns.impl, ns.impl], "n": 1.0})`;
  assert.is(last(src), '2');
});

test('a reference holds its interfaces as Pact\'s Set ModuleName: ordered by name, then namespace', () => {
  // Evaluator.hs builds the reference with S.fromList of the implemented interfaces, and
  // ModuleName's derived Ord compares the name before the namespace: `other` before `ns.zed`,
  // whatever order the module declared them in and however the full names would sort as text
  const src = `
(begin-tx)
(module mixed g (defcap g () true) (implements ns.zed) (implements other) (defun z:integer () 1) (defun o:integer () 2))
(module rev g (defcap g () true) (implements other) (implements iface) (defun f:integer () 1) (defun o:integer () 2))
(commit-tx)
`;
  assert.is(last(src + '(typeof mixed)'), '"module{other, ns.zed}"');
  assert.is(last(src + '(typeof rev)'), '"module{iface, other}"');
  // the stable encoding a hash is taken of lists the set the same way: declaring the same
  // interfaces in the other order (an upgrade of the module) leaves the reference's hash as it was
  const upgrade = `
(begin-tx)
(module rev g (defcap g () true) (implements iface) (implements other) (defun f:integer () 1) (defun o:integer () 2))
(commit-tx)
`;
  const before = last(src + '(hash rev)');
  assert.match(before, /^"[A-Za-z0-9_-]{43}"$/);
  assert.is(last(src + upgrade + '(hash rev)'), before);
  // the hash is that of its stable JSON (coreHash of a non-string; StableEncoding ModRef: refSpec,
  // then refName, each module name as {namespace, name})
  const json = '{"refSpec":[{"namespace":null,"name":"iface"},{"namespace":null,"name":"other"}],"refName":{"namespace":null,"name":"rev"}}';
  assert.is(last(src + `(= (hash rev) (hash ${JSON.stringify(json)}))`), 'true');
  // env-data's stable round trip (roundtripStable) keeps it a reference, with the same set
  assert.is(last(src + '(env-data {"r": rev}) (typeof (read-msg "r"))'), '"module{iface, other}"');
});

test.run();
