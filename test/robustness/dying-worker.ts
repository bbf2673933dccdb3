// A stand-in for the test worker whose thread dies on any file named *crash*: the pool must
// report that file failed and go on with a fresh worker.

import { parentPort } from 'node:worker_threads';

parentPort!.on('message', (msg: { index: number; file: string } | null) => {
  if (msg === null) { parentPort!.close(); return; }
  if (msg.file.includes('crash')) process.exit(7);
  if (msg.file.includes('throw')) throw new Error('the worker broke');
  const result = {
    file: msg.file, passed: true, expects: { passed: 1, failed: 0 }, failures: [], error: null, errorText: null,
    durationMs: 0, gasMilli: 0,
  };
  parentPort!.postMessage({ index: msg.index, result });
});
