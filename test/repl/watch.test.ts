// `pactvm test --watch`: which scripts a change affects, debounced change events, and the CLI
// rerunning only the affected script when a file it loads changes.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { affectedScripts, scriptDependencies, watchScripts } from '../../runtime/repl/watch.js';

const cli = fileURLToPath(new URL('../../runtime/repl/cli.js', import.meta.url));

const MODULE = '(module m G (defcap G () true) (defun answer () 42))\n';

/** A folder of scripts: a.repl loads contracts/m.pact, c.repl loads setup.repl which loads it too, b.repl loads nothing. */
function project(): { dir: string; a: string; b: string; c: string; pact: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-watch-'));
  mkdirSync(join(dir, 'contracts'));
  const pact = join(dir, 'contracts', 'm.pact');
  writeFileSync(pact, MODULE);
  writeFileSync(join(dir, 'setup.repl'), '(begin-tx)\n(load "contracts/m.pact")\n(commit-tx)\n');
  const a = join(dir, 'a.repl'), b = join(dir, 'b.repl'), c = join(dir, 'c.repl');
  writeFileSync(a, '(begin-tx)\n(load "contracts/m.pact")\n(commit-tx)\n(expect "the answer" 42 (m.answer))\n');
  writeFileSync(b, '(expect "arithmetic" 4 (+ 2 2))\n');
  writeFileSync(c, '(load "setup.repl")\n(expect "still the answer" 42 (m.answer))\n');
  return { dir, a, b, c, pact };
}

test('a script depends on the files it loads, through loaded scripts too', () => {
  const p = project();
  assert.equal([...scriptDependencies(p.c)].sort(), [p.pact, join(p.dir, 'setup.repl')].sort());
  assert.equal([...scriptDependencies(p.b)], []);
});

test('a change affects the changed script and every script that loads the changed file', () => {
  const p = project();
  const scripts = [p.a, p.b, p.c];
  assert.equal(affectedScripts(scripts, [p.pact]), [p.a, p.c]);
  assert.equal(affectedScripts(scripts, [p.b]), [p.b]);
  assert.equal(affectedScripts(scripts, [join(p.dir, 'setup.repl')]), [p.c]);
  assert.equal(affectedScripts(scripts, [join(p.dir, 'unrelated.pact')]), []);
});

test('several quick writes become one change event naming each .repl/.pact file once', 20_000, async () => {
  const p = project();
  const calls: string[][] = [];
  let resolveFirst!: () => void;
  const first = new Promise<void>(r => { resolveFirst = r; });
  const w = watchScripts([p.dir], changed => { calls.push(changed); resolveFirst(); }, 300);
  try {
    await new Promise(r => setTimeout(r, 100)); // let the watcher settle before the writes
    writeFileSync(p.pact, MODULE + ';; edited\n');
    writeFileSync(p.pact, MODULE + ';; edited again\n');
    writeFileSync(join(p.dir, 'notes.txt'), 'not a script');
    await first;
    await new Promise(r => setTimeout(r, 500)); // no second event follows
    assert.equal(calls, [[p.pact]]);
  } finally {
    w.close();
  }
});

test('a path that cannot be watched is named, and the others are still watched', 20_000, async () => {
  const p = project();
  const unwatchable: string[] = [];
  let resolveFirst!: (changed: string[]) => void;
  const first = new Promise<string[]>(r => { resolveFirst = r; });
  const missing = join(p.dir, 'missing', 'x.repl');
  const w = watchScripts([missing, p.b], resolveFirst, 100, path => unwatchable.push(path));
  try {
    assert.equal(unwatchable, [missing]);
    await new Promise(r => setTimeout(r, 100));
    writeFileSync(p.b, '(expect "arithmetic" 5 (+ 2 3))\n');
    assert.equal(await first, [p.b]);
  } finally {
    w.close();
  }
});

test('pactvm test --watch reruns only the scripts a changed file affects', 45_000, async () => {
  const p = project();
  const child = spawn(process.execPath, [cli, 'test', '--watch', p.dir], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 50_000 });
  let stdout = '', stderr = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) if (stdout.includes(w.text)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  };
  child.stdout.on('data', d => { stdout += d.toString(); check(); });
  child.stderr.on('data', d => { stderr += d.toString(); });
  const waitFor = (text: string) => new Promise<void>(resolve => { waiters.push({ text, resolve }); check(); });
  try {
    await waitFor('4 passed, 0 failed\n');
    await new Promise(r => setTimeout(r, 300));
    const before = stdout.length;
    writeFileSync(p.pact, MODULE.replace('42', '41'));
    await waitFor('1 passed, 2 failed\n'); // setup.repl loads it too, and still passes
    const rerun = stdout.slice(before);
    assert.match(rerun, /FAIL .*a\.repl/);
    assert.match(rerun, /FAIL .*c\.repl/);
    assert.not.match(rerun, /b\.repl/);
    assert.match(stderr, /changed: .*m\.pact; rerunning 3 scripts/);
  } finally {
    child.kill();
  }
});

test.run();
