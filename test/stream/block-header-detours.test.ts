// The general header reader's shortcuts are taken: the key that followed the previous key last
// time is tried first, a hash, the hex target, the version and the nonce are read without
// decoding, and a layout is taught to the fast path once. Each shortcut falls back to a slower
// way to the same header, so only the decoder's detour counts show that one stopped working.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BlockHeaderDecoder, parseBlockHeaderEvent, type BlockHeaderEvent } from '../../stream/block-header.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

const lines = (n: number, seed = 3) => {
  const chain = new SyntheticChain({ seed });
  return Array.from({ length: n }, () => chain.next().json);
};

/** An event with an unknown member at the end: never taught to the fast path, so every one goes
 *  through the general reader. */
const withExtra = (line: string) => `${line.slice(0, -1)},"zz":1}`;

/** The same members with the keys of the top object, the header or both in reverse order
 *  (featureFlags kept as written). */
function reversed(line: string, which: 'top' | 'header' | 'both' = 'both'): string {
  const flags = /"featureFlags":(\d+)/.exec(line)![1]!;
  const json = JSON.parse(line.replace(/"featureFlags":\d+/, '"featureFlags":"FLAGS"'));
  const flip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  const header = which === 'top' ? json.header : flip({ ...json.header, adjacents: flip(json.header.adjacents) });
  const text = JSON.stringify(which === 'header' ? { ...json, header } : flip({ ...json, header }));
  return text.replace('"featureFlags":"FLAGS"', `"featureFlags":${flags}`);
}

const sortedAdjacents = (e: BlockHeaderEvent) =>
  ({ ...e, header: { ...e.header, adjacents: [...e.header.adjacents].sort((a, b) => a[0] - b[0]) } });

type Detours = BlockHeaderDecoder['detours'];

/** Decodes each text with one decoder; returns the detour counts each decode added. */
function detoursOf(texts: string[]): Detours[] {
  const d = new BlockHeaderDecoder();
  return texts.map(t => {
    const before = { ...d.detours };
    const event = d.decode(Buffer.from(t, 'latin1'));
    assert.equal(sortedAdjacents(event), sortedAdjacents(parseBlockHeaderEvent(t)));
    return {
      generalReads: d.detours.generalReads - before.generalReads, keyGuessMisses: d.detours.keyGuessMisses - before.keyGuessMisses,
      slowValues: d.detours.slowValues - before.slowValues, lessons: d.detours.lessons - before.lessons,
    };
  });
}

test('in the node\'s layout the general reader guesses every key, and only the first version is decoded', () => {
  const counts = detoursOf(lines(12).map(withExtra));
  // the unknown member is the one key no guess names; the first event decodes the version
  assert.equal(counts[0], { generalReads: 1, keyGuessMisses: 1, slowValues: 1, lessons: 0 });
  for (const c of counts.slice(1)) assert.equal(c, { generalReads: 1, keyGuessMisses: 1, slowValues: 0, lessons: 0 });
});

test('a layout with its keys reversed is learned: after the first event every key is guessed', () => {
  const counts = detoursOf(lines(12).map(l => withExtra(reversed(l))));
  assert.ok(counts[0]!.keyGuessMisses > 10, JSON.stringify(counts[0]));
  for (const c of counts.slice(1)) assert.equal(c, { generalReads: 1, keyGuessMisses: 1, slowValues: 0, lessons: 0 });
});

test('a layout the fast path can take is taught once, and the events after it skip the general reader', () => {
  const counts = detoursOf(lines(12).map(l => reversed(l)));
  assert.equal(counts[0]!.lessons, 1);
  for (const c of counts.slice(1)) assert.equal(c, { generalReads: 0, keyGuessMisses: 0, slowValues: 0, lessons: 0 });
});

test('each new layout is taught once, the node\'s and then a reversed one; both are kept', () => {
  const ls = lines(8);
  const texts = [...ls.slice(0, 3), ...ls.slice(3, 6).map(l => reversed(l)), ls[6]!, reversed(ls[7]!)];
  const counts = detoursOf(texts);
  assert.equal(counts.map(c => c.lessons), [1, 0, 0, 1, 0, 0, 0, 0]);
  assert.equal(counts.map(c => c.generalReads), [1, 0, 0, 1, 0, 0, 0, 0]);
});

test('a layout that differs only in the top object\'s key order, or only in the header\'s, is a new one', () => {
  const ls = lines(6);
  const counts = detoursOf([ls[0]!, reversed(ls[1]!, 'top'), reversed(ls[2]!, 'top'), reversed(ls[3]!, 'header'), reversed(ls[4]!, 'header'), ls[5]!]);
  assert.equal(counts.map(c => c.lessons), [1, 1, 0, 1, 0, 0]);
  assert.equal(counts.map(c => c.generalReads), [1, 1, 0, 1, 0, 0]);
});

/** `line` with the first character of the string member `key` written as a \u escape. */
function escapeFirst(line: string, key: string, occurrence = 0): string {
  let at = -1;
  for (let k = 0; k <= occurrence; k++) at = line.indexOf(`"${key}":"`, at + 1);
  const c = at + key.length + 4;
  return `${line.slice(0, c)}\\u00${line.charCodeAt(c).toString(16).padStart(2, '0')}${line.slice(c + 1)}`;
}

test('a value with an escape leaves its shortcut once, and decodes to the same header', () => {
  const [first, second] = lines(2);
  for (const [key, occurrence] of [['hash', 0], ['parent', 0], ['target', 1], ['chainwebVersion', 0], ['nonce', 0], ['powHash', 0]] as const) {
    const d = new BlockHeaderDecoder();
    d.decode(Buffer.from(withExtra(first!), 'latin1'));
    const before = d.detours.slowValues;
    const escaped = withExtra(escapeFirst(second!, key, occurrence));
    assert.equal(sortedAdjacents(d.decode(Buffer.from(escaped, 'latin1'))), sortedAdjacents(parseBlockHeaderEvent(second!)), key);
    assert.is(d.detours.slowValues - before, 1, key);
  }
});

test('a key with an escape is read the slow way once, and the next event guesses again', () => {
  const [first, second, third] = lines(3);
  const counts = detoursOf([withExtra(first!), withExtra(second!.replace('"height"', '"\\u0068eight"')), withExtra(third!)]);
  assert.equal(counts[1], { generalReads: 1, keyGuessMisses: 2, slowValues: 1, lessons: 0 });
  assert.equal(counts[2], { generalReads: 1, keyGuessMisses: 1, slowValues: 0, lessons: 0 });
});

test.run();
