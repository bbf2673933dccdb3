// node stryker/merge-reports.mjs <report> <later>…: folds the results of narrowed re-runs into a
// complete run's report (reports/mutation/<report>.json, rewritten; keep a copy of it first), so
// that `summary.mjs <report>` judges the whole set again. Per file of a later report:
//   - source unchanged: each of its mutants replaces the same mutant (location, mutator,
//     replacement) of the earlier report (a run narrowed to lines, after new tests);
//   - source changed: the file's entry is replaced whole, so the later run must have mutated the
//     whole file (MUTATE=file, not file:from-to): the earlier mutants name lines that moved.
import { readFileSync, writeFileSync } from 'node:fs';

const [name, ...later] = process.argv.slice(2);
if (!name || later.length === 0) { console.error('usage: node stryker/merge-reports.mjs <report> <later-report>…'); process.exit(2); }
const path = (n) => `reports/mutation/${n}.json`;
const read = (n) => JSON.parse(readFileSync(path(n), 'utf8'));
const key = (m) => `${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement}`;

const base = read(name);
for (const n of later) {
  const report = read(n);
  for (const [file, entry] of Object.entries(report.files)) {
    const earlier = base.files[file];
    if (earlier === undefined || earlier.source !== entry.source) {
      base.files[file] = entry;
      console.log(`${n}: ${file} replaced whole (${earlier === undefined ? 'new file' : 'source changed'}: ${entry.mutants.length} mutants)`);
      continue;
    }
    const index = new Map(earlier.mutants.map((m, i) => [key(m), i]));
    let replaced = 0;
    for (const m of entry.mutants) {
      const i = index.get(key(m));
      if (i === undefined) earlier.mutants.push(m);
      else earlier.mutants[i] = m;
      replaced++;
    }
    console.log(`${n}: ${file}: ${replaced} mutants re-judged`);
  }
}
writeFileSync(path(name), JSON.stringify(base));
