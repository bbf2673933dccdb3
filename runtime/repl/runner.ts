// Runs one script from a fresh session and reports the outcome as data (used by `pactvm run`,
// `pactvm test`, the conformance ratchet and the demo).

import { SourceFile } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import { ReplSession, SILENT, type OutputSink, type TestResult } from './session.js';
import { runSource } from './script.js';
import { readScriptFile, ScriptFileError } from './script-files.js';
import { TABLE_MODEL, fixedModel, type GasModel } from '../gas/meter.js';
import { renderError } from './report.js';
import { GasProfile } from '../gas/profile.js';
import { CoverageRecorder, type CoverageReport } from './coverage.js';

export interface RunOptions {
  /** take a gas profile of the run */
  profile?: boolean;
  gasModel?: GasModel;
  /** milligas */
  gasLimit?: number;
  out?: OutputSink;
  /** the real path of the folder `load` may not leave (`pactvm test --root DIR`) */
  root?: string;
  /** measure coverage of module code (`--coverage`) */
  coverage?: boolean;
  /** the seed's `any` signature wildcard (decisions.md, env-sigs) */
  anyKeyWildcard?: boolean;
}

export interface FileResult {
  file: string;
  passed: boolean;
  expects: { passed: number; failed: number };
  failures: { doc: string; message: string; line: number | null }[];
  error: null | { message: string; file: string | null; line: number | null; column: number | null };
  /** the full rendered error block, for human output */
  errorText: string | null;
  results: TestResult[];
  profile: GasProfile | null;
  durationMs: number;
  gasMilli: number;
  /** with `coverage` on: what the script's module code covered */
  coverage: CoverageReport | null;
}

export function runScript(path: string, opts: RunOptions = {}): FileResult {
  // the clock that needs no module: the global `performance` loads perf_hooks on first use
  const started = process.hrtime.bigint();
  const s = new ReplSession(opts.out ?? SILENT);
  if (opts.gasModel) s.gas.model = opts.gasModel;
  if (opts.gasLimit !== undefined) s.gas.setLimit(opts.gasLimit);
  if (opts.anyKeyWildcard) s.anyKeyWildcardOption = true;
  const profile = opts.profile ? new GasProfile(s.vm) : null;
  if (profile) s.gas.profiler = (cost, what) => profile.record(cost, what);
  let error: FileResult['error'] = null;
  let errorText: string | null = null;
  if (opts.root) s.root = opts.root;
  if (opts.coverage) s.coverage = new CoverageRecorder();
  try {
    runSource(s, new SourceFile(path, readScriptFile(path)));
  } catch (e) {
    if (e instanceof PactError) {
      const pos = e.span?.startPos;
      error = { message: e.message, file: e.span?.file.name ?? null, line: pos ? pos.line + 1 : null, column: pos ? pos.col : null };
      errorText = renderError(e);
    } else {
      // runSource turns every failure into a PactError; what is left is about the file itself
      const message = e instanceof ScriptFileError ? `cannot read file ${path}: ${e.message}`
        : `internal error: ${e instanceof Error ? e.message : String(e)}, please report`;
      error = { message, file: path, line: null, column: null };
      errorText = message + '\n';
    }
  }
  const failed = s.testResults.filter(r => !r.passed);
  return {
    file: path,
    passed: error === null && failed.length === 0,
    expects: { passed: s.testResults.length - failed.length, failed: failed.length },
    failures: failed.map(r => ({ doc: r.doc, message: r.message, line: r.span ? r.span.startPos.line + 1 : null })),
    error, errorText, results: s.testResults, profile,
    durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1000) / 1000,
    gasMilli: s.gas.milligas,
    coverage: s.coverage?.report() ?? null,
  };
}

/** `--gasmodel table|fixed:RATE` */
export function parseGasModel(text: string): GasModel {
  if (text === 'table') return TABLE_MODEL;
  const m = /^fixed:(\d+)$/.exec(text);
  if (m) return fixedModel(Number(m[1]));
  throw new Error(`--gasmodel must be "table" or "fixed:RATE", got "${text}"`);
}
