// The gas-golden harness (gas.md §7): each ../shared/conformance/pact-5/gas-goldens/<op>.repl runs
// from a fresh state under the table model with the largest limit; its final milligas is compared
// with goldens/builtinGas.golden (and builtinGas50.golden under DisablePact51). Every mismatch is
// printed as a diff line; the entries listed in gas-passing.txt must match exactly (the list only
// grows, like passing.txt).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../../runtime/gas/meter.js';
import { PactError } from '../../vm/errors.js';
import { GAS_GOLDENS, corpusTest, gasGoldens } from '../corpus.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** Golden file names map back to operators (gas.md §7). */
const OPERATOR_FILES: Record<string, string> = {
  '=': 'eq', '!=': 'neq', '&': 'and', '*': 'mult', '+': 'add', '-': 'sub', '/': 'div', '<': 'lt', '<=': 'leq',
  '>': 'gt', '>=': 'geq', '^': 'pow', 'and?': 'and-p', 'not?': 'not-p', 'or?': 'or-p', '|': 'binary-or', '~': 'binary-inverse',
};

export function runGolden(op: string, flags: string[]): { milligas: number; error: string | null } {
  const s = new ReplSession();
  s.gas.model = TABLE_MODEL;
  s.gas.setLimit(MAX_MILLIGAS);
  for (const f of flags) s.env.flags.add(f);
  const name = `${OPERATOR_FILES[op] ?? op}.repl`;
  const file = join(GAS_GOLDENS, name);
  let error: string | null = null;
  try {
    // named as Pact's harness names it: stored modules carry their file name, and module-load
    // gas is charged by the stored length
    runSource(s, new SourceFile(join('pact-tests', 'gas-goldens', name), readFileSync(file, 'utf8')));
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    error = e.message.split('\n')[0];
  }
  return { milligas: s.gas.milligas, error };
}

const listed = new Set(readFileSync(join(repo, 'test', 'conformance', 'gas-passing.txt'), 'utf8')
  .split('\n').map(l => l.trim()).filter(l => l && !l.startsWith('#')));

for (const [golden, flags] of [['builtinGas.golden', []], ['builtinGas50.golden', ['DisablePact51']]] as const) {
  corpusTest(`gas goldens: ${golden}`, () => {
    const want = gasGoldens(golden);
    const mismatches: string[] = [];
    let matched = 0;
    for (const [op, mg] of want) {
      const r = runGolden(op, [...flags]);
      if (r.error === null && r.milligas === mg) { matched++; continue; }
      mismatches.push(`  ${op}: golden ${mg}, got ${r.milligas}${r.error ? ` (error: ${r.error})` : ''}`);
      assert.ok(!listed.has(`${golden} ${op}`), `${golden} ${op} is listed in gas-passing.txt but does not match: golden ${mg}, got ${r.milligas}${r.error ? ` (${r.error})` : ''}`);
    }
    console.log(`  ${golden}: ${matched}/${want.size} entries match exactly`);
    if (process.env.PACTVM_GAS_DIFF) console.log(mismatches.join('\n'));
  });
}

test.run();
