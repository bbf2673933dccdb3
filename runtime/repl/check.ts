// `pactvm check PATH...`: run each script (or .pact file) in a fresh session and typecheck every
// module it deploys with Pact 5's static typechecker; each problem prints as `file:line:col: …`.

import { SourceFile } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import type { LoadedModule } from '../contracts/modules.js';
import { typecheckDeployed } from '../typecheck/deployed.js';
import { problemLoc } from '../typecheck/render-tc.js';
import { ReplSession } from './session.js';
import { runSource } from './script.js';
import { readScriptFile, ScriptFileError, walkScripts } from './script-files.js';

export interface CheckReport {
  /** the modules typechecked, by name, with whether they passed */
  modules: { name: string; file: string; ok: boolean }[];
  /** one entry per problem: `file:line:col: message` (the message may span lines) */
  problems: string[];
}

/** Run one file and typecheck each module deployed while it ran (latest version of each). */
export function checkFile(path: string): CheckReport {
  let text: string;
  try {
    text = readScriptFile(path);
  } catch (e) {
    if (!(e instanceof ScriptFileError)) throw e;
    return { modules: [], problems: [`${path}: cannot read file: ${e.message}`] };
  }
  const s = new ReplSession();
  const deployed = new Map<string, LoadedModule>();
  const save = s.saveModule.bind(s);
  s.saveModule = m => { deployed.set(m.name, m); save(m); };
  const problems: string[] = [];
  try {
    runSource(s, new SourceFile(path, text));
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    const pos = e.span?.startPos;
    problems.push(pos ? `${e.span!.file.name}:${pos.line + 1}:${pos.col}: ${e.message}` : `${path}: ${e.message}`);
  }
  const sources = new Map<string, string>([[path, text]]);
  const source = (f: string) => {
    if (!sources.has(f)) { try { sources.set(f, readScriptFile(f)); } catch { return undefined; } }
    return sources.get(f);
  };
  const modules: CheckReport['modules'] = [];
  for (const m of deployed.values()) {
    if (m.kind !== 'module') continue;
    const r = typecheckDeployed(m, n => deployed.get(n) ?? s.module(n), source);
    const file = m.summary.file ?? path;
    modules.push({ name: m.name, file, ok: r.ok });
    if (r.ok) continue;
    const at = problemLoc(r.problem);
    const line = (at.span?.startLine ?? 0) + 1, col = at.span?.startCol ?? 0;
    problems.push(`${at.file || file}:${line}:${col}: typecheck failed for module ${m.name}: ${r.message.trimEnd()}`);
  }
  return { modules, problems };
}

/** The `check` command: exit 0 when every module typechecks, 1 on any problem. */
export function checkCommand(paths: string[], write: (text: string) => void): number {
  let checked = 0, failed = 0, problems = 0;
  for (const entry of walkScripts(paths, ['.repl', '.pact'])) {
    const r = 'problem' in entry ? { modules: [], problems: [`${entry.file}: cannot read: ${entry.problem}`] } : checkFile(entry.file);
    checked += r.modules.length;
    failed += r.modules.filter(m => !m.ok).length;
    problems += r.problems.length;
    for (const p of r.problems) write(p + '\n');
  }
  write(`${checked} module${checked === 1 ? '' : 's'} checked, ${failed} failed to typecheck\n`);
  return problems > 0 ? 1 : 0;
}
