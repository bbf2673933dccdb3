// The desugar errors, shared by the compiler and the Pact-IR mirror (runtime/pact-ir), which
// report the same malformed forms with the same text.

import type { Span } from '../vm/source.js';
import { PactError } from '../vm/errors.js';

export function desugarError(msg: string, span: Span): PactError {
  return new PactError('desugar', msg, span);
}
export function syntaxFailure(msg: string, span: Span): PactError {
  return desugarError(`Desugar syntax failure: ${msg}`, span);
}

/** A binder or definition named like a native (Pact's InvalidNativeShadowing). */
export function shadowsNativeError(name: string, span: Span): PactError {
  return desugarError(`Variable ${name} shadows native with the same name`, span);
}
