// Random Pact-like input never crashes the engine: every outcome is a value or a PactError with
// a location (seeded, so a failure reproduces).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { PactError } from '../../vm/errors.js';
import { seededRandom } from '../helpers.js';

const ATOMS = ['(', ')', '(', ')', '[', ']', '{', '}', ',', ':', ':=', '.', '::', '1', '-2', '1.5', '"s"', "'k", 'true',
  'x', 'y', 'let', 'let*', 'lambda', 'if', 'and', 'or', 'do', 'cond', 'try', 'enforce', 'enforce-one', 'map', 'fold',
  '+', '-', 'at', 'defun', 'defconst', 'defcap', 'defpact', 'step', 'module', 'interface', 'use', 'with-capability',
  'create-user-guard', 'read-keyset', 'expect', 'expect-failure', 'env-data', 'begin-tx', 'commit-tx', 'f', 'm', 'm.f',
  '@doc', '@managed', '@event', 'integer', 'object{s}', 'yield', 'resume', 'bind', 'format', 'str-to-int', 'typeof'];

test('2000 random programs end in a value or a located PactError, never an internal error', () => {
  const rand = seededRandom(20261121);
  let errors = 0;
  for (let i = 0; i < 2000; i++) {
    const n = 1 + Math.floor(rand() * 24);
    const text = Array.from({ length: n }, () => ATOMS[Math.floor(rand() * ATOMS.length)]).join(' ');
    const s = new ReplSession();
    try {
      runSource(s, new SourceFile('fuzz.repl', text));
    } catch (e) {
      if (!(e instanceof PactError)) assert.unreachable(`program ${i} crashed: ${text}\n${(e as Error).stack}`);
      assert.ok((e as PactError).span, `program ${i} error has no location: ${text} -> ${(e as Error).message}`);
      errors++;
    }
  }
  assert.ok(errors > 1000, 'most random programs are errors');
});

const HUGE = ['(^ 2 (^ 2 64))', '(^ 7 9999999)', '(shift 1 99999999999999999999999)', '(shift -1 -99999999999999999999999)',
  '(make-list 4294967296 1)', '(make-list 99999999 "x")', '(enumerate 0 99999999999)', '(* (^ 2 700000) (^ 2 700000))',
  '(let* ((s "ab") ' + '(s (+ s s)) '.repeat(28) + ') (length s))', '(concat (make-list 16777216 "abcdefgh"))',
  '(str-to-int "' + '9'.repeat(600) + '")', '(int-to-str 2 (^ 2 1048575))'];
const OPEN = ['(', '[', '{"k": ', '(+ 1 ', '(let ((x 1)) ', '(if true ', '(lambda (x) ', '(map (lambda (x) x) ['];
const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{"k": ': '}', '(+ 1 ': ')', '(let ((x 1)) ': ')', '(if true ': ' 2)',
  '(lambda (x) ': ')', '(map (lambda (x) x) [': '])' };

/** Runs `text` and checks the outcome: a value, or a located PactError that is not an internal one. */
function endsWell(text: string, what: string): PactError | null {
  const s = new ReplSession();
  try {
    runSource(s, new SourceFile('fuzz.repl', text));
    return null;
  } catch (e) {
    if (!(e instanceof PactError)) assert.unreachable(`${what} crashed: ${(e as Error).stack}`);
    const err = e as PactError;
    assert.ok(err.span, `${what} error has no location: ${err.message}`);
    assert.is.not(err.kind, 'internal', `${what} hit an internal error: ${err.message}`);
    return err;
  }
}

test('random deep nesting (up to 4000 levels, mixed forms) ends in a value or a located error', () => {
  const rand = seededRandom(20261123);
  let deepErrors = 0;
  for (let i = 0; i < 60; i++) {
    const depth = 1 + Math.floor(rand() * 4000);
    const opens = Array.from({ length: depth }, () => OPEN[Math.floor(rand() * OPEN.length)]);
    const text = opens.join('') + '1' + opens.reverse().map(o => CLOSE[o]).join('');
    const err = endsWell(text, `nesting ${i} (depth ${depth})`);
    if (err && /^Nesting too deep/.test(err.message)) deepErrors++;
    if (depth > 600) assert.ok(err, `depth ${depth} is past every nesting limit`);
  }
  assert.ok(deepErrors > 20, 'most deep programs meet a nesting limit');
});

test('values built too deep at run time, then printed, compared, hashed or stored, end in a located error', () => {
  const rand = seededRandom(7);
  const uses = ['(show x)', '(hash x)', '(= x x)', '(env-data x)', '(format "{}" [x])', 'x', '(typeof x)', '(length x)'];
  for (let i = 0; i < 24; i++) {
    const n = 500 + Math.floor(rand() * 20000);
    const wrap = rand() < 0.5 ? '[acc]' : '{"a": acc}';
    const use = uses[Math.floor(rand() * uses.length)];
    endsWell(`(let ((x (fold (lambda (acc i) ${wrap}) 1 (enumerate 1 ${n})))) ${use})`, `deep value ${i} (${n}, ${use})`);
  }
});

test('huge values are refused with "Value too large" before they are built', () => {
  for (const text of HUGE) {
    const err = endsWell(text, text.slice(0, 60));
    if (err) assert.match(err.message, /^Value too large|only up to 512 length supported/, text.slice(0, 60));
  }
});

test.run();
