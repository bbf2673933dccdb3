// A worker thread of `pactvm test --jobs N`: runs the scripts it is sent, one at a time, and
// posts each result back (without the parts that do not cross threads).

import { parentPort, workerData } from 'node:worker_threads';
import { runScript, parseGasModel } from './runner.js';
import { portable } from './parallel.js';

const { gasModel, gasLimit } = workerData as { gasModel: string | null; gasLimit: number | null };
const options = {
  ...(gasModel ? { gasModel: parseGasModel(gasModel) } : {}),
  ...(gasLimit !== null ? { gasLimit } : {}),
};

parentPort!.on('message', (msg: { index: number; file: string } | null) => {
  if (msg === null) { parentPort!.close(); return; }
  parentPort!.postMessage({ index: msg.index, result: portable(runScript(msg.file, options)) });
});
