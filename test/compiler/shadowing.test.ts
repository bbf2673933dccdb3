// The whole-file check for names that shadow natives (NativeShadowing.hs): which binders it
// visits in each kind of form, past type annotations of every shape, and in which order.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../compiler/index.js';
import { checkTopLevelShadowing } from '../../compiler/shadowing.js';
import { scan } from '../../compiler/lexer.js';
import { parse } from '../../compiler/parser.js';
import { runRepl } from '../helpers.js';

/** Every name the check visits in the forms of `src`, in order, as `name@offset+length` (the tree
 *  is read without the grammar check, so malformed forms can be handed to it too). */
function visited(src: string): string[] {
  const file = new SourceFile('s.repl', src), seen: string[] = [];
  for (const form of parse(file, scan(file))) {
    checkTopLevelShadowing(form, (name, span) => { seen.push(`${name}@${span.start}+${span.end - span.start}`); });
  }
  return seen;
}

test('a module: its name at the whole form, then each definition\'s name, arguments and body binders, innermost first', () => {
  const src = '(module m g (defcap g (a:integer) true) (use other) (implements i) (defschema s f:integer) (deftable t:{s}) '
    + '(defconst K:integer (let ((x 1)) x) "doc") (defun f:[integer] (a:object{s} b:module{i} c:[string] d) @doc "x" '
    + '(lambda (e) (let* ((y 1) (z (let ((w 2)) w))) [y z]))) (defpact p (q) (step (let ((r 1)) r))))';
  assert.equal(visited(src), ['m@0+312', 'g@20+1', 'a@23+1', 's@67+23', 't@91+16', 'K@118+1', 'x@135+1', 'f@158+1', 'a@171+1',
    'b@183+1', 'c@195+1', 'd@206+1', 'w@253+1', 'y@238+1', 'z@244+1', 'e@227+1', 'p@282+1', 'q@285+1', 'r@301+1']);
  assert.equal(visited('(interface j (defun f (a)) (defconst C 1))'), ['j@0+42', 'f@20+1', 'a@23+1', 'C@37+1']);
  // a qualified module name is not a binder; forms that are not definitions are skipped
  assert.equal(visited('(module ns.m g (defun f () 1))'), ['f@22+1']);
  assert.equal(visited('(module m g (defun f () 1) 1 [x] (1 2) (use m) (defschema identity))'), ['m@0+68', 'f@19+1', 'identity@47+20']);
});

test('top-level definitions and expressions: arguments past every shape of annotation, binders bottom-up', () => {
  assert.equal(visited('(defcap top (a) a)'), ['top@8+3', 'a@13+1']);
  assert.equal(visited('(defun f (a) (let ((b 1)) b) (let ((c 1)) c))'), ['f@7+1', 'a@10+1', 'b@20+1', 'c@36+1']);
  assert.equal(visited('(defun f (a:object b) 1)'), ['f@7+1', 'a@10+1', 'b@19+1']);
  // `a: b` is `a` of type `b`
  assert.equal(visited('(defun f (a: b) 1)'), ['f@7+1', 'a@10+1']);
  assert.equal(visited('(+ 1 (let ((x 1)) x))'), ['x@12+1']);
  assert.equal(visited('x'), []);
  assert.equal(visited('(let ((x 1)) {"k": (lambda (y) y)} [(let ((z 1)) z)])'), ['y@28+1', 'z@43+1', 'x@7+1']);
  assert.equal(visited('(lambda (a b:integer c) (let ((d 1) (e:string "s")) e))'), ['d@31+1', 'e@37+1', 'a@9+1', 'b@11+1', 'c@21+1']);
});

test('a return type of any shape is skipped before the arguments; let*, lambda and other top-level forms', () => {
  assert.equal(visited('(defun f:object{s} (a) 1)'), ['f@7+1', 'a@20+1']);
  assert.equal(visited('(defun f:module{i} (b) 1)'), ['f@7+1', 'b@20+1']);
  assert.equal(visited('(let* ((x 1)) x)'), ['x@8+1']);
  assert.equal(visited('(lambda (y) y)'), ['y@9+1']);
  assert.equal(visited('()'), []);
  // a keyword form that is neither a definition nor a binder is not walked
  assert.equal(visited('(step (let ((a 1)) a))'), []);
  // a comma is not a type annotation
  assert.equal(visited('(lambda (a , b) 1)'), ['a@9+1', 'b@13+1']);
});

test('malformed forms are walked as far as they go, without a crash', () => {
  assert.equal(visited('(module (defun identity () 1) g (defun f () 1))'), ['f@39+1']);
  assert.equal(visited('(defschema s (x))'), ['s@0+17']);
  assert.equal(visited('(deftable t (y))'), ['t@0+16']);
  assert.equal(visited('(defun f (a (let ((q 1)) q)) 1)'), ['f@7+1', 'a@10+1']);
  assert.equal(visited('(lambda (a (let ((q 1)) q)) 1)'), ['a@9+1']);
  assert.equal(visited('(let (() (x 1)) x)'), ['x@10+1']);
  assert.equal(visited('(let (x (y 1) ("s" 2)) y)'), ['y@9+1']);
  assert.equal(visited('(lambda) (let) (let 1 2) (lambda 1 (let ((q 1)) q))'), ['q@42+1']);
  assert.equal(visited('(module) (module 1) (defun) (defun 1 (a) 1) (defschema s a) (deftable t) (defconst) (bless "h") (defun f:)'),
    ['s@44+15', 't@60+12', 'f@103+1']);
});

/** `line:col+length: message` of the error the file raises. */
function shadowed(src: string): string {
  const r = runRepl(src, 's.repl');
  if (!r.error) throw new Error(`expected an error, got ${r.traces.join(' | ')}`);
  const s = r.error.span!;
  return `${s.startPos.line + 1}:${s.startPos.col}+${s.end - s.start}: ${r.error.message}`;
}
const at = (col: number, name: string) => `1:${col}+${name.length}: Variable ${name} shadows native with the same name`;

test('schema and table names are located at their whole form, as Pact\'s parser records those two; constants at the name', () => {
  assert.is(shadowed('(module m g (defcap g () true) (defschema length a:integer))'), '1:31+28: Variable length shadows native with the same name');
  assert.is(shadowed('(module m g (defcap g () true) (deftable format:{s}))'), '1:31+21: Variable format shadows native with the same name');
  assert.is(shadowed('(defconst identity 1)'), at(10, 'identity'));
  assert.is(shadowed('(interface i (defun f (format)))'), at(23, 'format'));
});

test('an argument after a typed argument is found past its annotation, whatever the type\'s shape', () => {
  assert.is(shadowed('(defun f:object{s} (a:object{s} identity:integer) 1)'), at(32, 'identity'));
  assert.is(shadowed('(defun f (a:module{i} identity) 1)'), at(22, 'identity'));
  assert.is(shadowed('(defun f (a:[integer] identity) 1)'), at(22, 'identity'));
  assert.is(shadowed('(lambda (a:integer format) 1)'), at(19, 'format'));
  assert.is(shadowed('(lambda (a:object{s} format) 1)'), at(21, 'format'));
  assert.is(shadowed('(let ((x:integer 1) (identity 2)) 1)'), at(21, 'identity'));
});

test('binders inside lists, objects and other expressions are found; the innermost form comes first', () => {
  assert.is(shadowed('[(let ((identity 1)) 1)]'), at(8, 'identity'));
  assert.is(shadowed('{"a": (lambda (format) 1)}'), at(15, 'format'));
  assert.is(shadowed('(defun f (a:integer) (let ((x 1) (y (lambda (format) 1))) (let ((identity 2)) 1)))'), at(45, 'format'));
  assert.is(shadowed('(let ((a 1)) (lambda (format) (let ((identity 1)) 1)))'), at(37, 'identity'));
  assert.is(shadowed('(module m g (defcap g () true) (defun f () (let ((a (let ((format 1)) 1)) (identity 2)) 1)))'), at(59, 'format'));
  // a let's body comes before its own binders
  assert.is(shadowed('(let ((identity 1)) (lambda (format) 1))'), at(29, 'format'));
});

test('a name that shadows nothing passes, and use and implements forms are not binders', () => {
  assert.is(shadowed('(module m g (defcap g () true) (use identity))'), '1:0+46: Cannot find module:  identity');
  assert.is(shadowed('(module m g (defcap g () true) (implements format) (defun f () 1))'), '1:0+66: Cannot find module:  format');
  assert.equal(runRepl('(let ((lengthy 1)) ((lambda (formats) lengthy) 2))').traces, ['1']);
});

/** Every name the check visits in `src`, with the words that say where it is. */
function contexts(src: string): string[] {
  const file = new SourceFile('s.repl', src), seen: string[] = [];
  for (const form of parse(file, scan(file))) checkTopLevelShadowing(form, (name, _span, context) => { seen.push(`${name} ${context}`); });
  return seen;
}

test('each visited name carries Pact\'s ShadowCtx words: definitions qualified by their module, arguments counted from 0', () => {
  assert.equal(contexts('(module m g (defcap g (a) (let ((x 1)) x)) (defschema s f:integer) (deftable t:{s}) (defconst K 1) (defpact p (q r) (step (lambda (y) y))))'), [
    'm in module name m', 'g in the definition name of defcap m.g', 'a in definition defcap m.g at argument position 0',
    'x in the body of definition defcap m.g', 's in the definition name of defscema m.s', 't in the definition name of deftable m.t',
    'K in the definition name of defconst m.K', 'p in the definition name of defpact m.p', 'q in definition defpact m.p at argument position 0',
    'r in definition defpact m.p at argument position 1', 'y in the body of definition defpact m.p']);
  assert.equal(contexts('(interface i (defun f (a b)) (defconst C 1) (defschema s x:integer))'), ['i in interface name i',
    'f in the definition name of defun i.f', 'a in definition defun i.f at argument position 0', 'b in definition defun i.f at argument position 1',
    // Pact's schema check knows only a module's context: an interface's schema is filed under #repl
    'C in the definition name of defconst i.C', 's in the definition name of defscema #repl.s']);
  // REPL definitions belong to Pact's pseudo-module #repl; expressions are top-level ones
  assert.equal(contexts('(defun f (a) (let ((b 1)) b)) (defconst C (let ((d 1)) d)) (lambda (e) e)'), [
    'f in the definition name of defun #repl.f', 'a in definition defun #repl.f at argument position 0', 'b in the body of definition defun #repl.f',
    'C in the definition name of defconst #repl.C', 'd in the body of definition defconst #repl.C', 'e in top level expression']);
  assert.equal(contexts('[(let ((x 1)) x)]'), ['x in top level expression']);
});

test('the REPL prints every native-shadowing name of the first offending form, then fails with the first', () => {
  const r = runRepl('(let ((ok 1)) ok)\n(module m g (defcap g () true) (defun f (hash length) (let ((at 1)) at)))\n(let ((format 1)) 1)', 's.repl');
  assert.equal(r.prints, [
    'Variable hash shadows native of the same name in definition defun m.f at argument position 0',
    'Variable length shadows native of the same name in definition defun m.f at argument position 1',
    'Variable at shadows native of the same name in the body of definition defun m.f']);
  assert.is(r.error?.message, 'Variable hash shadows native with the same name');
  assert.is(r.error?.span?.startPos.line, 1);
  // nothing in the file ran: the check comes first
  assert.equal(r.traces, []);
});

test.run();
