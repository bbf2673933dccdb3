// Compile-time cases: a large module and a long let*, each against ten compiles of a tenth of
// it. A ratio near 1 means compile time grows linearly with size; 0.1 would mean quadratically.

import { SourceFile, read, compileExpression } from '../compiler/index.js';
import { ReplSession } from '../runtime/repl/session.js';
import { runSource } from '../runtime/repl/script.js';
import type { BenchCase } from './harness.js';

/** A module of n defuns, each calling the one before (a dependency chain as deep as the module). */
function moduleText(n: number): string {
  const defs = Array.from({ length: n }, (_, i) =>
    `  (defun f${i}:integer (x:integer) ${i === 0 ? 'x' : `(+ x (f${i - 1} x))`})`);
  return `(module big GOV (defcap GOV () true)\n${defs.join('\n')}\n)`;
}

function letText(n: number): string {
  return `(let* (${Array.from({ length: n }, (_, i) => (i === 0 ? '(x1 1)' : `(x${i + 1} (+ 1 x${i}))`)).join(' ')}) x${n})`;
}

function loadModule(text: string): void {
  const s = new ReplSession();
  runSource(s, new SourceFile('big.repl', text));
  if (!s.module('big')) throw new Error('module big was not deployed');
}

function compileLet(session: ReplSession, text: string): void {
  const proto = compileExpression(read(new SourceFile('let.repl', text))[0], session);
  if (proto.nlocals < 1) throw new Error('let* compiled to no locals');
}

export function compileCases(): BenchCase[] {
  const big = moduleText(10_000), small = moduleText(1_000);
  const longLet = letText(4_000), shortLet = letText(400);
  const session = new ReplSession();
  return [
    {
      suite: 'compile', name: 'module of 10k defuns (vs 10 × 1k)',
      subject: () => loadModule(big),
      baseline: () => { for (let i = 0; i < 10; i++) loadModule(small); },
    },
    {
      suite: 'compile', name: 'let* of 4000 bindings (vs 10 × 400)',
      subject: () => compileLet(session, longLet),
      baseline: () => { for (let i = 0; i < 10; i++) compileLet(session, shortLet); },
    },
  ];
}
