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
  /** `--bail`: a worker takes no new file after one of its own fails */
  bail?: boolean;
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

/** The cells of a batch's shared claim counter (an Int32Array over a SharedArrayBuffer). */
const NEXT = 0, STOP = 1, RUNNING = 2;

/** What a worker is given besides the settings: the files, the order to take them in, the shared
 *  cells and its slot among them. */
interface Batch { files: string[]; order: readonly number[]; shared: Int32Array; slot: number }

/**
 * Runs `files` on `jobs` threads and reports each result in file order. Threads take the next file
 * themselves (an atomic counter over `order`, indexes into `files`), so no thread waits for the
 * main thread to hand it one. With `runHere` the main thread is one of the `jobs` threads (it runs
 * files between reading results), which spares one worker's startup; without it, every thread is
 * a worker. `stop` is asked before the main thread takes a file and after each result: once it
 * says yes (`--bail`), no thread starts a new file (a worker also stops itself on a failed file
 * when `settings.bail`). A worker that dies costs only the file it was running: that file is
 * reported failed with the reason, and a fresh worker takes its place while files are left.
 */
export async function runParallel(files: string[], jobs: number, settings: WorkerSettings,
  onResult: (r: PortableResult) => void, stop: () => boolean = () => false,
  workerUrl = new URL('./test-worker.js', import.meta.url), order: readonly number[] = files.map((_, i) => i),
  runHere?: (file: string) => PortableResult): Promise<void> {
  const threads = Math.min(jobs, files.length);
  const workers = runHere ? threads - 1 : threads;
  const shared = new Int32Array(new SharedArrayBuffer(4 * (RUNNING + workers)));
  shared.fill(-1, RUNNING);
  const results: (PortableResult | undefined)[] = new Array(files.length);
  let printed = 0;
  const flush = () => {
    while (printed < files.length && results[printed]) onResult(results[printed++]!);
    if (stop()) Atomics.store(shared, STOP, 1);
  };
  const filesLeft = () => Atomics.load(shared, STOP) === 0 && Atomics.load(shared, NEXT) < files.length;
  // loaded here, not upfront: a run without --jobs never starts a worker
  const { Worker } = workers > 0 ? await import('node:worker_threads') : { Worker: null };
  /** why the last worker that died did (for files no thread was left to take) */
  let lastDeath: string | null = null;
  /** One worker slot: a worker that runs files until none are left, replaced when it dies. */
  const slot = (k: number) => new Promise<void>(resolve => {
    const start = () => {
      const batch: Batch = { files, order, shared, slot: k };
      const w = new Worker!(workerUrl, {
        workerData: { settings, batch }, resourceLimits: { maxOldGenerationSizeMb: settings.heapMb ?? WORKER_HEAP_MB },
      });
      let died: string | null = null;
      w.on('message', (m: { index: number; result: PortableResult }) => { results[m.index] = m.result; flush(); });
      w.on('error', e => { died = e instanceof Error ? e.message : String(e); });
      w.on('exit', code => {
        const current = Atomics.exchange(shared, RUNNING + k, -1);
        if (died !== null || code !== 0) lastDeath = died ?? `exit code ${code}`;
        if (current >= 0 && !results[current]) {
          results[current] = failedFile(files[current], `worker died while running ${files[current]}: ${lastDeath}`);
          flush();
        }
        if (current >= 0 && filesLeft()) start(); else resolve();
      });
    };
    start();
  });
  // the workers start first, so that they boot while this thread runs its own files
  const running = Array.from({ length: workers }, (_, k) => slot(k));
  if (runHere) {
    for (;;) {
      if (stop()) Atomics.store(shared, STOP, 1);
      if (!filesLeft()) break;
      const next = Atomics.add(shared, NEXT, 1);
      if (next >= files.length) break;
      const index = order[next]!;
      results[index] = runHere(files[index]);
      flush();
      // let the workers' results in (and printed) between files
      await new Promise(resolve => setImmediate(resolve));
    }
  }
  await Promise.all(running);
  // a file taken by a worker that died before marking it, and (unless the batch stopped) the
  // files left when the last worker died before taking one (one that cannot even start): each is
  // reported failed rather than silently missing
  const taken = Math.min(Atomics.load(shared, NEXT), files.length);
  const untaken = Atomics.load(shared, STOP) === 0 ? files.length : taken;
  for (let k = 0; k < untaken; k++) {
    const index = order[k]!;
    results[index] ??= failedFile(files[index], k < taken ? `worker died while running ${files[index]}`
      : `no worker was left to run ${files[index]}: ${lastDeath ?? 'none started'}`);
  }
  flush();
}

/** A worker's side of runParallel: takes files until none are left (or the batch stops), posting
 *  each result; `run` runs one file. */
export function serveBatch(run: (file: string) => PortableResult, post: (m: { index: number; result: PortableResult }) => void,
  data: { settings: WorkerSettings; batch: Batch }): void {
  const { files, order, shared, slot } = data.batch;
  while (Atomics.load(shared, STOP) === 0) {
    const next = Atomics.add(shared, NEXT, 1);
    if (next >= files.length) break;
    const index = order[next]!;
    // marked while it runs: if this thread dies, the main thread reports this file failed
    Atomics.store(shared, RUNNING + slot, index);
    const result = run(files[index]);
    post({ index, result });
    Atomics.store(shared, RUNNING + slot, -1);
    if (data.settings.bail && !result.passed) Atomics.store(shared, STOP, 1);
  }
}
