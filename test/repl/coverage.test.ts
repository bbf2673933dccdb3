// Coverage: module code reports per-line, per-function and per-branch hits as LCOV, merged across
// the scripts of a batch and across worker threads; with coverage off no probe is compiled.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRepl } from '../helpers.js';
import { CoverageRecorder, mergeCoverage, renderLcov, coverageSummary, type CoverageReport } from '../../runtime/repl/coverage.js';
import { Op } from '../../vm/opcodes.js';
import { runScript } from '../../runtime/repl/runner.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../../runtime/gas/meter.js';
import { Closure } from '../../vm/values.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const cli = join(repo, 'dist/runtime/repl/cli.js');

/** The records of an LCOV tracefile, parsed back: per file, its entries by kind. */
function parseLcov(text: string): Map<string, { fn: Map<string, number>; fnda: Map<string, number>; da: Map<number, number>; brda: string[]; totals: Record<string, number> }> {
  const files = new Map();
  let cur: any = null;
  for (const line of text.split('\n')) {
    if (line === '' || line === 'TN:') continue;
    const [tag, rest] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)];
    if (line === 'end_of_record') { cur = null; continue; }
    if (tag === 'SF') { cur = { fn: new Map(), fnda: new Map(), da: new Map(), brda: [], totals: {} }; files.set(rest, cur); continue; }
    assert.ok(cur, `entry outside a record: ${line}`);
    const parts = rest.split(',');
    if (tag === 'FN') cur.fn.set(parts[1], Number(parts[0]));
    else if (tag === 'FNDA') cur.fnda.set(parts[1], Number(parts[0]));
    else if (tag === 'DA') cur.da.set(Number(parts[0]), Number(parts[1]));
    else if (tag === 'BRDA') cur.brda.push(rest);
    else cur.totals[tag] = Number(rest);
  }
  return files;
}

const MODULE = `
(module cov GOV
  (defcap GOV () true)
  (defun sign:string (n:integer)
    (if (< n 0)
        "negative"
        "non-negative"))
  (defun never () 1)
  (defun twice (x) (+ x x))
)`;

function covered(script: string): CoverageReport {
  const s = runRepl('', 'setup.repl').session;
  s.coverage = new CoverageRecorder();
  const r = runRepl(script, 'cov.repl', s);
  if (r.error) throw new Error(r.error.message);
  return s.coverage.report();
}

test('functions count their calls, lines their hits and if-arms how often each ran', () => {
  const report = covered(MODULE + '\n(sign 1)\n(sign 2)\n(sign -5)\n(twice 2)');
  const lcov = parseLcov(renderLcov(report)).get('cov.repl')!;
  assert.equal(lcov.fn.get('cov.sign'), 4);
  assert.equal(lcov.fnda.get('cov.sign'), 3);
  assert.equal(lcov.fnda.get('cov.twice'), 1);
  assert.equal(lcov.fnda.get('cov.never'), 0);
  assert.equal(lcov.fnda.get('cov.GOV'), 0);
  assert.equal(lcov.da.get(5), 3, 'the condition line runs on every call');
  assert.equal(lcov.da.get(6), 1, 'the then arm ran once');
  assert.equal(lcov.da.get(7), 2, 'the else arm ran twice');
  assert.equal(lcov.da.get(8), 0, 'never is never entered');
  assert.equal(lcov.brda, ['5,0,0,1', '5,0,1,2']);
  assert.equal(lcov.da.get(3), 0, 'the governance capability body never runs');
  assert.equal(lcov.totals, { FNF: 4, FNH: 2, BRF: 2, BRH: 2, LF: 6, LH: 4 });
});

test('top-level script code is not measured, only module code', () => {
  const report = covered('(defun top () 1)\n(top)\n(+ 1 2)');
  assert.equal(Object.keys(report), []);
  assert.is(renderLcov(report), '');
});

test('with coverage off no COVER instruction is compiled', () => {
  const r = runRepl(MODULE);
  const cell = r.session.lookupMember('cov', 'sign');
  const fn = cell!.value as Closure;
  assert.ok(fn instanceof Closure);
  assert.not.ok(Array.from(fn.proto.chunk.code).includes(Op.Cover));
});

test('measuring coverage changes neither results nor gas', () => {
  const script = join(repo, 'examples/token/token.repl');
  const plain = runScript(script, { gasModel: TABLE_MODEL, gasLimit: MAX_MILLIGAS });
  const measured = runScript(script, { gasModel: TABLE_MODEL, gasLimit: MAX_MILLIGAS, coverage: true });
  assert.ok(plain.passed && measured.passed);
  assert.ok(plain.gasMilli > 0);
  assert.is(measured.gasMilli, plain.gasMilli);
  assert.is(plain.coverage, null);
  assert.ok(measured.coverage![join(repo, 'examples/token/token.pact')]);
});

test('reports merge by addition (scripts of a batch, workers)', () => {
  const a = covered(MODULE + '\n(sign 1)');
  const b = covered(MODULE + '\n(sign -1)\n(sign -2)');
  const lcov = parseLcov(renderLcov(mergeCoverage(mergeCoverage(Object.create(null), a), b))).get('cov.repl')!;
  assert.equal(lcov.fnda.get('cov.sign'), 3);
  assert.equal(lcov.brda, ['5,0,0,2', '5,0,1,1']);
});

test('the summary gives the share of lines and functions per file', () => {
  const text = coverageSummary(covered(MODULE + '\n(sign 1)'));
  assert.match(text, /cov\.repl\s+33\.3% \(2\/6\)\s+25\.0% \(1\/4\)/);
});

test('pactvm test --coverage on the examples: LCOV with the calls the token suite makes, the same with --jobs 2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-cov-'));
  try {
    const examples = join(repo, 'examples');
    const run = (jobs: string, out: string) => {
      const r = spawnSync('node', [cli, 'test', examples, '--jobs', jobs, '--coverage', '--coverage-dir', join(dir, out)],
        { encoding: 'utf8', timeout: 60_000 });
      assert.is(r.status, 0, r.stderr);
      const stderr = r.stderr;
      return { lcov: readFileSync(join(dir, out, 'lcov.info'), 'utf8'), stderr };
    };
    const one = run('1', 'one');
    const token = parseLcov(one.lcov).get(join(examples, 'token/token.pact'))!;
    // token.repl mints twice (one refused by the keyset, one done) and rotates twice
    assert.equal(token.fnda.get('token.mint'), 2);
    assert.equal(token.fnda.get('token.rotate'), 2);
    assert.equal(token.fnda.get('token.GOVERNANCE'), 0);
    assert.ok(parseLcov(one.lcov).has(join(examples, 'vesting/vesting.pact')));
    assert.match(one.stderr, /token\.pact\s+\d+\.\d% \(\d+\/\d+\)/);
    assert.is(run('2', 'two').lcov, one.lcov);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a coverage folder that cannot be written is named, the results are kept, and the exit code is 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-cov-'));
  try {
    const blocker = join(dir, 'file');
    writeFileSync(blocker, '');
    const r = spawnSync('node', [cli, 'test', join(repo, 'examples'), '--coverage-dir', join(blocker, 'sub')],
      { encoding: 'utf8', timeout: 60_000 });
    assert.is(r.status, 1);
    assert.match(r.stdout, /2 passed, 0 failed/);
    assert.match(r.stderr, new RegExp(`pactvm: cannot write coverage to ${join(blocker, 'sub', 'lcov.info')}: a path component is not a directory`));
    assert.not.match(r.stderr, /\n\s+at /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
