// Machine-readable test reports for CI systems: JSON lines, TAP 13 and JUnit XML, one test per script.

import type { PortableResult } from './parallel.js';

/** One `--reporter json` line: exactly the fields the issue specifies. */
export function jsonReport(r: PortableResult): object {
  const { file, passed, expects, failures, error, durationMs, gasMilli } = r;
  return { file, passed, expects, failures, error, durationMs, gasMilli };
}

export function tapReport(results: PortableResult[]): string {
  const lines = ['TAP version 13', `1..${results.length}`];
  results.forEach((r, i) => {
    lines.push(`${r.passed ? 'ok' : 'not ok'} ${i + 1} - ${r.file}`);
    if (!r.passed) {
      lines.push('  ---');
      if (r.error) lines.push(`  error: ${JSON.stringify(r.error.message)}`, `  at: "${r.error.file}:${r.error.line}:${r.error.column}"`);
      for (const f of r.failures) lines.push(`  failure: ${JSON.stringify(`line ${f.line}: ${f.message}`)}`);
      lines.push('  ...');
    }
  });
  return lines.join('\n') + '\n';
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function junitReport(results: PortableResult[]): string {
  const failures = results.filter(r => !r.passed && !r.error).length;
  const errors = results.filter(r => r.error).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = results.reduce((n, r) => n + r.durationMs, 0);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="pactvm" tests="${results.length}" failures="${failures}" errors="${errors}" time="${seconds(total)}">`];
  for (const r of results) {
    out.push(`  <testcase classname="pactvm" name="${xml(r.file)}" time="${seconds(r.durationMs)}">`);
    if (r.error) {
      out.push(`    <error message="${xml(r.error.message)}">${xml(`${r.error.file}:${r.error.line}:${r.error.column}: ${r.error.message}`)}</error>`);
    }
    for (const f of r.failures) out.push(`    <failure message="${xml(f.message)}">${xml(`line ${f.line}: ${f.message}`)}</failure>`);
    out.push('  </testcase>');
  }
  out.push('</testsuite>');
  return out.join('\n') + '\n';
}
