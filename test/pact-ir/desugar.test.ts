// The shapes Pact's desugarer and renamer give a module's definitions: de Bruijn indices,
// overloads, eta-expansion, cond, binding forms, definition order and self-references.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { read, SourceFile } from '../../compiler/index.js';
import type { Syntax } from '../../compiler/syntax.js';
import { buildModuleIR } from '../../runtime/pact-ir/hash.js';
import { CORE_BUILTINS } from '../../runtime/pact-ir/builtins.js';
import { defName, type Def, type Module, type Term } from '../../runtime/pact-ir/terms.js';
import { World } from './world.js';

function build(src: string, w = new World()): Module {
  const form = read(new SourceFile('t', src))[0] as Syntax & { t: 'paren' };
  const b = buildModuleIR(form, w.context());
  if (!('module' in b)) throw new Error('not a module');
  return b.module;
}

const defun = (m: Module, n: string) => {
  const d = m.defs.find(x => defName(x) === n) as Def & { d: 'defun' };
  return d.defun.term;
};

/** A compact rendering of a term for assertions. */
function show(t: Term): string {
  switch (t.t) {
    case 'var': {
      const k = t.name.kind;
      return k.k === 'bound' ? `${t.name.name}#${k.index}` : k.k === 'toplevel' ? `${k.module.name}.${t.name.name}` : t.name.name;
    }
    case 'lam': return `(lambda (${t.args.map(a => a.name).join(' ')}) ${show(t.body)})`;
    case 'let': return `(let (${t.arg.name} ${show(t.value)}) ${show(t.body)})`;
    case 'app': return `(${[t.fn, ...t.args].map(show).join(' ')})`;
    case 'seq': return `(seq ${show(t.first)} ${show(t.then)})`;
    case 'nullary': return `(suspend ${show(t.body)})`;
    case 'form': return `(${t.form.f} ${Object.entries(t.form).filter(([k]) => k !== 'f').map(([, v]) => show(v as Term)).join(' ')})`;
    case 'builtin': return `<${CORE_BUILTINS[t.builtin.tag]}>`;
    case 'const': return t.lit.l === 'string' ? JSON.stringify(t.lit.value) : 'value' in t.lit ? String(t.lit.value) : t.lit.l;
    case 'list': return `[${t.items.map(show).join(' ')}]`;
    case 'object': return `{${t.fields.map(([k, v]) => `${k}:${show(v)}`).join(' ')}}`;
    case 'inline': return 'inline';
  }
}

const G = '(defcap g () true)';

test('locals are de Bruijn indices counted from the innermost binder', () => {
  const m = build(`(module m g ${G} (defun f (a b) (let ((c a)) (+ a (+ b c)))))`);
  assert.is(show(defun(m, 'f')), '(lambda (a b) (let (c a#1) (<+> a#2 (<+> b#1 c#0))))');
});

test('arity overloads: unary minus is negate, 3-argument enumerate is enumerate-step', () => {
  const m = build(`(module m g ${G} (defun f (x) (- x)) (defun h () (enumerate 0 10 2)))`);
  assert.is(show(defun(m, 'f')), '(lambda (x) (<negate> x#0))');
  assert.is(show(defun(m, 'h')), '(suspend (<enumerate-step> 0 10 2))');
});

test('map over a partial application is eta-expanded', () => {
  const m = build(`(module m g ${G} (defun f (xs) (map (+ 1) xs)))`);
  assert.is(show(defun(m, 'f')), '(lambda (xs) (<map> (lambda (:ijHO1) (<+> 1 :ijHO1#0)) xs#0))');
});

test('cond becomes nested ifs suspended under the cond native', () => {
  const m = build(`(module m g ${G} (defun f (x) (cond ((= x 1) "a") ((= x 2) "b") "c")))`);
  assert.is(show(defun(m, 'f')), '(lambda (x) (<cond> (suspend (if (<=> x#0 1) "a" (if (<=> x#0 2) "b" "c")))))');
});

test('and/or/enforce/if/with-capability are forms; do is a sequence', () => {
  const m = build(`(module m g ${G} (defcap C () true) (defun f (a b) (with-capability (C) (enforce (and a (or b a)) "no") (if a 1 2))))`);
  assert.is(show(defun(m, 'f')), '(lambda (a b) (withCapability (m.C) (seq (enforce (and a#1 (or b#0 a#1)) "no") (if a#1 1 2))))');
});

test('a binding form is a one-argument lambda over lets of `at`, last pair outermost', () => {
  const m = build(`(module m g ${G} (defun f (o) (bind o { "a" := x, "b" := y } (+ x y))))`);
  assert.is(show(defun(m, 'f')),
    '(lambda (o) (<bind> o#0 (lambda (#bindObject) (let (y (<at> "b" #bindObject#0)) (let (x (<at> "a" #bindObject#1)) (<+> x#0 y#1))))))');
});

test('object literal fields keep source order (pact-5#260 reversed the parser list)', () => {
  const m = build(`(module m g ${G} (defun f () { "b": 1, "a": 2 }))`);
  assert.is(show(defun(m, 'f')), '(suspend {b:1 a:2})');
});

test('definitions are ordered as Data.Graph.stronglyConnComp orders them: dependencies first', () => {
  // vertices by key K a b g z; Kosaraju over the transposed graph puts g first and K last
  const m = build(`(module m g (defun z () (a)) (defun a () (b)) (defun b () 1) ${G} (defconst K 1))`);
  assert.equal(m.defs.map(defName), ['g', 'b', 'a', 'z', 'K']);
});

test('self-references carry the placeholder hash before hashing', () => {
  const m = build(`(module m g ${G} (defun f () 1) (defun h () (f)))`);
  const v = (defun(m, 'h') as Term & { t: 'nullary' }).body as Term & { t: 'app' };
  assert.is(v.fn.t === 'var' && v.fn.name.kind.k === 'toplevel' && new TextDecoder().decode(v.fn.name.kind.hash), '#placeholder');
});

test('a namespaced module mangles its name and resolves its own members', () => {
  const w = new World();
  w.namespace = 'free';
  // `free.m.f` names the module being defined (a bare `m.f` would not, as in Pact: the
  // dependency graph compares it with the mangled name)
  const m = build(`(module m g ${G} (defun f () 1) (defun h () (+ (f) (free.m.f))))`, w);
  assert.equal(m.name, { name: 'm', namespace: 'free' });
  assert.is(show(defun(m, 'h')), '(suspend (<+> (m.f) (m.f)))');
});

test('recursion is rejected', () => {
  assert.throws(() => build(`(module m g ${G} (defun f () (h)) (defun h () (f)))`), /Recursive cycle detected/);
});

test('interfaces build and hash; their constants and schemas are visible to implementers', () => {
  const w = new World();
  const i = w.deploy(`(interface iface (defconst K 1) (defschema s a:integer) (defun f:integer (x:object{s})))`, { K: 1 });
  assert.match(i.hash, /^[A-Za-z0-9_-]{43}$/);
  const m = w.deploy(`(module m g ${G} (implements iface) (defun f:integer (x:object{iface.s}) iface.K))`);
  assert.match(m.hash, /^[A-Za-z0-9_-]{43}$/);
});

test.run();
