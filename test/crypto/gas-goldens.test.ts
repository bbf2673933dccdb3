// The gas goldens of the cryptographic natives: each upstream gas-golden script runs in a fresh
// session under the table model with the harness's limit (2^64−1 mG, gas.md §7) and its final
// milligas must equal pact-5's builtinGas.golden.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceFile } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { MAX_MILLIGAS, TABLE_MODEL } from '../../runtime/gas/meter.js';
import { PactError } from '../../vm/errors.js';
import { GAS_GOLDENS, corpusTest, fromCorpus, gasGoldens } from '../corpus.js';

const goldens = fromCorpus(() => gasGoldens(), new Map<string, number>());

const NATIVES = [
  'hash-keccak256', 'hash-poseidon', 'poseidon-hash-hack-a-chain', 'point-add', 'scalar-mult', 'pairing-check',
  'hyperlane-message-id', 'hyperlane-encode-token-message', 'hyperlane-decode-token-message', 'enforce-verifier',
];


function milligasOf(native: string, edit: (text: string) => string = t => t): { milligas: number; error: string | null } {
  const s = new ReplSession();
  s.gas.model = TABLE_MODEL;
  s.gas.setLimit(MAX_MILLIGAS);
  let error: string | null = null;
  try {
    runSource(s, new SourceFile(`${native}.repl`, edit(readFileSync(join(GAS_GOLDENS, `${native}.repl`), 'utf8'))));
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    error = e.message;
  }
  return { milligas: s.gas.milligas, error };
}

for (const native of NATIVES) {
  corpusTest(`gas golden: ${native}`, () => {
    const want = goldens.get(native);
    assert.ok(want !== undefined, `no golden for ${native}`);
    const { milligas, error } = milligasOf(native);
    assert.is(error, null);
    assert.is(milligas, want);
  });
}

test.run();
