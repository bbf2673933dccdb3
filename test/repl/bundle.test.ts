// The `pactvm` bin and its --jobs worker each run one bundled file (scripts/bundle.mjs, made from
// tsc's dist/ output) through V8's code cache (scripts/bin.cjs): it must print exactly what the unbundled CLI prints, find its
// version and its worker, and need nothing beside it but its data file (the crypto libraries
// travel inside it, loaded on first use; Poseidon's constants are read from the folder on first
// use); without the cache it runs the same.

import { test, CHILD_PROCESS_MS } from '../deadline.js';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { Script } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string; bin: { pactvm: string } };
const bundled = join(repo, pkg.bin.pactvm);
const unbundled = join(repo, 'dist/runtime/repl/cli.js');

// a quick `tsc` without the bundle step leaves an old bundle behind: say so instead of comparing it
const stale = statSync(bundled).mtimeMs < statSync(unbundled).mtimeMs;

/** A copy of the bundle folder, but for the files `without`, with only package.json above it: no
 *  dist/runtime, no node_modules. */
function bundleCopy(prefix: string, without: readonly string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'dist', 'bin'), { recursive: true });
  for (const f of readdirSync(join(repo, 'dist', 'bin'))) {
    if (!without.includes(f)) copyFileSync(join(repo, 'dist', 'bin', f), join(dir, 'dist', 'bin', f));
  }
  copyFileSync(join(repo, 'package.json'), join(dir, 'package.json'));
  return dir;
}
const alone = bundleCopy('pactvm-bundle-');
const lonely = join(alone, pkg.bin.pactvm);

const scripts = join(alone, 'scripts');
mkdirSync(scripts);
const write = (name: string, text: string) => { writeFileSync(join(scripts, name), text); return join(scripts, name); };
// crypto natives (each library loaded on first use), a module, print, a failing expect, table gas
const crypto = write('crypto.repl', `(module m g (defcap g () true) (defun twice (x:integer) (* 2 x)))
(print (m.twice 21))
(expect "keccak" "xdJGAYb3IzySfn2y3McDwOUAtlPKgic7e_rYBF2FpHA" (hash-keccak256 []))
(expect "poseidon" 18586133768512220936620570745912940619677854269274689475585506675881198879027 (hash-poseidon 1))
(expect "point-add" {"x": 1, "y": 2} (point-add "g1" {"x": 1, "y": 2} {"x": 0, "y": 0}))
(expect "fails on purpose" 1 2)
(env-gasmodel "table")
(env-gaslimit 100000)
(fold (+) 0 (enumerate 1 1000))
(env-gas)
`);
const failing = write('error.repl', '(print "before")\n(+ 1 "a")\n');
const dump = write('dump.repl', '(+ 1 2)\n{"a": [1 2]}\n(at "a" {"a": 1.5})\n(time "2016-07-22T12:00:00Z")\n');
write('pass.repl', '(expect "adds" 3 (+ 1 2))\n');

interface Run { status: number | null; stdout: string; stderr: string }
const run = (bin: string, args: string[], input?: string): Run => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: CHILD_PROCESS_MS, cwd: alone, input });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** `test --reporter json` lines without their timings, which differ from run to run. */
const untimed = (text: string) => text.trim().split('\n').map(line => {
  const { durationMs: _ms, ...rest } = JSON.parse(line) as { durationMs: number };
  return rest;
});

test('the bundle is as new as the build it was made from', () => {
  assert.ok(!stale, `${pkg.bin.pactvm} is older than dist/: run \`npm run build\` (or \`node scripts/bundle.mjs\` after tsc)`);
});

test('the code caches made at build time, the CLI\'s (one-off and batch) and the worker\'s, are ones this Node accepts under the loader\'s V8 flags', () => {
  // V8 keys a code cache by its flags: each loader sets its own before compiling its bundle
  const loader = readFileSync(join(repo, 'dist', 'bin', 'pactvm.js'), 'utf8');
  const flagsOf = (name: string) => {
    const m = new RegExp(`'${name.replace('.', '\\.')}': \\{ bundle: '[^']+', flags: '([^']+)' \\}`).exec(loader);
    assert.ok(m, `the loader's flags for ${name}`);
    return m![1]!;
  };
  for (const [name, cache, loaderName] of [['pactvm-cli.js', 'cache', 'pactvm.js'], ['pactvm-cli.js', 'batch.cache', 'pactvm.js'],
    ['pactvm-worker.js', 'cache', 'test-worker.js']]) {
    setFlagsFromString(flagsOf(loaderName!));
    const bundle = join(repo, 'dist', 'bin', name);
    // the loader reads the bundle as Latin-1: right only for ASCII text
    assert.ok(readFileSync(bundle).every(b => b < 0x80), `${name} is ASCII`);
    const script = new Script(readFileSync(bundle, 'latin1'), { filename: bundle, cachedData: readFileSync(`${bundle}.${cache}`) });
    assert.is(script.cachedDataRejected, false, `${name}.${cache}`);
  }
  // the batch cache was made by the broader run
  assert.ok(statSync(join(repo, 'dist', 'bin', 'pactvm-cli.js.batch.cache')).size > statSync(join(repo, 'dist', 'bin', 'pactvm-cli.js.cache')).size);
});

test('`pactvm test` reads (and the build writes) the batch cache, any other command the small one', () => {
  const own = mkdtempSync(join(tmpdir(), 'pactvm-caches-'));
  mkdirSync(join(own, 'dist', 'bin'), { recursive: true });
  for (const f of readdirSync(join(alone, 'dist', 'bin'))) copyFileSync(join(alone, 'dist', 'bin', f), join(own, 'dist', 'bin', f));
  copyFileSync(join(repo, 'package.json'), join(own, 'package.json'));
  const cache = (name: string) => readFileSync(join(own, 'dist', 'bin', name));
  const write = (args: string[]) => {
    const r = spawnSync(process.execPath, [join(own, pkg.bin.pactvm), ...args],
      { encoding: 'utf8', timeout: CHILD_PROCESS_MS, env: { ...process.env, PACTVM_WRITE_CODE_CACHE: 'pactvm.js' } });
    assert.is(r.status, 0, r.stderr);
  };
  const [small, batch] = [cache('pactvm-cli.js.cache'), cache('pactvm-cli.js.batch.cache')];
  write(['run', dump]);
  assert.not.equal(cache('pactvm-cli.js.cache'), small, 'run writes the small cache');
  assert.equal(cache('pactvm-cli.js.batch.cache'), batch, 'run leaves the batch cache');
  const afterRun = cache('pactvm-cli.js.cache');
  write(['test', join(scripts, 'pass.repl')]);
  assert.not.equal(cache('pactvm-cli.js.batch.cache'), batch, 'test writes the batch cache');
  assert.equal(cache('pactvm-cli.js.cache'), afterRun, 'test leaves the small cache');
  rmSync(own, { recursive: true, force: true });
});

test('without its code cache the bundle prints the same', () => {
  const bare = join(alone, 'bare');
  mkdirSync(join(bare, 'dist', 'bin'), { recursive: true });
  for (const f of readdirSync(join(alone, 'dist', 'bin'))) {
    if (!f.endsWith('.cache')) copyFileSync(join(alone, 'dist', 'bin', f), join(bare, 'dist', 'bin', f));
  }
  copyFileSync(join(repo, 'package.json'), join(bare, 'package.json'));
  assert.not.ok(existsSync(join(bare, 'dist', 'bin', 'pactvm-cli.js.cache')));
  for (const args of [['run', crypto, '--trace'], ['--version']]) assert.equal(run(join(bare, pkg.bin.pactvm), args), run(lonely, args));
  const jobs = ['test', scripts, '--jobs', '2', '--reporter', 'json'];
  const [a, b] = [run(join(bare, pkg.bin.pactvm), jobs), run(lonely, jobs)];
  assert.is(a.stderr, b.stderr);
  assert.equal(untimed(a.stdout), untimed(b.stdout));
});

test('--version of the bundle names package.json\'s version, as the unbundled CLI does', () => {
  const r = run(lonely, ['--version']);
  assert.is(r.stdout, `pactvm ${pkg.version} (Pact 5.4)\n`);
  assert.is(run(unbundled, ['--version']).stdout, r.stdout);
});

test('a copy of the bundle alone runs crypto natives, modules, prints, failures and gas exactly as the unbundled CLI', () => {
  for (const args of [['run', crypto], ['run', crypto, '--trace'], ['run', failing], ['run', dump, '--dump', 'bytecode'],
    ['run', dump, '--dump', 'ast'], ['gas', crypto]]) {
    const a = run(lonely, args), b = run(unbundled, args);
    assert.equal(a, b, args.join(' '));
  }
  // the commands loaded on demand inside the bundle: the REPL, the stream tools, the typechecker
  for (const args of [['repl'], ['node', '--help'], ['check', scripts], ['builtins']]) {
    assert.equal(run(lonely, args, '(+ 1 2)\n'), run(unbundled, args, '(+ 1 2)\n'), args.join(' '));
  }
  assert.is(run(lonely, ['repl'], '(+ 1 2)\n').stdout, 'pact> 3\npact> goodbye\n');
  const r = run(lonely, ['run', crypto, '--trace']);
  assert.is(r.status, 1);
  assert.match(r.stdout, /Print: 42\n.*"Expect: success keccak"\n.*"Expect: success poseidon"\n.*"Expect: success point-add"\n/);
  assert.match(r.stdout, /Trace: 500500\n.*Trace: 239\n/); // the fold, then its table gas
});

test('the field module (BN254, Poseidon) is read from beside the bundle on first use: without it, only the hash fails, located, naming it', () => {
  const data = readdirSync(join(alone, 'dist', 'bin')).filter(f => f.endsWith('.bin') || f.endsWith('.wasm'));
  assert.equal(data, ['bn254-fields.wasm']);
  const bare = bundleCopy('pactvm-bundle-bare-', data);
  try {
    const script = join(bare, 'p.repl');
    writeFileSync(script, '(print "before")\n(expect "adds" 3 (+ 1 2))\n(hash-poseidon 1)\n');
    const r = run(join(bare, pkg.bin.pactvm), ['run', script]);
    assert.is(r.status, 1);
    assert.is(r.stdout, '"before"\n');
    const missing = join(bare, 'dist', 'bin', 'bn254-fields.wasm');
    assert.ok(r.stderr.startsWith(`${script}:3:0: internal error: BN254: cannot read ${missing} (ENOENT)`), r.stderr);
    // a file cut short is refused as not the module, not run as something else
    writeFileSync(missing, readFileSync(join(alone, 'dist', 'bin', 'bn254-fields.wasm')).subarray(0, 1000));
    const cut = run(join(bare, pkg.bin.pactvm), ['run', script]);
    assert.ok(cut.stderr.startsWith(`${script}:3:0: internal error: BN254: ${missing} is not the module the build writes (`), cut.stderr);
    // with the file beside it, the same script passes
    assert.is(run(lonely, ['run', script]).status, 0);
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
});

test('test --jobs 2 runs its workers from the bundle and reports what the unbundled --jobs 1 reports', () => {
  const a = run(lonely, ['test', scripts, '--jobs', '2', '--reporter', 'json']);
  const b = run(unbundled, ['test', scripts, '--jobs', '1', '--reporter', 'json']);
  assert.is(a.status, 1);
  assert.is(a.stderr, '2 passed, 2 failed\n'); // crypto.repl (its failing expect) and error.repl
  assert.is(b.stderr, a.stderr);
  assert.equal(untimed(a.stdout), untimed(b.stdout));
});

test('test --watch from the bundle reruns a changed script, then stops on SIGINT', async () => {
  const dir = join(alone, 'watched');
  mkdirSync(dir);
  writeFileSync(join(dir, 'w.repl'), '(expect "one" 1 1)\n');
  const child = spawn(process.execPath, [lonely, 'test', '--watch', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stdout.on('data', d => { out += d; });
  child.stderr.on('data', d => { err += d; });
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
  const waitFor = (read: () => string, pattern: RegExp) => new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (pattern.test(read())) { clearInterval(poll); resolve(); }
      else if (Date.now() - started > 30_000) { clearInterval(poll); reject(new Error(`timed out waiting for ${pattern}:\n${read()}`)); }
    }, 50);
  });
  try {
    await waitFor(() => err, /watching for changes/);
    writeFileSync(join(dir, 'w.repl'), '(expect "one" 1 2)\n');
    await waitFor(() => out, /0 passed, 1 failed\n$/);
    assert.match(out, /^PASS .*w\.repl .*\n1 passed, 0 failed\nFAIL .*w\.repl .*\n.*FAILURE: one expected: 1, received: 2\n0 passed, 1 failed\n$/);
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<string>(r => setTimeout(() => r('no exit'), 10_000))]);
    assert.is(code, 1);
  } finally {
    child.kill('SIGKILL');
  }
});

test.after(() => rmSync(alone, { recursive: true, force: true }));

test.run();
