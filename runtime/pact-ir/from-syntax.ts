// Our syntax tree → Pact's desugared (not yet renamed) module IR, following Pact's Parser.y and
// Desugar.hs: special forms, arity overloads, eta-expansion for `map`, binding forms, cond, and
// the def forms with their docs, models and defcap metas skipped the way Pact's grammar does.

import type { Syntax } from '../../compiler/syntax.js';
import type { Span } from '../../vm/source.js';
import { desugarError as fail, syntaxFailure } from '../../compiler/errors.js';
import { PactError } from '../../vm/errors.js';
import { base64UrlDecode } from '../values/base64url.js';
import { builtinNamed, core, repl } from './builtins.js';
import type { Builtin, Info, Literal, ModuleName, PrimType, SpanInfo } from './terms.js';
import type {
  PArg, PCapMeta, PDef, PForm, PIfDef, PImport, PInterface, PModule, PStep, PTerm, PType, ParsedName, ParsedTyName,
} from './parsed.js';

// Node makers. Unoptimized code (this file runs once over each module, cold) makes a literal
// nested in another literal through V8's runtime, at about twice the cost of two literals made
// apart: so each node here is a literal of its own, its parts made first.
const constTerm = (lit: Literal, info: Info): PTerm => ({ t: 'const', lit, info });
const varTerm = (name: ParsedName, info: Info): PTerm => ({ t: 'var', name, info });
const bare = (name: string): ParsedName => ({ n: 'bare', name });
const builtinTerm = (builtin: Builtin, info: Info): PTerm => ({ t: 'builtin', builtin, info });
const formTerm = (form: PForm, info: Info): PTerm => ({ t: 'form', form, info });
const appTerm = (fn: PTerm, args: PTerm[], info: Info): PTerm => ({ t: 'app', fn, args, info });
const integerLit = (value: bigint): Literal => ({ l: 'integer', value });
const stringLit = (value: string): Literal => ({ l: 'string', value });

export function spanInfo(span: Span): Info {
  return new LazySpanInfo(span);
}

/** The source span an info was made from (none for infos made elsewhere). */
export function infoSpan(info: Info): Span | undefined {
  return info instanceof LazySpanInfo ? info.span : undefined;
}

/**
 * A term's span as Pact's SpanInfo, its lines and columns worked out when first read: every IR
 * node has one, but only a stored module's encoding and type-check reports read them (sizes count
 * an info as 21 bytes, hashes erase it), so most are never looked up.
 */
class LazySpanInfo implements SpanInfo {
  private start: { line: number; col: number } | null = null;
  private end: { line: number; col: number } | null = null;
  constructor(readonly span: Span) {}
  get startLine(): number { return (this.start ??= this.span.startPos).line; }
  get startCol(): number { return (this.start ??= this.span.startPos).col; }
  get endLine(): number { return (this.end ??= this.span.endPos).line; }
  get endCol(): number { return (this.end ??= this.span.endPos).col; }
}


const isPunct = (s: Syntax | undefined, p: string): boolean => s?.t === 'punct' && s.p === p;
const bareName = (s: Syntax | undefined): string | undefined =>
  s?.t === 'name' && s.parts.length === 1 ? s.parts[0] : undefined;

/** `a` / `ns.a` as written in `use`, `implements`, `module{…}`. */
function modQual(s: Syntax | undefined): ModuleName | undefined {
  if (s?.t !== 'name' || s.parts.length > 2) return undefined;
  return s.parts.length === 1 ? { name: s.parts[0], namespace: null } : { name: s.parts[1], namespace: s.parts[0] };
}

function parsedName(parts: string[]): ParsedName {
  if (parts.length === 1) return bare(parts[0]);
  const module: ModuleName = parts.length === 2 ? { name: parts[0], namespace: null } : { name: parts[1], namespace: parts[0] };
  const q = { name: parts[parts.length - 1], module };
  return { n: 'qualified', q };
}

function tyName(s: Syntax): ParsedTyName {
  if (s.t !== 'name') throw fail('Expected: schema name', s.span);
  const p = parsedName(s.parts);
  if (p.n === 'bare') return { bare: p.name };
  if (p.n === 'qualified') return { qualified: p.q };
  throw fail('Expected: schema name', s.span);
}

const PRIMS: Record<string, PType> = {
  integer: { t: 'prim', prim: 'integer' }, decimal: { t: 'prim', prim: 'decimal' }, bool: { t: 'prim', prim: 'bool' },
  string: { t: 'prim', prim: 'string' }, time: { t: 'prim', prim: 'time' }, unit: { t: 'prim', prim: 'unit' },
  guard: { t: 'prim', prim: 'guard' }, keyset: { t: 'prim', prim: 'guard' as PrimType },
  list: { t: 'anyList' }, object: { t: 'anyObject' },
};

/** A type annotation starting at items[i] (Parser.y `Type`). */
function parseType(items: Syntax[], i: number): { type: PType; next: number } {
  const s = items[i];
  if (!s) throw fail('Expected: type', items[i - 1]?.span ?? items[0].span);
  if (s.t === 'bracket') return { type: { t: 'list', elem: parseType(s.items, 0).type }, next: i + 1 };
  if (s.t === 'keyword' && s.name === 'module' && items[i + 1]?.t === 'brace') {
    const b = items[i + 1] as Syntax & { t: 'brace' };
    const ifaces = b.items.filter(x => !isPunct(x, ',')).map(x => {
      const m = modQual(x);
      if (!m) throw fail('Expected: interface name', x.span);
      return m;
    });
    return { type: { t: 'modref', interfaces: ifaces }, next: i + 2 };
  }
  const n = bareName(s);
  if (n !== undefined) {
    const b = items[i + 1];
    if (b?.t === 'brace' && (n === 'object' || n === 'table')) {
      if (b.items.length !== 1) throw fail('Expected: schema name', b.span);
      return { type: { t: n, schema: tyName(b.items[0]) }, next: i + 2 };
    }
    const p = PRIMS[n];
    if (p) return { type: p, next: i + 1 };
    throw new PactError('parse', `No such type: ${n}`, s.span);
  }
  throw fail('Expected: type', s.span);
}

/** `name[:type]` pairs (MArgs, lambda args). */
function parseArgs(items: Syntax[]): PArg[] {
  const out: PArg[] = [];
  for (let i = 0; i < items.length;) {
    const n = bareName(items[i]);
    if (n === undefined) throw fail('Expected: argument name', items[i].span);
    const info = spanInfo(items[i].span);
    i++;
    let type: PType | null = null;
    if (isPunct(items[i], ':')) { const r = parseType(items, i + 1); type = r.type; i = r.next; }
    out.push({ name: n, type, info });
  }
  return out;
}

/** Pact's `nelToSequence`: `a; b; c` as `Sequence a (Sequence b c)`. */
function sequence(items: PTerm[], info: Info): PTerm {
  let t = items[items.length - 1];
  for (let i = items.length - 2; i >= 0; i--) t = { t: 'seq', first: items[i], then: t, info };
  return t;
}

/** What desugaring needs to know besides the syntax. */
export interface DesugarOptions {
  /** resolve REPL-only natives (true for .repl files) */
  replNatives: boolean;
  /** the DisablePact53 execution flag: `error` and `pure` are then ordinary names, not special
   *  forms (Desugar.hs forkedToSpecialForm) */
  disablePact53?: boolean;
}

export class SyntaxDesugarer {
  constructor(private opts: DesugarOptions) {}

  // ---------------------------------------------------------------------------- expressions

  expr(s: Syntax): PTerm {
    const info = spanInfo(s.span);
    switch (s.t) {
      case 'int': return constTerm(integerLit(BigInt(s.value)), info);
      case 'dec': {
        const lit: Literal = { l: 'decimal', places: s.value.places, mantissa: s.value.mantissa };
        return constTerm(lit, info);
      }
      case 'str': return constTerm(stringLit(s.value), info);
      case 'keyword':
        if (s.name === 'true' || s.name === 'false') {
          const lit: Literal = { l: 'bool', value: s.name === 'true' };
          return constTerm(lit, info);
        }
        throw fail(`Expected: expression, got keyword ${s.name}`, s.span);
      case 'name':
        return s.parts.length === 1 ? this.bareVar(s.parts[0], info) : varTerm(parsedName(s.parts), info);
      case 'dyn': {
        const name: ParsedName = { n: 'dynamic', ref: s.ref, member: s.member };
        return varTerm(name, info);
      }
      case 'bracket':
        return { t: 'list', items: s.items.filter(x => !isPunct(x, ',')).map(x => this.expr(x)), info };
      case 'brace': return this.object(s.items, info, s.span);
      case 'paren':
        if (s.items.length === 0) {
          const lit: Literal = { l: 'unit' };
          return constTerm(lit, info);
        }
        return this.form(s.items, info, s.span);
      default: throw fail('Expected: expression', s.span);
    }
  }

  /** A bare identifier in term position (Desugar.hs `Lisp.Var (BN n)`): natives first. */
  private bareVar(n: string, info: Info): PTerm {
    const b = builtinNamed(n, this.opts.replNatives);
    if (b) return builtinTerm(b, info);
    if (n === 'constantly') {
      const a1: PArg = { name: '#constantlyA1', type: null, info }, a2: PArg = { name: '#constantlyA2', type: null, info };
      const args = [a1, a2], body = varTerm(bare('#constantlyA1'), info);
      return { t: 'lam', args, body, info };
    }
    if (n === 'CHARSET_ASCII') return constTerm(integerLit(0n), info);
    if (n === 'CHARSET_LATIN1') return constTerm(integerLit(1n), info);
    return varTerm(bare(n), info);
  }

  private object(items: Syntax[], info: Info, span: Span): PTerm {
    const fields: [string, PTerm][] = [];
    for (let i = 0; i < items.length;) {
      const k = items[i], v = items[i + 2];
      if (k?.t !== 'str' || !isPunct(items[i + 1], ':') || !v) throw fail('Expected: object field "key": value', k?.span ?? span);
      fields.push([k.value, this.expr(v)]);
      i += 3;
      if (isPunct(items[i], ',')) i++;
    }
    return { t: 'object', fields, info };
  }

  private form(items: Syntax[], info: Info, span: Span): PTerm {
    const head = items[0];
    const rest = items.slice(1);
    if (head.t === 'keyword') {
      if (head.name === 'lambda') return this.lambda(rest, info, span);
      if (head.name === 'let' || head.name === 'let*') return this.let(rest, info, span);
      throw fail(`Expected: expression, got keyword ${head.name}`, head.span);
    }
    const n = bareName(head);
    if (n !== undefined) return this.special(n, spanInfo(head.span), rest, info, span);
    return this.applyTo(this.expr(head), this.appArgs(rest, info), info);
  }

  /** Application arguments; a binding form swallows the arguments after it as its body. */
  private appArgs(items: Syntax[], info: Info): PTerm[] {
    const out: PTerm[] = [];
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      if (it.t === 'brace' && it.items.some(x => isPunct(x, ':='))) {
        out.push(this.binding(it, items.slice(i + 1), info));
        return out;
      }
      out.push(this.expr(it));
    }
    return out;
  }

  /** `{ "a" := x, … } body…` → `(lambda (#bindObject) (let ((x (at "a" #bindObject))) … body))`. */
  private binding(brace: Syntax & { t: 'brace' }, bodySyn: Syntax[], info: Info): PTerm {
    if (bodySyn.length === 0) throw fail('Bind expression lacks an accompanying body', brace.span);
    const pairs: { field: string; arg: PArg }[] = [];
    const it = brace.items;
    for (let i = 0; i < it.length;) {
      const f = it[i], v = it[i + 2];
      const n = bareName(v);
      if (f?.t !== 'str' || !isPunct(it[i + 1], ':=') || n === undefined) throw fail('Expected: binding "field" := name', (f ?? brace).span);
      const argInfo = spanInfo(v!.span);
      i += 3;
      let type: PType | null = null;
      if (isPunct(it[i], ':')) { const r = parseType(it, i + 1); type = r.type; i = r.next; }
      const arg: PArg = { name: n, type, info: argInfo };
      pairs.push({ field: f.value, arg });
      if (isPunct(it[i], ',')) i++;
    }
    let body = sequence(bodySyn.map(b => this.expr(b)), info);
    const obj = varTerm(bare('#bindObject'), info);
    // Pact's grammar collects the pairs in reverse (BindPairs is left-recursive and never
    // reversed; only object literals were fixed, pact-5#260), so the last pair is the outer let.
    for (let i = 0; i < pairs.length; i++) {
      const field = constTerm(stringLit(pairs[i].field), info);
      const access = appTerm(builtinTerm(core('at'), info), [field, obj], info);
      body = { t: 'let', arg: pairs[i].arg, value: access, body, info };
    }
    const arg: PArg = { name: '#bindObject', type: null, info };
    const args = [arg];
    return { t: 'lam', args, body, info };
  }

  private lambda(rest: Syntax[], info: Info, span: Span): PTerm {
    const params = rest[0];
    if (params?.t !== 'paren' || rest.length < 2) throw fail('Expected: lambda argument list and body', span);
    const args = parseArgs(params.items);
    const body = sequence(rest.slice(1).map(b => this.expr(b)), info);
    return args.length === 0 ? { t: 'nullary', body, info } : { t: 'lam', args, body, info };
  }

  /** `let` and `let*` alike: nested single lets; each binder's Arg carries the let's info. */
  private let(rest: Syntax[], info: Info, span: Span): PTerm {
    const bindings = rest[0];
    if (bindings?.t !== 'paren' || bindings.items.length === 0 || rest.length < 2) throw fail('Expected: let bindings and body', span);
    const binders = bindings.items.map(b => {
      const n = b.t === 'paren' ? bareName(b.items[0]) : undefined;
      if (b.t !== 'paren' || n === undefined) throw fail('Expected: (name value) binding', b.span);
      let type: PType | null = null, i = 1;
      if (isPunct(b.items[1], ':')) { const r = parseType(b.items, 2); type = r.type; i = r.next; }
      if (i !== b.items.length - 1) throw fail('Expected: (name value) binding', b.span);
      const arg: PArg = { name: n, type, info };
      return { arg, value: b.items[i] };
    });
    let body = sequence(rest.slice(1).map(b => this.expr(b)), info);
    for (let i = binders.length - 1; i >= 0; i--) {
      body = { t: 'let', arg: binders[i].arg, value: this.expr(binders[i].value), body, info };
    }
    return body;
  }

  /** Applying a desugared head: natives resolve their arity overloads (desugarAppArity). */
  private applyTo(fn: PTerm, args: PTerm[], info: Info): PTerm {
    if (fn.t !== 'builtin') return appTerm(fn, args, info);
    return this.appArity(fn.builtin, args, info);
  }

  private appArity(b: Builtin, args: PTerm[], info: Info): PTerm {
    const app = (name: Builtin, as: PTerm[]): PTerm => appTerm(builtinTerm(name, info), as, info);
    const n = args.length;
    if (b.k === 'core') {
      const to = CORE_ARITY.get(b.tag)?.get(n);
      if (to !== undefined) return app(to, args);
      if (b.tag === POSEIDON_HACK.tag) {
        const list: PTerm = { t: 'list', items: args, info };
        return app(b, [list]);
      }
      return app(b, args);
    }
    const is = (name: Builtin) => b.tag === name.tag;
    const suspend = (t: PTerm): PTerm => ({ t: 'nullary', body: t, info: t.info });
    if (is(EXPECT) && n === 3 && args[2].t !== 'nullary') return app(b, [args[0], suspend(args[1]), suspend(args[2])]);
    if (is(EXPECT_FAILURE) && n === 2 && args[1].t !== 'nullary') return app(b, [args[0], suspend(args[1])]);
    if (is(EXPECT_FAILURE) && n === 3 && args[1].t !== 'nullary') return app(EXPECT_FAILURE_MATCH, [args[0], args[1], suspend(args[2])]);
    const to = REPL_ARITY.get(b.tag)?.get(n);
    return app(to ?? b, args);
  }

  /** Desugar.hs `desugarSpecial`: head-position special forms, else an ordinary application. */
  private special(n: string, headInfo: Info, args: Syntax[], info: Info, span: Span): PTerm {
    const two = (f: 'and' | 'or' | 'enforce'): PTerm => {
      if (args.length === 2) return formTerm({ f, a: this.expr(args[0]), b: this.expr(args[1]) }, info);
      // any other arity: apply the 2-argument lambda over the form
      const bool: PType = { t: 'prim', prim: 'bool' };
      const a1: PArg = { name: '#condArg1', type: bool, info: headInfo };
      const a2: PArg = { name: '#condArg2', type: bool, info: headInfo };
      const v = (x: string): PTerm => varTerm(bare(x), headInfo);
      const lamArgs = [a1, a2], body = formTerm({ f, a: v('#condArg1'), b: v('#condArg2') }, headInfo);
      const lam: PTerm = { t: 'lam', args: lamArgs, body, info: headInfo };
      return appTerm(lam, args.map(a => this.expr(a)), info);
    };
    switch (n) {
      case 'and': case 'or': case 'enforce': return two(n);
      case 'if':
        if (args.length !== 3) throw syntaxFailure('if must take three arguments', span);
        return formTerm({ f: 'if', a: this.expr(args[0]), b: this.expr(args[1]), c: this.expr(args[2]) }, info);
      case 'do':
        if (args.length === 0) throw syntaxFailure('do form must have at least 1 expression', span);
        return sequence(args.map(a => this.expr(a)), info);
      case 'with-capability': {
        if (args.length < 2) throw syntaxFailure('with-capability must take at least 2 expressions', span);
        const cap = this.expr(args[0]);
        return formTerm({ f: 'withCapability', a: cap, b: sequence(args.slice(1).map(a => this.expr(a)), info) }, info);
      }
      case 'suspend':
        if (args.length !== 1) throw syntaxFailure('suspend must take only 1 argument', span);
        return { t: 'nullary', body: this.expr(args[0]), info };
      case 'enforce-one':
        if (args.length !== 2) throw syntaxFailure('enforce-one must take two arguments', span);
        return formTerm({ f: 'enforceOne', a: this.expr(args[0]), b: this.expr(args[1]) }, info);
      case 'try':
        if (args.length !== 2) throw syntaxFailure('try must take two arguments', span);
        return formTerm({ f: 'try', a: this.expr(args[0]), b: this.expr(args[1]) }, info);
      case 'error':
        if (this.opts.disablePact53) break;
        if (args.length !== 1) throw syntaxFailure('error must take only 1 argument', span);
        return formTerm({ f: 'error', a: this.expr(args[0]) }, info);
      case 'pure':
        if (this.opts.disablePact53) break;
        if (args.length !== 1) throw syntaxFailure('pure must take only 1 argument', span);
        return formTerm({ f: 'pure', a: this.expr(args[0]) }, info);
      case 'create-user-guard': {
        const a = args[0];
        if (args.length !== 1 || a.t !== 'paren' || a.items.length === 0 || a.items[0].t === 'keyword') {
          throw syntaxFailure('create-user-guard must take one argument, which must be an application', span);
        }
        return formTerm({ f: 'createUserGuard', a: this.expr(a) }, info);
      }
      case 'map': {
        // `(map (f a) xs)` → `(map (lambda (:ijHO1) (f a :ijHO1)) xs)` so `f`'s overload resolves at full arity
        const first = args[0];
        if (first?.t === 'paren' && first.items.length > 0 && first.items[0].t !== 'keyword') {
          const appInfo = spanInfo(first.span);
          const v = varTerm(bare(':ijHO1'), info);
          const inner = this.appendArg(first.items, v, appInfo, first.span);
          const arg: PArg = { name: ':ijHO1', type: null, info: appInfo };
          const lamArgs = [arg];
          const lam: PTerm = { t: 'lam', args: lamArgs, body: inner, info: appInfo };
          return this.applyTo(this.bareVar('map', headInfo), [lam, ...this.appArgs(args.slice(1), info)], info);
        }
        break;
      }
      case 'cond': {
        if (args.length === 0) throw syntaxFailure('cond: expected list of conditions with a default case', span);
        let body = this.expr(args[args.length - 1]);
        for (let i = args.length - 2; i >= 0; i--) {
          const c = args[i];
          if (c.t !== 'paren' || c.items.length !== 2 || c.items[0].t === 'keyword') {
            throw syntaxFailure('cond: expected application of conditions', span);
          }
          body = formTerm({ f: 'if', a: this.expr(c.items[0]), b: this.expr(c.items[1]), c: body }, spanInfo(c.span));
        }
        const thunk: PTerm = { t: 'nullary', body, info };
        return appTerm(builtinTerm(core('cond'), info), [thunk], info);
      }
    }
    return this.applyTo(this.bareVar(n, headInfo), this.appArgs(args, info), info);
  }

  /** The application `(f a …)` with one more argument `v` at the end, desugared as Pact would. */
  private appendArg(items: Syntax[], v: PTerm, info: Info, span: Span): PTerm {
    const head = items[0];
    const n = bareName(head);
    // re-run the head's special-form/overload logic with the extra argument in place
    const marker: Syntax = { t: 'name', parts: [':ijHO1'], span };
    if (n !== undefined) return this.special(n, spanInfo(head.span), [...items.slice(1), marker], info, span);
    return this.applyTo(this.expr(head), [...this.appArgs(items.slice(1), info), v], info);
  }

  // ---------------------------------------------------------------------------------- defs

  /** Skip a docstring / `@doc "…"` / `@model […]` run (MDocOrModel). A plain string counts as a
   *  doc only when something follows it. */
  private skipDocs(items: Syntax[], i: number, plainNeedsMore: boolean): number {
    let doc = false, model = false;
    for (;;) {
      const s = items[i];
      if (s?.t === 'annotation' && s.name === '@doc' && !doc) { i += 2; doc = true; continue; }
      if (s?.t === 'annotation' && s.name === '@model' && !model) { i += 2; model = true; continue; }
      if (s?.t === 'str' && !s.tick && !doc && !model && (!plainNeedsMore || i + 1 < items.length)) { i++; doc = true; continue; }
      return i;
    }
  }

  /** `name[:type]` at items[i]: the def's spec Arg. */
  private spec(items: Syntax[], i: number, what: string): { arg: PArg; next: number } {
    const n = bareName(items[i]);
    if (n === undefined) throw fail(`Expected: ${what} name`, items[i]?.span ?? items[0].span);
    const info = spanInfo(items[i].span);
    let type: PType | null = null, next = i + 1;
    if (isPunct(items[next], ':')) { const r = parseType(items, next + 1); type = r.type; next = r.next; }
    const arg: PArg = { name: n, type, info };
    return { arg, next };
  }

  private argList(items: Syntax[], i: number): PArg[] {
    const p = items[i];
    if (p?.t !== 'paren') throw fail('Expected: argument list', p?.span ?? items[0].span);
    return parseArgs(p.items);
  }

  private capMeta(items: Syntax[], i: number, args: PArg[], span: Span): { meta: PCapMeta; next: number } {
    const s = items[i];
    if (s?.t !== 'annotation') return { meta: { c: 'unmanaged' }, next: i };
    if (s.name === '@event') return { meta: { c: 'event' }, next: i + 1 };
    if (s.name !== '@managed') return { meta: { c: 'unmanaged' }, next: i };
    const param = bareName(items[i + 1]), mgr = items[i + 2];
    if (param !== undefined && mgr?.t === 'name') {
      const index = args.findIndex(a => a.name === param);
      if (index < 0) throw fail(`Invalid Managed arg: no such arg with name ${param}`, span);
      return { meta: { c: 'managed', index, param, manager: parsedName(mgr.parts) }, next: i + 3 };
    }
    return { meta: { c: 'auto' }, next: i + 1 };
  }

  private body(items: Syntax[], info: Info, span: Span): PTerm {
    if (items.length === 0) throw fail('Expected: body', span);
    return sequence(items.map(b => this.expr(b)), info);
  }

  def(s: Syntax & { t: 'paren' }): PDef {
    const items = s.items, info = spanInfo(s.span);
    const kw = items[0]?.t === 'keyword' ? items[0].name : '';
    switch (kw) {
      case 'defun': {
        const { arg: spec, next } = this.spec(items, 1, 'defun');
        const args = this.argList(items, next);
        const body = this.body(items.slice(this.skipDocs(items, next + 1, true)), info, s.span);
        const term: PTerm = args.length === 0 ? { t: 'nullary', body, info } : { t: 'lam', args, body, info };
        return { d: 'defun', spec, args, term, info };
      }
      case 'defcap': {
        const { arg: spec, next } = this.spec(items, 1, 'defcap');
        const args = this.argList(items, next);
        const m = this.capMeta(items, this.skipDocs(items, next + 1, true), args, s.span);
        return { d: 'defcap', spec, args, term: this.body(items.slice(m.next), info, s.span), meta: m.meta, info };
      }
      case 'defconst': {
        const { arg: spec, next } = this.spec(items, 1, 'defconst');
        if (!items[next]) throw fail('Expected: defconst value', s.span);
        return { d: 'defconst', spec, term: this.expr(items[next]), info };
      }
      case 'defschema': return { ...this.schema(items, info), d: 'defschema' };
      case 'deftable': {
        const n = bareName(items[1]);
        const b = items[3];
        if (n === undefined || !isPunct(items[2], ':') || b?.t !== 'brace' || b.items[0]?.t !== 'name') {
          throw fail('Expected: deftable name:{schema}', s.span);
        }
        return { d: 'deftable', name: n, schema: parsedName(b.items[0].parts), info };
      }
      case 'defpact': {
        const { arg: spec, next } = this.spec(items, 1, 'defpact');
        const args = this.argList(items, next);
        const steps = items.slice(this.skipDocs(items, next + 1, true)).map(st => this.step(st));
        if (steps.length === 0) throw fail('Expected: defpact steps', s.span);
        if (steps[steps.length - 1].s === 'rollback') {
          throw fail(`rollbacks aren't allowed on the last step in: ${spec.name}`, s.span);
        }
        return { d: 'defpact', spec, args, steps, info };
      }
    }
    throw fail(`Expected: definition, got ${kw || 'expression'}`, s.span);
  }

  private schema(items: Syntax[], info: Info): { name: string; fields: Map<string, PType>; info: Info } {
    const n = bareName(items[1]);
    if (n === undefined) throw fail('Expected: defschema name', items[0].span);
    const fields = new Map<string, PType>();
    for (let i = this.skipDocs(items, 2, false); i < items.length;) {
      const f = bareName(items[i]);
      if (f === undefined) throw fail('Expected: schema field', items[i].span);
      i++;
      let type: PType = { t: 'any' };
      if (isPunct(items[i], ':')) { const r = parseType(items, i + 1); type = r.type; i = r.next; }
      fields.set(f, type); // Map.fromList: a repeated field keeps the last type
    }
    return { name: n, fields, info };
  }

  private step(s: Syntax): PStep {
    if (s.t !== 'paren' || s.items[0]?.t !== 'keyword') throw fail('Expected: step', s.span);
    // a trailing `@model [...]` is not an expression
    const es = s.items.slice(1);
    const exprs = es.filter((x, i) => !(x.t === 'annotation' || (i > 0 && es[i - 1].t === 'annotation')));
    if (s.items[0].name === 'step') {
      if (exprs.length === 1) return { s: 'step', exec: this.expr(exprs[0]) };
      if (exprs.length === 2) return { s: 'step', exec: this.expr(exprs[1]) };
    }
    if (s.items[0].name === 'step-with-rollback') {
      if (exprs.length === 2) return { s: 'rollback', exec: this.expr(exprs[0]), rollback: this.expr(exprs[1]) };
      if (exprs.length === 3) return { s: 'rollback', exec: this.expr(exprs[1]), rollback: this.expr(exprs[2]) };
    }
    throw fail('Expected: step', s.span);
  }

  private ifDef(s: Syntax & { t: 'paren' }): PIfDef {
    const items = s.items, info = spanInfo(s.span);
    const kw = items[0]?.t === 'keyword' ? items[0].name : '';
    switch (kw) {
      case 'defun': case 'defpact': {
        const { arg: spec, next } = this.spec(items, 1, kw);
        return { d: kw, spec, args: this.argList(items, next), info };
      }
      case 'defcap': {
        const { arg: spec, next } = this.spec(items, 1, kw);
        const args = this.argList(items, next);
        const m = this.capMeta(items, this.skipDocs(items, next + 1, false), args, s.span);
        return { d: 'defcap', spec, args, meta: m.meta, info };
      }
      case 'defconst': {
        const { arg: spec, next } = this.spec(items, 1, 'defconst');
        return { d: 'defconst', spec, term: this.expr(items[next]), info };
      }
      case 'defschema': return { ...this.schema(items, info), d: 'defschema' };
    }
    throw fail(`Expected: interface definition, got ${kw || 'expression'}`, s.span);
  }

  private use(s: Syntax & { t: 'paren' }): PImport {
    const m = modQual(s.items[1]);
    if (!m) throw fail('Expected: module name', s.span);
    let i = 2, hash: Uint8Array | null = null, imported: string[] | null = null;
    const h = s.items[i];
    if (h?.t === 'str' && !h.tick) {
      hash = base64UrlDecode(h.value);
      if (hash === null || hash.length !== 32) throw fail(`Invalid blessed hash, incorrect format: ${h.value}`, h.span);
      i++;
    }
    const l = s.items[i];
    if (l?.t === 'bracket') imported = l.items.map(x => { const n = bareName(x); if (n === undefined) throw fail('Expected: import name', x.span); return n; });
    return { module: m, hash, imported };
  }

  module(form: Syntax & { t: 'paren' }): PModule {
    const items = form.items;
    const name = bareName(items[1]);
    if (name === undefined) throw fail('Expected: module name', form.span);
    const gov = items[2];
    const governance: PModule['governance'] =
      gov?.t === 'str' ? { g: 'keyset', name: gov.value }
        : bareName(gov) !== undefined ? { g: 'cap', name: bareName(gov)! } : (() => { throw fail('Expected: module governance', form.span); })();
    const out: PModule = { name, governance, defs: [], blessed: [], imports: [], implements: [], info: spanInfo(form.span) };
    for (let i = this.skipDocs(items, 3, true); i < items.length; i++) {
      const it = items[i];
      if (it.t !== 'paren') throw fail('Expected: module definition', it.span);
      const head = it.items[0];
      const kw = head?.t === 'keyword' ? head.name : bareName(head);
      if (kw === 'use') out.imports.push(this.use(it));
      else if (kw === 'implements') {
        const m = modQual(it.items[1]);
        if (!m) throw fail('Expected: interface name', it.span);
        out.implements.push(m);
      } else if (kw === 'bless') {
        const h = it.items[1];
        const bytes = h?.t === 'str' ? base64UrlDecode(h.value) : null;
        if (bytes === null || bytes.length !== 32) throw fail(`Invalid blessed hash, incorrect format: ${h?.t === 'str' ? h.value : ''}`, it.span);
        out.blessed.push(bytes);
      } else out.defs.push(this.def(it));
    }
    return out;
  }

  interface(form: Syntax & { t: 'paren' }): PInterface {
    const items = form.items;
    const name = bareName(items[1]);
    if (name === undefined) throw fail('Expected: interface name', form.span);
    const out: PInterface = { name, defs: [], imports: [], info: spanInfo(form.span) };
    for (let i = this.skipDocs(items, 2, true); i < items.length; i++) {
      const it = items[i];
      if (it.t !== 'paren') throw fail('Expected: interface definition', it.span);
      const head = it.items[0];
      if ((head?.t === 'keyword' ? head.name : bareName(head)) === 'use') out.imports.push(this.use(it));
      else out.defs.push(this.ifDef(it));
    }
    return out;
  }
}


/** Desugar.hs `desugarAppArity`: a native applied to this many arguments is another native
 *  (by the native's tag, then the argument count). */
function arityTable(of: (name: string) => Builtin, entries: [string, number, string][]): Map<number, Map<number, Builtin>> {
  const table = new Map<number, Map<number, Builtin>>();
  for (const [from, arity, to] of entries) {
    const tag = of(from).tag;
    if (!table.has(tag)) table.set(tag, new Map());
    table.get(tag)!.set(arity, of(to));
  }
  return table;
}

const CORE_ARITY = arityTable(core, [
  ['-', 1, 'negate'], ['enumerate', 3, 'enumerate-step'], ['select', 3, 'select-with-fields'],
  ['sort', 2, 'sort-object'], ['round', 2, 'round-prec'], ['ceiling', 2, 'ceiling-prec'],
  ['floor', 2, 'floor-prec'], ['str-to-int', 2, 'str-to-int-base'], ['read-msg', 0, 'read-msg-default'],
  ['define-keyset', 1, 'define-read-keyset'], ['yield', 2, 'yield-to-chain'], ['read', 3, 'read-with-fields'],
]);
const REPL_ARITY = arityTable(repl, [
  ['pact-state', 1, 'reset-pact-state'], ['continue-pact', 2, 'continue-pact-with-rollback'],
  ['continue-pact', 3, 'continue-pact-rollback-yield'], ['continue-pact', 4, 'continue-pact-rollback-yield-object'],
  ['env-gas', 1, 'env-set-gas'], ['env-gasmodel', 0, 'env-ask-gasmodel'], ['env-gasmodel', 2, 'env-gasmodel-fixed'],
  ['begin-tx', 1, 'begin-named-tx'], ['enforce-pact-version', 2, 'enforce-pact-version-range'],
]);
const POSEIDON_HACK = core('poseidon-hash-hack-a-chain');
const EXPECT = repl('expect'), EXPECT_FAILURE = repl('expect-failure'), EXPECT_FAILURE_MATCH = repl('expect-failure-match');
