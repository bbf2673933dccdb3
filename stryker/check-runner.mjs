// node stryker/check-runner.mjs (3–5 minutes; not part of npm test): runs the in-process runner
// (stryker/uvu-runner.mjs) on the mutants of stryker/check-runner-mutants.mjs, then judges each of
// them again in a fresh plain `uvu` process (stryker/replay.mjs); fails if any verdict differs, or if
// a mutant known to be killed is not.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

const env = { ...process.env, MUTATE_KEEP_SANDBOX: '1', PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH}` };
delete env.MUTATE;
delete env.MUTATE_TESTS;
// another scope's run may be using .stryker-tmp: only the sandbox this run makes is replayed and removed
const sandboxes = () => existsSync('.stryker-tmp') ? readdirSync('.stryker-tmp').filter(d => d.startsWith('sandbox-')) : [];
const before = new Set(sandboxes());
const run = spawnSync(process.execPath, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker/runner-check.conf.mjs'], { stdio: 'inherit', env });
if (run.status !== 0) { console.error('check-runner: the Stryker run failed'); process.exit(1); }

const report = JSON.parse(readFileSync('reports/mutation/runner-check.json', 'utf8'));
const isSafe = report.files['runtime/values/stable-encoding.ts'].mutants.filter(m => m.location.start.line === 44);
const whole = isSafe.find(m => m.mutatorName === 'ConditionalExpression' && m.replacement === 'true' && m.location.start.column === 40 && m.location.end.column === 63);
let failed = 0;
if (whole?.status !== 'Killed') { console.error(`check-runner: isSafe made true is ${whole?.status ?? 'missing'}, not Killed`); failed++; }

const mine = sandboxes().filter(d => !before.has(d)).map(d => join('.stryker-tmp', d));
if (mine.length !== 1) { console.error(`check-runner: expected one new sandbox, found ${mine.length}`); process.exit(1); }
const replay = spawnSync(process.execPath, ['stryker/replay.mjs', 'runner-check', '--killed'], { stdio: 'inherit', env: { ...env, REPLAY_SANDBOX: mine[0] } });
if (replay.status !== 0) failed++;
rmSync(mine[0], { recursive: true, force: true });
console.log(failed ? 'check-runner: FAILED' : 'check-runner: every verdict agrees with plain uvu');
process.exit(failed ? 1 : 0);
