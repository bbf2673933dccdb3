import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SseDecoder, SseError } from '../../stream/sse-decoder.js';
import { bytes, decode, edgeCases, reference, twoWaySplits } from './sse-reference.js';
import { seededRandom } from '../../stream/seeded-random.js';
import { frame, headerFile, jsonlFiles, jsonlLines } from './fixtures.js';
import { corpusTest } from '../corpus.js';

corpusTest('the real .sse fixture decodes to its two BlockHeader events', () => {
  const input = readFileSync(headerFile('openapi-header-updates.sse'));
  const outcome = decode([input]);
  const lines = jsonlLines('openapi-header-updates.jsonl');
  assert.equal(outcome.events, lines.map((data) => ({ type: 'BlockHeader', data, id: '' })));
  assert.equal(outcome.errors, []);
});

corpusTest('every fixture split at every byte offset decodes to the same events as the WHATWG reference', () => {
  const fixtures: [string, Buffer][] = [
    ['openapi-header-updates.sse', readFileSync(headerFile('openapi-header-updates.sse'))],
    ...jsonlFiles().map((file): [string, Buffer] => [`${file} framed`, bytes(frame(jsonlLines(file)))]),
    ...Object.entries(edgeCases),
  ];
  for (const [name, input] of fixtures) {
    const expected = reference(input);
    assert.equal(decode([input]), expected, `${name}, whole`);
    for (const chunks of twoWaySplits(input)) {
      const outcome = decode(chunks);
      if (outcome.events.length !== expected.events.length || JSON.stringify(outcome) !== JSON.stringify(expected)) {
        assert.equal(outcome, expected, `${name}, split as ${chunks.map((c) => c.length).join('+')}`);
      }
    }
  }
});

test('small fixtures split in three at every pair of offsets decode the same', () => {
  for (const [name, input] of Object.entries(edgeCases)) {
    const expected = JSON.stringify(reference(input));
    for (let a = 0; a <= input.length; a++) {
      for (let b = a; b <= input.length; b++) {
        const chunks = [input.subarray(0, a), input.subarray(a, b), input.subarray(b)];
        assert.is(JSON.stringify(decode(chunks)), expected, `${name} at ${a},${b}`);
      }
    }
  }
});

test('random streams in random chunks match the reference', () => {
  const random = seededRandom(2024);
  const pieces = [
    'data:', 'data: ', 'event:', 'event: ', 'id:', 'retry:', ':', 'x', 'BlockHeader', '{"a":1}', 'é', '€', '𝄞',
    ' ', '12', '\n', '\n', '\r', '\r\n', '\n\n', 'data', 'foo:', '\u0000',
  ];
  for (let run = 0; run < 300; run++) {
    let text = random() < 0.2 ? '\uFEFF' : '';
    const length = 1 + Math.floor(random() * 40);
    for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
    const input = bytes(text);
    const expected = reference(input);
    const chunks: Buffer[] = [];
    for (let at = 0; at < input.length; ) {
      const size = 1 + Math.floor(random() * 7);
      chunks.push(input.subarray(at, at + size));
      at += size;
    }
    assert.equal(decode(chunks), expected, JSON.stringify(text));
  }
});

test('a CR at the end of a chunk and an LF at the start of the next are one line end', () => {
  const outcome = decode([bytes('data:a\r'), bytes('\ndata:b\r\n\r\n')]);
  assert.equal(outcome.events, [{ type: 'message', data: 'a\nb', id: '' }]);
});

test('the last event id persists across events and a NUL makes an id field ignored', () => {
  const outcome = decode([edgeCases['ids and retries']!]);
  assert.equal(outcome.events.map((e) => e.id), ['1', '1', '', '']);
  assert.equal(outcome.retries, [1500, 20]);
});

test('an oversized event gives one typed error and decoding resumes at the next event, whatever the split', () => {
  const input = bytes(`data:short\n\nevent:big\ndata:${'x'.repeat(100)}\ndata:more\n\ndata:after\n\n`);
  for (const chunks of twoWaySplits(input)) {
    const outcome = decode(chunks, 32);
    assert.equal(outcome.events.map((e) => e.data), ['short', 'after']);
    assert.equal(outcome.errors, ['event-too-large']);
  }
});

test('an event is too large when its lines together pass the limit, even if each line is small', () => {
  const lines = Array.from({ length: 10 }, (_, i) => `data:${i}${'y'.repeat(8)}\n`).join('');
  const outcome = decode([bytes(`${lines}\ndata:ok\n\n`)], 64);
  assert.equal(outcome.events.map((e) => e.data), ['ok']);
  assert.equal(outcome.errors, ['event-too-large']);
});

test('the default limit is 1 MiB: a 1.5 MiB event is dropped, a 1 MiB − 100 B one is kept', () => {
  const errors: SseError[] = [];
  const sizes: number[] = [];
  const decoder = new SseDecoder({ onEvent: (e) => sizes.push(e.end - e.start), onError: (e) => errors.push(e) });
  assert.is(decoder.maxEventSize, 1024 * 1024);
  const big = bytes(`data:${'z'.repeat(1.5 * 1024 * 1024)}\n\n`);
  const fine = bytes(`data:${'w'.repeat(1024 * 1024 - 100)}\n\n`);
  const input = Buffer.concat([big, fine, bytes('data:tail\n\n')]);
  for (let at = 0; at < input.length; at += 16384) decoder.feed(input.subarray(at, at + 16384));
  assert.equal(sizes, [1024 * 1024 - 100, 4]);
  assert.is(errors.length, 1);
  assert.instance(errors[0], SseError);
  assert.is(errors[0]!.type, 'event-too-large');
  assert.is(errors[0]!.limit, 1024 * 1024);
});

test('an event inside one chunk is handed out in place, without a copy', () => {
  const chunk = bytes('event:BlockHeader\ndata:{"x":1}\n\n');
  let seen: Uint8Array | undefined;
  let range: [number, number] = [0, 0];
  const decoder = new SseDecoder({
    onEvent: (e) => {
      seen = e.bytes;
      range = [e.start, e.end];
    },
  });
  decoder.feed(chunk);
  assert.ok(seen === chunk, 'the event points into the chunk itself');
  assert.equal(range, [23, 30]);

  const plain = new Uint8Array(chunk); // not a Buffer: wrapped, still the same memory
  decoder.feed(plain);
  assert.ok(seen!.buffer === plain.buffer);
});

test('an event that straddles chunks is copied, so the caller may reuse its buffer', () => {
  const reused = Buffer.alloc(16);
  const events: string[] = [];
  const decoder = new SseDecoder({ onEvent: (e) => events.push(e.text()) });
  const input = bytes('data:first half|second half\n\n');
  for (let at = 0; at < input.length; at += 16) {
    reused.fill(0x21);
    const part = input.subarray(at, at + 16);
    part.copy(reused);
    decoder.feed(reused.subarray(0, part.length));
  }
  assert.equal(events, ['first half|second half']);
});

test('reset discards the unfinished event and lets the next stream start with a BOM', () => {
  const events: string[] = [];
  const decoder = new SseDecoder({ onEvent: (e) => events.push(e.text()) });
  decoder.feed(bytes('data:lost'));
  decoder.reset();
  decoder.feed(bytes('\uFEFFdata:kept\n\n'));
  assert.equal(events, ['kept']);
});

test.run();
