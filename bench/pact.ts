// Pure-Pact workloads run by pactvm, against the same computation in plain JS in this process.

import { SourceFile, read, compileExpression } from '../compiler/index.js';
import { GlobalCell } from '../vm/chunk.js';
import { Closure, type Value } from '../vm/values.js';
import { ReplSession } from '../runtime/repl/session.js';
import type { BenchCase } from './harness.js';

/** Compile a Pact expression once; the returned thunk runs it on the machine. */
function compiled(session: ReplSession, source: string): () => Value {
  const proto = compileExpression(read(new SourceFile('bench.repl', source))[0], session);
  const closure = new Closure(proto, []);
  return () => session.vm.call(closure, []);
}

function define(session: ReplSession, name: string, value: Value): void {
  const cell = new GlobalCell(name, 'defconst', null);
  cell.value = value;
  session.replDefs.set(name, cell);
}

function check(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

export function pactCases(): BenchCase[] {
  const session = new ReplSession();
  const numbers = Array.from({ length: 10_000 }, (_, i) => i + 1);
  const words = Array.from({ length: 1_000 }, (_, i) => `w${i % 10}`);
  define(session, 'NUMBERS', numbers);
  define(session, 'WORDS', words);

  const fib = compiled(session, '(let ((fib (lambda (f n) (if (< n 2) n (+ (f f (- n 1)) (f f (- n 2))))))) (fib fib 20))');
  const fold = compiled(session, '(fold (lambda (acc x) (+ acc x)) 0 NUMBERS)');
  const build = compiled(session, '(fold (lambda (acc w) (+ acc w)) "" WORDS)');
  const jsFib = (n: number): number => (n < 2 ? n : jsFib(n - 1) + jsFib(n - 2));
  const wordsLength = words.join('').length;

  return [
    {
      suite: 'pact', name: 'recursive fib 20',
      subject: () => check(fib(), 6765, 'fib'),
      baseline: () => check(jsFib(20), 6765, 'fib'),
    },
    {
      suite: 'pact', name: 'fold over 10k list',
      subject: () => check(fold(), 50005000, 'fold'),
      baseline: () => check(numbers.reduce((acc, x) => acc + x, 0), 50005000, 'fold'),
    },
    {
      suite: 'pact', name: 'string building (1000 appends)',
      subject: () => check((build() as string).length, wordsLength, 'build'),
      baseline: () => check(words.reduce((acc, w) => acc + w, '').length, wordsLength, 'build'),
    },
  ];
}
