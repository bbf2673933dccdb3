// The progress line of a long `pactvm test` batch: a bar, files done of total and failures so far,
// redrawn in place on a terminal; nothing at all when the stream is not a terminal (piped, CI logs).

/** Where the line goes: process.stderr, or anything shaped like it (tests pass their own). */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

const BAR = 20;
const CLEAR_LINE = '\r\x1b[K';

export class Progress {
  private shown = false;

  constructor(private readonly out: ProgressStream, private readonly total: number) {}

  /** Only on a terminal, and only for a batch (one file needs no counter). */
  get active(): boolean {
    return this.out.isTTY === true && this.total > 1;
  }

  update(done: number, failed: number): void {
    if (!this.active) return;
    const filled = Math.round((done / this.total) * BAR);
    this.out.write(`${CLEAR_LINE}[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${done}/${this.total} files, ${failed} failed`);
    this.shown = true;
  }

  /** Wipe the line so other output to the same terminal starts on a clean line. */
  clear(): void {
    if (!this.shown) return;
    this.out.write(CLEAR_LINE);
    this.shown = false;
  }
}
