// How `pactvm test` reports each script: pretty text for people; JSON lines, TAP 14 and JUnit XML for
// machines (each valid under a strict parser of its format, whatever text the scripts produce).

import type { PortableResult } from './parallel.js';

/** The closing line of a batch. */
export function summaryLine(passed: number, failed: number): string {
  return `${passed} passed, ${failed} failed`;
}

/** A file's block of pretty output: PASS/FAIL, then the error and each failure at Pact's location
 *  (the one `pactvm run` prints), continuation lines of a message indented under it. */
export function prettyReport(r: PortableResult): string {
  const summary = `${r.expects.passed}/${r.expects.passed + r.expects.failed} expects, ${r.durationMs.toFixed(1)} ms`;
  let out = `${r.passed ? 'PASS' : 'FAIL'} ${r.file} (${summary})\n`;
  if (r.error) out += indent(r.errorText ?? r.error.message, '    ');
  for (const c of r.cases) {
    if (c.passed) continue;
    const [first, ...rest] = c.message.trimEnd().split('\n');
    out += `    ${c.location ?? r.file}:${first}\n`;
    for (const line of rest) out += `        ${line}`.trimEnd() + '\n';
    if (c.raisedAt) out += `        (raised at ${c.raisedAt})\n`;
  }
  return out;
}

function indent(text: string, by: string): string {
  return text.trimEnd().split('\n').map(l => `${by}${l}`.trimEnd()).join('\n') + '\n';
}

/** One `--reporter json` line: exactly the fields the JSON format promises (README). */
export function jsonReport(r: PortableResult): object {
  const { file, passed, expects, failures, error, durationMs, gasMilli } = r;
  return { file, passed, expects, failures, error, durationMs, gasMilli };
}

// ---- TAP 14 (https://testanything.org/tap-version-14-specification.html): one test point per
// script; a failing one carries a YAML block whose failures are a list, one entry per expect.

/** A test point description: `#` would start a directive and `\` escapes, so both are escaped. */
function tapDescription(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/\\/g, '\\\\').replace(/#/g, '\\#');
}

/** A YAML double-quoted scalar. JSON's string syntax is one (it already escapes C0 controls and
 *  lone surrogates) once the characters YAML does not allow unescaped are written as \u escapes too. */
function yamlString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function tapReport(results: PortableResult[]): string {
  const lines = ['TAP version 14', `1..${results.length}`];
  let passed = 0;
  results.forEach((r, i) => {
    if (r.passed) passed++;
    lines.push(`${r.passed ? 'ok' : 'not ok'} ${i + 1} - ${tapDescription(r.file)}`);
    if (r.passed) return;
    lines.push('  ---');
    lines.push(`  message: ${yamlString(r.error ? 'an error escaped the script' : `${r.expects.failed} of ${r.expects.passed + r.expects.failed} expects failed`)}`);
    if (r.error) {
      lines.push('  error:', `    message: ${yamlString(r.error.message)}`);
      if (r.error.file !== null) lines.push(`    file: ${yamlString(r.error.file)}`);
      if (r.error.line !== null) lines.push(`    line: ${r.error.line}`);
      if (r.error.column !== null) lines.push(`    column: ${r.error.column}`);
    }
    const failures = r.cases.filter(c => !c.passed);
    if (failures.length) {
      lines.push('  failures:');
      for (const f of failures) {
        lines.push(`    - doc: ${yamlString(f.doc)}`, `      message: ${yamlString(f.message)}`);
        if (f.line !== null) lines.push(`      line: ${f.line}`);
        if (f.raisedAt !== null) lines.push(`      raised_at: ${yamlString(f.raisedAt)}`);
      }
    }
    lines.push('  ...');
  });
  lines.push(`# ${summaryLine(passed, results.length - passed)}`);
  return lines.join('\n') + '\n';
}

// ---- JUnit XML: a <testsuite> per script, a <testcase> per expect, an <error> case for an error
// that escaped the script.

/** Text as XML 1.0 character data or attribute value: markup escaped, characters XML cannot carry
 *  at all (controls, lone surrogates, U+FFFE/U+FFFF) written as visible \u escapes. */
function xml(text: string, attribute = false): string {
  const escaped = text.replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // in an attribute a raw line break would be read back as a space
  return attribute ? escaped.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;') : escaped;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function junitReport(results: PortableResult[]): string {
  const count = (f: (r: PortableResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const tests = count(r => r.cases.length + (r.error ? 1 : 0));
  const failures = count(r => r.expects.failed);
  const errors = count(r => (r.error ? 1 : 0));
  const out = ['<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pactvm" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(count(r => r.durationMs))}">`];
  for (const r of results) {
    const file = xml(r.file, true);
    out.push(`  <testsuite name="${file}" tests="${r.cases.length + (r.error ? 1 : 0)}" failures="${r.expects.failed}" errors="${r.error ? 1 : 0}" time="${seconds(r.durationMs)}">`);
    for (const c of r.cases) {
      const open = `    <testcase classname="${file}" name="${xml(c.doc, true)}"`;
      if (c.passed) { out.push(`${open}/>`); continue; }
      out.push(`${open}>`,
        `      <failure message="${xml(c.message, true)}" type="expect">${xml(`${c.location ?? r.file}:${c.message}${c.raisedAt ? `\n(raised at ${c.raisedAt})` : ''}`)}</failure>`,
        '    </testcase>');
    }
    if (r.error) {
      out.push(`    <testcase classname="${file}" name="an error escaped the script">`,
        `      <error message="${xml(r.error.message, true)}" type="PactError">${xml(r.errorText ?? r.error.message)}</error>`,
        '    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}
