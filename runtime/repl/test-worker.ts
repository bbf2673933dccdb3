// A worker thread of `pactvm test --jobs N`: runs the scripts it is sent, one at a time, and
// posts each result back (without the parts that do not cross threads).

import { parentPort, workerData } from 'node:worker_threads';
import { runScript, parseGasModel } from './runner.js';
import { limits } from '../../vm/limits.js';
import { portable, type WorkerSettings } from './parallel.js';

const { gasModel, gasLimit, callDepth, fileBytes, root, coverage, anyKeyWildcard } = workerData as WorkerSettings;
limits.callDepth = callDepth;
limits.fileBytes = fileBytes;
const options = {
  ...(gasModel ? { gasModel: parseGasModel(gasModel) } : {}),
  ...(gasLimit !== null ? { gasLimit } : {}),
  ...(root !== null ? { root } : {}),
  coverage,
  anyKeyWildcard,
};

parentPort!.on('message', (msg: { index: number; file: string } | null) => {
  if (msg === null) { parentPort!.close(); return; }
  parentPort!.postMessage({ index: msg.index, result: portable(runScript(msg.file, options)) });
});
