// Table-model gas of the core natives, against Pact 5's golden numbers
// (gas-goldens/goldens/builtinGas.golden): each golden script runs in a fresh session with the
// table model and no effective limit, and the milligas counter must match exactly.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { milligas } from './helpers.js';
import { runRepl } from '../helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL } from '../../runtime/gas/meter.js';
import { GAS_GOLDENS, corpusTest, fromCorpus, gasGoldens } from '../corpus.js';


/** Golden file name → native name, where they differ (the harness's own mapping). */
const FILE_NAMES: Record<string, string> = {
  eq: '=', neq: '!=', and: '&', mult: '*', add: '+', sub: '-', div: '/', lt: '<', leq: '<=', gt: '>',
  geq: '>=', pow: '^', 'and-p': 'and?', 'not-p': 'not?', 'or-p': 'or?', 'binary-or': '|', 'binary-inverse': '~',
};

/** The core natives of this issue that have a golden script. */
const CORE = [
  'abs', 'add-time', 'add', 'and-p', 'and', 'at', 'base64-decode', 'base64-encode', 'binary-inverse', 'binary-or',
  'bind', 'ceiling', 'chain-data', 'compose', 'concat', 'contains', 'days', 'dec', 'diff-time', 'distinct', 'div',
  'drop', 'enumerate', 'eq', 'exp', 'filter', 'floor', 'fold', 'format-time', 'format', 'geq', 'gt', 'hash', 'hours',
  'identity', 'int-to-str', 'is-charset', 'length', 'leq', 'ln', 'log', 'lt', 'make-list', 'map', 'minutes', 'mod',
  'mult', 'neq', 'not-p', 'not', 'or-p', 'parse-time', 'pow', 'read-decimal', 'read-integer', 'read-msg',
  'read-string', 'remove', 'reverse', 'round', 'shift', 'show', 'sort', 'sqrt', 'str-to-int', 'str-to-list', 'sub',
  'take', 'time', 'tx-hash', 'typeof', 'where', 'xor', 'zip',
];

const golden = fromCorpus(() => gasGoldens(), new Map<string, number>());

for (const file of CORE) {
  const native = FILE_NAMES[file] ?? file;
  corpusTest(`gas golden: ${native}`, () => {
    const src = fs.readFileSync(path.join(GAS_GOLDENS, `${file}.repl`), 'utf8');
    assert.is(milligas(src), golden.get(native));
  });
}

test('per-native charges decompose as gas.md §3.4 says', () => {
  // (concat ["k" "d" "a"]): list literal 300 + flat 100 + TextListConcat(3, 3) 420
  assert.is(milligas('(concat ["k" "d" "a"])'), 820);
  // (take -10 "abc"): flat 100 + TextConcat(10), not clamped
  assert.is(milligas('(take -10 "abc")'), 1100);
  // (length "abcdefgh"): flat 100 + StrOpLength ⌊8/100⌋+1
  assert.is(milligas('(length "abcdefgh")'), 101);
  // (make-list 3 1): flat 100 + GMakeList(3, sizeOf 1 = 12)
  assert.is(milligas('(make-list 3 1)'), 136);
  // (show 1): flat 100 + TextConcat(sizeOf 1 = 12)
  assert.is(milligas('(show 1)'), 1300);
  // (hash "hello"): flat 100 + GHash(5 bytes)
  assert.is(milligas('(hash "hello")'), 600);
  // (sqrt 16): flat 1000 + TransSqrt(nbits 5: 5·⌈ln 5⌉·⌈ln ln 5⌉ = 5·2·1)
  assert.is(milligas('(sqrt 16)'), 1010);
  // (< 1.5 2.5): flat 100 + DecimalComparison(15, 25): div cost 26 + 64 bits + 100
  assert.is(milligas('(< 1.5 2.5)'), 290);
});

test('nothing is charged without a gas limit', () => {
  const s = new ReplSession();
  s.gas.model = TABLE_MODEL;
  runRepl('(sort [3 2 1]) (format "{}" [1.5]) (sqrt 2) (parse-time "%Y" "2020")', 'free.repl', s);
  assert.is(s.gas.milligas, 0);
});

test.run();
