// The pipeline, one line per stage: text → tokens → syntax → IR → slots → bytecode.

import { SourceFile } from '../vm/source.js';
import { tokenize, type Token } from './lexer.js';
import { parse } from './parser.js';
import { checkGrammar } from './grammar-check.js';
import type { Syntax } from './syntax.js';
import { Desugarer, type NameEnv, type ModuleScope } from './desugar.js';
import { resolveSlots } from './resolve.js';
import { emitFunction } from './emit.js';
import type { FunctionIR } from './ir.js';
import type { FunctionProto } from '../vm/chunk.js';

export { SourceFile } from '../vm/source.js';
export { checkTopLevelShadowing } from './shadowing.js';
export type { NameEnv, ModuleScope } from './desugar.js';

export function lex(file: SourceFile): Token[] { return tokenize(file); }

/** The whole file is checked against Pact's grammar first (a .pact file is a program, anything
 *  else a REPL script), so a file Pact's parser refuses fails before any of it runs. */
export function read(file: SourceFile): Syntax[] {
  const tokens = tokenize(file);
  checkGrammar(file, tokens, file.name.endsWith('.pact') ? 'Program' : 'ReplProgram');
  return parse(file, tokens);
}

/** Compile one top-level expression to a 0-argument function. */
export function compileExpression(form: Syntax, env: NameEnv, module: ModuleScope | null = null): FunctionProto {
  return compileFunction(new Desugarer(env, module).topLevel(form), null);
}

export function compileFunction(fn: FunctionIR, qualifier: string | null): FunctionProto {
  resolveSlots(fn);
  return emitFunction(fn, qualifier);
}
