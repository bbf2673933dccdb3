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

/**
 * `prefix` and then a list of names as Pact's error texts print one (`pretty` of a list:
 * prettyprinter's `align . list`, laid out on its 80-column page): `[a, b]` when the whole line
 * fits, else broken, `[ a` and `, b ]` on lines of their own aligned under the bracket (and a
 * single item as `[ a ]`). Every list in Pact's error texts ends its line, so only the prefix
 * and the list decide.
 */
export function withPrettyList(prefix: string, items: readonly string[]): string {
  const column = [...prefix].length;
  const flat = `[${items.join(', ')}]`;
  if (column + [...flat].length <= 80) return prefix + flat;
  return `${prefix}[ ${items.join(`\n${' '.repeat(column)}, `)} ]`;
}
