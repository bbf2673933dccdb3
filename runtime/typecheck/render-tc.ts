// Typecheck errors as Pact 5's REPL renders them (Typed/Infer.hs `renderTypecheckError`): the
// message, then a slice of the source with the offending span underlined.

import type { SpanInfo } from '../pact-ir/terms.js';
import type { Loc, TypecheckProblem } from './tc-errors.js';

/** The text of a source file by name, when it is known. */
export type SourceLookup = (file: string) => string | undefined;

const NO_SPAN: SpanInfo = { startLine: 0, startCol: 0, endLine: 0, endCol: 0 };

/** Pact's `renderErrorSlice`: numbered source lines and a `^^^` marker (ends with a newline). */
export function errorSlice(src: string, span: SpanInfo | null): string {
  const s = span ?? NO_SPAN;
  const lines = src.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  const spanLen = s.endLine - s.startLine;
  const maxPad = String(s.endLine + 1).length + 1;
  const pad = (t: string) => ' '.repeat(Math.max(0, maxPad - t.length)) + t + ' ';
  const shown = lines.slice(s.startLine, s.startLine + Math.max(1, spanLen))
    .map((l, k) => pad(String(s.startLine + 1 + k)) + '| ' + l);
  const marker = ' '.repeat(maxPad + 1) + '| ' + ' '.repeat(s.startCol) + '^'.repeat(Math.max(1, s.endCol - s.startCol));
  return [...shown, marker].map(l => l + '\n').join('');
}

/** Where a problem is reported first (for `file:line:col:` prefixes). */
export function problemLoc(p: TypecheckProblem): Loc {
  switch (p.e) {
    case 'unification': case 'rowUnification': case 'managerFun': return p.li;
    case 'infiniteType': return p.li;
    default: return p.at;
  }
}

/** Pact's rendering of a typecheck error. */
export function renderTypecheckError(p: TypecheckProblem, source: SourceLookup): string {
  const slice = (at: Loc) => errorSlice(source(at.file) ?? '', at.span);
  const single = (at: Loc, msg: string) => `${msg}\n${slice(at)}`;
  const invariant = (at: Loc, msg: string) => single(at, `Typechecker invariant error! Please report this to the Pact team @kadena: ${msg}`);
  const mismatch = (head: string, l: string, li: Loc, r: string, ri: Loc) =>
    `${head}\nExpected: ${l}\n${slice(li)}\nActual: ${r}\n${slice(ri)}`;
  switch (p.e) {
    case 'unification': return mismatch(`Couldnt match type ${p.l} with ${p.r}`, p.l, p.li, p.r, p.ri);
    case 'rowUnification': return mismatch(`Couldnt match schema ${p.l} with ${p.r}`, p.l, p.li, p.r, p.ri);
    case 'managerFun': return mismatch(`Couldnt match type ${p.l} with ${p.r}as a defcap manager defun`, p.l, p.li, p.r, p.ri);
    case 'unboundTypeVariable': return invariant(p.at, `Unbound type variable:  ${p.name} in type ${p.ty}`);
    case 'unboundTermVariable': return invariant(p.at, `Unbound term variable ${p.name}`);
    case 'unboundFreeVariable': return invariant(p.at, `Unbound free variable: ${p.fqn}`);
    case 'defconstNotEvaluated': return invariant(p.at, `Defconst not evaluated ${p.fqn}`);
    case 'boundVariable': return invariant(p.at, `Cannot unify with bound variable ${p.name}`);
    case 'userGuardMustBeApp':
      return single(p.at, `create-user-guard should take only an application in the form (f a b .. z), received ${p.term}`);
    case 'lacksInterfaces':
      return single(p.at, `Module ${p.module} does not implement the requested interfaces:  ${p.missing.join(', ')}`);
    case 'expectedKind': return single(p.at, `Expected kind ${p.expected} but got ${p.actual}`);
    case 'infiniteType': return single(p.li, `Cannot construct the infinite type ${p.l} ~ ${p.r}`);
    case 'disallowedGeneric': return single(p.at, `Generic type ${p.ty} is not allowed in this position`);
    case 'constraints': {
      const each = p.preds.map(c => `${c.text}\n${slice(c.at)}`).join('\n');
      return `${each}at\n${slice(p.at)}`;
    }
    case 'rowOp':
      return single(p.at, `Cannot statically determine the type of the following operation: ${p.op}. Calculated field labels are not supported in types`);
    case 'needsAnnotation': return single(p.at, `Argument ${p.arg} requires type annotation`);
    case 'dynamicInvoke':
      return single(p.at, `Cannot statically determine the type of the call ${p.ref}::${p.fn}. None of the following interfaces implements function ${p.fn}: ${p.interfaces.join(', ')}`);
    case 'notModRef':
      return single(p.at, `Expression of type ${p.ty} cannot be used in a dynamic call. Make sure your dynamic call is using a module reference`);
    case 'unsupportedType':
      return single(p.at, `Static typechecking unsupported for type: ${p.ty}. If you are using the type list or object, consider moving to typed lists (e.g [integer]) or to typed objects (e.g for some (defschema my-schema balance:integer), object{my-schema})`);
    case 'stepOutOfBounds':
      return single(p.at, `${p.fqn} does not have a step ${p.step}, so we cannot infer the type if invoked at that step`);
    case 'notSupported': return single(p.at, `not supported by the typechecker: ${p.what}`);
  }
}
