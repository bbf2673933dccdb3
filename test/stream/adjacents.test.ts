// A header's adjacents as the fast path hands them over: entries left in the event's text until
// someone reads them, and then exactly what the JSON says, in its order, through every Map method.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Adjacents } from '../../stream/adjacents.js';
import { BlockHeaderDecoder, type BlockHeaderEvent } from '../../stream/block-header.js';
import { encodeHeaderEventJson } from '../../stream/header-encoding.js';
import { HeaderFastPath } from '../../stream/header-fast-path.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

const HASH_A = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const HASH_B = 'Bb-_0123456789abcdefghijklmnopqrstuvwxyzABC';
const HASH_C = 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz';

/** A synthetic event's JSON in the node's layout, with its adjacents object replaced by `adjacents`. */
function withAdjacents(adjacents: string): string {
  const event = new SyntheticChain({ seed: 5 }).next().event;
  const json = encodeHeaderEventJson(event);
  return json.replace(/"adjacents":\{[^}]*\}/, `"adjacents":{${adjacents}}`);
}

/** Decodes through the fast path alone (failing the test if it declines). */
function fastDecode(json: string): BlockHeaderEvent {
  const fast = new HeaderFastPath();
  fast.rememberVersion('mainnet01');
  const bytes = Buffer.from(json);
  const event = fast.read(bytes, 0, bytes.length);
  if (event === undefined) throw new Error(`the fast path declined ${json}`);
  return event;
}

/** Everything a reader can see of an adjacents map. */
function seen(adjacents: ReadonlyMap<number, string>): unknown {
  const viaForEach: [number, string, boolean][] = [];
  adjacents.forEach(function (this: unknown, hash, chain, map) {
    viaForEach.push([chain, hash, map === adjacents && this === 'thisArg']);
  }, 'thisArg');
  return {
    size: adjacents.size, entries: [...adjacents.entries()], iterated: [...adjacents], keys: [...adjacents.keys()],
    values: [...adjacents.values()], viaForEach, json: JSON.stringify(adjacents),
  };
}

test('the fast path hands over adjacents that read back exactly as the JSON lists them', () => {
  const json = withAdjacents(`"10":"${HASH_A}","4294967295":"${HASH_B}","0":"${HASH_C}"`);
  const adjacents = fastDecode(json).header.adjacents;
  assert.is(String(adjacents), '[object Adjacents]');
  assert.equal(seen(adjacents), {
    size: 3,
    entries: [[10, HASH_A], [4294967295, HASH_B], [0, HASH_C]],
    iterated: [[10, HASH_A], [4294967295, HASH_B], [0, HASH_C]],
    keys: [10, 4294967295, 0],
    values: [HASH_A, HASH_B, HASH_C],
    viaForEach: [[10, HASH_A, true], [4294967295, HASH_B, true], [0, HASH_C, true]],
    json: `{"0":"${HASH_C}","10":"${HASH_A}","4294967295":"${HASH_B}"}`,
  });
});

test('each Map method reads the entries from the text on its own, when it is the first to ask', () => {
  const json = withAdjacents(`"7":"${HASH_A}","12":"${HASH_B}"`);
  assert.is(fastDecode(json).header.adjacents.get(12), HASH_B);
  assert.is(fastDecode(json).header.adjacents.get(7), HASH_A);
  assert.is(fastDecode(json).header.adjacents.get(8), undefined);
  assert.is(fastDecode(json).header.adjacents.has(7), true);
  assert.is(fastDecode(json).header.adjacents.has(70), false);
  assert.is(fastDecode(json).header.adjacents.size, 2);
  assert.equal([...fastDecode(json).header.adjacents.keys()], [7, 12]);
  assert.equal([...fastDecode(json).header.adjacents.values()], [HASH_A, HASH_B]);
  assert.equal([...fastDecode(json).header.adjacents], [[7, HASH_A], [12, HASH_B]]);
  assert.equal((fastDecode(json).header.adjacents as Adjacents).toJSON(), { 7: HASH_A, 12: HASH_B });
  const chains: number[] = [];
  fastDecode(json).header.adjacents.forEach((_, chain) => chains.push(chain));
  assert.equal(chains, [7, 12]);
});

test('adjacents read once stay the same, and an empty object has none', () => {
  const adjacents = fastDecode(withAdjacents(`"3":"${HASH_C}"`)).header.adjacents;
  assert.equal([...adjacents], [[3, HASH_C]]);
  assert.equal([...adjacents], [[3, HASH_C]]);
  assert.is(adjacents.get(3), HASH_C);
  const none = fastDecode(withAdjacents('')).header.adjacents;
  assert.is(none.size, 0);
  assert.equal([...none], []);
  assert.is(none.has(0), false);
});

test('the adjacents of a fast-path event equal those the general reader builds', () => {
  const json = withAdjacents(`"19":"${HASH_B}","2":"${HASH_A}","100":"${HASH_C}"`);
  const viaGeneral = new BlockHeaderDecoder().decode(Buffer.from(` ${json}`)).header.adjacents;
  assert.equal(seen(fastDecode(json).header.adjacents), seen(viaGeneral));
});

test('entries can be added to adjacents read from text, and a chain only once', () => {
  const adjacents = fastDecode(withAdjacents(`"1":"${HASH_A}"`)).header.adjacents as Adjacents;
  assert.is(adjacents.add(1, HASH_B), false);
  assert.is(adjacents.add(2, HASH_B), true);
  assert.is(adjacents.size, 2);
  assert.equal([...adjacents], [[1, HASH_A], [2, HASH_B]]);
  const built = Adjacents.of([[5, HASH_A], [5, HASH_B], [6, HASH_C]]);
  assert.equal([...built], [[5, HASH_A], [6, HASH_C]]);
  assert.is(built.size, 2);
});

test('Adjacents.inText reads count entries from the given offset, and nothing past them', () => {
  const text = `xx"4":"${HASH_A}","55":"${HASH_B}","6":"${HASH_C}"}`;
  assert.equal([...Adjacents.inText(text, 2, 2)], [[4, HASH_A], [55, HASH_B]]);
  assert.equal([...Adjacents.inText(text, 2, 3)], [[4, HASH_A], [55, HASH_B], [6, HASH_C]]);
  assert.is(Adjacents.inText(text, 2, 0).size, 0);
});

test.run();
