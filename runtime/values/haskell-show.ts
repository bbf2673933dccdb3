// Haskell's `show`, as Pact prints some of its own data: the gas log's arguments (GasArgs' derived
// Show) and `env-stackframe`'s frames (StackFrame's derived Show, values and all). Each function
// takes the precedence Haskell's `showsPrec` is called with: 11 in a constructor's argument
// (parenthesise an application or a negative number), 0 in a record field, list or tuple.

import { PactTime } from '../../vm/values.js';
import type { Span } from '../../vm/source.js';
import type { PactInt } from './numbers.js';
import { formatTime } from '../time/directives.js';
import { compareText, type FullyQualifiedName, type Guard, type HashBytes, type KSPredicate, type ModuleName,
  type PactValue, type QualifiedName, type Schema, type Type } from '../pact-ir/terms.js';
import { base64UrlEncode } from './base64url.js';

/** ASCII control characters' names, as GHC's `showLitChar` escapes them (`\SOH`, `\ESC`, …). */
const ASCII_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

/**
 * `show` of a Text or String: in double quotes, `"` and `\` escaped, control characters by name,
 * DEL and every code point past it as a decimal escape; `\&` separates an escape from a following
 * character that would extend it (a digit after a decimal escape, `H` after `\SO`).
 */
export function hsText(s: string): string {
  let out = '"';
  let pending: ((c: string) => boolean) | null = null;
  for (const c of s) {
    if (pending !== null && pending(c)) out += '\\&';
    pending = null;
    const code = c.codePointAt(0)!;
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (code > 127) { out += '\\' + code; pending = isDigit; }
    else if (code === 127) out += '\\DEL';
    else if (code >= 32) out += c;
    else {
      out += '\\' + ASCII_NAMES[code];
      if (code === 14) pending = d => d === 'H';
    }
  }
  return out + '"';
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/** An integer: negatives parenthesised in argument position. */
export function hsInt(n: PactInt, prec = 11): string {
  return n < 0 && prec > 6 ? `(${n})` : `${n}`;
}

/** A Decimal as Data.Decimal's `show` writes it, whatever the precedence (no parentheses): every
 *  place, trailing zeros too, at least one digit before the point (`Decimal 3 -5` is -0.005). */
export function hsDecimal(d: { mantissa: bigint; places: number }): string {
  const digits = (d.mantissa < 0n ? -d.mantissa : d.mantissa).toString();
  const sign = d.mantissa < 0n ? '-' : '';
  if (d.places === 0) return sign + digits;
  const padded = digits.padStart(d.places + 1, '0');
  const point = padded.length - d.places;
  return `${sign}${padded.slice(0, point)}.${padded.slice(point)}`;
}

/** `C a b`, parenthesised where an argument is expected. */
const app = (prec: number, text: string): string => (prec > 10 ? `(${text})` : text);
/** A record constructor `C {f = v, …}` (derived Show parenthesises it as an application). */
const record = (prec: number, name: string, fields: [string, string][]): string =>
  app(prec, `${name} {${fields.map(([f, v]) => `${f} = ${v}`).join(', ')}}`);
const maybe = (v: string | null, show: (x: string) => string): string => (v === null ? 'Nothing' : `Just ${show(v)}`);
const list = (items: string[]): string => `[${items.join(',')}]`;
/** Data.Set and Data.Map: `fromList [...]` in ascending order. */
const fromList = (prec: number, items: string[]): string => app(prec, `fromList ${list(items)}`);

export function hsModuleName(m: ModuleName, prec = 0): string {
  // NamespaceName's Show is Text's (newtype deriving)
  return record(prec, 'ModuleName', [['_mnName', hsText(m.name)], ['_mnNamespace', maybe(m.namespace, hsText)]]);
}

function qualifiedName(q: QualifiedName, prec: number): string {
  return record(prec, 'QualifiedName', [['_qnName', hsText(q.name)], ['_qnModName', hsModuleName(q.module)]]);
}

/** ModuleHash's record around Hash, whose Show is that of its unpadded base64url text. */
function moduleHash(hash: HashBytes, prec: number): string {
  return record(prec, 'ModuleHash', [['_mhHash', hsText(base64UrlEncode(hash))]]);
}

export function hsFullyQualifiedName(n: FullyQualifiedName, prec = 0): string {
  return record(prec, 'FullyQualifiedName', [['_fqModule', hsModuleName(n.module)], ['_fqName', hsText(n.name)], ['_fqHash', moduleHash(n.hash, 0)]]);
}

const PRIM_NAMES: Record<string, string> = {
  integer: 'PrimInt', decimal: 'PrimDecimal', bool: 'PrimBool', string: 'PrimString', guard: 'PrimGuard', time: 'PrimTime', unit: 'PrimUnit',
};

function type(t: Type, prec: number): string {
  switch (t.t) {
    case 'prim': return app(prec, `TyPrim ${PRIM_NAMES[t.prim]}`);
    case 'list': return app(prec, `TyList ${type(t.elem, 11)}`);
    case 'anyList': return 'TyAnyList';
    case 'modref': return app(prec, `TyModRef ${fromList(11, t.interfaces.map(m => hsModuleName(m)))}`);
    case 'object': return app(prec, `TyObject ${schema(t.schema, 11)}`);
    case 'anyObject': return 'TyAnyObject';
    case 'table': return app(prec, `TyTable ${schema(t.schema, 11)}`);
    case 'capToken': return 'TyCapToken';
    case 'any': return 'TyAny';
  }
}

const field = (f: string): string => `Field {_field = ${hsText(f)}}`;

function schema(s: Schema, prec: number): string {
  const fields = [...s.fields].sort((a, b) => compareText(a[0], b[0])).map(([f, t]) => `(${field(f)},${type(t, 0)})`);
  return record(prec, 'Schema', [['_scName', qualifiedName(s.name, 0)], ['_scFields', fromList(0, fields)]]);
}

function predicate(p: KSPredicate): string {
  switch (p.p) {
    case 'keys-all': return 'KeysAll';
    case 'keys-2': return 'Keys2';
    case 'keys-any': return 'KeysAny';
    case 'custom':
      // BareName's Show is Text's (newtype deriving)
      return 'qualified' in p.name
        ? `CustomPredicate (TQN ${qualifiedName(p.name.qualified, 11)})`
        : `CustomPredicate (TBN ${hsText(p.name.bare)})`;
  }
}

function guard(g: Guard, prec: number): string {
  const args = (xs: PactValue[]) => list(xs.map(x => hsPactValue(x, 0)));
  switch (g.g) {
    case 'keyset': {
      const keys = [...new Set(g.keys)].sort(compareText).map(k => `PublicKeyText {_pubKey = ${hsText(k)}}`);
      return app(prec, `GKeyset ${record(11, 'KeySet', [['_ksKeys', fromList(0, keys)], ['_ksPredFun', predicate(g.pred)]])}`);
    }
    case 'keysetRef':
      return app(prec, `GKeySetRef ${record(11, 'KeySetName', [['_keysetName', hsText(g.name.name)], ['_keysetNs', maybe(g.name.namespace, hsText)]])}`);
    case 'user':
      return app(prec, `GUserGuard ${record(11, 'UserGuard', [['_ugFunction', qualifiedName(g.fun, 0)], ['_ugArgs', args(g.args)]])}`);
    case 'capability':
      return app(prec, `GCapabilityGuard ${record(11, 'CapabilityGuard', [
        ['_cgName', qualifiedName(g.name, 0)], ['_cgArgs', args(g.args)], ['_cgPactId', maybe(g.pactId, hsText)]])}`);
    case 'module':
      return app(prec, `GModuleGuard ${record(11, 'ModuleGuard', [['_mgModule', hsModuleName(g.module)], ['_mgName', hsText(g.name)]])}`);
    case 'defpact':
      return app(prec, `GDefPactGuard ${record(11, 'DefPactGuard', [['_dpgDefPactId', hsText(g.pactId)], ['_dpgName', hsText(g.name)]])}`);
  }
}

/** A PactValue as its derived Show writes it (`PLiteral (LInteger 1)`, `PList [...]`, …). */
export function hsPactValue(v: PactValue, prec = 0): string {
  switch (v.v) {
    case 'literal': {
      const l = v.lit;
      const lit = l.l === 'string' ? `LString ${hsText(l.value)}`
        : l.l === 'integer' ? `LInteger ${hsInt(l.value)}`
        : l.l === 'decimal' ? `LDecimal ${hsDecimal(l)}`
        : l.l === 'bool' ? `LBool ${l.value ? 'True' : 'False'}`
        : 'LUnit';
      return app(prec, `PLiteral ${lit === 'LUnit' ? lit : `(${lit})`}`);
    }
    case 'list': return app(prec, `PList ${list(v.items.map(x => hsPactValue(x, 0)))}`);
    case 'guard': return app(prec, `PGuard ${guard(v.guard, 11)}`);
    case 'object': {
      const fields = [...v.fields].sort((a, b) => compareText(a[0], b[0])).map(([k, x]) => `(${field(k)},${hsPactValue(x, 0)})`);
      return app(prec, `PObject ${fromList(11, fields)}`);
    }
    case 'modref':
      return app(prec, `PModRef ${record(11, 'ModRef', [['_mrModule', hsModuleName(v.module)], ['_mrImplemented', fromList(0, v.implemented.map(m => hsModuleName(m)))]])}`);
    case 'capToken':
      return app(prec, `PCapToken ${record(11, 'CapToken', [['_ctName', hsFullyQualifiedName(v.name)], ['_ctArgs', list(v.args.map(x => hsPactValue(x, 0)))]])}`);
    case 'table': {
      const name = record(0, 'TableName', [['_tableName', hsText(v.name)], ['_tableModuleName', hsModuleName(v.module)]]);
      return app(prec, `PTable ${record(11, 'TableValue', [['_tvName', name], ['_tvHash', moduleHash(v.hash, 0)], ['_tvSchema', schema(v.schema, 0)]])}`);
    }
    // pact-time's Show of UTCTime formats, whatever the precedence
    case 'time': return app(prec, `PTime ${formatTime('%Y-%m-%d %H:%M:%S%Q %Z', new PactTime(v.micros))}`);
  }
}

/** Pact's StackFunctionType constructors by our function kinds. */
const FRAME_KINDS: Record<string, string> = { defun: 'SFDefun', defcap: 'SFDefcap', defpact: 'SFDefPact' };

/** A StackFrame record: the function's fully qualified name, its arguments, its kind and the
 *  FileLocSpanInfo of its application (0-based lines and columns). */
export function hsStackFrame(name: FullyQualifiedName, args: PactValue[], kind: string, span: Span | null): string {
  const at = span === null ? { file: '', sl: 0, sc: 0, el: 0, ec: 0 }
    : { file: span.file.name, sl: span.startPos.line, sc: span.startPos.col, el: span.endPos.line, ec: span.endPos.col };
  const spanInfo = record(0, 'SpanInfo', [['_liStartLine', `${at.sl}`], ['_liStartColumn', `${at.sc}`], ['_liEndLine', `${at.el}`], ['_liEndColumn', `${at.ec}`]]);
  const info = record(0, 'FileLocSpanInfo', [['_flsiFile', hsText(at.file)], ['_flsiSpan', spanInfo]]);
  return record(0, 'StackFrame', [
    ['_sfName', hsFullyQualifiedName(name)], ['_sfArgs', list(args.map(a => hsPactValue(a, 0)))],
    ['_sfFnType', FRAME_KINDS[kind]], ['_sfInfo', info],
  ]);
}
