// Module hashes that appear in the Pact 5 conformance scripts, computed from those scripts' own
// module source text (the REPL deploys each module after the ones before it).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { World } from './world.js';
import { read, SourceFile } from '../../compiler/index.js';
import type { Syntax } from '../../compiler/syntax.js';
import { buildModuleIR, evaluateConstants, hashBuilt } from '../../runtime/pact-ir/hash.js';
import { defName, type Def, type PactValue, type Term } from '../../runtime/pact-ir/terms.js';
import { CapToken, PactObject } from '../../vm/values.js';
import { corpusTest, pactTest as script } from '../corpus.js';

/** The source of the top-level form starting at `marker` (strings and comments skipped). */
function formAt(src: string, marker: string, from = 0): string {
  const start = src.indexOf(marker, from);
  if (start < 0) throw new Error(`no ${marker}`);
  let depth = 0;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '"') { for (i++; src[i] !== '"'; i++) if (src[i] === '\\') i++; continue; }
    if (c === ';') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) return src.slice(start, i + 1);
  }
  throw new Error(`unclosed ${marker}`);
}

corpusTest('partial-app-errors.repl: m hashes to the hash in its error text', () => {
  const w = new World();
  assert.is(w.deploy(formAt(script('partial-app-errors.repl'), '(module m g')).hash, 'nv2apbz7RTDv53cf46_3VX1msHQzBgTEqfxumYRGdf8');
});

corpusTest('imports.repl: m hashes to the hash its importers pin', () => {
  const w = new World();
  assert.is(w.deploy(formAt(script('imports.repl'), '(module m G')).hash, '52-WL_as7YnpYIZWKOvvxFUCpC7F5Hxe2xm7S7TOHEc');
});

corpusTest('modulehash.repl: every hash, including a dependent module re-hashed after its dependency changes', () => {
  const src = script('modulehash.repl');
  const forms: string[] = [];
  for (let at = src.indexOf('(module '); at >= 0; at = src.indexOf('(module ', at + 1)) forms.push(formAt(src, '(module ', at));
  const [m1, m1again, m2, n, m3, nAgain] = forms;
  const w = new World();
  // fconst is (read-integer "k"): k is 1, then 2 from the second deployment on
  assert.is(w.deploy(m1, { fconst: 1 }).hash, 'qKuZPdSFkGubaGD232KSyayEbUg1e9R47eiDqrpoghs');
  assert.is(w.deploy(m1again, { fconst: 2 }).hash, 'auoL6ISoyHwxhzTs5dwvCZUZLP1r53ijK-3zVbJh50I');
  assert.is(w.deploy(m2, { fconst: 2 }).hash, 'D0WKIRJUOzdT2S0dKD6WAY5VgWVSCDJMl_4pKTt_ZSM');
  assert.is(w.deploy(n, { nfconst: 2 }).hash, '9qHMWe0If_hD55bZpThFQV1pM1Z6dlMU3s605r9CFJE');
  assert.is(w.deploy(m3, { fconst: 2 }).hash, 'xx7zLkXzFusqgJwxPWLqqiqhqJGdIdyUQ3I6crkCblY');
  assert.is(w.deploy(nAgain, { nfconst: 2 }).hash, 'JN9dKCIoSGJEGDe6iZIWP_g7xm0XeaAqlZl9Se7iGJY');
});

corpusTest('caps.repl: the events module hash named in an error text', () => {
  const w = new World();
  assert.is(w.deploy(formAt(script('caps.repl'), '(module events G')).hash, 'F9iUeU_dKXOSaeZhmFY7g-LfMJ7SMBpG5BhNWhxhhxE');
});

corpusTest('caps.repl: both versions of module A from the legacy-event test', () => {
  const src = script('caps.repl');
  const first = src.indexOf('; Test legacy events');
  const a1 = formAt(src, '(module A g', first);
  const a2 = formAt(src, '(module A g', src.indexOf(a1, first) + a1.length);
  const w = new World();
  assert.is(w.deploy(a1, { A_VERSION: 1 }).hash, 'eUXxnKczPNGardQAz-nFnoIpp0e90I63XHq1mvQ0s7A');
  assert.is(w.deploy(a2, { A_VERSION: 2 }).hash, 'YkqNXWA9pNH9cFhfOM4fwPvi427v5jjo29tb6mFNAXA');
});

corpusTest('yield.repl: yieldtest (let*, binding forms, typed binders, defpacts) matches its event module-hash', () => {
  const w = new World();
  assert.is(w.deploy(formAt(script('yield.repl'), '(module yieldtest')).hash, 'cTWOjIB4CTO1nsnKFpyfXqGHbLMvefSmYO4s97BbrZE');
});

corpusTest('leftpad.repl: the first impure module hashes to the hash a later version blesses', () => {
  const w = new World();
  assert.is(w.deploy(formAt(script('leftpad.repl'), '(module impure'), { VERSION: 1 }).hash, 'GJs2NrH3KhRHB6dk-P_QVc0Hsl6gF3PE1HPlIKRyYO0');
});

test('whitespace, comments and docs do not change a hash; code does', () => {
  const a = new World().deploy('(module m g (defcap g () true) (defun f (x) (+ x 1)))').hash;
  const b = new World().deploy('(module m g "doc"\n  ; comment\n  (defcap g () @doc "cap" true)\n  (defun f (x) "adds" (+ x 1)))').hash;
  const c = new World().deploy('(module m g (defcap g () true) (defun f (x) (+ x 2)))').hash;
  assert.is(a, b);
  assert.is.not(a, c);
});

test('hashing rewrites every self-reference to the real hash and shares every part without one', () => {
  const src = '(module m g (defcap g () true) (defschema row a:integer) (deftable t:{row}) ' +
    '(defun plain (x:integer) (+ x 1)) (defun caller (x:integer) (let ((y (plain x))) [y (+ y 2)])) ' +
    '(defcap C (n:integer) @managed n mgr true) (defun mgr (a:integer b:integer) a) ' +
    '(defpact p () (step 1) (step-with-rollback (plain 2) (caller 3)) (step 4)) (defconst K 3))';
  const form = read(new SourceFile('test.repl', src))[0] as Syntax & { t: 'paren' };
  const w = new World();
  const ctx = w.context({ K: 3 });
  const evaluated = evaluateConstants(buildModuleIR(form, ctx), ctx);
  const hashed = hashBuilt(evaluated);
  if (!('module' in evaluated) || !('module' in hashed)) throw new Error('expected a module');
  const before = new Map(evaluated.module.defs.map(d => [defName(d), d]));
  const after = new Map(hashed.module.defs.map(d => [defName(d), d]));
  const real = hashed.module.hash;
  assert.is(real.length, 32);
  // no self-reference left with the placeholder, in any definition
  const selfHashes: Uint8Array[] = [];
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || v instanceof Uint8Array) return;
    const o = v as Record<string, unknown>;
    const mod = o.module as { name?: string } | undefined;
    if (o.hash instanceof Uint8Array && mod?.name === 'm') selfHashes.push(o.hash);
    for (const x of v instanceof Map ? v.values() : Object.values(o)) walk(x);
  };
  walk(hashed.module.defs);
  assert.ok(selfHashes.length >= 4, `self-references found: ${selfHashes.length}`);
  for (const h of selfHashes) assert.equal([...h], [...real]);
  // definitions that name nothing of the module are the very same objects
  for (const n of ['plain', 'mgr', 'row', 't', 'g', 'K']) assert.ok(after.get(n) === before.get(n), `${n} is shared`);
  // ones that do are new, and their parts without a self-reference are shared
  for (const n of ['caller', 'C', 'p']) assert.ok(after.get(n) !== before.get(n), `${n} is rewritten`);
  const caller = (d: Def | undefined) => (d as Extract<Def, { d: 'defun' }>).defun.term;
  const letOf = (t: Term) => (t as Extract<Term, { t: 'lam' }>).body as Extract<Term, { t: 'let' }>;
  const [b, a] = [letOf(caller(before.get('caller'))), letOf(caller(after.get('caller')))];
  assert.ok(a.value !== b.value, 'the call of plain is rewritten');
  assert.ok(a.body === b.body, 'the body without a self-reference is shared');
  const step = (d: Def | undefined, i: number) => (d as Extract<Def, { d: 'defpact' }>).defpact.steps[i];
  assert.ok(step(after.get('p'), 0) === step(before.get('p'), 0), 'a step without a self-reference is shared');
  assert.ok(step(after.get('p'), 1) !== step(before.get('p'), 1));
  const manager = (d: Def | undefined) => ((d as Extract<Def, { d: 'defcap' }>).defcap.meta as { meta: { manager: { hash: Uint8Array } } }).meta.manager;
  assert.equal([...manager(after.get('C')).hash], [...real]);
});

test('hashing a constant: its own capability tokens and tables get the real hash, other values stay the same objects', () => {
  const w = new World();
  w.deploy('(module other g (defcap g () true) (defcap O () true))');
  const src = '(module m g (defcap g () true) (defcap C (n:integer) true) (defconst TOKENS []) (defconst PLAIN 1))';
  const form = read(new SourceFile('test.repl', src))[0] as Syntax & { t: 'paren' };
  const own = new CapToken('m.C', [1]), theirs = new CapToken('other.O', []);
  const ctx = w.context({ TOKENS: [own, [theirs]], PLAIN: 1 });
  const evaluated = evaluateConstants(buildModuleIR(form, ctx), ctx);
  const hashed = hashBuilt(evaluated);
  if (!('module' in evaluated) || !('module' in hashed)) throw new Error('expected a module');
  const constOf = (b: typeof hashed, n: string) => {
    const d = (b as { module: { defs: Def[] } }).module.defs.find(x => defName(x) === n) as Extract<Def, { d: 'defconst' }>;
    return (d.defconst.value as { value: PactValue }).value as Extract<PactValue, { v: 'list' }>;
  };
  const [before, after] = [constOf(evaluated, 'TOKENS'), constOf(hashed, 'TOKENS')];
  const ownAfter = after.items[0] as Extract<PactValue, { v: 'capToken' }>;
  assert.equal([...ownAfter.name.hash], [...hashed.module.hash]);
  assert.ok(after.items[1] === before.items[1], 'the list holding only another module\'s token is kept');
  assert.ok(constOf(hashed, 'PLAIN') === constOf(evaluated, 'PLAIN'), 'a constant without a token is kept');
});

test('hashing an object constant: a token in a later field gets the real hash, the fields keep their order, an object without one is kept', () => {
  const w = new World();
  const src = '(module m g (defcap g () true) (defcap C () true) (defconst OBJS []))';
  const form = read(new SourceFile('test.repl', src))[0] as Syntax & { t: 'paren' };
  const ctx = w.context({ OBJS: [PactObject.of([['a', 1], ['b', new CapToken('m.C', [])], ['c', 'x']]), PactObject.of([['a', 2]])] });
  const evaluated = evaluateConstants(buildModuleIR(form, ctx), ctx);
  const hashed = hashBuilt(evaluated);
  if (!('module' in evaluated) || !('module' in hashed)) throw new Error('expected a module');
  const objsOf = (b: typeof hashed) => {
    const d = (b as { module: { defs: Def[] } }).module.defs.find(x => defName(x) === 'OBJS') as Extract<Def, { d: 'defconst' }>;
    return ((d.defconst.value as { value: PactValue }).value as Extract<PactValue, { v: 'list' }>).items as Extract<PactValue, { v: 'object' }>[];
  };
  const [before, after] = [objsOf(evaluated), objsOf(hashed)];
  assert.equal([...after[0].fields.keys()], ['a', 'b', 'c']);
  assert.equal([...(after[0].fields.get('b') as Extract<PactValue, { v: 'capToken' }>).name.hash], [...hashed.module.hash]);
  assert.ok(after[0].fields.get('a') === before[0].fields.get('a') && after[0].fields.get('c') === before[0].fields.get('c'));
  assert.ok(after[1] === before[1], 'an object without a token is kept');
});

test.run();
