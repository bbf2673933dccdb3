// Spans by code offset (vm/chunk.ts SpanTable, written by SpanTableWriter) and the emitter's
// growing code buffer: a long function's instructions past the writer's and the buffer's first
// sizes keep their own spans, so its errors are located where they happen.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SpanTable, SpanTableWriter } from '../../vm/chunk.js';
import { SourceFile, Span } from '../../vm/source.js';
import { runRepl } from '../helpers.js';

test('a span table gives each offset the span added there, and none elsewhere', () => {
  const file = new SourceFile('t.repl', 'x'.repeat(5000));
  const spanAt = (o: number) => new Span(file, o % 5000, o % 5000 + 1);
  const writer = new SpanTableWriter();
  // offsets with gaps of every size, and an instruction without a span (not kept)
  const offsets = [0, 1, 3, 63, 64, 65, 1023, 1024, 1025, 2047, 4096, 100_000];
  for (let o = 200; o < 900; o += 7) offsets.push(o);
  offsets.sort((a, b) => a - b);
  for (const o of offsets) writer.add(o, spanAt(o));
  writer.add(100_001, undefined);
  const table = writer.finish();
  for (const o of offsets) assert.is(table.at(o)?.start, o % 5000, `offset ${o}`);
  for (const o of [-1, 2, 4, 62, 201, 1022, 1026, 3000, 5000, 99_999, 100_001, 3_000_000]) assert.is(table.at(o), undefined, `offset ${o}`);
  // the writer starts afresh for the next function, and the finished table keeps its own spans
  writer.add(5, spanAt(7));
  const next = writer.finish();
  assert.is(next.at(5)?.start, 7);
  assert.is(next.at(0), undefined);
  assert.is(table.at(5), undefined);
  assert.is(table.at(1024)?.start, 1024);
  // a function without spans, and a table made with none
  assert.is(writer.finish().at(0), undefined);
  assert.is(new SpanTable().at(0), undefined);
});

test('a long function\'s spans are found across the table\'s pages, and the offsets between them are not', () => {
  const file = new SourceFile('t.repl', 'y'.repeat(100));
  const writer = new SpanTableWriter();
  // 3000 instructions three code words apart, starting past 0: three pages of 1024 pairs
  const n = 3000, offsetOf = (i: number) => 5 + 3 * i;
  for (let i = 0; i < n; i++) writer.add(offsetOf(i), new Span(file, i % 100, i % 100 + 1));
  const table = writer.finish();
  for (let i = 0; i < n; i++) assert.is(table.at(offsetOf(i))?.start, i % 100, `instruction ${i}`);
  for (const i of [0, 1023, 1024, 2047, 2048, 2999]) {
    assert.is(table.at(offsetOf(i) + 1), undefined, `after instruction ${i}`);
    assert.is(table.at(offsetOf(i) - 1), undefined, `before instruction ${i}`);
  }
  for (const o of [-3, 0, 4, offsetOf(n), 1_000_000]) assert.is(table.at(o), undefined, `offset ${o}`);
});

test('a span writer refuses an offset that is not past the last one (code is emitted in order)', () => {
  const file = new SourceFile('t.repl', 'abc');
  const writer = new SpanTableWriter();
  writer.add(4, new Span(file, 0, 1));
  assert.throws(() => writer.add(4, new Span(file, 1, 2)), /offset 4 is not past the last one/);
  assert.throws(() => writer.add(2, new Span(file, 1, 2)), /offset 2 is not past the last one/);
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
