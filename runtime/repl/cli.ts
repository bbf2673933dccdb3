#!/usr/bin/env node
// The `pactvm` command line: run, test, gas, check, repl, builtins and the block-header stream
// commands, all parsed by one parser (stream/args.ts) against the flags each command declares below.

import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { SourceFile, lex, read, compileExpression } from '../../compiler/index.js';
import { showSyntax } from '../../compiler/syntax.js';
import { disassemble } from '../../vm/disassemble.js';
import { PactError } from '../../vm/errors.js';
import { Span } from '../../vm/source.js';
import { engineFailure, limits } from '../../vm/limits.js';
import { ioReason, readScriptFile, ScriptFileError, walkScripts } from './script-files.js';
import { ReplSession } from './session.js';
import { runScript, parseGasModel, type RunOptions } from './runner.js';
import { renderError, renderFailure } from './report.js';
import { failedFile, largestFirst, portable, runParallel, type PortableResult } from './parallel.js';
import { coverageSummary, mergeCoverage, writeLcov, type CoverageReport } from './coverage.js';
import { checkCommand } from './check.js';
import { Progress } from './progress.js';
import { affectedScripts, dependencies as scriptDependencies, watchFiles } from './watch.js';
import { jsonReport, junitReport, prettyReport, summaryLine, tapReport } from './reporters.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../gas/meter.js';
import { PACT_VERSION } from './natives.js';
import { BUILTINS, namedOverload, userNamed } from '../../vm/builtins.js';
import {
  UsageError, choiceFlag, commandUsage, parseArgs, stringFlag, type CommandSpec, type FlagSpec, type ParsedArgs,
} from '../../stream/args.js';

const PROGRAM = 'pactvm';

const GAS_FLAGS: readonly FlagSpec[] = [
  { name: 'gasmodel', value: 'MODEL', help: 'table (Pact\'s gas table) or fixed:RATE (RATE gas per step)' },
  { name: 'gaslimit', value: 'N', help: 'gas limit in whole gas units (a script over it fails with Pact\'s error)' },
];

const LIMIT_FLAGS: readonly FlagSpec[] = [
  { name: 'max-call-depth', value: 'N', help: 'deepest Pact call nesting before a located "call too deep" error' },
  { name: 'max-file-size', value: 'SIZE', help: 'largest script or loaded file, in bytes with an optional K, M or G (default 64M)' },
];

/** The opt-in `any` signature wildcard (decisions.md, env-sigs). */
const ANY_KEY: FlagSpec = { name: 'any-key-wildcard', help: 'a signature with key "any" signs for every key (the seed\'s wildcard)' };

const COVERAGE_FLAGS: readonly FlagSpec[] = [
  { name: 'coverage', help: 'measure module code and write LCOV to coverage/lcov.info, with a summary on stderr' },
  { name: 'coverage-dir', value: 'DIR', help: 'write the LCOV file to DIR/lcov.info instead (implies --coverage)' },
];

/** A command: its usage (flags and all) and what runs it. Add a command here and it is dispatched,
 *  listed in `pactvm --help` and given its own `--help`. */
interface Command extends CommandSpec {
  main(argv: string[]): number | Promise<number>;
}

/** An engine command: its arguments parsed against its flags; `--help` and usage errors handled alike. */
function command(spec: CommandSpec, body: (args: ParsedArgs) => number | Promise<number>): Command {
  return {
    ...spec,
    async main(argv) {
      try {
        const args = parseArgs(argv, spec.flags);
        if (args.help) { process.stdout.write(commandUsage(PROGRAM, spec)); return 0; }
        return await body(args);
      } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        process.stderr.write(`${PROGRAM} ${spec.name}: ${e.message}\n${commandUsage(PROGRAM, spec)}`);
        return 2;
      }
    },
  };
}

/** The stream commands parse their own arguments (stream/cli.ts, with the same parser). */
function streamCommand(spec: CommandSpec): Command {
  return {
    ...spec,
    async main(argv) {
      const streamCli = await import('../../stream/cli.js');
      return spec.name === 'headers' ? streamCli.headersCommand(argv) : streamCli.nodeCommand(argv);
    },
  };
}

export const COMMANDS: readonly Command[] = [
  command({
    name: 'run', args: 'FILE.repl', summary: 'Run a script as Pact does: its output and failures, then "Load successful" or "Load failed".',
    flags: [
      { name: 'trace', help: 'also print every top-level result and print with its location' },
      { name: 'dump', value: 'STAGE', help: 'print a compiler stage instead of running: tokens, ast or bytecode' },
      ...GAS_FLAGS, ...COVERAGE_FLAGS, ANY_KEY, ...LIMIT_FLAGS,
    ],
  }, runCommand),
  command({
    name: 'test', args: 'PATH...', summary: 'Run scripts (folders: every .repl inside), each from a fresh state; exit 1 if any fails.',
    flags: [
      { name: 'reporter', value: 'NAME', help: 'pretty (default), json (JSON lines), tap (TAP 14) or junit (JUnit XML)' },
      { name: 'jobs', value: 'N', help: 'run scripts on N threads, this one and N - 1 workers (output stays in file order)' },
      { name: 'watch', help: 'then rerun the scripts a change to a .repl or .pact file affects, until interrupted' },
      { name: 'shard', value: 'K/N', help: 'run only the K-th of N interleaved slices of the files' },
      { name: 'bail', help: 'stop at the first failing file' },
      { name: 'root', value: 'DIR', help: 'confine `load` to DIR (for untrusted scripts)' },
      ...GAS_FLAGS, ...COVERAGE_FLAGS, ANY_KEY, ...LIMIT_FLAGS,
    ],
  }, args => (args.flags.has('watch') ? watchCommand(args) : testCommand(args))),
  command({
    name: 'gas', args: 'FILE.repl', summary: 'Run a script metered and show where the gas went, by function and by native.',
    flags: [{ name: 'folded', help: 'print folded stacks (flame-graph input) instead of tables' }, ...GAS_FLAGS, ...LIMIT_FLAGS],
  }, gasCommand),
  command({ name: 'check', args: 'PATH...', summary: 'Typecheck every module the scripts and .pact files define; exit 1 on any error.', flags: [] },
    args => {
      if (args.positional.length === 0) throw new UsageError('expected at least one file or folder');
      return checkCommand(args.positional, t => process.stdout.write(t));
    }),
  command({ name: 'repl', args: '', summary: 'The interactive REPL.', flags: [ANY_KEY] },
    // loaded when asked for (line editing, readline): the other commands start without it
    async args => (await import('./interactive.js')).interactive(process.stdin, process.stdout, args.flags.has(ANY_KEY.name))),
  command({ name: 'builtins', args: '', summary: 'List every native: its name, its argument counts, whether it is REPL-only.', flags: [] },
    builtinsCommand),
  streamCommand({ name: 'headers', args: 'URL', summary: 'Follow a node\'s block-header stream and print confirmed headers.', flags: [] }),
  streamCommand({ name: 'node', args: '', summary: 'Run a local node serving a header stream (--replay FILE or --synthetic).', flags: [] }),
];

/** `pactvm --help`: every command's usage line and summary. */
function overview(): string {
  const lines = [`usage: ${PROGRAM} COMMAND [options]   (${PROGRAM} COMMAND --help for a command's options)`, 'commands:'];
  const width = Math.max(...COMMANDS.map(c => (c.name + (c.args ? ` ${c.args}` : '')).length)) + 2;
  for (const c of COMMANDS) lines.push(`  ${(c.name + (c.args ? ` ${c.args}` : '')).padEnd(width)}${c.summary}`);
  lines.push(`  ${'--version'.padEnd(width)}print the version`);
  return lines.join('\n') + '\n';
}

export function version(): string {
  return `${PROGRAM} ${ownPackage().version} (Pact ${PACT_VERSION})`;
}

/** pactvm's package.json: the nearest one named pactvm above this module, which is
 *  dist/runtime/repl/cli.js in the tsc build and dist/bin/pactvm.js in the bundle. */
function ownPackage(): { version: string } {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    let pkg: { name?: string; version: string } | undefined;
    try { pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version: string }; } catch { /* none here */ }
    if (pkg?.name === PROGRAM) return pkg;
    if (dir.pathname === '/') throw new Error('cannot find pactvm\'s package.json');
  }
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  quietOnClosedStdout(name === 'headers' || name === 'node');
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = rest[0] === undefined ? undefined : COMMANDS.find(c => c.name === rest[0]);
    if (topic) return topic.main(['--help']);
    process.stdout.write(overview());
    return 0;
  }
  if (name === '--version' || name === '-V') { process.stdout.write(version() + '\n'); return 0; }
  const found = COMMANDS.find(c => c.name === name);
  if (found) return found.main(rest);
  const what = name === undefined ? 'no command given' : name.startsWith('-') ? `unknown option ${name}` : `unknown command "${name}"`;
  process.stderr.write(`${PROGRAM}: ${what}\n${overview()}`);
  return 2;
}

/** `pactvm builtins`: the native catalogue, one name a line, sorted, with its argument counts. */
function builtinsCommand(): number {
  const byName = new Map<string, { counts: number[]; repl: boolean }>();
  for (const b of BUILTINS.filter(userNamed)) {
    for (const n of namedOverload(b.name) ? [b.surface, b.name] : [b.surface]) {
      const entry = byName.get(n) ?? { counts: [], repl: b.repl };
      if (!entry.counts.includes(b.arity)) entry.counts.push(b.arity);
      byName.set(n, entry);
    }
  }
  const sorted = [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const width = Math.max(...sorted.map(([n]) => n.length)) + 2;
  for (const [n, { counts, repl }] of sorted) {
    const args = counts.sort((a, b) => a - b).join(', ');
    process.stdout.write(`${n.padEnd(width)}${repl ? `${args.padEnd(8)}REPL only` : args}\n`);
  }
  return 0;
}

/**
 * `… | head -1`: once stdout is closed the rest of the output has nowhere to go. A finite command
 * finishes silently so that its exit code is the usual one; a stream ends at once.
 */
function quietOnClosedStdout(streaming: boolean): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    if (streaming) process.exit(0);
    process.stdout.write = (() => true) as typeof process.stdout.write;
  });
}

/** `--max-call-depth N` and `--max-file-size SIZE` raise (or lower) the engine's limits. */
function applyLimits(args: ParsedArgs): void {
  const depth = stringFlag(args, 'max-call-depth');
  if (depth !== undefined) {
    if (!/^[1-9]\d*$/.test(depth)) throw new UsageError(`--max-call-depth must be a positive whole number, got "${depth}"`);
    limits.callDepth = Number(depth);
  }
  const size = stringFlag(args, 'max-file-size');
  if (size !== undefined) {
    const m = /^(\d+)([KMG]?)$/i.exec(size);
    if (!m) throw new UsageError(`--max-file-size must be a number of bytes, optionally with K, M or G, got "${size}"`);
    limits.fileBytes = Number(m[1]) * 1024 ** ' KMG'.indexOf((m[2] || ' ').toUpperCase());
  }
}

/** `--coverage [--coverage-dir DIR]`: where the LCOV file goes, or null when coverage is off. */
function coverageFile(args: ParsedArgs): string | null {
  const dir = stringFlag(args, 'coverage-dir');
  if (!args.flags.has('coverage') && dir === undefined) return null;
  return join(dir ?? 'coverage', 'lcov.info');
}

/** Write the batch's merged coverage and print the per-file summary (stderr: stdout may carry a
 *  report). False, with the reason on stderr, when the file cannot be written. */
function finishCoverage(path: string, report: CoverageReport): boolean {
  try {
    writeLcov(path, report);
  } catch (e) {
    process.stderr.write(`pactvm: cannot write coverage to ${path}: ${ioReason(e)}\n`);
    return false;
  }
  process.stderr.write(coverageSummary(report) + `coverage written to ${path}\n`);
  return true;
}

/** `--gasmodel` and `--gaslimit` (whole gas units; the meter counts milligas), the limits and the wildcard. */
function runOptions(args: ParsedArgs): RunOptions {
  applyLimits(args);
  const r: RunOptions = {};
  if (args.flags.has(ANY_KEY.name)) r.anyKeyWildcard = true;
  const model = stringFlag(args, 'gasmodel');
  if (model !== undefined) {
    try { r.gasModel = parseGasModel(model); } catch (e) { throw new UsageError((e as Error).message); }
  }
  const limit = stringFlag(args, 'gaslimit');
  if (limit !== undefined) {
    if (!/^\d+$/.test(limit)) throw new UsageError(`--gaslimit must be a whole number of gas units, got "${limit}"`);
    r.gasLimit = Number(limit) * 1000;
  }
  return r;
}

/** The one file a command runs: exactly one positional argument. */
function oneFile(args: ParsedArgs): string {
  if (args.positional.length !== 1) {
    throw new UsageError(args.positional.length === 0 ? 'expected a file' : `expected one file, got ${args.positional.length}`);
  }
  return args.positional[0]!;
}

function runCommand(args: ParsedArgs): number {
  const file = oneFile(args);
  const options = runOptions(args);
  const dump = choiceFlag(args, 'dump', ['tokens', 'ast', 'bytecode'] as const);
  if (dump) return dumpCommand(file, dump);
  const trace = args.flags.has('trace');
  const lcov = coverageFile(args);
  const result = runScript(file, {
    ...options,
    coverage: lcov !== null,
    out: {
      print: (text, span) => process.stdout.write((trace ? `${span ? span.range() : file}:Print: ` : '') + text + '\n'),
      trace: (text, span) => { if (trace) process.stdout.write(`${span ? span.range() : file}:Trace: ${text}\n`); },
      traced: trace,
    },
  });
  if (lcov !== null && !finishCoverage(lcov, result.coverage!)) return 1;
  if (result.errorText !== null) {
    process.stderr.write(result.errorText + '\nLoad failed\n');
    return 1;
  }
  const failed = result.results.filter(r => !r.passed);
  if (failed.length) {
    process.stdout.write(failed.map(renderFailure).join('\n') + '\n');
    process.stderr.write('Load failed\n');
    return 1;
  }
  process.stdout.write('Load successful\n');
  return 0;
}

/** `pactvm gas FILE`: run the script metered (table model, no practical limit unless given)
 *  and print where the gas went. */
function gasCommand(args: ParsedArgs): number {
  const file = oneFile(args);
  const run = runOptions(args);
  const r = runScript(file, { gasModel: run.gasModel ?? TABLE_MODEL, gasLimit: run.gasLimit ?? MAX_MILLIGAS, profile: true });
  const profile = r.profile!;
  process.stdout.write(args.flags.has('folded') ? profile.foldedText() : profile.tableText(file));
  if (r.errorText !== null) {
    process.stderr.write(r.errorText + '\nLoad failed\n');
    return 1;
  }
  return 0;
}

function dumpCommand(file: string, stage: 'tokens' | 'ast' | 'bytecode'): number {
  let source: SourceFile;
  try {
    source = new SourceFile(file, readScriptFile(file));
  } catch (e) {
    if (!(e instanceof ScriptFileError)) throw e;
    process.stderr.write(`cannot read file ${file}: ${e.message}\n`);
    return 1;
  }
  try {
    switch (stage) {
      case 'tokens':
        for (const t of lex(source)) {
          const p = source.position(t.start);
          process.stdout.write(`${p.line + 1}:${p.col}\t${t.type}\t${t.text}\n`);
        }
        return 0;
      case 'ast':
        for (const form of read(source)) process.stdout.write(showSyntax(form) + '\n');
        return 0;
      case 'bytecode': {
        const session = new ReplSession();
        for (const form of read(source)) {
          const head = form.t === 'paren' ? form.items[0] : undefined;
          if (head?.t === 'keyword') { process.stdout.write(`;; ${head.name} form (not an expression)\n`); continue; }
          process.stdout.write(disassemble(compileExpression(form, session)) + '\n');
        }
        return 0;
      }
    }
  } catch (e) {
    // the dump runs the compiler outside runSource: map engine failures the same way
    const f = e instanceof PactError ? e : engineFailure(e, new Span(source, 0, Math.min(1, source.text.length)));
    process.stderr.write(renderError(f instanceof PactError ? f : f.toPactError()));
    return 1;
  }
}

/** Expand folders into their .repl files (recursively, sorted); paths that cannot be walked are left out. */
export function collectScripts(paths: string[]): string[] {
  return walkScripts(paths).filter(e => !('problem' in e)).map(e => e.file);
}

async function testCommand(args: ParsedArgs): Promise<number> {
  if (args.positional.length === 0) throw new UsageError('expected at least one file or folder');
  const reporter = choiceFlag(args, 'reporter', ['pretty', 'json', 'tap', 'junit'] as const) ?? 'pretty';
  const jobsText = stringFlag(args, 'jobs') ?? '1';
  if (!/^[1-9]\d*$/.test(jobsText)) throw new UsageError(`--jobs must be a positive whole number, got "${jobsText}"`);
  const run = runOptions(args);
  const lcov = coverageFile(args);
  run.coverage = lcov !== null;
  const coverage: CoverageReport = Object.create(null);
  const rootText = stringFlag(args, 'root');
  if (rootText !== undefined) {
    try { run.root = realpathSync(rootText); } catch { throw new UsageError(`--root must be an existing folder, got "${rootText}"`); }
  }
  let passed = 0, failed = 0;
  const collected: PortableResult[] = [];
  const entries = shard(walkScripts(args.positional), stringFlag(args, 'shard'));
  const files = entries.filter(e => !('problem' in e)).map(e => e.file);
  const bail = args.flags.has('bail');
  const stopped = () => bail && failed > 0;
  // on a terminal, stderr carries a progress line that each report first wipes
  const progress = new Progress(process.stderr, entries.length);
  const report = (r: PortableResult) => {
    if (stopped()) return; // a parallel run may finish files after the one that stopped it
    if (r.passed) passed++; else failed++;
    if (r.coverage) mergeCoverage(coverage, r.coverage);
    progress.clear();
    if (reporter === 'tap' || reporter === 'junit') collected.push(r);
    else if (reporter === 'json') process.stdout.write(JSON.stringify(jsonReport(r)) + '\n');
    else process.stdout.write(prettyReport(r));
    progress.update(passed + failed, failed);
  };
  const jobs = Number(jobsText);
  progress.update(0, 0);
  // a path the walk could not read is a failed entry of its own, reported first
  for (const e of entries) if ('problem' in e) report(failedFile(e.file, `cannot read ${e.file}: ${e.problem}`));
  if (jobs > 1 && files.length > 1) {
    await runParallel(files, jobs, {
      gasModel: stringFlag(args, 'gasmodel') ?? null, gasLimit: run.gasLimit ?? null,
      callDepth: limits.callDepth, fileBytes: limits.fileBytes, root: run.root ?? null,
      coverage: lcov !== null, anyKeyWildcard: run.anyKeyWildcard ?? false, bail,
    // --bail stops at the first failure in file order, so it hands files out in that order; this
    // thread runs files too
    }, report, stopped, undefined, bail ? undefined : largestFirst(files), file => portable(runScript(file, run)));
  } else {
    for (const file of files) {
      if (stopped()) break;
      report(portable(runScript(file, run)));
    }
  }
  progress.clear();
  if (stopped() && passed + failed < entries.length) {
    process.stderr.write(`--bail: stopped at the first failing file; ${entries.length - passed - failed} of ${entries.length} files not run\n`);
  }
  const coverageWritten = lcov === null || finishCoverage(lcov, coverage);
  // stdout carries only the report's own format; the closing line goes where it cannot break it
  // (TAP has it as a closing comment of its own)
  if (reporter === 'tap') process.stdout.write(tapReport(collected));
  else if (reporter === 'junit') process.stdout.write(junitReport(collected));
  if (reporter === 'pretty') process.stdout.write(summaryLine(passed, failed) + '\n');
  else if (reporter !== 'tap') process.stderr.write(summaryLine(passed, failed) + '\n');
  return failed > 0 || !coverageWritten ? 1 : 0;
}

/** `pactvm test --watch`: a whole run, then, for each burst of changes, a run of the scripts of the
 *  batch the changed files affect (not re-sharded: they were picked from the shard), until
 *  SIGINT/SIGTERM. The exit code is the last run's. */
async function watchCommand(args: ParsedArgs): Promise<number> {
  const batch = () => shard(collectScripts(args.positional), stringFlag(args, 'shard'));
  let code = await testCommand(args);
  const rerunFlags = new Map([...args.flags].filter(([name]) => name !== 'shard'));
  let running = Promise.resolve();
  const stop = watchFiles(args.positional, batch().flatMap(f => [...scriptDependencies(f)]), changed => {
    running = running.then(async () => {
      const affected = affectedScripts(batch(), changed);
      if (affected.length === 0) return;
      process.stderr.write(`${[...changed].join(', ')} changed: rerunning ${affected.length} script(s)\n`);
      code = await testCommand({ ...args, positional: affected, flags: rerunFlags });
    }).catch(e => { process.stderr.write(`${PROGRAM} test --watch: ${(e as Error).message}\n`); });
  });
  process.stderr.write('watching for changes to .repl and .pact files (Ctrl-C to stop)\n');
  await new Promise<void>(resolve => {
    const done = () => { process.off('SIGINT', done); process.off('SIGTERM', done); resolve(); };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  stop();
  await running;
  return code;
}

/** `--shard K/N`: the K-th of N interleaved slices of the sorted file list (1-based). */
function shard<T>(files: T[], spec: string | undefined): T[] {
  if (!spec) return files;
  const m = /^(\d+)\/(\d+)$/.exec(spec);
  const k = m ? Number(m[1]) : 0, n = m ? Number(m[2]) : 0;
  if (!m || n < 1 || k < 1 || k > n) throw new UsageError(`--shard must be K/N with 1 <= K <= N, got "${spec}"`);
  return files.filter((_, i) => i % n === k - 1);
}

function isMain(): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isMain()) {
  main(process.argv.slice(2)).then(code => { process.exitCode = code; }, e => {
    process.stderr.write(`pactvm: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  });
}
