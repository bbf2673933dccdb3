// Runs a file's tokens through Pact's LALR(1) grammar before anything else reads them, so a file
// Pact's parser refuses fails here first, with Pact's parse error text and location.

import type { Token } from './lexer.js';
import { EOF, TERMINALS, pactGrammar, type Grammar, type RuleCheck } from './grammar.js';
import { decodeTables, type Tables } from './lalr.js';
import { PACT_TABLES } from './pact-tables.js';
import { SourceFile, Span } from '../vm/source.js';
import { PactError } from '../vm/errors.js';

/** A .repl file (which may define top-level defuns and defconsts) or a .pact file. */
export type ProgramKind = 'ReplProgram' | 'Program';

let built: { grammar: Grammar; tables: Tables } | null = null;
/** The grammar and its tables, read on first use from the generated compiler/pact-tables.ts
 *  (building them takes tens of milliseconds; test/compiler/lalr.test.ts keeps the data current). */
export function pactTables(): { grammar: Grammar; tables: Tables } {
  if (!built) built = { grammar: pactGrammar(), tables: decodeTables(PACT_TABLES) };
  return built;
}

const TERMINAL = new Map<string, number>(TERMINALS.map((t, i) => [t, i]));
const KEYWORD_TERMINAL: Record<string, string> = {
  'let*': 'letstar', lambda: 'lam', use: 'import', 'step-with-rollback': 'steprb',
  '@doc': 'docAnn', '@model': 'modelAnn', '@event': 'eventAnn', '@managed': 'managedAnn',
};

function terminalOf(t: Token): number {
  switch (t.type) {
    case 'keyword': case 'annotation': return TERMINAL.get(KEYWORD_TERMINAL[t.value] ?? t.value)!;
    case 'ident': return TERMINAL.get('IDENT')!;
    case 'int': return TERMINAL.get('NUM')!;
    case 'string': return TERMINAL.get('STR')!;
    case 'tick': return TERMINAL.get('TICK')!;
    default: return TERMINAL.get(`'${t.text}'`)!;
  }
}

/** A token as Pact lists it among the remaining input of a parse error. */
export function tokenText(t: Token): string {
  switch (t.type) {
    case 'ident': return `ident<${t.value}>`;
    case 'int': return `number<${t.value}>`;
    case 'string': return `"${t.value}"`;
    case 'tick': return `'${t.text}`; // Pact's token keeps its tick, and the rendering adds one
    default: return t.text;
  }
}

/** `[a, b]`, cut to the first ten entries and `...` */
function listText(items: string[]): string {
  return `[${(items.length > 10 ? [...items.slice(0, 10), '...'] : items).join(', ')}]`;
}

const PRIMITIVE_TYPES = new Set(['integer', 'bool', 'unit', 'guard', 'decimal', 'time', 'string', 'list', 'object', 'keyset']);
const MAX_DECIMAL_PLACES = 255;

/** What a reduced symbol carries: its source extent, and for a module body whether it has a def
 *  and where its first non-def (use, implements, bless) is. */
interface Value { start: number; end: number; token?: number; hasDef?: boolean; firstExt?: Value | null }

/** Throws Pact's parse error if the tokens are not a `kind`; returns quietly otherwise. */
export function checkGrammar(file: SourceFile, tokens: Token[], kind: ProgramKind): void {
  const { grammar: g, tables } = pactTables();
  const fail = (msg: string, start: number, end: number): PactError => new PactError('parse', msg, new Span(file, start, end));
  const states = [tables.startState.get(g.startRule.get(kind)!)!];
  const values: Value[] = [];
  let i = 0;
  for (;;) {
    const st = tables.states[states[states.length - 1]];
    const t = i < tokens.length ? terminalOf(tokens[i]) : EOF;
    const action = st.actions.get(t) ?? st.fallback;
    if (!action) throw parseFailure(fail, st.expected, tokens, i);
    if (action.kind === 'accept') return;
    if (action.kind === 'shift') {
      states.push(action.to);
      values.push({ start: tokens[i].start, end: tokens[i].end, token: i });
      i++;
      continue;
    }
    const rule = g.rules[action.rule];
    const n = rule.rhs.length;
    const parts = values.splice(values.length - n, n);
    states.length -= n;
    const value = reduced(g, action.rule, parts);
    if (rule.check) runCheck(rule.check, parts, tokens, fail);
    values.push(value);
    states.push(tables.states[states[states.length - 1]].gotos.get(rule.lhs)!);
  }
}

/** The error Pact reports where no action applies: the expected tokens, or, where nothing more was
 *  expected (a complete program), the input left over. */
function parseFailure(fail: (m: string, s: number, e: number) => PactError, expected: number[], tokens: Token[], at: number): PactError {
  if (expected.length > 0) {
    const msg = `Expected: ${listText(expected.map(t => TERMINALS[t]))}`;
    // at the end of the input Pact has no token to point at, and reports the start of the file
    return at < tokens.length ? fail(msg, tokens[at].start, tokens[at].end) : fail(msg, 0, 0);
  }
  const rest = tokens.slice(at), first = rest[0];
  if (first.type === 'rparen') {
    return fail(`Too many closing parens, remaining tokens: ${listText(rest.slice(1).map(tokenText))}`, first.start, first.end);
  }
  return fail(`Unexpected input after expr, remaining tokens: ${listText(rest.map(tokenText))}`, first.start, first.end);
}

/** The value of a reduction: the extent of its non-empty parts (an empty one has start -1). */
function reduced(g: Grammar, rule: number, parts: Value[]): Value {
  const spanned = parts.filter(p => p.start >= 0);
  const start = spanned.length ? spanned[0].start : -1, end = spanned.length ? spanned[spanned.length - 1].end : -1;
  const lhs = g.names[g.rules[rule].lhs];
  if (lhs === 'ExtOrDefList') {
    const [list, item] = parts.length === 2 ? parts : [null, parts[0]];
    const isDef = g.names[g.rules[rule].rhs[parts.length - 1]] === 'Def';
    return {
      start, end,
      hasDef: (list?.hasDef ?? false) || isDef,
      firstExt: list?.firstExt ?? (isDef ? null : item),
    };
  }
  return { start, end };
}

function runCheck(check: RuleCheck, parts: Value[], tokens: Token[], fail: (m: string, s: number, e: number) => PactError): void {
  const text = (v: Value) => tokens[v.token!].value;
  switch (check) {
    case 'atLeastOneDef': {
      const body = parts[0];
      if (!body.hasDef) {
        const ext = body.firstExt!;
        throw fail('Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]', ext.start, ext.end);
      }
      return;
    }
    case 'primType': {
      const name = text(parts[0]);
      if (!PRIMITIVE_TYPES.has(name)) throw fail(`No such type: ${name}`, parts[0].start, parts[0].end);
      return;
    }
    case 'objType': {
      const name = text(parts[0]);
      if (name !== 'object' && name !== 'table') throw fail(`No such type: ${name}`, parts[0].start, parts[0].end);
      return;
    }
    case 'decimal': case 'modelDecimal': {
      const places = text(parts[2]).length;
      if (places > MAX_DECIMAL_PLACES) {
        // a decimal expression is located over the whole literal, a model's decimal at its integer part
        const end = check === 'decimal' ? parts[2].end : parts[0].end;
        throw fail(`Precision overflow (>=255 decimal places):  ${places} decimals`, parts[0].start, end);
      }
    }
  }
}
