// The clock and timers a paced NodeServer runs on: the real ones by default; a test steps a virtual
// one instead, to see exactly which events are written when.

/** Takes back a call asked of a Scheduler (nothing happens if it already ran). */
export type Cancel = () => void;

export interface Scheduler {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Calls `callback` after `ms` milliseconds. */
  after(ms: number, callback: () => void): Cancel;
  /** Calls `callback` once pending I/O has had its turn. */
  soon(callback: () => void): Cancel;
}

/** performance.now, setTimeout and setImmediate. */
export const REAL_SCHEDULER: Scheduler = {
  now: () => performance.now(),
  after: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  soon: (callback) => {
    const immediate = setImmediate(callback);
    return () => clearImmediate(immediate);
  },
};
