// Desugaring special forms and names (Desugar.hs): the arity errors with Pact's text and location,
// the forms lowered to lambdas or natives, and what a tree the grammar would refuse gets from the
// compiler when it is handed one directly.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, compileExpression } from '../../compiler/index.js';
import { scan } from '../../compiler/lexer.js';
import { parse } from '../../compiler/parser.js';
import { PactError } from '../../vm/errors.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runRepl } from '../helpers.js';

/** `line:col+length kind: message` of the error running `src` raises, or `= last result`. */
function outcome(src: string): string {
  const r = runRepl(src, 'd.repl');
  const e = r.error;
  if (!e) return `= ${r.traces[r.traces.length - 1]}`;
  const s = e.span!;
  return `${s.startPos.line + 1}:${s.startPos.col}+${s.end - s.start} ${e.kind}: ${e.message}`;
}

test('special forms with the wrong number of arguments fail at the whole form, with Pact\'s InvalidSyntax text', () => {
  assert.is(outcome('(+ 1 (try 1))'), '1:5+7 desugar: Desugar syntax failure: try must take two arguments');
  assert.is(outcome('(try 1 2 3)'), '1:0+11 desugar: Desugar syntax failure: try must take two arguments');
  assert.is(outcome('(do)'), '1:0+4 desugar: Desugar syntax failure: do form must have at least 1 expression');
  assert.is(outcome('(if true 1)'), '1:0+11 desugar: Desugar syntax failure: if must take three arguments');
  assert.is(outcome('(if true 1 2 3)'), '1:0+15 desugar: Desugar syntax failure: if must take three arguments');
  assert.is(outcome('(enforce-one "m")'), '1:0+17 desugar: Desugar syntax failure: enforce-one must take two arguments');
  assert.is(outcome('(cond)'), '1:0+6 desugar: Desugar syntax failure: cond: expected list of conditions with a default case');
  assert.is(outcome('(with-capability (C))'), '1:0+21 desugar: Desugar syntax failure: with-capability must take at least 2 expressions');
  assert.is(outcome('(suspend)'), '1:0+9 desugar: Desugar syntax failure: suspend must take only 1 argument');
  assert.is(outcome('(error "a" "b")'), '1:0+15 desugar: Desugar syntax failure: error must take only 1 argument');
  assert.is(outcome('(pure)'), '1:0+6 desugar: Desugar syntax failure: pure must take only 1 argument');
  for (const bad of ['(create-user-guard 1)', '(create-user-guard (f) 2)', '(create-user-guard ())', '(create-user-guard (lambda (x) x))']) {
    assert.is(outcome(bad), `1:0+${bad.length} desugar: Desugar syntax failure: create-user-guard must take one argument, which must be an application`, bad);
  }
});

test('enforce-one needs a literal list of conditions: anything else fails when run, at the form', () => {
  assert.is(outcome('(enforce-one "m" 5)'),
    '1:0+19 exec: native execution failure, enforce-one failed with message: enforce-one: expected a list of conditions');
  assert.is(outcome('(enforce-one "m" [false, true])'), '= true');
  assert.is(outcome('(enforce-one "none held" [false (enforce false "no")])'), '1:0+54 user: none held');
  // only when run (Pact's evaluator raises it, not its desugarer): a branch not taken, a module's
  // function never called, a lambda never applied are fine; neither argument runs
  assert.is(outcome('(if false (enforce-one "m" 5) 2)'), '= 2');
  assert.is(outcome('(let ((f (lambda () (enforce-one "m" 5)))) 3)'), '= 3');
  assert.match(outcome('(module m g (defcap g () true) (defun e (xs) (enforce-one "m" xs)))'), /^= Loaded module m, hash /);
  assert.is(outcome('(enforce-one (error "msg ran") (error "list ran"))'),
    '1:0+50 exec: native execution failure, enforce-one failed with message: enforce-one: expected a list of conditions');
  // an execution error: try does not catch it
  assert.is(outcome('(try 3 (enforce-one "m" 5))'),
    '1:7+19 exec: native execution failure, enforce-one failed with message: enforce-one: expected a list of conditions');
  // its arguments are still resolved like any code
  assert.is(outcome('(if false (enforce-one "m" nope) 2)').replace(/^\S+ /, ''), 'desugar: Cannot find module:  nope');
});

test('create-user-guard of an application whose head is no top-level function fails when run, before its arguments', () => {
  const failure = 'exec: native execution failure, create-user-guard failed with message: create-user-guard: expected function application of a top-level function';
  assert.is(outcome('(create-user-guard ((lambda () true)))'), `1:0+38 ${failure}`);
  assert.is(outcome('(let ((x (lambda (a) true))) (create-user-guard (x (error "args ran"))))'), `1:29+42 ${failure}`);
  const m = '(module m g (defcap g () true) (defun f:bool () true))\n';
  assert.is(outcome(`${m}(let ((r m)) (create-user-guard (r::f)))`), `2:13+26 ${failure}`);
  assert.is(outcome(`${m}(create-user-guard (m.f))`), '= UserGuard {fun: m.f,args: []}');
});

test('cond nests its clauses into ifs, the last form being the default', () => {
  assert.is(outcome('(cond (false 1) (true 2) 3)'), '= 2');
  assert.is(outcome('(cond (false 1) (false 2) 3)'), '= 3');
  assert.is(outcome('(cond (true 1) 2)'), '= 1');
  assert.is(outcome('(cond 7)'), '= 7');
  assert.is(outcome('(cond (true 1) 2 3)'), '1:0+19 desugar: Desugar syntax failure: cond: expected application of conditions');
  assert.is(outcome('(cond (true 1 2) 3)'), '1:0+19 desugar: Desugar syntax failure: cond: expected application of conditions');
});

test('and, or and enforce with other than two arguments are two-argument lambdas over the form', () => {
  assert.is(outcome('((and) true false)'), '= false');
  assert.is(outcome('((or) false true)'), '= true');
  assert.is(outcome('(or false true true)'), '1:0+20 exec: Attempted to apply a closure to too many arguments');
  assert.is(outcome('((enforce) false "msg")'), '1:1+9 user: msg');
  assert.is(outcome('((enforce) true "msg")'), '= true');
  assert.is(outcome('(and true)'), '1:0+10 exec: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  assert.is(outcome('[(and true false) (or false false) (or false true) (and true true)]'), '= [false false true true]');
});

test('constantly is the lambda (a b) a; CHARSET_ASCII and CHARSET_LATIN1 are the integers 0 and 1', () => {
  assert.is(outcome('(map (constantly 7) [1 2])'), '= [7 7]');
  assert.is(outcome('(let ((k (constantly "k"))) (map k [1]))'), '= ["k"]');
  assert.is(outcome('(constantly 1 2 3)'), '1:0+18 exec: Attempted to apply a closure to too many arguments');
  assert.is(outcome('[CHARSET_ASCII CHARSET_LATIN1 (let ((f CHARSET_LATIN1)) f)]'), '= [0 1 1]');
  assert.is(outcome('(is-charset CHARSET_LATIN1 "é")'), '= true');
});

test('map of a partial application is eta-expanded, so the function resolves at its full arity', () => {
  assert.is(outcome('(map (+ 1) [1 2])'), '= [2 3]');
  assert.is(outcome('(map (take 1) ["ab" "cd"])'), '= ["a" "c"]');
  assert.is(outcome('(let ((x 10)) (map (+ x) [1 2]))'), '= [11 12]');
  assert.is(outcome('(map (format "{}") [[1] [2]])'), '= ["1" "2"]');
  assert.is(outcome('(map (lambda (x) (* x x)) [3])'), '= [9]');
  assert.is(outcome('(let ((f (lambda (a b) (- a b)))) (map (f 10) [1 2]))'), '= [9 8]');
});

test('hash-poseidon takes its arguments as one list, whatever their number', () => {
  const two = '7853200120776062878684798364095072458815029376092732009249414926327459813530';
  assert.is(outcome('(hash-poseidon 1 2)'), `= ${two}`);
  assert.is(outcome('(poseidon-hash-hack-a-chain 1 2)'), `= ${two}`);
});

test('expect and expect-failure take their expressions as thunks; with other arities they are plain natives', () => {
  assert.is(outcome('(expect "a" 1 1)'), '= "Expect: success a"');
  assert.is(outcome('(expect-failure "a" (error "x"))'), '= "Expect failure: Success: a"');
  assert.is(outcome('(expect-failure "a" "x" (error "x"))'), '= "Expect failure: Success: a"');
  assert.is(outcome('(expect "a" 1)'), '1:0+14 exec: Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  // in a .pact file there are no REPL natives, so expect is an unknown name
  const r = runRepl('(expect "a" 1 1)', 'd.pact');
  assert.is(r.error!.message, 'Cannot find module:  expect');
});

test('binding forms read each field into its name, with an optional type checked at run time', () => {
  assert.is(outcome('(bind {"a": 1, "b": 2} {"a" := x, "b" := y:integer} [y x])'), '= [2 1]');
  assert.is(outcome('(bind {"a": 1} {"a" := x:string} x)'), '1:23+1 exec: Runtime typecheck failure, argument is integer , but expected type string');
  assert.is(outcome('(let ((m {"a": 1})) (bind m {"a" := a} (+ a 1)))'), '= 2');
});

test('names: an unknown bare name is looked up as a module, a qualified one as a member', () => {
  assert.is(outcome('nosuch'), '1:0+6 desugar: Cannot find module:  nosuch');
  assert.is(outcome('m.nosuch'), '1:0+8 desugar: Module m has no such member: nosuch');
  assert.is(outcome('ns.m.f'), '1:0+6 desugar: Module ns.m has no such member: f');
  assert.is(outcome('(let ((x 1)) (x::f))'), '1:14+4 exec: Attempted to use x as dynamic name, but it is not a modref');
});

/** What the compiler says of a tree read without the grammar check (as a direct caller could). */
function unchecked(src: string): string {
  const f = new SourceFile('raw.repl', src);
  try {
    compileExpression(parse(f, scan(f))[0], new ReplSession());
    return 'compiled';
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    return `${e.span!.start}+${e.span!.end - e.span!.start} ${e.kind}: ${e.message}`;
  }
}

test('a tree the grammar refuses is refused by the compiler too, located, never with a crash', () => {
  assert.is(unchecked('(let () 1)'), '0+10 desugar: Expected: let bindings');
  assert.is(unchecked('(let (x) 1)'), '6+1 desugar: Expected: (name value) binding');
  assert.is(unchecked('(let ((x 1 2)) x)'), '6+7 desugar: Expected: (name value) binding');
  assert.is(unchecked('(let ((1 2)) 1)'), '6+5 desugar: Expected: (name value) binding');
  assert.is(unchecked('(let ((x:[integer]) 1) x)'), '6+13 desugar: Expected: (name value) binding');
  assert.is(unchecked('(lambda x 1)'), '0+12 desugar: Expected: lambda argument list');
  assert.is(unchecked('(lambda)'), '0+8 desugar: Expected: lambda argument list');
  assert.is(unchecked('(lambda ())'), '0+11 desugar: Desugar syntax failure: expected at least one expression in body');
  assert.is(unchecked('(lambda (1) 1)'), '9+1 desugar: Expected: argument name, got 1');
  assert.is(unchecked('(lambda (a.b) 1)'), '9+3 desugar: Expected: argument name, got a.b');
  assert.is(unchecked('{"a" 1}'), '1+3 desugar: Expected: object field "key": value');
  assert.is(unchecked('{"a": }'), '1+3 desugar: Expected: object field "key": value');
  assert.is(unchecked('{1: 2}'), '1+1 desugar: Expected: object field "key": value');
  assert.is(unchecked('{"a": 1 "b": 2}'), 'compiled');
  assert.is(unchecked('(+ 1 :)'), '5+1 desugar: Expected: expression, got :');
  assert.is(unchecked(':='), '0+2 desugar: Expected: expression, got :=');
  assert.is(unchecked('(+ 1 @doc)'), '5+4 desugar: Expected: expression, got @doc');
  assert.is(unchecked('(+ 1 module)'), '5+6 desugar: Expected: expression, got keyword module');
  assert.is(unchecked('(module 1)'), '1+6 desugar: Expected: expression, got keyword module');
  assert.is(unchecked('(bind {} {"a" := 1} 1)'), '10+3 desugar: Expected: binding "field" := name');
  assert.is(unchecked('(bind {} {"a" := x "b"} 1)'), '19+3 desugar: Expected: binding "field" := name');
  assert.is(unchecked('(bind {} {"a" := x:integer, "b" := y} 1)'), 'compiled');
});

test('type annotations: lists, objects, tables and module references parse; anything else is no type', () => {
  assert.is(unchecked('(lambda (x:) 1)'), '10+1 desugar: Expected: type');
  assert.is(unchecked('(lambda (x:module) 1)'), '11+6 desugar: Expected: module{interface}');
  assert.is(unchecked('(lambda (x:module 1) 1)'), '11+6 desugar: Expected: module{interface}');
  assert.is(unchecked('(lambda (x:foo) 1)'), '11+3 parse: No such type: foo');
  assert.is(unchecked('(lambda (x:"s") 1)'), '11+3 parse: No such type: "s"');
  assert.is(unchecked('(let ((x:table 1)) x)'), '9+5 parse: No such type: table');
  assert.is(unchecked('(lambda (x:[integer]) 1)'), 'compiled');
  // these parse as types; in top-level code the names in them must then resolve (names.test.ts)
  assert.is(unchecked('(let ((x:object{s} {})) x)'), '0+26 desugar: Cannot find module:  s');
  assert.is(unchecked('(lambda (t:table{s}) t)'), '0+23 desugar: Cannot find module:  s');
  assert.is(unchecked('(lambda (m:module{i, ns.j}) m)'), '0+30 desugar: Cannot find module:  i');
  assert.is(outcome('(let ((l:[integer] ["a"])) l)'), '1:7+1 exec: Runtime typecheck failure, argument is list , but expected type list integer');
});

test('a schema type names the module that declares it, however it is written', () => {
  const m = '(module m g (defcap g () true) (defschema s a:integer))\n';
  const failure = (line: number) => `${line}:49+1 exec: Runtime typecheck failure, argument is object , but expected type object{m.s}`;
  assert.is(outcome(`${m}(module n g (defcap g () true) (use m) (defun h (o:object{s}) o))\n(n.h {"b": 1})`), failure(2));
  assert.is(outcome(`${m}(module n g (defcap g () true) (use m) (defun h (o:object{m.s}) o))\n(n.h {"b": 1})`), failure(2));
  assert.is(outcome(`${m}(module n g (defcap g () true) (use m) (defun h (o:[object{s}]) o))\n(n.h [{"b": 1}])`),
    '2:49+1 exec: Runtime typecheck failure, argument is list , but expected type list (object{m.s})');
  assert.is(outcome('(module m g (defcap g () true) (defschema s a:integer) (defun f (o:object{s}) o))\n(m.f {"b": 1})'),
    '1:65+1 exec: Runtime typecheck failure, argument is object , but expected type object{m.s}');
  assert.is(outcome('(module m g (defcap g () true) (defschema s a:integer) (defun f (o:object{m.s}) o))\n(m.f {"b": 1})'),
    '1:65+1 exec: Runtime typecheck failure, argument is object , but expected type object{m.s}');
});

test.run();
