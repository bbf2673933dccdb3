// A small Wadler-style document layout (as Haskell's prettyprinter lays out at width 80): Pact's
// REPL printer builds guard records with `encloseSep` and `list`, which break across lines when
// a value does not fit, so long keysets print exactly as Pact prints them.

export type Doc =
  | { k: 'text'; s: string }
  | { k: 'cat'; docs: Doc[] }
  | { k: 'group'; doc: Doc }
  /** `line'`: nothing when flat, a newline when broken */
  | { k: 'softline' }
  /** `flatAlt broken flat` */
  | { k: 'alt'; broken: Doc; flat: Doc };

export const text = (s: string): Doc => ({ k: 'text', s });
export const cat = (...docs: Doc[]): Doc => ({ k: 'cat', docs });
export const group = (doc: Doc): Doc => ({ k: 'group', doc });
const softline: Doc = { k: 'softline' };
const alt = (broken: string, flat: string): Doc => ({ k: 'alt', broken: text(broken), flat: text(flat) });

/** `x <+> y` */
export const spaced = (x: Doc, y: Doc): Doc => cat(x, text(' '), y);

/** prettyprinter's `encloseSep l r sep ds` */
export function encloseSep(l: Doc, r: Doc, sep: Doc, ds: Doc[]): Doc {
  if (ds.length === 0) return cat(l, r);
  if (ds.length === 1) return cat(l, ds[0], r);
  const items: Doc[] = [];
  ds.forEach((d, i) => {
    if (i > 0) items.push(softline);
    items.push(cat(i === 0 ? l : sep, d));
  });
  return cat(group(cat(...items)), r); // cat = group . vcat
}

/** Pact's `commaBraces` */
export const commaBraces = (ds: Doc[]): Doc => encloseSep(text('{'), text('}'), text(','), ds);

/** prettyprinter's `list` (the default `prettyList`) */
export const list = (ds: Doc[]): Doc => group(encloseSep(alt('[ ', '['), alt(' ]', ']'), text(', '), ds));

type Mode = 'flat' | 'break';
const WIDTH = 80;

/** Lay the document out at width 80 (ribbon 1.0), as prettyprinter's `layoutPretty` does. */
export function render(doc: Doc): string {
  let out = '';
  let col = 0;
  // a stack of [mode, doc] still to print, top last
  const stack: [Mode, Doc][] = [['break', doc]];
  while (stack.length) {
    const [mode, d] = stack.pop()!;
    switch (d.k) {
      case 'text': out += d.s; col += d.s.length; break;
      case 'cat': for (let i = d.docs.length - 1; i >= 0; i--) stack.push([mode, d.docs[i]]); break;
      case 'softline':
        if (mode === 'break') { out += '\n'; col = 0; }
        break;
      case 'alt': stack.push([mode, mode === 'flat' ? d.flat : d.broken]); break;
      case 'group':
        if (mode === 'flat' || fits(WIDTH - col, [...stack, ['flat', d.doc]])) stack.push(['flat', d.doc]);
        else stack.push(['break', d.doc]);
        break;
    }
  }
  return out;
}

/** Does the rest of the current line (top of `stack` first) fit in `room` columns? */
function fits(room: number, stack: [Mode, Doc][]): boolean {
  const work = stack.slice();
  while (room >= 0 && work.length) {
    const [mode, d] = work.pop()!;
    switch (d.k) {
      case 'text': room -= d.s.length; break;
      case 'cat': for (let i = d.docs.length - 1; i >= 0; i--) work.push([mode, d.docs[i]]); break;
      case 'softline': if (mode === 'break') return true; break;
      case 'alt': work.push([mode, mode === 'flat' ? d.flat : d.broken]); break;
      case 'group': work.push([mode, d.doc]); break;
    }
  }
  return room >= 0;
}

/** The document on one line: every group flat. */
export function renderFlat(doc: Doc): string {
  let out = '';
  const stack: Doc[] = [doc];
  while (stack.length) {
    const d = stack.pop()!;
    switch (d.k) {
      case 'text': out += d.s; break;
      case 'cat': for (let i = d.docs.length - 1; i >= 0; i--) stack.push(d.docs[i]); break;
      case 'alt': stack.push(d.flat); break;
      case 'group': stack.push(d.doc); break;
    }
  }
  return out;
}
