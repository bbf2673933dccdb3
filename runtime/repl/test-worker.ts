// A worker thread of `pactvm test --jobs N`: takes scripts from the batch until none are left,
// posting each result back (without the parts that do not cross threads).

import { parentPort, workerData } from 'node:worker_threads';
import { runScript, parseGasModel } from './runner.js';
import { limits } from '../../vm/limits.js';
import { portable, serveBatch, type WorkerSettings } from './parallel.js';

const data = workerData as Parameters<typeof serveBatch>[2];
const { gasModel, gasLimit, callDepth, fileBytes, root, coverage, anyKeyWildcard }: WorkerSettings = data.settings;
limits.callDepth = callDepth;
limits.fileBytes = fileBytes;
const options = {
  ...(gasModel ? { gasModel: parseGasModel(gasModel) } : {}),
  ...(gasLimit !== null ? { gasLimit } : {}),
  ...(root !== null ? { root } : {}),
  coverage,
  anyKeyWildcard,
};

serveBatch(file => portable(runScript(file, options)), m => parentPort!.postMessage(m), data);
