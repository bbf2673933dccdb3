// A batch of scripts that each load the same contract compiles it once per process. The syntax
// tree of a loaded file is shared (compiler/source-cache.ts), so a module form seen again is the
// same object. Compiling it and building Pact's IR of it depend on the form and on what the
// compiler asks the session (names, modules, `use` imports). Each question and its answer are
// recorded with the first result; a later load asks the same questions of its own session, in
// the same order (the first read of a module in a transaction is charged, so the charges come out
// as a fresh compile's would), and reuses the result only when every answer means the same: the
// same cells' names, kinds and modules, the same module hashes. The compiled code is then copied
// with the new session's cells put in place of the old ones.

import { compileModule, type CompiledModule, type ModuleDeployment, type ModuleEnv, type ModuleForm } from '../../compiler/index.js';
import { FunctionProto, GlobalCell, REPL_MODULE } from '../../vm/chunk.js';
import { ModRef, type Value } from '../../vm/values.js';
import {
  IrEncoder, buildModuleIR, evaluateConstants, moduleSizes, renderModuleName,
  type Built, type HashBytes, type ModuleHashContext, type ModuleName, type ModuleSizes, type ModuleSummary,
} from '../pact-ir/index.js';
import { base64UrlEncode } from '../values/base64url.js';
import type { Def, FullyQualifiedName } from '../pact-ir/terms.js';

/** An answer: what it means (equal texts, equivalent answers), the cells it hands out, and the
 *  value the compiler gets. `meaning` null: an answer no other can stand for (nothing is reused). */
interface Answer { meaning: string | null; cells: readonly GlobalCell[]; value: unknown }

/** The cells of an answer that hands out none (shared: a literal in a literal would be copied
 *  through V8's runtime by the unoptimized code that answers each of a compile's questions). */
const NO_CELLS: readonly GlobalCell[] = [];

/** One question, asked of an environment of type E. */
type Question<E> = (e: E) => Answer;

interface Recorded<T, E> {
  /** what, besides the form and the answers, the result depends on; a function where making the
   *  text costs enough to wait until a later compile needs it (settingOf makes it once) */
  setting: string | (() => string);
  /** each distinct question once, in the order first asked, with its first answer */
  questions: { question: Question<E>; answer: Answer }[];
  result: T;
}

type CompileEnv = { env: ModuleEnv; deployment: ModuleDeployment };
const compiled = new WeakMap<ModuleForm, Recorded<CompiledModule, CompileEnv>>();
const built = new WeakMap<ModuleForm, Recorded<Built, ModuleHashContext>>();
const sized = new WeakMap<Built, Recorded<ModuleSizes, ModuleHashContext>>();

let hits = 0;
/** How many compiles, IR builds and sizings were answered from the cache (for tests and benchmarks). */
export function moduleCacheHits(): number { return hits; }

/** compileModule, reusing an earlier compile of the same form in an equivalent environment. */
export function compileModuleOnce(form: ModuleForm, env: ModuleEnv, deployment: ModuleDeployment): CompiledModule {
  // coverage probes register themselves per compile: such runs always compile afresh
  if (env.coverage) return compileModule(form, env, deployment);
  const setting = [deployment.namespace ?? '', env.replNatives, env.replNativesInModules ?? false, env.disablePact53 ?? false,
    [...env.disabledNatives ?? []].sort().join(' ')].join('\0');
  const known = compiled.get(form);
  if (known && settingOf(known) === setting) {
    const cells = replay(known, { env, deployment });
    if (cells) {
      const copy = relink(known.result, cells);
      if (copy) { hits++; return copy; }
    }
  }
  const rec = recorder<CompileEnv>({ env, deployment });
  const askEnv: ModuleEnv = {
    namespace: env.namespace,
    replNatives: env.replNatives,
    disabledNatives: env.disabledNatives,
    disablePact53: env.disablePact53,
    replNativesInModules: env.replNativesInModules,
    lookupTopLevel: name => rec.ask(`t ${name}`, e => cellAnswer(e.env.lookupTopLevel(name))).value as GlobalCell | undefined,
    lookupMember: (m, member) => rec.ask(`m ${m} ${member}`, e => cellAnswer(e.env.lookupMember(m, member))).value as GlobalCell | null | undefined,
    lookupModRef: name => rec.ask(`r ${name}`, e => modRefAnswer(e.env.lookupModRef(name))).value as Value | undefined,
    resolveModule: name => rec.ask(`s ${name}`, e => moduleAnswer(e.env.resolveModule(name))).value as ReturnType<ModuleEnv['resolveModule']>,
    resolveInterface: name => rec.ask(`i ${name}`, e => interfaceAnswer(e.env.resolveInterface?.(name))).value as string | undefined,
  };
  const askDeployment: ModuleDeployment = {
    namespace: deployment.namespace,
    use: useForm => rec.ask(`u ${useForm.span.start}`, e => useAnswer(e.deployment.use(useForm))).value as ReturnType<ModuleDeployment['use']>,
    checkKeysetName: (name, span) => deployment.checkKeysetName(name, span),
    disablePact51: deployment.disablePact51,
    renamerError: deployment.renamerError,
  };
  const result = compileModule(form, askEnv, askDeployment);
  compiled.set(form, rec.done(setting, result));
  return result;
}

/** buildModuleIR, reusing an earlier build of the same form in an equivalent context. */
export function buildModuleIROnce(form: ModuleForm, ctx: ModuleHashContext): Built {
  const setting = [ctx.namespace ?? '', base64UrlEncode(ctx.txHash), ctx.replNatives ?? true, ctx.disablePact51 ?? false, ctx.disablePact53 ?? false].join('\0');
  const known = built.get(form);
  if (known && settingOf(known) === setting && replay(known, ctx)) { hits++; return known.result; }
  const rec = recorder(ctx);
  const askCtx: ModuleHashContext = {
    ...ctx,
    topLevel: name => rec.ask(`t ${name}`, c => topLevelAnswer(c.topLevel(name))).value as ReturnType<ModuleHashContext['topLevel']>,
    lookupModule: name => rec.ask(`m ${renderModuleName(name)}`, c => summaryAnswer(c.lookupModule(name))).value as ModuleSummary | undefined,
  };
  const result = buildModuleIR(form, askCtx);
  built.set(form, rec.done(setting, result));
  return result;
}

/**
 * moduleSizes (hash, deployment sizes, dependency walk), reusing an earlier result for the same
 * IR object (a reused build) when the constants evaluated to the same values (compared by their
 * encoding, as the hash sees them), the "all loaded" count is the same, and the modules the walk
 * looks up are the same versions in the same files.
 */
export function moduleSizesOnce(form: ModuleForm, ctx: ModuleHashContext, allLoadedBefore: number, desugared: Built): ModuleSizes {
  const known = sized.get(desugared);
  // most modules are sized once: their setting is made only when a later sizing compares with it
  if (known && settingOf(known) === sizingSetting(allLoadedBefore, evaluateConstants(desugared, ctx)) && replay(known, ctx)) {
    hits++;
    return known.result;
  }
  const rec = recorder(ctx);
  const askCtx: ModuleHashContext = {
    ...ctx,
    lookupModule: name => rec.ask(`m ${renderModuleName(name)}`, c => summaryAnswer(c.lookupModule(name), true)).value as ModuleSummary | undefined,
    // an interface stores the loaded definitions of its dependencies: the same ones, by name and hash
    allLoaded: () => rec.ask('a', c => loadedAnswer(c.allLoaded?.() ?? [])).value as [FullyQualifiedName, Def][],
  };
  const result = moduleSizes(form, askCtx, allLoadedBefore, desugared);
  sized.set(desugared, rec.done(() => sizingSetting(allLoadedBefore, result.evaluated), result));
  return result;
}

/** What a sizing depends on besides its answers: the "all loaded" count and the evaluated constants. */
function sizingSetting(allLoadedBefore: number, evaluated: Built): string {
  return `${allLoadedBefore}\0${constantsText(evaluated)}`;
}

function settingOf(r: Recorded<unknown, never>): string {
  if (typeof r.setting === 'function') r.setting = r.setting();
  return r.setting;
}

/** The evaluated constants' values, encoded as the module hash encodes them. */
function constantsText(b: Built): string {
  const e = new IrEncoder(false);
  const defs = 'module' in b ? b.module.defs : b.interface.defs;
  for (const d of defs) if (d.d === 'defconst') e.constVal(d.defconst.value);
  return Buffer.from(e.w.bytes()).toString('latin1');
}

/** Asks `env` the compiler's questions, remembering each distinct one (by `key`) with its answer;
 *  a question asked again gets the first answer without asking (the environment does not change
 *  during one compile). */
function recorder<E>(env: E) {
  const seen = new Map<string, unknown>();
  const questions: Recorded<unknown, E>['questions'] = [];
  return {
    ask(key: string, question: Question<E>): { value: unknown } {
      if (seen.has(key)) return { value: seen.get(key) };
      const answer = question(env);
      seen.set(key, answer.value);
      questions.push({ question, answer });
      return answer;
    },
    done<T>(setting: Recorded<T, E>['setting'], result: T): Recorded<T, E> { return { setting, questions, result }; },
  };
}

/** Asks the recorded questions of `env`; the old cell → new cell map when every answer means the same. */
function replay<E>(known: Recorded<unknown, E>, env: E): Map<GlobalCell, GlobalCell> | undefined {
  const cells = new Map<GlobalCell, GlobalCell>();
  for (const { question, answer } of known.questions) {
    let now: Answer;
    try {
      now = question(env);
    } catch {
      return undefined; // the fresh compile asks again and raises the error where it belongs
    }
    if (answer.meaning === null || now.meaning !== answer.meaning || now.cells.length !== answer.cells.length) return undefined;
    for (let i = 0; i < now.cells.length; i++) {
      const old = answer.cells[i]!, fresh = now.cells[i]!;
      const mapped = cells.get(old);
      if (mapped !== undefined && mapped !== fresh) return undefined;
      cells.set(old, fresh);
    }
  }
  return cells;
}

function cellMeaning(c: GlobalCell): string { return `${c.module ?? REPL_MODULE}.${c.name}:${c.kind}`; }

function cellAnswer(c: GlobalCell | null | undefined): Answer {
  if (!c) return { meaning: String(c), cells: NO_CELLS, value: c };
  const cells = [c];
  return { meaning: cellMeaning(c), cells, value: c };
}

function modRefAnswer(v: Value | undefined): Answer {
  if (v === undefined) return { meaning: 'none', cells: NO_CELLS, value: v };
  // a module reference is a plain value: the old one serves when it names the same module
  if (v instanceof ModRef) return { meaning: `${v.module} ${v.interfaces.join(' ')}`, cells: NO_CELLS, value: v };
  return { meaning: null, cells: NO_CELLS, value: v };
}

/** An interface's full name means itself. */
function interfaceAnswer(name: string | undefined): Answer {
  return { meaning: name ?? 'none', cells: NO_CELLS, value: name };
}

function membersAnswer(members: Map<string, GlobalCell>): { meaning: string; cells: GlobalCell[] } {
  const cells = [...members.values()];
  return { meaning: cells.map(cellMeaning).join(' '), cells };
}

function moduleAnswer(m: { name: string; members: Map<string, GlobalCell> } | undefined): Answer {
  if (!m) return { meaning: 'none', cells: NO_CELLS, value: m };
  const { meaning, cells } = membersAnswer(m.members);
  return { meaning: `${m.name} ${meaning}`, cells, value: m };
}

function useAnswer(u: { module: string; members: Map<string, GlobalCell> }): Answer {
  const { meaning, cells } = membersAnswer(u.members);
  return { meaning: `${u.module} ${[...u.members.keys()].join(' ')} ${meaning}`, cells, value: u };
}

function topLevelAnswer(t: { module: ModuleName; hash: HashBytes; kind: { k: string } } | undefined): Answer {
  if (!t) return { meaning: 'none', cells: NO_CELLS, value: t };
  // schemas carry their fields: the defining module's hash fixes them
  return { meaning: `${renderModuleName(t.module)} ${base64UrlEncode(t.hash)} ${t.kind.k}`, cells: NO_CELLS, value: t };
}

/** The "all loaded" definitions: the same when they are the same names with the same hashes. */
function loadedAnswer(entries: Iterable<[FullyQualifiedName, Def]>): Answer {
  const value = [...entries];
  const meaning = value.map(([f]) => `${renderModuleName(f.module)}.${f.name}.${base64UrlEncode(f.hash)}`).join(' ');
  return { meaning, cells: NO_CELLS, value };
}

function summaryAnswer(m: ModuleSummary | undefined, withFile = false): Answer {
  if (!m) return { meaning: 'none', cells: NO_CELLS, value: m };
  // a module's hash is the hash of its definitions: the same hash, the same module (the stored
  // document also names the file its definitions came from)
  const file = withFile ? ` ${m.file ?? ''}` : '';
  return { meaning: `${renderModuleName(m.name)} ${m.kind} ${base64UrlEncode(m.hash)} ${m.members.size}${file}`, cells: NO_CELLS, value: m };
}

/** A copy of a compiled module whose code links to the new session's cells: its own members get
 *  fresh cells, every other cell is looked up in `cells`; undefined if some cell is not there. */
function relink(c: CompiledModule, cells: Map<GlobalCell, GlobalCell>): CompiledModule | undefined {
  const members = new Map<string, GlobalCell>();
  for (const [n, old] of c.members) {
    const fresh = new GlobalCell(old.name, old.kind, old.module);
    members.set(n, fresh);
    cells.set(old, fresh);
  }
  const protos = new Map<FunctionProto, FunctionProto>();
  let missing = false;
  const constant = (k: unknown): unknown => {
    if (k instanceof GlobalCell) {
      const now = cells.get(k);
      if (now === undefined) missing = true;
      return now;
    }
    return k instanceof FunctionProto ? proto(k) : k;
  };
  const proto = (p: FunctionProto): FunctionProto => {
    let copy = protos.get(p);
    if (!copy) {
      const chunk = { code: p.chunk.code, spans: p.chunk.spans, constants: p.chunk.constants.map(constant) };
      copy = new FunctionProto(p.name, p.kind, p.arity, p.nlocals, chunk, p.captureFrom, p.paramTypes, p.returnType,
        p.span, p.qualifiedName, p.module);
      protos.set(p, copy);
    }
    return copy;
  };
  const mapCells = (m: Map<string, GlobalCell>) => new Map([...m].map(([n, cell]) => [n, constant(cell) as GlobalCell]));
  const copy: CompiledModule = {
    ...c,
    members,
    imports: mapCells(c.imports),
    defuns: new Map([...c.defuns].map(([n, p]) => [n, proto(p)])),
    defcaps: new Map([...c.defcaps].map(([n, d]) => [n, { proto: proto(d.proto), meta: d.meta }])),
    defpacts: new Map([...c.defpacts].map(([n, steps]) => [n, steps.map(s => ({ exec: proto(s.exec), rollback: s.rollback && proto(s.rollback) }))])),
    constants: c.constants.map(k => ({ ...k, proto: proto(k.proto) })),
    interfaces: [...c.interfaces],
    blessed: [...c.blessed],
    dependencies: new Set(c.dependencies),
  };
  return missing ? undefined : copy;
}
