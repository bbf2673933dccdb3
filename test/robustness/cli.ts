// Helpers of the robustness tests: scripts in a scratch folder, the CLI run with a deadline, and
// the checks every case makes (exit code, `file:line:col: message`, no JavaScript stack).

import * as assert from 'uvu/assert';
import { XMLValidator } from 'fast-xml-parser';
import { CHILD_PROCESS_MS } from '../deadline.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const cli = fileURLToPath(new URL('../../runtime/repl/cli.js', import.meta.url));

/** A CLI run may not take longer than this (the machine may be busy): a hang fails the test. */
export const DEADLINE_MS = CHILD_PROCESS_MS;

export function scratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `pactvm-${prefix}-`));
}

export function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

export interface CliRun { status: number | null; stdout: string; stderr: string }

export function pactvm(args: string[], input?: string): CliRun {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: DEADLINE_MS, input, maxBuffer: 1 << 28 });
  if (r.error) throw r.error; // the deadline passed
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}


/** `pactvm run FILE` failed (exit 1) with `FILE:line:col: message` first, and no JS stack anywhere. */
export function assertLocatedFailure(r: CliRun, file: string, line: number, col: number, message: string): void {
  assert.is(r.status, 1, `exit code; stderr: ${r.stderr.slice(0, 500)}`);
  const first = r.stderr.split('\n')[0];
  assert.is(first, `${file}:${line}:${col}: ${message}`);
  assertNoStack(r);
}

export function assertNoStack(r: CliRun): void {
  for (const text of [r.stdout, r.stderr]) {
    assert.not.match(text, /\n\s+at .*\(.*\.js:\d+:\d+\)/, 'no JavaScript stack trace');
    assert.not.match(text, /^pactvm: /m, 'no escaped engine error');
  }
}

/** A JUnit document as `pactvm test --reporter junit` writes it: well formed, with the counts given. */
export function assertJunit(xml: string, files: number, failingFiles: number): void {
  assert.ok(XMLValidator.validate(xml) === true, 'well-formed XML');
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /);
  assert.ok(xml.trimEnd().endsWith('</testsuites>'), 'the document is closed');
  // one <testsuite> per file; a file fails when any of its cases failed or it raised an error
  const suites = [...xml.matchAll(/<testsuite name="[^"]*" tests="(\d+)" failures="(\d+)" errors="(\d+)"/g)];
  assert.is(suites.length, files);
  assert.is(suites.filter(m => Number(m[2]) + Number(m[3]) > 0).length, failingFiles);
}
