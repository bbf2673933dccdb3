// `pactvm test --watch`: notice changes to .repl/.pact files under the given paths (fs.watch,
// debounced) and work out which scripts they affect: the script itself, or any script that loads it.

import { watch, readFileSync, statSync, type FSWatcher } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** How long the files must stay quiet before a rerun (editors write a file in several steps). */
export const DEBOUNCE_MS = 150;

const WATCHED = /\.(repl|pact)$/;

/** Files a script loads, directly or through the .repl files it loads: read from its `(load "…")`
 *  forms (a static reading: a load whose path is computed is not seen). Absolute paths. */
export function scriptDependencies(script: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    let text: string;
    try { text = readFileSync(file, 'utf8'); } catch { return; }
    for (const m of text.matchAll(/\(\s*load(?:-with-env)?\s+"((?:[^"\\]|\\.)*)"/g)) {
      // relative paths start from the loading file's folder, as `load` itself resolves them
      const target = resolve(isAbsolute(m[1]) ? m[1] : join(dirname(file), m[1]));
      if (seen.has(target)) continue;
      seen.add(target);
      if (target.endsWith('.repl')) visit(target);
    }
  };
  visit(resolve(script));
  return seen;
}

/** The scripts (from `scripts`, in their order) that a change to any of `changed` affects. */
export function affectedScripts(scripts: readonly string[], changed: Iterable<string>): string[] {
  const touched = new Set([...changed].map(f => resolve(f)));
  return scripts.filter(s => {
    if (touched.has(resolve(s))) return true;
    for (const dep of scriptDependencies(s)) if (touched.has(dep)) return true;
    return false;
  });
}

export interface ScriptWatcher { close(): void }

/**
 * Calls `onChange` with the .repl/.pact files that changed under `paths` (folders watched
 * recursively, files through their folder), once they have been quiet for `debounceMs`.
 * A call still running holds the next one back, so reruns never overlap.
 */
export function watchScripts(paths: readonly string[], onChange: (changed: string[]) => void | Promise<void>,
  debounceMs = DEBOUNCE_MS, onUnwatchable?: (path: string, reason: string) => void): ScriptWatcher {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const flush = async () => {
    timer = undefined;
    if (running) { await running; if (timer === undefined && pending.size) schedule(); return; }
    const changed = [...pending].sort();
    pending.clear();
    running = Promise.resolve(onChange(changed)).finally(() => { running = null; });
    await running;
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => { void flush(); }, debounceMs);
  };
  const watchers: FSWatcher[] = [];
  for (const p of paths) {
    const isDir = (() => { try { return statSync(p).isDirectory(); } catch { return false; } })();
    // a script named on its own: watch its folder, where the files it loads usually are
    const folder = isDir ? p : dirname(p);
    try {
      watchers.push(watch(folder, { recursive: isDir }, (_event, name) => {
        if (name === null) return;
        const file = resolve(folder, name.toString());
        if (!WATCHED.test(file)) return;
        pending.add(file);
        schedule();
      }));
    } catch (e) {
      // a path the batch already reported as unreadable: the others are still watched
      onUnwatchable?.(p, e instanceof Error ? e.message : String(e));
    }
  }
  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
