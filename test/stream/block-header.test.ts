import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BlockHeaderDecoder, HeaderDecodeError, parseBlockHeaderEvent, type BlockHeaderEvent, type HeaderErrorKind,
} from '../../stream/block-header.js';
import { HeaderFastPath } from '../../stream/header-fast-path.js';
import { HeaderStreamDecoder } from '../../stream/header-stream.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { SseError } from '../../stream/sse-decoder.js';
import { allRealLines, errorOf, frame, jsonlLines } from './fixtures.js';
import { corpusTest, fromCorpus } from '../corpus.js';

/** What JSON.parse can read exactly, plus the 64-bit numbers taken from the text itself. */
function expectedFrom(line: string) {
  const json = JSON.parse(line);
  const h = json.header;
  const featureFlags = /"featureFlags":(\d+)/.exec(line)![1]!;
  return {
    header: {
      chainId: h.chainId, height: h.height, hash: h.hash, parent: h.parent,
      adjacents: new Map(Object.entries(h.adjacents as Record<string, string>).map(([k, v]) => [Number(k), v])),
      chainwebVersion: h.chainwebVersion, creationTime: h.creationTime, epochStart: h.epochStart,
      featureFlags: BigInt(featureFlags), nonce: h.nonce, payloadHash: h.payloadHash, target: h.target, weight: h.weight,
    },
    powHash: json.powHash, target: json.target, txCount: json.txCount,
  };
}

function plain(event: BlockHeaderEvent) {
  return { ...event, header: { ...event.header, adjacents: new Map(event.header.adjacents) } };
}

const MODERN = fromCorpus(() => jsonlLines('mainnet01-sequence-6321598.jsonl')[8]!, ''); // chain 0 at 6321600, the spec's example

corpusTest('every real header in shared/data/headers decodes and equals its JSON', () => {
  const lines = allRealLines();
  assert.is(lines.length, 50);
  for (const { file, line } of lines) {
    assert.equal(plain(parseBlockHeaderEvent(line)), expectedFrom(line), `${file}: ${line.slice(0, 80)}`);
  }
});

corpusTest('featureFlags above 2^53 keep every digit', () => {
  const [first, , third] = jsonlLines('mainnet01-historic.jsonl');
  assert.is(parseBlockHeaderEvent(first!).header.featureFlags, 5156684846802599936n);
  assert.is(parseBlockHeaderEvent(third!).header.featureFlags, 13587439086007832832n);
  assert.is(BigInt(JSON.parse(third!).header.featureFlags), 13587439086007832576n); // what JSON.parse makes of it
});

corpusTest('the spec example decodes to exact typed values', () => {
  const event = parseBlockHeaderEvent(MODERN);
  assert.is(event.header.chainId, 0);
  assert.is(event.header.height, 6321600);
  assert.is(event.header.creationTime, 1762146686559757);
  assert.is(event.header.epochStart, 1762146646125796);
  assert.is(event.header.nonce, '8979370741994948982');
  assert.is(event.header.featureFlags, 0n);
  assert.is(event.header.chainwebVersion, 'mainnet01');
  assert.equal([...event.header.adjacents.keys()], [10, 15, 5]);
  assert.is(event.header.adjacents.get(5), 'csFm3g5DIqDtQb2mWPOAH_oInypK_Czr_TRCrp-2qS4');
  assert.is(event.powHash, '000000000000005477bddf560354eb3aa2b978f8ba03824733374e0a51e55baa');
  assert.is(event.txCount, 0);
});

corpusTest('keys in any order, whitespace and escapes decode to the same header', () => {
  const expected = plain(parseBlockHeaderEvent(MODERN));
  const json = JSON.parse(MODERN);
  const shuffle = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  const reordered = JSON.stringify({ ...shuffle(json), header: shuffle({ ...json.header, adjacents: shuffle(json.header.adjacents) }) });
  const adjacentOrder = (e: BlockHeaderEvent) => ({ ...plain(e), header: { ...plain(e).header, adjacents: new Map([...e.header.adjacents].sort((a, b) => a[0] - b[0])) } });
  assert.equal(adjacentOrder(parseBlockHeaderEvent(reordered)), adjacentOrder(parseBlockHeaderEvent(MODERN)));
  const spaced = MODERN.replace(/([:,{])/g, '$1 \n\t').replace(/}/g, ' }');
  assert.equal(plain(parseBlockHeaderEvent(` ${spaced}\r\n`)), expected);
  const escaped = MODERN.replace('"hash":"-1E6', '"hash":"\\u002d1E6').replace('"height"', '"h\\u0065ight"');
  assert.equal(plain(parseBlockHeaderEvent(escaped)), expected);
});

corpusTest('layouts that change from event to event decode alike (the learned key order is only a guess)', () => {
  const json = JSON.parse(MODERN);
  const shuffle = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  const reordered = JSON.stringify({ ...shuffle(json), header: shuffle(json.header) });
  const rotated = JSON.stringify({ txCount: json.txCount, header: { ...json.header, chainId: json.header.chainId }, powHash: json.powHash, target: json.target });
  const expected = plain(parseBlockHeaderEvent(MODERN));
  for (const text of [reordered, MODERN, rotated, reordered, rotated, MODERN, reordered]) {
    assert.equal(plain(parseBlockHeaderEvent(text)), expected);
  }
  const unknownFirst = JSON.stringify({ extra: [1, { a: 'b' }], ...shuffle(json) });
  assert.equal(plain(parseBlockHeaderEvent(unknownFirst)), expected);
});

corpusTest("the 2021 OpenAPI events (hash-map key order) decode through the general reader", () => {
  const [line] = jsonlLines('openapi-header-updates.jsonl');
  assert.ok(line!.startsWith('{"txCount"'));
  assert.equal(plain(parseBlockHeaderEvent(line!)), expectedFrom(line!));
});

corpusTest("the seed's serviceVersion is accepted as chainwebVersion", () => {
  const event = parseBlockHeaderEvent(MODERN.replace('"chainwebVersion"', '"serviceVersion"'));
  assert.is(event.header.chainwebVersion, 'mainnet01');
  const both = MODERN.replace('"chainId":0,', '"chainId":0,"serviceVersion":"mainnet01",');
  const error = errorOf(both);
  assert.is(error.kind, 'duplicate-field');
});

corpusTest('unknown members are skipped, whatever they hold', () => {
  const extra = MODERN.replace('"txCount":0}', '"txCount":0,"payloadWithOutputs":{"a":[1,-2.5e3,"x\\"}",null,true,{"b":[]}]}}')
    .replace('"weight"', '"future":[{"x":"y"}],"weight"');
  assert.equal(plain(parseBlockHeaderEvent(extra)), plain(parseBlockHeaderEvent(MODERN)));
});

corpusTest('the fast path and the general reader agree on every modern real line', () => {
  const fast = new BlockHeaderDecoder();
  for (const { line } of allRealLines().filter(({ line }) => line.startsWith('{"header"'))) {
    const viaFast = plain(fast.decode(Buffer.from(line)));
    const viaGeneral = plain(fast.decode(Buffer.from(` ${line}`))); // a leading space leaves the fast path
    assert.equal(viaFast, viaGeneral);
  }
});

corpusTest('the fast path takes every event in the layout current nodes send, and nothing else', () => {
  const fast = new HeaderFastPath();
  const first = Buffer.from(MODERN);
  assert.is(fast.read(first, 0, first.length), undefined, 'the version is not known yet');
  fast.rememberVersion('mainnet01');
  const modern = allRealLines().filter(({ line }) => line.startsWith('{"header"'));
  const chain = new SyntheticChain({ seed: 9, forkRate: 0.1 });
  const lines = [...modern.map(({ line }) => line), ...Array.from({ length: 500 }, () => chain.next().json)];
  for (const line of lines) {
    const bytes = Buffer.from(line);
    assert.ok(fast.read(bytes, 0, bytes.length) !== undefined, line.slice(0, 100));
  }
  for (const other of [` ${MODERN}`, MODERN.replace('"chainwebVersion"', '"serviceVersion"'), MODERN.replace('"hash":"-', '"hash":"+'), jsonlLines('openapi-header-updates.jsonl')[0]!]) {
    const bytes = Buffer.from(other);
    assert.is(fast.read(bytes, 0, bytes.length), undefined, other.slice(0, 60));
  }
});

corpusTest('decoding reads a byte range inside a larger buffer', () => {
  const buffer = Buffer.from(`xxxx${MODERN}yyyy`);
  const event = new BlockHeaderDecoder().decode(buffer, 4, 4 + Buffer.byteLength(MODERN));
  assert.is(event.header.hash, '-1E6y63_tWOSEIf4TpBhwRSTVomxQQLwLxFobQMFjb8');
});

const malformed: [string, string, HeaderErrorKind, string][] = [
  ['a 42-char hash', MODERN.replace('"hash":"-1E6y63_', '"hash":"1E6y63_'), 'invalid-value', 'header.hash'],
  ['a parent outside base64url', MODERN.replace('"parent":"PaFr', '"parent":"Pa+r'), 'invalid-value', 'header.parent'],
  ['a padded payload hash', MODERN.replace('"payloadHash":"NhHlvQQfI09ns8Yo9BTH42hexxR65yXzf_pWzUv30d0"', '"payloadHash":"NhHlvQQfI09ns8Yo9BTH42hexxR65yXzf_pWzUv30d0="'), 'invalid-value', 'header.payloadHash'],
  ['a short header target', MODERN.replace('"target":"gdOUY7_', '"target":"gdOUY7'), 'invalid-value', 'header.target'],
  ['a weight that is a number', MODERN.replace(/"weight":"[^"]*"/, '"weight":5'), 'wrong-type', 'header.weight'],
  ['a bad adjacent hash', MODERN.replace('"5":"csFm', '"5":"c$Fm'), 'invalid-value', 'header.adjacents.5'],
  ['an adjacent key that is not a chain id', MODERN.replace('"5":"csFm', '"five":"csFm'), 'invalid-value', 'header.adjacents.five'],
  ['an adjacent key twice', MODERN.replace('"15":"XBFz', '"10":"XBFz'), 'duplicate-field', 'header.adjacents.10'],
  ['a nonce with a letter', MODERN.replace('"nonce":"8979370741994948982"', '"nonce":"897937074199494898x"'), 'invalid-value', 'header.nonce'],
  ['a nonce of 2^64', MODERN.replace('"nonce":"8979370741994948982"', '"nonce":"18446744073709551616"'), 'out-of-range', 'header.nonce'],
  ['a nonce as a number', MODERN.replace('"nonce":"8979370741994948982"', '"nonce":8979370741994948982'), 'wrong-type', 'header.nonce'],
  ['an empty nonce', MODERN.replace('"nonce":"8979370741994948982"', '"nonce":""'), 'invalid-value', 'header.nonce'],
  ['featureFlags of 2^64', MODERN.replace('"featureFlags":0', '"featureFlags":18446744073709551616'), 'out-of-range', 'header.featureFlags'],
  ['negative featureFlags', MODERN.replace('"featureFlags":0', '"featureFlags":-1'), 'out-of-range', 'header.featureFlags'],
  ['fractional featureFlags', MODERN.replace('"featureFlags":0', '"featureFlags":1.5'), 'invalid-value', 'header.featureFlags'],
  ['a height as a string', MODERN.replace('"height":6321600', '"height":"6321600"'), 'wrong-type', 'header.height'],
  ['a height of 2^53', MODERN.replace('"height":6321600', '"height":9007199254740992'), 'out-of-range', 'header.height'],
  ['a height with an exponent', MODERN.replace('"height":6321600', '"height":6.3216e6'), 'invalid-value', 'header.height'],
  ['a chain id of 2^32', MODERN.replace('"chainId":0', '"chainId":4294967296'), 'out-of-range', 'header.chainId'],
  ['a negative creation time', MODERN.replace('"creationTime":1762146686559757', '"creationTime":-1762146686559757'), 'out-of-range', 'header.creationTime'],
  ['a missing creation time', MODERN.replace('"creationTime":1762146686559757,', ''), 'missing-field', 'header.creationTime'],
  ['a missing epoch start', MODERN.replace('"epochStart":1762146646125796,', ''), 'missing-field', 'header.epochStart'],
  ['a missing version', MODERN.replace('"chainwebVersion":"mainnet01",', ''), 'missing-field', 'header.chainwebVersion'],
  ['an empty version', MODERN.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":""'), 'invalid-value', 'header.chainwebVersion'],
  ['an uppercase powHash', MODERN.replace('"powHash":"000000000000005477bddf', '"powHash":"000000000000005477BDDF'), 'invalid-value', 'powHash'],
  ['a 63-digit target', MODERN.replace('"target":"000000000000005df6', '"target":"00000000000005df6'), 'invalid-value', 'target'],
  ['a negative txCount', MODERN.replace('"txCount":0', '"txCount":-3'), 'out-of-range', 'txCount'],
  ['a missing txCount', MODERN.replace(',"txCount":0', ''), 'missing-field', 'txCount'],
  ['a header that is a string', '{"header":"x","powHash":"00","target":"00","txCount":0}', 'wrong-type', 'header'],
  ['a missing header', '{"powHash":"000000000000005477bddf560354eb3aa2b978f8ba03824733374e0a51e55baa","target":"000000000000005df6bd673cad141f92365ab97ef4121a49cca9cfbf6394d381","txCount":0}', 'missing-field', 'header'],
  ['a key twice at the top', MODERN.replace('"txCount":0}', '"txCount":0,"txCount":1}'), 'duplicate-field', 'txCount'],
  ['a leading zero', MODERN.replace('"chainId":0', '"chainId":01'), 'syntax', 'header.chainId'],
  ['truncated data', MODERN.slice(0, 300), 'syntax', 'header'],
  ['text after the object', `${MODERN}x`, 'syntax', ''],
  ['not JSON', 'hello', 'wrong-type', ''],
  ['an array', '[]', 'wrong-type', ''],
];

for (const [what, json, kind, field] of malformed) {
  corpusTest(`${what} is a ${kind} error naming ${field || 'the root'}`, () => {
    const error = errorOf(json);
    assert.instance(error, HeaderDecodeError);
    assert.is(error.kind, kind);
    assert.is(error.field, field);
  });
}

/** Syntax and structure errors, each with its exact message and byte offset. */
const misplaced: [string, string, HeaderErrorKind, string, string, number][] = [
  ['data that ends inside the header', MODERN.slice(0, MODERN.indexOf('"header":') + 9), 'syntax', 'header', 'header: data ends where an object belongs', 10],
  ['data that ends after a top-level key', '{"txCount":', 'syntax', 'txCount', 'txCount: data ends where a number belongs', 11],
  ['whitespace only', '   ', 'syntax', '', 'data ends where an object belongs', 3],
  ['no comma between top-level members', MODERN.replace(',"txCount"', ' "txCount"'), 'syntax', '', "expected ',' or '}' after a member", 777],
  ['no comma between header members', MODERN.replace(',"chainId"', ' "chainId"'), 'syntax', 'header', "header: expected ',' or '}' after a member", 177],
  ['no comma between adjacents', MODERN.replace(',"15":', ' "15":'), 'syntax', 'header.adjacents', "header.adjacents: expected ',' or '}' after a member", 75],
  ['an unknown header member with a bad token', MODERN.replace('"chainId"', '"extra":{"a":tru},"chainId"'), 'syntax', 'header', 'header: invalid token "tru"', 190],
  ['the version twice', MODERN.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":"mainnet01","chainwebVersion":"mainnet01"'), 'duplicate-field', 'header.chainwebVersion', 'header.chainwebVersion: appears twice', 237],
  ['serviceVersion after chainwebVersion', MODERN.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":"mainnet01","serviceVersion":"mainnet01"'), 'duplicate-field', 'header.serviceVersion', 'header.serviceVersion: appears twice', 236],
  ['an empty serviceVersion', MODERN.replace('"chainwebVersion":"mainnet01"', '"serviceVersion":""'), 'invalid-value', 'header.serviceVersion', 'header.serviceVersion: expected a network name, got ""', 208],
  ['a version with a space', MODERN.replace('"chainwebVersion":"mainnet01"', '"chainwebVersion":"main net"'), 'invalid-value', 'header.chainwebVersion', 'header.chainwebVersion: expected a network name, got "main net"', 217],
  ['a version of 65 chars', MODERN.replace('"chainwebVersion":"mainnet01"', `"chainwebVersion":"${'v'.repeat(65)}"`), 'invalid-value', 'header.chainwebVersion', `header.chainwebVersion: expected a network name, got "${'v'.repeat(65)}"`, 274],
  ['the header twice', MODERN.replace(',"txCount":0', ',"header":{},"txCount":0'), 'duplicate-field', 'header', 'header: appears twice', 786],
  ['an adjacent hash one char short', MODERN.replace(/"5":"./, '"5":"'), 'invalid-value', 'header.adjacents.5', 'header.adjacents.5: expected unpadded base64url of 32 bytes (43 chars), got 42 chars', 174],
  ['an adjacent hash that is a number', MODERN.replace(/"5":"[^"]*"/, '"5":5'), 'wrong-type', 'header.adjacents.5', 'header.adjacents.5: expected a string', 130],
  ['a hash with a char beyond latin1', MODERN.replace(/"hash":"./, '"hash":"\u0100'), 'invalid-value', 'header.hash', 'header.hash: expected unpadded base64url of 32 bytes (43 chars), got "\u0100"', 351],
  ['an empty object', '{}', 'missing-field', 'header', 'header: missing', 2],
  ['a header key that is not a string', MODERN.replace('"chainId":', '7:'), 'syntax', 'header', 'header: expected a quoted key', 177],
  ['a header key without its colon', MODERN.replace('"chainId":', '"chainId" '), 'syntax', 'header', "header: expected ':' after a key", 187],
  ['a top-level key without its colon', MODERN.replace('"txCount":', '"txCount" '), 'syntax', '', "expected ':' after a key", 787],
  ['an adjacent key that is not a string', MODERN.replace(/"5":/, '5:'), 'syntax', 'header.adjacents', 'header.adjacents: expected a quoted chain id', 126],
  ['an adjacent key without its colon', MODERN.replace(/"5":/, '"5" '), 'syntax', 'header.adjacents', "header.adjacents: expected ':' after a key", 130],
  ['an adjacent key that is not a chain id', MODERN.replace('"5":"csFm', '"five":"csFm'), 'invalid-value', 'header.adjacents.five', 'header.adjacents.five: key is not a chain id', 132],
  ['an unknown member that runs to the end of the data', '{"extra":[1,', 'syntax', '', 'data ends inside a value', 12],
];

for (const [what, json, kind, field, message, offset] of misplaced) {
  corpusTest(`${what}: ${message}, at byte ${offset}`, () => {
    const error = errorOf(json);
    assert.equal([error.kind, error.field, error.message, error.offset], [kind, field, message, offset]);
  });
}

corpusTest("an unknown member's numbers and literals follow JSON's grammar: these are skipped", () => {
  for (const value of ['0', '-0', '12', '1.5', '1e5', '1E+5', '1.25e-3', 'true', 'false', 'null', '"s"', '{}', '[]', '[1,{"a":[null]}]']) {
    assert.is(parseBlockHeaderEvent(MODERN.replace('{"header"', `{"extra":${value},"header"`)).header.height, 6321600, value);
  }
});

corpusTest("an unknown member's bad token or bracket is a syntax error at its first byte", () => {
  const cases: [string, string][] = [
    ['01', 'invalid token "01"'], ['1.', 'invalid token "1."'], ['.5', 'invalid token ".5"'], ['1e', 'invalid token "1e"'],
    ['1e+', 'invalid token "1e+"'], ['+1', 'invalid token "+1"'], ['-', 'invalid token "-"'], ['tru', 'invalid token "tru"'],
    ['TRUE', 'invalid token "TRUE"'], ['0x1', 'invalid token "0x1"'], ['1.5.5', 'invalid token "1.5.5"'],
    ['}', 'unbalanced brackets'], [']', 'unbalanced brackets'], [',', 'expected a value'],
  ];
  for (const [value, message] of cases) {
    const error = errorOf(MODERN.replace('{"header"', `{"extra":${value},"header"`));
    assert.equal([error.kind, error.field, error.message, error.offset], ['syntax', '', message, 9], value);
  }
});

corpusTest("an unknown member's value must be JSON: brackets of its own kind, commas, member names and colons", () => {
  const cases: [string, string, number][] = [
    ['[1}', 'unbalanced brackets', 11], ['{"a":1]', 'unbalanced brackets', 15], ['[1,]', 'unbalanced brackets', 12],
    ['[,1]', 'expected a value', 10], ['[1 2]', 'expected a comma or the end of the container', 12],
    ['{"a" 1}', 'expected a colon', 14], ['{1:2}', 'expected a member name', 10], ['{"a":1,}', 'expected a member name', 16],
    ['{"a":}', 'unbalanced brackets', 14], ['[[1]', 'expected a comma or the end of the container', 22],
  ];
  for (const [value, message, offset] of cases) {
    const error = errorOf(MODERN.replace('{"header"', `{"extra":${value},"header"`));
    assert.equal([error.kind, error.field, error.message, error.offset], ['syntax', '', message, offset], value);
  }
  // nesting is not bounded by the JS stack
  const deep = '['.repeat(200_000) + ']'.repeat(200_000);
  assert.is(parseBlockHeaderEvent(MODERN.replace('{"header"', `{"extra":${deep},"header"`)).header.height, 6321600);
  assert.is(parseBlockHeaderEvent(MODERN.replace('{"header"', '{"extra":{"a":[1,{"b":{}}],"c":"}"},"header"')).header.height, 6321600);
});

corpusTest('a number field tells a wrong type, a sign, an exponent and a stray character apart', () => {
  const cases: [string, HeaderErrorKind, string][] = [
    ['6e6', 'invalid-value', 'expected an integer'], ['6E6', 'invalid-value', 'expected an integer'],
    ['false', 'wrong-type', 'expected a number'], ['true', 'wrong-type', 'expected a number'], ['null', 'wrong-type', 'expected a number'],
    ['"6"', 'wrong-type', 'expected a number'], ['{}', 'wrong-type', 'expected a number'], ['[6]', 'wrong-type', 'expected a number'],
    ['-6', 'out-of-range', 'negative'], ['+6', 'syntax', 'expected a number'], ['x', 'syntax', 'expected a number'],
  ];
  for (const [value, kind, message] of cases) {
    const error = errorOf(MODERN.replace('"height":6321600', `"height":${value}`));
    assert.equal([error.kind, error.field, error.message, error.offset], [kind, 'header.height', `header.height: ${message}`, 360], value);
  }
});

corpusTest('a string with a raw control character or a bad escape is invalid; one without its closing quote is unterminated', () => {
  const version = (text: string) => errorOf(MODERN.replace('"chainwebVersion":"mainnet01"', `"chainwebVersion":"${text}"`));
  for (const text of ['main\u0001net01', 'main\\qnet01']) {
    const error = version(text);
    assert.equal([error.kind, error.field, error.message, error.offset], ['syntax', 'header.chainwebVersion', 'header.chainwebVersion: invalid string', 207], text);
  }
  const error = errorOf('{"header":{"chainwebVersion":"mainnet01');
  assert.equal([error.kind, error.message, error.offset], ['syntax', 'header.chainwebVersion: unterminated string', 29]);
});

corpusTest('escapes inside a hash and a nonce are read as JSON reads them', () => {
  const hash = /"hash":"([^"]*)"/.exec(MODERN)![1]!;
  const nonce = /"nonce":"([^"]*)"/.exec(MODERN)![1]!;
  const escaped = MODERN.replace(`"hash":"${hash}"`, `"hash":"\\u00${hash.charCodeAt(0).toString(16)}${hash.slice(1)}"`)
    .replace(`"nonce":"${nonce}"`, `"nonce":"\\u00${nonce.charCodeAt(0).toString(16)}${nonce.slice(1)}"`);
  assert.is.not(escaped, MODERN);
  const event = parseBlockHeaderEvent(escaped);
  assert.is(event.header.hash, hash);
  assert.is(event.header.nonce, nonce);
});

corpusTest('a malformed event is reported with its field and the stream goes on, losing nothing else', () => {
  const good = jsonlLines('mainnet01-sequence-6321598.jsonl');
  const bad = MODERN.replace('"nonce":"8979370741994948982"', '"nonce":"-1"');
  const headers: number[] = [];
  const invalid: (SseError | HeaderDecodeError)[] = [];
  const decoder = new HeaderStreamDecoder({ onHeader: (e) => headers.push(e.header.height), onInvalid: (e) => invalid.push(e), maxEventSize: 4096 });
  const oversized = `data:${'x'.repeat(5000)}\n\n`;
  const input = Buffer.from(frame([good[0]!, bad, good[1]!]) + oversized + frame([good[2]!]) + 'event:Other\ndata:{}\n\n');
  for (let at = 0; at < input.length; at += 100) decoder.feed(input.subarray(at, at + 100));
  assert.equal(headers, [6321598, 6321598, 6321598]);
  assert.is(invalid.length, 2);
  assert.instance(invalid[0], HeaderDecodeError);
  assert.is((invalid[0] as HeaderDecodeError).field, 'header.nonce');
  assert.instance(invalid[1], SseError);
});

test.run();
