// Source files and spans. A span is a pair of offsets into its file; line and column numbers are
// computed only when something (an error, a test report, the gas log) needs them.

export class SourceFile {
  private lineStarts: number[] | null = null;
  /** whether the text holds a character outside the BMP (a UTF-16 surrogate pair) */
  private astral: boolean | null = null;
  /** the line of the last offset asked for */
  private lastLine = 0;
  constructor(readonly name: string, readonly text: string) {}

  /** 0-based line and column of an offset. The column counts characters (code points), as Pact's
   *  lexer does (LexUtils.hs alexGetByte: one column per Char), not UTF-16 units: an emoji earlier
   *  on the line is one column. Columns reach error locations and, through spans in the Pact IR,
   *  the stored module's encoding, whose size module-load gas charges. */
  position(offset: number): { line: number; col: number } {
    const starts = this.lineStarts ??= computeLineStarts(this.text);
    let lo = this.lastLine;
    // callers mostly ask for offsets on the line asked for last (a node's start, then its end)
    if (!(starts[lo] <= offset && (lo + 1 === starts.length || offset < starts[lo + 1]))) {
      lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
      }
      this.lastLine = lo;
    }
    let col = offset - starts[lo];
    if (this.astral ??= /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(this.text)) {
      for (let i = starts[lo] + 1; i < offset; i++) {
        const c = this.text.charCodeAt(i);
        if (c >= 0xDC00 && c <= 0xDFFF && isHighSurrogate(this.text.charCodeAt(i - 1))) col--;
      }
    }
    return { line: lo, col };
  }

  lineText(line: number): string {
    const starts = this.lineStarts ??= computeLineStarts(this.text);
    const s = starts[line] ?? this.text.length;
    const e = line + 1 < starts.length ? starts[line + 1] - 1 : this.text.length;
    return this.text.slice(s, e).replace(/\r$/, '');
  }
}

function isHighSurrogate(c: number): boolean { return c >= 0xD800 && c <= 0xDBFF; }

function computeLineStarts(text: string): number[] {
  // indexOf per line, not a test per character: this runs once per file, as cold code, where
  // a loop over every character of a large contract took milliseconds
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * What every span has and can do: a file and two offsets, and their positions. Span and the
 * parser's nodes (compiler/syntax.ts, each node its own span) extend it and set the three fields
 * in their own constructors: one constructor setting them for all those classes would see a
 * dozen shapes at its stores and run them all the slow way.
 */
export abstract class Spanning {
  abstract readonly file: SourceFile;
  abstract readonly start: number;
  abstract readonly end: number;

  get startPos() { return this.file.position(this.start); }
  get endPos() { return this.file.position(this.end); }

  /** Pact's `file:sl:sc-el:ec` with 0-based lines (trace output, test failures, gas log). */
  range(): string {
    const s = this.startPos, e = this.endPos;
    return `${this.file.name}:${s.line}:${s.col}-${e.line}:${e.col}`;
  }
}

export class Span extends Spanning {
  // declared, then assigned: class fields would be defined by an initializer, slower than stores
  declare readonly file: SourceFile;
  declare readonly start: number;
  declare readonly end: number;
  constructor(file: SourceFile, start: number, end: number) {
    super();
    this.file = file; this.start = start; this.end = end;
  }

  static join(a: Span, b: Span): Span {
    return new Span(a.file, Math.min(a.start, b.start), Math.max(a.end, b.end));
  }
}
