// Gas limit boundaries (gas.md §1.2, §1.3): every kind of charge point, run so that it ends one
// milligas below the limit, exactly on it, and one above. Reaching the limit is allowed;
// passing it fails with Pact's text `Gas limit "L"exceeded: G` (no space before `exceeded`).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

/** Charge points with their table-model cost in milligas, reasoned from gas.md §2–§3. */
const CHARGE_POINTS: [string, string, number][] = [
  ['a native and an integer op', '(+ 1 2)', 100 + 30],
  ['a native and an integer comparison', '(< 1 2)', 100 + (64 + 100)],
  ['a fused compare-and-branch', '(if (<= 2 2) "yes" "no")', 100 + (64 + 100)],
  ['a compare against a local', '(let ((a 2) (b 2)) (if (>= a b) 1 0))', 100 + (64 + 100)],
  ['an add with an immediate', '(let ((a 2)) (+ a 1))', 100 + 30],
  ['a text comparison', '(< "ab" "c")', 100 + (2 + 100)],
  ['a text concatenation', '(+ "ab" "cd")', 100 + 4 * 100],
  ['a list literal', '[1 2 3]', 3 * 100],
  ['an empty list literal and a native', '(length [])', 0 + 100],
  ['an object literal', '{"a": 1, "b": 2}', 2 * 100],
  ['an object literal with a repeated key', '{"a": 1, "a": 2}', 2 * 100],
  ['a saturated lambda application', '((lambda (a b) a) 1 2)', 2 * 25 + 50],
  // made with two of three arguments (25·2 + 50), completed by filter with the third (25 + 50)
  ['a partial application completed by a native', '(let ((f (lambda (a b c) true))) (filter (f 1 2) [3]))',
    (2 * 25 + 50) + 100 + 100 + (100 + 25 + 50)],
  ['a defun application', '(defun gas-id (x) x) (gas-id 1)', 25 + 50],
  ['a try', '(try 1 (enforce false "no"))', 100],
  // the alternatives of enforce-one are syntax, not a list literal: only unconsWork is charged
  ['an enforce-one', '(enforce-one "none" [(enforce true "a")])', 100],
  ['map over two elements', '(map (lambda (x) x) [1 2])', 2 * 100 + 100 + 2 * (100 + 25 + 50)],
  // the second multiply is sized from the first product's remembered length (gas/product-sizes.ts):
  // 2^32 · 2^32 by 33 bits (26 + 4), 2^64 · 3 by 65 bits (26 + 9)
  ['a multiply of a remembered product', '(let* ((a (* 4294967296 4294967296)) (b (* a 3))) b)', 100 + 30 + 100 + 35],
  ['format-time', '(format-time "%Y" (time "2000-01-01T00:00:00Z"))', 500 + 500 + (20 * 2 + 1)],
];

const LIMIT_GAS = 10;
const LIMIT = LIMIT_GAS * 1000;

/** Run `expr` with the counter set so that its charges end `delta` milligas from the limit. */
function nearLimit(expr: string, cost: number, delta: number) {
  const r = runRepl(`(env-gasmodel "table") (env-gaslimit ${LIMIT_GAS}) (env-set-milligas ${LIMIT - cost + delta}) ${expr}`);
  return { error: r.error?.message ?? null, milligas: r.session.gas.milligas };
}

for (const [what, expr, cost] of CHARGE_POINTS) {
  test(`${what}: limit − 1 and limit pass, limit + 1 fails`, () => {
    const below = nearLimit(expr, cost, -1);
    assert.is(below.error, null, `${expr} one below`);
    assert.is(below.milligas, LIMIT - 1);
    const on = nearLimit(expr, cost, 0);
    assert.is(on.error, null, `${expr} on the limit`);
    assert.is(on.milligas, LIMIT);
    const above = nearLimit(expr, cost, 1);
    assert.is(above.error, `Gas limit "${LIMIT_GAS}"exceeded: ${LIMIT_GAS + 1}`, `${expr} one above`);
    // the counter keeps the charge that failed
    assert.is(above.milligas, LIMIT + 1);
  });
}

test('the exceeded message rounds both numbers up to whole gas', () => {
  const r = runRepl('(env-gasmodel "table") (env-gaslimit 10) (env-set-milligas 9999) [1 2 3]');
  assert.is(r.error?.message, 'Gas limit "10"exceeded: 11');
  const big = runRepl('(env-gasmodel "table") (env-gaslimit 10) (env-set-milligas 9000) (+ "aaaaaaaaaaaaaaaaaaaa" "bbbbbbbbbbbbbbbbbbbb")');
  // 9000 + 100 (native) = 9100, then 9100 + 4000 = 13100 → 14 gas
  assert.is(big.error?.message, 'Gas limit "10"exceeded: 14');
});

test('under the free model a set limit counts with every constant 1 (gas.md §1.4)', () => {
  const r = runRepl('(env-gaslimit 10) ((lambda (a b) a) 1 2) (env-milligas)');
  assert.is(r.traces[r.traces.length - 1], String(2 * 1 + 50));
});

test('without a limit nothing is counted, even under the table model', () => {
  const r = runRepl('(env-gasmodel "table") (+ 1 2) [1 2 3] (env-milligas)');
  assert.is(r.traces[r.traces.length - 1], '0');
});

test('an object literal with a repeated key evaluates both values; the later one wins', () => {
  const r = runRepl('{"a": 1, "a": 2}');
  assert.is(r.traces[0], '{"a": 2}');
  assert.is(runRepl('{"a": (enforce false "first value ran"), "a": 2}').error?.message, 'first value ran');
  assert.is(runRepl('{"b": 1, "a": 2, "b": 3}').traces[0], '{"a": 2,"b": 3}');
});

test.run();
