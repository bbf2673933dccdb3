// Coverage probes. With coverage on, the emitter places a COVER instruction at a function's entry,
// wherever straight-line code moves to a new source line, and at the start of each arm of an
// `if`; each bumps one counter of its function's probe map. With coverage off nothing is emitted,
// so the interpreter pays nothing.

export const enum ProbeKind {
  /** the function was entered */
  Entry,
  /** control reached code on this line */
  Line,
  /** the `then` arm of the `if` on this line ran */
  Then,
  /** the `else` arm of the `if` on this line ran */
  Else,
}

/** The probes of one compiled function and their hit counters. */
export class ProbeMap {
  readonly lines: number[] = [];
  readonly kinds: ProbeKind[] = [];
  /** filled by COVER; sized when the function's code is complete */
  hits = new Uint32Array(0);

  constructor(
    /** the source file's name, as spans carry it */
    readonly file: string,
    /** `module.function` for module members; null for lambdas (they report lines only) */
    readonly functionName: string | null,
  ) {}

  /** A new probe at a 1-based line; its index is COVER's operand. */
  add(kind: ProbeKind, line: number): number {
    this.lines.push(line);
    this.kinds.push(kind);
    return this.lines.length - 1;
  }

  seal(): void { this.hits = new Uint32Array(this.lines.length); }
}

/** Where compiled functions hand their probe maps (the session's coverage collector). */
export interface CoverageCollector {
  add(map: ProbeMap): void;
}
