// Found item 5: `… | head -1` closes stdout early; the command ends quietly (no `write EPIPE`
// stack) with the exit code it would have had.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { cli, scratch, write, DEADLINE_MS } from './cli.js';
import { NodeServer } from '../../stream/server.js';
import { SyntheticFeed } from '../../stream/header-feed.js';

/** Run the CLI, read one chunk of its stdout, close the pipe as `head -1` does, wait for the end. */
function closedAfterFirstChunk(args: string[]): Promise<{ status: number | null; stderr: string; first: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('deadline passed')); }, DEADLINE_MS);
    let stderr = '', first = '';
    child.stderr.on('data', d => { stderr += d; });
    child.stdout.once('data', d => { first = String(d); child.stdout.destroy(); });
    child.on('close', status => { clearTimeout(timer); resolve({ status, stderr, first }); });
  });
}

const dir = scratch('epipe');
for (let i = 0; i < 60; i++) write(dir, `t${String(i).padStart(2, '0')}.repl`, `(expect "t" ${i} ${i})\n`);
write(dir, 'zz-bad.repl', '(expect "bad" 1 2)\n');
const big = write(scratch('epipe-big'), 'big.repl', '(+ 1 2)\n'.repeat(40000));
test('test | head -1: quiet, exit 1 as the failing file demands', async () => {
  const r = await closedAfterFirstChunk(['test', dir]);
  assert.match(r.first, /^PASS /);
  assert.is(r.stderr, '');
  assert.is(r.status, 1);
});

test('run --dump tokens | head -1: quiet, exit 0', async () => {
  const r = await closedAfterFirstChunk(['run', big, '--dump', 'tokens']);
  assert.match(r.first, /^1:0\tlparen\t\(/);
  assert.is(r.stderr, '');
  assert.is(r.status, 0);
});

test('run --trace | head -1 (one write per form; gas --folded shares the same handling): quiet, exit 0', async () => {
  const r = await closedAfterFirstChunk(['run', '--trace', big]);
  assert.match(r.first, /^.*big\.repl:0:0-0:7:Trace: 3\n/);
  assert.is(r.stderr, '');
  assert.is(r.status, 0);
});

test('headers | head -1: the stream ends at once, quietly, exit 0', async () => {
  const server = new NodeServer({ feed: new SyntheticFeed({ seed: 3 }), port: 0, rate: Infinity });
  await server.listen();
  try {
    const r = await closedAfterFirstChunk(['headers', server.url, '--depth', '0', '--format', 'json']);
    assert.match(r.first, /^\{/);
    assert.not.match(r.stderr, /EPIPE|\n\s+at /);
    assert.is(r.status, 0);
  } finally {
    await server.close();
  }
});

test.run();
