// A REPL-level defun or defconst compiles on its own, outside any module: a defun to its function,
// a defconst to its expression's code (the runtime evaluates it), with Pact's errors for bad forms.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, read, compileReplDefinition, type ModuleForm, type NameEnv } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';

const env: NameEnv = {
  replNatives: true,
  lookupTopLevel: () => undefined,
  lookupMember: () => undefined,
  lookupModRef: () => undefined,
};

const definition = (text: string) => compileReplDefinition(read(new SourceFile('t.repl', text))[0] as ModuleForm, env);

test('a defun compiles to a function of its parameters, belonging to no module', () => {
  const d = definition('(defun add:integer (a:integer b:integer) "adds" (+ a b))');
  assert.equal([d.kind, d.name, d.proto.arity, d.proto.kind, d.proto.module, d.proto.qualifiedName], ['defun', 'add', 2, 'defun', null, 'add']);
});

test('a defconst compiles to its expression, which it points at for a result that is not a value', () => {
  const d = definition('(defconst K:integer (* 6 7) "the answer")');
  assert.equal([d.kind, d.name, d.proto.arity], ['defconst', 'K', 0]);
  assert.is(d.valueSpan.file.text.slice(d.valueSpan.start, d.valueSpan.end), '(* 6 7)');
});

test('a defconst without a value and a defun named like a native are refused with Pact’s text', () => {
  const refusal = (text: string) => {
    try { definition(text); } catch (e) { if (e instanceof PactError) return `${e.kind}: ${e.message}`; throw e; }
    return 'accepted';
  };
  // Pact's grammar refuses it before desugaring
  assert.is(refusal('(defconst K)'), "parse: Expected: [true, false, '{', '(', '[', IDENT, NUM, STR, TICK]");
  assert.is(refusal('(defun length () 1)'), 'desugar: Variable length shadows native with the same name');
});

test.run();
