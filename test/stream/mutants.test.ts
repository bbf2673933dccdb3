// Boundary tables for the block-header decoder's general reader, written to kill the mutants that
// survived the mutation run of stream/: every field missing, twice, or of each wrong JSON type,
// with the exact kind, field, message and byte offset. The data is our own (a seeded synthetic chain).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseBlockHeaderEvent } from '../../stream/block-header.js';
import { errorOf } from './fixtures.js';
import { encodeHeaderEventJson } from '../../stream/header-encoding.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';

const EVENT = encodeHeaderEventJson(new SyntheticChain({ seed: 3 }).next().event);

/** The `"key":value` text of `path` (`header.nonce` inside the header, `txCount` at the top) in `json`. */
function member(json: string, path: string): string {
  const [scope, key] = path.includes('.') ? path.split('.') as [string, string] : ['', path];
  const from = scope === 'header' ? json.indexOf('"header":{') + 10 : json.lastIndexOf('},"powHash"') + 1;
  const start = json.indexOf(`"${key}":`, from);
  let end = start + key.length + 3;
  if (json[end] === '{') end = json.indexOf('}', end) + 1;
  else if (json[end] === '"') end = json.indexOf('"', end + 1) + 1;
  else while (/[0-9]/.test(json[end]!)) end++;
  return json.slice(start, end);
}

const withValue = (m: string, value: string) => m.slice(0, m.indexOf(':') + 1) + value;
const variants: Record<string, (json: string, m: string) => string> = {
  missing: (json, m) => {
    const i = json.indexOf(m);
    return json[i - 1] === '{' ? json.slice(0, i) + json.slice(i + m.length + 1) : json.slice(0, i - 1) + json.slice(i + m.length);
  },
  twice: (json, m) => json.replace(m, `${m},${m}`),
  null: (json, m) => json.replace(m, withValue(m, 'null')),
  'a list': (json, m) => json.replace(m, withValue(m, '[1]')),
  'an object': (json, m) => json.replace(m, withValue(m, '{}')),
  true: (json, m) => json.replace(m, withValue(m, 'true')),
};

test('the synthetic event itself decodes, and an empty adjacents object is accepted', () => {
  assert.is(parseBlockHeaderEvent(EVENT).header.chainId, 15);
  assert.is(parseBlockHeaderEvent(variants['an object']!(EVENT, member(EVENT, 'header.adjacents'))).header.adjacents.size, 0);
});

// [path, variant, kind, message, offset]
const table: [string, string, string, string, number][] = [
  ["header.adjacents", "missing", "missing-field", "header.adjacents: missing", 458],
  ["header.adjacents", "twice", "duplicate-field", "header.adjacents: appears twice", 189],
  ["header.adjacents", "null", "wrong-type", "header.adjacents: expected an object", 23],
  ["header.adjacents", "a list", "wrong-type", "header.adjacents: expected an object", 23],
  ["header.adjacents", "true", "wrong-type", "header.adjacents: expected an object", 23],
  ["header.chainId", "missing", "missing-field", "header.chainId: missing", 611],
  ["header.chainId", "twice", "duplicate-field", "header.chainId: appears twice", 200],
  ["header.chainId", "null", "wrong-type", "header.chainId: expected a number", 187],
  ["header.chainId", "a list", "wrong-type", "header.chainId: expected a number", 187],
  ["header.chainId", "an object", "wrong-type", "header.chainId: expected a number", 187],
  ["header.chainId", "true", "wrong-type", "header.chainId: expected a number", 187],
  ["header.chainwebVersion", "missing", "missing-field", "header.chainwebVersion: missing", 594],
  ["header.chainwebVersion", "twice", "duplicate-field", "header.chainwebVersion: appears twice", 238],
  ["header.chainwebVersion", "null", "wrong-type", "header.chainwebVersion: expected a string", 208],
  ["header.chainwebVersion", "a list", "wrong-type", "header.chainwebVersion: expected a string", 208],
  ["header.chainwebVersion", "an object", "wrong-type", "header.chainwebVersion: expected a string", 208],
  ["header.chainwebVersion", "true", "wrong-type", "header.chainwebVersion: expected a string", 208],
  ["header.creationTime", "missing", "missing-field", "header.creationTime: missing", 592],
  ["header.creationTime", "twice", "duplicate-field", "header.creationTime: appears twice", 267],
  ["header.creationTime", "null", "wrong-type", "header.creationTime: expected a number", 235],
  ["header.creationTime", "a list", "wrong-type", "header.creationTime: expected a number", 235],
  ["header.creationTime", "an object", "wrong-type", "header.creationTime: expected a number", 235],
  ["header.creationTime", "true", "wrong-type", "header.creationTime: expected a number", 235],
  ["header.epochStart", "missing", "missing-field", "header.epochStart: missing", 594],
  ["header.epochStart", "twice", "duplicate-field", "header.epochStart: appears twice", 295],
  ["header.epochStart", "null", "wrong-type", "header.epochStart: expected a number", 265],
  ["header.epochStart", "a list", "wrong-type", "header.epochStart: expected a number", 265],
  ["header.epochStart", "an object", "wrong-type", "header.epochStart: expected a number", 265],
  ["header.epochStart", "true", "wrong-type", "header.epochStart: expected a number", 265],
  ["header.featureFlags", "missing", "missing-field", "header.featureFlags: missing", 607],
  ["header.featureFlags", "twice", "duplicate-field", "header.featureFlags: appears twice", 314],
  ["header.featureFlags", "null", "wrong-type", "header.featureFlags: expected a number", 297],
  ["header.featureFlags", "a list", "wrong-type", "header.featureFlags: expected a number", 297],
  ["header.featureFlags", "an object", "wrong-type", "header.featureFlags: expected a number", 297],
  ["header.featureFlags", "true", "wrong-type", "header.featureFlags: expected a number", 297],
  ["header.hash", "missing", "missing-field", "header.hash: missing", 571],
  ["header.hash", "twice", "duplicate-field", "header.hash: appears twice", 359],
  ["header.hash", "null", "wrong-type", "header.hash: expected a string", 306],
  ["header.hash", "a list", "wrong-type", "header.hash: expected a string", 306],
  ["header.hash", "an object", "wrong-type", "header.hash: expected a string", 306],
  ["header.hash", "true", "wrong-type", "header.hash: expected a string", 306],
  ["header.height", "missing", "missing-field", "header.height: missing", 607],
  ["header.height", "twice", "duplicate-field", "header.height: appears twice", 378],
  ["header.height", "null", "wrong-type", "header.height: expected a number", 361],
  ["header.height", "a list", "wrong-type", "header.height: expected a number", 361],
  ["header.height", "an object", "wrong-type", "header.height: expected a number", 361],
  ["header.height", "true", "wrong-type", "header.height: expected a number", 361],
  ["header.nonce", "missing", "missing-field", "header.nonce: missing", 594],
  ["header.nonce", "twice", "duplicate-field", "header.nonce: appears twice", 407],
  ["header.nonce", "null", "wrong-type", "header.nonce: expected a string", 377],
  ["header.nonce", "a list", "wrong-type", "header.nonce: expected a string", 377],
  ["header.nonce", "an object", "wrong-type", "header.nonce: expected a string", 377],
  ["header.nonce", "true", "wrong-type", "header.nonce: expected a string", 377],
  ["header.parent", "missing", "missing-field", "header.parent: missing", 569],
  ["header.parent", "twice", "duplicate-field", "header.parent: appears twice", 463],
  ["header.parent", "null", "wrong-type", "header.parent: expected a string", 408],
  ["header.parent", "a list", "wrong-type", "header.parent: expected a string", 408],
  ["header.parent", "an object", "wrong-type", "header.parent: expected a string", 408],
  ["header.parent", "true", "wrong-type", "header.parent: expected a string", 408],
  ["header.payloadHash", "missing", "missing-field", "header.payloadHash: missing", 564],
  ["header.payloadHash", "twice", "duplicate-field", "header.payloadHash: appears twice", 528],
  ["header.payloadHash", "null", "wrong-type", "header.payloadHash: expected a string", 468],
  ["header.payloadHash", "a list", "wrong-type", "header.payloadHash: expected a string", 468],
  ["header.payloadHash", "an object", "wrong-type", "header.payloadHash: expected a string", 468],
  ["header.payloadHash", "true", "wrong-type", "header.payloadHash: expected a string", 468],
  ["header.target", "missing", "missing-field", "header.target: missing", 569],
  ["header.target", "twice", "duplicate-field", "header.target: appears twice", 578],
  ["header.target", "null", "wrong-type", "header.target: expected a string", 523],
  ["header.target", "a list", "wrong-type", "header.target: expected a string", 523],
  ["header.target", "an object", "wrong-type", "header.target: expected a string", 523],
  ["header.target", "true", "wrong-type", "header.target: expected a string", 523],
  ["header.weight", "missing", "missing-field", "header.weight: missing", 569],
  ["header.weight", "twice", "duplicate-field", "header.weight: appears twice", 633],
  ["header.weight", "null", "wrong-type", "header.weight: expected a string", 578],
  ["header.weight", "a list", "wrong-type", "header.weight: expected a string", 578],
  ["header.weight", "an object", "wrong-type", "header.weight: expected a string", 578],
  ["header.weight", "true", "wrong-type", "header.weight: expected a string", 578],
  ["powHash", "missing", "missing-field", "powHash: missing", 713],
  ["powHash", "twice", "duplicate-field", "powHash: appears twice", 712],
  ["powHash", "null", "wrong-type", "powHash: expected a string", 635],
  ["powHash", "a list", "wrong-type", "powHash: expected a string", 635],
  ["powHash", "an object", "wrong-type", "powHash: expected a string", 635],
  ["powHash", "true", "wrong-type", "powHash: expected a string", 635],
  ["target", "missing", "missing-field", "target: missing", 714],
  ["target", "twice", "duplicate-field", "target: appears twice", 787],
  ["target", "null", "wrong-type", "target: expected a string", 711],
  ["target", "a list", "wrong-type", "target: expected a string", 711],
  ["target", "an object", "wrong-type", "target: expected a string", 711],
  ["target", "true", "wrong-type", "target: expected a string", 711],
  ["txCount", "missing", "missing-field", "txCount: missing", 778],
  ["txCount", "twice", "duplicate-field", "txCount: appears twice", 800],
  ["txCount", "null", "wrong-type", "txCount: expected a number", 788],
  ["txCount", "a list", "wrong-type", "txCount: expected a number", 788],
  ["txCount", "an object", "wrong-type", "txCount: expected a number", 788],
  ["txCount", "true", "wrong-type", "txCount: expected a number", 788],
];

for (const [path, variant, kind, message, offset] of table) {
  test(`${path} ${variant}: a ${kind} error at byte ${offset}`, () => {
    const error = errorOf(variants[variant]!(EVENT, member(EVENT, path)));
    assert.is(error.name, 'HeaderDecodeError');
    assert.is(error.kind, kind);
    assert.is(error.field, path);
    assert.is(error.message, message);
    assert.is(error.offset, offset);
  });
}

test.run();
