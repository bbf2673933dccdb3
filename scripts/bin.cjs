#!/usr/bin/env node
// The `pactvm` bin and its `--jobs` worker: each runs its bundle beside it (made by
// scripts/bundle.mjs) through V8's code cache made at build time, so that a start does not parse
// and compile the whole bundle again. V8 reads a whole cache at the start, so `pactvm test` (a
// batch, where most of the engine runs) reads one made by a broad run (BUNDLE.batch.cache) and
// any other command a small one (BUNDLE.cache); the worker only runs batches. A cache from another Node version is refused
// by V8 and the bundle is compiled as usual. PACTVM_WRITE_CODE_CACHE=<this file's name> writes
// the cache when the process or worker exits (the build does).
'use strict';
// Two V8 flags, set before the bundle is compiled, so that the code caches (which V8 keys by the
// flags) are made and read under them:
// - V8 optimises a function (TurboFan, on background threads) once it has run through this much
//   bytecode; the default (67584) is tuned for long-lived pages. A test batch runs many short
//   scripts, and most of what TurboFan compiled for them never paid back its compile: 8× the
//   budget took ~25–30 % off the 52-file conformance corpus's CPU time. A `--jobs` worker sets
//   32×: with a script running on each core, TurboFan's threads no longer find an idle core, and
//   its compiles pay back less still (the corpus with --jobs 2 on 2 cores: ~5 % less wall time).
//   Flags are the process's, so once a worker starts, the main thread runs at 32× as well.
// - The young generation stays at its first size (1 MB a semi-space) instead of growing toward
//   16 MB. A script's own state (its syntax, modules, tables) lives for the whole script, so a
//   larger young space copies it as often and only adds fresh pages for the kernel to fault in
//   (~7 000 more page faults in the corpus run): ~12 % off the corpus's wall and main-thread
//   time, ~15 % off a loop-heavy script, within a few % on a script that keeps 150k rows. This
//   flag is read whenever the young generation would grow, so it works set at run time: once a
//   process has run a second, runtime/repl/young-generation.ts sets V8's default back, as a long
//   script (large contracts, seconds of work) runs 13–18 % faster with the growth. (Node
//   20's V8 takes 1; later V8s raise it to at least 2, where it changes nothing, and print no error.)
/** this loader's name → the bundle it runs and its V8 flags (test/repl/bundle.test.ts reads the
 *  flags from here) */
const LOADERS = {
  'pactvm.js': { bundle: 'pactvm-cli.js', flags: '--interrupt-budget=540672 --semi-space-growth-factor=1' },
  'test-worker.js': { bundle: 'pactvm-worker.js', flags: '--interrupt-budget=2162688 --semi-space-growth-factor=1' },
};
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { Script } = require('node:vm');
const { basename, join } = require('node:path');

const self = basename(__filename);
require('node:v8').setFlagsFromString(LOADERS[self].flags);
const bundle = join(__dirname, LOADERS[self].bundle);
const cacheFile = self === 'pactvm.js' && process.argv[2] === 'test' ? `${bundle}.batch.cache` : `${bundle}.cache`;
let cachedData;
try { cachedData = readFileSync(cacheFile); } catch { /* no cache: compile */ }
// the bundle is stored as the function to call (a CommonJS module body, wrapped by the build) and
// in ASCII, so its bytes go to V8 as they are
const script = new Script(readFileSync(bundle, 'latin1'), { filename: bundle, cachedData });
if (process.env.PACTVM_WRITE_CODE_CACHE === self) {
  // after the run, so that the functions it compiled are in the cache too; written whole, then
  // renamed, since two workers may finish at once
  process.once('exit', () => {
    const part = `${cacheFile}.${process.pid}.${require('node:worker_threads').threadId}`;
    writeFileSync(part, script.createCachedData());
    renameSync(part, cacheFile);
  });
}
// run as this file: the bundle sees itself as the main module, finds its worker beside it and
// package.json above it
script.runInThisContext()(module.exports, require, module, __filename, __dirname);
