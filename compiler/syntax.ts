// The syntax tree: s-expressions whose atoms are already grouped into Pact's compound tokens
// (qualified names `a.b.c`, dynamic names `m::f`, decimals `1.50`).

import type { Span } from '../vm/source.js';
import type { PactDecimal } from '../vm/values.js';

export type Syntax =
  | { t: 'paren'; items: Syntax[]; span: Span }
  | { t: 'bracket'; items: Syntax[]; span: Span }
  | { t: 'brace'; items: Syntax[]; span: Span }
  /** a bare identifier; `parts.length > 1` for qualified names like `ns.m.f` */
  | { t: 'name'; parts: string[]; span: Span }
  | { t: 'dyn'; ref: string; member: string; span: Span }
  | { t: 'keyword'; name: string; span: Span }
  | { t: 'annotation'; name: string; span: Span }
  | { t: 'int'; value: number | bigint; span: Span }
  | { t: 'dec'; value: PactDecimal; span: Span }
  | { t: 'str'; value: string; tick: boolean; span: Span }
  /** punctuation that only means something inside a form: `:` `:=` `,` */
  | { t: 'punct'; p: ':' | ':=' | ','; span: Span };

export function describeSyntax(s: Syntax): string {
  switch (s.t) {
    case 'paren': return '(...)';
    case 'bracket': return '[...]';
    case 'brace': return '{...}';
    case 'name': return s.parts.join('.');
    case 'dyn': return `${s.ref}::${s.member}`;
    case 'keyword': case 'annotation': return s.name;
    case 'int': return s.value.toString();
    case 'dec': return 'decimal';
    case 'str': return JSON.stringify(s.value);
    case 'punct': return s.p;
  }
}

/** Render syntax back to compact source text (for dumps and module code). */
export function showSyntax(s: Syntax): string {
  switch (s.t) {
    case 'paren': return '(' + s.items.map(showSyntax).join(' ') + ')';
    case 'bracket': return '[' + s.items.map(showSyntax).join(' ') + ']';
    case 'brace': return '{' + s.items.map(showSyntax).join(' ') + '}';
    case 'str': return s.tick ? "'" + s.value : JSON.stringify(s.value);
    default: return describeSyntax(s);
  }
}
