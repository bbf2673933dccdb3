// A Scheduler whose clock moves only when a test says so, to see exactly which events a paced
// NodeServer writes when (the server's timers wait here instead of in Node's event loop).

import type { Cancel, Scheduler } from '../../stream/scheduler.js';

interface Task {
  /** when it is due; a `soon` call is due at once */
  readonly due: number;
  readonly soon: boolean;
  readonly callback: () => void;
}

export class VirtualScheduler implements Scheduler {
  /** Not 0: the server reads a last tick of 0 as "not started". */
  time = 1_000;
  private tasks: Task[] = [];

  now(): number {
    return this.time;
  }

  after(ms: number, callback: () => void): Cancel {
    return this.add({ due: this.time + ms, soon: false, callback });
  }

  soon(callback: () => void): Cancel {
    return this.add({ due: this.time, soon: true, callback });
  }

  /** What waits, in order: 'soon', or a timer's delay from now in ms. */
  get waiting(): (number | 'soon')[] {
    return this.tasks.map((t) => (t.soon ? 'soon' : t.due - this.time));
  }

  /** Moves the clock without running anything: a stalled event loop, or work that takes time. */
  jump(ms: number): void {
    this.time += ms;
  }

  /** Runs the `soon` calls waiting now (not those they ask for). */
  turn(): void {
    for (const task of this.tasks.filter((t) => t.soon)) this.run(task);
  }

  /** Runs the earliest timer, the clock moved to its due time (unless already past it). */
  next(): void {
    const timers = this.tasks.filter((t) => !t.soon);
    if (timers.length === 0) throw new Error('no timer waits');
    const first = timers.reduce((a, b) => (b.due < a.due ? b : a));
    this.time = Math.max(this.time, first.due);
    this.run(first);
  }

  /** Runs every timer due within `ms` from now at its due time, then leaves the clock at now + ms. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.tasks.filter((t) => !t.soon && t.due <= end);
      if (due.length === 0) break;
      this.next();
    }
    this.time = Math.max(this.time, end);
  }

  private add(task: Task): Cancel {
    this.tasks.push(task);
    return () => this.remove(task);
  }

  private remove(task: Task): void {
    const i = this.tasks.indexOf(task);
    if (i >= 0) this.tasks.splice(i, 1);
  }

  private run(task: Task): void {
    if (!this.tasks.includes(task)) return; // cancelled meanwhile
    this.remove(task);
    task.callback();
  }
}
