// Pact's name syntax as its Names.hs parsers read text (identParser and the module, qualified and
// parsed-type-name parsers built on it): what env-data's decoder and keyset predicates accept.

/** identParser: a letter or special character, then letters, digits and specials. */
const IDENT = '[\\p{L}%#+\\-_&$@<>=^?*!|/~][\\p{L}0-9%#+\\-_&$@<>=^?*!|/~]*';
const MODULE_NAME = new RegExp(`^${IDENT}(?:\\.${IDENT})?$`, 'u');
const QUALIFIED_NAME = new RegExp(`^${IDENT}\\.${IDENT}(?:\\.${IDENT})?$`, 'u');
const PARSED_TY_NAME = new RegExp(`^${IDENT}(?:\\.${IDENT}){0,2}$`, 'u');
/** `[ns.]mod.name.{hash}`: the name in group 1, the hash (letters, digits, `-`, `_`) in group 2 */
export const FULLY_QUALIFIED_NAME = new RegExp(`^(${IDENT}\\.${IDENT}(?:\\.${IDENT})?)\\.\\{([\\p{L}\\p{N}_-]+)\\}$`, 'u');

/** `ns.m.f` → [`ns.m`, `f`]: a member's module and its own name (a bare name has module ''). */
export function splitMember(qualified: string): [string, string] {
  const dot = qualified.lastIndexOf('.');
  return [dot < 0 ? '' : qualified.slice(0, dot), qualified.slice(dot + 1)];
}

/** `mod` or `ns.mod` */
export const isModuleName = (s: string): boolean => MODULE_NAME.test(s);
/** `mod.name` or `ns.mod.name` */
export const isQualifiedName = (s: string): boolean => QUALIFIED_NAME.test(s);
/** a bare or qualified name: 1 to 3 identifiers (custom keyset predicates) */
export const isParsedTyName = (s: string): boolean => PARSED_TY_NAME.test(s);
