// npm run mutate [scope…]: StrykerJS over each scope in turn (default: all), HTML and JSON reports
// under reports/mutation/. MUTATE=glob,glob narrows a scope to some files.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const all = readdirSync(new URL('.', import.meta.url)).filter(f => f.endsWith('.config.mjs')).map(f => f.replace('.config.mjs', ''));
const scopes = process.argv.length > 2 ? process.argv.slice(2) : all;
let failed = 0;
for (const s of scopes) {
  if (!all.includes(s)) { console.error(`unknown scope ${s}; scopes: ${all.join(', ')}`); process.exit(2); }
  const r = spawnSync(process.execPath, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', `stryker/${s}.config.mjs`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
