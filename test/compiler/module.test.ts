// Compiling a whole module form with no runtime behind it: the compiled module is plain data
// (cells, prototypes, defcap metadata, defpact steps, constants' code, schemas, tables,
// dependencies) and nothing in it has run; the errors the compiler finds come before any.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  SourceFile, read, compileModule, type CompiledModule, type ModuleDeployment, type ModuleForm,
} from '../../compiler/index.js';
import { env, other } from './module-env.js';
import { PactError } from '../../vm/errors.js';

/** Records what the compiler asked of the deployment. */
function deployment(namespace: string | null, asked: string[]): ModuleDeployment {
  return {
    namespace,
    use: form => { asked.push(`use ${form.items[1]?.t === 'name' ? form.items[1].parts.join('.') : '?'}`); return { module: 'other', members: other.members }; },
    checkKeysetName: name => { asked.push(`keyset ${name}`); },
  };
}

function compile(src: string, namespace: string | null = null, asked: string[] = []): CompiledModule {
  const form = read(new SourceFile('m.pact', src))[0] as ModuleForm;
  const compiled = compileModule(form, env, deployment(namespace, asked));
  assert.is(compiled.form, form, 'the compiled module keeps the very tree it was compiled from');
  return compiled;
}

const BANK = `(module bank GOV
  "a bank"
  (use other)
  (defcap GOV () true)
  (defcap PAY (from:string amount:decimal) @managed amount PAY-mgr (enforce (!= from "") "who"))
  (defun PAY-mgr:decimal (managed:decimal requested:decimal) (- managed requested))
  (defcap SENT (to:string) @event true)
  (defschema account balance:decimal owner:string)
  (deftable accounts:{account})
  (defconst TWICE (* ONCE 2))
  (defconst ONCE (z))
  (defun pay:string (from:string amount:decimal) (with-capability (PAY from amount) (other.z)))
  (defpact trip (to:string) (step-with-rollback to "undo") (step to)))`;

test('a module form compiles to its members in source order, each kind where the runtime looks for it', () => {
  const c = compile(BANK);
  assert.is(c.name, 'bank');
  assert.is(c.kind, 'module');
  assert.is(c.governance, 'GOV');
  assert.is(c.code, BANK);
  assert.equal([...c.members.values()].map(m => `${m.kind} ${m.module}.${m.name}`), [
    'defcap bank.GOV', 'defcap bank.PAY', 'defun bank.PAY-mgr', 'defcap bank.SENT', 'defschema bank.account',
    'deftable bank.accounts', 'defconst bank.TWICE', 'defconst bank.ONCE', 'defun bank.pay', 'defpact bank.trip',
  ]);
  assert.equal([...c.defuns].map(([n, p]) => `${n}: ${p.qualifiedName}/${p.arity}`), ['PAY-mgr: bank.PAY-mgr/2', 'pay: bank.pay/2']);
  assert.equal([...c.tables], [['accounts', 'account']]);
  assert.equal([...c.schemas.get('account')!.keys()], ['balance', 'owner']);
});

test('nothing has run: every cell is still empty and no hash is known', () => {
  const c = compile(BANK);
  assert.equal([...c.members.values()].filter(m => m.value !== undefined), []);
  assert.equal([...c.defuns.values()].map(p => p.moduleHash), [null, null]);
});

test('defcap metadata: the managed parameter by position and the manager qualified; events marked', () => {
  const c = compile(BANK);
  assert.equal(Object.fromEntries([...c.defcaps].map(([n, d]) => [n, d.meta])), {
    GOV: { kind: 'unmanaged' },
    PAY: { kind: 'managed', param: 1, manager: 'bank.PAY-mgr' },
    SENT: { kind: 'event' },
  });
  assert.is(c.defcaps.get('PAY')!.proto.kind, 'defcap');
});

test('a defpact compiles one function per step and per rollback, each taking the defpact’s arguments', () => {
  const steps = compile(BANK).defpacts.get('trip')!;
  assert.equal(steps.map(s => [s.exec.arity, s.rollback?.arity ?? null]), [[1, 1], [1, null]]);
  assert.equal(steps.map(s => s.exec.kind), ['defpact', 'defpact']);
});

test('constants are compiled in source order (the installer evaluates them in Pact\'s order)', () => {
  const c = compile(BANK);
  assert.equal(c.constants.map(k => k.name), ['TWICE', 'ONCE']);
  const once = c.constants[1];
  assert.is(once.valueSpan.file.text.slice(once.valueSpan.start, once.valueSpan.end), '(z)');
});

test('the dependency set names the other modules its code, `use` and managers reach, never itself', () => {
  const asked: string[] = [];
  const c = compile(BANK, null, asked);
  assert.equal([...c.dependencies], ['other']);
  assert.equal([...c.imports.keys()], ['z', 'C']);
  assert.equal(asked, ['use other']);
  assert.equal([...compile('(module solo g (defcap g () true) (defun f () (solo.g)))').dependencies], []);
});

test('in a namespace the module and its functions take the namespace’s name; keyset governance is checked', () => {
  const asked: string[] = [];
  const c = compile('(module m "ks" (defun f () 1))', 'free', asked);
  assert.is(c.name, 'free.m');
  assert.is(c.governance, "'ks");
  assert.is(c.defuns.get('f')!.qualifiedName, 'free.m.f');
  assert.equal(asked, ['keyset ks']);
});

test('an interface declares functions without code and compiles its constants and schemas', () => {
  const c = compile('(interface i (defun f:integer (x:integer)) (defcap CAP () @event) (defconst K 1) (defschema s a:integer))');
  assert.is(c.kind, 'interface');
  assert.is(c.governance, '');
  assert.equal([c.defuns.size, c.defcaps.size, c.defpacts.size], [0, 0, 0]);
  assert.equal(c.constants.map(k => k.name), ['K']);
  assert.equal([...c.members.values()].map(m => m.kind), ['defun', 'defcap', 'defconst', 'defschema']);
});

function compileError(src: string): string {
  try {
    compile(src);
  } catch (e) {
    if (e instanceof PactError) return `${e.kind}: ${e.message}`;
    throw e;
  }
  throw new Error('expected the module to be refused');
}

test('cycles, duplicates and empty modules are refused with Pact’s text (the empty one by the grammar check in read)', () => {
  assert.is(compileError('(module m g (defcap g () true) (defun f () (h)) (defun h () (f)))'),
    'desugar: Recursive cycle detected in Module m in the following functions: [f, h]');
  assert.is(compileError('(module m g (defcap g () true) (defconst A B) (defconst B A))'),
    'desugar: Recursive cycle detected in Module m in the following functions: [A, B]');
  assert.is(compileError('(module m g (defcap g () true) (defun f () 1) (defun f () 2))'),
    'desugar: Duplicate definition: m.f');
  assert.is(compileError('(module m g (implements i))'),
    'parse: Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]');
  assert.is(compileError('(module m g (defcap g () @managed x mgr true) (defun mgr () 1))'),
    'desugar: Invalid Managed arg: no such arg with name x');
});

test.run();
