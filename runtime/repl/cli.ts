#!/usr/bin/env node
// The `pactvm` command line: run, test, and the block-header stream commands.

import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceFile, lex, read, compileExpression } from '../../compiler/index.js';
import { showSyntax } from '../../compiler/syntax.js';
import { disassemble } from '../../vm/disassemble.js';
import { PactError } from '../../vm/errors.js';
import { Span } from '../../vm/source.js';
import { engineFailure, limits } from '../../vm/limits.js';
import { readScriptFile, ScriptFileError, walkScripts } from './script-files.js';
import { ReplSession } from './session.js';
import { runScript, parseGasModel, type RunOptions } from './runner.js';
import { renderError, renderFailure } from './report.js';
import { interactive } from './interactive.js';
import { runParallel, failedFile, type PortableResult } from './parallel.js';
import { jsonReport, junitReport, tapReport } from './reporters.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../gas/meter.js';
import { coverageSummary, mergeCoverage, writeLcov, type CoverageReport } from './coverage.js';
import { checkCommand } from './check.js';

const USAGE = `usage:
  pactvm repl [--any-key-wildcard] interactive REPL
  pactvm run FILE.repl [--trace] [--dump tokens|ast|bytecode] [--any-key-wildcard]
  pactvm test PATH... [--reporter pretty|json|tap|junit] [--jobs N] [--shard K/N]
                      [--gasmodel table|fixed:RATE] [--gaslimit N] [--root DIR] [--any-key-wildcard]
  (--any-key-wildcard: a signature with key "any" signs for every key, as in the seed)
  coverage (run, test): [--coverage] [--coverage-dir DIR]   LCOV in DIR/lcov.info (default coverage/)
  limits (run, test, gas): [--max-call-depth N] [--max-file-size BYTES[K|M|G]]
  pactvm gas FILE.repl [--folded] [--gasmodel table|fixed:RATE] [--gaslimit N]
  pactvm check PATH...             typecheck every module the scripts/.pact files define
  pactvm headers URL [--depth N] [--chains LIST] [--format json|table]
  pactvm node [--port P] (--replay FILE | --synthetic [--rate R] [--fork-rate F] [--end-after N])`;

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  quietOnClosedStdout(cmd === 'headers' || cmd === 'node');
  switch (cmd) {
    case 'run': return runCommand(rest);
    case 'test': return testCommand(rest);
    case 'gas': return gasCommand(rest);
    case 'check':
      if (rest.length === 0) { process.stderr.write(USAGE + '\n'); return 2; }
      return checkCommand(rest, t => process.stdout.write(t));
    case 'repl': return interactive(process.stdin, process.stdout, options(rest, [ANY_KEY]).opts.has(ANY_KEY));
    case 'headers': case 'node': {
      const streamCli = await import('../../stream/cli.js' as string);
      return cmd === 'headers' ? streamCli.headersCommand(rest) : streamCli.nodeCommand(rest);
    }
    default:
      process.stderr.write(USAGE + '\n');
      return cmd === undefined || cmd === '--help' || cmd === '-h' ? 0 : 2;
  }
}

/** The opt-in `any` signature wildcard (decisions.md, env-sigs). */
const ANY_KEY = '--any-key-wildcard';

/** Split `--name value` options from positional arguments. */
function options(args: string[], flags: string[]): { positional: string[]; opts: Map<string, string> } {
  const positional: string[] = [];
  const opts = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--')) {
      if (flags.includes(a)) opts.set(a, 'true');
      else {
        if (i + 1 >= args.length) throw new Error(`${a} needs a value`);
        opts.set(a, args[++i]);
      }
    } else positional.push(a);
  }
  return { positional, opts };
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
function applyLimits(opts: Map<string, string>): void {
  const depth = opts.get('--max-call-depth');
  if (depth !== undefined) {
    if (!/^[1-9]\d*$/.test(depth)) throw new Error(`--max-call-depth must be a positive whole number, got "${depth}"`);
    limits.callDepth = Number(depth);
  }
  const size = opts.get('--max-file-size');
  if (size !== undefined) {
    const m = /^(\d+)([KMG]?)$/i.exec(size);
    if (!m) throw new Error(`--max-file-size must be a number of bytes, optionally with K, M or G, got "${size}"`);
    limits.fileBytes = Number(m[1]) * 1024 ** ' KMG'.indexOf((m[2] || ' ').toUpperCase());
  }
}

function runOptions(opts: Map<string, string>): RunOptions {
  applyLimits(opts);
  const r: RunOptions = {};
  if (opts.has(ANY_KEY)) r.anyKeyWildcard = true;
  const model = opts.get('--gasmodel');
  if (model) r.gasModel = parseGasModel(model);
  const limit = opts.get('--gaslimit');
  if (limit) {
    if (!/^\d+$/.test(limit)) throw new Error(`--gaslimit must be a whole number of gas units, got "${limit}"`);
    r.gasLimit = Number(limit) * 1000;
  }
  return r;
}

/** `--coverage [--coverage-dir DIR]`: where the LCOV file goes, or null when coverage is off. */
function coverageFile(opts: Map<string, string>): string | null {
  const dir = opts.get('--coverage-dir');
  if (!opts.has('--coverage') && dir === undefined) return null;
  return join(dir ?? 'coverage', 'lcov.info');
}

/** Write the batch's merged coverage and print the per-file summary (stderr: stdout may carry a report). */
function finishCoverage(path: string, report: CoverageReport): void {
  writeLcov(path, report);
  process.stderr.write(coverageSummary(report) + `coverage written to ${path}\n`);
}

function runCommand(args: string[]): number {
  const { positional, opts } = options(args, ['--trace', '--coverage', ANY_KEY]);
  const file = positional[0];
  if (!file) { process.stderr.write(USAGE + '\n'); return 2; }
  const run = runOptions(opts);
  const dump = opts.get('--dump');
  if (dump) return dumpCommand(file, dump);
  const trace = opts.has('--trace');
  const lcov = coverageFile(opts);
  const result = runScript(file, {
    ...run,
    coverage: lcov !== null,
    out: {
      print: (text, span) => process.stdout.write((trace ? `${span ? span.range() : file}:Print: ` : '') + text + '\n'),
      trace: (text, span) => { if (trace) process.stdout.write(`${span ? span.range() : file}:Trace: ${text}\n`); },
    },
  });
  if (lcov !== null) finishCoverage(lcov, result.coverage!);
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
function gasCommand(args: string[]): number {
  const { positional, opts } = options(args, ['--folded']);
  const file = positional[0];
  if (!file) { process.stderr.write(USAGE + '\n'); return 2; }
  const run = runOptions(opts);
  const r = runScript(file, { gasModel: run.gasModel ?? TABLE_MODEL, gasLimit: run.gasLimit ?? MAX_MILLIGAS, profile: true });
  const profile = r.profile!;
  process.stdout.write(opts.has('--folded') ? profile.foldedText() : profile.tableText(file));
  if (r.errorText !== null) {
    process.stderr.write(r.errorText + '\nLoad failed\n');
    return 1;
  }
  return 0;
}

function dumpCommand(file: string, stage: string): number {
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
      default:
        process.stderr.write(`--dump must be tokens, ast or bytecode, got "${stage}"\n`);
        return 2;
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

async function testCommand(args: string[]): Promise<number> {
  const { positional, opts } = options(args, ['--coverage', ANY_KEY]);
  if (positional.length === 0) { process.stderr.write(USAGE + '\n'); return 2; }
  const lcov = coverageFile(opts);
  const coverage: CoverageReport = Object.create(null);
  const reporter = opts.get('--reporter') ?? 'pretty';
  if (!['pretty', 'json', 'tap', 'junit'].includes(reporter)) {
    throw new Error(`--reporter must be pretty, json, tap or junit, got "${reporter}"`);
  }
  const jobsText = opts.get('--jobs') ?? '1';
  if (!/^[1-9]\d*$/.test(jobsText)) throw new Error(`--jobs must be a positive whole number, got "${jobsText}"`);
  const run = runOptions(opts);
  run.coverage = lcov !== null;
  let passed = 0, failed = 0;
  const collected: PortableResult[] = [];
  const report = (r: PortableResult) => {
    if (r.passed) passed++; else failed++;
    if (r.coverage) mergeCoverage(coverage, r.coverage);
    if (reporter === 'tap' || reporter === 'junit') collected.push(r);
    else if (reporter === 'json') {
      process.stdout.write(JSON.stringify(jsonReport(r)) + '\n');
    } else {
      const summary = `${r.expects.passed}/${r.expects.passed + r.expects.failed} expects, ${r.durationMs.toFixed(1)} ms`;
      process.stdout.write(`${r.passed ? 'PASS' : 'FAIL'} ${r.file} (${summary})\n`);
      if (r.error) process.stdout.write(indent(r.errorText ?? r.error.message));
      for (const f of r.failures) process.stdout.write(`    ${r.file}:${f.line}: ${f.message}\n`);
    }
  };
  const rootText = opts.get('--root');
  if (rootText !== undefined) {
    try { run.root = realpathSync(rootText); } catch { throw new Error(`--root must be an existing folder, got "${rootText}"`); }
  }
  const entries = shard(walkScripts(positional), opts.get('--shard'));
  const files = entries.filter(e => !('problem' in e)).map(e => e.file);
  // a path the walk could not read is a failed entry of its own, reported first
  for (const e of entries) if ('problem' in e) report(failedFile(e.file, `cannot read ${e.file}: ${e.problem}`));
  const jobs = Number(jobsText);
  if (jobs > 1 && files.length > 1) {
    await runParallel(files, jobs, {
      gasModel: opts.get('--gasmodel') ?? null, gasLimit: run.gasLimit ?? null,
      callDepth: limits.callDepth, fileBytes: limits.fileBytes, root: run.root ?? null,
      coverage: lcov !== null, anyKeyWildcard: run.anyKeyWildcard ?? false,
    }, report);
  } else {
    for (const file of files) report(runScript(file, run));
  }
  if (reporter === 'tap') process.stdout.write(tapReport(collected));
  if (reporter === 'junit') process.stdout.write(junitReport(collected));
  if (lcov !== null) finishCoverage(lcov, coverage);
  // the closing line; on stderr when stdout carries an XML document
  (reporter === 'junit' ? process.stderr : process.stdout).write(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

/** `--shard K/N`: the K-th of N interleaved slices of the sorted file list (1-based). */
function shard<T>(files: T[], spec: string | undefined): T[] {
  if (!spec) return files;
  const m = /^(\d+)\/(\d+)$/.exec(spec);
  const k = m ? Number(m[1]) : 0, n = m ? Number(m[2]) : 0;
  if (!m || n < 1 || k < 1 || k > n) throw new Error(`--shard must be K/N with 1 <= K <= N, got "${spec}"`);
  return files.filter((_, i) => i % n === k - 1);
}

function indent(text: string): string {
  return text.trimEnd().split('\n').map(l => '    ' + l).join('\n') + '\n';
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
