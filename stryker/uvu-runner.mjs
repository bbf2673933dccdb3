// A StrykerJS test runner plugin ("uvu-inprocess") that loads the compiled uvu test files once in
// the worker and then runs, per mutant, only the individual tests whose coverage reached it.
// `uvu` is swapped for a recording shim (uvu-shim.mjs) so single tests can be re-run at will.
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { DryRunStatus, TestStatus, determineHitLimitReached, toMutantRunResult } from '@stryker-mutator/api/test-runner';

const ENV_ACTIVE = '__STRYKER_ACTIVE_MUTANT__';
const ns = () => (globalThis.__stryker__ ??= {});
/** the dry run's time per test, kept in the sandbox for workers started later */
const TIMES = '.uvu-test-times.json';
const registry = () => (globalThis.__uvuShim__ ??= { file: '', suites: [] });

/** The compiled test files under `root` whose path (relative to it) matches `pattern`. */
function testFiles(root, pattern) {
  const found = [];
  const walk = dir => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.js') && pattern.test(relative(root, path))) found.push(path);
    }
  };
  walk(root);
  return found.sort();
}

export class UvuInProcessRunner {
  static inject = [commonTokens.options, commonTokens.logger];
  constructor(options, log) {
    this.options = options.uvu ?? {};
    this.log = log;
    /** every test, in file and suite order: { id, suite, handler } */
    this.tests = [];
    this.loaded = false;
    /** whether tests ran in this process since they were loaded (the dry run or a mutant's): then
     *  process-wide caches may hold what those runs computed, so verdicts are double-checked */
    this.dirty = false;
    /** bumped when a run is abandoned after a timeout: its loop stops before its next test */
    this.generation = 0;
    /** a run was abandoned in this worker: stray errors from it end the worker */
    this.abandoned = false;
  }

  // Stryker asks to reload for mutants that module loading also reaches; ES modules cannot be
  // reloaded, so those run like the others, active only while their covering tests run (the config
  // sets ignoreStatic, so mutants reached only while loading are not run at all)
  capabilities() { return { reloadEnvironment: true }; }

  async init() {
    register(new URL('./uvu-hooks.mjs', import.meta.url));
    // a mutant may throw in a socket or timer callback: that fails the running test, as it would
    // fail (crash) a plain uvu run, instead of crashing the worker
    const fail = err => {
      // an abandoned (timed-out) test may still throw: its error cannot be told from the running
      // test's, so the worker exits and Stryker retries the current mutant in a fresh one
      if (this.abandoned) process.exit(3);
      this.uncaught?.(err);
    };
    process.on('uncaughtException', fail);
    process.on('unhandledRejection', fail);
    // loaded here, not in the first run, so that loading never counts against a mutant's timeout
    await this.load();
  }

  /** Runs `work`, failing it when an uncaught error surfaces meanwhile. */
  guarded(work) {
    return new Promise((resolve, reject) => {
      this.uncaught = err => reject(err instanceof Error ? err : new Error(`uncaught: ${err}`));
      Promise.resolve().then(work).then(resolve, reject);
    }).finally(() => { this.uncaught = err => { this.pending ??= err; }; });
  }

  async load() {
    if (this.loaded) return;
    this.loaded = true;
    const root = resolve(this.options.root ?? 'dist/test');
    const reg = registry();
    for (const file of testFiles(root, new RegExp(this.options.pattern ?? '\\.test\\.js$'))) {
      reg.file = relative(root, file);
      await import(pathToFileURL(file).href);
    }
    const skip = this.options.skip ? new RegExp(this.options.skip) : undefined;
    const seen = new Set();
    for (const suite of reg.suites) {
      for (const t of suite.only.length ? suite.only : suite.tests) {
        let id = `${suite.file} › ${suite.name ? suite.name + ' › ' : ''}${t.name}`;
        while (seen.has(id)) id += ' (again)';
        seen.add(id);
        if (skip?.test(id)) continue;
        this.tests.push({ id, suite, handler: t.handler, file: suite.file });
      }
    }
  }

  /** Runs `chosen` tests suite by suite (hooks included); stops at the first failure unless `all`. */
  async run(chosen, { all, coverage }) {
    const generation = this.generation;
    const results = [];
    const s = ns();
    const write = process.stdout.write;
    process.stdout.write = () => true; // the code under test may print: keep the worker's stdout clean
    try {
      let i = 0;
      while (i < chosen.length) {
        const suite = chosen[i].suite;
        const group = [];
        while (i < chosen.length && chosen[i].suite === suite) group.push(chosen[i++]);
        const hookId = coverage ? `${group[0].id}#hooks` : undefined;
        let failed = false;
        try {
          s.currentTestId = hookId;
          await this.guarded(async () => { for (const hook of suite.before) await hook(suite.state); });
          for (const t of group) {
            if (this.generation !== generation) break; // abandoned after a timeout
            const started = performance.now();
            try {
              s.currentTestId = coverage ? t.id : undefined;
              suite.state.__test__ = t.id;
              if (this.pending !== undefined) { const err = this.pending; this.pending = undefined; throw err; }
              await this.guarded(async () => {
                for (const hook of suite.bEach) await hook(suite.state);
                await t.handler(suite.state);
                for (const hook of suite.aEach) await hook(suite.state);
              });
              results.push({ id: t.id, name: t.id, fileName: t.file, timeSpentMs: performance.now() - started, status: TestStatus.Success });
            } catch (err) {
              failed = true;
              results.push({ id: t.id, name: t.id, fileName: t.file, timeSpentMs: performance.now() - started, status: TestStatus.Failed, failureMessage: String(err?.message ?? err).slice(0, 500) });
              if (!all) break;
            }
          }
        } catch (err) {
          failed = true;
          results.push({ id: group[0].id, name: group[0].id, fileName: group[0].file, timeSpentMs: 0, status: TestStatus.Failed, failureMessage: `hook: ${String(err?.message ?? err).slice(0, 500)}` });
        } finally {
          s.currentTestId = hookId;
          try { for (const hook of suite.after) await hook(suite.state); } catch { /* the verdict stands */ }
          s.currentTestId = undefined;
        }
        if (failed && !all) break;
      }
    } finally {
      process.stdout.write = write;
    }
    return results;
  }

  async dryRun(options) {
    const s = ns();
    s.activeMutant = undefined;
    await this.load();
    const coverage = options.coverageAnalysis !== 'off';
    // coverage while loading (in init) stays: it marks the static mutants that ignoreStatic skips
    if (s.mutantCoverage) s.mutantCoverage.perTest = {};
    const tests = await this.run(this.tests, { all: true, coverage });
    this.dirty = true;
    const failures = tests.filter(t => t.status === TestStatus.Failed);
    if (failures.length) {
      return { status: DryRunStatus.Error, errorMessage: `the tests fail without mutants: ${failures.map(f => `${f.id}: ${f.failureMessage}`).join('; ')}` };
    }
    writeFileSync(TIMES, JSON.stringify(Object.fromEntries(tests.map(t => [t.id, t.timeSpentMs]))));
    let mutantCoverage;
    if (coverage) {
      const cov = s.mutantCoverage ?? { static: {}, perTest: {} };
      // a suite's before/after hooks serve each of its tests: their coverage is theirs too
      const perTest = {};
      for (const t of this.tests) perTest[t.id] = { ...(cov.perTest[t.id] ?? {}) };
      for (const [id, hits] of Object.entries(cov.perTest)) {
        if (!id.endsWith('#hooks')) continue;
        const first = this.tests.find(t => t.id === id.slice(0, -'#hooks'.length));
        for (const t of this.tests) if (t.suite === first?.suite) Object.assign(perTest[t.id], hits);
      }
      mutantCoverage = { static: { ...cov.static }, perTest };
    }
    return { status: DryRunStatus.Complete, tests, mutantCoverage };
  }

  /** The chosen tests with their suites ordered by the dry run's time, cheapest first, each suite's own order kept. */
  ordered(chosen) {
    const times = this.times ??= (() => { try { return JSON.parse(readFileSync(TIMES, 'utf8')); } catch { return {}; } })();
    const groups = new Map();
    for (const t of chosen) {
      const g = groups.get(t.suite) ?? { cost: 0, tests: [] };
      g.cost += times[t.id] ?? 0;
      g.tests.push(t);
      groups.set(t.suite, g);
    }
    return [...groups.values()].sort((a, b) => a.cost - b.cost).flatMap(g => g.tests);
  }

  async withMutant(id, chosen, options) {
    const s = ns();
    s.activeMutant = id;
    process.env[ENV_ACTIVE] = id;
    // hits are always counted: a run that never reached its mutant is not a verdict (mutantRun)
    s.hitLimit = options.hitLimit ?? Infinity;
    s.hitCount = 0;
    try {
      return await this.run(chosen, { all: options.disableBail, coverage: false });
    } finally {
      // a run abandoned after a timeout may end during a later mutant's run: leave that one active
      if (s.activeMutant === id) {
        s.activeMutant = undefined;
        delete process.env[ENV_ACTIVE];
      }
    }
  }

  async mutantRun(options) {
    const started = performance.now();
    const s = ns();
    const id = options.activeMutant.id;
    await this.load();
    this.pending = undefined;
    const wanted = options.testFilter ? new Set(options.testFilter) : undefined;
    const chosen = this.ordered(wanted ? this.tests.filter(t => wanted.has(t.id)) : this.tests);
    // past 90 % of Stryker's timeout the run is abandoned and reported as a timeout here, so that
    // Stryker need not kill the worker and start another (which reloads every test module)
    // (also as soon as the mutant's hit limit is passed: code under test may catch Stryker's
    // hit-limit error and go on looping until a test's own deadline)
    let timer, poll;
    const timedOut = new Promise(resolve => {
      timer = setTimeout(resolve, options.timeout * 0.9, undefined);
      poll = setInterval(() => { if (s.hitLimit !== undefined && s.hitCount > s.hitLimit) resolve(undefined); }, 20);
    });
    let tests = await Promise.race([this.withMutant(id, chosen, options), timedOut]);
    clearTimeout(timer);
    clearInterval(poll);
    if (tests === undefined) {
      this.generation++;
      this.abandoned = true;
      this.dirty = true;
      s.activeMutant = undefined;
      delete process.env[ENV_ACTIVE];
      s.hitCount = undefined;
      s.hitLimit = undefined;
      if (process.env.UVU_RUNNER_LOG) appendFileSync(process.env.UVU_RUNNER_LOG, `${id}\t${chosen.length} tests\t\t${Math.round(performance.now() - started)} ms\ttimeout\n`);
      return toMutantRunResult({ status: DryRunStatus.Timeout, reason: `tests still running after ${Math.round(options.timeout * 0.9)} ms` });
    }
    const hitLimit = determineHitLimitReached(s.hitCount, s.hitLimit);
    const reached = s.hitCount > 0;
    s.hitCount = undefined;
    s.hitLimit = undefined;
    if (hitLimit) {
      if (process.env.UVU_RUNNER_LOG) appendFileSync(process.env.UVU_RUNNER_LOG, `${id}\t${chosen.length} tests\t\t${Math.round(performance.now() - started)} ms\thit limit\n`);
      return toMutantRunResult(hitLimit);
    }
    if (this.pending !== undefined && !tests.some(t => t.status === TestStatus.Failed)) {
      // an error thrown after its test had finished: plain uvu would crash on it
      const last = tests[tests.length - 1];
      if (last) Object.assign(last, { status: TestStatus.Failed, failureMessage: `uncaught after the test: ${this.pending?.message ?? this.pending}` });
    }
    this.pending = undefined;
    const killer = tests.find(t => t.status === TestStatus.Failed);
    if (!killer && !reached && this.dirty) {
      // The tests that reached this mutant in the dry run passed without reaching it now: what they
      // computed is still in a process-wide cache (source-cache's syntax trees, module-cache's
      // compiles, memo tables) filled by the dry run or an earlier mutant, so the mutated code never
      // ran. A plain uvu run starts with empty caches and would run it: exit, and Stryker retries
      // this mutant in a fresh worker, where its tests are the first to run.
      if (process.env.UVU_RUNNER_LOG) appendFileSync(process.env.UVU_RUNNER_LOG, `${id}\t${chosen.length} tests\t${tests.length} ran\t${Math.round(performance.now() - started)} ms\tnot reached: fresh worker\n`);
      process.exit(3);
    }
    if (killer) {
      // a kill counts only if the killing test passes again without the mutant
      const again = await this.run(this.tests.filter(t => t.id === killer.id), { all: false, coverage: false });
      if (again.some(t => t.status === TestStatus.Failed)) {
        if (this.dirty) {
          // an earlier mutant left state behind: exit, Stryker retries in a fresh worker
          this.log.warn(`${killer.id} fails without mutant ${id} after earlier mutants; restarting the worker`);
          process.exit(3);
        }
        // in a fresh worker the test needs its suite's earlier tests: judge by whole suites as loaded
        const suites = new Set(chosen.map(t => t.suite));
        tests = await this.withMutant(id, this.tests.filter(t => suites.has(t.suite)), options);
      }
    }
    this.dirty = true;
    if (process.env.UVU_RUNNER_LOG) {
      appendFileSync(process.env.UVU_RUNNER_LOG, `${id}\t${chosen.length} tests\t${tests.length} ran\t${Math.round(performance.now() - started)} ms\t${killer ? 'killed by ' + killer.id : reached ? 'survived' : 'survived, not reached'}\n`);
    }
    return toMutantRunResult({ status: DryRunStatus.Complete, tests });
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'uvu-inprocess', UvuInProcessRunner)];

/**
 * The runner's own options: `uvu.root` (compiled tests folder), `uvu.pattern` (regex on test file
 * paths under it) and `uvu.skip` (regex on test ids "file › name" left out).
 */
export const strykerValidationSchema = {
  $schema: 'http://json-schema.org/draft-07/schema',
  type: 'object',
  properties: {
    uvu: {
      type: 'object',
      properties: { root: { type: 'string' }, pattern: { type: 'string' }, skip: { type: 'string' } },
      additionalProperties: false,
    },
  },
};
