// compiler/index.ts: which grammar read() checks a file against, that a file object is read once,
// and when the interactive REPL waits for another line (awaitsClosingParen).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, awaitsClosingParen, filesLexed, lex, nativeShadowingCheck, read, type NameEnv } from '../../compiler/index.js';
import { tokenize } from '../../compiler/lexer.js';

const readError = (name: string, text: string): string => {
  try { read(new SourceFile(name, text)); return 'ok'; } catch (e) { return `${(e as { kind: string }).kind}: ${(e as Error).message}`; }
};

test('a .repl file may define at top level, a .pact file is a program of modules and expressions', () => {
  assert.is(readError('a.repl', '(defun f () 1)'), 'ok');
  assert.is(readError('a.pact', '(defun f () 1)'),
    "parse: Expected: [let, letstar, lam, module, interface, import, true, false, '{', '(', ...]");
  assert.is(readError('a.pact', '(+ 1 2)'), 'ok');
  assert.is(readError('a.pact.repl', '(defun f () 1)'), 'ok');
});

test('read() lexes a file object once and hands back the same forms; lex() is the lexer', () => {
  const f = new SourceFile('once.repl', '(+ 1 2) x');
  const before = filesLexed();
  const forms = read(f);
  assert.is(read(f), forms);
  assert.is(filesLexed(), before + 1);
  assert.equal(forms.map(s => s.t), ['paren', 'name']);
  assert.equal(lex(f), tokenize(f));
});

test('the interactive REPL waits for more input only when a closing paren is all Pact expects', () => {
  const rows: [string, boolean][] = [
    ['(+ 1', true], ['(a', true], ['(+ 1\n  (f 2)', true], ['(+ 1 2)', false], ['', false], ['(+ 1 2))', false],
    ['[1', false], ['{', false], ['(', false], ['(let ((x 1)', false], ['(module m g', false],
    ['"abc', false], ['(+ 1 `', false], ['(+ 1 "a', false], ['(defun f () 1)', false], ['(defun f () 1', true],
  ];
  for (const [text, waits] of rows) assert.is(awaitsClosingParen(new SourceFile('(interactive)', text)), waits, JSON.stringify(text));
});

const natives = (replNatives: boolean, disabled?: string[]): NameEnv => ({
  replNatives, disabledNatives: disabled && new Set(disabled),
  lookupTopLevel: () => undefined, lookupMember: () => undefined, lookupModRef: () => undefined,
});
const shadowing = (env: NameEnv, form: ReturnType<typeof read>[number]): string => {
  const found = nativeShadowingCheck(env)(form);
  return found.length === 0 ? 'clean' : `Variable ${found[0].name} shadows native with the same name`;
};

test('a form found clean of native names is clean again only under the same natives', () => {
  const [keccak, envData] = read(new SourceFile('s.repl', '(let ((hash-keccak256 1)) 1) (let ((env-data 1)) 1)'));
  const shadows = (n: string) => `Variable ${n} shadows native with the same name`;
  assert.is(shadowing(natives(true, ['hash-keccak256', 'hash-poseidon']), keccak), 'clean');
  assert.is(shadowing(natives(true, ['hash-poseidon', 'hash-keccak256']), keccak), 'clean');
  assert.is(shadowing(natives(true), keccak), shadows('hash-keccak256'));
  assert.is(shadowing(natives(true, ['hash-poseidon']), keccak), shadows('hash-keccak256'));
  assert.is(shadowing(natives(false), envData), 'clean');
  assert.is(shadowing(natives(true), envData), shadows('env-data'));
  // one checker walks many forms
  const check = nativeShadowingCheck(natives(false));
  assert.equal(check(envData), []);
  assert.equal(check(keccak).map(f => f.name), ['hash-keccak256']);
});

test.run();
