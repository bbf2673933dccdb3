// The progress line of `pactvm test`: drawn in place on a terminal, absent everywhere else.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Progress } from '../../runtime/repl/progress.js';

const stream = (isTTY: boolean) => {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => { writes.push(text); return true; } };
};

test('on a terminal: a bar, files done of total and failures so far, each redraw over the last', () => {
  const out = stream(true);
  const p = new Progress(out, 4);
  p.update(0, 0);
  p.update(1, 1);
  p.clear();
  p.clear(); // nothing shown: nothing to wipe
  assert.equal(out.writes, [
    '\r\x1b[K[....................] 0/4 files, 0 failed',
    '\r\x1b[K[#####...............] 1/4 files, 1 failed',
    '\r\x1b[K',
  ]);
});

test('piped or redirected (not a TTY), or a single file: not one byte', () => {
  const piped = stream(false);
  const p = new Progress(piped, 10);
  p.update(3, 1);
  p.clear();
  assert.equal(piped.writes, []);
  const single = stream(true);
  new Progress(single, 1).update(1, 0);
  assert.equal(single.writes, []);
});

test.run();
