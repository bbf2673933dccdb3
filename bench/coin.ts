// `pact5 coin transfer`, set up as Pact 5's own contract bench does it: coin-v5 from the
// conformance corpus, two k: accounts, 1000 other rows, a signature scoped to the TRANSFER
// capability, table gas, and a fresh transaction per run (begin-tx and rollback-tx are timed too).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceFile, read, compileExpression } from '../compiler/index.js';
import { Closure, type Value } from '../vm/values.js';
import { ReplSession } from '../runtime/repl/session.js';
import { runSource } from '../runtime/repl/script.js';
import { TABLE_MODEL } from '../runtime/gas/index.js';
import type { BenchCase } from './harness.js';

const CORPUS = process.env.PACT_TESTS ?? new URL('../../../shared/conformance/pact-5/pact-tests', import.meta.url).pathname;
const COIN = join(CORPUS, 'coin-v5/coin-v5.pact');

const KEY_A = 'a'.repeat(64);
const KEY_B = 'a'.repeat(63) + 'b';
const SENDER = `k:${KEY_A}`;
const RECEIVER = `k:${KEY_B}`;
const OTHER_ROWS = 1000;

/** Deploys coin-v5 and funds the accounts; runs as REPL text so the contract loads as in a script. */
function setupScript(): string {
  // the other rows: Pact's bench keys them by the hash of the row number; each has its own keyset
  const keysets = Array.from({ length: OTHER_ROWS }, (_, i) =>
    `"r${i + 1}": {"keys": ["${(i + 1).toString(16).padStart(64, 'c')}"], "pred": "keys-all"}`).join(', ');
  return `
    (begin-tx)
    (load "coin-v5/fungible-v2.pact")
    (load "coin-v5/fungible-xchain-v1.pact")
    (load "coin-v5/coin-v5.pact")
    (create-table coin.coin-table)
    (create-table coin.allocation-table)
    (commit-tx)
    (begin-tx)
    (env-data {"a": {"keys": ["${KEY_A}"], "pred": "keys-all"}, "b": {"keys": ["${KEY_B}"], "pred": "keys-all"}, ${keysets}})
    (test-capability (coin.COINBASE))
    (coin.coinbase "${SENDER}" (read-keyset "a") 100000000.0)
    (coin.coinbase "${RECEIVER}" (read-keyset "b") 100000000.0)
    (map (lambda (i) (coin.coinbase (hash (int-to-str 10 i)) (read-keyset (format "r{}" [i])) 100.0)) (enumerate 1 ${OTHER_ROWS}))
    (commit-tx)
    (env-data {})
    (env-sigs [{"key": "${KEY_A}", "caps": [(coin.TRANSFER "${SENDER}" "${RECEIVER}" 200.0)]}])
  `;
}

function compiled(session: ReplSession, source: string): () => Value {
  const proto = compileExpression(read(new SourceFile('bench.repl', source))[0], session);
  const closure = new Closure(proto, []);
  return () => session.vm.call(closure, []);
}

/** One transfer in its own transaction, in a session with coin-v5 deployed. */
function transferRun(tableGas: boolean): () => void {
  const s = new ReplSession();
  runSource(s, new SourceFile(join(CORPUS, 'bench-coin-setup.repl'), setupScript()));
  if (tableGas) {
    s.gas.model = TABLE_MODEL;
    s.gas.setLimit(200_000_000); // Pact's bench: 200k gas
  }
  const begin = compiled(s, '(begin-tx)');
  const transfer = compiled(s, `(coin.transfer "${SENDER}" "${RECEIVER}" 200.0)`);
  const rollback = compiled(s, '(rollback-tx)');
  return () => {
    begin();
    s.gas.milligas = 0;
    const result = transfer();
    rollback();
    if (result !== 'Write succeeded') throw new Error(`coin transfer: expected "Write succeeded", got ${String(result)}`);
  };
}

export function coinCases(): BenchCase[] {
  if (!existsSync(COIN) || !readFileSync(COIN, 'utf8').includes('(defun transfer:string')) {
    console.error(`pact5 coin transfer: skipped, coin-v5 not found at ${COIN}`);
    return [];
  }
  return [{
    suite: 'gas', name: 'pact5 coin transfer',
    subject: transferRun(true),
    baseline: transferRun(false),
  }];
}
