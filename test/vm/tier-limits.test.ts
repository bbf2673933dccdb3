// Which functions the second tier takes: up to 300 JS variables (frame slots plus operand-stack
// entries) and 20,000 code units; larger ones stay in the interpreter with the same results. A
// zero-argument call from tiered code is not charged, as in the interpreter; each template moves the
// operand stack as the opcode table says.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tierSource } from '../../vm/tier.js';
import { TEMPLATES, type TierSite } from '../../vm/templates.js';
import { OPCODES, type Op } from '../../vm/opcodes.js';
import { FunctionProto } from '../../vm/chunk.js';
import { Closure, type Value } from '../../vm/values.js';
import { SourceFile, read, compileExpression } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { TABLE_MODEL } from '../../runtime/gas/meter.js';
import { runRepl, inTierMode } from '../helpers.js';

/** The first lambda prototype `source` compiles to, and the session it was compiled in. */
function lambda(source: string): { proto: FunctionProto; s: ReplSession } {
  const s = new ReplSession();
  const top = compileExpression(read(new SourceFile('t.repl', source))[0], s);
  return { proto: top.chunk.constants.find((c): c is FunctionProto => c instanceof FunctionProto)!, s };
}

/** Calls the lambda once with the tier taking every function from its first call. */
function runAlways(l: { proto: FunctionProto; s: ReplSession }, args: Value[]): Value {
  return inTierMode('always', () => l.s.vm.call(new Closure(l.proto, []), args));
}

/** `(lambda (x) [x x … x])`: one local, and n + 1 operand-stack entries at the list. */
const listOf = (n: number) => `(lambda (x) [${Array(n).fill('x').join(' ')}])`;

test('a function with 300 JS variables is tiered; with 301 it stays interpreted, with the same result', () => {
  const fits = lambda(listOf(298));
  const source = tierSource(fits.proto)!;
  assert.ok(source !== null);
  // v0 … v298: 299 operand-stack variables beside the one local
  assert.match(source, /let v0, v1, [^;]*, v298;/);
  assert.not.match(source, /\bv299\b/);
  const tooMany = lambda(listOf(299));
  assert.is(tierSource(tooMany.proto), null);

  assert.equal(runAlways(fits, [7]), Array(298).fill(7));
  assert.ok(fits.proto.tier !== null, 'tiered');
  assert.equal(runAlways(tooMany, [7]), Array(299).fill(7));
  assert.is(tooMany.proto.tier, null, 'left to the interpreter');
});

/** A lambda of exactly `units` code units: statements `x` (3 units) and `(+ x 1)` (5) before
 *  the result `x` (LOCAL 0, RETURN: 3). */
function ofLength(units: number): string {
  let rest = units - 3, plus = 0;
  while (rest % 3 !== 0) { rest -= 5; plus++; }
  return `(lambda (x) ${Array(rest / 3).fill('x').join(' ')} ${Array(plus).fill('(+ x 1)').join(' ')} x)`;
}

test('a function of 20,000 code units is tiered; one of 20,001 stays interpreted, with the same result', () => {
  const fits = lambda(ofLength(20_000));
  assert.is(fits.proto.chunk.code.length, 20_000);
  const tooLong = lambda(ofLength(20_001));
  assert.is(tooLong.proto.chunk.code.length, 20_001);
  assert.ok(tierSource(fits.proto) !== null);
  assert.is(tierSource(tooLong.proto), null);
  assert.is(runAlways(fits, [5]), 5);
  assert.ok(fits.proto.tier !== null, 'tiered');
  assert.is(runAlways(tooLong, [5]), 5);
  assert.is(tooLong.proto.tier, null, 'left to the interpreter');
});

/** Milligas used by `source` with table gas, the tier in `mode`. */
function milligas(source: string, mode: 'off' | 'always'): number {
  return inTierMode(mode, () => {
    const s = new ReplSession();
    s.gas.model = TABLE_MODEL;
    s.gas.setLimit(10_000_000);
    const r = runRepl(source, 'gas.repl', s);
    if (r.error) throw new Error(r.error.message);
    return s.gas.milligas;
  });
}

test('calling a closure without arguments costs nothing in tiered code either; with arguments, 50 + 25 per argument', () => {
  const none = '(let ((f (lambda (g) (g)))) (f (lambda () 1)))';
  const one = '(let ((f (lambda (g) (g 1)))) (f (lambda (x) x)))';
  for (const mode of ['off', 'always'] as const) {
    assert.is(milligas(none, mode), milligas(none, 'off'), mode);
    assert.is(milligas(one, mode) - milligas(none, mode), 75, mode);
  }
});

test("each template's stack flow is the opcode table's stack effect", () => {
  // a site at depth 5 whose operands are all 1 (an OBJECT's key list has one key)
  const site: TierSite = {
    at: 0, depth: 5, operand: () => 1, v: i => `v${i}`, local: i => `l${i}`, constant: k => `K${k}`,
    constantValue: () => ['k'], jump: t => `break L${t};`, arity: 1, tracked: false, ret: v => `return ${v};`,
    leaveForTail: '', metered: 'metered', afterCall: '', selfCall: (r, args) => `${r} = f(${args.join(', ')});`, sync: '', bail: null,
  };
  let checked = 0;
  for (const op of Object.keys(OPCODES).map(Number) as Op[]) {
    const template = TEMPLATES[op], effect = OPCODES[op].stack;
    if (template === null || effect === null) continue;
    const flow = template.flow(site);
    // an instruction that never falls through (a jump, raising an error) has its effect where it goes
    const after = flow.next ?? flow.branch?.depth;
    if (after === undefined) {
      assert.ok(['RAISE_USER', 'RAISE_EXEC'].includes(OPCODES[op].name), OPCODES[op].name);
      continue;
    }
    assert.is(after - site.depth, effect, OPCODES[op].name);
    checked++;
  }
  assert.is(checked, 30);
});

test.run();
