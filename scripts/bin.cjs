#!/usr/bin/env node
// The `pactvm` bin: runs the bundled CLI beside it (pactvm-cli.js, made by scripts/bundle.mjs)
// through V8's code cache made at build time (pactvm-cli.js.cache), so that a start does not parse
// and compile the whole bundle again. A cache from another Node version is refused by V8 and the
// bundle is compiled as usual. PACTVM_WRITE_CODE_CACHE=1 writes the cache at exit (the build does).
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { Script } = require('node:vm');
const { join } = require('node:path');

const bundle = join(__dirname, 'pactvm-cli.js');
const cacheFile = `${bundle}.cache`;
let cachedData;
try { cachedData = readFileSync(cacheFile); } catch { /* no cache: compile */ }
// the bundle as a CommonJS module body; a shebang line would not parse inside the function
const body = readFileSync(bundle, 'utf8').replace(/^#!.*/, '');
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${body}\n})`,
  { filename: bundle, cachedData });
if (process.env.PACTVM_WRITE_CODE_CACHE === '1') {
  // after the run, so that the functions it compiled are in the cache too
  process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
}
// run as this file: the bundle sees itself as the main module, finds its worker beside it and
// package.json above it
script.runInThisContext()(module.exports, require, module, __filename, __dirname);
