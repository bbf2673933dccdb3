// The REPL native `(typecheck "m")`: Pact 5's static typechecker on a deployed module; success is
// a trace line, failure Pact's TypecheckingFailure: "static typechecking failed for m", a line
// break, then the rendered typecheck message. (That is the REPL's Direct interpreter, which `pact`
// runs; the CEK interpreter's copy of the native raises the report as a bare EvalError.)

import { isModuleName } from '../values/pact-names.js';
import { readFileSync } from 'node:fs';
import { PactError, nativeFailure } from '../../vm/errors.js';
import { UNIT, type Value } from '../../vm/values.js';
import { typecheckDeployed } from '../typecheck/deployed.js';
import type { ReplSession } from './session.js';


/** A source text by file name: the file running now, else the file on disk. */
export function sourceText(s: ReplSession, file: string): string | undefined {
  const site = s.vm.callSite();
  if (site && site.file.name === file) return site.file.text;
  try { return readFileSync(file, 'utf8'); } catch { return undefined; }
}

export function typecheckNative(s: ReplSession, name: string): Value {
  if (!isModuleName(name)) throw nativeFailure('typecheck', 'invalid module name format');
  const site = s.vm.callSite();
  // the exact name, as Pact's getModuleWithDependencies looks it up (no namespace fallback)
  const m = s.module(name);
  if (!m) throw new PactError('exec', `Cannot find module: ${name}`, site);
  s.noteLoaded(m);
  if (m.kind !== 'module') throw new PactError('exec', `Expected module, found interface: ${m.name}`, site);
  const r = typecheckDeployed(m, n => s.module(n), f => sourceText(s, f));
  if (!r.ok) throw new PactError('exec', `static typechecking failed for ${name}\n${r.message}`, site);
  s.out.trace(`Typechecking successful for module ${name}`, site);
  return UNIT;
}
