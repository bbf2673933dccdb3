// Where the shared corpus lives (the upstream Pact 5 scripts, the gas goldens, the real header data)
// and the gate every corpus-driven test goes through, so a clone without it still runs its unit tests.

import { test } from 'uvu';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isAbsolute, join, resolve } from 'node:path';

/** Compiled to dist/test/, so the repository root is two levels up. */
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** `PACTVM_CORPUS=/path/to/shared`, else `../shared` beside the repository. */
export const CORPUS_ROOT = process.env.PACTVM_CORPUS
  ? (isAbsolute(process.env.PACTVM_CORPUS) ? process.env.PACTVM_CORPUS : resolve(process.env.PACTVM_CORPUS))
  : join(REPO, '..', 'shared');

/** Every part a corpus-driven test reads; a corpus missing one of them is a broken corpus, not an absent one. */
export const PACT_TESTS = join(CORPUS_ROOT, 'conformance', 'pact-5', 'pact-tests');
export const GAS_GOLDENS = join(CORPUS_ROOT, 'conformance', 'pact-5', 'gas-goldens');
export const HEADER_DATA = join(CORPUS_ROOT, 'data', 'headers');
export const TYPECHECKER = join(CORPUS_ROOT, 'conformance', 'pact-5', 'typechecker');

export const corpusAvailable = existsSync(CORPUS_ROOT);

/** CI sets PACTVM_REQUIRE_CORPUS=1: there an absent corpus stops the run, never a silent skip. */
if (!corpusAvailable && process.env.PACTVM_REQUIRE_CORPUS === '1') {
  throw new Error(`PACTVM_REQUIRE_CORPUS=1 but there is no corpus at ${CORPUS_ROOT} (set PACTVM_CORPUS=/path/to/shared)`);
}

let skipped = 0;
const skippedFiles = new Set<string>();

/** A test that reads the corpus: registered with uvu when the corpus is there, counted as skipped otherwise. */
export function corpusTest(name: string, fn: () => void | Promise<void>): void {
  if (corpusAvailable) { test(name, fn); return; }
  skipped++;
  skippedFiles.add(callerFile());
}

/** A value read from the corpus when the suite loads; `fallback` stands in when it is absent (its tests are skipped). */
export function fromCorpus<T>(load: () => T, fallback: T): T {
  return corpusAvailable ? load() : fallback;
}

/** A file of the pact-tests folder. */
export function pactTest(name: string): string {
  return readFileSync(join(PACT_TESTS, name), 'utf8');
}

/** A goldens file (`builtinGas.golden`, …) as native → milligas, in file order. */
export function gasGoldens(file = 'builtinGas.golden'): Map<string, number> {
  const entries = readFileSync(join(GAS_GOLDENS, 'goldens', file), 'utf8').split('\n').filter(l => l.includes(': '));
  return new Map(entries.map(l => {
    const i = l.lastIndexOf(': ');
    return [l.slice(0, i), Number(l.slice(i + 2))] as [string, number];
  }));
}

/** The test file that called corpusTest, from the stack (for the skip line). */
function callerFile(): string {
  const frames = (new Error().stack ?? '').split('\n');
  const frame = frames.find(f => /\.test\.js/.test(f)) ?? '';
  const m = /dist\/test\/([^:)]+\.test\.js)/.exec(frame);
  return m ? m[1] : 'a test file';
}

process.on('exit', () => {
  if (skipped === 0) return;
  process.stderr.write(
    `skipped ${skipped} corpus-driven tests in ${skippedFiles.size} files: no corpus at ${CORPUS_ROOT}; ` +
    'set PACTVM_CORPUS=/path/to/shared (default: ../shared beside the repository) to run them\n');
});
