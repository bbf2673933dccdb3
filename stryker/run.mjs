// npm run mutate [scope…]: StrykerJS over each scope in turn (default: all), HTML and JSON reports
// under reports/mutation/. MUTATE=glob,glob (or file:from-to lines) narrows a scope to some files,
// MUTATE_TESTS=regex narrows the uvu tests that judge the mutants.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

// the scopes' commands (tsc, uvu) come from node_modules/.bin, as under npm run
const env = { ...process.env, PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH}` };

const all = readdirSync(new URL('.', import.meta.url)).filter(f => f.endsWith('.config.mjs')).map(f => f.replace('.config.mjs', ''));
const scopes = process.argv.length > 2 ? process.argv.slice(2) : all;
let failed = 0;
for (const s of scopes) {
  if (!all.includes(s)) { console.error(`unknown scope ${s}; scopes: ${all.join(', ')}`); process.exit(2); }
  const r = spawnSync(process.execPath, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', `stryker/${s}.config.mjs`], { stdio: 'inherit', env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
