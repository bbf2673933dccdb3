// The engine's limits (nesting, call depth, value and file sizes) and the one mapping from engine
// failures (JavaScript range errors, internal bugs) to Pact errors, so nothing escapes as a JS crash.

import { PactError, execError } from './errors.js';
import type { Span } from './source.js';

/** Limits a user may raise from the command line (`--max-call-depth`, `--max-file-size`). */
export const limits = {
  /** Pact-to-Pact calls in progress at once (the VM's frame stack) */
  callDepth: 1_000_000,
  /** bytes of a script file that `run`, `test` or `load` reads */
  fileBytes: 64 * 1024 * 1024,
};

/** Brackets nested in source text; the compiler's stages recurse once per level. */
export const MAX_SOURCE_NESTING = 512;
/** Lists/objects nested in a value, for printing, JSON, equality and hashing. */
export const MAX_VALUE_NESTING = 1000;
/** Bits of an integer result: far beyond any real contract, far below the engine's ceiling. */
export const MAX_INTEGER_BITS = 1 << 20;
/** Elements of a list built in one step (make-list, enumerate, ...). */
export const MAX_LIST_LENGTH = 1 << 24;
/** UTF-16 units of a string built in one step. */
export const MAX_STRING_LENGTH = 1 << 26;

export function sourceTooDeep(span?: Span | null): PactError {
  return new PactError('parse', `Nesting too deep: more than ${MAX_SOURCE_NESTING} nested forms`, span);
}

export function valueTooDeep(): PactError {
  return execError(`Nesting too deep: value nested more than ${MAX_VALUE_NESTING} levels`);
}

export function callTooDeep(): PactError {
  return execError(`Call depth limit exceeded: more than ${limits.callDepth} nested calls (raise it with --max-call-depth)`);
}

export function integerTooLarge(what: 'integer' | 'decimal' = 'integer'): PactError {
  return execError(`Value too large: ${what} of more than ${MAX_INTEGER_BITS} bits`);
}

export function listTooLarge(length: number | bigint): PactError {
  return execError(`Value too large: list of ${length} elements (the limit is ${MAX_LIST_LENGTH})`);
}

export function stringTooLarge(): PactError {
  return execError(`Value too large: string of more than ${MAX_STRING_LENGTH} characters`);
}

// Integers within 2^1024 are checked against these small bounds only; the limit's own bounds, two
// million-bit BigInts (256 KB), are made the first time an integer passes 2^1024, not at every
// start. Each bound is made once: negating one on every check would copy it each time.
const SMALL_CEILING = 1n << 1024n;
const SMALL_FLOOR = -SMALL_CEILING;
let ceiling: bigint | null = null, floor: bigint | null = null;

function pastLimit(i: bigint): boolean {
  ceiling ??= 1n << BigInt(MAX_INTEGER_BITS);
  floor ??= -ceiling;
  return i >= ceiling || i <= floor;
}

/** An integer result (or a decimal's mantissa), refused if it passed the size limit (comparisons:
 *  cheap for any size). */
export function checkedInteger<T extends number | bigint>(i: T, what: 'integer' | 'decimal' = 'integer'): T {
  if (typeof i === 'bigint' && (i >= SMALL_CEILING || i <= SMALL_FLOOR) && pastLimit(i)) throw integerTooLarge(what);
  return i;
}

/**
 * A JavaScript failure met while running Pact, as the user should see it: range errors (stack,
 * BigInt, array and string sizes) become Pact errors; anything else is a bug in pactvm, kept as an
 * `InternalFailure` so that no Pact code (`try`, `expect-failure`) can mistake it for its own error.
 */
export function engineFailure(e: unknown, span: Span | null): PactError | InternalFailure {
  if (e instanceof PactError || e instanceof InternalFailure) {
    if (!e.span) e.span = span;
    return e;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof MissingRuntimeFeature) return new InternalFailure(message, span, e, message);
  if (e instanceof RangeError) {
    const pact = rangeErrorText(message);
    if (pact) return new PactError('exec', pact, span);
  }
  return new InternalFailure(message, span, e);
}

function rangeErrorText(message: string): string | null {
  if (message.includes('call stack')) return 'Nesting too deep: out of stack space (recursion through natives or a deeply nested value)';
  if (message.includes('BigInt')) return 'Value too large: integer beyond the engine\'s size limit';
  if (message.includes('array length')) return 'Value too large: list too long';
  if (message.includes('string length')) return 'Value too large: string too long';
  return null;
}

/** A bug in pactvm itself (or a runtime it cannot work in), with where in the script it happened. */
export class InternalFailure extends Error {
  constructor(readonly detail: string, public span: Span | null, readonly original: unknown,
    message = `internal error: ${detail}, please report`) {
    super(message);
  }

  /** As a Pact error, for the places that render errors (the script runner, the REPL). */
  toPactError(): PactError {
    return new PactError('internal', this.message, this.span);
  }
}

/** The JavaScript runtime lacks what a native needs (WebAssembly under `node --jitless`): not a bug
 *  to report, and not a Pact error a script could catch; the message says what is missing. */
export class MissingRuntimeFeature extends Error {}
