// Running many scripts on worker threads (`pactvm test --jobs N`); results come back in file
// order whatever order the workers finish in, in the form that crosses threads (PortableResult).

import { Worker } from 'node:worker_threads';
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

/** `stop` is asked before each file is handed out: once it says yes (`--bail`), no new file starts. */
export async function runParallel(files: string[], jobs: number, gasModel: string | null, gasLimit: number | null,
  onResult: (r: PortableResult) => void, stop: () => boolean = () => false): Promise<void> {
  const results: (PortableResult | undefined)[] = new Array(files.length);
  let next = 0, printed = 0;
  const flush = () => {
    while (printed < files.length && results[printed]) onResult(results[printed++]!);
  };
  const workers = Array.from({ length: Math.min(jobs, files.length) }, () =>
    new Worker(new URL('./test-worker.js', import.meta.url), { workerData: { gasModel, gasLimit } }));
  await Promise.all(workers.map(w => new Promise<void>((resolve, reject) => {
    const feed = () => {
      if (next < files.length && !stop()) { const index = next++; w.postMessage({ index, file: files[index] }); }
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
