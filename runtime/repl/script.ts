// Running .repl/.pact text: the whole file is lexed and parsed first, then each top-level form
// runs in turn (repl.md §5.2, §6). An error stops the file and propagates to the caller.

import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import {
  SourceFile, internSource, read, compileExpression, compileReplDefinition, nativeShadowingCheck, shadowsNativeError,
  type CompiledReplDefinition,
} from '../../compiler/index.js';
import type { Syntax } from '../../compiler/syntax.js';
import { GlobalCell, REPL_MODULE } from '../../vm/chunk.js';
import { Closure, Unit, UNIT, isCallable, type Value } from '../../vm/values.js';
import { PactError } from '../../vm/errors.js';
import { Span } from '../../vm/source.js';
import { engineFailure, InternalFailure } from '../../vm/limits.js';
import { readScriptFile, ScriptFileError } from './script-files.js';
import { pretty } from '../values/render.js';
import { keysetKey } from '../contracts/keysets.js';
import { deploymentIn, evaluateConstant, importedMembers, installModule, loadedEntries, refuseReplNatives } from '../contracts/modules.js';
import type { ReplSession } from './session.js';
import type { LoadedModule } from '../contracts/modules.js';
import { checkInstall } from '../contracts/namespaces.js';
import { compileModuleOnce } from '../contracts/module-cache.js';
import { chargeModuleDesugar, chargeModuleHash, chargeModuleStore } from '../gas/meter.js';
import { replDoc, renderNativeDoc } from '../natives/docs.js';
import { releaseYoungGenerationOnLongRun } from './young-generation.js';
import { moduleDocs, renderUserDoc } from './user-docs.js';

/** Run a whole source text in the session. Throws the first escaped error, always a PactError:
 *  this is the boundary where engine failures (vm/limits.ts) become located Pact errors. */
export function runSource(s: ReplSession, file: SourceFile): void {
  const outermost = s.loadChain.length === 0;
  // its real path only once a load needs to compare it: most scripts load nothing
  s.loadChain.push({ name: file.name, identity: null });
  try {
    runForms(s, file);
  } catch (e) {
    // an internal failure stays one through nested loads, so no `expect-failure` can swallow it
    if (e instanceof InternalFailure && outermost) throw e.toPactError();
    throw e;
  } finally {
    s.loadChain.pop();
  }
}

function runForms(s: ReplSession, file: SourceFile): void {
  // a .pact file starts from an empty top-level name table (repl.md §5.2 step 4), emptied before
  // the file is read (loadFile's `loToplevel .= mempty`): REPL definitions leave it too, so the
  // file and the forms after it no longer name them
  if (file.name.endsWith('.pact')) s.forgetTopLevelNames();
  let forms: Syntax[];
  try {
    forms = read(file);
  } catch (e) {
    throw located(s, e, new Span(file, 0, Math.min(1, file.text.length)));
  }
  const savedFile = s.currentFile;
  const savedRepl = s.replNatives;
  s.currentFile = file.name;
  s.replNatives = !file.name.endsWith('.pact');
  try {
    // Pact refuses a file with a name shadowing a native before running any of it: at the first
    // form with such names it prints each of them, then fails with the first (liftShadowsReplM)
    // indexed, as the loop below: a for…of makes an iterator result per form in unoptimized code
    const check = nativeShadowingCheck(s);
    for (let i = 0; i < forms.length; i++) {
      const form = forms[i];
      const shadows = check(form);
      if (shadows.length === 0) continue;
      for (const { name, span, context } of shadows) s.out.print(`Variable ${name} shadows native of the same name ${context}`, span);
      throw located(s, shadowsNativeError(shadows[0].name, shadows[0].span), form.span);
    }
    for (let i = 0; i < forms.length; i++) {
      const form = forms[i];
      releaseYoungGenerationOnLongRun();
      try {
        runTopLevel(s, form);
      } catch (e) {
        throw located(s, e, form.span);
      }
    }
  } finally {
    s.currentFile = savedFile;
    s.replNatives = savedRepl;
  }
}

/** A failure that escaped a top-level form: Pact errors pass; engine failures are mapped and the
 *  machine is emptied, so the session can run the next form. */
function located(s: ReplSession, e: unknown, span: Span): PactError | InternalFailure {
  if (e instanceof PactError) {
    e.span ??= span; // raised outside any Pact call (printing the result): the form is the place
    return e;
  }
  s.vm.reset();
  return engineFailure(e, span);
}

/** The same file reached by two names is the same file: compare real paths where they exist
 *  (the system's realpath: one call, where Node's own walks the path in JavaScript). */
function fileIdentity(name: string): string {
  try {
    return realpathSync.native(name);
  } catch {
    return name;
  }
}

/** `(load path [reset])`, resolved relative to the loading file (repl.md §5.2). */
export function loadFile(s: ReplSession, path: string, reset: boolean): Value {
  const cur = s.currentFile;
  const resolved = cur === '(interactive)' || isAbsolute(path) || dirname(cur) === '.' ? path : combine(dirname(cur), path);
  s.out.trace(`"Loading ${path}..."`, s.vm.callSite());
  const identity = fileIdentity(resolved);
  const at = s.loadChain.findIndex(f => (f.identity ??= fileIdentity(f.name)) === identity);
  if (at >= 0) {
    const chain = [...s.loadChain.slice(at).map(f => f.name), resolved].join(' -> ');
    throw new PactError('io', `load: cycle of loads: ${chain}`);
  }
  if (s.root !== null && !isInside(s.root, identity)) {
    throw new PactError('io', `load: ${resolved} is outside the root folder ${s.root}`);
  }
  let text: string;
  try {
    text = readScriptFile(resolved);
  } catch (e) {
    if (!(e instanceof ScriptFileError)) throw e;
    throw new PactError('io', `load: cannot read file ${resolved}: ${e.message}`);
  }
  if (reset) s.resetEnvironment();
  // the same file loaded again (by this script or another of the batch) is read once
  runSource(s, internSource(resolved, text));
  return UNIT;
}

/** Is the real path `p` the folder `root` or inside it? */
function isInside(root: string, p: string): boolean {
  const r = relative(root, p);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/** Haskell's `</>`: joins without normalising (`a/../b` stays), as Pact names loaded files. The
 *  name matters: error locations show it, and stored modules carry it in every source span. */
function combine(dir: string, path: string): string {
  return dir.endsWith('/') ? dir + path : `${dir}/${path}`;
}

function runTopLevel(s: ReplSession, form: Syntax): void {
  // the capability stack carries over from form to form, as Pact's csSlots do: what
  // test-capability granted stays until the transaction ends
  s.caps.purity = 'impure';
  s.caps.evaluating = [];
  // a bare name Pact has a documentation page for shows it instead of evaluating (RBuiltinDoc)
  const doc = form.t === 'name' && form.parts.length === 1 ? replDoc(form.parts[0]!) : undefined;
  if (doc) { display(s, renderNativeDoc((form as { parts: string[] }).parts[0]!, doc), form.span); return; }
  const head = form.t === 'paren' ? form.items[0] : undefined;
  if (form.t === 'paren' && head?.t === 'keyword') {
    switch (head.name) {
      case 'module': case 'interface': {
        // the docs are taken from the syntax first, whether or not the deploy then succeeds
        recordDocs(s, form);
        let m: LoadedModule;
        try {
          m = deployModule(s, form);
        } catch (e) {
          // governance, namespace and keyset checks of a deploy are reported at the module form
          if (e instanceof PactError && !e.span) e.span = form.span;
          throw e;
        }
        display(s, `Loaded ${m.kind} ${m.name}, hash ${m.hash}`, form.span);
        return;
      }
      case 'use': {
        const target = form.items[1];
        const name = target?.t === 'name' ? target.parts.join('.') : '';
        for (const [n, cell] of importedMembers(form, x => s.resolveModule(x), s.namespace).members) s.importTopLevel(n, cell);
        display(s, `Loaded imports from ${name}`, form.span);
        return;
      }
      case 'defun': case 'defconst': {
        if (!s.replNatives) throw new PactError('parse', `Expected: module, interface, use or expression, got ${head.name}`, form.span);
        const def = defineReplDefinition(s, form, head.name);
        display(s, `Loaded repl ${def.kind} ${def.name}`, form.span);
        return;
      }
      case 'defcap': case 'defschema': case 'deftable': case 'defpact': case 'bless': case 'implements':
        throw new PactError('parse', `Expected: module, interface, use or expression, got ${head.name}`, form.span);
    }
  }
  const proto = compileExpression(form, s);
  // compiled first: a name the renamer refuses (a schema, an interface's function) fails as usual
  const definition = bareDefinition(s, form);
  if (definition !== null) { display(s, renderUserDoc(definition, s.userDocs.get(definition)), form.span); return; }
  const v = s.vm.call(new Closure(proto, []), []);
  if (isCallable(v)) {
    throw new PactError('exec', 'Program encountered an unhandled raised error: Evaluation did not reduce to a value', form.span);
  }
  s.flushWarnings();
  if (!(v instanceof Unit) && s.out.traced !== false) display(s, pretty(v), form.span);
}

/** A REPL-level `(defun …)` or `(defconst …)`, compiled and put among the top-level names.
 *  Pact's renameReplDefun puts a defun's name in scope before it renames the body, so the body
 *  may name it (a call of it then fails Pact's runtime recursion check); a definition that fails
 *  to compile leaves the names as they were. */
function defineReplDefinition(s: ReplSession, form: Syntax & { t: 'paren' }, kind: 'defun' | 'defconst'): CompiledReplDefinition {
  const written = form.items[1];
  const own = kind === 'defun' && written?.t === 'name' && written.parts.length === 1 ? written.parts[0] : null;
  const ownCell = own !== null ? new GlobalCell(own, 'defun', null) : null;
  const before = own !== null ? s.replDefs.get(own) : undefined;
  const shadowed = own !== null ? s.topLevel.get(own) : undefined;
  if (own !== null) s.defineReplDefinition(own, ownCell!);
  let def: CompiledReplDefinition;
  try {
    def = compileReplDefinition(form, s);
  } catch (e) {
    if (own !== null) {
      if (before) s.replDefs.set(own, before);
      else s.replDefs.delete(own);
      if (shadowed) s.defineTopLevel(own, shadowed);
    }
    throw e;
  }
  const cell = ownCell ?? new GlobalCell(def.name, def.kind, null);
  cell.value = def.kind === 'defun' ? new Closure(def.proto, []) : evaluateConstant(def.proto, def.valueSpan, s.vm);
  s.defineReplDefinition(def.name, cell);
  return def;
}

/** UserDocs.hs functionDocs: a module's definitions' docs, under the module's name in the
 *  current namespace. */
function recordDocs(s: ReplSession, form: Syntax & { t: 'paren' }): void {
  const nameSyn = form.items[1];
  if (nameSyn?.t !== 'name' || nameSyn.parts.length !== 1) return;
  const module = s.namespace !== null ? `${s.namespace}.${nameSyn.parts[0]}` : nameSyn.parts[0]!;
  for (const [def, doc] of moduleDocs(form)) s.userDocs.set(`${module}.${def}`, doc);
}

/** The qualified name of the definition a top-level form names and nothing more (`m.f`, an
 *  interface's constant, a name `use` brought in, a REPL defun), or null: Pact shows such a definition's docs instead of
 *  evaluating it. A module's own name is a module reference and evaluates. */
function bareDefinition(s: ReplSession, form: Syntax): string | null {
  if (form.t !== 'name') return null;
  if (form.parts.length === 1) {
    const name = form.parts[0]!;
    const cell = s.lookupTopLevel(name);
    if (!cell) return null;
    // a REPL definition's module is Pact's `#repl`
    return `${cell.module ?? REPL_MODULE}.${name}`;
  }
  const member = form.parts[form.parts.length - 1]!;
  const m = s.resolveModule(form.parts.slice(0, -1).join('.'));
  return m?.members.has(member) ? `${m.name}.${member}` : null;
}

/** Deploy a module or interface (language.md §10.1): governance of an existing module, compile,
 *  first-install keyset check, store, expose its names, grant module admin for the tx. */
function deployModule(s: ReplSession, form: Syntax & { t: 'paren' }): LoadedModule {
  const nameSyn = form.items[1];
  const bare = nameSyn?.t === 'name' ? nameSyn.parts.join('.') : '';
  const name = s.namespace !== null ? `${s.namespace}.${bare}` : bare;
  const existing = s.module(name);
  if (existing) {
    // Pact looks up a module's name as a module (an interface there is ExpectedModule) and
    // refuses any redeploy of an interface's name
    const deploying = (form.items[0] as { name: string }).name;
    if (deploying === 'interface') throw new PactError('exec', `Interface cannot be upgraded: ${name}`, form.span);
    if (existing.kind === 'interface') throw new PactError('exec', `Expected module, found interface: ${name}`, form.span);
    // Pact reads the deployed module to check its governance, then forgets what it loaded
    if (!s.isLoaded(name)) s.gas.at(form.span, () => s.chargeModuleRead(existing));
    // a keyset is enforced on every upgrade, module admin or not; a governing capability only
    // when module admin is not held yet, and then admin is held from here on, so the new
    // version's constants may use the module's tables (Compile.hs evalModuleGovernance)
    if (existing.governance.startsWith("'")) enforceUpgradeKeyset(s, existing, form);
    else if (!s.caps.moduleAdmin.has(name)) {
      s.enforceGovernance(existing);
      s.caps.moduleAdmin.add(name);
    }
  } else checkInstall(s);
  // the "all loaded" count includes modules loaded while compiling this one
  const ir = s.irContext();
  const compiled = compileModuleOnce(form, s, deploymentIn(s, s.namespace, ir));
  // Pact charges for the renamed module before its constants run, and for its hash after, each
  // at the module form
  const m = installModule(compiled, s, s.vm, s.env.txHash, ir, () => s.loadedDefs, {
    renamed: module => s.gas.at(form.span, () => chargeModuleDesugar(s.gas, module)),
    hashed: sizes => s.gas.at(form.span, () => chargeModuleHash(s.gas, sizes.hashed)),
  });
  refuseReplNatives(compiled, m);
  s.gas.at(form.span, () => {
    // a keyset-governed module's keyset is enforced whenever it is deployed (Compile.hs evalTopLevel)
    if (m.kind === 'module' && m.governance.startsWith("'")) s.enforceGovernance(m);
    chargeModuleStore(s.gas, m.sizes, s.env.flags.has('DisablePact51'));
  });
  s.mergeLoaded(loadedEntries(m, false)); // an interface contributes only its constants and schemas
  s.saveModule(m);
  s.markLoaded(m.name); // deployed modules are in the loaded cache: no load charge
  // an interface's functions, capabilities and pacts are declarations, not names (Compile.hs: ifDefToDef)
  for (const [n, cell] of m.members) {
    if (m.kind === 'module' || cell.kind === 'defconst' || cell.kind === 'defschema') s.defineTopLevel(n, cell);
  }
  s.caps.moduleAdmin.add(m.name);
  return m;
}

/** Before upgrading a keyset-governed module Pact evaluates `(enforce-guard (keyset-ref-guard
 *  "ks"))` with the module-keyset magic capability in scope: both natives charge as in any code,
 *  and a failure is reported at the module form. */
function enforceUpgradeKeyset(s: ReplSession, existing: LoadedModule, form: Syntax): void {
  const name = keysetKey(existing.governance.slice(1)) ?? '';
  const literal = `"${name.replace(/[\\"]/g, (c: string) => `\\${c}`)}"`;
  const [term] = read(new SourceFile(form.span.file.name, `(enforce-guard (keyset-ref-guard ${literal}))`));
  try {
    const run = new Closure(compileExpression(term, s), []);
    s.gas.at(form.span, () => s.withMagicCap('MODULE_KEYSET', existing.name, () => s.vm.call(run, [])));
  } catch (e) {
    if (e instanceof PactError) e.span = form.span;
    throw e;
  }
}

/** A top-level form's display, after the warnings it raised (Repl/Compile.hs: emitWarnings, then
 *  displayValue). */
function display(s: ReplSession, text: string, span: Span): void {
  s.flushWarnings();
  s.out.trace(text, span);
}
