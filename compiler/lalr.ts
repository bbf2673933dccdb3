// LALR(1) tables for the grammar in grammar.ts, built the way Pact's parser generator (happy)
// builds and resolves them, so a parse fails in the same state, with the same expected tokens.

import { EOF, isTerminal, type Grammar, type RuleCheck } from './grammar.js';

export type Action =
  | { kind: 'shift'; to: number }
  | { kind: 'reduce'; rule: number }
  | { kind: 'accept' };

export interface State {
  /** the action per terminal; a terminal absent here takes `fallback` */
  actions: Map<number, Action>;
  /** the reduction taken on every terminal without an action of its own (happy's default), or null: fail */
  fallback: Action | null;
  /** the nonterminal transitions */
  gotos: Map<number, number>;
  /** the terminals this state shifts, ascending: what a parse error here lists as expected */
  expected: number[];
}

export interface Tables {
  states: State[];
  /** the first state of each entry point, by rule number of its augmented rule */
  startState: Map<number, number>;
}

// lookahead sets are bitmasks over the terminals (EOF included), one bigint each
const BITS = Array.from({ length: EOF + 1 }, (_, t) => 1n << BigInt(t));
const bit = (t: number): bigint => BITS[t];

/** Which nonterminals derive ε, and the terminals each can begin with. */
function firstSets(g: Grammar): { nullable: Set<number>; first: Map<number, bigint> } {
  const nullable = new Set<number>();
  const first = new Map<number, bigint>();
  for (const r of g.rules) first.set(r.lhs, 0n);
  for (let changed = true; changed;) {
    changed = false;
    for (const r of g.rules) {
      let f = first.get(r.lhs)!;
      let allNullable = true;
      for (const s of r.rhs) {
        if (isTerminal(s)) { f |= bit(s); allNullable = false; break; }
        f |= first.get(s)!;
        if (!nullable.has(s)) { allNullable = false; break; }
      }
      if (f !== first.get(r.lhs)) { first.set(r.lhs, f); changed = true; }
      if (allNullable && !nullable.has(r.lhs)) { nullable.add(r.lhs); changed = true; }
    }
  }
  return { nullable, first };
}

interface Building {
  /** kernel items as rule * 256 + dot, with their lookaheads */
  kernel: Map<number, bigint>;
  transitions: Map<number, number>;
  queued: boolean;
  /** the closure from the state's last processing: its kernel has not changed since */
  items: Map<number, bigint>;
}

/** Build the LALR(1) automaton: LR(0) states identified by their kernels, lookaheads propagated
 *  along the transitions until nothing changes, then happy's action resolution per state. */
export function buildTables(g: Grammar): Tables {
  const { nullable, first } = firstSets(g);
  const rhsOf = (item: number) => g.rules[item >> 8].rhs;

  /** The terminals that can follow position `from` of a rule, given the item's own lookahead. */
  const followIn = (rhs: number[], from: number, la: bigint): bigint => {
    let f = 0n;
    for (let i = from; i < rhs.length; i++) {
      const s = rhs[i];
      if (isTerminal(s)) return f | bit(s);
      f |= first.get(s)!;
      if (!nullable.has(s)) return f;
    }
    return f | la;
  };

  const closure = (kernel: Map<number, bigint>): Map<number, bigint> => {
    const items = new Map(kernel);
    const work = [...items.keys()];
    while (work.length) {
      const item = work.pop()!;
      const rhs = rhsOf(item), dot = item & 255;
      if (dot >= rhs.length || isTerminal(rhs[dot])) continue;
      const la = followIn(rhs, dot + 1, items.get(item)!);
      for (const r of g.rulesOf.get(rhs[dot]) ?? []) {
        const k = r << 8, old = items.get(k);
        const now = (old ?? 0n) | la;
        if (old !== now) { items.set(k, now); work.push(k); }
      }
    }
    return items;
  };

  const building: Building[] = [];
  const byCore = new Map<string, number>();
  const queue: number[] = [];
  const stateFor = (kernel: Map<number, bigint>): number => {
    const core = [...kernel.keys()].sort((a, b) => a - b).join(',');
    let id = byCore.get(core);
    if (id === undefined) {
      id = building.push({ kernel: new Map(), transitions: new Map(), queued: false, items: new Map() }) - 1;
      byCore.set(core, id);
    }
    const s = building[id];
    let changed = s.kernel.size === 0;
    for (const [item, la] of kernel) {
      const old = s.kernel.get(item) ?? 0n;
      if ((old | la) !== old || !s.kernel.has(item)) { s.kernel.set(item, old | la); changed = true; }
    }
    if (changed && !s.queued) { s.queued = true; queue.push(id); }
    return id;
  };

  const startState = new Map<number, number>();
  g.rules.forEach((r, i) => { if (r.start) startState.set(i, stateFor(new Map([[i << 8, bit(EOF)]]))); });
  while (queue.length) {
    const id = queue.shift()!;
    const s = building[id];
    s.queued = false;
    const next = new Map<number, Map<number, bigint>>();
    s.items = closure(s.kernel);
    for (const [item, la] of s.items) {
      const rhs = rhsOf(item), dot = item & 255;
      if (dot >= rhs.length) continue;
      let k = next.get(rhs[dot]);
      if (!k) next.set(rhs[dot], k = new Map());
      k.set(item + 1, (k.get(item + 1) ?? 0n) | la);
    }
    for (const [sym, kernel] of next) s.transitions.set(sym, stateFor(kernel));
  }

  return { states: building.map(s => resolve(g, s, s.items)), startState };
}

/** One state's actions as happy resolves them: shift beats reduce, accept beats both; a state's
 *  default is the reduction of the lowest-numbered terminal that reduces. */
function resolve(g: Grammar, s: Building, items: Map<number, bigint>): State {
  const actions = new Map<number, Action>();
  const contested = new Set<number>();
  const put = (t: number, a: Action) => {
    const old = actions.get(t);
    if (!old || old.kind === 'accept') { if (!old) actions.set(t, a); return; }
    if (a.kind === 'accept') { actions.set(t, a); return; }
    if (old.kind === 'shift' && a.kind === 'shift') return;
    if (old.kind === 'reduce' && a.kind === 'reduce') {
      if (old.rule !== a.rule) throw new Error(`grammar: reduce/reduce conflict on ${g.names[t]}`);
      return;
    }
    contested.add(t);
    if (a.kind === 'shift') actions.set(t, a);
  };
  for (const [item, la] of items) {
    const rule = g.rules[item >> 8], dot = item & 255;
    if (dot < rule.rhs.length) {
      const sym = rule.rhs[dot];
      if (isTerminal(sym)) put(sym, { kind: 'shift', to: s.transitions.get(sym)! });
    } else if (rule.start) {
      put(EOF, { kind: 'accept' });
    } else {
      const reduce: Action = { kind: 'reduce', rule: item >> 8 };
      for (let t = 0; t <= EOF; t++) if ((la & BITS[t]) !== 0n) put(t, reduce);
    }
  }
  let fallback: Action | null = null;
  for (let t = 0; t <= EOF && !fallback; t++) {
    const a = actions.get(t);
    if (a?.kind === 'reduce' && !contested.has(t)) fallback = a;
  }
  const expected = [...actions].filter(([t, a]) => a.kind === 'shift' && !contested.has(t)).map(([t]) => t).sort((a, b) => a - b);
  const gotos = new Map([...s.transitions].filter(([sym]) => !isTerminal(sym)));
  return { actions, fallback, gotos, expected };
}

/** The tables as plain JSON data (compiler/pact-tables.ts holds Pact's, generated at development
 *  time by `npm run tables`), so a process reads them instead of building them. Per state:
 *  [terminal, action, …], fallback, [nonterminal, state, …], expected; an action is a state to
 *  shift to (≥ 0), −(rule + 1) to reduce, or 'accept'. */
export interface EncodedTables {
  states: [(number | 'accept')[], number | 'accept' | null, number[], number[]][];
  start: number[];
}

function encodeAction(a: Action | null): number | 'accept' | null {
  if (a === null) return null;
  return a.kind === 'shift' ? a.to : a.kind === 'reduce' ? -(a.rule + 1) : 'accept';
}

function decodeAction(a: number | 'accept' | null): Action | null {
  if (a === null) return null;
  if (a === 'accept') return { kind: 'accept' };
  return a >= 0 ? { kind: 'shift', to: a } : { kind: 'reduce', rule: -a - 1 };
}

/** What the grammar check needs of each rule, so that a process need not build the grammar:
 *  per rule its nonterminal, the length of its right side, its check (or null), and whether it
 *  builds a module body (ExtOrDefList) or ends in a Def; and how many symbols there are. */
export interface EncodedRules {
  symbols: number;
  lhs: number[];
  length: number[];
  check: (RuleCheck | null)[];
  moduleBody: boolean[];
  endsInDef: boolean[];
}

export function encodeRules(g: Grammar): EncodedRules {
  return {
    symbols: g.names.length,
    lhs: g.rules.map(r => r.lhs),
    length: g.rules.map(r => r.rhs.length),
    check: g.rules.map(r => r.check),
    moduleBody: g.rules.map(r => g.names[r.lhs] === 'ExtOrDefList'),
    endsInDef: g.rules.map(r => r.rhs.length > 0 && g.names[r.rhs[r.rhs.length - 1]] === 'Def'),
  };
}

export function encodeTables(t: Tables): EncodedTables {
  return {
    states: t.states.map(s => [
      [...s.actions].flatMap(([term, a]) => [term, encodeAction(a)!]),
      encodeAction(s.fallback),
      [...s.gotos].flat(),
      s.expected,
    ]),
    start: [...t.startState].flat(),
  };
}

const pairs = <T>(flat: T[]): [T, T][] => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]);

export function decodeTables(e: EncodedTables): Tables {
  return {
    states: e.states.map(([actions, fallback, gotos, expected]) => ({
      actions: new Map(pairs(actions).map(([term, a]) => [term as number, decodeAction(a)!])),
      fallback: decodeAction(fallback),
      gotos: new Map(pairs(gotos)),
      expected,
    })),
    startState: new Map(pairs(e.start)),
  };
}
