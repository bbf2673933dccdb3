// The WebAssembly reader against the JavaScript lexer and grammar check, which are the rule:
// wherever its scan gives tokens they are the lexer's, token by token, and wherever the lexer fails
// or reads a character by its low byte the scan gives none, so `scan` falls back and fails or reads
// as the lexer does; its grammar check accepts exactly what the JavaScript check accepts, and where
// it does not, `checkGrammar` raises the JavaScript check's error.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceFile } from '../../vm/source.js';
import { scan, scanInJavaScript } from '../../compiler/lexer.js';
import { Tok, type Tokens } from '../../compiler/tokens.js';
import { MAX_READER_UNITS, scanWithWebAssembly } from '../../compiler/wasm-reader.js';
import { acceptedByWebAssembly, checkGrammar, checkGrammarInJavaScript, type ProgramKind } from '../../compiler/grammar-check.js';
import { readerModuleBytes } from '../../runtime/wasm/reader-module.js';
import { readerSource } from '../../runtime/wasm/module-source.js';
import { corpusTest, CORPUS_ROOT } from '../corpus.js';
import { seededRandom } from '../helpers.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every token as a row: kind, extent, value, and the ref where it is not a literal's index. */
function rows(t: Tokens): unknown[][] {
  return Array.from({ length: t.length }, (_, i) => {
    const literal = t.kinds[i] === Tok.String || t.kinds[i] === Tok.Tick;
    return [t.kinds[i], t.starts[i], t.ends[i], t.value(i), literal ? null : t.refs[i]];
  });
}

type Outcome = { tokens: unknown[][] } | { error: string };

function outcome(f: () => Tokens): Outcome {
  try {
    return { tokens: rows(f()) };
  } catch (e) {
    const err = e as Error & { span?: { start: number; end: number } };
    return { error: `${err.message} @${err.span?.start}-${err.span?.end}` };
  }
}

/** Whether the scanner took the text, after checking that `scan` reads it as the lexer does. */
function agrees(text: string): boolean {
  const file = new SourceFile('t.repl', text);
  const reference = outcome(() => scanInJavaScript(file));
  assert.equal(outcome(() => scan(file)), reference, JSON.stringify(text));
  const taken = scanWithWebAssembly(text) !== null;
  if (taken) assert.ok('tokens' in reference, `the scanner took a text the lexer refuses: ${JSON.stringify(text)}`);
  return taken;
}

test('the shipped module is what the writer makes', () => {
  const shipped = readFileSync(`${REPO_ROOT}compiler/reader-wasm.ts`, 'utf8');
  assert.is(shipped, readerSource(readerModuleBytes()), 'compiler/reader-wasm.ts is stale: run npm run tables');
});

test('each rule the scanner takes, as the lexer reads it', () => {
  const taken = [
    '(defun f (x:integer) @doc "d" (+ x -1))', '-1a -1 - -x 1a 12.5 x.y.z m::f {a := 1, b : 2}',
    "'a-b_c 'x1 'q", '@doc @model @event @managed @other', 'let* let step step-with-rollback lambda true false stepx',
    '"esc \\n \\t \\\\ \\" \\\' end"', '"gap \\\n    \\ joined" "gap\\ \t\r\n\\x"', '"" "a;b" ; a comment\n', '; at the end',
    ':', 'a:', '::', '"\u0000" "\uD800" "\uDFFF\uD800" "π" ; π, 😀 and ☋ in a comment\n',
    '', '   \t\r\n\f\v ', '((((]]]]', '%#+-_&$@<>=^?*!|/~',
  ];
  for (const text of taken) assert.ok(agrees(text), `the scanner should take ${JSON.stringify(text)}`);
});

test('what the scanner leaves to the lexer: look-alike characters, rare escapes and every error', () => {
  const left = [
    'šelf', 'x é', '(\u0173tep)', '; ends at a look-alike \u010A(x)', '; so does 😊 (U+1F60A)', '; and ☊', '"\\r"', '"unclosed', '"line\nbreak"', '"cr\rx"',
    "'1", "'", '"\\q"', '"gap \\\u00a0\\"', '"a\\', '"a\\ ', '"gap \\ x"', '1\u0661', '-1\u0161', ':\u013D', '\u0000', '`',
    '\uD83D\uDE0A', '"ok" \uD800',
  ];
  for (const text of left) assert.not.ok(agrees(text), `the scanner should leave ${JSON.stringify(text)} to the lexer`);
});

test('generated texts: wherever the scanner gives tokens they are the lexer\'s', () => {
  const pieces = [
    '(', ')', '[', ']', '{', '}', ',', '.', ':', ':=', '::', ' ', '\n', '\t', '\r', ';c', ';\u010A', 'x', 'abc', 'let*',
    'defun', '@doc', '@x', '-', '-1', '1', '007', "'", "'t", "'a-_1", '"s"', '"\\n"', '"\\\n \\"', '"\\q"', '"',
    '\\', 'π', 'š', '\u00a0', '\uD800', '😊', '\u0000', '+', '*', '?', '#',
  ];
  const random = seededRandom(31);
  let taken = 0;
  const rounds = 3000;
  for (let r = 0; r < rounds; r++) {
    const n = 1 + Math.floor(random() * 12);
    let text = '';
    for (let k = 0; k < n; k++) text += pieces[Math.floor(random() * pieces.length)];
    if (agrees(text)) taken++;
  }
  // the comparison means something only if the scanner took a fair share of them
  assert.ok(taken > rounds / 10, `the scanner took ${taken} of ${rounds}`);
});

test('a text larger than the memory so far grows it, and a small one after it still scans', () => {
  const big = '(defun f (x) "doc" (+ x 1))\n'.repeat(35_000);
  assert.ok(big.length <= MAX_READER_UNITS);
  assert.ok(agrees(big));
  assert.equal(scan(new SourceFile('big.repl', big)).length, 13 * 35_000);
  assert.ok(grammarAgrees(big));
  assert.ok(agrees('(+ 1 2)'));
});

test('a text past the reader\'s length is read in JavaScript, to the same tokens', () => {
  const long = '(+ 1 2)\n'.repeat(MAX_READER_UNITS / 8 + 1);
  assert.is(scanWithWebAssembly(long), null);
  const tokens = scan(new SourceFile('long.repl', long));
  assert.is(tokens.length, 5 * (MAX_READER_UNITS / 8 + 1));
  assert.is(tokens.value(tokens.length - 2), '2');
});

/** Whether the reader's grammar check accepted the text's tokens, after checking that checkGrammar
 *  accepts or fails as the JavaScript check does (texts the lexer refuses are left out: null). */
function grammarAgrees(text: string, kind: ProgramKind = 'ReplProgram'): boolean | null {
  const file = new SourceFile(kind === 'Program' ? 't.pact' : 't.repl', text);
  let tokens: Tokens;
  try { tokens = scan(file); } catch { return null; }
  const reference = outcome(() => { checkGrammarInJavaScript(file, tokens, kind); return tokens; });
  const accepted = acceptedByWebAssembly(tokens, kind);
  assert.equal(outcome(() => { checkGrammar(file, tokens, kind); return tokens; }), reference, JSON.stringify(text));
  if (accepted) assert.ok('tokens' in reference, `the reader accepted what the grammar refuses: ${JSON.stringify(text)}`);
  return accepted;
}

test('the grammar\'s checks: types, decimal places and a module\'s definitions, each side of the line', () => {
  const accepted = [
    '(defun f:integer (x:string y:[decimal] z:object{s} t:table{s} g:guard k:keyset u:unit b:bool m:module{i}) 1)',
    `(+ 1.${'5'.repeat(255)} 1)`, '(module m g (defun f () 1))', '(module m g (use x) (defconst c 1) (implements i))',
    '(interface i (defun f ()))', '(module m g @model [(property (> amount 1.5))] (defun f () 1))',
  ];
  for (const text of accepted) assert.ok(grammarAgrees(text), `the reader should accept ${JSON.stringify(text)}`);
  const refused = [
    '(defun f (x:integr) 1)', '(defun f (x:objects{s}) 1)', '(defun f (x:integer{s}) 1)', `(+ 1.${'5'.repeat(256)} 1)`,
    '(module m g (use x))', '(module m g (use x) (implements i))', '(defun f (x:) 1)', '(+ 1 2', ')', '(let ((x 1)) x) )',
    `(module m g @model [(property (> amount 1.${'5'.repeat(256)}))] (defun f () 1))`, '(module m g)',
  ];
  for (const text of refused) assert.is(grammarAgrees(text), false, `the reader should refuse ${JSON.stringify(text)}`);
  // a program (.pact) is a different start: a top-level defun is a REPL script's
  assert.ok(grammarAgrees('(defun f () 1)', 'ReplProgram'));
  assert.is(grammarAgrees('(defun f () 1)', 'Program'), false);
  assert.ok(grammarAgrees('(module m g (defun f () 1))', 'Program'));
});

test('only the last scan\'s tokens are checked by the reader; others by JavaScript', () => {
  const first = scan(new SourceFile('a.repl', '(+ 1 2)'));
  scan(new SourceFile('b.repl', '(+ 3 4)'));
  assert.not.ok(acceptedByWebAssembly(first, 'ReplProgram'));
  checkGrammar(first.file, first, 'ReplProgram'); // still checked, in JavaScript
  const bad = scan(new SourceFile('c.repl', '(+ 1'));
  scan(new SourceFile('d.repl', '(+ 3 4)'));
  assert.throws(() => checkGrammar(bad.file, bad, 'ReplProgram'), /Expected: \[\'\)\'\]/);
});

test('a memory that cannot grow leaves the text to the JavaScript lexer', () => {
  const text = '(+ 1 2)\n'.repeat(MAX_READER_UNITS / 8); // the longest text the reader takes
  const grow = WebAssembly.Memory.prototype.grow;
  let asked = false;
  WebAssembly.Memory.prototype.grow = function (): number { asked = true; throw new RangeError('out of memory'); };
  try {
    const found = scanWithWebAssembly(text);
    // (if an earlier test already grew the memory this far, nothing was asked of it)
    assert.is(found === null, asked);
    assert.is(agrees(text), !asked); // the same tokens either way
  } finally {
    WebAssembly.Memory.prototype.grow = grow;
  }
});

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap(e => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? sourcesUnder(p) : /\.(repl|pact)$/.test(e) ? [p] : [];
  });
}

const conformanceFiles = (): string[] => sourcesUnder(join(CORPUS_ROOT, 'conformance', 'pact-5'));

corpusTest('every conformance file: the scanner takes it, with the lexer\'s tokens', () => {
  const files = conformanceFiles();
  assert.ok(files.length > 300);
  const left = files.filter(f => !agrees(readFileSync(f, 'utf8')));
  // the files the lexer refuses on purpose are the only ones left to it
  for (const f of left) assert.ok('error' in outcome(() => scanInJavaScript(new SourceFile(f, readFileSync(f, 'utf8')))), f);
});

corpusTest('every conformance file, and mutations of them: the reader\'s grammar check agrees with JavaScript\'s', () => {
  const random = seededRandom(5);
  let accepted = 0, refused = 0;
  for (const f of conformanceFiles()) {
    const text = readFileSync(f, 'utf8');
    const kind: ProgramKind = f.endsWith('.pact') ? 'Program' : 'ReplProgram';
    const whole = grammarAgrees(text, kind);
    if (whole === true) accepted++;
    // mutations: a token dropped, doubled or replaced by another of the file's, near its start
    const tokens = scanInJavaScript(new SourceFile(f, text));
    for (let m = 0; m < 6 && tokens.length > 0; m++) {
      const at = Math.floor(random() * Math.min(tokens.length, 400)), other = Math.floor(random() * tokens.length);
      const [s, e] = [tokens.starts[at], tokens.ends[at]];
      const replacement = [' ', text.slice(s, e) + ' ' + text.slice(s, e), text.slice(tokens.starts[other], tokens.ends[other])][m % 3];
      const result = grammarAgrees(text.slice(0, s) + replacement + text.slice(e), kind);
      if (result === false) refused++;
    }
  }
  // both sides were exercised
  assert.ok(accepted > 300 && refused > 300, `accepted ${accepted} files, refused ${refused} mutations`);
});

test.run();
