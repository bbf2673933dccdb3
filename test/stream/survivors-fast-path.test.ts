// Mutants of stream/header-fast-path.ts that survived the complete mutation run (issue 16), killed
// here: the literal bytes after a template's last whole word, the event's final brace, data that
// ends inside a template at the end of its buffer, a learned layout's end, nonce and featureFlags,
// and a version that cannot be matched as bytes.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BlockHeaderDecoder, HeaderDecodeError, parseBlockHeaderEvent, type BlockHeaderEvent } from '../../stream/block-header.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

const lines = (n: number, seed = 21) => {
  const chain = new SyntheticChain({ seed });
  return Array.from({ length: n }, () => chain.next().json);
};
const [LINE, LINE2, LINE3] = lines(3) as [string, string, string];

const sortedAdjacents = (e: BlockHeaderEvent) =>
  ({ ...e, header: { ...e.header, adjacents: [...e.header.adjacents].sort((a, b) => a[0] - b[0]) } });

/** The error decoding `text` throws, as `kind field|message`; 'decoded' if none. */
function failure(d: BlockHeaderDecoder, data: Uint8Array, start?: number): string {
  try {
    d.decode(data, start);
  } catch (error) {
    if (error instanceof HeaderDecodeError) return `${error.kind} ${error.field}|${error.message}`;
    throw error;
  }
  return 'decoded';
}
const bytes = (text: string) => Buffer.from(text, 'latin1');

/** The same members with every key in reverse order (featureFlags kept as written). */
function reversed(line: string): string {
  const flags = /"featureFlags":(\d+)/.exec(line)![1]!;
  const json = JSON.parse(line.replace(/"featureFlags":\d+/, '"featureFlags":"FLAGS"'));
  const flip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  const text = JSON.stringify(flip({ ...json, header: flip({ ...json.header, adjacents: flip(json.header.adjacents) }) }));
  return text.replace('"featureFlags":"FLAGS"', `"featureFlags":${flags}`);
}

/** A decoder whose fast path knows the node's layout and version (and has learned it as a layout). */
function nodeDecoder(): BlockHeaderDecoder {
  const d = new BlockHeaderDecoder();
  d.decode(bytes(LINE));
  assert.is(d.detours.lessons, 1);
  return d;
}

/** A decoder whose fast path has learned the reversed layout. */
function reversedDecoder(): BlockHeaderDecoder {
  const d = new BlockHeaderDecoder();
  d.decode(bytes(reversed(LINE)));
  const reads = d.detours.generalReads;
  d.decode(bytes(reversed(LINE3)));
  assert.is(d.detours.generalReads, reads, 'the reversed layout is taken by the fast path');
  return d;
}

test('the node layout: the bytes after the version template\'s last whole word and the final brace are checked', () => {
  const d = nodeDecoder();
  // `,"chainwebVersion":"mainnet01","creationTime":` is 46 bytes: its `":` are checked one by one
  assert.is(failure(d, bytes(LINE2.replace('"creationTime":', '"creationTime" '))), "syntax header|header: expected ':' after a key");
  assert.is(failure(d, bytes(LINE2.replace('"creationTime":', '"creationTime"x'))), "syntax header|header: expected ':' after a key");
  assert.is(failure(d, bytes(`${LINE2.slice(0, -1)}]`)), "syntax |expected ',' or '}' after a member");
  assert.equal(sortedAdjacents(d.decode(bytes(LINE2))), sortedAdjacents(parseBlockHeaderEvent(LINE2)));
});

test('data that ends inside a template, at the very end of its buffer, is refused by the general reader', () => {
  const d = nodeDecoder();
  for (const marker of ['"weight"', '"payloadHash"', '"powHash"', '"txCount"', '"hash"', '"epochStart"']) {
    const cut = LINE2.slice(0, LINE2.indexOf(marker) + 3);
    const exact = new Uint8Array(bytes(cut)); // its own ArrayBuffer: nothing after the data
    assert.is(exact.buffer.byteLength, cut.length);
    assert.match(failure(d, exact), /^syntax [a-zA-Z.]*\|.*unterminated string$/, marker);
  }
});

test('a learned layout: the end of the data, the nonce, the bytes after a template\'s last whole word', () => {
  const d = reversedDecoder();
  const text = reversed(LINE2);
  assert.is(failure(d, bytes(`${text}X`)), 'syntax |unexpected text after the object');
  assert.is(failure(d, bytes(text.replace(/"nonce":"\d+"/, '"nonce":"1:"'))),
    'invalid-value header.nonce|header.nonce: expected the decimal text of a Word64, got "1:"');
  // `{"txCount":` is 11 bytes: its `t":` are checked one by one
  assert.ok(text.startsWith('{"txCount":'));
  assert.is(failure(d, bytes(text.replace('{"txCount":', '{"txCount" '))), "syntax |expected ':' after a key");
  assert.is(failure(d, bytes(text.replace('{"txCount":', '{"txCounT":'))), 'missing-field txCount|txCount: missing');
  assert.equal(sortedAdjacents(d.decode(bytes(text))), sortedAdjacents(parseBlockHeaderEvent(LINE2)));
});

test('a learned layout reads a featureFlags of 16 to 20 digits from a range that starts inside the buffer', () => {
  const d = reversedDecoder();
  for (const flags of ['18446744073709551615', '1234567890123456', '98765432109876543']) {
    const text = reversed(LINE2).replace(/"featureFlags":\d+/, `"featureFlags":${flags}`);
    const before = d.detours.generalReads;
    const event = d.decode(bytes(`data:${text}`), 5);
    assert.is(event.header.featureFlags, BigInt(flags));
    assert.is(d.detours.generalReads, before, 'read by the fast path');
  }
});

test('a version that needs the template marks # or % is never matched as bytes', () => {
  const d = new BlockHeaderDecoder();
  const withVersion = (line: string, v: string) => line.replace('"chainwebVersion":"mainnet01"', `"chainwebVersion":"${v}"`);
  assert.is(d.decode(bytes(withVersion(LINE, 'a#b'))).header.chainwebVersion, 'a#b');
  assert.is(d.decode(bytes(withVersion(LINE2, 'aXb'))).header.chainwebVersion, 'aXb');
  assert.is(d.decode(bytes(withVersion(LINE3, 'a%b'))).header.chainwebVersion, 'a%b');
  assert.is(d.decode(bytes(withVersion(LINE, 'a0b'))).header.chainwebVersion, 'a0b');
});

test('after a version that cannot be matched as bytes, the next event of the old version is read in full', () => {
  const d = new BlockHeaderDecoder();
  const texts = [LINE, LINE2.replace('"mainnet01"', '"a#b"'), LINE3];
  const reads = texts.map(t => {
    const before = d.detours.generalReads;
    d.decode(bytes(t));
    return d.detours.generalReads - before;
  });
  assert.equal(reads, [1, 1, 1]);
  const before = d.detours.generalReads;
  d.decode(bytes(LINE));
  assert.is(d.detours.generalReads, before, 'the version is known again');
});

test('a learned layout whose first member is a fixed field (powHash, then target) reads it', () => {
  const d = new BlockHeaderDecoder();
  const first = (line: string) => {
    const json = JSON.parse(line.replace(/"featureFlags":(\d+)/, '"featureFlags":"$1"'));
    const text = JSON.stringify({ powHash: json.powHash, target: json.target, header: json.header, txCount: json.txCount });
    return text.replace(/"featureFlags":"(\d+)"/, '"featureFlags":$1');
  };
  assert.equal(sortedAdjacents(d.decode(bytes(first(LINE)))), sortedAdjacents(parseBlockHeaderEvent(LINE)));
  const reads = d.detours.generalReads;
  for (const line of [LINE2, LINE3]) {
    assert.equal(sortedAdjacents(d.decode(bytes(first(line)))), sortedAdjacents(parseBlockHeaderEvent(line)));
  }
  assert.is(d.detours.generalReads, reads, 'read by the learned layout');
});

test.run();
