// Compiled code: a chunk is bytecode + constant pool + span table; a function prototype is a
// chunk plus what the machine needs to call it.

import type { Span } from './source.js';
import type { Value } from './values.js';
import type { PactType } from './types.js';
import type { TierFn } from './tier.js';
import type { TierLoop } from './tier-loops.js';

export interface Chunk {
  code: Int32Array;
  constants: unknown[];
  /** span of the instruction starting at each code offset; read only on errors/logs */
  spans: SpanTable;
}

/** Pairs a page of a span table holds: pages stay below V8's large-object size (a long function's
 *  one array would be allocated there, counted as old memory at once and so hastening full GCs). */
const PAGE_PAIRS = 1024;

/** Spans by code offset: pairs of an offset that has a span and its span, offsets ascending, in
 *  pages of exact length. An instruction's span is read only when something is reported there
 *  (an error, a trace, a gas log entry, a stack frame), so a lookup searches; what matters is the
 *  memory, held as long as the code: two slots per instruction and none for operands. */
export class SpanTable {
  constructor(private readonly pages: readonly (readonly (number | Span)[])[] = []) {}

  at(offset: number): Span | undefined {
    const pages = this.pages;
    // the last page starting at or before the offset, then the pair in it
    let lo = 0, hi = pages.length - 1, page: readonly (number | Span)[] | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if ((pages[mid][0] as number) <= offset) { page = pages[mid]; lo = mid + 1; } else hi = mid - 1;
    }
    if (page === undefined) return undefined;
    lo = 0; hi = (page.length >> 1) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1, o = page[mid << 1] as number;
      if (o === offset) return page[(mid << 1) + 1] as Span;
      if (o < offset) lo = mid + 1; else hi = mid - 1;
    }
    return undefined;
  }
}

/** Builds a SpanTable as code is emitted, offsets ascending. Its buffer is kept for the next
 *  function, so a compile allocates only each finished table. */
export class SpanTableWriter {
  private pairs: (number | Span | undefined)[] = [];
  private length = 0;

  /** The span of the instruction at `offset`, past every offset added before (none: not kept). */
  add(offset: number, span: Span | undefined): void {
    if (span === undefined) return;
    const n = this.length;
    if (n > 0 && offset <= (this.pairs[n - 2] as number)) throw new Error(`span table: offset ${offset} is not past the last one`);
    this.pairs[n] = offset;
    this.pairs[n + 1] = span;
    this.length = n + 2;
  }

  /** The table of everything added, and the writer emptied for the next function. */
  finish(): SpanTable {
    const n = this.length, pages: (number | Span)[][] = [];
    for (let from = 0; from < n; from += 2 * PAGE_PAIRS) pages.push(this.pairs.slice(from, Math.min(n, from + 2 * PAGE_PAIRS)) as (number | Span)[]);
    // cleared, keeping its room, so that the buffer holds no syntax tree alive
    this.pairs.fill(undefined, 0, n);
    this.length = 0;
    return new SpanTable(pages);
  }
}

export type ProtoKind = 'lambda' | 'defun' | 'defcap' | 'defpact' | 'toplevel';

export class FunctionProto {
  constructor(
    readonly name: string,
    readonly kind: ProtoKind,
    readonly arity: number,
    /** frame slots: params then let binders */
    readonly nlocals: number,
    readonly chunk: Chunk,
    /** per capture: slot >= 0 in the creating frame, or -(i+1) for the creator's capture i */
    readonly captureFrom: Int32Array,
    readonly paramTypes: (PactType | null)[],
    readonly returnType: PactType | null,
    readonly span: Span,
    /** qualified name for stack traces and errors, e.g. `m.f` */
    readonly qualifiedName: string,
    /** module of a defun/defcap/defpact (null for lambdas and top-level code) */
    readonly module: string | null = null,
  ) {
    this.intercepted = kind === 'defcap' || kind === 'defpact';
    this.tracked = kind === 'defun' || kind === 'defcap' || kind === 'defpact';
  }

  /** module functions are Pact's call stack: a second activation while one runs is recursion */
  readonly tracked: boolean;
  /** how many frames of this function are running (0 or 1: recursion is refused) */
  active = 0;

  /** calls are intercepted: a defcap builds a capability token, a defpact starts a pact */
  readonly intercepted: boolean;

  /** the second tier's translation (vm/tier.ts), once the function is hot */
  tier: TierFn | null = null;
  /** map/filter/fold/zip loops calling the tiered code (vm/tier-loops.ts), made on first use */
  tierLoops: (TierLoop | null)[] | null = null;
  /** calls counted towards tiering up; -Infinity once the tier declined the function */
  calls = 0;

  /** hash of the module this function belongs to, set once the module is hashed */
  moduleHash: string | null = null;

  /** `m.f.{HASH}`, as Pact names functions in errors */
  get fullyQualifiedName(): string {
    return this.moduleHash ? `${this.qualifiedName}.{${this.moduleHash}}` : this.qualifiedName;
  }

  /** The name a stack frame of this function shows: its fully qualified name, a REPL
   *  definition's in Pact's pseudo-module `#repl` (whose hash is the bytes `#repl`). */
  get frameName(): string {
    return this.module === null ? `${REPL_MODULE}.${this.qualifiedName}.{${REPL_HASH}}` : this.fullyQualifiedName;
  }
}

/** The pseudo-module Pact puts REPL definitions in: what their stack frames name as their module
 *  (the calling module of code a REPL defun runs) */
export const REPL_MODULE = '#repl';
/** base64url of the bytes `#repl` (`I3JlcGw`): the module hash Pact gives REPL definitions */
export const REPL_HASH = Buffer.from(REPL_MODULE).toString('base64url');

export type GlobalKind = 'defun' | 'defconst' | 'defcap' | 'defpact' | 'defschema' | 'deftable';

/** A late-bound top-level definition: REPL defuns/defconsts and module members. */
export class GlobalCell {
  value: Value | undefined = undefined;
  constructor(readonly name: string, readonly kind: GlobalKind, readonly module: string | null) {}
}
