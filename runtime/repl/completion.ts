// Tab completion for the interactive REPL: natives, special forms, the session's definitions,
// deployed modules and their members (`coin.tr` → `coin.transfer`), and file names inside `(load "…`.

import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILTINS, userNamed } from '../../vm/builtins.js';

/** What the completer may look at: a live view of the session. */
export interface CompletionScope {
  /** deployed modules and interfaces, qualified names (`free.coin`) */
  moduleNames(): string[];
  /** a module's member names (functions, constants, capabilities, schemas, tables) */
  moduleMembers(module: string): string[];
  /** REPL-level definitions and names brought in by `use` */
  topLevelNames(): string[];
  /** the folder relative `load` paths start from */
  cwd: string;
}

/** Forms the compiler handles itself; users type them like natives. */
const SPECIAL_FORMS = [
  'if', 'let', 'let*', 'lambda', 'enforce', 'enforce-one', 'try', 'error', 'pure', 'do', 'and', 'or', 'suspend',
  'defun', 'defconst', 'defcap', 'defpact', 'defschema', 'deftable', 'module', 'interface', 'use',
  'implements', 'bless', 'step', 'step-with-rollback', 'constantly', 'CHARSET_ASCII', 'CHARSET_LATIN1',
];

/** Names users write. */
const NATIVE_NAMES: readonly string[] = [...new Set([
  ...BUILTINS.filter(userNamed).map(b => b.surface), 'negate', ...SPECIAL_FORMS,
])].sort();

/** Characters that end a name (readline's completer gets the whole line; we complete its last word). */
const NAME_START = /[^\s()[\]{}"',`]*$/;

/** Candidates for the end of `line`, and the text they replace (readline's completer contract). */
export function complete(line: string, scope: CompletionScope): [string[], string] {
  const path = openLoadPath(line);
  if (path !== null) return [fileCandidates(path, scope.cwd), path];
  const word = NAME_START.exec(line)![0];
  if (word === '') return [[], word];
  const names = new Set<string>([...NATIVE_NAMES, ...scope.topLevelNames(), ...scope.moduleNames()]);
  // `mod.` or `ns.mod.` : offer the members of every module the word already names
  for (const m of scope.moduleNames()) {
    if (word.startsWith(m + '.')) for (const member of scope.moduleMembers(m)) names.add(`${m}.${member}`);
  }
  return [[...names].filter(n => n.startsWith(word)).sort(), word];
}

/** The path typed so far when the line ends inside the string of a `(load "…`, else null. */
function openLoadPath(line: string): string | null {
  const m = /\(\s*load\s+"([^"]*)$/.exec(line);
  return m ? m[1] : null;
}

/** Entries of the typed path's folder that extend it: folders (with a slash), .repl and .pact files. */
function fileCandidates(typed: string, cwd: string): string[] {
  const slash = typed.lastIndexOf('/');
  const folderPart = slash < 0 ? '' : typed.slice(0, slash + 1);
  const stem = typed.slice(slash + 1);
  const folder = resolve(cwd, folderPart === '' ? '.' : folderPart);
  let entries: string[];
  try { entries = readdirSync(folder); } catch { return []; }
  const out: string[] = [];
  for (const e of entries) {
    if (!e.startsWith(stem) || (e.startsWith('.') && !stem.startsWith('.'))) continue;
    let isDir = false;
    try { isDir = statSync(join(folder, e)).isDirectory(); } catch { continue; }
    if (isDir) out.push(`${folderPart}${e}/`);
    else if (e.endsWith('.repl') || e.endsWith('.pact')) out.push(`${folderPart}${e}`);
  }
  return out.sort();
}
