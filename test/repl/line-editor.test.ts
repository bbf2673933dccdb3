// The REPL on a terminal (a fake TTY stream): history across sessions through the history file,
// up-arrow recall, tab completion on the line, and a bare native printing its documentation.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interactive } from '../../runtime/repl/interactive.js';
import { HISTORY_SIZE, historyPath, readHistory } from '../../runtime/repl/line-editor.js';

const UP = '\x1b[A', TAB = '\t', ENTER = '\r';

/** A REPL session on a fake terminal fed `keys` in separate writes; resolves with what it printed. */
async function terminalSession(keys: string[], piped = false): Promise<string> {
  const inp = new PassThrough() as PassThrough & { isTTY?: boolean; setRawMode?: (on: boolean) => void };
  const out = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  if (!piped) {
    inp.isTTY = true;
    inp.setRawMode = () => {};
    out.isTTY = true;
    out.columns = 100;
  }
  let text = '';
  out.on('data', d => { text += d.toString(); });
  const done = interactive(inp, out);
  for (const k of keys) {
    inp.write(k);
    await new Promise(r => setImmediate(r));
  }
  inp.end();
  await done;
  return text;
}

/** Runs `body` with PACTVM_HISTORY pointing at a fresh temporary file. */
async function withHistoryFile(body: (file: string) => Promise<void>): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'pactvm-history-')), 'history');
  const saved = process.env.PACTVM_HISTORY;
  process.env.PACTVM_HISTORY = file;
  try { await body(file); } finally {
    if (saved === undefined) delete process.env.PACTVM_HISTORY; else process.env.PACTVM_HISTORY = saved;
  }
}

test('a form entered in one session is recalled with up-arrow in the next', () => withHistoryFile(async file => {
  const first = await terminalSession(['(* 6 7)' + ENTER]);
  assert.match(first, /\n42\r?\n/);
  assert.is(readFileSync(file, 'utf8'), '(* 6 7)\n');
  const second = await terminalSession([UP, ENTER]);
  assert.match(second, /\n42\r?\n/);
  assert.is(readFileSync(file, 'utf8'), '(* 6 7)\n(* 6 7)\n');
}));

test('up-arrow walks back through the history, newest first', () => withHistoryFile(async file => {
  writeFileSync(file, '(+ 1 1)\n(+ 2 2)\n');
  const out = await terminalSession([UP, UP, ENTER]);
  assert.match(out, /\n2\r?\n/);
  assert.not.match(out, /\n4\r?\n/);
}));

test('the history file path comes from PACTVM_HISTORY, else ~/.pactvm_history', () => {
  assert.is(historyPath({ PACTVM_HISTORY: '/tmp/h' }), '/tmp/h');
  assert.ok(historyPath({}).endsWith('.pactvm_history'));
});

test('the history is bounded: a longer file is cut to its newest lines', () => withHistoryFile(async file => {
  writeFileSync(file, Array.from({ length: HISTORY_SIZE + 5 }, (_, i) => `(+ ${i} 0)`).join('\n') + '\n');
  const kept = readHistory(file);
  assert.is(kept.length, HISTORY_SIZE);
  assert.is(kept[0], '(+ 5 0)');
  assert.is(readFileSync(file, 'utf8').split('\n').filter(Boolean).length, HISTORY_SIZE);
}));

test('tab completes a unique native prefix on the line being edited', () => withHistoryFile(async () => {
  const out = await terminalSession(['(leng' + TAB, ' "abcd")' + ENTER]);
  assert.match(out, /\n4\r?\n/);
}));

test('tab completes a module member after the module is deployed', () => withHistoryFile(async () => {
  const out = await terminalSession([
    '(module m G (defcap G () true) (defun triple (x) (* 3 x)))' + ENTER,
    '(m.tri' + TAB, ' 5)' + ENTER,
  ]);
  assert.match(out, /\n15\r?\n/);
}));

test('Ctrl-C drops the form being typed and the session goes on', () => withHistoryFile(async () => {
  const out = await terminalSession(['(defun f (x)' + ENTER, '(+ 1', '\x03', '(* 2 21)' + ENTER]);
  assert.match(out, /\n42\r?\n/);
  assert.not.match(out, /Loaded repl defun/);
}));

test('a bare native name prints its documentation instead of evaluating', async () => {
  const out = await terminalSession(['take\n'], true);
  assert.is(out, 'pact> take\n\n' +
    '  (take count:integer xs:<list|string>) -> <list|string>\n' +
    '  (take keys:[string] obj:object) -> object\n\n' +
    'The first `count` elements (the last ones when count is negative), or only the listed fields of an object.\n' +
    'pact> goodbye\n');
});

test('piped input keeps plain prompts and writes no history', () => withHistoryFile(async file => {
  const out = await terminalSession(['(+ 1 2)\n'], true);
  assert.is(out, 'pact> 3\npact> goodbye\n');
  assert.equal(readHistory(file), []);
}));

test.run();
