// The stream decoder's routing: header events (both names) to onHeader, others to onOtherEvent
// only when asked, bad data to onInvalid with the decoder's error, and reset between streams.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HeaderDecodeError, type BlockHeaderEvent } from '../../stream/block-header.js';
import { HeaderStreamDecoder } from '../../stream/header-stream.js';
import type { SseError, SseEvent } from '../../stream/sse-decoder.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

const LINES = Array.from({ length: 4 }, (_x, _i, c = new SyntheticChain({ seed: 21 })) => c.next().json);

function collect(options: { other?: boolean; invalid?: boolean } = {}) {
  const headers: BlockHeaderEvent[] = [];
  const invalid: string[] = [];
  const other: string[] = [];
  const decoder = new HeaderStreamDecoder({
    onHeader: (e) => headers.push(e),
    ...(options.invalid === false ? {} : { onInvalid: (e: SseError | HeaderDecodeError) => invalid.push(`${e.name}: ${e.message}`) }),
    ...(options.other ? { onOtherEvent: (e: SseEvent) => other.push(`${e.type}=${e.text()}`) } : {}),
  });
  return { decoder, headers, invalid, other };
}

test('BlockHeader and Block events are headers; other types go to onOtherEvent, or nowhere', () => {
  const body = `event:BlockHeader\ndata:${LINES[0]}\n\nevent:Block\ndata:${LINES[1]}\n\nevent:Ping\ndata:hi\n\ndata:plain\n\n`;
  const c = collect({ other: true });
  c.decoder.feed(Buffer.from(body));
  assert.equal(c.headers.map((e) => e.header.hash), [0, 1].map((i) => JSON.parse(LINES[i]!).header.hash));
  assert.equal(c.other, ['Ping=hi', 'message=plain']);
  assert.equal(c.invalid, []);
  const quiet = collect();
  quiet.decoder.feed(Buffer.from(body));
  assert.is(quiet.headers.length, 2);
  assert.equal(quiet.other, []);
});

test('bad data is reported with the decoder error and skipped; without onInvalid it is skipped silently', () => {
  const body = `event:BlockHeader\ndata:{"header":1}\n\nevent:BlockHeader\ndata:${LINES[2]}\n\n`;
  const c = collect();
  c.decoder.feed(Buffer.from(body));
  assert.equal(c.invalid, ['HeaderDecodeError: header: expected an object']);
  assert.is(c.headers.length, 1);
  const silent = collect({ invalid: false });
  silent.decoder.feed(Buffer.from(body));
  assert.is(silent.headers.length, 1);
});

test('events split across chunks, in chunks large and small, decode to the same headers', () => {
  const body = Buffer.from(LINES.map((l) => `event:BlockHeader\ndata:${l}\n\n`).join(''));
  const expected = LINES.map((l) => JSON.parse(l).header.hash);
  for (const size of [1, 7, 500, 65 * 1024]) {
    const c = collect();
    for (let at = 0; at < body.length; at += size) c.decoder.feed(body.subarray(at, at + size));
    assert.equal(c.headers.map((e) => e.header.hash), expected, `chunks of ${size}`);
    assert.equal(c.invalid, []);
  }
  const big = collect();
  big.decoder.feed(Buffer.concat([Buffer.from(`:${'x'.repeat(70 * 1024)}\n`), body]));
  assert.equal(big.headers.map((e) => e.header.hash), expected, 'one chunk above the shared-text limit');
});

test('reset drops an unfinished event of the old stream', () => {
  const c = collect();
  c.decoder.feed(Buffer.from(`event:BlockHeader\ndata:${LINES[0]!.slice(0, 100)}`));
  c.decoder.reset();
  c.decoder.feed(Buffer.from(`event:BlockHeader\ndata:${LINES[3]}\n\n`));
  assert.equal(c.headers.map((e) => e.header.hash), [JSON.parse(LINES[3]!).header.hash]);
  assert.equal(c.invalid, []);
});

test.run();
