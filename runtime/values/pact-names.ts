// Pact's name syntax as its Names.hs parsers read text (identParser and the module, qualified and
// parsed-type-name parsers built on it): what env-data's decoder and keyset predicates accept.

/** identParser: a letter or special character, then letters, digits and specials. `letter` is the
 *  class of letters: any Unicode letter, or for ASCII text just a–z and A–Z. */
const ident = (letter: string): string => `[${letter}%#+\\-_&$@<>=^?*!|/~][${letter}0-9%#+\\-_&$@<>=^?*!|/~]*`;

/**
 * A test of a name shape made of identifiers (`shape` places IDENT). Nearly every name is ASCII,
 * and an ASCII-only regex decides those: V8 compiles a regex with a Unicode letter class to
 * thousands of ranges, milliseconds of a script's start, and only text with other characters
 * needs it (built on first use).
 */
function nameTest(shape: (ident: string) => string): (s: string) => boolean {
  const ascii = new RegExp(`^${shape(ident('A-Za-z'))}$`);
  let unicode: RegExp | undefined;
  return s => (/^[\x00-\x7f]*$/.test(s) ? ascii : (unicode ??= new RegExp(`^${shape(ident('\\p{L}'))}$`, 'u'))).test(s);
}

/** `[ns.]mod.name.{hash}`: the name in group 1, the hash (letters, digits, `-`, `_`) in group 2 */
export const FULLY_QUALIFIED_NAME = new RegExp(`^(${ident('\\p{L}')}\\.${ident('\\p{L}')}(?:\\.${ident('\\p{L}')})?)\\.\\{([\\p{L}\\p{N}_-]+)\\}$`, 'u');

/** `ns.m.f` → [`ns.m`, `f`]: a member's module and its own name (a bare name has module ''). */
export function splitMember(qualified: string): [string, string] {
  const dot = qualified.lastIndexOf('.');
  return [dot < 0 ? '' : qualified.slice(0, dot), qualified.slice(dot + 1)];
}

/** `mod` or `ns.mod` */
export const isModuleName = nameTest(i => `${i}(?:\\.${i})?`);
/** `mod.name` or `ns.mod.name` */
export const isQualifiedName = nameTest(i => `${i}\\.${i}(?:\\.${i})?`);
/** a bare or qualified name: 1 to 3 identifiers (custom keyset predicates) */
export const isParsedTyName = nameTest(i => `${i}(?:\\.${i}){0,2}`);
