// The one error type. Messages match Pact 5's text exactly, because scripts compare them.

import type { Span } from './source.js';

export type ErrorKind =
  | 'lexer' | 'parse' | 'desugar'   // before anything runs; never caught by try
  | 'exec'                          // execution errors: type, arity, arithmetic, ...
  | 'user'                          // recoverable: enforce, error, keyset failure, ...
  | 'gas' | 'db' | 'io'
  | 'internal';                      // a bug in pactvm (vm/limits.ts), rendered by the runner

export interface StackFrameInfo {
  /** e.g. `m.f` */
  name: string;
  args: unknown[];
  span: Span | null;
}

export class PactError extends Error {
  span: Span | null;
  pactStack: StackFrameInfo[] = [];
  constructor(readonly kind: ErrorKind, message: string, span?: Span | null) {
    // a Pact error's JS stack is never shown, and capturing it costs microseconds per error (a
    // test batch's expect-failure and try make thousands); an internal error keeps it for debugging
    const limit = Error.stackTraceLimit;
    if (kind !== 'internal') Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.span = span ?? null;
  }
  /** try / enforce-one catch only these. */
  get recoverable(): boolean { return this.kind === 'user'; }
}

export function execError(message: string, span?: Span | null): PactError {
  return new PactError('exec', message, span);
}

export function userError(message: string, span?: Span | null): PactError {
  return new PactError('user', message, span);
}

/** `native execution failure, <native> failed with message: <msg>` */
export function nativeFailure(native: string, msg: string): PactError {
  return new PactError('exec', `native execution failure, ${native} failed with message: ${msg}`);
}
