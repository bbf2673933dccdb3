// Pure-Pact workloads run by pactvm, against the same computation in plain JS in this process.

import { SourceFile, read, compileExpression } from '../compiler/index.js';
import { GlobalCell } from '../vm/chunk.js';
import { Closure, type Value } from '../vm/values.js';
import { ReplSession } from '../runtime/repl/session.js';
import { TABLE_MODEL } from '../runtime/gas/index.js';
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

/** A session running the table gas model with a limit no workload reaches. */
function tableGasSession(): ReplSession {
  const session = new ReplSession();
  session.gas.model = TABLE_MODEL;
  session.gas.setLimit(Number.MAX_SAFE_INTEGER);
  return session;
}

/** The same expression with gas off (baseline) and with table gas (subject): the cost of metering. */
function gasCase(name: string, source: string, check: (v: Value) => void): BenchCase {
  const off = compiled(new ReplSession(), source);
  const metered = tableGasSession();
  const on = compiled(metered, source);
  return {
    suite: 'gas', name,
    subject: () => { metered.gas.milligas = 0; check(on()); },
    baseline: () => check(off()),
  };
}

const FACTORIAL_1000 = Array.from({ length: 1000 }, (_, i) => BigInt(i + 1)).reduce((a, b) => a * b, 1n);
const LET_1000 = `(let* (${Array.from({ length: 1000 }, (_, i) => i === 0 ? '(x1 1)' : `(x${i + 1} (* 2 x${i}))`).join(' ')}) x1000)`;

export function gasCases(): BenchCase[] {
  return [
    gasCase('pact5 factorial 1000', '(fold * 1 (enumerate 1 1000))', v => check(v, FACTORIAL_1000, 'factorial')),
    gasCase('pact5 let 1000', LET_1000,
      v => check(v, 2n ** 999n, 'let')),
  ];
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
  const mapped = compiled(session, '(map (lambda (x) (+ x 1)) NUMBERS)');
  const filtered = compiled(session, '(filter (lambda (x) (> x 5000)) NUMBERS)');
  // a 32-bit rotate right by 7, as SHA-256 written in Pact makes it: the left shift passes 2^53
  const rotations = compiled(session, '(fold (lambda (acc x) (& 4294967295 (xor (| (shift acc -7) (shift acc 25)) x))) 2463534242 NUMBERS)');
  const jsRotations = (): number => numbers.reduce((acc, x) => (((acc >>> 7) | (acc << 25)) ^ x) >>> 0, 2463534242);
  const rotated = jsRotations();
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
      suite: 'pact', name: 'map over 10k list',
      subject: () => check((mapped() as number[])[9_999], 10_001, 'map'),
      baseline: () => check(numbers.map(x => x + 1)[9_999], 10_001, 'map'),
    },
    {
      suite: 'pact', name: 'filter over 10k list',
      subject: () => check((filtered() as number[]).length, 5_000, 'filter'),
      baseline: () => check(numbers.filter(x => x > 5000).length, 5_000, 'filter'),
    },
    {
      suite: 'pact', name: 'bit rotations over 10k list',
      subject: () => check(rotations(), rotated, 'rotations'),
      baseline: () => check(jsRotations(), rotated, 'rotations'),
    },
    {
      suite: 'pact', name: 'string building (1000 appends)',
      subject: () => check((build() as string).length, wordsLength, 'build'),
      baseline: () => check(words.reduce((acc, w) => acc + w, '').length, wordsLength, 'build'),
    },
  ];
}
