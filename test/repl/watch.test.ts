// `pactvm test --watch`: what a change affects, and the watch loop itself (a real child process,
// a real file change, a deadline on every wait).

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { affectedScripts, dependencies, loadsOf } from '../../runtime/repl/watch.js';

// the batch is tests/; what it loads sits beside it in lib/, outside the folder under test
const root = mkdtempSync(join(tmpdir(), 'pactvm-watch-'));
const dir = join(root, 'tests'), lib = join(root, 'lib');
mkdirSync(dir);
mkdirSync(lib);
writeFileSync(join(lib, 'm.pact'), '(module m g (defcap g () true) (defun one () 1))\n');
writeFileSync(join(lib, 'setup.repl'), '(load "m.pact")\n');
writeFileSync(join(dir, 'uses.repl'), '; (load "old.pact") is commented out\n(load "../lib/setup.repl")\n(expect "one" 1 (m.one))\n');
writeFileSync(join(dir, 'alone.repl'), '(expect "two" 2 2)\n');
const scripts = [join(dir, 'alone.repl'), join(dir, 'uses.repl')];

test('a script depends on itself and on what it loads, through loaded scripts, resolved from the loading file', () => {
  assert.equal(loadsOf(join(dir, 'uses.repl')), [join(lib, 'setup.repl')]);
  assert.equal([...dependencies(join(dir, 'uses.repl'))].sort(), [join(lib, 'm.pact'), join(lib, 'setup.repl'), join(dir, 'uses.repl')]);
});

test('a change reruns the scripts that reach the changed file, and only those', () => {
  assert.equal(affectedScripts(scripts, new Set([join(lib, 'm.pact')])), [join(dir, 'uses.repl')]);
  assert.equal(affectedScripts(scripts, new Set([join(dir, 'alone.repl')])), [join(dir, 'alone.repl')]);
  assert.equal(affectedScripts(scripts, new Set([join(dir, 'old.pact')])), []);
});

/** Resolves with the text once `pattern` appears in what `read` returns; rejects after `ms`. */
function waitFor(read: () => string, pattern: RegExp, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (pattern.test(read())) { clearInterval(poll); resolve(read()); }
      else if (Date.now() - started > ms) { clearInterval(poll); reject(new Error(`timed out waiting for ${pattern}:\n${read()}`)); }
    }, 50);
  });
}

test('pactvm test --watch reruns the script that loads a changed .pact (outside the folder), then stops on SIGINT', async () => {
  const cli = fileURLToPath(new URL('../../runtime/repl/cli.js', import.meta.url));
  const child = spawn(process.execPath, [cli, 'test', '--watch', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stdout.on('data', d => { out += d; });
  child.stderr.on('data', d => { err += d; });
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
  try {
    await waitFor(() => err, /watching for changes/, 30_000);
    assert.match(out, /^PASS .*alone\.repl .*\nPASS .*uses\.repl .*\n2 passed, 0 failed\n$/);
    writeFileSync(join(lib, 'm.pact'), '(module m g (defcap g () true) (defun one () 100))\n');
    await waitFor(() => out, /0 passed, 1 failed\n$/, 30_000);
    assert.match(err, /m\.pact changed: rerunning 1 script\(s\)\n/);
    assert.match(out.split('2 passed, 0 failed\n')[1]!, /^FAIL .*uses\.repl .*\n.*FAILURE: one expected: 1, received: 100\n0 passed, 1 failed\n$/);
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<string>(r => setTimeout(() => r('no exit'), 10_000))]);
    assert.is(code, 1, 'the exit code is the last run\'s');
  } finally {
    child.kill('SIGKILL');
  }
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
