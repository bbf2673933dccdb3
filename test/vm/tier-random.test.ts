// Random expressions over boundary values (equal operands, zero, the safe-integer edge and past
// it, decimals beside integers, empty strings and lists) give the same value or the same error,
// gas included, in the interpreter and in tiered code. The expressions are built by type, so that
// most of them compute something (a comparison whose result decides the outcome, a sum that leaves
// the safe integers, a map, filter, fold or zip whose callback the tier inlines into its loop),
// with a wrongly typed operand now and then for the error paths. Each is the
// body of a function called with the values as arguments, or with them written in (where the
// compiler makes immediates and fused compare-and-jump instructions). Seeded: a failure names the
// expression, and reproduces.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TierMode } from '../../vm/tier.js';
import { runRepl, seededRandom, inTierMode } from '../helpers.js';

type Type = 'int' | 'dec' | 'str' | 'bool' | 'list';
const TYPES: Type[] = ['int', 'dec', 'str', 'bool', 'list'];

const LITERALS: Record<Type, string[]> = {
  int: ['0', '1', '-1', '2', '3', '-3', '9007199254740991', '-9007199254740991', '9007199254740992'],
  dec: ['0.0', '1.5', '-1.5', '3.0', '0.1'],
  str: ['""', '"a"', '"ab"', '"b"'],
  bool: ['true', 'false'],
  list: ['[]', '[1]', '[1 2]', '[2 1]'],
};

type Rand = () => number;

const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

/** An expression of type `type` (or, one time in twelve, of another) of depth ≤ `depth`; `params`
 *  are the function's parameters by type. */
function expression(rand: Rand, type: Type, depth: number, params: Map<Type, string[]>): string {
  if (rand() < 1 / 12) type = pick(rand, TYPES);
  const sub = (t: Type) => expression(rand, t, depth - 1, params);
  if (depth === 0 || rand() < 0.3) {
    const own = params.get(type) ?? [];
    return own.length > 0 && rand() < 0.6 ? pick(rand, own) : pick(rand, LITERALS[type]);
  }
  if (rand() < 0.12) return `(if ${sub('bool')} ${sub(type)} ${sub(type)})`;
  // a callback's body sees its parameters (list elements are integers) besides the function's
  const inner = (t: Type, names: [Type, string][]) => {
    const more = new Map(params);
    for (const [pt, name] of names) more.set(pt, [...(more.get(pt) ?? []), name]);
    return expression(rand, t, depth - 1, more);
  };
  const y = `y${depth}`, z = `z${depth}`;
  switch (type) {
    case 'int': return pick(rand, [
      () => `(${pick(rand, ['+', '-', '*'])} ${sub('int')} ${sub('int')})`,
      () => `(${pick(rand, ['mod', '/'])} ${sub('int')} ${sub('int')})`,
      () => `(${pick(rand, ['abs', 'negate'])} ${sub('int')})`,
      () => `(length ${sub(pick(rand, ['str', 'list'] as const))})`,
      () => `(floor ${sub('dec')})`,
      () => `(fold (lambda (${z} ${y}) ${inner('int', [['int', z], ['int', y]])}) ${sub('int')} ${sub('list')})`,
    ])();
    case 'dec': return pick(rand, [
      () => `(${pick(rand, ['+', '-', '*'])} ${sub('dec')} ${sub(pick(rand, ['dec', 'int'] as const))})`,
      () => `(${pick(rand, ['abs', 'negate'])} ${sub('dec')})`,
    ])();
    case 'str': return pick(rand, [
      () => `(+ ${sub('str')} ${sub('str')})`,
      () => `(${pick(rand, ['take', 'drop'])} ${sub('int')} ${sub('str')})`,
      () => `(typeof ${sub(pick(rand, TYPES))})`,
    ])();
    case 'bool': {
      const t = pick(rand, ['int', 'int', 'dec', 'str'] as const);
      return pick(rand, [
        () => `(${pick(rand, ['<', '>', '<=', '>='])} ${sub(t)} ${sub(t)})`,
        () => `(${pick(rand, ['=', '!='])} ${sub(t)} ${sub(t)})`,
        () => `(${pick(rand, ['and', 'or'])} ${sub('bool')} ${sub('bool')})`,
        () => `(not ${sub('bool')})`,
      ])();
    }
    case 'list': return pick(rand, [
      () => `(+ ${sub('list')} ${sub('list')})`,
      () => `(${pick(rand, ['take', 'drop'])} ${sub('int')} ${sub('list')})`,
      () => `(reverse ${sub('list')})`,
      () => `[${sub('int')} ${sub('int')}]`,
      () => `(map (lambda (${y}) ${inner('int', [['int', y]])}) ${sub('list')})`,
      () => `(filter (lambda (${y}) ${inner('bool', [['int', y]])}) ${sub('list')})`,
      () => `(zip (lambda (${y} ${z}) ${inner('int', [['int', y], ['int', z]])}) ${sub('list')} ${sub('list')})`,
    ])();
  }
}

/** The last value or the error of `source` in a fresh session; `metered`: under table gas (where
 *  tiered code leaves its unmetered fast paths), with the milligas it took. */
function outcome(source: string, mode: TierMode, metered: boolean): string {
  return inTierMode(mode, () => {
    const r = runRepl(metered ? `(env-gasmodel "table") (env-gaslimit 100000000) ${source} (env-milligas)` : source, 'tr.repl');
    return r.error ? `error: ${r.error.message} @ ${r.error.span?.range()}` : r.traces.slice(metered ? -2 : -1).join(' / milligas ');
  });
}

test('4000 random typed expressions over boundary values run identically with the tier off and forced on', () => {
  const rand = seededRandom(20261127);
  let values = 0, errors = 0;
  for (let i = 0; i < 4000; i++) {
    const ta = pick(rand, TYPES), tb = rand() < 0.5 ? ta : pick(rand, TYPES);
    const a = pick(rand, LITERALS[ta]);
    // equal arguments often: where `<` and `<=`, `=` and `!=` part
    const b = tb === ta && rand() < 0.5 ? a : pick(rand, LITERALS[tb]);
    const params = new Map<Type, string[]>();
    params.set(ta, ['a']);
    params.set(tb, [...(params.get(tb) ?? []), 'b']);
    const body = expression(rand, pick(rand, TYPES), 3, params);
    const source = rand() < 0.5
      ? `(let ((f (lambda (a b) ${body}))) (f ${a} ${b}))`
      : `(let ((f (lambda (x) ${body.replace(/\ba\b/g, a).replace(/\bb\b/g, b)}))) (f 0))`;
    const off = outcome(source, 'off', false);
    assert.is(outcome(source, 'always', false), off, source);
    if (i % 4 === 0) assert.is(outcome(source, 'always', true), outcome(source, 'off', true), `${source}, metered`);
    if (off.startsWith('error:')) errors++; else values++;
  }
  // most expressions compute a value, and the error paths are reached too
  assert.ok(values > 2000 && errors > 400, `${values} values, ${errors} errors`);
});

test.run();
