// Mutants of stream/block-header.ts that survived the complete mutation run (issue 16), killed here:
// data that ends (the range's `end`) just before a byte that would have let a shortcut read on,
// messages and offsets of errors, the fast path taken by decodeWithText, layouts that differ only
// in the header's key order, keys that start like the key guessed, a version cached with a quote.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BlockHeaderDecoder, HeaderDecodeError, decodeBlockHeaderEvent, parseBlockHeaderEvent, type BlockHeaderEvent,
} from '../../stream/block-header.js';
import { HeaderStreamDecoder } from '../../stream/header-stream.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

const lines = (n: number, seed = 11) => {
  const chain = new SyntheticChain({ seed });
  return Array.from({ length: n }, () => chain.next().json);
};
const [LINE, LINE2, LINE3] = lines(3) as [string, string, string];
/** An unknown member at the end: the event always goes through the general reader. */
const withExtra = (line: string) => `${line.slice(0, -1)},"zz":1}`;

const sortedAdjacents = (e: BlockHeaderEvent) =>
  ({ ...e, header: { ...e.header, adjacents: [...e.header.adjacents].sort((a, b) => a[0] - b[0]) } });

/** The error `run` throws, as `kind field|message@offset`. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof HeaderDecodeError) return `${error.kind} ${error.field}|${error.message}@${error.offset}`;
    throw error;
  }
  return 'decoded';
}

/** A decoder that has read the node's layout once in full (every key guess and the version known). */
function warmDecoder(): BlockHeaderDecoder {
  const d = new BlockHeaderDecoder();
  d.decode(Buffer.from(withExtra(LINE), 'latin1'));
  return d;
}

/** Decodes `text` with `end` just before `marker`'s `at`-th byte (the rest stays in the buffer). */
function cutBefore(d: BlockHeaderDecoder, text: string, marker: string, at = 0): string {
  const index = text.indexOf(marker);
  assert.ok(index >= 0, marker);
  return failure(() => d.decode(Buffer.from(text, 'latin1'), 0, index + at));
}

test('data that ends after a key\'s closing quote, its colon or inside the key is refused as ending there', () => {
  const d = warmDecoder();
  const text = withExtra(LINE2);
  // the colon and the brace are in the buffer but past `end`
  assert.is(cutBefore(d, text, ':{"adjacents"'), 'syntax header|header: data ends where an object belongs@10');
  assert.is(cutBefore(d, text, '{"adjacents"'), 'syntax header|header: data ends where an object belongs@10');
  // the guessed key's closing quote is past `end`
  assert.is(cutBefore(d, text, '"adjacents"', 10), 'syntax header|header: unterminated string@11');
});

test('data that ends inside an adjacents key, at a hash\'s, the version\'s or the nonce\'s closing quote', () => {
  const d = warmDecoder();
  const text = withExtra(LINE2.replace(/"adjacents":\{"\d+"/, '"adjacents":{"12"'));
  const key = text.indexOf('"adjacents":{"12"') + 14;
  assert.is(failure(() => d.decode(Buffer.from(text, 'latin1'), 0, key + 1)),
    `syntax header.adjacents|header.adjacents: unterminated string@${key - 1}`);
  const hashEnd = text.indexOf('"', key + 5);
  assert.is(hashEnd, key + 48);
  assert.is(failure(() => d.decode(Buffer.from(text, 'latin1'), 0, hashEnd)),
    `syntax header.adjacents.12|header.adjacents.12: unterminated string@${key + 4}`);
  const versionEnd = text.indexOf('"chainwebVersion":"') + 19 + 'mainnet01'.length;
  assert.is(text.slice(versionEnd, versionEnd + 2), '",');
  assert.is(failure(() => d.decode(Buffer.from(text, 'latin1'), 0, versionEnd)),
    `syntax header.chainwebVersion|header.chainwebVersion: unterminated string@${versionEnd - 10}`);
  const nonceStart = text.indexOf('"nonce":"') + 9;
  const nonceEnd = text.indexOf('"', nonceStart);
  assert.is(failure(() => d.decode(Buffer.from(text, 'latin1'), 0, nonceEnd)),
    `syntax header.nonce|header.nonce: unterminated string@${nonceStart - 1}`);
});

test('data that ends after a number whose next byte is a dot is not read as a fraction', () => {
  const d = warmDecoder();
  const text = LINE2.replace(/"txCount":\d+\}$/, '"txCount":1.5}');
  const dot = text.lastIndexOf('.');
  assert.is(failure(() => d.decode(Buffer.from(text, 'latin1'), 0, dot)), `syntax |expected ',' or '}' after a member@${dot}`);
  assert.is(failure(() => d.decode(Buffer.from(text, 'latin1'))), `invalid-value txCount|txCount: expected an integer@${dot - 1}`);
});

test('errors name their message and offset within the range', () => {
  assert.is(failure(() => parseBlockHeaderEvent(`${LINE} x`)), `syntax |unexpected text after the object@${LINE.length + 1}`);
  assert.is(failure(() => parseBlockHeaderEvent('{}')), 'missing-field header|header: missing@2');
  assert.is(failure(() => new BlockHeaderDecoder().decode(Buffer.from('xx{} ', 'latin1'), 2, 4)), 'missing-field header|header: missing@2');
  assert.is(failure(() => parseBlockHeaderEvent('{"zz":')), 'syntax |data ends inside a value@6');
  assert.is(failure(() => parseBlockHeaderEvent('{"zz":[1')), 'syntax |data ends inside a value@8');
  assert.is(failure(() => parseBlockHeaderEvent('{"zz":{"a"')), 'syntax |data ends inside a value@10');
  assert.is(failure(() => parseBlockHeaderEvent('{"zz":{')), 'syntax |data ends inside a value@7');
  assert.is(failure(() => parseBlockHeaderEvent('{"zz":{"a":1,')), 'syntax |data ends inside a value@13');
  assert.is(failure(() => parseBlockHeaderEvent('{"header":{}}')), 'missing-field header.adjacents|header.adjacents: missing@12');
  assert.is(failure(() => parseBlockHeaderEvent('{"header":{ } }')), 'missing-field header.adjacents|header.adjacents: missing@13');
  const shortPow = LINE.replace(/"powHash":"[0-9a-f]/, '"powHash":"');
  assert.match(failure(() => parseBlockHeaderEvent(shortPow)), /^invalid-value powHash\|powHash: expected 64 lowercase hex digits, got 63 chars@/);
  const emptyKey = LINE.replace(/"adjacents":\{"\d+":/, '"adjacents":{"":');
  assert.match(failure(() => parseBlockHeaderEvent(emptyKey)), /^invalid-value header\.adjacents\.\|header\.adjacents\.: key is not a chain id@/);
  const nonce = LINE.replace(/"nonce":"\d+"/, '"nonce":"12:"');
  assert.match(failure(() => parseBlockHeaderEvent(nonce)), /^invalid-value header\.nonce\|header\.nonce: expected the decimal text of a Word64, got "12:"@/);
});

test('a space before a key\'s colon, and an unknown key that starts with the key guessed, decode', () => {
  const d = warmDecoder();
  const expected = sortedAdjacents(parseBlockHeaderEvent(LINE2));
  const spaced = LINE2.replace('"txCount":', '"txCount" :');
  assert.equal(sortedAdjacents(d.decode(Buffer.from(spaced, 'latin1'))), expected);
  // after payloadHash the guess is target, after the top target txCount: "targetZ" and "txCountX" start with them
  const prefixed = LINE2.replace(',"target":"', ',"targetZ":1,"target":"').replace(',"txCount":', ',"txCountX":2,"txCount":');
  assert.equal(sortedAdjacents(d.decode(Buffer.from(prefixed, 'latin1'))), expected);
  const heightX = LINE2.replace(',"height":', ',"heightX":3,"height":');
  assert.equal(sortedAdjacents(d.decode(Buffer.from(heightX, 'latin1'))), expected);
});

test('decodeBlockHeaderEvent decodes bytes; parseBlockHeaderEvent reads UTF-8', () => {
  assert.equal(decodeBlockHeaderEvent(Buffer.from(`  ${LINE}`, 'latin1'), 2), parseBlockHeaderEvent(LINE));
  const unicode = withExtra(LINE).replace('"zz":1', '"zz":"é€"');
  assert.equal(sortedAdjacents(parseBlockHeaderEvent(unicode)), sortedAdjacents(parseBlockHeaderEvent(LINE)));
  const bad = LINE.replace('"mainnet01"', '"mainnet01é"');
  assert.match(failure(() => parseBlockHeaderEvent(bad)), /^invalid-value header\.chainwebVersion\|header\.chainwebVersion: expected a network name, got "mainnet01é"@/);
});

test('a version with a quote is not cached as bytes: the raw text "a"b" is not read as it', () => {
  const d = new BlockHeaderDecoder();
  const quoted = withExtra(LINE.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":"a\\"b"'));
  assert.is(d.decode(Buffer.from(quoted, 'latin1')).header.chainwebVersion, 'a"b');
  const raw = withExtra(LINE2.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":"a"b"'));
  const at = raw.indexOf('"a"b"') + 3;
  assert.is(failure(() => d.decode(Buffer.from(raw, 'latin1'))), `syntax header|header: expected ',' or '}' after a member@${at}`);
  // and a version that starts with the cached one is not cut short
  const longer = withExtra(LINE3.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":"mainnet01X"'));
  const e = new BlockHeaderDecoder();
  e.decode(Buffer.from(withExtra(LINE2), 'latin1'));
  assert.is(e.decode(Buffer.from(longer, 'latin1')).header.chainwebVersion, 'mainnet01X');
});

/** The same members with the header's keys in reverse order (featureFlags kept as written). */
function headerReversed(line: string): string {
  const flags = /"featureFlags":(\d+)/.exec(line)![1]!;
  const json = JSON.parse(line.replace(/"featureFlags":\d+/, '"featureFlags":"FLAGS"'));
  const flip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  const text = JSON.stringify({ ...json, header: flip(json.header) });
  return text.replace('"featureFlags":"FLAGS"', `"featureFlags":${flags}`);
}

test('a layout that differs from the one taught only in the header\'s key order is taught too', () => {
  const d = new BlockHeaderDecoder();
  const lessons = [LINE, headerReversed(LINE2), headerReversed(LINE3)].map(t => {
    const before = d.detours.lessons;
    d.decode(Buffer.from(t, 'latin1'));
    return d.detours.lessons - before;
  });
  assert.equal(lessons, [1, 1, 0]);
  assert.is(d.detours.generalReads, 2);
});

test('a header stream takes the fast path for the events of a chunk after the first', () => {
  const stream = new HeaderStreamDecoder({ onHeader: (e) => heights.push(e.header.height) });
  const heights: number[] = [];
  const all = lines(5, 12);
  stream.feed(Buffer.from(all.map(l => `event:BlockHeader\ndata:${l}\n\n`).join(''), 'latin1'));
  assert.equal(heights, all.map(l => parseBlockHeaderEvent(l).header.height));
  const decoder = (stream as unknown as { headers: BlockHeaderDecoder }).headers;
  assert.equal([decoder.detours.generalReads, decoder.detours.lessons], [1, 1]);
});

test.run();
