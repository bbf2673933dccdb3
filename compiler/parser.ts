// Tokens → syntax tree. Groups brackets, joins qualified names, dynamic names and decimals.
// read() runs it only on tokens Pact's grammar accepts (grammar-check.ts raises Pact's parse errors),
// so its own errors are a safety net for direct callers.

import type { Token } from './lexer.js';
import { SourceFile, Span } from '../vm/source.js';
import type { Syntax } from './syntax.js';
import { PactError } from '../vm/errors.js';
import { PactDecimal } from '../vm/values.js';
import { MAX_SOURCE_NESTING, sourceTooDeep } from '../vm/limits.js';

const MAX_PLACES = 255;

const CLOSER: Record<string, string> = { lparen: 'rparen', lbracket: 'rbracket', lbrace: 'rbrace' };
const CLOSE_TEXT: Record<string, string> = { rparen: ')', rbracket: ']', rbrace: '}' };

export function parse(file: SourceFile, tokens: Token[]): Syntax[] {
  let i = 0;
  // The tree lives as long as its script, so it is built without slack: a form's items gather on
  // one shared stack and are copied out at the form's end at their exact length, and a name of one
  // part shares its parts array with every other use of that name in the file (trees are never
  // changed once parsed).
  const pending: Syntax[] = [];
  const singleParts = new Map<string, string[]>();
  const span = (a: number, b: number) => new Span(file, a, b);
  const err = (msg: string, t: Token | undefined) =>
    new PactError('parse', msg, t ? span(t.start, t.end) : span(file.text.length, file.text.length));

  // every later stage recurses once per bracket: bound the nesting here, with a located error
  let depth = 0;

  function parseOne(): Syntax {
    const t = tokens[i++];
    switch (t.type) {
      case 'lparen': case 'lbracket': case 'lbrace': {
        if (depth >= MAX_SOURCE_NESTING) throw sourceTooDeep(span(t.start, t.end));
        const close = CLOSER[t.type];
        const from = pending.length;
        depth++;
        while (i < tokens.length && tokens[i].type !== close) {
          const n = tokens[i];
          if (n.type === 'rparen' || n.type === 'rbracket' || n.type === 'rbrace') {
            throw err(`Expected: [${CLOSE_TEXT[close]}], got ${n.text}`, n);
          }
          pending.push(parseOne());
        }
        depth--;
        if (i >= tokens.length) throw err(`Expected: [${CLOSE_TEXT[close]}], got end of input`, undefined);
        const items = pending.slice(from);
        pending.length = from;
        const end = tokens[i++].end;
        const s = span(t.start, end);
        return t.type === 'lparen' ? { t: 'paren', items, span: s }
          : t.type === 'lbracket' ? { t: 'bracket', items, span: s } : { t: 'brace', items, span: s };
      }
      case 'int': {
        // NUM '.' NUM is a decimal literal
        if (tokens[i]?.type === 'dot' && tokens[i + 1]?.type === 'int' && !tokens[i + 1].value.startsWith('-')) {
          const frac = tokens[i + 1];
          i += 2;
          if (frac.value.length > MAX_PLACES) {
            // located over the whole literal, as Pact's decimal rule combines its NUM spans
            throw new PactError('parse', `Precision overflow (>=255 decimal places):  ${frac.value.length} decimals`, span(t.start, frac.end));
          }
          return { t: 'dec', value: decimalLiteral(t.value, frac.value), span: span(t.start, frac.end) };
        }
        const n = Number(t.value);
        return { t: 'int', value: Number.isSafeInteger(n) ? n : BigInt(t.value), span: span(t.start, t.end) };
      }
      case 'string': return { t: 'str', value: t.value, tick: false, span: span(t.start, t.end) };
      case 'tick': return { t: 'str', value: t.value, tick: true, span: span(t.start, t.end) };
      case 'keyword': return { t: 'keyword', name: t.value, span: span(t.start, t.end) };
      case 'annotation': return { t: 'annotation', name: t.value, span: span(t.start, t.end) };
      case 'colon': return { t: 'punct', p: ':', span: span(t.start, t.end) };
      case 'bindAssign': return { t: 'punct', p: ':=', span: span(t.start, t.end) };
      case 'comma': return { t: 'punct', p: ',', span: span(t.start, t.end) };
      case 'ident': {
        if (tokens[i]?.type === 'dynAccess' && tokens[i + 1]?.type === 'ident') {
          const m = tokens[i + 1];
          i += 2;
          return { t: 'dyn', ref: t.value, member: m.value, span: span(t.start, m.end) };
        }
        if (tokens[i]?.type !== 'dot' || tokens[i + 1]?.type !== 'ident') {
          let parts = singleParts.get(t.value);
          if (!parts) singleParts.set(t.value, parts = [t.value]);
          return { t: 'name', parts, span: span(t.start, t.end) };
        }
        // a qualified name: `.ident` once (just checked), then again up to three parts
        const parts = [t.value];
        let end: number;
        do {
          parts.push(tokens[i + 1].value);
          end = tokens[i + 1].end;
          i += 2;
        } while (parts.length < 3 && tokens[i]?.type === 'dot' && tokens[i + 1]?.type === 'ident');
        return { t: 'name', parts, span: span(t.start, end) };
      }
      case 'rparen': case 'rbracket': case 'rbrace':
        throw err(`Too many closing parens, remaining tokens: [${tokens.slice(i - 1, i + 4).map(x => x.text).join(', ')}]`, t);
      default:
        throw err(`Unexpected input after expr, remaining tokens: [${tokens.slice(i - 1, i + 4).map(x => x.text).join(', ')}]`, t);
    }
  }

  const out: Syntax[] = [];
  while (i < tokens.length) out.push(parseOne());
  return out;
}

/** The digits of both parts, the sign with them, are the mantissa (`-0.5` is -5 at scale 1). */
function decimalLiteral(intPart: string, frac: string): PactDecimal {
  return new PactDecimal(BigInt(intPart + frac), frac.length);
}
