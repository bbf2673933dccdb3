// Running many scripts on worker threads (`pactvm test --jobs N`); results come back in file
// order whatever order the workers finish in.

import { Worker } from 'node:worker_threads';
import type { FileResult } from './runner.js';

export type PortableResult = Omit<FileResult, 'results' | 'profile'>;

export async function runParallel(files: string[], jobs: number, gasModel: string | null, gasLimit: number | null,
  onResult: (r: PortableResult) => void, anyKeyWildcard = false): Promise<void> {
  const results: (PortableResult | undefined)[] = new Array(files.length);
  let next = 0, printed = 0;
  const flush = () => {
    while (printed < files.length && results[printed]) onResult(results[printed++]!);
  };
  const workers = Array.from({ length: Math.min(jobs, files.length) }, () =>
    new Worker(new URL('./test-worker.js', import.meta.url), { workerData: { gasModel, gasLimit, anyKeyWildcard } }));
  await Promise.all(workers.map(w => new Promise<void>((resolve, reject) => {
    const feed = () => {
      if (next < files.length) { const index = next++; w.postMessage({ index, file: files[index] }); }
      else { w.postMessage(null); }
    };
    w.on('message', (m: { index: number; result: PortableResult }) => {
      results[m.index] = m.result;
      flush();
      feed();
    });
    w.on('error', reject);
    w.on('exit', () => resolve());
    feed();
  })));
  flush();
}
