// Build step after tsc: bundles the `pactvm` command and its test worker, each into one file under
// dist/bin/, so that starting the command loads one script instead of ~170 ES modules. The bundle
// is made from tsc's own output (dist/), so it runs exactly the code the tests test.

import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
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
      return { contents: text.replace(/\bload\('/g, "require('"), loader: 'js' };
    });
  },
};

await build({
  entryPoints: { pactvm: `${repo}dist/runtime/repl/cli.js`, 'test-worker': `${repo}dist/runtime/repl/test-worker.js` },
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // CommonJS: a lazily loaded part of the bundle (the stream commands, the crypto libraries)
  // requires its Node built-ins only when it runs, where an ES module would import them all upfront
  format: 'cjs',
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
// dist/bin holds CommonJS files in an ES-module package
await writeFile(`${out}/package.json`, '{ "type": "commonjs" }\n');
