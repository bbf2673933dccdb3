// node stryker/replay.mjs <scope> [file[:from-to]] [--killed]: judges the mutants of the last run
// again the plain way, to check the in-process runner: each in a fresh `uvu` process over the whole
// test files its covering tests are in, with the mutant switched on as Stryker's env variable does.
// Needs that run's instrumented sandbox: run it with MUTATE_KEEP_SANDBOX=1 (README "Mutation testing");
// the newest under .stryker-tmp is used, or REPLAY_SANDBOX.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const scopeName = args.find(a => !a.startsWith('--'));
const where = args.filter(a => !a.startsWith('--'))[1];
const withKilled = args.includes('--killed');
if (!scopeName) { console.error('usage: node stryker/replay.mjs <scope> [file[:from-to]] [--killed]'); process.exit(2); }

const report = JSON.parse(readFileSync(`reports/mutation/${scopeName}.json`, 'utf8'));
const sandboxes = process.env.REPLAY_SANDBOX ? [process.env.REPLAY_SANDBOX] : readdirSync('.stryker-tmp').filter(d => d.startsWith('sandbox-')).map(d => join('.stryker-tmp', d));
if (!sandboxes.length) { console.error('no sandbox under .stryker-tmp: run the scope with MUTATE_KEEP_SANDBOX=1'); process.exit(2); }
const sandbox = sandboxes.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];

const fileOfTest = new Map();
for (const [file, { tests }] of Object.entries(report.testFiles ?? {})) for (const t of tests) fileOfTest.set(t.id, file);

const [whereFile, range] = (where ?? '').split(':');
const [from, to] = range ? range.split('-').map(Number) : [0, Infinity];
const judged = withKilled ? new Set(['Survived', 'Killed']) : new Set(['Survived']);
const escape = s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const uvu = resolve('node_modules/uvu/bin.js');
let disagreements = 0, replayed = 0;
for (const [file, { mutants }] of Object.entries(report.files)) {
  if (whereFile && file !== whereFile) continue;
  for (const m of mutants) {
    const line = m.location.start.line;
    if (!judged.has(m.status) || line < from || line > to) continue;
    const files = [...new Set((m.coveredBy ?? []).map(id => fileOfTest.get(id)).filter(Boolean))];
    if (!files.length) continue;
    const r = spawnSync(process.execPath, [uvu, 'dist/test', `^(${files.map(escape).join('|')})$`], {
      cwd: sandbox, encoding: 'utf8', timeout: 120_000,
      env: { ...process.env, __STRYKER_ACTIVE_MUTANT__: m.id },
    });
    replayed++;
    const plain = r.status === 0 ? 'Survived' : 'Killed';
    const agrees = plain === m.status;
    if (!agrees) disagreements++;
    console.log(`${agrees ? 'agrees  ' : 'DIFFERS '} ${file}:${line}:${m.location.start.column} #${m.id} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '').slice(0, 50)}: runner ${m.status}, plain uvu ${plain} (${files.length} files)`);
  }
}
console.log(`\n${replayed} mutants replayed in ${sandbox}, ${disagreements} verdicts differ`);
process.exit(disagreements ? 1 : 0);
