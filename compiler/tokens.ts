// A file's tokens: their kinds, the keywords and annotations, and the compact form the parser and
// the grammar check read (compiler/lexer.ts makes it, by WebAssembly or by JavaScript).

import type { SourceFile } from '../vm/source.js';

export type TokenType =
  | 'keyword' | 'annotation' | 'int' | 'tick' | 'string'
  | 'lparen' | 'rparen' | 'lbrace' | 'rbrace' | 'lbracket' | 'rbracket'
  | 'comma' | 'dot' | 'bindAssign' | 'dynAccess' | 'colon' | 'ident';

/** A token's kind as the scanner stores it: a number, the index of its TokenType in TOKEN_TYPES.
 *  Each opening bracket comes just before its closing one (the parser relies on it). */
export enum Tok {
  Keyword, Annotation, Int, Tick, String, LParen, RParen, LBrace, RBrace, LBracket, RBracket,
  Comma, Dot, BindAssign, DynAccess, Colon, Ident,
}
export const TOKEN_TYPES: readonly TokenType[] = [
  'keyword', 'annotation', 'int', 'tick', 'string', 'lparen', 'rparen', 'lbrace', 'rbrace', 'lbracket', 'rbracket',
  'comma', 'dot', 'bindAssign', 'dynAccess', 'colon', 'ident',
];

/** One token as an object: what tokenize() gives (tests, the CLI's token dump). */
export interface Token {
  type: TokenType;
  /** identifier/keyword text, integer digits, string contents (escapes resolved), tick body */
  value: string;
  text: string;
  start: number;
  end: number;
}

/** The keywords and annotations, each known to the parser and grammar by its index here. */
export const KEYWORDS: readonly string[] = ['let*', 'let', 'defun', 'defcap', 'defconst', 'defschema', 'deftable', 'defpact',
  'interface', 'module', 'bless', 'implements', 'use', 'true', 'false', 'lambda',
  'step-with-rollback', 'step'];
export const ANNOTATIONS: readonly string[] = ['@doc', '@model', '@event', '@managed'];

/**
 * A file's tokens as parallel arrays (kind, extent, and a number whose meaning depends on the
 * kind) rather than an object per token: a large file has tens of thousands of tokens, which as
 * objects were a third of a compile's allocation and lived, copied by every scavenge, until the
 * parse was done. An identifier's or number's text is cut from the source only when asked for.
 */
export class Tokens {
  length = 0;
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  /** a keyword's index in KEYWORDS, an annotation's in ANNOTATIONS, a string's or tick's value's in `literals` */
  refs: Int32Array;
  private literals: string[] = [];

  constructor(readonly file: SourceFile, capacity: number) {
    this.kinds = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.refs = new Int32Array(capacity);
  }

  /** Tokens made whole elsewhere (by the WebAssembly reader, compiler/wasm-reader.ts): the arrays,
   *  each exactly as long as the tokens, and the literals their refs index, taken as they are. */
  static adopt(file: SourceFile, kinds: Uint8Array, starts: Int32Array, ends: Int32Array, refs: Int32Array, literals: string[]): Tokens {
    const tokens = new Tokens(file, 0);
    tokens.kinds = kinds; tokens.starts = starts; tokens.ends = ends; tokens.refs = refs;
    tokens.literals = literals;
    tokens.length = kinds.length;
    return tokens;
  }

  push(kind: Tok, start: number, end: number, ref = 0): void {
    const i = this.length++;
    if (i === this.kinds.length) this.grow();
    this.kinds[i] = kind; this.starts[i] = start; this.ends[i] = end; this.refs[i] = ref;
  }

  /** Add a token whose value is not its text (a string literal's contents, a tick's body). */
  pushLiteral(kind: Tok.String | Tok.Tick, start: number, end: number, value: string): void {
    this.push(kind, start, end, this.literals.length);
    this.literals.push(value);
  }

  type(i: number): TokenType { return TOKEN_TYPES[this.kinds[i]]; }

  /** What the token means: a keyword's or annotation's own spelling (even when written with
   *  look-alike characters), a literal's contents, any other token's text. */
  value(i: number): string {
    switch (this.kinds[i]) {
      case Tok.Keyword: return KEYWORDS[this.refs[i]];
      case Tok.Annotation: return ANNOTATIONS[this.refs[i]];
      case Tok.String: case Tok.Tick: return this.literals[this.refs[i]];
      default: return this.text(i);
    }
  }

  text(i: number): string { return this.file.text.slice(this.starts[i], this.ends[i]); }

  token(i: number): Token {
    return { type: this.type(i), value: this.value(i), text: this.text(i), start: this.starts[i], end: this.ends[i] };
  }

  toArray(): Token[] { return Array.from({ length: this.length }, (_, i) => this.token(i)); }

  private grow(): void {
    const cap = Math.max(64, this.kinds.length * 2);
    const widen = <A extends Uint8Array | Int32Array>(a: A, b: A): A => { b.set(a); return b; };
    this.kinds = widen(this.kinds, new Uint8Array(cap));
    this.starts = widen(this.starts, new Int32Array(cap));
    this.ends = widen(this.ends, new Int32Array(cap));
    this.refs = widen(this.refs, new Int32Array(cap));
  }
}
