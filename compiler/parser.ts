// Tokens → syntax tree. Groups brackets, joins qualified names, dynamic names and decimals.
// read() runs it only on tokens Pact's grammar accepts (grammar-check.ts raises Pact's parse errors),
// so its own errors are a safety net for direct callers.

import { Tok, type Tokens } from './tokens.js';
import { SourceFile, Span } from '../vm/source.js';
import { DecNode, DynNode, IntNode, ListNode, NameNode, PunctNode, StrNode, WordNode, type Syntax } from './syntax.js';
import { PactError } from '../vm/errors.js';
import { PactDecimal } from '../vm/values.js';
import { MAX_SOURCE_NESTING, sourceTooDeep } from '../vm/limits.js';

const MAX_PLACES = 255;

const CLOSE_TEXT: Partial<Record<Tok, string>> = { [Tok.RParen]: ')', [Tok.RBrace]: '}', [Tok.RBracket]: ']' };

export function parse(file: SourceFile, tokens: Tokens): Syntax[] {
  const { kinds, starts, ends, length } = tokens;
  let i = 0;
  // The tree lives as long as its script, so it is built without slack: a form's items gather on
  // one shared stack and are copied out at the form's end at their exact length, and a name of one
  // part shares its parts array with every other use of that name in the file (trees are never
  // changed once parsed).
  const pending: Syntax[] = [];
  let pendingTop = 0; // the stack's height; slots above it are stale (overwritten, never truncated)
  const singleParts = new Map<string, string[]>();
  const span = (a: number, b: number) => new Span(file, a, b);
  const err = (msg: string, at: number) =>
    new PactError('parse', msg, at < length ? span(starts[at], ends[at]) : span(file.text.length, file.text.length));
  const kindAt = (at: number): number => (at < length ? kinds[at] : -1);
  const remaining = (): string => Array.from({ length: Math.min(5, length - i + 1) }, (_, k) => tokens.text(i - 1 + k)).join(', ');

  // every later stage recurses once per bracket: bound the nesting here, with a located error
  let depth = 0;

  function parseOne(): Syntax {
    const at = i++;
    const kind = kinds[at], start = starts[at];
    switch (kind) {
      case Tok.LParen: case Tok.LBracket: case Tok.LBrace: {
        if (depth >= MAX_SOURCE_NESTING) throw sourceTooDeep(span(start, ends[at]));
        // each opener's closer is the next kind (lexer.ts declares them in pairs)
        const close: Tok = kind + 1;
        const from = pendingTop;
        depth++;
        while (i < length && kinds[i] !== close) {
          const n = kinds[i];
          if (n === Tok.RParen || n === Tok.RBracket || n === Tok.RBrace) {
            throw err(`Expected: [${CLOSE_TEXT[close]}], got ${tokens.text(i)}`, i);
          }
          const item = parseOne(); // stacked only once made: its own items used the stack above
          pending[pendingTop++] = item;
        }
        depth--;
        if (i >= length) throw err(`Expected: [${CLOSE_TEXT[close]}], got end of input`, length);
        const items = pending.slice(from, pendingTop);
        pendingTop = from;
        return new ListNode(file, start, ends[i++], kind === Tok.LParen ? 'paren' : kind === Tok.LBracket ? 'bracket' : 'brace', items);
      }
      case Tok.Int: {
        // NUM '.' NUM is a decimal literal
        if (kindAt(i) === Tok.Dot && kindAt(i + 1) === Tok.Int && file.text.charCodeAt(starts[i + 1]) !== 45 /* - */) {
          const frac = tokens.value(i + 1), end = ends[i + 1];
          i += 2;
          if (frac.length > MAX_PLACES) {
            // located over the whole literal, as Pact's decimal rule combines its NUM spans
            throw new PactError('parse', `Precision overflow (>=255 decimal places):  ${frac.length} decimals`, span(start, end));
          }
          return new DecNode(file, start, end, decimalLiteral(tokens.value(at), frac));
        }
        return new IntNode(file, start, ends[at], integerLiteral(file.text, start, ends[at]));
      }
      case Tok.String: return new StrNode(file, start, ends[at], tokens.value(at), false);
      case Tok.Tick: return new StrNode(file, start, ends[at], tokens.value(at), true);
      case Tok.Keyword: return new WordNode(file, start, ends[at], 'keyword', tokens.value(at));
      case Tok.Annotation: return new WordNode(file, start, ends[at], 'annotation', tokens.value(at));
      case Tok.Colon: return new PunctNode(file, start, ends[at], ':');
      case Tok.BindAssign: return new PunctNode(file, start, ends[at], ':=');
      case Tok.Comma: return new PunctNode(file, start, ends[at], ',');
      case Tok.Ident: {
        if (kindAt(i) === Tok.DynAccess && kindAt(i + 1) === Tok.Ident) {
          const member = i + 1;
          i += 2;
          return new DynNode(file, start, ends[member], tokens.value(at), tokens.value(member));
        }
        const name = tokens.value(at);
        if (kindAt(i) !== Tok.Dot || kindAt(i + 1) !== Tok.Ident) {
          let parts = singleParts.get(name);
          if (!parts) singleParts.set(name, parts = [name]);
          return new NameNode(file, start, ends[at], parts);
        }
        // a qualified name: `.ident` once (just checked), then again up to three parts
        const parts = [name];
        let end: number;
        do {
          parts.push(tokens.value(i + 1));
          end = ends[i + 1];
          i += 2;
        } while (parts.length < 3 && kindAt(i) === Tok.Dot && kindAt(i + 1) === Tok.Ident);
        return new NameNode(file, start, end, parts);
      }
      case Tok.RParen: case Tok.RBracket: case Tok.RBrace:
        throw err(`Too many closing parens, remaining tokens: [${remaining()}]`, at);
      default:
        throw err(`Unexpected input after expr, remaining tokens: [${remaining()}]`, at);
    }
  }

  const out: Syntax[] = [];
  while (i < length) out.push(parseOne());
  return out;
}

/** An integer literal's value: a JS number while it is exact, a bigint past 2^53. Short digit
 *  runs are read in place, without cutting their text from the source. */
function integerLiteral(src: string, start: number, end: number): number | bigint {
  const negative = src.charCodeAt(start) === 45 /* - */;
  const first = negative ? start + 1 : start;
  if (end - first <= 15) {
    let n = 0;
    for (let k = first; k < end; k++) n = n * 10 + (src.charCodeAt(k) - 48);
    return negative ? -n : n; // `-0` gives -0, as Number('-0') does: emit.ts keeps it out of immediates
  }
  const text = src.slice(start, end);
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/** The digits of both parts, the sign with them, are the mantissa (`-0.5` is -5 at scale 1). */
function decimalLiteral(intPart: string, frac: string): PactDecimal {
  return new PactDecimal(BigInt(intPart + frac), frac.length);
}
