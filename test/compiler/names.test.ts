// Name resolution in the desugarer (language.md §4, Desugar.hs): which binding a bare, qualified or
// dynamic name resolves to, in what order, with Pact's error texts, and which other modules the
// module being compiled is recorded to depend on. Judged on the IR, against a world built here.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../vm/source.js';
import { PactError } from '../../vm/errors.js';
import { GlobalCell } from '../../vm/chunk.js';
import { ModRef, UNIT } from '../../vm/values.js';
import { scan } from '../../compiler/lexer.js';
import { parse } from '../../compiler/parser.js';
import { Desugarer, type ModuleScope, type NameEnv } from '../../compiler/desugar.js';
import type { Expr } from '../../compiler/ir.js';

const cell = (module: string | null, name: string, kind: 'defun' | 'defschema' | 'defconst' = 'defun') => new GlobalCell(name, kind, module);
/** Installed: modules `lib` (f, s, imp, ts, us, ua) and `ns.lib` (g), the interfaces `iface` and
 *  `ns.iface`; REPL top-level names `tf` (a REPL defun), `imp` and `ts` (imported from `lib`);
 *  module references for the modules. */
const MODULES: Record<string, Record<string, GlobalCell>> = {
  lib: {
    f: cell('lib', 'f'), s: cell('lib', 's', 'defschema'), imp: cell('lib', 'imp'), ts: cell('lib', 'ts', 'defschema'),
    us: cell('lib', 'us', 'defschema'), ua: cell('lib', 'ua'),
  },
  'ns.lib': { g: cell('ns.lib', 'g') },
  iface: {}, 'ns.iface': {},
};
const TOP: Record<string, GlobalCell> = { tf: cell(null, 'tf'), imp: MODULES.lib.imp, ts: MODULES.lib.ts };
const world = (over: Partial<NameEnv> = {}): NameEnv => ({
  replNatives: true,
  lookupTopLevel: n => TOP[n],
  lookupMember: (m, member) => (MODULES[m] ? MODULES[m][member] ?? null : undefined),
  lookupModRef: n => (n === 'lib' || n === 'ns.lib' ? new ModRef(n, []) : n === 'weird' ? 'not a modref' : undefined),
  ...over,
});

/** The module being compiled: `ns.m` with members `a` and schema `sm`, `use`-imported `u` from `lib`. */
function moduleScope(over: Partial<ModuleScope> = {}): ModuleScope {
  return {
    name: 'ns.m', members: new Map([['a', cell('ns.m', 'a')], ['sm', cell('ns.m', 'sm', 'defschema')]]),
    imports: new Map([['u', MODULES['ns.lib'].g]]), selfRef: new ModRef('ns.m', []),
    referenced: new Set(), dependencies: new Set(), ...over,
  };
}

function show(e: Expr): string {
  switch (e.k) {
    case 'const': return e.value instanceof ModRef ? `modref ${e.value.module}` : `const ${e.value === UNIT ? 'unit' : String(e.value)}`;
    case 'global': return `global ${e.cell.module ?? '<repl>'}.${e.cell.name}`;
    case 'native': return `native ${e.spec.surface}`;
    case 'local': return `local ${e.name}`;
    case 'call-native': return `${e.spec.surface}(${e.args.map(show).join(', ')})`;
    case 'app': return `(${show(e.fn)} ${e.args.map(show).join(' ')})`;
    case 'let': return `let ${e.binder.name}:${e.binder.type ? JSON.stringify(e.binder.type) : '-'} = ${show(e.value)} in ${show(e.body)}`;
    case 'lambda': return `lambda(${e.fn.params.map(p => `${p.name}:${p.type ? JSON.stringify(p.type) : '-'}`).join(' ')}) ${show(e.fn.body)}`;
    case 'list': return `[${e.items.map(show).join(', ')}]`;
    case 'object': return `{${e.keys.map((k, i) => `${k}: ${show(e.values[i])}`).join(', ')}}`;
    case 'if': return `if(${show(e.cond)}, ${show(e.then)}, ${show(e.else)})`;
    case 'try': return `try(${show(e.fallback)}, ${show(e.body)})`;
    case 'and': case 'or': return `${e.k}(${show(e.left)}, ${show(e.right)})`;
    case 'enforce': return `enforce(${show(e.cond)}, ${show(e.msg)})`;
    case 'enforce-one': return `enforce-one(${show(e.msg)}; ${e.conds.map(show).join(', ')})`;
    case 'seq': return `do(${e.exprs.map(show).join(', ')})`;
    default: return e.k;
  }
}
/** The IR of one expression, or its error as `kind: message @ start-end`. */
function resolve(text: string, env: NameEnv = world(), module: ModuleScope | null = null): string {
  const f = new SourceFile('n.repl', text);
  try {
    return show(new Desugarer(env, module).topLevel(parse(f, scan(f))[0]).body);
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    return `${e.kind}: ${e.message} @ ${e.span!.start}-${e.span!.end}`;
  }
}

test('a bare name: a local, then the charset constants, a native, a REPL top-level name, a module reference', () => {
  assert.is(resolve('(let ((tf 1)) tf)'), 'let tf:- = const 1 in local tf');
  assert.is(resolve('(lambda (lib) lib)'), 'lambda(lib:-) local lib');
  assert.is(resolve('CHARSET_ASCII'), 'const 0');
  assert.is(resolve('CHARSET_LATIN1'), 'const 1');
  assert.is(resolve('length'), 'native length');
  assert.is(resolve('tf'), 'global <repl>.tf');
  assert.is(resolve('imp'), 'global lib.imp');
  assert.is(resolve('lib'), 'modref lib');
  assert.is(resolve('weird'), 'const not a modref');
  assert.is(resolve('iface'), 'desugar: Invalid Interface attempted to be used as module reference: iface @ 0-5');
  assert.is(resolve('nope'), 'desugar: Cannot find module:  nope @ 0-4');
});

test('inside a module: its own members, then its imports, then the top level, then itself as a reference', () => {
  const m = moduleScope({ members: new Map([['a', cell('ns.m', 'a')], ['tf', cell('ns.m', 'tf')], ['u', cell('ns.m', 'u')]]) });
  assert.is(resolve('a', world(), m), 'global ns.m.a');
  assert.is(resolve('tf', world(), m), 'global ns.m.tf');
  assert.is(resolve('u', world(), m), 'global ns.m.u');
  assert.equal([...m.referenced!].sort(), ['a', 'tf', 'u']);
  assert.equal([...m.dependencies!], []);
  const n = moduleScope();
  assert.is(resolve('u', world(), n), 'global ns.lib.g');
  assert.is(resolve('imp', world(), n), 'global lib.imp');
  assert.is(resolve('tf', world(), n), 'global <repl>.tf');
  assert.equal([...n.dependencies!].sort(), ['lib', 'ns.lib']);
  assert.equal([...n.referenced!], []);
  assert.is(resolve('m', world(), n), 'modref ns.m');
  assert.is(resolve('ns', world(), n), 'desugar: Cannot find module:  ns @ 0-2');
  assert.is(resolve('xm', world(), moduleScope({ name: 'm' })), 'desugar: Cannot find module:  xm @ 0-2');
  assert.is(resolve('m', world(), moduleScope({ name: 'm' })), 'modref ns.m');
  // an interface has no reference to itself: its name is looked up like any other
  assert.is(resolve('m', world(), moduleScope({ selfRef: undefined })), 'desugar: Cannot find module:  m @ 0-1');
  assert.is(resolve('lib', world(), moduleScope({ selfRef: undefined, name: 'lib' })), 'modref lib');
});

test('dependencies: on modules named through members, imports and references, never on itself or the REPL', () => {
  const m = moduleScope();
  for (const text of ['tf', 'lib.f', 'lib', 'ns.lib', 'weird', 'm', 'ns.m.a', 'a']) resolve(text, world(), m);
  assert.equal([...m.dependencies!].sort(), ['lib', 'ns.lib']);
  assert.equal([...m.referenced!], ['a']);
  const self = moduleScope({ name: 'lib' });
  resolve('lib.f', world(), self);
  resolve('imp', world(), self);
  assert.equal([...self.dependencies!], []);
  // a module scope without the bookkeeping sets (a REPL definition's) records nothing
  const bare = moduleScope({ dependencies: undefined, referenced: undefined });
  assert.is(resolve('lib.f', world(), bare), 'global lib.f');
  assert.is(resolve('a', world(), bare), 'global ns.m.a');
});

test('a qualified name: the module being compiled by either of its names, then an installed member', () => {
  const m = moduleScope();
  assert.is(resolve('ns.m.a', world(), m), 'global ns.m.a');
  assert.is(resolve('m.a', world(), m), 'global ns.m.a');
  assert.is(resolve('s.a', world(), m), 'desugar: Module s has no such member: a @ 0-3');
  assert.is(resolve('m.zz', world(), m), 'desugar: Module m has no such member: zz @ 0-4');
  assert.is(resolve('lib.f', world(), m), 'global lib.f');
  assert.is(resolve('ns.lib.g', world(), m), 'global ns.lib.g');
  assert.is(resolve('lib.f'), 'global lib.f');
  assert.is(resolve('lib.zz'), 'desugar: Module lib has no such member: zz @ 0-6');
  assert.is(resolve('nomod.f'), 'desugar: Module nomod has no such member: f @ 0-7');
  assert.is(resolve('ns.lib'), 'modref ns.lib');
  assert.is(resolve('ns.iface'), 'exec: Expected module, found interface: ns.iface @ 0-8');
  assert.is(resolve('ns.iface.x'), 'desugar: Module ns.iface has no such member: x @ 0-10');
  assert.is(resolve('ns.nomod'), 'desugar: Module ns has no such member: nomod @ 0-8');
});

test('m::f: a member through a local module reference; any other name before :: is refused', () => {
  assert.is(resolve('(let ((r lib)) r::f)'), 'let r:- = modref lib in :modref-member(local r, const f, const r)');
  assert.is(resolve('tf::f'), 'desugar: Invalid dynamic call: tf::f @ 0-5');
  assert.is(resolve('a::f', world(), moduleScope()), 'desugar: Invalid dynamic call: a::f @ 0-4');
  assert.is(resolve('u::f', world(), moduleScope()), 'desugar: Invalid dynamic call: u::f @ 0-4');
  assert.is(resolve('lib::f'), 'desugar: Unbound variable lib @ 0-6');
  assert.is(resolve('a::f'), 'desugar: Unbound variable a @ 0-4');
});

test('natives: REPL natives only in REPL files, never in module code unless enabled; disabled natives are unknown', () => {
  assert.is(resolve('env-data'), 'native env-data');
  assert.is(resolve('env-data', world({ replNatives: false })), 'desugar: Cannot find module:  env-data @ 0-8');
  const refused = 'exec: Program encountered an unhandled raised error: repl native disallowed in module code. ' +
    'If you want to use this, enable them with (env-enable-repl-natives true)';
  assert.is(resolve('env-data', world(), moduleScope()), `${refused} @ 0-8`);
  assert.is(resolve('(env-data {})', world(), moduleScope()), `${refused} @ 1-9`);
  assert.is(resolve('(expect "a" 1 1)', world(), moduleScope()), `${refused} @ 0-16`);
  assert.is(resolve('env-data', world({ replNativesInModules: true }), moduleScope()), 'native env-data');
  assert.is(resolve('length', world(), moduleScope()), 'native length');
  assert.is(resolve('hash-keccak256', world({ disabledNatives: new Set(['hash-keccak256']) })),
    'desugar: Cannot find module:  hash-keccak256 @ 0-14');
  assert.is(resolve('(lambda (hash-keccak256) 1)', world({ disabledNatives: new Set(['hash-keccak256']) })), 'lambda(hash-keccak256:-) const 1');
  // binding a native's name is refused, a REPL native's too (only where it resolves)
  assert.is(resolve('(lambda (length) 1)'), 'desugar: Variable length shadows native with the same name @ 9-15');
  assert.is(resolve('(let ((env-data 1)) 1)', world(), moduleScope()), 'desugar: Variable env-data shadows native with the same name @ 7-15');
  assert.is(resolve('(let ((env-data 1)) 1)', world({ replNatives: false })), 'let env-data:- = const 1 in const 1');
  assert.is(resolve('(lambda (cond) 1)'), 'lambda(cond:-) const 1');
});

test('a schema in a type names the module that declares it', () => {
  const obj = (schema: string) => JSON.stringify({ t: 'object', schema });
  const m = moduleScope({ imports: new Map([['us', MODULES.lib.us], ['ua', MODULES.lib.ua]]) });
  assert.is(resolve('(lambda (o:object{sm}) 1)', world(), m), `lambda(o:${obj('ns.m.sm')}) const 1`);
  assert.is(resolve('(lambda (o:object{m.sm}) 1)', world(), m), `lambda(o:${obj('ns.m.sm')}) const 1`);
  assert.is(resolve('(lambda (o:object{ns.m.sm}) 1)', world(), m), `lambda(o:${obj('ns.m.sm')}) const 1`);
  assert.is(resolve('(lambda (o:object{a}) 1)', world(), m), `lambda(o:${obj('a')}) const 1`);
  assert.is(resolve('(lambda (o:object{m.a}) 1)', world(), m), `lambda(o:${obj('m.a')}) const 1`);
  assert.is(resolve('(lambda (o:object{us}) 1)', world(), m), `lambda(o:${obj('lib.us')}) const 1`);
  assert.is(resolve('(lambda (o:object{ua}) 1)', world(), m), `lambda(o:${obj('ua')}) const 1`);
  assert.is(resolve('(lambda (o:object{ts}) 1)', world(), m), `lambda(o:${obj('lib.ts')}) const 1`);
  assert.is(resolve('(lambda (o:object{tf}) 1)', world(), m), `lambda(o:${obj('tf')}) const 1`);
  assert.is(resolve('(lambda (o:object{lib.s}) 1)', world(), m), `lambda(o:${obj('lib.s')}) const 1`);
  assert.is(resolve('(lambda (o:object{lib.f}) 1)', world(), m), `lambda(o:${obj('lib.f')}) const 1`);
  assert.is(resolve('(lambda (o:object{x.sm}) 1)', world(), m), `lambda(o:${obj('x.sm')}) const 1`);
  // in top-level code a schema Pact's renamer cannot resolve fails (top-level-schemas.test.ts)
  assert.is(resolve('(lambda (o:object{sm}) 1)'), 'desugar: Cannot find module:  sm @ 0-25');
  assert.is(resolve('(lambda (o:table{ts}) 1)'), `lambda(o:${JSON.stringify({ t: 'table', schema: 'lib.ts' })}) const 1`);
  assert.is(resolve('(lambda (o:object{}) 1)'), `lambda(o:${obj('')}) const 1`);
});

test('map of an application adds the element as one more written argument (desugar1ArgHOF)', () => {
  const lam = (body: string) => `map(lambda(:mapArg:-) ${body}, [const 1])`;
  assert.is(resolve('(map (+ 1) [1])'), lam('+(const 1, local :mapArg)'));
  assert.is(resolve('(map (enumerate 0 10) [1])'), lam('enumerate(const 0, const 10, local :mapArg)'));
  assert.is(resolve('(map (+ 1 2) [1])'), lam('(native + const 1 const 2 local :mapArg)'));
  assert.is(resolve('(map (tf 1) [1])'), lam('(global <repl>.tf const 1 local :mapArg)'));
  assert.is(resolve('(map (lib.f) [1])'), lam('(global lib.f local :mapArg)'));
  // a special form takes it as one of its own arguments
  assert.is(resolve('(map (if true 2) [1])'), lam('if(const true, const 2, local :mapArg)'));
  assert.is(resolve('(map (try 2) [1])'), lam('try(const 2, local :mapArg)'));
  assert.is(resolve('(map (and true) [1])'), lam('and(const true, local :mapArg)'));
  assert.is(resolve('(map (constantly 2) [1])'), lam('(lambda(a:- b:-) local a const 2 local :mapArg)'));
  // the element cannot be named by the program: a local of any written name stays itself
  assert.is(resolve('(let ((x 5)) (map (+ x) [1]))'), `let x:- = const 5 in ${lam('+(local x, local :mapArg)')}`);
  // anything but an application is passed as it is
  assert.is(resolve('(map tf [1])'), 'map(global <repl>.tf, [const 1])');
  assert.is(resolve('(map (lambda (y) y) [1])'), 'map(lambda(y:-) local y, [const 1])');
  assert.is(resolve('(map)'), '(native map )');
});

test('list and object literals drop their commas', () => {
  assert.is(resolve('[1, 2 3,]'), '[const 1, const 2, const 3]');
  assert.is(resolve('{"a": 1, "b": 2 "c": 3,}'), '{a: const 1, b: const 2, c: const 3}');
  assert.is(resolve('(enforce-one "m" [true, false])'), 'enforce-one(const m; const true, const false)');
  assert.is(resolve('{"a"}'), 'desugar: Expected: object field "key": value @ 1-4');
  assert.is(resolve('{"a" : }'), 'desugar: Expected: object field "key": value @ 1-4');
  assert.is(resolve('{"a" 1 2}'), 'desugar: Expected: object field "key": value @ 1-4');
  assert.is(resolve('()'), 'const unit');
});

/** The IR of one expression, for its functions' structure. */
function irOf(text: string, env: NameEnv = world()) {
  const f = new SourceFile('n.repl', text);
  return new Desugarer(env, null).topLevel(parse(f, scan(f))[0]);
}

test('a form\'s scope ends with it: names bound inside are unknown after it, and later binders belong to the outer function', () => {
  assert.is(resolve('[(let ((x 1)) x) x]'), 'desugar: Cannot find module:  x @ 17-18');
  assert.is(resolve('[(bind {} {"a" := x} x) x]'), 'desugar: Cannot find module:  x @ 24-25');
  for (const first of ['(cond (true 1) 2)', '(map (+ 1) [1])', '(bind {} {"a" := x} x)', '(let ((x 1)) x)', '(and)']) {
    const top = irOf(`[${first} (let ((y 1)) y)]`);
    const list = top.body as Expr & { k: 'list' };
    const later = list.items[1] as Expr & { k: 'let' };
    assert.is(later.binder.fn, top, first);
  }
  // synthetic functions hang below the function they are written in (their captures are found through it)
  const top = irOf('(let ((y 1)) [(bind {} {"a" := x} y) (and) (constantly 1) (cond (true y) 2) (map (+ y) [1])])');
  const items = ((top.body as Expr & { k: 'let' }).body as Expr & { k: 'list' }).items;
  const fns = [
    (items[0] as Expr & { k: 'call-native' }).args[1], items[1], (items[2] as Expr & { k: 'app' }).fn,
    (items[3] as Expr & { k: 'call-native' }).args[0], (items[4] as Expr & { k: 'call-native' }).args[0],
  ].map(e => (e as Expr & { k: 'lambda' }).fn);
  assert.equal(fns.map(f => [f.name, f.parent === top, f.params.length]), [['bind', true, 1], ['and', true, 2], ['constantly', true, 2], ['cond', true, 0], ['map', true, 1]]);
});

test('special forms: each arity and shape, as the IR shows it', () => {
  assert.is(resolve('(and)'), 'lambda(a:- b:-) and(local a, local b)');
  assert.is(resolve('(or 1)'), '(lambda(a:- b:-) or(local a, local b) const 1)');
  assert.is(resolve('(enforce)'), 'lambda(a:- b:-) enforce(local a, local b)');
  assert.is(resolve('(constantly)'), 'lambda(a:- b:-) local a');
  assert.is(resolve('(suspend 1)'), 'lambda() const 1');
  assert.is(resolve('(let ((x true)) (cond (x 1) 2))'), 'let x:- = const true in cond(lambda() if(local x, const 1, const 2))');
  assert.is(resolve('(with-capability (tf) 1 2)'), 'with-capability((global <repl>.tf ), lambda() do(const 1, const 2))');
  assert.is(resolve('(let)'), 'desugar: Expected: let bindings @ 0-5');
  assert.is(resolve('(let ((x:integer 1)) x)'), 'let x:{"t":"prim","name":"integer"} = const 1 in local x');
  assert.is(resolve('(expect-failure "a" "b" 1 2)'), '(native expect-failure const a const b const 1 const 2)');
  assert.is(resolve('(error "x")'), 'error');
  assert.is(resolve('(pure 1)'), 'pure');
  const noError = world({ disablePact53: true });
  assert.is(resolve('(error "x")', noError), 'desugar: Cannot find module:  error @ 1-6');
  assert.is(resolve('(pure 1)', noError), 'desugar: Cannot find module:  pure @ 1-5');
  // only a bare name can be a special form or a native
  assert.is(resolve('(try.f 1)'), 'desugar: Module try has no such member: f @ 1-6');
  assert.is(resolve('(length.f 1)'), 'desugar: Module length has no such member: f @ 1-9');
  assert.is(resolve('(CHARSET_ASCII 1)'), '(const 0 const 1)');
  assert.is(resolve('(CHARSET_LATIN1)'), '(const 1 )');
  // a brace is a binding form only with := in it
  assert.is(resolve('(tf {"a": 1})'), '(global <repl>.tf {a: const 1})');
  assert.is(resolve('(bind {} {"a" := x "b" := y} [x y])'), 'bind({}, lambda(#bindObject:-) let x:- = at(const a, local #bindObject) in let y:- = at(const b, local #bindObject) in [local x, local y])');
  for (const bad of ['{1 := x}', '{"a" x := y}', '{"a" : x, "b" := y}', '{"a" := m.x}']) {
    assert.is(resolve(`(bind {} ${bad} 1)`), `desugar: Expected: binding "field" := name @ 10-${bad === '{1 := x}' ? 11 : 13}`, bad);
  }
});

test('module scopes without imports or bookkeeping, and names that merely end like the module\'s', () => {
  const plain = moduleScope({ imports: undefined, referenced: undefined, dependencies: undefined });
  assert.is(resolve('x::f', world(), plain), 'desugar: Unbound variable x @ 0-4');
  assert.is(resolve('tf', world(), plain), 'global <repl>.tf');
  assert.is(resolve('ns.m.a', world(), plain), 'global ns.m.a');
  assert.is(resolve('(lambda (o:object{ts}) 1)', world(), plain), `lambda(o:${JSON.stringify({ t: 'object', schema: 'lib.ts' })}) const 1`);
  const xm = moduleScope({ name: 'ns.xm' });
  assert.is(resolve('m', world(), xm), 'desugar: Cannot find module:  m @ 0-1');
  assert.is(resolve('m.a', world(), xm), 'desugar: Module m has no such member: a @ 0-3');
  assert.is(resolve('xm.a', world(), xm), 'global ns.m.a');
  assert.is(resolve('(lambda (o:object{m.sm}) 1)', world(), xm), `lambda(o:${JSON.stringify({ t: 'object', schema: 'm.sm' })}) const 1`);
  // only a two-part name is tried as a module reference
  const deep = world({ lookupModRef: n => (n === 'x.y.z' ? new ModRef('x.y.z', []) : undefined) });
  assert.is(resolve('x.y.z', deep), 'desugar: Module x.y has no such member: z @ 0-5');
});

test('type annotations name modules and interfaces as written', () => {
  const interfaces = world({ resolveInterface: n => (n === 'iface' || n === 'ns.iface' ? n : undefined) });
  assert.is(resolve('(lambda (r:module{iface, ns.iface}) 1)', interfaces), `lambda(r:${JSON.stringify({ t: 'modref', interfaces: ['iface', 'ns.iface'] })}) const 1`);
  assert.is(resolve('(lambda (r:module{}) 1)'), `lambda(r:${JSON.stringify({ t: 'modref', interfaces: [] })}) const 1`);
  // in top-level code each must be an interface (resolveInterfaceName): a module is refused, and so
  // is a name that is neither
  assert.is(resolve('(lambda (r:module{iface, lib}) 1)', interfaces), 'desugar: Invalid Interface attempted to be used as module reference: lib @ 0-33');
  assert.is(resolve('(lambda (r:module{iface, nope}) 1)', interfaces), 'desugar: Cannot find module:  nope @ 0-34');
  assert.is(resolve('(lambda (x:[[string]]) 1)'), `lambda(x:${JSON.stringify({ t: 'list', of: { t: 'list', of: { t: 'prim', name: 'string' } } })}) const 1`);
  assert.is(resolve('(lambda (x:object) 1)'), `lambda(x:${JSON.stringify({ t: 'anyobject' })}) const 1`);
  assert.is(resolve('(lambda (x:let) 1)'), 'parse: No such type: let @ 11-14');
  assert.is(resolve('(lambda (x:a.b) 1)'), 'parse: No such type: a.b @ 11-14');
  assert.is(resolve('(lambda (x y:integer z) 1)'), `lambda(x:- y:${JSON.stringify({ t: 'prim', name: 'integer' })} z:-) const 1`);
});

test.run();
