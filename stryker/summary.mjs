// node stryker/summary.mjs <scope> [--survivors]: per-file mutation scores from
// reports/mutation/<scope>.json, and optionally each surviving or uncovered mutant with its line.
import { readFileSync } from 'node:fs';

const [scopeName, flag] = process.argv.slice(2);
const report = JSON.parse(readFileSync(`reports/mutation/${scopeName}.json`, 'utf8'));
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const total = { detected: 0, undetected: 0, ignored: 0, invalid: 0 };
const rows = [];
for (const [file, { mutants, source }] of Object.entries(report.files).sort()) {
  const c = { detected: 0, undetected: 0, ignored: 0, invalid: 0, noCoverage: 0 };
  for (const m of mutants) {
    if (DETECTED.has(m.status)) c.detected++;
    else if (UNDETECTED.has(m.status)) { c.undetected++; if (m.status === 'NoCoverage') c.noCoverage++; }
    else if (m.status === 'Ignored') c.ignored++;
    else c.invalid++;
  }
  for (const k of Object.keys(total)) total[k] += c[k];
  const score = c.detected + c.undetected ? (100 * c.detected / (c.detected + c.undetected)).toFixed(1) : '—';
  rows.push(`${file}\t${score} %\tkilled ${c.detected}\tsurvived ${c.undetected - c.noCoverage}\tno coverage ${c.noCoverage}\tignored ${c.ignored}\tinvalid ${c.invalid}`);
  if (flag === '--survivors') {
    const lines = source.split('\n');
    for (const m of mutants.filter(m => UNDETECTED.has(m.status)).sort((a, b) => a.location.start.line - b.location.start.line)) {
      const l = m.location.start.line;
      rows.push(`  ${file}:${l}:${m.location.start.column} ${m.status} ${m.mutatorName}: ${JSON.stringify(m.replacement ?? '').slice(0, 80)}   | ${lines[l - 1].trim().slice(0, 100)}`);
    }
  }
}
console.log(rows.join('\n'));
const score = (100 * total.detected / (total.detected + total.undetected)).toFixed(2);
console.log(`\n${scopeName}: ${score} % (${total.detected} detected of ${total.detected + total.undetected}; ${total.ignored} ignored, ${total.invalid} invalid)`);
