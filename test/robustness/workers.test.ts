// Found item 2 (the batch side): a worker thread that dies costs only the file it was running.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { runParallel, type PortableResult } from '../../runtime/repl/parallel.js';
import { scratch, write } from './cli.js';

const settings = { gasModel: null, gasLimit: null, callDepth: 1000, fileBytes: 1 << 20, root: null, coverage: false, anyKeyWildcard: false };
const dying = new URL('./dying-worker.js', import.meta.url);

async function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('deadline passed')), ms); });
  try { return await Promise.race([p, deadline]); } finally { clearTimeout(timer); }
}

test('a worker that exits or throws fails its current file only; every other file is run and reported in order', async () => {
  const files = ['a.repl', 'b-crash.repl', 'c.repl', 'd-throw.repl', 'e.repl', 'f.repl'];
  const seen: PortableResult[] = [];
  await withDeadline(runParallel(files, 2, settings, r => seen.push(r), () => false, dying), 60_000);
  assert.equal(seen.map(r => r.file), files);
  assert.equal(seen.map(r => r.passed), [true, false, true, false, true, true]);
  assert.is(seen[1].error?.message, 'worker died while running b-crash.repl: exit code 7');
  assert.is(seen[3].error?.message, 'worker died while running d-throw.repl: the worker broke');
});

test('with one job, a crash on every file still reports every file', async () => {
  const files = ['x-crash.repl', 'y-crash.repl'];
  const seen: PortableResult[] = [];
  await withDeadline(runParallel(files, 1, settings, r => seen.push(r), () => false, dying), 60_000);
  assert.equal(seen.map(r => [r.file, r.passed]), [['x-crash.repl', false], ['y-crash.repl', false]]);
});

test('a worker that cannot start fails every file it left untaken, with the reason, instead of dropping them', async () => {
  const files = ['p.repl', 'q.repl'];
  const seen: PortableResult[] = [];
  const missing = new URL('./no-such-worker.js', import.meta.url);
  await withDeadline(runParallel(files, 2, settings, r => seen.push(r), () => false, missing), 60_000);
  assert.equal(seen.map(r => [r.file, r.passed]), [['p.repl', false], ['q.repl', false]]);
  assert.match(seen[0].error!.message, /^no worker was left to run p\.repl: .*Cannot find module/);
});

test('a real worker that runs out of heap fails that file only; the next file runs on a fresh worker', async () => {
  const dir = scratch('oom');
  const hog = write(dir, 'a-hog.repl', '(map (lambda (i) (make-list 10000 i)) (enumerate 1 1000000))\n');
  const fine = write(dir, 'b-fine.repl', '(expect "fine" 2 (+ 1 1))\n');
  const seen: PortableResult[] = [];
  await withDeadline(runParallel([hog, fine], 1, { ...settings, heapMb: 64 }, r => seen.push(r)), 120_000);
  assert.equal(seen.map(r => [r.file, r.passed]), [[hog, false], [fine, true]]);
  assert.match(seen[0].error!.message, new RegExp(`^worker died while running ${hog}: .*out of memory`));
});

test.run();
