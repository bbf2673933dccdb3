// The SSE decoder's every path against the WHATWG reading: field names near the four known ones,
// values at the edge of a line, BOMs, empty chunks, the event-size limit through the repeated
// `event:` shortcut, and callbacks left out. Small inputs, cut everywhere, so each runs in milliseconds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSseDecoder, SseDecoder, SseError } from '../../stream/sse-decoder.js';
import { bytes, decode, edgeCases, reference } from './sse-reference.js';

/** Field names one byte away from `data`, `event`, `id` and `retry`: changed, cut short, run on. */
function nearNames(): string[] {
  const names: string[] = [];
  for (const name of ['data', 'event', 'id', 'retry']) {
    for (let i = 0; i < name.length; i++) {
      names.push(name.slice(0, i) + String.fromCharCode(name.charCodeAt(i) + 1) + name.slice(i + 1));
    }
    names.push(name.slice(0, -1), `${name}x`, name.toUpperCase());
  }
  return names;
}

const pathCases: Record<string, Buffer> = {
  'names one byte away from the known fields are ignored': bytes(
    `id:known\n${nearNames().map((name) => `${name}:7\ndata:${name}\n\n${name}\ndata:x\n\n`).join('')}`,
  ),
  'known names without a colon have an empty value': bytes('id:7\ndata:a\n\nid\ndata\nevent\nretry\n\nevent:x\ndata:b\n\nevent\ndata:c\n\n'),
  'a BOM after the start is part of its line': bytes('data:x\n\n\uFEFFdata:y\n\n\uFEFF:c\ndata:z\n\n'),
  'a BOM before a CRLF': bytes('\uFEFF\r\ndata:a\r\n\r\n'),
  'a BOM alone, then the stream': bytes('\uFEFF\ndata:a\n\n'),
  'retry at the edges of the digits': bytes('retry:0\nretry:9\nretry:/\nretry::\nretry:10a\nretry: 7\nretry:  7\nretry:\nretry:0009\n\n'),
  'an id with a NUL at either end, then a shorter id': bytes('data:1\n\nid:a\u0000\nid:q\ndata:2\n\nid:\u0000b\ndata:3\n\nid:\ndata:4\n\n'),
  'empty values after longer lines with a space there': bytes('data: x\ndata:\n\nevent: y\nevent:\ndata:z\n\n:  c\n:\nid: 5\nid:\ndata:w\n\n'),
  'a type with a leading space is not the repeated line without it': bytes('event:  x\ndata:1\n\nevent: x\ndata:2\n\nevent:  x\ndata:3\n\nevent: x\ndata:4\n\n'),
  'the repeated event line among other fields': bytes('event:x\ndata:1\n\nevent:xy\ndata:2\n\nevent:x\nevent:x\ndata:3\n\nevent:x\revent:x\r\ndata:4\n\nevent:x\n\nevent:xx\ndata:5\n\n'),
  'the repeated event line without the line end that would finish it': bytes('event:x\ndata:1\n\nevent:x'),
  'a type whose bytes read backwards from its value match the previous type': bytes('event:x:\ndata:1\n\nevent:xQ\ndata:2\n\n'),
  'a type with a leading space between two of the same type': bytes('event:x\ndata:1\n\nevent:  y\ndata:2\n\nevent:x\ndata:3\n\n'),
  'an event line without its colon, then its type on the next line': bytes('event:x\ndata:1\n\nevent\nx\u0000data:2\n\nevent:x\ndata:3\n\n'),
  // fed byte by byte, each line is built in the carry buffer over the bytes of the line before it
  'known names cut short, right after a longer line': bytes('data:1\n\ndat\n\nevent:x\neven\ndata:3\n\nid:5\ni\ndata:4\n\nretry:7\nretr\n\n'),
};

/** The ways to feed `input`: whole, cut in two anywhere, with an empty chunk at every cut, byte by byte. */
function* feedings(input: Buffer): Generator<Buffer[]> {
  yield [input];
  for (let cut = 0; cut <= input.length; cut++) {
    yield [input.subarray(0, cut), input.subarray(cut)];
    yield [input.subarray(0, cut), Buffer.alloc(0), input.subarray(cut)];
  }
  yield [...input].map((b) => Buffer.from([b]));
}

test('each small edge case decodes as the WHATWG reference: whole, cut in two anywhere, around an empty chunk, byte by byte', () => {
  for (const [name, input] of Object.entries({ ...edgeCases, ...pathCases })) {
    const expected = JSON.stringify(reference(input));
    for (const chunks of feedings(input)) {
      const outcome = JSON.stringify(decode(chunks));
      if (outcome !== expected) assert.is(outcome, expected, `${name}, fed as ${chunks.map((c) => c.length).join('+')}`);
    }
  }
});

test('an event stream that starts with a data line is still handed out in place', () => {
  const chunk = bytes('data:{"x":1}\n\n');
  let seen: Uint8Array | undefined;
  const decoder = new SseDecoder({ onEvent: (e) => (seen = e.bytes) });
  decoder.feed(chunk);
  assert.ok(seen === chunk);
});

test('a repeated event line counts toward the event size, to the byte', () => {
  // `data:aaaa` is 10 bytes with its line end, `event:x` 8, `data:b` 7
  const taught = 'event:x\ndata:0\n\n';
  const sizes = (body: string, limit: number) => {
    const outcome = decode([bytes(taught + body + 'data:after\n\n')], limit);
    return { data: outcome.events.map((e) => `${e.type}:${e.data}`), errors: outcome.errors.length };
  };
  assert.equal(sizes('data:aaaa\nevent:x\n\n', 18), { data: ['x:0', 'x:aaaa', 'message:after'], errors: 0 });
  assert.equal(sizes('data:aaaa\nevent:x\n\n', 17), { data: ['x:0', 'message:after'], errors: 1 });
  assert.equal(sizes('data:aaaa\nevent:x\ndata:b\n\n', 25), { data: ['x:0', 'x:aaaa\nb', 'message:after'], errors: 0 });
  assert.equal(sizes('data:aaaa\nevent:x\ndata:b\n\n', 24), { data: ['x:0', 'message:after'], errors: 1 });
});

test('an oversized line is reported as soon as its bytes arrive, before its line ends', () => {
  const errors: string[] = [];
  const events: string[] = [];
  const decoder = new SseDecoder({ onEvent: (e) => events.push(e.text()), onError: (e) => errors.push(e.type), maxEventSize: 32 });
  // `data:a` counts 7 with its line end; the unfinished line counts its bytes so far plus 1
  const steps: [string, number][] = [['data:a\n', 0], [`data:${'x'.repeat(10)}`, 0], ['x'.repeat(9), 0], ['x', 1], ['x'.repeat(50), 1]];
  for (const [chunk, errorsSoFar] of steps) {
    decoder.feed(bytes(chunk));
    assert.is(errors.length, errorsSoFar, `after ${JSON.stringify(chunk)}`);
  }
  decoder.feed(bytes('\n\ndata:ok\n\n'));
  assert.equal(events, ['ok']);
  assert.equal(errors, ['event-too-large']);
});

test('a repeated event line inside a dropped event does not leak its type into the next event', () => {
  const outcome = decode([bytes(`event:x\ndata:1\n\ndata:${'z'.repeat(40)}\nevent:x\n\ndata:2\n\n`)], 32);
  assert.equal(outcome.events.map((e) => `${e.type}:${e.data}`), ['x:1', 'message:2']);
  assert.equal(outcome.errors, ['event-too-large']);
});

test("a broken BOM's bytes belong to the first line and count toward its event's size", () => {
  // the first line is EF BB 'zz' (4 bytes, 5 with its end), then `data:1` (7): 12 in all
  const input = Buffer.concat([Buffer.from([0xef, 0xbb]), bytes('zz\ndata:1\n\ndata:2\n\n')]);
  for (const cut of [0, 1, 2, 3, input.length]) {
    const chunks = [input.subarray(0, cut), input.subarray(cut)];
    assert.equal(decode(chunks, 12).events.map((e) => e.data), ['1', '2'], `limit 12, cut at ${cut}`);
    assert.equal(decode(chunks, 11).events.map((e) => e.data), ['2'], `limit 11, cut at ${cut}`);
  }
});

test('a multi-line event whose copy fills the buffer exactly before a line feed keeps every byte', () => {
  for (const length of [1023, 1024, 1025, 2047, 2048, 4096]) {
    const first = 'q'.repeat(length);
    const outcome = decode([bytes(`data:${first}\ndata:b\ndata:c\n\n`)]);
    assert.equal(outcome.events.map((e) => e.data), [`${first}\nb\nc`], `first line of ${length}`);
  }
});

test('retry, comments and oversized events need no callbacks: without them they are dropped quietly', () => {
  const events: string[] = [];
  const decoder = createSseDecoder({ onEvent: (e) => events.push(e.text()), maxEventSize: 16 });
  assert.instance(decoder, SseDecoder);
  decoder.feed(bytes(`retry:5\n:comment\ndata:${'x'.repeat(40)}\n\ndata:kept\n\n`));
  assert.equal(events, ['kept']);
});

test('the oversize error names itself and says what happened', () => {
  const errors: SseError[] = [];
  const decoder = new SseDecoder({ onEvent: () => {}, onError: (e) => errors.push(e), maxEventSize: 8 });
  decoder.feed(bytes('data:123456789\n\n'));
  assert.is(errors.length, 1);
  assert.is(errors[0]!.name, 'SseError');
  assert.is(errors[0]!.message, 'event larger than 8 bytes: dropped up to the next blank line');
  assert.is(errors[0]!.limit, 8);
});

test('the last event id can be read and set between events, as a reconnecting client does', () => {
  const ids: string[] = [];
  const decoder = new SseDecoder({ onEvent: (e) => ids.push(e.lastEventId) });
  assert.is(decoder.lastEventId, '');
  decoder.feed(bytes('id:41\ndata:a\n\n'));
  assert.is(decoder.lastEventId, '41');
  decoder.lastEventId = 'resumed';
  decoder.feed(bytes('data:b\n\n'));
  assert.equal(ids, ['41', 'resumed']);
});

test.run();
