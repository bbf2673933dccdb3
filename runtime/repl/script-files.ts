// Script files on disk: reading one safely (a regular file under the size limit) and finding the
// .repl files of a folder walk, where a path that cannot be read is reported, never fatal.

import { closeSync, fstatSync, openSync, readSync, readdirSync, realpathSync, statSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { limits } from '../../vm/limits.js';

/** Why a script file could not be read, in words (no stack, no errno jargon beyond the code). */
export class ScriptFileError extends Error {}

/** The text of a script file: a regular file of at most `limits.fileBytes` bytes. */
export function readScriptFile(path: string): string {
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    throw new ScriptFileError(ioReason(e));
  }
  if (st.isDirectory()) throw new ScriptFileError('is a directory');
  if (!st.isFile()) throw new ScriptFileError('not a regular file');
  if (st.size > limits.fileBytes) throw tooLarge(st.size);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw new ScriptFileError(ioReason(e));
  }
  try {
    // the file may have grown since stat: never read more than the limit allows
    const size = fstatSync(fd).size;
    if (size > limits.fileBytes) throw tooLarge(size);
    const buf = Buffer.alloc(size + 1);
    let got = 0;
    for (;;) {
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got === buf.length) throw tooLarge(got);
    }
    return buf.subarray(0, got).toString('utf8');
  } catch (e) {
    if (e instanceof ScriptFileError) throw e;
    throw new ScriptFileError(ioReason(e));
  } finally {
    closeSync(fd);
  }
}

function tooLarge(size: number): ScriptFileError {
  return new ScriptFileError(`file too large (${size} bytes; the limit is ${limits.fileBytes}, raise it with --max-file-size)`);
}

/** `ENOENT` → "no such file", ...: what an I/O failure means for the user. */
export function ioReason(e: unknown): string {
  const code = e instanceof Error && 'code' in e ? String((e as { code: unknown }).code) : '';
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'is a directory';
    case 'ELOOP': return 'too many levels of symbolic links';
    case 'ENOTDIR': return 'a path component is not a directory';
    case 'EMFILE': case 'ENFILE': return 'too many open files';
    default: return e instanceof Error ? e.message : String(e);
  }
}

/** A path of a folder walk: a script to run, or a path that could not be walked and why. */
export type WalkEntry = { file: string } | { file: string; problem: string };

/**
 * Expand folders into their .repl files (or the given `endings`; recursively, sorted). Unreadable
 * folders, dangling links and symlink loops become entries with a problem (reported as failed
 * files); non-regular files (FIFOs, devices) with those endings are skipped; a link to a folder
 * being walked is a loop.
 */
export function walkScripts(paths: string[], endings: readonly string[] = ['.repl']): WalkEntry[] {
  const wanted = (p: string) => endings.some(e => p.endsWith(e));
  const out: WalkEntry[] = [];
  const walking = new Set<string>(); // real paths of the folders being walked: a link back is a loop
  const visit = (p: string, named: boolean) => {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      const reason = ioReason(e);
      // a dangling link matters only where a script was meant to be; loops and denials always do
      if (reason === 'no such file' && !named && !wanted(p)) return;
      const linked = (() => { try { return lstatSync(p).isSymbolicLink(); } catch { return false; } })();
      out.push({ file: p, problem: linked && reason === 'no such file' ? 'dangling symbolic link' : reason });
      return;
    }
    if (st.isDirectory()) {
      let real: string;
      try { real = realpathSync(p); } catch (e) { out.push({ file: p, problem: ioReason(e) }); return; }
      if (walking.has(real)) {
        out.push({ file: p, problem: `symbolic link loop: ${real} contains this link` });
        return;
      }
      let entries: string[];
      try {
        entries = readdirSync(p).sort();
      } catch (e) {
        out.push({ file: p, problem: `cannot read folder: ${ioReason(e)}` });
        return;
      }
      walking.add(real);
      for (const e of entries) visit(join(p, e), false);
      walking.delete(real);
      return;
    }
    // a path given by name is run whatever it is called; inside folders only regular files with those endings
    if (named) out.push({ file: p });
    else if (wanted(p) && st.isFile()) out.push({ file: p });
  };
  for (const p of paths) visit(p, true);
  return out;
}
