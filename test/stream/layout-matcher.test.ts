// The header fast path's WebAssembly layout matcher: the module stream/ ships is the one
// runtime/wasm/layout-matcher.ts writes, and it checks templates byte for byte (every byte value in
// every class, literals at every position, nothing past the data's end) and reads each kind of
// value to its bounds, with programs and copied data kept apart however callers interleave.
import { test, CHILD_PROCESS_MS } from '../deadline.js';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { layoutMatcherModuleBytes } from '../../runtime/wasm/layout-matcher.js';
import { layoutMatcherSource } from '../../runtime/wasm/module-source.js';
import { DATA_CAPACITY, MAX_ADJACENTS, PROGRAM_SLOTS, ValueKind } from '../../stream/layout-abi.js';
import { Program, Template, bringIn, matches, results } from '../../stream/layout-matcher.js';
import { BASE64URL, LOWER_HEX } from '../../stream/json-bytes.js';
import { REPO_ROOT } from './fixtures.js';

test('the shipped module is the one layout-matcher.ts writes (npm run tables rewrites it)', () => {
  const shipped = readFileSync(`${REPO_ROOT}stream/layout-matcher-wasm.ts`, 'utf8');
  assert.is(shipped, layoutMatcherSource(layoutMatcherModuleBytes()), 'stream/layout-matcher-wasm.ts is stale: run npm run tables');
});

/** Whether `data` (alone in its buffer, no chunk text) fits the program. */
function fits(program: Program, data: string): boolean {
  const b = Buffer.from(data, 'latin1');
  const offset = bringIn(b, 0, b.length, undefined, 0);
  return matches(program, -offset, b.length - offset);
}
const program = (...parts: [string, ValueKind][]) => new Program(parts.map(([t]) => new Template(t)), parts.map(([, k]) => k));
const fixed = (template: string) => program([template, ValueKind.end]);

test('a field byte passes only if it is in its class, in every lane of a 16-byte block', () => {
  for (const lane of [0, 7, 15, 16, 31]) {
    const before = 'x'.repeat(lane);
    const b64 = fixed(`${before}#!`);
    const hex = fixed(`${before}%!`);
    for (let c = 0; c < 256; c++) {
      const ch = String.fromCharCode(c);
      assert.is(fits(b64, `${before}${ch}!`), BASE64URL[c] === 1, `base64url, byte ${c} in lane ${lane}`);
      assert.is(fits(hex, `${before}${ch}!`), LOWER_HEX[c] === 1, `lowercase hex, byte ${c} in lane ${lane}`);
    }
  }
});

test('every literal byte is compared, and bytes past the template are not', () => {
  const text = '{"header":{"adjacents":{"chainId":12,"hash":"#","x":"%%"}';
  const template = fixed(text);
  const data = text.replace('#', 'A').replace('%%', '0f');
  assert.ok(fits(template, data));
  for (let i = 0; i < data.length; i++) {
    if (text[i] === '#' || text[i] === '%') continue;
    assert.not.ok(fits(template, data.slice(0, i) + '?' + data.slice(i + 1)), `literal at ${i}`);
  }
  // a value then a short end template: the end template's block reads 15 bytes past the data
  const value = program(['{"n":', ValueKind.uint32], ['}', ValueKind.end]);
  assert.ok(fits(value, '{"n":7}'));
  assert.not.ok(fits(value, '{"n":7'), 'the end template does not fit past the data');
});

test("a template is not matched past the data's end, whatever the memory holds there", () => {
  const template = fixed('abcdefghijklmnopqrstuvwxyz');
  const b = Buffer.from('abcdefghijklmnopqrstuvwxyz', 'latin1');
  const offset = bringIn(b, 0, b.length, b.toString('latin1'), 0);
  assert.ok(matches(template, -offset, b.length - offset));
  assert.not.ok(matches(template, -offset, b.length - 1 - offset));
  assert.not.ok(matches(template, 1 - offset, b.length - offset));
});

test('integers: their kinds bounds, JSON leading zeros, and the value read', () => {
  const read = (kind: ValueKind, digits: string): number | undefined => {
    const p = program(['[', kind], [']', ValueKind.end]);
    return fits(p, `[${digits}]`) ? results[3] : undefined;
  };
  const cases: [ValueKind, string, number | undefined][] = [
    [ValueKind.uint32, '0', 0], [ValueKind.uint32, '4294967295', 4294967295], [ValueKind.uint32, '4294967296', undefined],
    [ValueKind.uint32, '04', undefined], [ValueKind.uint32, '', undefined], [ValueKind.uint32, '12345678901', undefined],
    [ValueKind.safeInteger, '9007199254740991', 9007199254740991], [ValueKind.safeInteger, '9007199254740992', undefined],
    [ValueKind.safeInteger, '10000000000000000', undefined], [ValueKind.safeInteger, '00', undefined],
    [ValueKind.word64, '18446744073709551615', 18446744073709551615], [ValueKind.word64, '18446744073709551616', undefined],
    [ValueKind.word64, '18446744073709551609', 18446744073709551609], [ValueKind.word64, '28446744073709551615', undefined],
    [ValueKind.word64, '100000000000000000000', undefined], [ValueKind.word64, '0', 0], [ValueKind.word64, '01', undefined],
    [ValueKind.word64, '999999999999999', 999999999999999],
    [ValueKind.word64Digits, '00000000000000000001', 1], [ValueKind.word64Digits, '007', 7], [ValueKind.word64Digits, '', undefined],
    [ValueKind.word64Digits, '18446744073709551615', 18446744073709551615], [ValueKind.word64Digits, '18446744073709551616', undefined],
    [ValueKind.word64Digits, '000000000000000000001', undefined],
  ];
  for (const [kind, digits, expected] of cases) assert.is(read(kind, digits), expected, `kind ${kind}: ${digits}`);
  assert.is(read(ValueKind.uint32, '-1'), undefined);
  assert.is(read(ValueKind.safeInteger, '1.0'), undefined);
});

test('adjacents: entries up to the brace, each chain once, at most MAX_ADJACENTS', () => {
  const hash = 'A'.repeat(43);
  const p = program(['{', ValueKind.adjacents], ['}', ValueKind.end]);
  const entries = (n: number, chain = (i: number) => i) => Array.from({ length: n }, (_, i) => `"${chain(i)}":"${hash}"`).join(',');
  const count = (data: string) => (fits(p, data) ? results[3] : undefined);
  assert.is(count('{}'), 0);
  assert.is(count(`{${entries(1)}}`), 1);
  assert.is(count(`{${entries(MAX_ADJACENTS)}}`), MAX_ADJACENTS);
  assert.is(count(`{${entries(MAX_ADJACENTS + 1)}}`), undefined);
  assert.is(count(`{${entries(3, (i) => [5, 9, 5][i]!)}}`), undefined, 'a chain twice');
  assert.is(count(`{${entries(2, (i) => [4294967295, 0][i]!)}}`), 2);
  assert.is(count(`{${entries(1, () => 4294967296)}}`), undefined);
  assert.is(count(`{"01":"${hash}"}`), undefined);
  assert.is(count(`{"":"${hash}"}`), undefined);
  assert.is(count(`{${entries(2)},}`), undefined);
  assert.is(count(`{"1":"${hash.slice(1)}="}`), undefined);
  assert.is(results[1], 1, 'the entries start after the brace');
});

test('more programs than slots, used in turn, each matched by its own templates', () => {
  const programs = Array.from({ length: PROGRAM_SLOTS + 2 }, (_, i) => program([`<${i}:`, ValueKind.uint32], ['>', ValueKind.end]));
  for (let round = 0; round < 3; round++) {
    programs.forEach((p, i) => {
      assert.ok(fits(p, `<${i}:${round}>`), `program ${i}`);
      assert.is(results[3], round);
      assert.not.ok(fits(p, `<${(i + 1) % programs.length}:${round}>`), `program ${i} is its own`);
    });
  }
});

test('a chunk is copied once for all its events, and another chunk or a lone event replaces it', () => {
  const p = program(['(', ValueKind.uint32], [')', ValueKind.end]);
  const chunkA = Buffer.from('(1)(22)', 'latin1');
  const chunkB = Buffer.from('(333)(4)', 'latin1');
  const [textA, textB] = [chunkA.toString('latin1'), chunkB.toString('latin1')];
  const read = (b: Buffer, text: string | undefined, start: number, end: number) => {
    const offset = bringIn(b, start, end, text, 0);
    return matches(p, start - offset, end - offset) ? results[3] : undefined;
  };
  assert.is(read(chunkA, textA, 0, 3), 1);
  assert.is(read(chunkB, textB, 0, 5), 333);
  assert.is(read(chunkA, textA, 3, 7), 22);
  assert.is(read(chunkB, undefined, 5, 8), 4);
  assert.is(read(chunkA, textA, 0, 3), 1);
  assert.is(bringIn(Buffer.alloc(DATA_CAPACITY + 1), 0, DATA_CAPACITY + 1, undefined, 0), -1, 'too large for the data area');
});

test('a program too large for its slot says so', () => {
  assert.ok(fixed('x'.repeat(1000)).fits);
  assert.not.ok(fixed('x'.repeat(3000)).fits);
});

test('without WebAssembly (node --jitless) the fast path stays off and a stream decodes all the same', () => {
  const streamIndex = pathToFileURL(`${REPO_ROOT}dist/stream/index.js`).href;
  // 50 events of a forking chain through the stream decoder: heights, hashes and nonces, and how
  // many events the general reader read
  const script = `
    const m = await import(${JSON.stringify(streamIndex)});
    const chain = new m.SyntheticChain({ seed: 3, forkRate: 0.2 });
    const body = Buffer.from(Array.from({ length: 50 }, () => 'event:BlockHeader\\ndata:' + chain.next().json + '\\n\\n').join(''));
    const out = [];
    const d = new m.HeaderStreamDecoder({ onHeader: (e) => out.push([e.header.height, e.header.hash, e.header.nonce]), onInvalid: (e) => { throw e; } });
    for (let at = 0; at < body.length; at += 3000) d.feed(body.subarray(at, at + 3000));
    console.log(JSON.stringify({ wasm: typeof WebAssembly, out }));`;
  const run = (flags: string[]) => JSON.parse(execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: CHILD_PROCESS_MS }));
  const jitless = run(['--jitless']);
  const usual = run([]);
  assert.is(jitless.wasm, 'undefined');
  assert.is(usual.wasm, 'object');
  assert.is(jitless.out.length, 50);
  assert.equal(jitless.out, usual.out);
});

test.run();
