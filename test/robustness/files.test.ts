// Found items 3 and 4: what `load`, `run`, `node --replay` and the folder walk of `test` do with
// files that are not ordinary scripts (devices, FIFOs, folders, huge files, cycles, bad links).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync, chmodSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pactvm, scratch, write, assertLocatedFailure, assertNoStack, assertJunit } from './cli.js';

const dir = scratch('files');

test('load of /dev/zero is refused at once: not a regular file', () => {
  const file = write(dir, 'zero.repl', '(+ 1 2)\n(load "/dev/zero")\n');
  assertLocatedFailure(pactvm(['run', file]), file, 2, 0, 'load: cannot read file /dev/zero: not a regular file');
});

test('run of /dev/zero and of a folder say what they are; exit 1', () => {
  const zero = pactvm(['run', '/dev/zero']);
  assert.is(zero.status, 1);
  assert.is(zero.stderr, 'cannot read file /dev/zero: not a regular file\n\nLoad failed\n');
  const folder = pactvm(['run', dir]);
  assert.is(folder.stderr, `cannot read file ${dir}: is a directory\n\nLoad failed\n`);
});

test('load of a folder says "is a directory", of a missing file "no such file"', () => {
  mkdirSync(join(dir, 'sub'));
  const file = write(dir, 'folder.repl', '(load "sub")\n');
  assertLocatedFailure(pactvm(['run', file]), file, 1, 0, `load: cannot read file ${join(dir, 'sub')}: is a directory`);
  const missing = write(dir, 'missing.repl', '\n  (load "nope.repl")\n');
  assertLocatedFailure(pactvm(['run', missing]), missing, 2, 2, `load: cannot read file ${join(dir, 'nope.repl')}: no such file`);
});

test('a file over the size limit is refused; --max-file-size raises the limit', () => {
  const big = write(dir, 'big.repl', `(expect "big" 3 (+ 1 2))\n;${'x'.repeat(2000)}\n`);
  const loader = write(dir, 'loads-big.repl', '(load "big.repl")\n');
  assertLocatedFailure(pactvm(['run', '--max-file-size', '1K', loader]), loader, 1, 0,
    `load: cannot read file ${big}: file too large (2027 bytes; the limit is 1024, raise it with --max-file-size)`);
  const top = pactvm(['run', '--max-file-size', '1000', big]);
  assert.is(top.stderr, `cannot read file ${big}: file too large (2027 bytes; the limit is 1000, raise it with --max-file-size)\n\nLoad failed\n`);
  assert.is(pactvm(['run', '--max-file-size', '4K', loader]).stdout, 'Load successful\n');
});

test('a script that loads itself, and two that load each other: the error names the chain', () => {
  const self = write(dir, 'self.repl', '(+ 1 2)\n(load "self.repl")\n');
  assertLocatedFailure(pactvm(['run', self]), self, 2, 0, `load: cycle of loads: ${self} -> ${self}`);
  const a = write(dir, 'ping.repl', '(load "pong.repl")\n');
  const b = write(dir, 'pong.repl', '(expect "pong" 1 1)\n(load "ping.repl")\n');
  const r = pactvm(['run', a]);
  assertLocatedFailure(r, b, 2, 0, `load: cycle of loads: ${a} -> ${b} -> ${a}`);
});

test('a file loading itself under another name (a link to it) is a cycle too, as is one reached through a link to its folder', () => {
  const own = join(dir, 'named');
  mkdirSync(own);
  const real = write(own, 'real.repl', '(+ 1 2)\n(load "alias.repl")\n');
  symlinkSync('real.repl', join(own, 'alias.repl'));
  assertLocatedFailure(pactvm(['run', real]), real, 2, 0, `load: cycle of loads: ${real} -> ${join(own, 'alias.repl')}`);
  symlinkSync(own, join(dir, 'named-link'));
  const viaFolder = join(dir, 'named-link', 'real.repl');
  assertLocatedFailure(pactvm(['run', viaFolder]), viaFolder, 2, 0, `load: cycle of loads: ${viaFolder} -> ${join(dir, 'named-link', 'alias.repl')}`);
});

test('the same file loaded twice in a row is not a cycle', () => {
  write(dir, 'lib.repl', '(defconst LIB 7)\n');
  const twice = write(dir, 'twice.repl', '(load "lib.repl")\n(load "lib.repl")\n(expect "lib" 7 LIB)\n');
  assert.is(pactvm(['run', twice]).stdout, 'Load successful\n');
});

test('pactvm node --replay /dev/zero ends at once with "not a regular file"', () => {
  const r = pactvm(['node', '--port', '0', '--replay', '/dev/zero']);
  assert.is(r.status, 1);
  assert.is(r.stderr, 'pactvm node: cannot read /dev/zero: not a regular file\n');
});

test('the folder walk reports bad paths as failed entries, skips FIFOs, and runs everything else', () => {
  const root = scratch('walk');
  write(root, 'a.repl', '(expect "a" 1 1)\n');
  mkdirSync(join(root, 'nested'));
  write(join(root, 'nested'), 'b.repl', '(expect "b" 2 2)\n');
  symlinkSync(root, join(root, 'nested', 'loop'));            // a folder link back up: a loop
  symlinkSync(join(root, 'nowhere.repl'), join(root, 'dangling.repl'));
  symlinkSync('cycle-2.repl', join(root, 'cycle-1.repl'));     // links to each other
  symlinkSync('cycle-1.repl', join(root, 'cycle-2.repl'));
  execFileSync('mkfifo', [join(root, 'fifo.repl')], { timeout: 10_000 });           // would block a reader forever
  mkdirSync(join(root, 'locked'));
  write(join(root, 'locked'), 'c.repl', '(expect "c" 3 3)\n');
  chmodSync(join(root, 'locked'), 0o000);
  const asRoot = process.getuid?.() === 0; // root reads any folder: then `locked` is walked normally

  const r = pactvm(['test', '--reporter', 'junit', root]);
  chmodSync(join(root, 'locked'), 0o755);
  assert.is(r.status, 1);
  const failed = 4 + (asRoot ? 0 : 1);
  const passed = 2 + (asRoot ? 1 : 0);
  assertJunit(r.stdout, passed + failed, failed);
  assert.is(r.stderr, `${passed} passed, ${failed} failed\n`);
  assert.ok(r.stdout.includes(`cannot read ${join(root, 'dangling.repl')}: dangling symbolic link`));
  assert.ok(r.stdout.includes(`cannot read ${join(root, 'cycle-1.repl')}: too many levels of symbolic links`));
  assert.ok(r.stdout.includes(`cannot read ${join(root, 'nested', 'loop')}: symbolic link loop`));
  assert.not.ok(r.stdout.includes('fifo.repl'));
  if (!asRoot) assert.ok(r.stdout.includes(`cannot read ${join(root, 'locked')}: cannot read folder: permission denied`));
  assertNoStack(r);
});

test('pactvm test --root DIR: load outside DIR is an error, inside it works', () => {
  const root = scratch('root');
  const outside = write(dir, 'outside.repl', '(defconst OUT 1)\n');
  mkdirSync(join(root, 'lib'));
  write(join(root, 'lib'), 'inside.repl', '(defconst IN 2)\n');
  write(root, 'ok.repl', '(load "lib/inside.repl")\n(expect "in" 2 IN)\n');
  const escape = write(root, 'escape.repl', `(load "${outside}")\n`);
  const sneaky = write(root, 'sneaky.repl', '(load "lib/../../x.repl")\n');
  const r = pactvm(['test', '--root', root, '--reporter', 'junit', root]);
  assertJunit(r.stdout, 4, 2); // lib/inside.repl is a script of the folder too
  assert.ok(r.stdout.includes(`${escape}:1:0: load: ${outside} is outside the root folder ${root}`));
  assert.ok(r.stdout.includes(`${sneaky}:1:0: load: ${root}/lib/../../x.repl is outside the root folder ${root}`));
  assert.is(r.stderr, '2 passed, 2 failed\n');
  const unconfined = pactvm(['test', escape]);
  assert.is(unconfined.status, 0);
});

test.run();
