// Value → text, in Pact's two renderings: the REPL printer (`pretty`: lists with spaces, integral
// decimals as `x.0`) and `show`/`format` text (lists with `, `, decimals at their own scale).

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard,
  ModuleGuard, PactGuard, ModRef, CapToken, TableRef, isGuard, type Value,
} from '../../vm/values.js';
import { decPretty, decShow } from './numbers.js';
import { MAX_VALUE_NESTING, valueTooDeep } from '../../vm/limits.js';
import { formatIsoTime } from '../time/calendar.js';
import { formatTime } from '../time/directives.js';
import { PLACEHOLDER_HASH } from './json.js';
import { textLength } from './size.js';
import { cat, commaBraces, list, render as layout, renderFlat, spaced, text, type Doc } from './layout.js';

/** The REPL printer: top-level results, expect messages, error texts. Values holding a guard
 *  are laid out at width 80, where long guard records break across lines as in Pact. */
export function pretty(v: Value): string {
  return containsGuard(v, 0) ? layout(prettyDoc(v)) : render(v, true, 0);
}

/** Also the depth check of `prettyDoc`, which runs only on values this accepted. */
function containsGuard(v: Value, depth: number): boolean {
  if (isGuard(v)) return true;
  if (typeof v !== 'object') return false;
  if (depth > MAX_VALUE_NESTING) throw valueTooDeep();
  if (Array.isArray(v)) return v.some(x => containsGuard(x, depth + 1));
  if (v instanceof PactObject) { for (const x of v.fields.values()) if (containsGuard(x, depth + 1)) return true; }
  if (v instanceof CapToken) return v.args.some(x => containsGuard(x, depth + 1));
  return false;
}

/** The REPL rendering as a document: value lists and objects never break, guard records do. */
function prettyDoc(v: Value): Doc {
  if (Array.isArray(v)) {
    const items: Doc[] = [];
    v.forEach((x, i) => { if (i > 0) items.push(text(' ')); items.push(prettyDoc(x)); });
    return cat(text('['), ...items, text(']'));
  }
  if (v instanceof PactObject) {
    const items: Doc[] = [];
    v.sortedKeys().forEach((k, i) => {
      if (i > 0) items.push(text(','));
      items.push(text(`"${k}": `), prettyDoc(v.fields.get(k)!));
    });
    return cat(text('{'), ...items, text('}'));
  }
  return guardDoc(v, prettyDoc) ?? text(render(v, true, 0));
}

/** A guard record as a document, its arguments (user and capability guards) each by `arg`. */
function guardDoc(v: Value, arg: (x: Value) => Doc): Doc | null {
  if (v instanceof KeySetGuard) {
    return spaced(text('KeySet'), commaBraces([cat(text('keys: '), list(v.keys.map(text))), text(`pred: ${v.pred}`)]));
  }
  if (v instanceof UserGuard) {
    return spaced(text('UserGuard'), commaBraces([text(`fun: ${v.fun}`), cat(text('args: '), list(v.args.map(arg)))]));
  }
  if (v instanceof CapabilityGuard) {
    return spaced(text('CapabilityGuard'), commaBraces([text(`name: ${v.name}`),
      cat(text('args: '), list(v.args.map(arg))), text(`pactId: ${v.pactId ?? ''}`)]));
  }
  if (v instanceof ModuleGuard) return spaced(text('ModuleGuard'), commaBraces([text(`module: ${v.module}`), text(`name: ${v.name}`)]));
  if (v instanceof PactGuard) return spaced(text('PactGuard'), commaBraces([text(`pactId: ${v.pactId}`), text(`name: ${v.name}`)]));
  return null;
}

/**
 * A stack frame's argument as Pact prints it (AbbrevPretty, PactValue.hs and Literal.hs): a string
 * of 15 characters or more cut to 12 and `...`; an integer, a non-integral decimal, and the inside
 * of a list (its first 10 items, abbreviated, space-separated) or of an object cut to 12
 * characters and `...`, a table's name to 17; a time as `%Y-%m-%d %H:%M:%S%Q %Z`; guards and
 * capability tokens with their arguments abbreviated. A guard is laid out as `pretty` lays it out.
 */
export function abbreviated(v: Value): string {
  const guard = guardDoc(v, x => text(abbreviatedText(x)));
  return guard === null ? abbreviatedText(v) : layout(guard);
}

/** The abbreviation on one line. What Pact cuts is a compact rendering, whose first 12
 *  characters never reach a line break: every guard record starts with a longer name. */
function abbreviatedText(v: Value, depth = 0): string {
  switch (typeof v) {
    case 'string': return '"' + (textLength(v) < 15 ? v : take(v, 12) + '...') + '"';
    case 'number': case 'bigint': return cut(v.toString(), 12);
  }
  if (v instanceof PactDecimal) {
    const unit = 10n ** BigInt(v.places);
    return v.mantissa % unit === 0n ? `${v.mantissa / unit}.0` : cut(decPretty(v), 12);
  }
  if (Array.isArray(v)) {
    // only the first 12 characters of the inside show, and each level of nesting opens with a
    // bracket: past 13 levels the text is brackets whatever the list holds (and a value nested
    // thousands deep must not exhaust the JS stack while an error is printed)
    if (depth > 13) return '['.repeat(14);
    return '[' + cut(v.slice(0, 10).map(x => abbreviatedText(x, depth + 1)).join(' '), 12) + ']';
  }
  if (v instanceof PactObject) {
    // the values themselves in full
    return '{' + cut(v.sortedKeys().map(k => `"${k}": ${render(v.fields.get(k)!, true, 0)}`).join(','), 12) + '}';
  }
  if (v instanceof PactTime) return formatTime('%Y-%m-%d %H:%M:%S%Q %Z', v);
  if (v instanceof TableRef) return cut(v.name, 17);
  if (v instanceof CapToken) {
    // its defcap's fully qualified name applied to the arguments (the module's hash, or Pact's
    // placeholder while the module's constants are evaluated)
    return '(' + [`${v.name}.{${v.moduleHash ?? PLACEHOLDER_HASH}}`, ...v.args.map(abbreviatedText)].join(' ') + ')';
  }
  const guard = guardDoc(v, x => text(abbreviatedText(x)));
  return guard === null ? render(v, true, 0) : renderFlat(guard);
}

/** The first `n` characters (code points, as Haskell's Text counts them). */
function take(s: string, n: number): string {
  return Array.from(s).slice(0, n).join('');
}

/** Pact's prettyAbbrevText with lim = keep + 3: the text if it has at most `keep` characters,
 *  else its first `keep` and `...`. */
function cut(s: string, keep: number): string {
  return textLength(s) <= keep ? s : take(s, keep) + '...';
}

/** `show` and `format` text (natives.md §0.6). */
export function showText(v: Value): string {
  return render(v, false, 0);
}

function render(v: Value, repl: boolean, depth: number): string {
  switch (typeof v) {
    case 'number': case 'bigint': return v.toString();
    case 'string': return '"' + v + '"';
    case 'boolean': return v ? 'true' : 'false';
  }
  if (depth > MAX_VALUE_NESTING) throw valueTooDeep();
  if (v instanceof PactDecimal) return repl ? decPretty(v) : decShow(v);
  if (Array.isArray(v)) return '[' + v.map(x => render(x, repl, depth + 1)).join(repl ? ' ' : ', ') + ']';
  if (v instanceof PactObject) {
    return '{' + v.sortedKeys().map(k => `"${k}": ${render(v.fields.get(k)!, repl, depth + 1)}`).join(',') + '}';
  }
  if (v instanceof Unit) return '()';
  if (v instanceof PactTime) return '"' + formatIsoTime(v) + '"';
  return renderOther(v, repl, depth);
}

/** Inside guard records, lists print with `, ` in both renderings. */
function guardList(vs: Value[], repl: boolean, depth: number): string {
  return '[' + vs.map(x => render(x, repl, depth + 1)).join(', ') + ']';
}

function renderOther(v: Value, repl: boolean, depth: number): string {
  if (v instanceof KeySetGuard) return `KeySet {keys: [${v.keys.join(', ')}],pred: ${v.pred}}`;
  if (v instanceof KeySetRefGuard) return `'${v.name}`;
  if (v instanceof UserGuard) return `UserGuard {fun: ${v.fun},args: ${guardList(v.args, repl, depth)}}`;
  if (v instanceof CapabilityGuard) {
    return `CapabilityGuard {name: ${v.name},args: ${guardList(v.args, repl, depth)},pactId: ${v.pactId ?? ''}}`;
  }
  if (v instanceof ModuleGuard) return `ModuleGuard {module: ${v.module},name: ${v.name}}`;
  if (v instanceof PactGuard) return `PactGuard {pactId: ${v.pactId},name: ${v.name}}`;
  if (v instanceof ModRef) return v.module;
  if (v instanceof CapToken) return `CapToken(${capTokenText(v, repl, depth)})`;
  if (v instanceof TableRef) return v.name;
  return '<#closure>';
}

/** `m.C 1 "a"`: a capability token's inside, as errors print it in parentheses. */
export function capTokenText(t: CapToken, repl = true, depth = 0): string {
  return [t.name, ...t.args.map(a => render(a, repl, depth + 1))].join(' ');
}
