// The `pactvm` bin pins V8's young generation at its first size (scripts/bin.cjs): most scripts
// are short, and their state lives for the whole script, so a larger young space copies it as
// often and only adds fresh pages to fault in. A long run is the other way round: a script that
// loads large contracts and runs for seconds spent a third of its time in ~1 MB scavenges (one
// every few milliseconds, each scanning the same old-to-young pointers), and the pages a larger
// young space needs are faulted in only once. So once the process has run this long, the young
// generation may grow again by V8's default factor, checked between top-level forms.

import { setFlagsFromString } from 'node:v8';

/** how long a process runs pinned: well past a short script (the 52-file corpus runs in ~0.5 s) */
export const LONG_RUN_MS = 1000;
/** V8's own growth factor, which the bin's flag replaced */
export const GROWTH_FLAG = '--semi-space-growth-factor=2';

/** A check to call often: the first call at or past LONG_RUN_MS (of `now`, milliseconds since the
 *  process started) sets GROWTH_FLAG and answers true; every other call does nothing. The clock is
 *  process.uptime: the global `performance` loads perf_hooks and its modules (~1 ms of a start). */
export function youngGenerationRelease(setFlags: (flags: string) => void): (now?: number) => boolean {
  let released = false;
  return (now = process.uptime() * 1000) => {
    if (released || now < LONG_RUN_MS) return false;
    released = true;
    setFlags(GROWTH_FLAG);
    return true;
  };
}

export const releaseYoungGenerationOnLongRun = youngGenerationRelease(setFlagsFromString);
