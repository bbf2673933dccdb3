// Rendering of uncaught errors (repl.md §6.4) and of test failures (§5.3).

import { PactError } from '../../vm/errors.js';
import type { Value } from '../../vm/values.js';
import { abbreviated } from '../values/render.js';
import type { TestResult } from './session.js';

/**
 * `<file>:<line>:<col>: <message>`, the source slice, the marker and the Pact stack. The slice is
 * cut from `sliceFrom` when given: Pact's interactive REPL cuts it from the input being run, even
 * for an error inside a definition an earlier input made (its lines past the end show nothing).
 */
export function renderError(e: PactError, sliceFrom?: string): string {
  const span = e.span;
  if (!span) return `${e.message}\n`;
  const s = span.startPos, en = span.endPos;
  const lines: string[] = [`${span.file.name}:${s.line + 1}:${s.col}: ${e.message}`];
  const width = String(en.line + 1).length + 1;
  const count = Math.max(1, en.line - s.line);
  // Haskell's T.lines: a final newline ends the last line rather than starting another
  const source = sliceFrom === undefined ? null : sliceFrom.replace(/\n$/, '').split('\n');
  for (let l = s.line; l < s.line + count; l++) {
    if (source !== null && l >= source.length) break;
    lines.push(`${String(l + 1).padStart(width)} | ${source === null ? span.file.lineText(l) : source[l]}`);
  }
  const carets = Math.max(1, en.col - s.col);
  lines.push(`${' '.repeat(width + 1)}| ${' '.repeat(s.col)}${'^'.repeat(carets)}`);
  for (const f of e.pactStack) {
    const args = (f.args as Value[]).map(argumentText).join(' ');
    lines.push(`  at(${f.name}${args ? ' ' + args : ''}):${f.span ? f.span.range() : ''}`);
  }
  if (e.pactStack.length === 0) lines.push('');
  return lines.join('\n') + '\n';
}

/** `<file>:<sl>:<sc>-<el>:<ec>:<FAILURE message>` for a failed expect. */
export function renderFailure(r: TestResult): string {
  return `${r.span ? r.span.range() : ''}:${r.message}`;
}

/** A frame's argument, abbreviated; one too deep to render (an object holding a value nested past
 *  the nesting limit) prints as `...`, so that the error it belongs to is still reported. */
function argumentText(v: Value): string {
  try {
    return abbreviated(v);
  } catch (e) {
    if (e instanceof PactError) return '...';
    throw e;
  }
}
