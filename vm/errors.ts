// The one error type. Messages match Pact 5's text exactly, because scripts compare them.

import type { Span } from './source.js';
import type { FunctionProto } from './chunk.js';

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
  /** where the function was applied (its own span when that is unknown) */
  span: Span | null;
  proto?: FunctionProto;
}

/** Pact errors are values to a script (`try`, `enforce-one` and `expect-failure` catch them by the
 *  thousand), not pactvm bugs, so they skip V8's Error constructor (≈ 1–2 µs each for the stack it
 *  captures, a third of a guard-heavy suite's time) while staying `instanceof Error`. Only internal
 *  errors, which are bugs, keep a JS stack. */
export interface PactError extends Error {}
export class PactError {
  readonly kind: ErrorKind;
  /** the text, or how to make it: a message whose rendering costs (a guard, a token) is made
   *  only when read, since most such errors are caught by `try` and never shown */
  private text: string | (() => string);
  span: Span | null;
  pactStack: StackFrameInfo[] = [];
  constructor(kind: ErrorKind, message: string | (() => string), span?: Span | null) {
    this.kind = kind;
    this.text = message;
    this.span = span ?? null;
    if (kind === 'internal') Error.captureStackTrace(this, PactError);
  }
  get message(): string {
    if (typeof this.text !== 'string') this.text = this.text();
    return this.text;
  }
  /** Without a captured stack, `stack` is the error's first line: tools that print errors
   *  (uvu's failure report, Node's uncaught handler) read it and must find a string. */
  get stack(): string { return `${this.name}: ${this.message}`; }
  /** try / enforce-one catch only these. */
  get recoverable(): boolean { return this.kind === 'user'; }
}
Object.setPrototypeOf(PactError.prototype, Error.prototype);

export function execError(message: string, span?: Span | null): PactError {
  return new PactError('exec', message, span);
}

export function userError(message: string | (() => string), span?: Span | null): PactError {
  return new PactError('user', message, span);
}

/** `native execution failure, <native> failed with message: <msg>` */
export function nativeFailure(native: string, msg: string): PactError {
  return new PactError('exec', `native execution failure, ${native} failed with message: ${msg}`);
}
