// `pactvm check`: every module a file deploys is typechecked; problems print as
// `file:line:col: message`, a summary line closes the output, and the exit code says if any failed.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { CHILD_PROCESS_MS } from '../deadline.js';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFile } from '../../runtime/repl/check.js';

const cli = fileURLToPath(new URL('../../runtime/repl/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pactvm-check-'));
const good = join(dir, 'good.repl'), bad = join(dir, 'bad.repl'), broken = join(dir, 'broken.repl');
writeFileSync(good, `(module ok g
  (defcap g () true)
  (defun twice:integer (x:integer) (* 2 x)))
`);
writeFileSync(bad, `(module ledger g
  (defcap g () true)
  (defun name-length:integer (s:string) (length s))
  (defun oops:string () (name-length 42)))
(module fine g (defcap g () true) (defun id (x) x))
`);
writeFileSync(broken, '(module m g (defcap g () true) (defun f () 1))\n(+ 1 "a")\n');
mkdirSync(join(dir, 'sub'));
writeFileSync(join(dir, 'sub', 'lib.pact'), '(module lib g (defcap g () true) (defun one:integer () 1))\n');
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: CHILD_PROCESS_MS });

test('a module that typechecks gives no problem', () => {
  const r = checkFile(good);
  assert.equal(r.modules, [{ name: 'ok', file: good, ok: true }]);
  assert.equal(r.problems, []);
});

test('a type error is reported at its location with Pact\'s message, and the other modules still checked', () => {
  const r = checkFile(bad);
  assert.equal(r.modules.map(m => [m.name, m.ok]), [['ledger', false], ['fine', true]]);
  assert.is(r.problems.length, 1);
  const [first, ...rest] = r.problems[0].split('\n');
  assert.is(first, `${bad}:4:37: typecheck failed for module ledger: Couldnt match type string with integer`);
  assert.is(rest[0], 'Expected: string');
  assert.ok(rest.includes('Actual: integer'));
  assert.ok(rest.some(l => l.includes('| ') && l.includes('^^')), 'a source slice with a marker');
});

test('a file that fails to load is a problem too, after its modules are checked', () => {
  const r = checkFile(broken);
  assert.equal(r.modules.map(m => m.name), ['m']);
  assert.equal(r.problems, [`${broken}:2:0: Type error: failed to call native function + with argument(s) of type(s): integer, string`]);
});

test('pactvm check exits 1 on any problem, 0 when all modules typecheck, and searches folders for .pact files', () => {
  const failing = run('check', bad, good);
  assert.is(failing.status, 1);
  assert.ok(failing.stdout.startsWith(`${bad}:4:37: typecheck failed for module ledger`));
  assert.ok(failing.stdout.endsWith('3 modules checked, 1 failed to typecheck\n'));
  const passing = run('check', good, join(dir, 'sub'));
  assert.is(passing.status, 0);
  assert.is(passing.stdout, '2 modules checked, 0 failed to typecheck\n');
  assert.is(run('check').status, 2);
});

test('a missing file or an unreadable path is a problem of its own, and the exit code is 1', () => {
  const missing = join(dir, 'nope.repl');
  assert.equal(checkFile(missing).problems, [`${missing}: cannot read file: no such file`]);
  const r = run('check', missing, good);
  assert.is(r.status, 1);
  assert.is(r.stdout, `${missing}: cannot read: no such file\n1 module checked, 0 failed to typecheck\n`);
});

test.run();
