// The parts of a module form the compiler reads itself: governance, implements and bless, defcap
// metadata and managers, schemas and tables, defpact steps; and, for a tree that did not pass the
// grammar check (a direct caller's), the located refusal of each malformed part.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, compileModule, type CompiledModule, type ModuleForm } from '../../compiler/index.js';
import { scan } from '../../compiler/lexer.js';
import { parse } from '../../compiler/parser.js';
import { env, other } from './module-env.js';
import { PactError } from '../../vm/errors.js';
import { runRepl } from '../helpers.js';

const deployment = { namespace: null, use: () => ({ module: 'other', members: other.members }), checkKeysetName: () => {} };

/** Compile a module form read without the grammar check. */
function compile(src: string): CompiledModule {
  const f = new SourceFile('m.pact', src);
  return compileModule(parse(f, scan(f))[0] as ModuleForm, env, deployment);
}
function refusal(src: string): string {
  try { compile(src); } catch (e) {
    if (e instanceof PactError) return `${e.span!.start}+${e.span!.end - e.span!.start} ${e.kind}: ${e.message}`;
    throw e;
  }
  return 'compiled';
}

test('implements keeps each interface as resolved (else as written), bless keeps each hash, governance a dotted name', () => {
  const c = compile('(module m ns.gov (implements other) (implements iface) (implements ns.i2) (bless "h1") (bless "h2") (defun f () 1))');
  assert.is(c.governance, 'ns.gov');
  assert.equal(c.interfaces, ['other', 'iface', 'ns.i2']);
  assert.equal(c.blessed, ['h1', 'h2']);
  assert.equal([...c.dependencies], ['other']);
});

test('defcap metadata: managers qualified by their module, automatic management and events, past docs', () => {
  const c = compile('(module m g (defcap g () true) (defcap A (a:integer) @managed a other.z true) (defcap B (b:string a:integer) @managed a m.mf true) '
    + '(defcap E () @event @doc "e" true) (defcap D () @managed "doc" true) (defun mf (a b) a))');
  assert.equal(Object.fromEntries([...c.defcaps].map(([n, d]) => [n, d.meta])), {
    g: { kind: 'unmanaged' },
    A: { kind: 'managed', param: 0, manager: 'other.z' },
    B: { kind: 'managed', param: 1, manager: 'm.mf' },
    E: { kind: 'event' },
    D: { kind: 'auto' },
  });
  assert.equal([...c.dependencies], ['other']);
  // a manager in an unknown module is left to the renamer's unbound-name error, raised later
  assert.equal(compile('(module m g (defcap A (a:integer) @managed a nowhere.f true))').defcaps.get('A')!.meta,
    { kind: 'managed', param: 0, manager: 'nowhere.f' });
});

test('a manager that is not a defun is refused with Pact\'s text, in this module or another', () => {
  assert.is(refusal('(module m g (defcap g () true) (defcap A (a:integer) @managed a other.C true))'),
    '31+46 desugar: other.C is not a valid managed capability manager function. other.C must be a defun');
  assert.is(refusal('(module m g (defcap g () true) (defcap A (a:integer) @managed a B true) (defcap B () true))'),
    '31+40 desugar: m.B is not a valid managed capability manager function. m.B must be a defun');
});

test('schemas type each field (untyped ones any), tables name their schema as written', () => {
  const c = compile('(module m g (defschema s a b:integer c:[string]) (defschema t "doc" d) (deftable t1:{s}) (deftable t2:{other.s} "doc") (deftable t3) (deftable t4:{}) (defun f () 1))');
  assert.equal(Object.fromEntries([...c.schemas].map(([n, m]) => [n, Object.fromEntries(m)])), {
    s: { a: { t: 'any' }, b: { t: 'prim', name: 'integer' }, c: { t: 'list', of: { t: 'prim', name: 'string' } } },
    t: { d: { t: 'any' } },
  });
  assert.equal([...c.tables], [['t1', 's'], ['t2', 'other.s'], ['t3', ''], ['t4', '']]);
});

test('defpact steps drop their @model, and a rollback may not be the last step (both refusals at the defpact, the entity a runtime one)', () => {
  const steps = compile('(module m g (defpact p (a) @doc "d" (step 1 @model [x]) (step-with-rollback 2 3 @model [y]) (step 4)))').defpacts.get('p')!;
  assert.equal(steps.map(s => [s.exec.arity, s.rollback !== null]), [[1, false], [1, true], [1, false]]);
  const entity = 'Pact 5 does not support entity expressions in defpact m.p. Please ensure your defpact steps have the correct number of expressions';
  assert.is(refusal('(module m g (defpact p () (step 1 2)))'), `12+25 exec: ${entity}`);
  assert.is(refusal('(module m g (defpact p () (step-with-rollback 1)))'), `12+37 exec: ${entity}`);
  assert.is(refusal('(module m g (defpact p () (step 1) (step-with-rollback 2 3)))'), '12+48 desugar: rollbacks aren\'t allowed on the last step in: m.p');
  assert.is(refusal('(module m g (defpact p () 1))'), '26+1 desugar: Expected: step or step-with-rollback in defpact m.p');
  assert.is(refusal('(module m g (defpact p () (foo 1)))'), '26+7 desugar: Expected: step or step-with-rollback in defpact m.p');
  assert.is(refusal('(module m g (defpact p ()))'), '12+14 desugar: Expected: at least one step in defpact m.p');
});

test('a malformed module form is refused at the part that is wrong', () => {
  assert.is(refusal('(module)'), '0+8 desugar: Expected: module name');
  assert.is(refusal('(module 1 g (defun f () 1))'), '0+27 desugar: Expected: module name');
  assert.is(refusal('(module m.n g (defun f () 1))'), '0+29 desugar: Expected: module name');
  assert.is(refusal('(module m (defun f () 1))'), '0+25 desugar: Expected: module governance');
  assert.is(refusal('(module m 1 (defun f () 1))'), '0+27 desugar: Expected: module governance');
  assert.is(refusal('(module m g 1)'), '12+1 desugar: Expected: module definition');
  assert.is(refusal('(module m g (1 2))'), '12+5 desugar: Expected: module definition');
  assert.is(refusal('(module m g (defun))'), '12+7 desugar: Expected: defun name');
  assert.is(refusal('(module m g (defun "f" () 1))'), '12+16 desugar: Expected: defun name');
  assert.is(refusal('(module m g (step 1))'), '12+8 desugar: Expected: module definition, got step');
  assert.is(refusal('(interface i (bless "h") (defun f ()))'), '13+11 desugar: Expected: interface definition, got bless');
  assert.is(refusal('(module m g (defun f x 1))'), '12+13 desugar: Expected: defun argument list');
  assert.is(refusal('(module m g (defconst K))'), '12+12 desugar: Expected: defconst value');
  assert.is(refusal('(module m g (defschema s 1))'), '25+1 desugar: Expected: schema field');
});

test('docs and models before a body are skipped; a module\'s own name is a reference to it', () => {
  const last = (src: string) => { const r = runRepl(src, 'f.repl'); assert.is(r.error, null, src); return r.traces[r.traces.length - 1]; };
  assert.is(last('(module m g (defcap g () true) (defun f () @model [(> 1 0)] @doc "d" 2)) (m.f)'), '2');
  assert.is(last('(module m g (defcap g () true) (defun f () "doc" 3)) (m.f)'), '3');
  assert.is(last('(module m g (defcap g () true) (defun f () @doc "d" @model [(> 1 0)] "only")) (m.f)'), '"only"');
  assert.is(last('(module m g (defcap g () true) (defconst K:integer 5 "d")) (+ 0 m.K)'), '5');
  // alone, the name shows the constant's doc (Pact's RUserDoc)
  assert.is(last('(module m g (defcap g () true) (defconst K:integer 5 "d")) m.K'), 'm.K\nDocs:\nd');
  assert.is(last('(module m g (defcap g () true) (defun f () m)) (m.f)'), 'm');
  assert.is(last('(module m g (defcap g () true) (defcap E () @event "d" true) (defun f () (with-capability (E) 3))) (m.f)'), '3');
});

test.run();
