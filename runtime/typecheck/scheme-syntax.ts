// A small text syntax for type schemes, so the natives' types (and test expectations) are data:
//   forall a r:ROW m:REF. (Num a, {foo:integer} <= r, (r2 + {f:t}) ~ r1) => table{r} -> [object{r}]
// `T -> T` is right-associative, `=> T` is a nullary function, `module{m}` is a reference variable
// when m is bound by the forall and an interface name otherwise.

import { parseModuleName } from '../pact-ir/terms.js';
import {
  CAP, fun, list, modSet, prim, type ClassName, type DbVar, type Kind, type Pred, type Prim, type Rose,
  type Row, type Scheme, type Ty,
} from './tc-types.js';

const PRIMS = new Set(['integer', 'decimal', 'bool', 'string', 'guard', 'time', 'unit']);
const CLASSES = new Set(['Eq', 'Ord', 'Show', 'Add', 'Num', 'ListLike', 'Fractional', 'EnforceRead', 'IsValue']);

function tokenize(text: string): string[] {
  const out: string[] = [];
  const re = /\s*(->|=>|<=|[()[\]{},:.~+]|[A-Za-z_][\w\-?]*)/y;
  let i = 0;
  while (i < text.length) {
    if (/^\s*$/.test(text.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) throw new Error(`scheme syntax: unexpected text at "${text.slice(i)}"`);
    out.push(m[1]);
    i = re.lastIndex;
  }
  return out;
}

class SchemeParser {
  private i = 0;
  private vars = new Map<string, DbVar>();
  constructor(private toks: string[], private text: string) {}

  private peek(): string | undefined { return this.toks[this.i]; }
  private next(): string {
    const t = this.toks[this.i++];
    if (t === undefined) throw new Error(`scheme syntax: unexpected end of "${this.text}"`);
    return t;
  }
  private expect(t: string): void {
    const got = this.next();
    if (got !== t) throw new Error(`scheme syntax: expected "${t}", got "${got}" in "${this.text}"`);
  }

  scheme(): Scheme {
    const binders: { name: string; kind: Kind }[] = [];
    if (this.peek() === 'forall') {
      this.next();
      while (this.peek() !== '.') {
        const name = this.next();
        let kind: Kind = 'TYPE';
        if (this.peek() === ':') {
          this.next();
          const k = this.next();
          kind = k === 'ROW' ? 'ROW' : k === 'REF' ? 'REFERENCE' : 'TYPE';
        }
        binders.push({ name, kind });
      }
      this.expect('.');
    }
    const vars = binders.map((b, pos) => ({ db: binders.length - 1 - pos, name: b.name, kind: b.kind }));
    for (const v of vars) this.vars.set(v.name, v);
    let preds: Pred[] = [];
    const save = this.i;
    if (this.peek() === '(' && this.hasPredArrow()) {
      this.next();
      preds.push(this.pred());
      while (this.peek() === ',') { this.next(); preds.push(this.pred()); }
      this.expect(')');
      this.expect('=>');
    } else this.i = save;
    const ty = this.type();
    if (this.i !== this.toks.length) throw new Error(`scheme syntax: trailing "${this.toks.slice(this.i).join(' ')}" in "${this.text}"`);
    preds = preds.slice();
    return { vars, preds, ty };
  }

  /** `( … ) =>` at the cursor: a predicate list rather than a parenthesised type. */
  private hasPredArrow(): boolean {
    let depth = 0;
    for (let j = this.i; j < this.toks.length; j++) {
      const t = this.toks[j];
      if (t === '(' || t === '[' || t === '{') depth++;
      else if (t === ')' || t === ']' || t === '}') {
        depth--;
        if (depth === 0) return this.toks[j + 1] === '=>' && j + 2 < this.toks.length;
      }
    }
    return false;
  }

  private pred(): Pred {
    const t = this.peek()!;
    if (CLASSES.has(t)) {
      this.next();
      return { c: t as ClassName, t: this.atom() };
    }
    const l = this.rose();
    const op = this.next();
    const r = this.rose();
    if (op === '<=') return { c: 'SubRow', l, r };
    if (op === '~') return { c: 'RowEq', l, r };
    throw new Error(`scheme syntax: expected <= or ~, got "${op}" in "${this.text}"`);
  }

  private rose(): Rose {
    if (this.peek() === '(') {
      this.next();
      const l = this.rose();
      this.expect('+');
      const r = this.rose();
      this.expect(')');
      return { k: 'cat', l, r };
    }
    if (this.peek() === '{') {
      this.next();
      const row = this.rowBody();
      this.expect('}');
      return { k: 'row', row };
    }
    return { k: 'row', row: { k: 'rvar', v: this.variable(this.next(), 'ROW') } };
  }

  private variable(name: string, kind: Kind): DbVar {
    const v = this.vars.get(name);
    if (!v) throw new Error(`scheme syntax: unknown variable "${name}" in "${this.text}"`);
    if (v.kind !== kind) throw new Error(`scheme syntax: "${name}" is a ${v.kind} variable, used as ${kind} in "${this.text}"`);
    return v;
  }

  type(): Ty {
    const a = this.atom();
    if (this.peek() === '->') { this.next(); return fun(a, this.type()); }
    return a;
  }

  private atom(): Ty {
    const t = this.next();
    switch (t) {
      case '=>': return { k: 'nullary', r: this.atom() };
      case '(': { const ty = this.type(); this.expect(')'); return ty; }
      case '[': { const ty = this.type(); this.expect(']'); return list(ty); }
      case 'cap-token': return CAP;
      case 'object': case 'table': {
        this.expect('{');
        const row = this.rowBody();
        this.expect('}');
        return { k: t, row };
      }
      case 'module': {
        this.expect('{');
        const names: string[] = [''];
        while (this.peek() !== '}') {
          const n = this.next();
          if (n === ',') names.push(''); else names[names.length - 1] += n;  // `ns . iface` → `ns.iface`
        }
        this.expect('}');
        names.splice(0, names.length, ...names.filter(n => n !== ''));
        if (names.length === 1 && this.vars.has(names[0])) return { k: 'modref', ref: { k: 'mvar', v: this.variable(names[0], 'REFERENCE') } };
        return { k: 'modref', ref: { k: 'mconc', mods: modSet(names.map(n => parseModuleName(n))) } };
      }
    }
    if (PRIMS.has(t)) return prim(t as Prim);
    return { k: 'var', v: this.variable(t, 'TYPE') };
  }

  private rowBody(): Row {
    if (this.peek() === '}') return { k: 'rconc', fields: new Map() };
    if (this.toks[this.i + 1] !== ':') return { k: 'rvar', v: this.variable(this.next(), 'ROW') };
    const fields = new Map<string, Ty>();
    for (;;) {
      const f = this.next();
      this.expect(':');
      fields.set(f, this.type());
      if (this.peek() !== ',') break;
      this.next();
    }
    return { k: 'rconc', fields };
  }
}

/** Parse a scheme written in the syntax above. */
export function parseScheme(text: string): Scheme {
  return new SchemeParser(tokenize(text), text).scheme();
}
