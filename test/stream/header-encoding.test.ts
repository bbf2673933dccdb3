import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseBlockHeaderEvent } from '../../stream/block-header.js';
import { TWENTY_CHAIN_GRAPH, mainnetGraphAt, PETERSEN_GRAPH } from '../../stream/chain-graph.js';
import {
  bigIntToLittleEndian, encodeBinaryHeader, encodeHeaderEventJson, encodeHeaderJson, hashBytes, hexTarget, littleEndianToBigInt, powHashOf,
} from '../../stream/header-encoding.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { allRealLines, headerFile } from './fixtures.js';
import { corpusTest } from '../corpus.js';

function binaryHeaders(): Map<string, Buffer> {
  const rows = readFileSync(headerFile('mainnet01-binary.tsv'), 'utf8').trim().split('\n').slice(1);
  return new Map(rows.map((row) => {
    const [hash, , , binary] = row.split('\t');
    return [hash!, Buffer.from(binary!, 'base64url')];
  }));
}

corpusTest('every real header that upstream also stores in binary re-encodes to the same 318 bytes', () => {
  const binaries = binaryHeaders();
  let compared = 0;
  for (const { line } of allRealLines()) {
    const event = parseBlockHeaderEvent(line);
    const binary = binaries.get(event.header.hash);
    if (binary === undefined) continue;
    assert.equal(encodeBinaryHeader(event.header), binary, event.header.hash);
    compared++;
  }
  assert.ok(compared >= 30, `compared ${compared} headers`);
});

corpusTest('powHash and the hex target of every real event are recomputed exactly', () => {
  for (const { line } of allRealLines()) {
    const event = parseBlockHeaderEvent(line);
    assert.is(powHashOf(encodeBinaryHeader(event.header)), event.powHash, event.header.hash);
    assert.is(hexTarget(event.header.target), event.target);
  }
});

corpusTest('every real event in the current key order re-encodes byte for byte', () => {
  const modern = allRealLines().filter(({ line }) => line.startsWith('{"header"'));
  assert.is(modern.length, 48);
  for (const { line } of modern) assert.is(encodeHeaderEventJson(parseBlockHeaderEvent(line)), line);
});

corpusTest("the seed's version field name sorts where aeson would put it", () => {
  const line = allRealLines().find(({ line }) => line.startsWith('{"header"'))!.line;
  const json = encodeHeaderEventJson(parseBlockHeaderEvent(line), { versionField: 'serviceVersion' });
  assert.match(json, /"parent":"[\w-]{43}","payloadHash":"[\w-]{43}","serviceVersion":"mainnet01","target":"[\w-]{43}"/);
  assert.not.match(json, /chainwebVersion/);
});

test('the chain graphs are symmetric and three-regular; the fork height picks the graph', () => {
  for (const graph of [TWENTY_CHAIN_GRAPH, PETERSEN_GRAPH]) {
    graph.forEach((neighbours, chain) => {
      assert.is(neighbours.length, 3);
      for (const n of neighbours) assert.ok(graph[n]!.includes(chain), `${chain}–${n}`);
    });
  }
  assert.is(mainnetGraphAt(852053), PETERSEN_GRAPH);
  assert.is(mainnetGraphAt(852054), TWENTY_CHAIN_GRAPH);
});

corpusTest('real adjacents match the chain graph of their height', () => {
  for (const { line } of allRealLines()) {
    const { header } = parseBlockHeaderEvent(line);
    const expected = [...mainnetGraphAt(header.height)[header.chainId]!].sort((a, b) => a - b);
    assert.equal([...header.adjacents.keys()].sort((a, b) => a - b), expected, header.hash);
  }
});

test('the synthetic chain braids like mainnet: parents, adjacent parents, times, weights, encoding', () => {
  const chain = new SyntheticChain({ seed: 11, forkRate: 0.2 });
  const winners = new Map<string, { chainId: number; height: number }>();
  const lastTime = new Map<number, number>();
  let orphans = 0;
  for (let i = 0; i < 2000; i++) {
    const block = chain.next();
    const { header } = block.event;
    assert.is(block.json, encodeHeaderEventJson(parseBlockHeaderEvent(block.json)));
    assert.is(block.event.powHash, powHashOf(encodeBinaryHeader(header)));
    assert.equal([...header.adjacents.keys()].sort((a, b) => a - b), [...TWENTY_CHAIN_GRAPH[header.chainId]!].sort((a, b) => a - b));
    for (const [neighbour, hash] of header.adjacents) {
      const adjacent = winners.get(hash);
      if (adjacent !== undefined) assert.equal(adjacent, { chainId: neighbour, height: header.height - 1 });
    }
    if (block.orphan) {
      orphans++;
      continue;
    }
    const parent = winners.get(header.parent);
    if (parent !== undefined) assert.equal(parent, { chainId: header.chainId, height: header.height - 1 });
    assert.ok(header.creationTime > (lastTime.get(header.chainId) ?? 0));
    lastTime.set(header.chainId, header.creationTime);
    winners.set(header.hash, { chainId: header.chainId, height: header.height });
  }
  assert.ok(orphans > 100 && orphans < 600, `${orphans} orphans`);
  // Braiding keeps every chain within a few heights of the others.
  const heights = TWENTY_CHAIN_GRAPH.map((_, c) => chain.tipOf(c).header.height);
  assert.ok(Math.max(...heights) - Math.min(...heights) <= 4, heights.join(','));
});

test('the synthetic chain is the same for the same seed and differs for another', () => {
  const lines = (seed: number) => {
    const chain = new SyntheticChain({ seed, forkRate: 0.1 });
    return Array.from({ length: 50 }, () => chain.next().json);
  };
  assert.equal(lines(5), lines(5));
  assert.not.equal(lines(5), lines(6));
});

test('the binary header needs a known version; hashes must be 32 bytes; 256-bit numbers keep every word', () => {
  const event = new SyntheticChain({ seed: 1 }).next().event;
  assert.throws(() => encodeBinaryHeader({ ...event.header, chainwebVersion: 'nowhere01' }), (e: Error) => e.message === 'no binary version code for nowhere01');
  assert.throws(() => hashBytes('AAAA'), (e: Error) => e.message === 'expected 32 bytes of base64url, got 3');
  for (const n of [0n, 1n, 0xffffffffffffffffn, (1n << 64n) + 5n, (1n << 255n) + 12345n, (1n << 256n) - 1n]) {
    assert.is(littleEndianToBigInt(bigIntToLittleEndian(n)), n);
  }
  assert.is(littleEndianToBigInt(`B${'A'.repeat(42)}`), 4n); // the first byte is the lowest
});

test("the seed's encoding names the version serviceVersion, after payloadHash, and nothing in its old place", () => {
  const event = new SyntheticChain({ seed: 1 }).next().event;
  const json = encodeHeaderJson(event.header, { versionField: 'serviceVersion' });
  assert.ok(json.includes(`"chainId":${event.header.chainId},"creationTime":`), json);
  assert.ok(json.includes(`"payloadHash":"${event.header.payloadHash}","serviceVersion":"mainnet01","target":`), json);
  assert.ok(encodeHeaderJson(event.header).includes(`"chainId":${event.header.chainId},"chainwebVersion":"mainnet01","creationTime":`));
});

test.run();
