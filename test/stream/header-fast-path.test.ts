// The header fast path's learned layouts: a stream whose keys come in another order than the node's
// is read without the general reader after its first event, with exactly the general reader's
// values, and every event that does not fit goes back to the general reader (which names the error).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BlockHeaderDecoder, HeaderDecodeError, type BlockHeaderEvent } from '../../stream/block-header.js';
import { HeaderFastPath } from '../../stream/header-fast-path.js';
import { HeaderStreamDecoder } from '../../stream/header-stream.js';
import { SyntheticChain } from '../../stream/synthetic-chain.js';
import { randomInt, seededRandom } from '../../stream/seeded-random.js';

const TOP = ['header', 'powHash', 'target', 'txCount'];
const HEADER = [
  'adjacents', 'chainId', 'chainwebVersion', 'creationTime', 'epochStart', 'featureFlags', 'hash', 'height',
  'nonce', 'parent', 'payloadHash', 'target', 'weight',
];
const REVERSED_TOP = [...TOP].reverse();
const REVERSED_HEADER = [...HEADER].reverse();

/** The event's JSON, compact, with its keys in the given orders (values exact: written from the typed event). */
function inOrder(event: BlockHeaderEvent, top: readonly string[], header: readonly string[]): string {
  const h = event.header;
  const headerValue = (key: string): string => {
    switch (key) {
      case 'adjacents': return `{${[...h.adjacents].map(([chain, hash]) => `"${chain}":"${hash}"`).join(',')}}`;
      case 'chainwebVersion': case 'serviceVersion': return JSON.stringify(h.chainwebVersion);
      case 'nonce': return `"${h.nonce}"`;
      case 'chainId': case 'creationTime': case 'epochStart': case 'featureFlags': case 'height':
        return String(h[key]);
      default: return `"${h[key as 'hash']}"`;
    }
  };
  const topValue = (key: string): string => {
    if (key === 'header') return `{${header.map((k) => `"${k}":${headerValue(k)}`).join(',')}}`;
    if (key === 'txCount') return String(event.txCount);
    return `"${event[key as 'powHash']}"`;
  };
  return `{${top.map((k) => `"${k}":${topValue(k)}`).join(',')}}`;
}

const EVENTS = Array.from({ length: 6 }, (_, i, chain = new SyntheticChain({ seed: 41 + i, forkRate: 0.2 })) => chain.next().event);
const REVERSED = inOrder(EVENTS[0]!, REVERSED_TOP, REVERSED_HEADER);

/** What decoding gives: the values (adjacents as entries, in order), or the error's every detail. */
function outcome(decoder: BlockHeaderDecoder, json: string): unknown {
  try {
    const event = decoder.decode(Buffer.from(json, 'utf8'));
    return { ...event, header: { ...event.header, adjacents: [...event.header.adjacents] } };
  } catch (error) {
    if (!(error instanceof HeaderDecodeError)) throw error;
    return { kind: error.kind, field: error.field, message: error.message, offset: error.offset };
  }
}

/** The general reader's outcome: a new decoder knows no version and no layout yet. */
const general = (json: string) => outcome(new BlockHeaderDecoder(), json);

/** A fast path that has learned the reversed layout of the synthetic events (version mainnet01). */
function reversedFastPath(): HeaderFastPath {
  const fast = new HeaderFastPath();
  assert.ok(fast.learn(REVERSED_TOP, REVERSED_HEADER, 'mainnet01'));
  return fast;
}

const fastRead = (fast: HeaderFastPath, json: string) => {
  const bytes = Buffer.from(json, 'utf8');
  const event = fast.read(bytes, 0, bytes.length);
  return event === undefined ? undefined : { ...event, header: { ...event.header, adjacents: [...event.header.adjacents] } };
};

test('a learned layout reads every event in that layout to the values the general reader gives', () => {
  const fast = reversedFastPath();
  for (const event of EVENTS) {
    const json = inOrder(event, REVERSED_TOP, REVERSED_HEADER);
    assert.equal(fastRead(fast, json), general(json), json.slice(0, 60));
  }
  assert.is(fastRead(fast, inOrder(EVENTS[0]!, TOP, HEADER)), undefined, 'the node layout is not learned yet (no version)');
});

/** `event` read by `fast` from inside a larger buffer: alone, with the chunk's text, and with the
 *  text from an offset; each read equals the general reader's. */
function assertReadsInsideBuffer(fast: HeaderFastPath, event: string): void {
  const bytes = Buffer.from(`xyz${event}abc`, 'latin1');
  const expected = general(event);
  const read = (text?: string, textStart?: number) => {
    const got = fast.read(bytes, 3, bytes.length - 3, text, textStart)!;
    return { ...got, header: { ...got.header, adjacents: [...got.header.adjacents] } };
  };
  assert.equal(read(), expected);
  assert.equal(read(bytes.toString('latin1'), 0), expected);
  assert.equal(read(bytes.toString('latin1', 2), 2), expected);
}

test('a learned layout reads an event inside a larger buffer, and with the chunk text given', () => {
  assertReadsInsideBuffer(reversedFastPath(), REVERSED);
});

/** The node's own layout (keys sorted), read by a fast path that knows the version only. */
const NODE = inOrder(EVENTS[0]!, TOP, HEADER);
function nodeFastPath(): HeaderFastPath {
  const fast = new HeaderFastPath();
  fast.rememberVersion('mainnet01');
  return fast;
}

for (const [layout, base, makeFastPath] of [
  ['a learned layout', REVERSED, reversedFastPath],
  ["the node's layout", NODE, nodeFastPath],
] as const) test(`${layout} takes each value only within its bounds, and leaves the rest to the general reader`, () => {
  const fast = makeFastPath();
  const set = (key: string, value: string) => base.replace(new RegExp(`"${key}":("[0-9]*"|[0-9]+)`), `"${key}":${value}`);
  const cases: [string, string, boolean][] = [
    ['chainId 2^32 − 1', set('chainId', '4294967295'), true],
    ['chainId 2^32', set('chainId', '4294967296'), false],
    ['height 2^53 − 1', set('height', '9007199254740991'), true],
    ['height 2^53', set('height', '9007199254740992'), false],
    ['creationTime 2^53 − 1', set('creationTime', '9007199254740991'), true],
    ['creationTime 2^53', set('creationTime', '9007199254740992'), false],
    ['epochStart 2^53 − 1', set('epochStart', '9007199254740991'), true],
    ['epochStart 2^53', set('epochStart', '9007199254740992'), false],
    ['txCount 2^53 − 1', set('txCount', '9007199254740991'), true],
    ['txCount 2^53', set('txCount', '9007199254740992'), false],
    ['txCount 0', set('txCount', '0'), true],
    ['txCount with a leading zero', set('txCount', '01'), false],
    ['txCount empty', set('txCount', ''), false],
    ['featureFlags of 15 digits', set('featureFlags', '999999999999999'), true],
    ['featureFlags of 16 digits', set('featureFlags', '1000000000000001'), true],
    ['featureFlags 1', set('featureFlags', '1'), true],
    ['featureFlags 2^64 − 1', set('featureFlags', '18446744073709551615'), true],
    ['featureFlags 2^64', set('featureFlags', '18446744073709551616'), false],
    ['featureFlags of 21 digits', set('featureFlags', '000000000000000000001'), false],
    ['featureFlags of 21 digits, no leading zero', set('featureFlags', '100000000000000000000'), false],
    ['nonce 2^64 − 1', set('nonce', '"18446744073709551615"'), true],
    ['nonce 2^64', set('nonce', '"18446744073709551616"'), false],
    ['nonce 0', set('nonce', '"0"'), true],
    ['an empty nonce', set('nonce', '""'), false],
    ['a nonce with a letter', set('nonce', '"12a"'), false],
    ['no adjacents', base.replace(/"adjacents":\{[^}]*\}/, '"adjacents":{}'), true],
    ['one adjacent', base.replace(/"adjacents":\{("[0-9]+":"[^"]*")[^}]*\}/, '"adjacents":{$1}'), true],
    ['an adjacent of chain 2^32 − 1', base.replace(/"adjacents":\{"[0-9]+"/, '"adjacents":{"4294967295"'), true],
    ['an adjacent of chain 2^32', base.replace(/"adjacents":\{"[0-9]+"/, '"adjacents":{"4294967296"'), false],
    ['an adjacent chain twice', base.replace(/"adjacents":\{("[0-9]+":"[^"]*")/, '"adjacents":{$1,$1'), false],
    ['an adjacent key with a leading zero', base.replace(/"adjacents":\{"/, '"adjacents":{"0'), false],
    ['an adjacent key unquoted', base.replace(/"adjacents":\{"([0-9]+)"/, '"adjacents":{$1'), false],
    ['an adjacents object ending in a comma', base.replace(/("adjacents":\{[^}]*")\}/, '$1,}'), false],
    ['adjacents followed by a space', base.replace(/("adjacents":\{[^}]*")\}/, '$1 }'), false],
    ['a hash one char short', base.replace(/"hash":"./, '"hash":"'), false],
    ['a powHash in uppercase', base.replace(/"powHash":"(.{10})/, (_, s: string) => `"powHash":"${s.toUpperCase().replace(/[0-9]/g, 'A')}`), false],
    ['text after the object', `${base} `, false],
    ['the object cut short', base.slice(0, -1), false],
    ['another version', base.replace('mainnet01', 'testnet04'), false],
  ];
  for (const [what, json, fits] of cases) {
    assert.is.not(json, base, `${what}: the case changes the event`);
    const expected = general(json);
    const valid = !('kind' in (expected as object));
    assert.is(fastRead(fast, json) !== undefined, fits, what);
    if (fits) assert.equal(fastRead(fast, json), expected, what);
    else if (valid) assert.ok(['another version', 'text after the object', 'adjacents followed by a space'].includes(what), `${what} is valid yet not read`);
  }
});

test("the node's layout reads an event inside a larger buffer, from the event's own text or the chunk's", () => {
  const fast = nodeFastPath();
  assertReadsInsideBuffer(fast, NODE);
  const flags = Buffer.from(`xyz${NODE.replace(/"featureFlags":[0-9]+/, '"featureFlags":18446744073709551615')}abc`, 'latin1');
  assert.is(fast.read(flags, 3, flags.length - 3)!.header.featureFlags, 18446744073709551615n);
});

for (const [layout, base] of [['the reversed layout', REVERSED], ["the node's layout", NODE]] as const) test(`after a stream taught it ${layout}, a decoder gives the general reader's outcome for every one-byte change of an event`, () => {
  const decoder = new BlockHeaderDecoder();
  const variants = (json: string) => {
    const out: string[] = [];
    for (let i = 0; i < json.length; i++) {
      const next = String.fromCharCode(json.charCodeAt(i) + 1);
      for (const c of [' ', '"', next]) if (c !== json[i]) out.push(json.slice(0, i) + c + json.slice(i + 1));
      out.push(json.slice(0, i) + json.slice(i + 1));
    }
    return out;
  };
  let read = 0;
  for (const json of variants(base)) {
    assert.equal(outcome(decoder, base), general(base)); // (re)teaches the layout
    const expected = general(json);
    assert.equal(outcome(decoder, json), expected, json);
    if (!('kind' in (expected as object))) read++;
  }
  assert.ok(read > 500, `many changes still decode (${read})`);
});

test('the general reader teaches the fast path each layout once, and drops one that does not fit its own event', () => {
  const spaced = inOrder(EVENTS[1]!, REVERSED_TOP, REVERSED_HEADER).replace(/,/g, ', ');
  const hashVersion = inOrder(EVENTS[2]!, REVERSED_TOP, REVERSED_HEADER).replace('mainnet01', 'net#1');
  const [expectedSpaced, expectedHashVersion] = [general(spaced), general(hashVersion)]; // before the spies: a new decoder learns too
  const learn = HeaderFastPath.prototype.learn;
  const forget = HeaderFastPath.prototype.forget;
  const taught: string[] = [];
  let forgotten = 0;
  HeaderFastPath.prototype.learn = function (this: HeaderFastPath, top, header, version) {
    taught.push(`${top[0]} ${header[0]} ${version}`);
    return learn.call(this, top, header, version);
  };
  HeaderFastPath.prototype.forget = function (this: HeaderFastPath) {
    forgotten++;
    forget.call(this);
  };
  try {
    const decoder = new BlockHeaderDecoder();
    const rotated = (event: BlockHeaderEvent) => inOrder(event, ['txCount', 'header', 'powHash', 'target'], [...HEADER.slice(3), ...HEADER.slice(0, 3)]);
    for (const event of EVENTS) outcome(decoder, inOrder(event, REVERSED_TOP, REVERSED_HEADER));
    for (const event of EVENTS) outcome(decoder, rotated(event));
    assert.equal(taught, ['txCount weight mainnet01', 'txCount creationTime mainnet01']);
    assert.is(forgotten, 0);
    for (const event of EVENTS) outcome(decoder, inOrder(event, TOP, HEADER));
    assert.is(taught.length, 2, "the node's layout is read without a lesson (the version is known by now)");
    outcome(decoder, rotated(EVENTS[0]!).replace('mainnet01', 'other01'));
    assert.is(taught.at(-1), 'txCount creationTime other01', 'a new version is a new layout');
    assert.is(taught.length, 3);
    outcome(decoder, REVERSED.replace('"header":{', '"header":{"future":1,'));
    assert.is(taught.length, 3, 'an unknown key makes an event unfit to learn from');
    for (let i = 0; i < 3; i++) assert.equal(outcome(decoder, spaced), expectedSpaced);
    assert.is(taught.length, 4, 'a layout with whitespace is tried once');
    assert.is(forgotten, 1, 'and dropped at once');
    assert.equal(outcome(decoder, hashVersion), expectedHashVersion);
    assert.is(taught.length, 5);
    assert.is(forgotten, 1, 'a version with a template mark is refused by learn itself');
  } finally {
    HeaderFastPath.prototype.learn = learn;
    HeaderFastPath.prototype.forget = forget;
  }
});

test('learn refuses versions that cannot be matched as bytes, and then reads nothing', () => {
  for (const version of ['net#1', 'net%1', 'a"b', 'a\\b', 'has space', '']) {
    const fast = new HeaderFastPath();
    assert.is(fast.learn(REVERSED_TOP, REVERSED_HEADER, version), false, version);
    assert.is(fastRead(fast, REVERSED), undefined);
  }
  const fast = reversedFastPath();
  fast.forget();
  assert.is(fastRead(fast, REVERSED), undefined, 'forgotten');
});

test("a layout that starts like the node's but differs later, or names the version serviceVersion, is learned too", () => {
  const fast = new HeaderFastPath();
  fast.rememberVersion('mainnet01');
  const swapped = [...HEADER];
  [swapped[11], swapped[12]] = [swapped[12]!, swapped[11]!];
  const seedNames = HEADER.map((k) => (k === 'chainwebVersion' ? 'serviceVersion' : k));
  for (const header of [swapped, seedNames]) {
    const json = inOrder(EVENTS[3]!, TOP, header);
    assert.is(fastRead(fast, json), undefined, 'not the node layout');
    assert.ok(fast.learn(TOP, header, 'mainnet01'));
    assert.equal(fastRead(fast, json), general(json));
    assert.equal(fastRead(fast, inOrder(EVENTS[3]!, TOP, HEADER)), general(inOrder(EVENTS[3]!, TOP, HEADER)), 'the node layout still reads');
  }
});

test('a stream in another layout, with a space after data:, decodes every event alike through the stream decoder', () => {
  const chain = new SyntheticChain({ seed: 77, forkRate: 0.1 });
  const events = Array.from({ length: 300 }, () => chain.next().event);
  const body = Buffer.from(events.map((e) => `event: BlockHeader\ndata: ${inOrder(e, REVERSED_TOP, REVERSED_HEADER)}\n\n`).join(''));
  const got: unknown[] = [];
  const decoder = new HeaderStreamDecoder({ onHeader: (e) => got.push({ ...e, header: { ...e.header, adjacents: [...e.header.adjacents] } }), onInvalid: (e) => { throw e; } });
  for (let at = 0; at < body.length; at += 4096) decoder.feed(body.subarray(at, at + 4096));
  assert.equal(got, events.map((e) => general(inOrder(e, REVERSED_TOP, REVERSED_HEADER))));
});

test('an event with more adjacents than the matcher holds is left to the general reader, which reads it', () => {
  const fast = nodeFastPath();
  const hash = [...EVENTS[0]!.header.adjacents.values()][0]!;
  const withAdjacents = (n: number) => NODE.replace(/"adjacents":\{[^}]*\}/, `"adjacents":{${Array.from({ length: n }, (_, i) => `"${i}":"${hash}"`).join(',')}}`);
  assert.equal(fastRead(fast, withAdjacents(64)), general(withAdjacents(64)));
  assert.is(fastRead(fast, withAdjacents(65)), undefined);
  const read = general(withAdjacents(65)) as { header: { adjacents: unknown[] } };
  assert.is(read.header.adjacents.length, 65);
});

test('decoders of streams in different layouts and versions, fed in turn chunk by chunk, each read their own', () => {
  const versions = ['mainnet01', 'testnet04', 'development', 'recap-development', 'fast-development'];
  const streams = versions.map((version, i) => {
    const chain = new SyntheticChain({ seed: 90 + i, forkRate: 0.1 });
    const events = Array.from({ length: 40 }, () => chain.next().event);
    const json = (e: BlockHeaderEvent) => {
      const text = i % 2 === 0 ? inOrder(e, TOP, HEADER) : inOrder(e, REVERSED_TOP, REVERSED_HEADER);
      return text.replace('"mainnet01"', JSON.stringify(version));
    };
    const body = Buffer.from(events.map((e) => `event:BlockHeader\ndata:${json(e)}\n\n`).join(''));
    const got: unknown[] = [];
    const decoder = new HeaderStreamDecoder({ onHeader: (e) => got.push({ ...e, header: { ...e.header, adjacents: [...e.header.adjacents] } }), onInvalid: (e) => { throw e; } });
    return { body, got, decoder, expected: events.map((e) => general(json(e))) };
  });
  const longest = Math.max(...streams.map((s) => s.body.length));
  for (let at = 0; at < longest; at += 1000) for (const s of streams) s.decoder.feed(s.body.subarray(at, at + 1000));
  for (const s of streams) assert.equal(s.got, s.expected);
});

test('streams of events with random changes, in random chunks, give event for event what the general reader gives', () => {
  const random = seededRandom(2611);
  // bytes that matter to the layouts: digits, quotes, separators, field characters, a high byte
  const alphabet = '0123456789"{}:,-_aAzZ/=+ \u00e9\u00ff';
  for (const [top, header, space] of [[TOP, HEADER, ''], [REVERSED_TOP, REVERSED_HEADER, ' ']] as const) {
    const chain = new SyntheticChain({ seed: 5 + space.length, forkRate: 0.1 });
    const texts = Array.from({ length: 400 }, () => {
      let json = inOrder(chain.next().event, top, header);
      const changes = random() < 0.5 ? 0 : randomInt(random, 1, 3);
      for (let c = 0; c < changes; c++) {
        const at = randomInt(random, 0, json.length - 1);
        const ch = alphabet[randomInt(random, 0, alphabet.length - 1)]!;
        json = random() < 0.8 ? json.slice(0, at) + ch + json.slice(at + 1) : json.slice(0, at) + json.slice(at + 1);
      }
      return json;
    });
    const expected = texts.map((json) => general(json));
    const got: unknown[] = [];
    const decoder = new HeaderStreamDecoder({
      onHeader: (e) => got.push({ ...e, header: { ...e.header, adjacents: [...e.header.adjacents] } }),
      onInvalid: (error) => {
        if (!(error instanceof HeaderDecodeError)) throw error;
        got.push({ kind: error.kind, field: error.field, message: error.message, offset: error.offset });
      },
    });
    const body = Buffer.from(texts.map((json) => `event:${space}BlockHeader\ndata:${space}${json}\n\n`).join(''), 'utf8');
    for (let at = 0; at < body.length;) {
      const size = randomInt(random, 1, 5000);
      decoder.feed(body.subarray(at, at + size));
      at += size;
    }
    assert.equal(got, expected);
    assert.ok(expected.filter((e) => !('kind' in (e as object))).length > 200, 'most events still decode');
  }
});

test.run();
