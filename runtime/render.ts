// Value → text, in Pact's two renderings: the REPL printer (`pretty`: lists with spaces, integral
// decimals as `x.0`) and `show`/`format` text (lists with `, `, decimals at their own scale).

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard,
  ModuleGuard, PactGuard, ModRef, CapToken, TableRef, type Value,
} from '../vm/values.js';
import { decPretty, decShow } from './numbers.js';
import { formatIsoTime } from './time-format.js';

/** The REPL printer: top-level results, expect messages, error texts. */
export function pretty(v: Value): string {
  return render(v, true);
}

/** `show` and `format` text (natives.md §0.6). */
export function showText(v: Value): string {
  return render(v, false);
}

function render(v: Value, repl: boolean): string {
  switch (typeof v) {
    case 'number': case 'bigint': return v.toString();
    case 'string': return '"' + v + '"';
    case 'boolean': return v ? 'true' : 'false';
  }
  if (v instanceof PactDecimal) return repl ? decPretty(v) : decShow(v);
  if (Array.isArray(v)) return '[' + v.map(x => render(x, repl)).join(repl ? ' ' : ', ') + ']';
  if (v instanceof PactObject) {
    return '{' + v.sortedKeys().map(k => `"${k}": ${render(v.fields.get(k)!, repl)}`).join(',') + '}';
  }
  if (v instanceof Unit) return '()';
  if (v instanceof PactTime) return '"' + formatIsoTime(v) + '"';
  return renderOther(v, repl);
}

/** Inside guard records, lists print with `, ` in both renderings. */
function guardList(vs: Value[], repl: boolean): string {
  return '[' + vs.map(x => render(x, repl)).join(', ') + ']';
}

function renderOther(v: Value, repl: boolean): string {
  if (v instanceof KeySetGuard) return `KeySet {keys: [${v.keys.join(', ')}],pred: ${v.pred}}`;
  if (v instanceof KeySetRefGuard) return `'${v.name}`;
  if (v instanceof UserGuard) return `UserGuard {fun: ${v.fun},args: ${guardList(v.args, repl)}}`;
  if (v instanceof CapabilityGuard) {
    return `CapabilityGuard {name: ${v.name},args: ${guardList(v.args, repl)},pactId: ${v.pactId ?? ''}}`;
  }
  if (v instanceof ModuleGuard) return `ModuleGuard {module: ${v.module},name: ${v.name}}`;
  if (v instanceof PactGuard) return `PactGuard {pactId: ${v.pactId},name: ${v.name}}`;
  if (v instanceof ModRef) return v.module;
  if (v instanceof CapToken) return `CapToken(${capTokenText(v, repl)})`;
  if (v instanceof TableRef) return v.name;
  return '<#closure>';
}

/** `m.C 1 "a"`: a capability token's inside, as errors print it in parentheses. */
export function capTokenText(t: CapToken, repl = true): string {
  return [t.name, ...t.args.map(a => render(a, repl))].join(' ');
}
