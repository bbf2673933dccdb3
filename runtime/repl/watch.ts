// `pactvm test --watch`: which scripts a changed .repl/.pact file affects (the script itself, and
// every script that loads it, directly or through other loads), and a debounced file watcher.

import { watch, readFileSync, statSync, type FSWatcher } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** `(load "path" ...)` with a literal path, the only form scripts use; a load computed at run time
 *  is not seen, so a change to its target reruns nothing until the loading script itself changes. */
const LOAD = /\(\s*load\s+"((?:[^"\\]|\\.)*)"/g;

/** The files a script loads, resolved as `load` resolves them (relative to the loading file). */
export function loadsOf(file: string): string[] {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch { return []; }
  // comments out, so a commented-out load is not a dependency
  const code = text.replace(/"(?:[^"\\]|\\.)*"|;[^\n]*/g, m => (m.startsWith(';') ? '' : m));
  return [...code.matchAll(LOAD)].map(m => resolve(dirname(file), m[1]!.replace(/\\(.)/g, '$1')));
}

/** The script and everything it loads, transitively, as absolute paths. */
export function dependencies(script: string): Set<string> {
  const seen = new Set<string>();
  const pending = [resolve(script)];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...loadsOf(file));
  }
  return seen;
}

/** The scripts of the batch that a change to any of `changed` (absolute paths) affects, in batch order. */
export function affectedScripts(scripts: readonly string[], changed: ReadonlySet<string>): string[] {
  return scripts.filter(script => [...dependencies(script)].some(f => changed.has(f)));
}

/** Watches `paths` (folders recursively) and the folders of `extra` files; calls `onChange` with the
 *  .repl/.pact files changed in each burst of events (editors write a file in several steps). */
export function watchFiles(paths: readonly string[], extra: readonly string[], onChange: (changed: Set<string>) => void,
  quietMs = 100): () => void {
  const watchers: FSWatcher[] = [];
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const note = (dir: string, name: string | null) => {
    if (!name || !/\.(repl|pact)$/.test(name)) return;
    pending.add(resolve(dir, name));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = pending;
      pending = new Set();
      timer = null;
      onChange(changed);
    }, quietMs);
  };
  const dirs = new Set<string>(), trees: string[] = [];
  const covered = (dir: string) => dirs.has(dir) || trees.some(t => dir.startsWith(t + '/'));
  const add = (dir: string, recursive: boolean) => {
    if (covered(dir) && !(recursive && !trees.includes(dir))) return;
    dirs.add(dir);
    if (recursive) trees.push(dir);
    watchers.push(watch(dir, { recursive }, (_, name) => note(dir, name)));
  };
  for (const p of paths) {
    const isDir = statSync(p).isDirectory();
    add(resolve(isDir ? p : dirname(p)), isDir);
  }
  for (const f of extra) add(dirname(resolve(f)), false);
  return () => {
    if (timer) clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
