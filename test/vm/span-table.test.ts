// Spans by code offset (vm/chunk.ts SpanTable) and the emitter's growing code buffer: a long
// function's instructions past the first page of spans and past the buffer's first sizes keep
// their own spans, so its errors are located where they happen.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SpanTable } from '../../vm/chunk.js';
import { SourceFile, Span } from '../../vm/source.js';
import { runRepl } from '../helpers.js';

test('a span table gives each offset the span set there, across pages, and none elsewhere', () => {
  const file = new SourceFile('t.repl', 'x'.repeat(5000));
  const table = new SpanTable();
  const offsets = [0, 1, 1023, 1024, 1025, 2047, 2048, 4095, 4096, 100_000];
  for (const o of offsets) table.set(o, new Span(file, o % 5000, o % 5000 + 1));
  for (const o of offsets) assert.is(table.at(o)?.start, o % 5000, `offset ${o}`);
  for (const o of [2, 1022, 1026, 3000, 5000, 99_999, 100_001]) assert.is(table.at(o), undefined, `offset ${o}`);
  // offsets on pages never written
  for (const o of [50_000, 3_000_000]) assert.is(table.at(o), undefined, `offset ${o}`);
  table.set(1024, undefined);
  assert.is(table.at(1024), undefined);
  // a page's first write leaves its other offsets empty
  const fresh = new SpanTable();
  fresh.set(3000, new Span(file, 1, 2));
  for (const o of [2048, 2999, 3001, 3071]) assert.is(fresh.at(o), undefined, `fresh offset ${o}`);
});

test('an error at the end of a long function is located at its own expression', () => {
  // ~6 code words per binding: the last ones lie far past the first page and the first buffer
  const n = 3000;
  const bindings = Array.from({ length: n }, (_, i) => (i === 0 ? '(x1 1)' : `(x${i + 1} (+ 1 x${i}))`)).join('\n');
  const r = runRepl(`(let* (${bindings}\n(bad (+ x${n} "s"))\n(x (+ 1 x${n}))) x)`);
  assert.ok(r.error, 'the script should fail');
  const at = r.error!.span!;
  assert.is(at.startPos.line, n);
  assert.is(r.error!.span!.file.text.slice(at.start, at.end), `(+ x${n} "s")`);
  const ok = runRepl(`(let* (${bindings}) x${n})`);
  assert.is(ok.traces.at(-1), String(n));
});

test.run();
