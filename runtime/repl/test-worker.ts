// A worker thread of `pactvm test --jobs N`: runs the scripts it is sent, one at a time, and
// posts each result back (without the parts that do not cross threads).

import { parentPort, workerData } from 'node:worker_threads';
import { runScript, parseGasModel } from './runner.js';

const { gasModel, gasLimit, anyKeyWildcard } =
  workerData as { gasModel: string | null; gasLimit: number | null; anyKeyWildcard: boolean };
const options = {
  ...(gasModel ? { gasModel: parseGasModel(gasModel) } : {}),
  ...(gasLimit !== null ? { gasLimit } : {}),
  anyKeyWildcard,
};

parentPort!.on('message', (msg: { index: number; file: string } | null) => {
  if (msg === null) { parentPort!.close(); return; }
  const { results: _results, profile: _profile, ...r } = runScript(msg.file, options);
  parentPort!.postMessage({ index: msg.index, result: r });
});
