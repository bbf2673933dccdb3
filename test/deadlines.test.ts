// No test without a deadline: the deadline helper itself, and a scan of the test sources for
// waits (awaits, promises, child processes) that are not under one.

import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, withDeadline, CHILD_PROCESS_MS } from './deadline.js';
import { spawnSync } from 'node:child_process';

const root = fileURLToPath(new URL('../../test', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

/** The text of each call `name(...)` in `text`, parentheses balanced. */
function calls(text: string, name: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`\\b${name}\\(`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let depth = 0, i = m.index + m[0].length - 1;
    for (; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) break;
    }
    out.push(text.slice(m.index, i + 1));
  }
  return out;
}

test('withDeadline passes a result through and rejects, naming what was awaited, when it is late', async () => {
  assert.is(await withDeadline(Promise.resolve(7), 1000, 'seven'), 7);
  const never = new Promise<never>(() => {});
  const error = await withDeadline(never, 10, 'the confirmation').then(() => null, (e: Error) => e.message);
  assert.is(error, 'deadline: the confirmation did not finish within 10 ms');
  const failed = await withDeadline(Promise.reject(new Error('boom')), 1000, 'x').then(() => null, (e: Error) => e.message);
  assert.is(failed, 'boom');
});

test('every test file that waits registers its tests through the deadline test', () => {
  const offenders: string[] = [];
  for (const file of sources(root)) {
    if (!file.endsWith('.test.ts')) continue;
    const text = readFileSync(file, 'utf8');
    const waits = /\bawait\b|\.then\(|new Promise\b|\bsetTimeout\(|\bsetInterval\(|(?<![.\w])(spawn|fork|exec|execFile)\(/.test(text);
    if (waits && /import \{[^}]*\btest\b[^}]*\} from 'uvu'/.test(text)) offenders.push(relative(root, file));
  }
  assert.equal(offenders, [], `these files wait without a deadline; import { test } from '../deadline.js': ${offenders.join(', ')}`);
});

test('every synchronous child process a test starts has a timeout', () => {
  const offenders: string[] = [];
  for (const file of sources(root)) {
    const text = readFileSync(file, 'utf8');
    for (const name of ['spawnSync', 'execSync', 'execFileSync']) {
      for (const call of calls(text, name)) {
        if (!/\btimeout:/.test(call)) offenders.push(`${relative(root, file)}: ${call.slice(0, 60)}`);
      }
    }
  }
  assert.equal(offenders, []);
});

test('npm test runs the suite under the watchdog', () => {
  const pkg = JSON.parse(readFileSync(join(root, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.match(pkg.scripts.test, /node dist\/test\/run\.js/);
});

/** Run the watchdog runner over one fixture suite with a short linger limit and the given
 *  deadline for the whole suite. */
function watchdog(fixture: string, deadlineMs: number) {
  const runner = join(root, '..', 'dist', 'test', 'run.js');
  const r = spawnSync(process.execPath, [runner, `${fixture}.fixture.js$`], {
    cwd: join(root, '..'), encoding: 'utf8', timeout: CHILD_PROCESS_MS,
    env: { ...process.env, PACTVM_TEST_DEADLINE_MS: String(deadlineMs), PACTVM_TEST_LINGER_MS: '1000' },
  });
  if (r.error) throw new Error(`deadline: the watchdog run over ${fixture} did not finish (${r.error.message})`);
  return r;
}

test('the watchdog kills a suite that never finishes, with a message, and fails the run', () => {
  const r = watchdog('hangs', 3000);
  assert.is(r.status, 1);
  assert.match(r.stderr, /npm test: the suite did not finish within 3 s and was killed/);
});

test('the watchdog kills a suite that reported but keeps its process alive', () => {
  // a deadline far past the linger limit: on a loaded machine the suite may take seconds to start
  // and report, and only the linger limit may end it (it did end by the 3 s deadline once, under
  // a mutation run)
  const r = watchdog('lingers', 60_000);
  assert.is(r.status, 1);
  assert.match(r.stdout, /Passed:\s+1/);
  assert.match(r.stderr, /npm test: the suite reported its totals but did not exit within 1 s/);
});

test('no test is registered after its suite has run (uvu would never run it in that file)', () => {
  const late: string[] = [];
  for (const file of sources(root)) {
    const ran = new Map<string, number>();
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      const run = /^(\w+)\.run\(\);/.exec(line);
      if (run) ran.set(run[1], i);
      const registered = /^(\w+)(?:\.only)?\(['"`]/.exec(line);
      if (registered && ran.has(registered[1])) late.push(`${relative(root, file)}:${i + 1}`);
    });
  }
  assert.equal(late, []);
});

test.run();
