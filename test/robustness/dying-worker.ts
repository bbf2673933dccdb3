// A stand-in for the test worker whose thread dies on any file named *crash* (exits) or *throw*
// (throws): the pool must report that file failed and go on with a fresh worker.

import { parentPort, workerData } from 'node:worker_threads';
import { serveBatch, type PortableResult } from '../../runtime/repl/parallel.js';

serveBatch(file => {
  if (file.includes('crash')) process.exit(7);
  if (file.includes('throw')) throw new Error('the worker broke');
  return {
    file, passed: true, expects: { passed: 1, failed: 0 }, failures: [], cases: [], error: null, errorText: null,
    durationMs: 0, gasMilli: 0, coverage: null,
  } satisfies PortableResult;
}, m => parentPort!.postMessage(m), workerData);
