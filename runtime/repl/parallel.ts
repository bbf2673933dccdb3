// Running many scripts on worker threads (`pactvm test --jobs N`); results come back in file
// order whatever order the workers finish in. A worker that dies costs only the file it was
// running: that file is reported failed with the reason, and a fresh worker takes its place.

import { Worker } from 'node:worker_threads';
import type { FileResult } from './runner.js';

export type PortableResult = Omit<FileResult, 'results' | 'profile'>;

/** What every worker needs to run a script as the main thread would. */
export interface WorkerSettings {
  gasModel: string | null;
  gasLimit: number | null;
  callDepth: number;
  fileBytes: number;
  root: string | null;
  /** Heap of each worker in MiB: a script that exhausts it kills its worker, not the whole batch. */
  heapMb?: number;
}

/** Enough for any real test script; small enough that several workers fit in memory. */
export const WORKER_HEAP_MB = 2048;

/** A file that produced no result of its own (a walk problem, a dead worker): failed, with why. */
export function failedFile(file: string, message: string): PortableResult {
  return {
    file, passed: false, expects: { passed: 0, failed: 0 }, failures: [],
    error: { message, file, line: null, column: null }, errorText: message + '\n', durationMs: 0, gasMilli: 0,
  };
}

export async function runParallel(files: string[], jobs: number, settings: WorkerSettings,
  onResult: (r: PortableResult) => void, workerUrl = new URL('./test-worker.js', import.meta.url)): Promise<void> {
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
        if (next < files.length) { current = next++; w.postMessage({ index: current, file: files[current] }); }
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
        if (next < files.length) start(); else resolve();
      });
      feed();
    };
    start();
  });
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, slot));
  flush();
}
