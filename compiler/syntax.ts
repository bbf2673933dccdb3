// The syntax tree: s-expressions whose atoms are already grouped into Pact's compound tokens
// (qualified names `a.b.c`, dynamic names `m::f`, decimals `1.50`).

import { Spanning, type Span, type SourceFile } from '../vm/source.js';
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

/**
 * The parser's nodes: each is its own span (a Span with the kind's fields added), so that a node
 * is one object rather than two. A long file has tens of thousands of nodes, all alive until it is
 * compiled, and the span objects were a third of them, each copied by every scavenge that met it.
 * One class per shape of fields, as the object literals were, so property loads see as few shapes;
 * each sets all its fields itself, for the reason Spanning gives.
 */
abstract class Node extends Spanning {
  get span(): Span { return this; }
}
export class ListNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'paren' | 'bracket' | 'brace';
  declare readonly items: Syntax[];
  constructor(file: SourceFile, start: number, end: number, t: 'paren' | 'bracket' | 'brace', items: Syntax[]) {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = t; this.items = items;
  }
}
export class NameNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'name';
  declare readonly parts: string[];
  constructor(file: SourceFile, start: number, end: number, parts: string[]) {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = 'name'; this.parts = parts;
  }
}
export class DynNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'dyn';
  declare readonly ref: string;
  declare readonly member: string;
  constructor(file: SourceFile, start: number, end: number, ref: string, member: string) {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = 'dyn'; this.ref = ref; this.member = member;
  }
}
export class WordNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'keyword' | 'annotation';
  declare readonly name: string;
  constructor(file: SourceFile, start: number, end: number, t: 'keyword' | 'annotation', name: string) {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = t; this.name = name;
  }
}
export class IntNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'int';
  declare readonly value: number | bigint;
  constructor(file: SourceFile, start: number, end: number, value: number | bigint) {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = 'int'; this.value = value;
  }
}
export class DecNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'dec';
  declare readonly value: PactDecimal;
  constructor(file: SourceFile, start: number, end: number, value: PactDecimal) {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = 'dec'; this.value = value;
  }
}
export class StrNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'str';
  declare readonly value: string;
  declare readonly tick: boolean;
  constructor(file: SourceFile, start: number, end: number, value: string, tick: boolean) {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = 'str'; this.value = value; this.tick = tick;
  }
}
export class PunctNode extends Node {
  declare readonly file: SourceFile; declare readonly start: number; declare readonly end: number;
  declare readonly t: 'punct';
  declare readonly p: ':' | ':=' | ',';
  constructor(file: SourceFile, start: number, end: number, p: ':' | ':=' | ',') {
    super();
    this.file = file; this.start = start; this.end = end;
    this.t = 'punct'; this.p = p;
  }
}

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
