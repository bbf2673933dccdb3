// White space as Haskell's Data.Char.isSpace sees it, which Pact's text handling uses (Text.strip,
// the runtime parsers' token white space): space, \t through \r, NBSP, and the Unicode space
// separators (category Zs). JavaScript's trim() and \s also take U+FEFF and the line and paragraph
// separators U+2028/U+2029, which are not space to Haskell.

export const SPACE_CLASS = ' \\t\\n\\r\\f\\v\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000';
const SPACE = new RegExp(`^[${SPACE_CLASS}]$`);
const EDGES = new RegExp(`^[${SPACE_CLASS}]+|[${SPACE_CLASS}]+$`, 'g');

/** Data.Char.isSpace of one character. */
export function isSpace(ch: string): boolean {
  return SPACE.test(ch);
}

/** Data.Text.strip: the text without the white space at either end. */
export function strip(text: string): string {
  return text.replace(EDGES, '');
}
