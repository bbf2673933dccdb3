// Deadlines for tests that wait (I/O, child processes, timers): a test that waits too long fails
// with a message naming what it waited for, instead of hanging the suite (uvu has no timeouts).

import { test as uvuTest } from 'uvu';

/** How long a waiting test may take unless it says otherwise. */
export const DEFAULT_TEST_MS = 60_000;
/** How long a child process started by a test may run. */
export const CHILD_PROCESS_MS = 120_000;

/** `promise`, or a rejection saying `what` did not happen within `ms` milliseconds. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`deadline: ${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

type Body = () => void | Promise<void>;
interface DeadlineTest {
  (name: string, body: Body): void;
  /** the same, with its own deadline */
  (name: string, ms: number, body: Body): void;
  only(name: string, body: Body): void;
  skip(name: string, body?: Body): void;
  /** suite hooks, as uvu's */
  before(hook: Body): void;
  after(hook: Body): void;
  run(): void;
}

function wrap(name: string, ms: number, body: Body): () => Promise<void> {
  return () => withDeadline(Promise.resolve().then(body), ms, `test "${name}"`);
}

/** uvu's `test`, every body run under a deadline (DEFAULT_TEST_MS unless given). */
export const test: DeadlineTest = Object.assign(
  (name: string, a: number | Body, b?: Body) => {
    if (typeof a === 'number') uvuTest(name, wrap(name, a, b!));
    else uvuTest(name, wrap(name, DEFAULT_TEST_MS, a));
  },
  {
    only: (name: string, body: Body) => uvuTest.only(name, wrap(name, DEFAULT_TEST_MS, body)),
    skip: (name: string, body?: Body) => uvuTest.skip(name, body),
    before: (hook: Body) => uvuTest.before(hook),
    after: (hook: Body) => uvuTest.after(hook),
    run: () => uvuTest.run(),
  },
);
