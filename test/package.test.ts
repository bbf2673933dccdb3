// The published package: `npm pack` ships the built library and the bin, and a project that installs
// the tarball can import the API with its types and run `pactvm`.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>; bin: Record<string, string>; exports: Record<string, unknown>;
};
/** Each child process gets a deadline: packing, the consumer script, the type check. */
const DEADLINE_MS = 120_000;

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', timeout: DEADLINE_MS, stdio: ['ignore', 'pipe', 'pipe'] });

/** The packed tarball unpacked as `node_modules/pactvm` of a fresh project, its dependencies linked in. */
function installPacked(): { project: string; files: string[] } {
  const project = mkdtempSync(join(tmpdir(), 'pactvm-pack-'));
  const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], repo)) as { filename: string; files: { path: string }[] }[];
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  run('tar', ['-xzf', join(project, packed.filename), '-C', modules], repo);
  renameSync(join(modules, 'package'), join(modules, 'pactvm'));
  for (const dep of [...Object.keys(pkg.dependencies), '@types/node']) {
    mkdirSync(dirname(join(modules, dep)), { recursive: true });
    symlinkSync(join(repo, 'node_modules', dep), join(modules, dep), 'dir');
  }
  writeFileSync(join(project, 'package.json'), '{"type": "module"}\n');
  writeFileSync(join(project, 'ok.repl'), '(expect "adds" 3 (+ 1 2))\n(expect "concatenates" "ab" (+ "a" "b"))\n');
  writeFileSync(join(project, 'poseidon.repl'),
    '(expect "hashes" 18586133768512220936620570745912940619677854269274689475585506675881198879027 (hash-poseidon 1))\n');
  return { project, files: packed.files.map(f => f.path) };
}

const { project, files } = installPacked();

test('the tarball holds the library, its declarations and the bin, and no tests, benchmarks or maps', () => {
  for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/stream/index.d.ts', pkg.bin.pactvm, 'dist/runtime/repl/test-worker.js', 'README.md',
    // the field module (BN254, Poseidon), beside the module that reads it and beside the bundles
    'dist/runtime/natives/crypto/bn254-fields.wasm', 'dist/bin/bn254-fields.wasm']) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  assert.equal(files.filter(f => f.startsWith('dist/test/') || f.startsWith('dist/bench/') || f.endsWith('.map')), []);
});

test("a project that installed the tarball imports the API and runs a script through it", () => {
  writeFileSync(join(project, 'use.js'), `
import { runScript, ReplSession, HeaderStreamClient, runSource, SourceFile, pretty } from 'pactvm';
import { HeaderStreamClient as StreamOnly } from 'pactvm/stream';
const r = runScript('ok.repl');
const hashed = runScript('poseidon.repl');
const s = new ReplSession();
runSource(s, new SourceFile('inline.repl', '(defun twice (x) (* 2 x))'));
runSource(s, new SourceFile('inline.repl', '(expect "doubles" 8 (twice 4))'));
console.log(JSON.stringify({ passed: r.passed, expects: r.expects, hashed: hashed.passed, session: s.testResults.map(t => t.passed),
  client: typeof HeaderStreamClient, same: HeaderStreamClient === StreamOnly, pretty: pretty(1n) }));
`);
  assert.equal(JSON.parse(run('node', ['use.js'], project)), {
    passed: true, expects: { passed: 2, failed: 0 }, hashed: true, session: [true], client: 'function', same: true, pretty: '1',
  });
});

test('the declarations type a consumer: right uses compile, a wrong argument is an error', () => {
  writeFileSync(join(project, 'typed.ts'), `
import { runScript, ReplSession, HeaderStreamClient, type FileResult } from 'pactvm';
const r: FileResult = runScript('ok.repl', { gasLimit: 1000 });
const passed: boolean = r.passed;
const session = new ReplSession();
const failures: number = session.testResults.filter(t => !t.passed).length;
const client = new HeaderStreamClient('http://127.0.0.1:1848', { depth: 6 });
// @ts-expect-error runScript takes a path, not a number
runScript(42);
export { passed, failures, client };
`);
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, types: ['node'] },
    files: ['typed.ts'],
  }));
  const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
  let output = '';
  try { output = run('node', [tsc, '-p', 'tsconfig.json'], project); } catch (e) { output = String((e as { stdout?: string }).stdout ?? e); }
  assert.is(output, '');
});

test('the packed bin runs: --version, and a script to "Load successful"', () => {
  const bin = join(project, 'node_modules', 'pactvm', pkg.bin.pactvm);
  assert.is(readFileSync(bin, 'utf8').split('\n')[0], '#!/usr/bin/env node');
  assert.is(run('node', [bin, 'run', 'ok.repl'], project), 'Load successful\n');
  assert.is(run('node', [bin, 'run', 'poseidon.repl'], project), 'Load successful\n');
});

test.after(() => rmSync(project, { recursive: true, force: true }));

test.run();
