// The LALR(1) tables checked against their definition: canonical LR(1) states merged by core.
// Pact's parse errors are pinned on these tables, so they must be exactly happy's LALR(1) tables.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EOF, isTerminal, pactGrammar } from '../../compiler/grammar.js';
import { buildTables, decodeTables, encodeRules, encodeTables } from '../../compiler/lalr.js';
import { PACT_RULES, PACT_TABLES } from '../../compiler/pact-tables.js';

// the grammar the independent check below reads; each test builds its own tables inside the test
// (not at load), so mutation testing sees which tests reach the grammar and table builders
const g = pactGrammar();
const built = () => buildTables(pactGrammar());

/** Nullable nonterminals and FIRST sets, computed here independently of lalr.ts (plain sets). */
const nullable = new Set<number>();
const first = new Map<number, Set<number>>(g.rules.map(r => [r.lhs, new Set<number>()]));
for (let changed = true; changed;) {
  changed = false;
  for (const r of g.rules) {
    const f = first.get(r.lhs)!, before = f.size;
    let all = true;
    for (const s of r.rhs) {
      if (isTerminal(s)) { f.add(s); all = false; break; }
      for (const x of first.get(s)!) f.add(x);
      if (!nullable.has(s)) { all = false; break; }
    }
    if (f.size !== before) changed = true;
    if (all && !nullable.has(r.lhs)) { nullable.add(r.lhs); changed = true; }
  }
}

type Item = string; // `rule,dot,lookahead`: one canonical LR(1) item
const parts = (i: Item) => i.split(',').map(Number);

function closure(kernel: Item[]): Set<Item> {
  const items = new Set(kernel), work = [...kernel];
  while (work.length) {
    const [r, d, la] = parts(work.pop()!);
    const rhs = g.rules[r].rhs;
    if (d >= rhs.length || isTerminal(rhs[d])) continue;
    const follow = new Set<number>();
    let i = d + 1;
    for (; i < rhs.length; i++) {
      if (isTerminal(rhs[i])) { follow.add(rhs[i]); break; }
      for (const x of first.get(rhs[i])!) follow.add(x);
      if (!nullable.has(rhs[i])) break;
    }
    if (i === rhs.length) follow.add(la);
    for (const b of follow) {
      for (const r2 of g.rulesOf.get(rhs[d])!) {
        const k = `${r2},0,${b}`;
        if (!items.has(k)) { items.add(k); work.push(k); }
      }
    }
  }
  return items;
}

test('every canonical LR(1) state maps onto an LALR state with the same shifts, gotos and reductions', () => {
  const tables = built();
  const kernels: Item[][] = [], index = new Map<string, number>(), queue: number[] = [];
  const stateOf = (kernel: Item[]) => {
    const key = [...kernel].sort().join('|');
    let id = index.get(key);
    if (id === undefined) { id = kernels.push(kernel) - 1; index.set(key, id); queue.push(id); }
    return id;
  };
  // walk the canonical automaton and the LALR tables side by side from each entry point
  const pairs: [number, number][] = [];
  g.rules.forEach((r, i) => { if (r.start) pairs.push([stateOf([`${i},0,${EOF}`]), tables.startState.get(i)!]); });
  const visited = new Set<string>();
  const reductions = new Map<number, Set<string>>(); // per LALR state: `rule,terminal` from LR(1)
  while (pairs.length) {
    const [lr1, lalr] = pairs.pop()!;
    if (visited.has(`${lr1}:${lalr}`)) continue;
    visited.add(`${lr1}:${lalr}`);
    const items = closure(kernels[lr1]);
    const next = new Map<number, Item[]>();
    const seen = reductions.get(lalr) ?? new Set<string>();
    reductions.set(lalr, seen);
    for (const it of items) {
      const [r, d, la] = parts(it);
      const rule = g.rules[r];
      if (d < rule.rhs.length) {
        next.set(rule.rhs[d], [...(next.get(rule.rhs[d]) ?? []), `${r},${d + 1},${la}`]);
      } else if (!rule.start) {
        seen.add(`${r},${la}`);
        const a = tables.states[lalr].actions.get(la);
        // present, and either this reduction or a shift that won the conflict (happy: shift wins)
        assert.ok(a && (a.kind === 'shift' || (a.kind === 'reduce' && a.rule === r)), `reduce ${r} on ${g.names[la]}`);
      }
    }
    for (const [sym, kernel] of next) {
      const to = stateOf(kernel);
      const st = tables.states[lalr];
      const a = isTerminal(sym) ? st.actions.get(sym) : undefined;
      const lalrTo = isTerminal(sym) ? (a?.kind === 'shift' ? a.to : undefined) : st.gotos.get(sym);
      assert.ok(lalrTo !== undefined, `transition on ${g.names[sym]}`);
      pairs.push([to, lalrTo!]);
    }
  }
  assert.is(reductions.size, tables.states.length, 'every LALR state is some LR(1) states merged');
  // and no LALR reduction is missing from every LR(1) state of its core
  for (const [lalr, seen] of reductions) {
    for (const [t, a] of tables.states[lalr].actions) {
      if (a.kind === 'reduce') assert.ok(seen.has(`${a.rule},${t}`), `extra reduce ${a.rule} on ${g.names[t]}`);
    }
  }
});

// happy 1.x lists only a failing state's plain shifts, happy 2.x every shift: where no conflict
// decided a failing state's shift, both give the same list, so either generator's Pact agrees
test('a failing state expects exactly what it shifts; a state with a reduction never fails', () => {
  const tables = built();
  for (const s of tables.states) {
    const shifts = [...s.actions].filter(([, a]) => a.kind === 'shift').map(([t]) => t).sort((a, b) => a - b);
    const reduces = [...s.actions.values()].some(a => a.kind === 'reduce');
    if (!s.fallback) assert.equal(s.expected, shifts);
    assert.is(reduces, s.fallback !== null);
  }
});

test('the tables a process reads (compiler/pact-tables.ts) are the ones the grammar builds; regenerate with npm run tables', () => {
  const tables = built();
  assert.equal(PACT_TABLES, encodeTables(tables), 'compiler/pact-tables.ts is stale: run `npm run tables`');
  assert.equal(decodeTables(PACT_TABLES), tables);
});

test('the rules the grammar check reads (compiler/pact-tables.ts) are the grammar\'s', () => {
  const g = pactGrammar();
  assert.equal(PACT_RULES, encodeRules(g), 'compiler/pact-tables.ts is stale: run `npm run tables`');
  // spot checks of the encoding against the rule text
  const ruleOf = (text: string) => g.rules.findIndex(r => `${g.names[r.lhs]} -> ${r.rhs.map(x => g.names[x]).join(' ')}` === text);
  const body = ruleOf('ExtOrDefList -> ExtOrDefList Def');
  assert.ok(body >= 0 && PACT_RULES.moduleBody[body] && PACT_RULES.endsInDef[body] && PACT_RULES.length[body] === 2);
  const ext = ruleOf('ExtOrDefList -> ExtOrDefList Ext');
  assert.ok(PACT_RULES.moduleBody[ext] && !PACT_RULES.endsInDef[ext]);
  assert.is(PACT_RULES.check[ruleOf('ExtOrDefs -> ExtOrDefList')], 'atLeastOneDef');
  assert.is(PACT_RULES.symbols, g.names.length);
});

test.run();
