// A batch of scripts often loads the same contract in every script. Reading a file (lexing,
// Pact's grammar check, parsing) depends only on its name and text, and syntax trees are never
// changed once parsed, so a loaded file is read once per process and its tree shared.

import { SourceFile } from '../vm/source.js';
import type { Syntax } from './syntax.js';

/** the most files kept, and the most text (in UTF-16 units) they may hold together */
export const SOURCE_CACHE_FILES = 64;
export const SOURCE_CACHE_TEXT = 32 * 1024 * 1024;

/** The files `load` read, newest last: one SourceFile per name, while its text stays the same. */
const interned = new Map<string, SourceFile>();
let internedText = 0;

/** The one SourceFile for this name and text; a name read with another text replaces the old. */
export function internSource(name: string, text: string): SourceFile {
  const known = interned.get(name);
  if (known) {
    interned.delete(name);
    internedText -= known.text.length;
    if (known.text === text) return remember(known);
  }
  return remember(new SourceFile(name, text));
}

function remember(file: SourceFile): SourceFile {
  interned.set(file.name, file);
  internedText += file.text.length;
  for (const [name, oldest] of interned) {
    if (interned.size <= SOURCE_CACHE_FILES && internedText <= SOURCE_CACHE_TEXT) break;
    if (oldest === file) break; // a single file larger than the budget is still kept until the next
    interned.delete(name);
    internedText -= oldest.text.length;
  }
  return file;
}

/** Syntax already read, per SourceFile object (files not interned are collected with their tree). */
const trees = new WeakMap<SourceFile, Syntax[]>();

/** The forms of `file`, reading it with `readFile` only the first time. A file that fails to read
 *  is not remembered: it fails again the same way. */
export function readOnce(file: SourceFile, readFile: (file: SourceFile) => Syntax[]): Syntax[] {
  let forms = trees.get(file);
  if (!forms) trees.set(file, forms = readFile(file));
  return forms;
}

/** How many files are interned now (for tests). */
export function internedFiles(): number { return interned.size; }
