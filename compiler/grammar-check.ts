// Runs a file's tokens through Pact's LALR(1) grammar before anything else reads them, so a file
// Pact's parser refuses fails here first, with Pact's parse error text and location. The same
// tables also run as WebAssembly (compiler/wasm-reader.ts), tried first; this file's loop is the
// rule, and raises the errors.

import { KEYWORDS, ANNOTATIONS, TOKEN_TYPES, Tok, type Tokens } from './tokens.js';
import { EOF, STARTS, TERMINALS, type RuleCheck } from './grammar.js';
import { PACT_RULES, PACT_TABLES } from './pact-tables.js';
import { SourceFile, Span } from '../vm/source.js';
import { PactError } from '../vm/errors.js';
import { checkWithWebAssembly } from './wasm-reader.js';
import {
  ACTIONS_AT, ANNOTATION_TERMINALS_AT, ENDS_IN_DEF, GRAMMAR_SHAPE_AT, KEYWORD_TERMINALS_AT, KIND_TERMINALS_AT, MODULE_BODY,
  PRIMITIVE_TYPES_AT, RuleCheckCode, START_STATES_AT, TABLE_TYPES_AT, wordList,
} from './reader-abi.js';

/** A .repl file (which may define top-level defuns and defconsts) or a .pact file. */
export type ProgramKind = 'ReplProgram' | 'Program';

const TERMINAL = new Map<string, number>(TERMINALS.map((t, i) => [t, i]));
/** The grammar's names for the keywords and annotations whose terminal is not their own text. */
const WORD_TERMINAL: Record<string, string> = {
  'let*': 'letstar', lambda: 'lam', use: 'import', 'step-with-rollback': 'steprb',
  '@doc': 'docAnn', '@model': 'modelAnn', '@event': 'eventAnn', '@managed': 'managedAnn',
};
const wordTerminals = (words: readonly string[]): Int32Array =>
  Int32Array.from(words, w => TERMINAL.get(WORD_TERMINAL[w] ?? w)!);
const KEYWORD_TERMINALS = wordTerminals(KEYWORDS), ANNOTATION_TERMINALS = wordTerminals(ANNOTATIONS);
/** The terminal of every token kind but keywords and annotations (those go by which word they are). */
const TYPE_NAMES: Partial<Record<Tok, string>> = {
  [Tok.Ident]: 'IDENT', [Tok.Int]: 'NUM', [Tok.String]: 'STR', [Tok.Tick]: 'TICK', [Tok.LParen]: "'('", [Tok.RParen]: "')'",
  [Tok.LBrace]: "'{'", [Tok.RBrace]: "'}'", [Tok.LBracket]: "'['", [Tok.RBracket]: "']'", [Tok.Comma]: "','", [Tok.Dot]: "'.'",
  [Tok.BindAssign]: "':='", [Tok.DynAccess]: "'::'", [Tok.Colon]: "':'",
};
const KIND_TERMINAL = Int32Array.from(TOKEN_TYPES, (_, kind) => TERMINAL.get(TYPE_NAMES[kind as Tok] ?? '') ?? -1);

function terminalOf(tokens: Tokens, i: number): number {
  const kind = tokens.kinds[i];
  return kind === Tok.Keyword ? KEYWORD_TERMINALS[tokens.refs[i]]
    : kind === Tok.Annotation ? ANNOTATION_TERMINALS[tokens.refs[i]] : KIND_TERMINAL[kind];
}

/** A token as Pact lists it among the remaining input of a parse error. */
export function tokenText(tokens: Tokens, i: number): string {
  switch (tokens.kinds[i]) {
    case Tok.Ident: return `ident<${tokens.value(i)}>`;
    case Tok.Int: return `number<${tokens.value(i)}>`;
    case Tok.String: return `"${tokens.value(i)}"`;
    case Tok.Tick: return `'${tokens.text(i)}`; // Pact's token keeps its tick, and the rendering adds one
    default: return tokens.text(i);
  }
}

/** `[a, b]`, cut to the first ten entries and `...` */
function listText(items: string[]): string {
  return `[${(items.length > 10 ? [...items.slice(0, 10), '...'] : items).join(', ')}]`;
}

const PRIMITIVE_TYPES = new Set(['integer', 'bool', 'unit', 'guard', 'decimal', 'time', 'string', 'list', 'object', 'keyset']);
const MAX_DECIMAL_PLACES = 255;
/** the names an object or table type is written with (`object{s}`, `table{s}`) */
const TABLE_TYPES = ['object', 'table'];

/** What a reduced symbol carries: its source extent, and for a module body whether it has a def
 *  and where its first non-def (use, implements, bless) is. */
interface Value { start: number; end: number; token?: number; hasDef?: boolean; firstExt?: Value | null }

/** The tables as flat arrays, one row per state (a Map lookup per step was a third of the check):
 *  an action is 0 (none), shift (to << 2 | 1), reduce (rule << 2 | 2) or accept (3), a state's
 *  fallback folded into every terminal without an action of its own; a goto is the next state.
 *  Made straight from the generated compiler/pact-tables.ts, read on first use (building the
 *  tables takes tens of milliseconds; test/compiler/lalr.test.ts keeps that data current), without
 *  the Maps of lalr.ts's Tables: decoding those was most of a one-line script's grammar check. */
interface DenseTables {
  actions: Int32Array; gotos: Int32Array; symbols: number;
  /** per state, the terminals a parse error there lists */
  expected: number[][];
  /** the start state of each start rule */
  start: Map<number, number>;
}
const ACTION_WIDTH = EOF + 1;
let dense: DenseTables | null = null;
function denseTables(): DenseTables {
  if (dense) return dense;
  const symbols = PACT_RULES.symbols, states = PACT_TABLES.states;
  // an encoded action: a state to shift to (≥ 0), −(rule + 1) to reduce, or 'accept'
  const code = (a: number | 'accept' | null): number =>
    a === null ? 0 : a === 'accept' ? 3 : a >= 0 ? (a << 2) | 1 : ((-a - 1) << 2) | 2;
  const actions = new Int32Array(states.length * ACTION_WIDTH);
  const gotos = new Int32Array(states.length * symbols).fill(-1);
  // indexed, without destructuring: this runs once per process, as cold code
  for (let s = 0; s < states.length; s++) {
    const state = states[s], pairs = state[0], gotoPairs = state[2];
    actions.fill(code(state[1]), s * ACTION_WIDTH, (s + 1) * ACTION_WIDTH);
    for (let i = 0; i < pairs.length; i += 2) actions[s * ACTION_WIDTH + (pairs[i] as number)] = code(pairs[i + 1]);
    for (let i = 0; i < gotoPairs.length; i += 2) gotos[s * symbols + gotoPairs[i]] = gotoPairs[i + 1];
  }
  const start = new Map<number, number>();
  for (let i = 0; i < PACT_TABLES.start.length; i += 2) start.set(PACT_TABLES.start[i], PACT_TABLES.start[i + 1]);
  return dense = { actions, gotos, symbols, expected: states.map(st => st[3]), start };
}

/** Throws Pact's parse error if the tokens are not a `kind`; returns quietly otherwise. Where the
 *  WebAssembly reader does not accept the tokens, the check runs here, and raises the error. */
export function checkGrammar(file: SourceFile, tokens: Tokens, kind: ProgramKind): void {
  if (!acceptedByWebAssembly(tokens, kind)) checkGrammarInJavaScript(file, tokens, kind);
}

/** True if the WebAssembly reader accepts the tokens as a `kind`: only tokens of its last scan,
 *  while their arrays are still in its memory (compiler/wasm-reader.ts). */
export function acceptedByWebAssembly(tokens: Tokens, kind: ProgramKind): boolean {
  return checkWithWebAssembly(tokens.kinds, STARTS.indexOf(kind));
}

/**
 * checkGrammar in this file's own loop. The value stack is kept as parallel arrays of extents (a
 * file has tens of thousands of tokens, and one object per shifted token and reduction was most
 * of the check's time); objects are built only for module bodies and for the few rules that check
 * their parts.
 */
export function checkGrammarInJavaScript(file: SourceFile, tokens: Tokens, kind: ProgramKind): void {
  const { actions, gotos, symbols, expected, start } = denseTables();
  // per rule (compiler/pact-tables.ts): its nonterminal, length, check and module-body shape
  const { lhs, length, check, moduleBody, endsInDef } = PACT_RULES;
  const fail = (msg: string, start: number, end: number): PactError => new PactError('parse', msg, new Span(file, start, end));
  // the state stack and, beside each state above the first, its value: extent (start -1 when
  // empty), token index (-1 for a reduction) and module-body info; `top` indexes the top state.
  // Typed arrays with a stack pointer, all plain locals of this loop (a closure pushing onto them
  // would make each a context variable, loaded and stored through memory on every step).
  let states: Int32Array = new Int32Array(256), starts: Int32Array = new Int32Array(256);
  let ends: Int32Array = new Int32Array(256), toks: Int32Array = new Int32Array(256);
  const bodies: (Value | null)[] = [];
  let top = 0;
  // rule i < STARTS.length is entry point i's start rule (compiler/grammar.ts)
  states[0] = start.get(STARTS.indexOf(kind))!;
  const { starts: tokenStarts, ends: tokenEnds, length: count } = tokens;
  let i = 0;
  let t = count > 0 ? terminalOf(tokens, 0) : EOF;
  for (;;) {
    const action = actions[states[top] * ACTION_WIDTH + t];
    const kind = action & 3;
    if (kind === 0) throw parseFailure(fail, expected[states[top]], tokens, i);
    if (kind === 3) return;
    let state: number, start: number, end: number, tok: number, body: Value | null = null;
    if (kind === 1) {
      state = action >> 2; start = tokenStarts[i]; end = tokenEnds[i]; tok = i;
      i++;
      t = i < count ? terminalOf(tokens, i) : EOF;
    } else {
      const ruleNo = action >> 2;
      const n = length[ruleNo], first = top - n + 1;
      // the extent of the non-empty parts
      start = -1; end = -1;
      for (let k = first; k <= top; k++) {
        if (starts[k] < 0) continue;
        if (start < 0) start = starts[k];
        end = ends[k];
      }
      const ruleCheck = check[ruleNo];
      if (ruleCheck || moduleBody[ruleNo]) {
        const parts: Value[] = [];
        for (let k = first; k <= top; k++) parts.push(bodies[k] ?? { start: starts[k], end: ends[k], token: toks[k] < 0 ? undefined : toks[k] });
        if (moduleBody[ruleNo]) body = moduleBodyOf(parts, endsInDef[ruleNo], start, end);
        if (ruleCheck) runCheck(ruleCheck, parts, tokens, fail);
      }
      top -= n;
      state = gotos[states[top] * symbols + lhs[ruleNo]]; tok = -1;
    }
    if (++top === states.length) {
      states = doubled(states); starts = doubled(starts); ends = doubled(ends); toks = doubled(toks);
    }
    states[top] = state; starts[top] = start; ends[top] = end; toks[top] = tok; bodies[top] = body;
  }
}

/** The grammar's part of the WebAssembly reader's memory (compiler/reader-abi.ts), as [address,
 *  bytes] pairs: written into the module by runtime/wasm/reader-module.ts at build time. */
export function grammarTables(): [number, Uint8Array][] {
  const { actions, gotos, symbols, start } = denseTables();
  const { lhs, length, check, moduleBody, endsInDef } = PACT_RULES;
  // Both tables narrowed to i16: an action is at most (states << 2 | 1), a goto a state's index or
  // -1; the goto table keeps only the nonterminals' columns (symbols from ACTION_WIDTH on), the
  // only ones a reduction reads, so a rule names its nonterminal by that column.
  const states = actions.length / ACTION_WIDTH, nonterminals = symbols - ACTION_WIDTH;
  if (states >= 1 << 13 || nonterminals > 255 || length.some(n => n > 255)) {
    throw new Error('grammar tables: a state, nonterminal or rule length outgrows the WebAssembly reader\'s table widths');
  }
  const narrowActions = new Int16Array(actions);
  const narrowGotos = new Int16Array(states * nonterminals);
  for (let s = 0; s < states; s++) narrowGotos.set(gotos.subarray(s * symbols + ACTION_WIDTH, (s + 1) * symbols), s * nonterminals);
  const codes: Record<RuleCheck, RuleCheckCode> = {
    atLeastOneDef: RuleCheckCode.AtLeastOneDef, primType: RuleCheckCode.PrimitiveType, objType: RuleCheckCode.TableType,
    decimal: RuleCheckCode.Decimal, modelDecimal: RuleCheckCode.Decimal,
  };
  const rules = new Uint8Array(4 * lhs.length);
  for (let r = 0; r < lhs.length; r++) {
    const ruleCheck = check[r];
    rules.set([lhs[r] - ACTION_WIDTH, length[r], ruleCheck ? codes[ruleCheck] : RuleCheckCode.None,
      (moduleBody[r] ? MODULE_BODY : 0) | (endsInDef[r] ? ENDS_IN_DEF : 0)], 4 * r);
  }
  const bytes = (a: Int32Array | Int16Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const gotosAt = ACTIONS_AT + narrowActions.byteLength;
  const rulesAt = (gotosAt + narrowGotos.byteLength + 3) & ~3;
  return [
    [KIND_TERMINALS_AT, Uint8Array.from(KIND_TERMINAL, t => (t < 0 ? 255 : t))],
    [KEYWORD_TERMINALS_AT, Uint8Array.from(KEYWORD_TERMINALS)],
    [ANNOTATION_TERMINALS_AT, Uint8Array.from(ANNOTATION_TERMINALS)],
    [PRIMITIVE_TYPES_AT, wordList([...PRIMITIVE_TYPES])],
    [TABLE_TYPES_AT, wordList(TABLE_TYPES)],
    [START_STATES_AT, bytes(Int32Array.from(STARTS, (_, i) => start.get(i)!))],
    [GRAMMAR_SHAPE_AT, bytes(Int32Array.of(ACTION_WIDTH, nonterminals, gotosAt, rulesAt, MAX_DECIMAL_PLACES))],
    [ACTIONS_AT, bytes(narrowActions)], [gotosAt, bytes(narrowGotos)], [rulesAt, rules],
  ];
}

function doubled(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The error Pact reports where no action applies: the expected tokens, or, where nothing more was
 *  expected (a complete program), the input left over. */
function parseFailure(fail: (m: string, s: number, e: number) => PactError, expected: number[], tokens: Tokens, at: number): PactError {
  if (expected.length > 0) {
    const msg = `Expected: ${listText(expected.map(t => TERMINALS[t]))}`;
    // at the end of the input Pact has no token to point at, and reports the start of the file
    return at < tokens.length ? fail(msg, tokens.starts[at], tokens.ends[at]) : fail(msg, 0, 0);
  }
  // listText shows ten, and needs to know whether there are more
  const rest = (from: number): string[] =>
    Array.from({ length: Math.min(tokens.length - from, 11) }, (_, k) => tokenText(tokens, from + k));
  const [start, end] = [tokens.starts[at], tokens.ends[at]];
  if (tokens.kinds[at] === Tok.RParen) return fail(`Too many closing parens, remaining tokens: ${listText(rest(at + 1))}`, start, end);
  return fail(`Unexpected input after expr, remaining tokens: ${listText(rest(at))}`, start, end);
}

/** A module body so far (ExtOrDefList): whether it has a def, and its first non-def. */
function moduleBodyOf(parts: Value[], isDef: boolean, start: number, end: number): Value {
  const [list, item] = parts.length === 2 ? parts : [null, parts[0]];
  return {
    start, end,
    hasDef: (list?.hasDef ?? false) || isDef,
    firstExt: list?.firstExt ?? (isDef ? null : item),
  };
}

function runCheck(check: RuleCheck, parts: Value[], tokens: Tokens, fail: (m: string, s: number, e: number) => PactError): void {
  const text = (v: Value) => tokens.value(v.token!);
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
      if (!TABLE_TYPES.includes(name)) throw fail(`No such type: ${name}`, parts[0].start, parts[0].end);
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
