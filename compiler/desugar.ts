// Syntax → IR: lowers Pact's special forms (language.md §3), resolves arity overloads of natives,
// and binds every name to a local binder, a global cell or a native (language.md §4).

import type { Syntax } from './syntax.js';
import { describeSyntax } from './syntax.js';
import type { Span } from '../vm/source.js';
import type { CoverageCollector } from '../vm/coverage.js';
import type { Binder, Expr, FunctionIR, FunctionKind } from './ir.js';
import { PactError } from '../vm/errors.js';
import { desugarError, shadowsNativeError, syntaxFailure } from './errors.js';
import { overloads, namedOverload, resolveOverload, type BuiltinSpec } from '../vm/builtins.js';
import { primType, type PactType } from '../vm/types.js';
import type { GlobalCell } from '../vm/chunk.js';
import { ModRef, UNIT, compareModuleNames, type Value } from '../vm/values.js';

/** What the desugarer needs to know about the world outside the form being compiled. */
export interface NameEnv {
  /** REPL-only natives resolve (true in .repl files, false in .pact files) */
  replNatives: boolean;
  /** natives hidden by execution flags (DisablePact51 hides hash-poseidon, hash-keccak256) */
  disabledNatives?: ReadonlySet<string>;
  /** the DisablePact53 execution flag: `error` and `pure` are plain names, not special forms,
   *  and a binding form's field reads are located at the whole application (Desugar.hs
   *  forkedToSpecialForm, bindToLet) */
  disablePact53?: boolean;
  /** `env-enable-repl-natives`: REPL natives may appear in module code (repl.md §6.3) */
  replNativesInModules?: boolean;
  /** the active namespace (`(namespace …)`), where a bare name that is nothing else is last
   *  looked up as a module */
  namespace?: string | null;
  /** REPL defuns/defconsts and names imported with `use` or by deploying a module */
  lookupTopLevel(name: string): GlobalCell | undefined;
  /** member `member` of module `module` (`m` or `ns.m`); undefined if no such module */
  lookupMember(module: string, member: string): GlobalCell | null | undefined;
  /** a module reference value for a bare/qualified module name, if one exists */
  lookupModRef(name: string): Value | undefined;
  /** the full name of the interface a `module{…}` annotation names (as written, else in the
   *  active namespace), undefined when it names no interface */
  resolveInterface?(name: string): string | undefined;
  /** with coverage on: module code registers its coverage probes here */
  coverage?: CoverageCollector;
}

interface Scope { names: Map<string, Binder>; parent: Scope | null; fn: FunctionIR }

/** Names of the module currently being compiled (its defs are visible unqualified). */
export interface ModuleScope {
  name: string;
  members: Map<string, GlobalCell>;
  /** names brought in by `use` inside the module */
  imports?: Map<string, GlobalCell>;
  /** the module's own name used as a module reference inside its body */
  selfRef?: Value;
  /** names of the module's own definitions referenced by the definition being compiled */
  referenced?: Set<string>;
  /** the other modules its code names (the compiled module's dependency set) */
  dependencies?: Set<string>;
  /** while a module's definitions compile: the names that did not resolve, one per definition,
   *  raised by the module once all are desugared and its recursion is checked, as Pact renames
   *  only after desugaring the whole module */
  unresolved?: PactError[];
  /** while a module's definitions compile: where each first names a REPL native. Pact refuses
   *  them only once the module is renamed, its constants evaluated and hashed (Repl/Compile.hs
   *  checkReplNativesEnabled), in its own order of the definitions, so the installer decides. */
  replNativeUses?: Map<string, Span>;
  /** the definition being compiled, or null for a constant: Pact evaluates a constant before it
   *  looks for REPL natives, so a constant may use them */
  compiling?: string | null;
}

/** `{ "a" := x … }`: a binding form, which takes the rest of its application as its body. */
function isBindingForm(s: Syntax): boolean {
  return s.t === 'brace' && s.items.some(x => x.t === 'punct' && x.p === ':=');
}

/** Pact's InvalidModuleReference: an interface where a module is wanted, or a module where an
 *  interface is. */
function invalidModuleReference(name: string, span: Span): PactError {
  return desugarError(`Invalid Interface attempted to be used as module reference: ${name}`, span);
}

export class Desugarer {
  private scope: Scope | null = null;
  /** Pact desugars a whole form before it resolves any name, so a syntax error anywhere in the
   *  form wins over a name that does not resolve; the first such name (in the renamer's order:
   *  an application's function before its arguments) is kept here and raised when the
   *  outermost function is done. */
  private unresolved: PactError | null = null;
  /** Top-level code only (module code is renamed by runtime/pact-ir/rename.ts): the `let`,
   *  lambda, binding or definition whose types are being read, where Pact's renamer reports a
   *  schema name it cannot resolve (renameType takes the info of the term that holds the type). */
  private typeSite: Span | null = null;
  /** while a lambda's parameters are read: their schema errors, noted only after its body, as
   *  Pact renames a lambda's body before its argument types */
  private deferredTypeErrors: PactError[] | null = null;
  constructor(private env: NameEnv, private module: ModuleScope | null = null, pending: PactError | null = null) {
    this.unresolved = pending;
  }

  /** A name that does not resolve: noted, and a placeholder stands in until the form is done. */
  private cannotResolve(e: PactError): Expr {
    if (this.scope === null) throw e; // outside a function nothing would raise it later
    this.noteUnresolved(e);
    return { k: 'const', value: UNIT, span: e.span! };
  }

  noteUnresolved(e: PactError): void {
    this.unresolved ??= e;
  }

  /** `read()` with the types it reads reporting their schema errors at `site` (top-level code);
   *  into `deferred` when given, else noted at once. */
  readingTypes<T>(site: Span, read: () => T, deferred: PactError[] | null = null): T {
    const savedSite = this.typeSite, savedDeferred = this.deferredTypeErrors;
    this.typeSite = site;
    this.deferredTypeErrors = deferred;
    try {
      return read();
    } finally {
      this.typeSite = savedSite;
      this.deferredTypeErrors = savedDeferred;
    }
  }

  /** The first schema error noted so far, taken (a REPL definition's header hands it to the
   *  desugarer of its body). */
  takeUnresolved(): PactError | null {
    const e = this.unresolved;
    this.unresolved = null;
    return e;
  }

  /** Module code is measured when coverage is on; top-level script code is not. */
  private coverage(): CoverageCollector | undefined {
    return this.module ? this.env.coverage : undefined;
  }

  // ------------------------------------------------------------------------------ functions

  /** A top-level expression becomes a 0-argument function. */
  topLevel(s: Syntax): FunctionIR {
    return this.function('toplevel', '<toplevel>', [], null, [s], s.span);
  }

  function(kind: FunctionKind, name: string, params: { name: string; type: PactType | null; span: Span }[],
    returnType: PactType | null, body: Syntax[], span: Span): FunctionIR {
    // the arrays made apart: unoptimized code copies a literal nested in another through V8's runtime
    const binders: Binder[] = [], captures: Binder[] = [];
    const fn: FunctionIR = {
      name, kind, params: binders, body: null as unknown as Expr, returnType, span,
      parent: this.scope?.fn ?? null, nlocals: 0, captures, coverage: this.coverage(),
    };
    const saved = this.scope;
    this.scope = { names: new Map(), parent: saved, fn };
    try {
      for (const p of params) {
        const b: Binder = { name: p.name, type: p.type, span: p.span, fn, slot: -1 };
        fn.params.push(b);
        this.scope.names.set(p.name, b);
      }
      fn.body = this.body(body, span);
    } finally {
      this.scope = saved;
    }
    if (saved === null && this.unresolved) {
      const e = this.unresolved;
      this.unresolved = null;
      if (this.module?.unresolved) this.module.unresolved.push(e);
      else throw e;
    }
    return fn;
  }

  private body(items: Syntax[], span: Span): Expr {
    if (items.length === 0) throw syntaxFailure('expected at least one expression in body', span);
    if (items.length === 1) return this.expr(items[0]);
    return { k: 'seq', exprs: items.map(i => this.expr(i)), span };
  }

  // ---------------------------------------------------------------------------- expressions

  private expr(s: Syntax): Expr {
    switch (s.t) {
      case 'int': case 'dec': case 'str': return { k: 'const', value: s.value, span: s.span };
      case 'keyword':
        if (s.name === 'true' || s.name === 'false') return { k: 'const', value: s.name === 'true', span: s.span };
        throw desugarError(`Expected: expression, got keyword ${s.name}`, s.span);
      case 'name': return this.name(s.parts, s.span);
      case 'dyn': return this.dynamicMember(s.ref, s.member, s.span);
      case 'bracket': return this.listLiteral(s.items, s.span);
      case 'brace': return this.objectLiteral(s.items, s.span);
      case 'paren': return s.items.length === 0 ? { k: 'const', value: UNIT, span: s.span } : this.form(s.items, s.span);
      case 'annotation': case 'punct':
        throw desugarError(`Expected: expression, got ${describeSyntax(s)}`, s.span);
    }
  }

  /** `m::f`: the member `f` of the module the local modref `m` refers to (language.md §4.7). */
  private dynamicMember(ref: string, member: string, span: Span): Expr {
    const b = this.lookupLocal(ref);
    if (!b) {
      // a bound name that is not a local (a definition, an import) cannot hold a module reference
      const global = this.module?.members.get(ref) ?? this.module?.imports?.get(ref) ?? this.env.lookupTopLevel(ref);
      if (global) return this.cannotResolve(desugarError(`Invalid dynamic call: ${ref}::${member}`, span));
      return this.cannotResolve(desugarError(`Unbound variable ${ref}`, span));
    }
    // the variable's name goes along: Pact's error names it when it holds no module reference
    return { k: 'call-native', spec: resolveOverload(':modref-member', 3)!, span, args: [
      { k: 'local', name: ref, span, binder: b }, { k: 'const', value: member, span }, { k: 'const', value: ref, span }] };
  }

  private listLiteral(items: Syntax[], span: Span): Expr {
    const elems = items.filter(i => !(i.t === 'punct' && i.p === ','));
    return { k: 'list', items: elems.map(e => this.expr(e)), span };
  }

  private objectLiteral(items: Syntax[], span: Span): Expr {
    const keys: string[] = [], values: Expr[] = [];
    let i = 0;
    while (i < items.length) {
      const k = items[i], colon = items[i + 1], v = items[i + 2];
      if (k.t !== 'str' || colon?.t !== 'punct' || colon.p !== ':' || !v) {
        throw desugarError('Expected: object field "key": value', k.span);
      }
      // a repeated key stays: every value is evaluated and charged, the later one wins (OBJECT)
      keys.push(k.value);
      values.push(this.expr(v));
      i += 3;
      if (items[i]?.t === 'punct' && (items[i] as { p: string }).p === ',') i++;
    }
    return { k: 'object', keys, values, span };
  }

  /** Bare and qualified names (language.md §3.2, §4.1, §4.2). */
  private name(parts: string[], span: Span): Expr {
    if (parts.length === 1) {
      const n = parts[0];
      const local = this.lookupLocal(n);
      if (local) return { k: 'local', name: n, span, binder: local };
      if (n === 'CHARSET_ASCII') return { k: 'const', value: 0, span };
      if (n === 'CHARSET_LATIN1') return { k: 'const', value: 1, span };
      const native = this.nativeNamed(n, span);
      if (native) return this.nativeValue(native, span);
      if (this.module) {
        const member = this.module.members.get(n);
        if (member) { this.module.referenced?.add(n); return { k: 'global', cell: member, span }; }
        const imported = this.module.imports?.get(n);
        if (imported) { this.dependsOn(imported.module); return { k: 'global', cell: imported, span }; }
      }
      const top = this.env.lookupTopLevel(n);
      if (top) return this.global(top, n, span);
      if (this.module?.selfRef !== undefined && (n === this.module.name || this.module.name.endsWith('.' + n))) {
        return { k: 'const', value: this.module.selfRef, span };
      }
      const modref = this.env.lookupModRef(n);
      if (modref !== undefined) { this.dependsOnModRef(modref); return { k: 'const', value: modref, span }; }
      // a name that is neither a value nor a module but resolves to a module is an interface
      if (this.env.lookupMember(n, '') !== undefined) {
        return this.cannotResolve(invalidModuleReference(n, span));
      }
      return this.cannotResolve(this.noSuchModule(n, span));
    }
    const member = parts[parts.length - 1];
    const qual = parts.slice(0, -1).join('.');
    if (this.module && (qual === this.module.name || this.module.name.endsWith('.' + qual))) {
      const own = this.module.members.get(member);
      if (own) { this.module.referenced?.add(member); return { k: 'global', cell: own, span }; }
    }
    const cell = this.env.lookupMember(qual, member);
    if (cell && !this.declarationOnly(cell)) return this.global(cell, member, span);
    if (parts.length === 2) {
      const modref = this.env.lookupModRef(parts.join('.'));
      if (modref !== undefined) { this.dependsOnModRef(modref); return { k: 'const', value: modref, span }; }
      // `ns.iface` is looked up as a module reference, and Pact's module lookup refuses interfaces
      if (this.env.lookupMember(parts.join('.'), '') !== undefined) {
        return this.cannotResolve(new PactError('exec', `Expected module, found interface: ${parts.join('.')}`, span));
      }
    }
    // no such member, or no such module: Pact says the same of both
    return this.cannotResolve(desugarError(`Module ${qual} has no such member: ${member}`, span));
  }

  /** Note another module named by the module being compiled. */
  private dependsOn(module: string | null): void {
    const m = this.module;
    if (module !== null && m?.dependencies && module !== m.name) m.dependencies.add(module);
  }

  private dependsOnModRef(v: Value): void {
    if (v instanceof ModRef) this.dependsOn(v.module);
  }

  private nativeValue(specs: BuiltinSpec[], span: Span): Expr {
    return { k: 'native', spec: specs[0], span };
  }

  private nativeNamed(n: string, span?: Span): BuiltinSpec[] | undefined {
    const list = overloads(n) ?? namedOverload(n);
    if (!list) return undefined;
    if (!this.env.replNatives && list[0].repl) return undefined;
    if (span && list[0].repl) this.checkReplNativeAllowed(span);
    if (this.env.disabledNatives?.has(n)) return undefined;
    return list;
  }

  private lookupLocal(n: string): Binder | undefined {
    for (let s = this.scope; s; s = s.parent) {
      const b = s.names.get(n);
      if (b) return b;
    }
    return undefined;
  }

  // ---------------------------------------------------------------------------------- forms

  private form(items: Syntax[], span: Span): Expr {
    const head = items[0];
    const args = items.slice(1);
    if (head.t === 'keyword') {
      switch (head.name) {
        case 'lambda': return this.lambda(args, span);
        case 'let': case 'let*': return this.let(args, span);
      }
      throw desugarError(`Expected: expression, got keyword ${head.name}`, head.span);
    }
    if (head.t === 'name' && head.parts.length === 1 && !this.lookupLocal(head.parts[0])) {
      const special = this.specialForm(head.parts[0], args, span);
      if (special) return special;
    }
    return this.application(head, args, span);
  }

  private application(head: Syntax, argSyntax: Syntax[], span: Span): Expr {
    if (head.t === 'name' && head.parts.length === 1 && !this.lookupLocal(head.parts[0])) {
      const n = head.parts[0];
      const natives = this.nativeNamed(n, head.span);
      if (natives && n !== 'CHARSET_ASCII' && n !== 'CHARSET_LATIN1') {
        return this.nativeCall(n, this.arguments(argSyntax, span), head.span, span);
      }
    }
    // Pact's renamer resolves the function before its arguments
    const fn = this.expr(head);
    return { k: 'app', fn, args: this.arguments(argSyntax, span), span };
  }

  /** Arguments of an application; a binding form `{ "a" := x }` swallows the rest as its body. */
  private arguments(items: Syntax[], span: Span): Expr[] {
    const bind = items.findIndex(isBindingForm);
    if (bind < 0) return this.exprs(items, items.length, items.length);
    const out = this.exprs(items, bind, bind + 1);
    out[bind] = this.bindingForm(items[bind] as Syntax & { t: 'brace' }, items.slice(bind + 1), span);
    return out;
  }

  /** The first `count` of `items` desugared, at the start of an array of exactly `size` slots
   *  (the IR lives as long as its code, and pushing onto an empty array reserves sixteen), by an
   *  indexed loop (compiling runs as cold code, where `map` costs a closure per call). */
  private exprs(items: Syntax[], count: number, size: number): Expr[] {
    const out = new Array<Expr>(size);
    for (let i = 0; i < count; i++) out[i] = this.expr(items[i]);
    return out;
  }

  /** `{ "a" := x, "b" := y } body…` → `(lambda (obj) (let ((x (at "a" obj)) ...) body…))` */
  private bindingForm(brace: Syntax & { t: 'brace' }, body: Syntax[], span: Span): Expr {
    // Pact's EmptyBindingBody has no "Desugar syntax failure" prefix
    if (body.length === 0) throw desugarError('Bind expression lacks an accompanying body', brace.span);
    const pairs: { field: string; name: string; type: PactType | null; span: Span }[] = [];
    const it = brace.items;
    for (let i = 0; i < it.length;) {
      const f = it[i], op = it[i + 1], v = it[i + 2];
      if (f?.t !== 'str' || op?.t !== 'punct' || op.p !== ':=' || v?.t !== 'name' || v.parts.length !== 1) {
        throw desugarError('Expected: binding "field" := name', (f ?? brace).span);
      }
      i += 3;
      let type: PactType | null = null;
      if (it[i]?.t === 'punct' && (it[i] as { p: string }).p === ':') {
        const r = this.readingTypes(span, () => this.type(it, i + 1));
        type = r.type; i = r.next;
      }
      pairs.push({ field: f.value, name: v.parts[0], type, span: v.span });
      if (it[i]?.t === 'punct' && (it[i] as { p: string }).p === ',') i++;
    }
    const at = resolveOverload('at', 2)!;
    // where a field read fails: at its name, or before Pact 5.3 at the whole application
    const readAt = (p: { span: Span }) => (this.env.disablePact53 ? span : p.span);
    const fn = this.syntheticLambda('bind', ['#bindObject'], brace.span, () => null as unknown as Expr);
    const saved = this.scope;
    this.scope = { names: new Map([['#bindObject', fn.params[0]]]), parent: saved, fn };
    try {
      const lets: Binder[] = [];
      const values: Expr[] = [];
      for (const p of pairs) {
        values.push({ k: 'call-native', spec: at, span: readAt(p), args: [
          { k: 'const', value: p.field, span: readAt(p) },
          { k: 'local', name: '#bindObject', span: p.span, binder: fn.params[0] }] });
        const b: Binder = { name: p.name, type: p.type, span: p.span, fn, slot: -1 };
        lets.push(b);
        this.scope = { names: new Map([[p.name, b]]), parent: this.scope, fn };
      }
      let e = this.body(body, span);
      for (let i = lets.length - 1; i >= 0; i--) e = { k: 'let', binder: lets[i], value: values[i], body: e, span };
      fn.body = e;
    } finally {
      this.scope = saved;
    }
    return { k: 'lambda', fn, span };
  }

  private nativeCall(n: string, args: Expr[], headSpan: Span, span: Span): Expr {
    let argc = args.length;
    if (n === 'hash-poseidon' || n === 'poseidon-hash-hack-a-chain') {
      // variadic: every call's arguments are wrapped in one list literal (natives.md §0.1)
      args = [{ k: 'list', items: args, span }];
      argc = 1;
    }
    const spec = resolveOverload(n, argc)!;
    if (spec.arity === argc) return { k: 'call-native', spec, args, span };
    return { k: 'app', fn: { k: 'native', spec, span: headSpan }, args, span };
  }

  private syntheticLambda(name: string, params: string[], span: Span, body: (p: Binder[]) => Expr): FunctionIR {
    const binders: Binder[] = [], captures: Binder[] = [];
    const fn: FunctionIR = {
      name, kind: 'lambda', params: binders, body: null as unknown as Expr, returnType: null, span,
      parent: this.scope?.fn ?? null, nlocals: 0, captures, coverage: this.coverage(),
    };
    for (const p of params) fn.params.push({ name: p, type: null, span, fn, slot: -1 });
    fn.body = body(fn.params);
    return fn;
  }

  /** Head-position special forms (language.md §3.1). Returns undefined for ordinary calls. */
  private specialForm(n: string, args: Syntax[], span: Span): Expr | undefined {
    switch (n) {
      case 'if':
        if (args.length !== 3) throw syntaxFailure('if must take three arguments', span);
        return { k: 'if', cond: this.expr(args[0]), then: this.expr(args[1]), else: this.expr(args[2]), span };
      case 'and': case 'or':
        if (args.length !== 2) return this.boolFormLambda(n, args, span);
        return { k: n, left: this.expr(args[0]), right: this.expr(args[1]), span };
      case 'enforce':
        if (args.length !== 2) return this.boolFormLambda(n, args, span);
        return { k: 'enforce', cond: this.expr(args[0]), msg: this.expr(args[1]), span };
      case 'enforce-one': {
        if (args.length !== 2) throw syntaxFailure('enforce-one must take two arguments', span);
        const list = args[1];
        if (list.t !== 'bracket') {
          // resolved like any code, but it fails only when run, and runs neither argument
          this.expr(args[0]);
          this.expr(list);
          return { k: 'fail', message: 'native execution failure, enforce-one failed with message: enforce-one: expected a list of conditions', span };
        }
        const conds = list.items.filter(i => !(i.t === 'punct' && i.p === ',')).map(c => this.expr(c));
        return { k: 'enforce-one', msg: this.expr(args[0]), conds, span };
      }
      case 'do':
        if (args.length === 0) throw syntaxFailure('do form must have at least 1 expression', span);
        return this.body(args, span);
      case 'try':
        if (args.length !== 2) throw syntaxFailure('try must take two arguments', span);
        return { k: 'try', fallback: this.expr(args[0]), body: this.expr(args[1]), span };
      case 'error':
        if (this.env.disablePact53) return undefined;
        if (args.length !== 1) throw syntaxFailure('error must take only 1 argument', span);
        return { k: 'error', msg: this.expr(args[0]), span };
      case 'pure':
        if (this.env.disablePact53) return undefined;
        if (args.length !== 1) throw syntaxFailure('pure must take only 1 argument', span);
        return { k: 'pure', body: this.expr(args[0]), span };
      case 'suspend':
        if (args.length !== 1) throw syntaxFailure('suspend must take only 1 argument', span);
        return { k: 'lambda', fn: this.nullary(this.function('lambda', 'suspend', [], null, args, span)), span };
      case 'cond': return this.cond(args, span);
      case 'constantly': {
        // `constantly` is the lambda (a b) a (natives.md §0.2)
        const fn = this.syntheticLambda('constantly', ['a', 'b'], span, p => ({ k: 'local', name: 'a', span, binder: p[0] }));
        const lam: Expr = { k: 'lambda', fn, span };
        return args.length === 0 ? lam : { k: 'app', fn: lam, args: this.arguments(args, span), span };
      }
      case 'map':
        if (args.length >= 1 && args[0].t === 'paren' && args[0].items.length > 0 && args[0].items[0].t !== 'keyword') {
          return this.etaExpandedMap(args, span);
        }
        return undefined;
      case 'expect': case 'expect-failure':
        if (!this.env.replNatives) return undefined;
        this.checkReplNativeAllowed(span);
        return this.expectForm(n, args, span);
      case 'with-capability': {
        if (args.length < 2) throw syntaxFailure('with-capability must take at least 2 expressions', span);
        const body: Expr = { k: 'lambda', fn: this.function('lambda', 'with-capability', [], null, args.slice(1), span), span };
        return { k: 'call-native', spec: resolveOverload('with-capability', 2)!, args: [this.expr(args[0]), body], span };
      }
      case 'create-user-guard': {
        const app = args[0];
        if (args.length !== 1 || app.t !== 'paren' || app.items.length === 0 || app.items[0].t === 'keyword') {
          throw syntaxFailure('create-user-guard must take one argument, which must be an application', span);
        }
        const spec = resolveOverload('create-user-guard', 2)!;
        const head = app.items[0];
        if (head.t !== 'name' || (head.parts.length === 1 && this.lookupLocal(head.parts[0]))) {
          // Pact accepts any application here, but only a top-level function's makes a guard: any
          // other head (a lambda, a local, a dynamic reference) fails when run, before its arguments
          const none: Expr = { k: 'const', value: UNIT, span: app.span };
          return { k: 'call-native', spec, args: [none, { k: 'list', items: [], span: app.span }], span };
        }
        const fn = this.expr(head);
        const fnArgs: Expr = { k: 'list', items: app.items.slice(1).map(a => this.expr(a)), span: app.span };
        return { k: 'call-native', spec, args: [fn, fnArgs], span };
      }
    }
    return undefined;
  }

  /** `and`/`or`/`enforce` used with another arity become a 2-argument lambda over the form. */
  private boolFormLambda(n: 'and' | 'or' | 'enforce', args: Syntax[], span: Span): Expr {
    const fn = this.syntheticLambda(n, ['a', 'b'], span, p => {
      const a: Expr = { k: 'local', name: 'a', span, binder: p[0] };
      const b: Expr = { k: 'local', name: 'b', span, binder: p[1] };
      return n === 'enforce' ? { k: 'enforce', cond: a, msg: b, span } : { k: n, left: a, right: b, span };
    });
    const lam: Expr = { k: 'lambda', fn, span };
    return args.length === 0 ? lam : { k: 'app', fn: lam, args: args.map(a => this.expr(a)), span };
  }

  /** `(cond (c1 e1) … default)` → `(cond <suspended nested ifs>)`: the cond native runs the
   *  suspension (and is charged like any native). */
  private cond(args: Syntax[], span: Span): Expr {
    if (args.length === 0) throw syntaxFailure('cond: expected list of conditions with a default case', span);
    for (const c of args.slice(0, -1)) {
      if (c.t !== 'paren' || c.items.length !== 2) throw syntaxFailure('cond: expected application of conditions', span);
    }
    const fn = this.nullary(this.syntheticLambda('cond', [], span, () => null as unknown as Expr));
    const saved = this.scope;
    this.scope = { names: new Map(), parent: saved, fn };
    try {
      let e = this.expr(args[args.length - 1]);
      for (let i = args.length - 2; i >= 0; i--) {
        const c = args[i] as Syntax & { t: 'paren' };
        e = { k: 'if', cond: this.expr(c.items[0]), then: this.expr(c.items[1]), else: e, span: c.span };
      }
      fn.body = e;
    } finally {
      this.scope = saved;
    }
    return { k: 'call-native', spec: resolveOverload('cond', 1)!, args: [{ k: 'lambda', fn, span }], span };
  }

  /** `(map (f a) xs)` → `(map (lambda (x) (f a x)) xs)`, the argument added to the written form
   *  before it is desugared, as Desugar.hs's desugar1ArgHOF does: the call then resolves at its
   *  full arity, and a special form takes it as one of its own (`(map (if c a) xs)` is
   *  `(if c a x)`). The argument's name is one no source can write, so no user name hides it. */
  private etaExpandedMap(args: Syntax[], span: Span): Expr {
    const partial = args[0] as Syntax & { t: 'paren' };
    const fn = this.syntheticLambda('map', [MAP_ARG], span, () => null as unknown as Expr);
    const saved = this.scope;
    this.scope = { names: new Map([[MAP_ARG, fn.params[0]]]), parent: saved, fn };
    try {
      fn.body = this.form([...partial.items, { t: 'name', parts: [MAP_ARG], span }], partial.span);
    } finally {
      this.scope = saved;
    }
    const rest = args.slice(1).map(a => this.expr(a));
    return this.nativeCall('map', [{ k: 'lambda', fn, span }, ...rest], span, span);
  }

  /** expect's `expected`/`actual` and expect-failure's expression are passed as thunks, unless
   *  the argument Pact looks at is already a nullary function (`(lambda () …)`, `(suspend …)`):
   *  then, as Desugar.hs's `isn't _Nullary` guards, the call is left as written and the native
   *  gets its arguments' values (an `expect` whose `expected` is no function fails on its type). */
  private expectForm(n: string, args: Syntax[], span: Span): Expr | undefined {
    const thunk = (s: Syntax): Expr => ({ k: 'lambda', fn: this.nullary(this.function('lambda', 'thunk', [], null, [s], s.span)), span: s.span });
    if (n === 'expect' && args.length === 3 && !this.isNullary(args[2])) {
      return this.nativeCall('expect', [this.expr(args[0]), thunk(args[1]), thunk(args[2])], span, span);
    }
    if (n === 'expect-failure' && args.length === 2 && !this.isNullary(args[1])) {
      return this.nativeCall('expect-failure', [this.expr(args[0]), thunk(args[1])], span, span);
    }
    if (n === 'expect-failure' && args.length === 3) {
      if (!this.isNullary(args[1])) {
        return this.nativeCall('expect-failure', [this.expr(args[0]), this.expr(args[1]), thunk(args[2])], span, span);
      }
      // left as written, the two-argument native is applied to three arguments
      const spec = resolveOverload('expect-failure', 2)!;
      return { k: 'app', fn: { k: 'native', spec, span }, args: this.arguments(args, span), span };
    }
    return undefined;
  }

  /** Marks `fn` as a Pact nullary lambda, whose result must be a Pact value. */
  private nullary(fn: FunctionIR): FunctionIR {
    fn.valueResult = true;
    return fn;
  }

  /** Whether `s` desugars to a function of no parameters: `(lambda () …)` or `(suspend …)`. */
  private isNullary(s: Syntax): boolean {
    if (s.t !== 'paren' || s.items.length === 0) return false;
    const head = s.items[0];
    if (head.t === 'keyword') return head.name === 'lambda' && s.items[1]?.t === 'paren' && s.items[1].items.length === 0;
    return head.t === 'name' && head.parts.length === 1 && head.parts[0] === 'suspend' && !this.lookupLocal('suspend');
  }

  private lambda(args: Syntax[], span: Span): Expr {
    const params = args[0];
    if (!params || params.t !== 'paren') throw desugarError('Expected: lambda argument list', span);
    const deferred: PactError[] = [];
    const ps = this.readingTypes(span, () => this.params(params.items), deferred);
    const fn = this.function('lambda', 'lambda', ps, null, args.slice(1), span);
    for (const e of deferred) this.noteUnresolved(e);
    return { k: 'lambda', fn: ps.length === 0 ? this.nullary(fn) : fn, span };
  }

  /** `let` and `let*` both desugar to nested single lets (each binder sees the earlier ones). */
  private let(args: Syntax[], span: Span): Expr {
    const bindings = args[0];
    if (!bindings || bindings.t !== 'paren' || bindings.items.length === 0) {
      throw desugarError('Expected: let bindings', span);
    }
    const fn = this.scope!.fn;
    const saved = this.scope;
    // the chain of lets is linked as the bindings are read (each body set by the next binding),
    // without arrays of binders and values: a long let* is mostly this chain
    let first: LetExpr | null = null, last: LetExpr | null = null;
    // one scope for all the bindings, each added after its value: a scope per binding made every
    // lookup of a non-local name walk them all (quadratic in the number of bindings)
    const scope: Scope = { names: new Map(), parent: saved, fn };
    this.scope = scope;
    try {
      for (const b of bindings.items) {
        if (b.t !== 'paren' || b.items.length < 2 || b.items[0].t !== 'name') throw desugarError('Expected: (name value) binding', b.span);
        const nameSyn = b.items[0] as Syntax & { t: 'name' };
        this.checkNotNative(nameSyn.parts[0], nameSyn.span);
        let type: PactType | null = null, i = 1;
        if (b.items[1].t === 'punct' && b.items[1].p === ':') {
          const r = this.readingTypes(span, () => this.type(b.items, 2));
          type = r.type; i = r.next;
        }
        if (i !== b.items.length - 1) throw desugarError('Expected: (name value) binding', b.span);
        const value = this.expr(b.items[i]);
        const binder: Binder = { name: nameSyn.parts[0], type, span: nameSyn.span, fn, slot: -1 };
        const link: LetExpr = { k: 'let', binder, value, body: UNLINKED, span };
        if (last === null) first = link; else last.body = link;
        last = link;
        scope.names.set(binder.name, binder);
      }
      last!.body = this.body(args.slice(1), span);
      return first!;
    } finally {
      this.scope = saved;
    }
  }

  // ---------------------------------------------------------------------------- parameters

  /** REPL natives in module code need `(env-enable-repl-natives true)` (repl.md §6.3). */
  private checkReplNativeAllowed(span: Span): void {
    const m = this.module;
    if (m && !this.env.replNativesInModules) {
      if (m.replNativeUses && m.compiling !== undefined) {
        if (m.compiling !== null && !m.replNativeUses.has(m.compiling)) m.replNativeUses.set(m.compiling, span);
        return;
      }
      throw new PactError('exec', 'Program encountered an unhandled raised error: repl native disallowed in module code. ' +
        'If you want to use this, enable them with (env-enable-repl-natives true)', span);
    }
  }

  /** Pact forbids binding a name that is a native (language.md §4.5). */
  checkNotNative(name: string, span: Span): void {
    if (this.shadowsNative(name)) throw shadowsNativeError(name, span);
  }

  shadowsNative(name: string): boolean {
    return this.nativeNamed(name) !== undefined && !INTERNAL_FORMS.has(name);
  }

  params(items: Syntax[]): { name: string; type: PactType | null; span: Span }[] {
    const out: { name: string; type: PactType | null; span: Span }[] = [];
    for (let i = 0; i < items.length;) {
      const n = items[i];
      if (n.t !== 'name' || n.parts.length !== 1) throw desugarError(`Expected: argument name, got ${describeSyntax(n)}`, n.span);
      this.checkNotNative(n.parts[0], n.span);
      i++;
      let type: PactType | null = null;
      if (items[i]?.t === 'punct' && (items[i] as { p: string }).p === ':') {
        const r = this.type(items, i + 1);
        type = r.type; i = r.next;
      }
      out.push({ name: n.parts[0], type, span: n.span });
    }
    return out;
  }

  /** A schema is named by the module that declares it (`m.s`, `ns.m.s`), as Pact's renamer
   *  resolves it, so that runtime checks use that module's schema and print its name. */
  private schemaName(parts: string[]): string {
    const written = parts.join('.');
    const member = parts[parts.length - 1];
    const qualify = (cell: GlobalCell | null | undefined) =>
      cell?.kind === 'defschema' && cell.module !== null ? `${cell.module}.${member}` : undefined;
    if (!this.module && this.typeSite) return this.topLevelSchema(parts, this.typeSite) ?? written;
    if (parts.length === 1) {
      if (this.module?.members.get(member)?.kind === 'defschema') return `${this.module.name}.${member}`;
      return qualify(this.module?.imports?.get(member)) ?? qualify(this.env.lookupTopLevel(member)) ?? written;
    }
    const qual = parts.slice(0, -1).join('.');
    if (this.module && (qual === this.module.name || this.module.name.endsWith('.' + qual))
      && this.module.members.get(member)?.kind === 'defschema') return `${this.module.name}.${member}`;
    return qualify(this.env.lookupMember(qual, member)) ?? written;
  }

  /**
   * A schema named in top-level code, resolved as Pact's renamer does (Desugar.hs renameType's
   * resolveSchema): a bare name through the local binders, then the top-level names (a `use`, a
   * module deployed in this transaction, a REPL definition), then as a module; a qualified one as
   * a module member. Its full name, or undefined with the failure noted in Pact's words, at `site`.
   */
  private topLevelSchema(parts: string[], site: Span): string | undefined {
    const member = parts[parts.length - 1];
    const notASchema = `Invalid def in defschema position: ${member} is not a valid schema`;
    let failure: PactError;
    if (parts.length === 1) {
      const local = this.lookupLocal(member) !== undefined;
      const top = local ? undefined : this.env.lookupTopLevel(member);
      if (top) {
        if (top.kind === 'defschema' && top.module !== null) return `${top.module}.${member}`;
        failure = desugarError(notASchema, site);
      } else if (local || this.env.lookupModRef(member) !== undefined) {
        // a local, or a module: a name with no definition behind it
        failure = desugarError(`Unbound type variable ${member}`, site);
      } else if (this.env.lookupMember(member, '') !== undefined) {
        failure = invalidModuleReference(member, site);
      } else {
        failure = this.noSuchModule(member, site);
      }
    } else {
      const qual = parts.slice(0, -1).join('.');
      const cell = this.env.lookupMember(qual, member);
      if (cell && cell.kind === 'defschema' && cell.module !== null) return `${cell.module}.${member}`;
      // a member that is no schema, or `ns.m` naming a module: found, but not a schema
      failure = cell || (parts.length === 2 && this.env.lookupModRef(parts.join('.')) !== undefined)
        ? desugarError(notASchema, site)
        : desugarError(`Module ${qual} has no such member: ${member}`, site);
    }
    this.typeFailure(failure);
    return undefined;
  }

  /** Top-level code: why `module{name}` names no interface (Desugar.hs resolveInterfaceName outside
   *  an interface: resolveModuleData, then a module is no interface). */
  private topLevelInterfaceFailure(name: string, site: Span): PactError {
    return this.env.lookupModRef(name) !== undefined ? invalidModuleReference(name, site) : this.noSuchModule(name, site);
  }

  /** A module name found nowhere (Desugar.hs resolveModuleData): a bare one is read once more as a
   *  module of the active namespace, a plain module read whose absence is a runtime error. */
  private noSuchModule(name: string, span: Span): PactError {
    const ns = this.env.namespace;
    if (ns && !name.includes('.')) return new PactError('exec', `Cannot find module: ${ns}.${name}`, span);
    return desugarError(`Cannot find module:  ${name}`, span);
  }

  /** A type's failure in top-level code: held for the lambda whose parameters are being read, else noted. */
  private typeFailure(failure: PactError): void {
    if (this.deferredTypeErrors) this.deferredTypeErrors.push(failure);
    else this.noteUnresolved(failure);
  }

  /** The interfaces of `module{…}` as Pact's renamer keeps them: each resolved to its full name,
   *  as a set ordered like Pact's ModuleName (bare name, then namespace, none first). */
  private interfaceSet(written: string[]): string[] {
    const resolved = written.map(n => this.env.resolveInterface?.(n));
    if (!this.module && this.typeSite) {
      // top-level code: the first that is no interface fails, as Pact's traverse stops there
      const failed = resolved.indexOf(undefined);
      if (failed >= 0) this.typeFailure(this.topLevelInterfaceFailure(written[failed], this.typeSite));
    }
    const full = written.map((n, i) => resolved[i] ?? this.ownName(n) ?? n);
    return [...new Set(full)].sort(compareModuleNames);
  }

  /** An interface naming itself while it is being defined (its schemas may hold `module{self}`):
   *  Pact's renamer answers the current module's full name, bare names in its namespace too. */
  private ownName(name: string): string | undefined {
    const own = this.module?.name;
    if (own === undefined) return undefined;
    return name === own || (!name.includes('.') && own.endsWith('.' + name)) ? own : undefined;
  }

  /** Parse a type annotation starting at items[i] (language.md §2.3). */
  type(items: Syntax[], i: number): { type: PactType; next: number } {
    const s = items[i];
    if (!s) throw desugarError('Expected: type', items[i - 1].span);
    if (s.t === 'bracket') {
      const inner = this.type(s.items, 0);
      return { type: { t: 'list', of: inner.type }, next: i + 1 };
    }
    if (s.t === 'keyword' && s.name === 'module') {
      const b = items[i + 1];
      if (b?.t !== 'brace') throw desugarError('Expected: module{interface}', s.span);
      const written = b.items.filter(x => x.t === 'name').map(x => (x as { parts: string[] }).parts.join('.'));
      return { type: { t: 'modref', interfaces: this.interfaceSet(written) }, next: i + 2 };
    }
    if (s.t === 'name' && s.parts.length === 1) {
      const n = s.parts[0];
      const b = items[i + 1];
      if ((n === 'object' || n === 'table') && b?.t === 'brace') {
        const written = b.items.find(x => x.t === 'name') as (Syntax & { t: 'name' }) | undefined;
        return { type: { t: n, schema: written ? this.schemaName(written.parts) : '' }, next: i + 2 };
      }
      const p = primType(n);
      if (p) return { type: p, next: i + 1 };
      throw new PactError('parse', `No such type: ${n}`, s.span);
    }
    throw new PactError('parse', `No such type: ${describeSyntax(s)}`, s.span);
  }

  /** A top-level name or another module's member (`name` as written): its cell, unless it is a
   *  schema named in top-level code, which Pact's renamer refuses (Desugar.hs renameTerm:
   *  InvalidDefInTermVariable). Module code is refused the same by the module's own renaming
   *  (runtime/pact-ir/rename.ts), in Pact's order of its errors. */
  private global(cell: GlobalCell, name: string, span: Span): Expr {
    if (!this.module && cell.kind === 'defschema') {
      return this.cannotResolve(desugarError(`Invalid definition in term variable position: ${name}`, span));
    }
    this.dependsOn(cell.module);
    return { k: 'global', cell, span };
  }

  /** An interface's defun, defcap or defpact named in top-level code: a declaration, which Pact's
   *  renamer does not find at all (Term.hs findDefInInterface keeps only constants and schemas). */
  private declarationOnly(cell: GlobalCell): boolean {
    const declared = cell.kind === 'defun' || cell.kind === 'defcap' || cell.kind === 'defpact';
    // a member's cell always names its module
    return declared && !this.module && this.env.resolveInterface?.(cell.module!) === cell.module;
  }
}

/** The parameter of map's eta-expansion: `:` cannot start an identifier. */
const MAP_ARG = ':mapArg';

type LetExpr = Extract<Expr, { k: 'let' }>;
/** A let link's body until the next binding, or the let's own body, is linked in. */
const UNLINKED = null as unknown as Expr;

/** Catalogue entries that are our own lowering of special forms, not natives users can shadow. */
const INTERNAL_FORMS = new Set(['with-capability', 'create-user-guard', 'cond']);
