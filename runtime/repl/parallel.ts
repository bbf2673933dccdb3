// Running many scripts on worker threads (`pactvm test --jobs N`); results come back in file
// order whatever order the workers finish in, in the form that crosses threads (PortableResult).
// A worker that dies costs only the file it was running: that file is reported failed with the
// reason, and a fresh worker takes its place.

import { statSync } from 'node:fs';
import type { FileResult } from './runner.js';

/** One `expect*` of a script, as the reporters need it: plain data, no spans. */
export interface ExpectCase {
  doc: string;
  passed: boolean;
  message: string;
  /** 1-based line of the expect call (editor convention, like the error header) */
  line: number | null;
  /** Pact's location of the expect call, `file:sl:sc-el:ec` (0-based, as `pact` prints failures) */
  location: string | null;
  /** where an error caught by the expect was raised, `file:line:col` (1-based line, as the error header) */
  raisedAt: string | null;
}

export type PortableResult = Omit<FileResult, 'results' | 'profile'> & { cases: ExpectCase[] };

/** A file's result without the parts that do not cross threads (spans, the gas profile). */
export function portable(r: FileResult): PortableResult {
  const { results, profile: _profile, ...rest } = r;
  const cases = results.map(t => ({
    doc: t.doc, passed: t.passed, message: t.message,
    line: t.span ? t.span.startPos.line + 1 : null, location: t.span ? t.span.range() : null,
    raisedAt: t.raisedAt ? `${t.raisedAt.file.name}:${t.raisedAt.startPos.line + 1}:${t.raisedAt.startPos.col}` : null,
  }));
  return { ...rest, cases };
}

/** What every worker needs to run a script as the main thread would. */
export interface WorkerSettings {
  gasModel: string | null;
  gasLimit: number | null;
  callDepth: number;
  fileBytes: number;
  root: string | null;
  coverage: boolean;
  /** the seed's `any` signature wildcard (`--any-key-wildcard`) */
  anyKeyWildcard: boolean;
  /** Heap of each worker in MiB: a script that exhausts it kills its worker, not the whole batch. */
  heapMb?: number;
}

/** Enough for any real test script; small enough that several workers fit in memory. */
export const WORKER_HEAP_MB = 2048;

/** A file that produced no result of its own (a walk problem, a dead worker): failed, with why. */
export function failedFile(file: string, message: string): PortableResult {
  return {
    file, passed: false, expects: { passed: 0, failed: 0 }, failures: [], cases: [],
    error: { message, file, line: null, column: null }, errorText: message + '\n', durationMs: 0, gasMilli: 0, coverage: null,
  };
}

/** The indexes of `files`, largest file first (ties in file order): handing the long scripts out
 *  first keeps a worker from starting the longest one last while the others sit idle. */
export function largestFirst(files: readonly string[]): number[] {
  const size = files.map(f => { try { return statSync(f).size; } catch { return 0; } });
  return files.map((_, i) => i).sort((a, b) => size[b]! - size[a]! || a - b);
}

/** `stop` is asked before each file is handed out: once it says yes (`--bail`), no new file starts.
 *  Files start in `order` (indexes into `files`); results are reported in file order all the same. */
export async function runParallel(files: string[], jobs: number, settings: WorkerSettings,
  onResult: (r: PortableResult) => void, stop: () => boolean = () => false,
  workerUrl = new URL('./test-worker.js', import.meta.url), order: readonly number[] = files.map((_, i) => i)): Promise<void> {
  // loaded here, not upfront: a run without --jobs never starts a worker
  const { Worker } = await import('node:worker_threads');
  const results: (PortableResult | undefined)[] = new Array(files.length);
  let next = 0, printed = 0;
  const flush = () => {
    while (printed < files.length && results[printed]) onResult(results[printed++]!);
  };
  /** One worker slot: runs files until none are left, replacing its worker when it dies. */
  const slot = () => new Promise<void>(resolve => {
    const start = () => {
      const w = new Worker(workerUrl, {
        workerData: settings, resourceLimits: { maxOldGenerationSizeMb: settings.heapMb ?? WORKER_HEAP_MB },
      });
      let current = -1;
      let died: string | null = null;
      const feed = () => {
        if (next < files.length && !stop()) { current = order[next++]!; w.postMessage({ index: current, file: files[current] }); }
        else { current = -1; w.postMessage(null); }
      };
      w.on('message', (m: { index: number; result: PortableResult }) => {
        results[m.index] = m.result;
        flush();
        feed();
      });
      w.on('error', e => { died = e instanceof Error ? e.message : String(e); });
      w.on('exit', code => {
        if (current < 0) { resolve(); return; }
        const reason = died ?? `exit code ${code}`;
        results[current] = failedFile(files[current], `worker died while running ${files[current]}: ${reason}`);
        flush();
        if (next < files.length && !stop()) start(); else resolve();
      });
      feed();
    };
    start();
  });
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, slot));
  flush();
}
