// pactvm where the JavaScript runtime has no WebAssembly (`node --jitless`): module hashes fall back
// to @noble/hashes' BLAKE2b, so scripts deploy and run as usual; the BN254 and Poseidon natives,
// which need it, stop the script with a located message saying so, not as a bug to report, and
// not as a Pact error that `try` could take. Where WebAssembly is there but refuses to compile
// our modules, files are read and modules hashed in JavaScript.
import { test, CHILD_PROCESS_MS } from '../deadline.js';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../runtime/repl/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pactvm-jitless-'));
const run = (flags: string[], file: string) =>
  spawnSync(process.execPath, [...flags, cli, 'run', '--trace', join(dir, file)], { encoding: 'utf8', timeout: CHILD_PROCESS_MS });

writeFileSync(join(dir, 'deploy.repl'), [
  '(begin-tx)',
  '(module m g (defcap g () true) (defun twice:integer (x:integer) (* 2 x)))',
  '(commit-tx)',
  '(expect "twice" 4 (m.twice 2))',
].join('\n'));
writeFileSync(join(dir, 'poseidon.repl'), '(expect "poseidon" 1 1)\n(try 0 (poseidon-hash-hack-a-chain 1))\n');

test('a module deploys under node --jitless, with the hash it has elsewhere', () => {
  const usual = run([], 'deploy.repl');
  const jitless = run(['--jitless'], 'deploy.repl');
  assert.is(usual.status, 0, usual.stdout + usual.stderr);
  assert.is(jitless.status, 0, jitless.stdout + jitless.stderr);
  const hashOf = (out: string) => /Loaded module m, hash ([\w-]{43})/.exec(out)?.[1];
  assert.ok(hashOf(usual.stdout));
  assert.is(hashOf(jitless.stdout), hashOf(usual.stdout));
});

test('a Poseidon hash under node --jitless stops the script with a located message no try takes', () => {
  const r = run(['--jitless'], 'poseidon.repl');
  assert.is(r.status, 1);
  assert.match(r.stdout + r.stderr, /poseidon\.repl:2:7: BN254 pairings and Poseidon hashes need WebAssembly, which this JavaScript runtime lacks/);
  assert.not.match(r.stdout + r.stderr, 'please report');
  assert.match(r.stdout + r.stderr, 'Expect: success poseidon', 'the script ran up to there');
});

test('where WebAssembly refuses to compile modules, a module deploys with the hash it has elsewhere', () => {
  const refuse = 'data:text/javascript,WebAssembly.Module = function () { throw new WebAssembly.CompileError("refused"); };';
  const usual = run([], 'deploy.repl');
  const refused = run(['--import', refuse], 'deploy.repl');
  assert.is(refused.status, 0, refused.stdout + refused.stderr);
  const hashOf = (out: string) => /Loaded module m, hash ([\w-]{43})/.exec(out)?.[1];
  assert.ok(hashOf(usual.stdout));
  assert.is(hashOf(refused.stdout), hashOf(usual.stdout));
});

test('where WebAssembly refuses to compile the reader, files are read by the JavaScript lexer and grammar check', () => {
  const compiler = new URL('../../compiler/index.js', import.meta.url).href;
  const script = `WebAssembly.Module = function () { throw new WebAssembly.CompileError('refused'); };
    const { read, SourceFile } = await import(${JSON.stringify(compiler)});
    const forms = read(new SourceFile('t.repl', '(+ 1 2) "a"'));
    let error = '';
    try { read(new SourceFile('u.repl', '(+ 1')); } catch (e) { error = e.message; }
    console.log(JSON.stringify([forms.length, error]));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: CHILD_PROCESS_MS });
  assert.is(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout), [2, "Expected: [')']"]);
});

test.run();
