// `npm test`'s runner: uvu over dist/test under a watchdog, so that the suite as a whole can never
// hang. Past the deadline, or when the suite has reported but something keeps the process alive,
// the run is killed and fails with a message saying which.

import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The whole suite's deadline (PACTVM_TEST_DEADLINE_MS overrides it). */
const SUITE_MS = Number(process.env.PACTVM_TEST_DEADLINE_MS ?? 10 * 60_000);
/** How long the process may linger after uvu printed its totals. */
const LINGER_MS = Number(process.env.PACTVM_TEST_LINGER_MS ?? 30_000);

const pattern = process.argv[2] ?? '.test.js$';
const uvu = join(process.cwd(), 'node_modules', 'uvu', 'bin.js');
const child = spawn(process.execPath, [uvu, 'dist/test', pattern], { stdio: ['ignore', 'pipe', 'inherit'] });

function kill(message: string): void {
  process.stderr.write(`\nnpm test: ${message}\n`);
  process.exitCode = 1;
  child.kill('SIGKILL');
}

const suiteTimer = setTimeout(() => kill(`the suite did not finish within ${SUITE_MS / 1000} s and was killed; ` +
  'the last test file named above is waiting on something that never comes'), SUITE_MS);
let lingerTimer: NodeJS.Timeout | undefined;

child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (lingerTimer === undefined && /Duration:/.test(chunk.toString())) {
    lingerTimer = setTimeout(() => kill(`the suite reported its totals but did not exit within ${LINGER_MS / 1000} s; ` +
      'a test left a server, socket, timer or child process open'), LINGER_MS);
  }
});

child.on('exit', (code, signal) => {
  clearTimeout(suiteTimer);
  clearTimeout(lingerTimer);
  if (process.exitCode === undefined) process.exitCode = code ?? (signal ? 1 : 0);
});
