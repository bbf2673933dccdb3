// node stryker/summary.mjs <report> [--survivors | --write | --unargued]: per-file mutation scores from
// reports/mutation/<report>.json (<report> is a scope, or a scope-run such as stream-hfp).
//   --survivors  also print every surviving or uncovered mutant with its line and its verdict
//   --write      write that list to stryker/survivors/<scope>.md (committed: the argued list)
//   --unargued   print the lines of the unargued ones as a MUTATE value (file:from-to,…), to
//                re-run just those after tests were added
// Verdicts live in stryker/verdicts/<scope>.txt, one rule per line:
//   <file>:<line>[:<column>] | <file>:<from>-<to>  [<Mutator>[,<Mutator>…]]  <verdict>: <why>
// verdict is `equivalent` (the mutant cannot change behaviour: the why says why), `open` (it can,
// no test catches it yet: the why says what a test would need) or `killed` (a test added since the
// run fails on it, checked by applying the mutant by hand: the why names the test; the next run
// counts it as killed and the rule goes stale). A rule covers the undetected
// mutants starting on those lines (of those mutators). Rules name lines, so an edit to a file shows
// its survivors as unargued again until the rules are checked; a rule that covers no survivor is
// reported as stale.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const [reportName, flag] = process.argv.slice(2);
if (!reportName) { console.error('usage: node stryker/summary.mjs <scope> [--survivors | --write | --unargued]'); process.exit(2); }
const scope = reportName.split('-')[0];
const reportFile = `reports/mutation/${reportName}.json`;
if (!existsSync(reportFile)) {
  console.error(`${reportFile}: no such report; run \`npm run mutate -- ${scope}\` first (reports/ is not committed)`);
  process.exit(2);
}
let report;
try { report = JSON.parse(readFileSync(reportFile, 'utf8')); } catch (e) {
  console.error(`${reportFile}: not a Stryker JSON report: ${e.message}`);
  process.exit(2);
}
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const verdictFile = `stryker/verdicts/${scope}.txt`;
const RULE = /^(\S+?\.[a-z]+):(\d+)(?::(\d+)|-(\d+))?\s+(?:([A-Z][A-Za-z,]*)\s+)?(equivalent|open|killed):\s*(.+)$/;
const rules = [];
if (existsSync(verdictFile)) {
  readFileSync(verdictFile, 'utf8').split('\n').forEach((text, i) => {
    if (text.trim() === '' || text.startsWith('#')) return;
    const m = RULE.exec(text.trim());
    if (!m) { console.error(`${verdictFile}:${i + 1}: not a verdict rule: ${text}`); process.exit(2); }
    const [, file, from, column, to, mutators, verdict, why] = m;
    rules.push({ file, from: +from, to: +(to ?? from), column: column === undefined ? undefined : +column, mutators: mutators?.split(','), verdict, why, line: i + 1, used: 0 });
  });
}
const verdictOf = (file, m) => {
  const line = m.location.start.line;
  const rule = rules.find(r => r.file === file && r.from <= line && line <= r.to
    && (r.column === undefined || r.column === m.location.start.column) && (!r.mutators || r.mutators.includes(m.mutatorName)));
  if (rule) rule.used++;
  return rule;
};

const total = { detected: 0, undetected: 0, ignored: 0, invalid: 0, equivalent: 0, open: 0, killed: 0, unargued: 0 };
const rows = [];
const listed = [];
for (const [file, { mutants, source }] of Object.entries(report.files).sort()) {
  const c = { detected: 0, undetected: 0, ignored: 0, invalid: 0, noCoverage: 0 };
  for (const m of mutants) {
    if (DETECTED.has(m.status)) c.detected++;
    else if (UNDETECTED.has(m.status)) { c.undetected++; if (m.status === 'NoCoverage') c.noCoverage++; }
    else if (m.status === 'Ignored') c.ignored++;
    else c.invalid++;
  }
  for (const k of ['detected', 'undetected', 'ignored', 'invalid']) total[k] += c[k];
  const score = c.detected + c.undetected ? (100 * c.detected / (c.detected + c.undetected)).toFixed(1) : '—';
  rows.push(`${file}\t${score} %\tkilled ${c.detected}\tsurvived ${c.undetected - c.noCoverage}\tno coverage ${c.noCoverage}\tignored ${c.ignored}\tinvalid ${c.invalid}`);
  const lines = source.split('\n');
  const undetected = mutants.filter(m => UNDETECTED.has(m.status))
    .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  for (const m of undetected) {
    const l = m.location.start.line;
    const rule = verdictOf(file, m);
    total[rule ? rule.verdict : 'unargued']++;
    const entry = {
      file, line: l, where: `${file}:${l}:${m.location.start.column}`, status: m.status, mutator: m.mutatorName,
      replacement: JSON.stringify(m.replacement ?? '').slice(0, 80), code: lines[l - 1].trim().slice(0, 100),
      argued: rule !== undefined, verdict: rule ? `${rule.verdict}: ${rule.why}` : 'UNARGUED',
    };
    listed.push(entry);
    if (flag === '--survivors') rows.push(`  ${entry.where} ${entry.status} ${entry.mutator}: ${entry.replacement}   | ${entry.code}\n      → ${entry.verdict}`);
  }
}
if (flag === '--unargued') {
  const ranges = new Set(listed.filter(e => !e.argued).map(e => `${e.file}:${e.line}-${e.line}`));
  console.log([...ranges].join(','));
  process.exit(0);
}
console.log(rows.join('\n'));
const judged = total.detected + total.undetected;
const score = (100 * total.detected / judged).toFixed(2);
const withoutEquivalent = (100 * total.detected / (judged - total.equivalent)).toFixed(2);
console.log(`\n${reportName}: ${score} % (${total.detected} detected of ${judged}; ${total.ignored} ignored, ${total.invalid} invalid)`);
const withKills = (100 * (total.detected + total.killed) / (judged - total.equivalent)).toFixed(2);
console.log(`undetected: ${total.equivalent} argued equivalent, ${total.killed} killed since, ${total.open} open, ${total.unargued} unargued; score without the equivalent ones ${withoutEquivalent} % (${withKills} % with the kills since)`);
const stale = rules.filter(r => r.used === 0 && report.files[r.file] !== undefined);
for (const r of stale) console.log(`stale rule (covers no undetected mutant): ${verdictFile}:${r.line} ${r.file}:${r.from}-${r.to}`);

if (flag === '--write') {
  const cell = s => s.replace(/\|/g, '\\|').replace(/`/g, "'");
  const out = [
    `# Surviving mutants: ${reportName}`,
    '',
    `Written by \`node stryker/summary.mjs ${reportName} --write\` from \`reports/mutation/${reportName}.json\``,
    `(run of ${new Date(statSync(reportFile).mtimeMs).toISOString().slice(0, 16).replace('T', ' ')} UTC) and the rules of \`${verdictFile}\`.`,
    '',
    `Score ${score} % (${total.detected} detected of ${judged}). Undetected: ${total.equivalent} argued equivalent, ${total.killed} killed since by new tests, ${total.open} open, ${total.unargued} unargued.`,
    `Without the equivalent ones: ${withoutEquivalent} %; counting the kills since: ${withKills} %.`,
    '',
    '| where | status | mutation | code | verdict |',
    '|---|---|---|---|---|',
    ...listed.map(e => `| ${e.where} | ${e.status} | ${cell(e.mutator)} → ${cell(e.replacement)} | \`${cell(e.code)}\` | ${cell(e.verdict)} |`),
    '',
  ];
  mkdirSync('stryker/survivors', { recursive: true });
  writeFileSync(`stryker/survivors/${reportName}.md`, out.join('\n'));
  console.log(`wrote stryker/survivors/${reportName}.md`);
}
