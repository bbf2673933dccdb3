// The pipeline, one line per stage: text → tokens → syntax → IR → slots → bytecode; a module form
// becomes a whole compiled module (module.ts). The runtime reaches the compiler through this file.

import { SourceFile, type Span } from '../vm/source.js';
import { scan, tokenize } from './lexer.js';
import type { Token } from './tokens.js';
import { parse } from './parser.js';
import { checkGrammar } from './grammar-check.js';
import { readOnce } from './source-cache.js';
import type { Syntax } from './syntax.js';
import { Desugarer, type NameEnv, type ModuleScope } from './desugar.js';
import { compileFunction } from './definitions.js';
import { checkTopLevelShadowing } from './shadowing.js';
import type { FunctionProto } from '../vm/chunk.js';

export { SourceFile } from '../vm/source.js';
export { desugarError, shadowsNativeError, syntaxFailure, withPrettyList } from './errors.js';
export { filesLexed } from './lexer.js';
export { Tok } from './tokens.js';
/** for the writer of the WebAssembly reader (runtime/wasm/reader-module.ts) */
export * as characterClasses from './character-classes.js';
export * as readerAbi from './reader-abi.js';
export { grammarTables } from './grammar-check.js';
export { internSource, internedFiles } from './source-cache.js';
export { compileModule } from './module.js';
export { compileReplDefinition } from './definitions.js';
export type { NameEnv, ModuleScope } from './desugar.js';
export type {
  CompiledModule, CompiledConstant, CompiledStep, DefcapMeta, ModuleDeployment, ModuleEnv, ModuleForm,
} from './module.js';
export type { CompiledReplDefinition } from './definitions.js';

export function lex(file: SourceFile): Token[] { return tokenize(file); }

/** The whole file is checked against Pact's grammar first (a .pact file is a program, anything
 *  else a REPL script), so a file Pact's parser refuses fails before any of it runs. A SourceFile
 *  object is read once (internSource gives a loaded file's object again). */
export function read(file: SourceFile): Syntax[] {
  return readOnce(file, readText);
}

function readText(file: SourceFile): Syntax[] {
  const tokens = scan(file);
  checkGrammar(file, tokens, file.name.endsWith('.pact') ? 'Program' : 'ReplProgram');
  return parse(file, tokens);
}

/** Pact's interactive REPL reads another line only when the input so far fails Pact's grammar
 *  with exactly one expected token, a closing paren; any other error is reported at once. */
export function awaitsClosingParen(file: SourceFile): boolean {
  try {
    checkGrammar(file, scan(file), 'ReplProgram');
    return false;
  } catch (e) {
    // only Pact's parse errors say this (the lexer's and the grammar's are the only errors here)
    return (e as Error).message === "Expected: [')']";
  }
}

/** Compile one top-level expression to a 0-argument function. */
export function compileExpression(form: Syntax, env: NameEnv, module: ModuleScope | null = null): FunctionProto {
  return compileFunction(new Desugarer(env, module).topLevel(form), null);
}

/** A name that shadows a native, where it is, and Pact's words for that place. */
export interface NativeShadow { name: string; span: Span; context: string }

/** Pact's check that no name in a top-level form is a native's (shadowing.ts), for the natives
 *  visible in `env`: every offending name of the form, in Pact's order (the REPL prints each, then
 *  fails with the first). A form found clean once is clean again under the same natives: a
 *  contract loaded by every script of a batch is walked once. */
export function nativeShadowingCheck(env: NameEnv): (form: Syntax) => NativeShadow[] {
  const natives = `${env.replNatives} ${env.disablePact53 ?? false} ${[...env.disabledNatives ?? []].sort().join(' ')}`;
  let names: Desugarer | undefined;
  return form => {
    if (cleanForms.get(form) === natives) return [];
    names ??= new Desugarer(env);
    const found: NativeShadow[] = [];
    checkTopLevelShadowing(form, (name, span, context) => {
      if (names!.shadowsNative(name)) found.push({ name, span, context });
    });
    if (found.length === 0) cleanForms.set(form, natives);
    return found;
  };
}

const cleanForms = new WeakMap<Syntax, string>();
