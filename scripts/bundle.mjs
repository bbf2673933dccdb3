// Build step after tsc: bundles the `pactvm` command and its test worker, each into one file under
// dist/bin/, so that starting the command loads one script instead of ~170 ES modules; then makes
// V8's code cache of the command's bundle by running the bin once (see scripts/bin.cjs). The
// bundle is made from tsc's own output (dist/), so it runs exactly the code the tests test.

import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { copyDataFiles } from './data-files.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** how a stored bundle starts: the parameters Node gives a CommonJS module body */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const out = `${repo}dist/bin`;

/** The crypto libraries are loaded on first use through `createRequire` (libraries.js). In the
 *  bundle the same calls become bundled `require`s, which esbuild turns into lazily initialised
 *  modules: the bundle carries the libraries and still runs none of their code at startup. */
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(b) {
    b.onLoad({ filter: /[\\/]natives[\\/]crypto[\\/]libraries\.js$/ }, async args => {
      const text = await readFile(args.path, 'utf8');
      const calls = text.match(/\bload\('/g)?.length ?? 0;
      if (calls === 0) throw new Error(`${args.path}: no load('…') calls to bundle`);
      // and without `load` itself: making it would load node:module at every start
      const maker = /^import \{ createRequire \} from 'node:module';$|^const load = createRequire\(import\.meta\.url\);$/gm;
      if (text.match(maker)?.length !== 2) throw new Error(`${args.path}: expected the createRequire import and \`const load = createRequire(…)\``);
      return { contents: text.replace(maker, '').replace(/\bload\('/g, "require('"), loader: 'js' };
    });
  },
};

await build({
  entryPoints: { 'pactvm-cli': `${repo}dist/runtime/repl/cli.js`, 'pactvm-worker': `${repo}dist/runtime/repl/test-worker.js` },
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // CommonJS: a lazily loaded part of the bundle (the stream commands, the crypto libraries)
  // requires its Node built-ins only when it runs, where an ES module would import them all upfront
  format: 'cjs',
  // import() of a Node built-in becomes require(): the bin runs the bundle through vm.Script
  // (scripts/bin.cjs), where a real dynamic import has no loader to call
  supported: { 'dynamic-import': false },
  // the bundle's import.meta.url is its own file's URL: the worker beside it, package.json above it
  define: { 'import.meta.url': 'importMetaUrl' },
  // (strict first: ES modules are strict, and so must their bundle be)
  banner: { js: "'use strict';\nconst importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  // class and function names stay as in dist/ (the bytecode dump prints constructor names)
  keepNames: false,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  plugins: [lazyLibraries],
  logLevel: 'warning',
});
// Each bundle is stored as the function the loader calls (a CommonJS module body wrapped as
// Node wraps one), so that the loader hands the file's text to V8 as it is: no copy of ~1 MB
// of text to wrap it at every start. The text is ASCII (esbuild's default charset escapes
// everything else), which lets the loader read it as Latin-1, the cheapest decoding.
for (const name of ['pactvm-cli.js', 'pactvm-worker.js']) {
  const file = `${out}/${name}`;
  const body = (await readFile(file, 'utf8')).replace(/^#!.*/, '');
  if (/[^\x00-\x7f]/.test(body)) throw new Error(`${file}: the bundle is not ASCII, so the loader cannot read it as Latin-1`);
  await writeFile(file, `${WRAPPER_HEAD}${body}\n})`);
}
// dist/bin holds CommonJS files in an ES-module package
await writeFile(`${out}/package.json`, '{ "type": "commonjs" }\n');
// the loaders: the bin, and the worker the CLI starts for --jobs (new URL('./test-worker.js', …))
await copyFile(`${repo}scripts/bin.cjs`, `${out}/pactvm.js`);
await chmod(`${out}/pactvm.js`, 0o755);
await copyFile(`${repo}scripts/bin.cjs`, `${out}/test-worker.js`);
// the data files modules read beside themselves: next to tsc's output and next to the bundles
await copyDataFiles(out);

// the code caches: a run of a small script through the usual paths (lexer, compiler, a module
// deploy, the VM, expect), so that the functions a one-off command needs come precompiled; for
// batches, runs of a broader training set (the tours in scripts/code-cache/: what test suites
// commonly do, modules that depend on each other, the less travelled paths; and the examples),
// once by the CLI's `test` (given the tours' folder, as suites are given theirs) and once on one
// worker of the batch runner (the CLI's own thread would take files too)
const scratch = await mkdtemp(join(tmpdir(), 'pactvm-cache-'));
try {
  await writeFile(join(scratch, 'warm.repl'), [
    '(module m g (defcap g () true) (defun twice:integer (x:integer) (* 2 x)))',
    '(expect "twice" 4 (m.twice 2))',
    '(print (format "{} {}" [(m.twice 21) (hash "abc")]))',
  ].join('\n') + '\n');
  const writing = (loader) => ({ env: { ...process.env, PACTVM_WRITE_CODE_CACHE: loader }, stdio: 'ignore', timeout: 60_000 });
  execFileSync(process.execPath, [`${out}/pactvm.js`, 'run', join(scratch, 'warm.repl')], writing('pactvm.js'));
  const tourFolder = `${repo}scripts/code-cache`;
  const tours = (await readdir(tourFolder)).filter(f => f.endsWith('.repl')).sort().map(f => `${tourFolder}/${f}`);
  const examples = [`${repo}examples/token/token.repl`, `${repo}examples/vesting/vesting.repl`];
  const training = [...tours, ...examples];
  execFileSync(process.execPath, [`${out}/pactvm.js`, 'test', tourFolder, ...examples, '--jobs', '1'], writing('pactvm.js'));
  const { limits } = await import(`${repo}dist/vm/limits.js`);
  const settings = { gasModel: null, gasLimit: null, callDepth: limits.callDepth, fileBytes: limits.fileBytes, root: null, coverage: false, anyKeyWildcard: false };
  const batch = `import { runParallel } from ${JSON.stringify(pathToFileURL(`${repo}dist/runtime/repl/parallel.js`).href)};
    await runParallel(${JSON.stringify(training)}, 1, ${JSON.stringify(settings)},
      r => { if (!r.passed) throw new Error(r.file + ' failed'); }, undefined, new URL(${JSON.stringify(pathToFileURL(`${out}/test-worker.js`).href)}));`;
  execFileSync(process.execPath, ['--input-type=module', '-e', batch], writing('test-worker.js'));
} finally {
  await rm(scratch, { recursive: true, force: true });
}
