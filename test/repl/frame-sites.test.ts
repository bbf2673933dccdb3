// Where a stack line locates its frame. Pact's REPL evaluator (Direct/Evaluator.hs) gives a
// defun's, defcap's or defpact's stack frame the info of its application: the call, or the native
// that applied it (map, filter, with-capability, continue-pact). A partial application completed
// later keeps the frame made with it: the partial's site and no arguments.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { renderError } from '../../runtime/repl/report.js';
import { tierSettings } from '../../vm/tier.js';
import type { Closure } from '../../vm/values.js';
import type { PactError } from '../../vm/errors.js';

const HASH = '\\{[A-Za-z0-9_-]{43}\\}';

/** The stack lines of the script's uncaught error, each with the module hash replaced by `{h}`. */
function stackLines(src: string, file: string): string[] {
  const r = runRepl(src, file);
  assert.ok(r.error, 'the script should fail');
  return renderError(r.error!).split('\n').filter(l => l.startsWith('  at(')).map(l => l.replace(new RegExp(HASH, 'g'), '{h}'));
}

/** `check` with functions interpreted only, then tiered from their first call. */
function inBothTiers(check: (threshold: number) => void): void {
  const saved = tierSettings.threshold;
  try {
    for (const threshold of [Infinity, 0]) {
      tierSettings.threshold = threshold;
      check(threshold);
    }
  } finally {
    tierSettings.threshold = saved;
  }
}

const MODULE = '(module m g (defcap g () true)\n' +
  '  (defun f:bool (x:integer y:integer) (enforce (< y 3) "too big") true)\n';

test('a function applied by a native is located at the native\'s application, for every element it is applied to', () => {
  // the third element fails: the frames of the first two changed the machine's site
  const src = MODULE + '  (defun viaFilter () (filter (lambda (y) (f 1 y)) [1 2 3])))\n(m.viaFilter)';
  assert.equal(stackLines(src, 'n.repl'), [
    '  at(m.f.{h} 1 3):n.repl:2:42-2:49',
    '  at(m.viaFilter.{h}):n.repl:3:0-3:13',
  ]);
  const direct = MODULE + '  (defun g2:bool (y:integer) (f 1 y))\n  (defun viaFold () (fold (lambda (a y) (g2 y)) true [1 2 3])))\n(m.viaFold)';
  assert.equal(stackLines(direct, 'd.repl'), [
    '  at(m.f.{h} 1 3):d.repl:2:29-2:36',
    '  at(m.g2.{h} 3):d.repl:3:40-3:46',
    '  at(m.viaFold.{h}):d.repl:4:0-4:11',
  ]);
});

test('a partial application completed by a native keeps the frame made with it: its site, no arguments', () => {
  const src = MODULE + '  (defun viaFilter () (filter (f 1) [1 2 3])))\n(m.viaFilter)';
  assert.equal(stackLines(src, 'p.repl'), [
    '  at(m.f.{h}):p.repl:2:30-2:35',
    '  at(m.viaFilter.{h}):p.repl:3:0-3:13',
  ]);
  // map's partial is eta-expanded (Desugar.hs desugar1ArgHOF): an ordinary call at the partial's
  // span, with all its arguments
  const map = MODULE + '  (defun viaMap () (map (f 1) [1 2 3])))\n(m.viaMap)';
  assert.equal(stackLines(map, 'q.repl')[0], '  at(m.f.{h} 1 3):q.repl:2:24-2:29');
});

test('a defcap\'s frame is located at the with-capability form, a defpact\'s at its start or continue-pact', () => {
  const cap = MODULE + '  (defcap C (a:integer) (f 1 a))\n  (defun withCap () (with-capability (C 5)\n    true)))\n(m.withCap)';
  assert.equal(stackLines(cap, 'c.repl'), [
    '  at(m.f.{h} 1 5):c.repl:2:24-2:31',
    '  at(m.C.{h} 5):c.repl:3:20-4:9',
    '  at(m.withCap.{h}):c.repl:5:0-5:11',
  ]);
  const pact = MODULE + '  (defpact p (a:integer)\n    (step (f 1 a))\n    (step (f 1 (+ a 3)))))\n(m.p 1)\n(continue-pact 1)';
  assert.equal(stackLines(pact, 'dp.repl'), [
    '  at(m.f.{h} 1 4):dp.repl:4:10-4:23',
    '  at(m.p.{h} 1):dp.repl:6:0-6:17',
  ]);
});

test('frames of tiered functions are located the same way as interpreted ones', () => {
  const src = MODULE + '  (defun g2:bool (y:integer) (f 1 y))\n  (defun loop () (map (lambda (i) (g2 (if (= i 150) 7 1))) (enumerate 1 150))))\n(m.loop)';
  inBothTiers(threshold => assert.equal(stackLines(src, 't.repl'), [
    '  at(m.f.{h} 1 7):t.repl:2:29-2:36',
    '  at(m.g2.{h} 7):t.repl:3:34-3:57',
    '  at(m.loop.{h}):t.repl:4:0-4:8',
  ], `threshold ${threshold}`));
});

test('a module function a tiered loop applies by name is located at the native, in both tiers', () => {
  const src = MODULE + '  (defun g2:bool (y:integer) (f 1 y))\n  (defun loop () (map g2 (map (lambda (i) (if (= i 150) 7 1)) (enumerate 1 150)))))\n(m.loop)';
  inBothTiers(threshold => assert.equal(stackLines(src, 'u.repl'), [
    '  at(m.f.{h} 1 7):u.repl:2:29-2:36',
    '  at(m.g2.{h} 7):u.repl:3:17-3:81',
    '  at(m.loop.{h}):u.repl:4:0-4:8',
  ], `threshold ${threshold}`));
});

test('a function entered by the host before any call or native (no site recorded) is located at its definition', () => {
  const r = runRepl('(module m g (defcap g () true)\n  (defun f (x) (enforce false "boom")))', 'h.repl');
  const f = r.session.module('m')!.members.get('f')!.value as Closure;
  r.session.vm.entryChunk = null;
  let raised: PactError | null = null;
  try { r.session.vm.call(f, [1]); } catch (e) { raised = e as PactError; }
  assert.is(raised!.pactStack[0].span!.range(), 'h.repl:1:2-1:38');
  assert.equal(raised!.pactStack[0].args, [1]);
});

test('a REPL defun\'s stack line names it in the pseudo-module #repl, with the hash of the bytes #repl', () => {
  // the hash is base64url of "#repl" (I3JlcGw), not a module hash, so the line is compared whole
  const r = runRepl('(defun boom (x:integer) (enforce (< x 0) "no"))\n(boom 5)', 'r.repl');
  assert.ok(r.error, 'the script should fail');
  assert.equal(renderError(r.error!).split('\n').filter(l => l.startsWith('  at(')), ['  at(#repl.boom.{I3JlcGw} 5):r.repl:1:0-1:8']);
});

test('a completed partial of a lambda leaves no site behind for the next module function\'s frame', () => {
  // the lambda has no frame of its own; the module function map applies next is located at map,
  // with its argument (not at the lambda's partial, with none)
  const src = MODULE + '  (defun h:bool (y:integer) (f 1 y)))\n(let ((gt (lambda (a b) (> b a)))) (filter (gt 1) [1 2]) (map m.h [5]))';
  assert.equal(stackLines(src, 'l.repl'), ['  at(m.f.{h} 1 5):l.repl:2:28-2:35', '  at(m.h.{h} 5):l.repl:3:57-3:70']);
});

test.run();
