// Benchmarks of the header-stream decoders against eventsource-parser, on 200k realistic events
// (synthetic mainnet-like headers, ~790 bytes each, in 16 KiB chunks as a socket would hand them over).
// `bench/run.ts` times each case with benchmark.js; every run checks its own result.
//
// Run alone: `node dist/bench/stream.js` prints the ratios; `node dist/bench/stream.js --memory [N]`
// feeds N (default 10^6) synthetic events through the client's decoding and confirmation pipeline and
// reports the heap after each tenth of the run, to show it stays flat; `--memory-loopback [N]` does
// the same through the real client following the local node over 127.0.0.1.

import { createParser } from 'eventsource-parser';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HeaderStreamClient } from '../stream/client.js';
import { ConfirmationBuffer } from '../stream/confirm.js';
import { SyntheticFeed } from '../stream/header-feed.js';
import { NodeServer } from '../stream/server.js';
import { HeaderStreamDecoder } from '../stream/header-stream.js';
import { SseDecoder } from '../stream/sse-decoder.js';
import { SyntheticChain } from '../stream/synthetic-chain.js';
import { measureRatio, type BenchCase } from './harness.js';

const EVENTS = 200_000;
const CHUNK_SIZE = 16 * 1024;

interface Workload {
  /** The body split into separate 16 KiB buffers. */
  chunks: Buffer[];
  /** Sum of all heights, to check that a full decode read every header. */
  heightSum: number;
}

let workload: Workload | undefined;
let otherWorkload: Workload | undefined;

/** The same JSON with every object's keys in reverse order: valid, but not the node's layout. */
function reversedKeys(json: string): string {
  const relayout = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, relayout(x)]));
  };
  // JSON.parse keeps integers exact only below 2^53 (featureFlags may be a Word64)
  for (const n of json.replace(/"[^"]*"/g, '""').match(/[0-9]+/g) ?? []) {
    if (!Number.isSafeInteger(Number(n))) throw new Error(`re-layout would round ${n}`);
  }
  return JSON.stringify(relayout(JSON.parse(json)));
}

/**
 * Builds the 200k-event body once (a few seconds: the synthetic chain hashes every header): in
 * the node's own layout (sorted keys, `data:` without a space), or in another valid one (keys
 * reversed, a space after `data:`).
 */
function prepare(layout: 'node' | 'other' = 'node'): Workload {
  if (layout === 'node' && workload !== undefined) return workload;
  if (layout === 'other' && otherWorkload !== undefined) return otherWorkload;
  const chain = new SyntheticChain({ seed: 2025, forkRate: 0.05 });
  const frames: string[] = [];
  let heightSum = 0;
  for (let i = 0; i < EVENTS; i++) {
    const block = chain.next();
    heightSum += block.event.header.height;
    frames.push(layout === 'node' ? `event:BlockHeader\ndata:${block.json}\n\n` : `event: BlockHeader\ndata: ${reversedKeys(block.json)}\n\n`);
  }
  const body = Buffer.from(frames.join(''), 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += CHUNK_SIZE) chunks.push(Buffer.from(body.subarray(at, at + CHUNK_SIZE)));
  const made = { chunks, heightSum };
  if (layout === 'node') workload = made; else otherWorkload = made;
  return made;
}

function check(what: string, actual: number, expected: number): void {
  if (actual !== expected) throw new Error(`${what}: got ${actual}, expected ${expected}`);
}

/** pactvm: events framed from bytes, handed out as byte ranges. */
function framingSubject(): void {
  const { chunks } = prepare();
  let events = 0;
  const decoder = new SseDecoder({
    onEvent: (event) => {
      if (event.type === 'BlockHeader' && event.end > event.start) events++;
    },
  });
  for (const chunk of chunks) decoder.feed(chunk);
  check('sse framing (pactvm) events', events, EVENTS);
}

/** eventsource-parser needs text: bytes are decoded as a stream first, as a real client must. */
function framingBaseline(): void {
  const { chunks } = prepare();
  let events = 0;
  const text = new TextDecoder();
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === 'BlockHeader' && event.data.length > 0) events++;
    },
  });
  for (const chunk of chunks) parser.feed(text.decode(chunk, { stream: true }));
  check('sse framing (eventsource-parser) events', events, EVENTS);
}

/** pactvm: bytes to validated, typed headers (64-bit fields exact). */
function fullSubject(layout: 'node' | 'other' = 'node'): void {
  const { chunks, heightSum } = prepare(layout);
  let events = 0;
  let heights = 0;
  const decoder = new HeaderStreamDecoder({
    onHeader: (event) => {
      events++;
      heights += event.header.height;
    },
    onInvalid: (error) => {
      throw error;
    },
  });
  for (const chunk of chunks) decoder.feed(chunk);
  check('sse full decode (pactvm) events', events, EVENTS);
  check('sse full decode (pactvm) height sum', heights, heightSum);
}

/** eventsource-parser + JSON.parse of each event's data. */
function fullBaseline(layout: 'node' | 'other' = 'node'): void {
  const { chunks, heightSum } = prepare(layout);
  let events = 0;
  let heights = 0;
  const text = new TextDecoder();
  const parser = createParser({
    onEvent: (event) => {
      if (event.event !== 'BlockHeader') return;
      const data = JSON.parse(event.data) as { header: { height: number } };
      events++;
      heights += data.header.height;
    },
  });
  for (const chunk of chunks) parser.feed(text.decode(chunk, { stream: true }));
  check('sse full decode (baseline) events', events, EVENTS);
  check('sse full decode (baseline) height sum', heights, heightSum);
}

export const streamCases: BenchCase[] = [
  { suite: 'stream', name: 'sse framing', setup: prepare, subject: framingSubject, baseline: framingBaseline },
  { suite: 'stream', name: 'sse full decode', setup: prepare, subject: fullSubject, baseline: fullBaseline },
  {
    suite: 'stream', name: 'sse full decode, other layout', setup: () => prepare('other'),
    subject: () => fullSubject('other'), baseline: () => fullBaseline('other'),
  },
];

/**
 * Feeds `events` synthetic events (16 KiB chunks, forks included) through the decoder and the
 * confirmation buffer, as the client does, and samples the heap after a full GC every tenth.
 */
export function measureHeap(events = 1_000_000, log: (line: string) => void = console.log): number[] {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const chain = new SyntheticChain({ seed: 7, forkRate: 0.05 });
  let confirmed = 0;
  let orphaned = 0;
  const buffer = new ConfirmationBuffer({ confirmed: () => confirmed++, orphaned: () => orphaned++ }, { depth: 6 });
  const decoder = new HeaderStreamDecoder({
    onHeader: (event) => buffer.push(event),
    onInvalid: (error) => {
      throw error;
    },
  });
  const samples: number[] = [];
  const step = Math.max(1, Math.floor(events / 10));
  let pending: string[] = [];
  let pendingBytes = 0;
  const flush = () => {
    const body = Buffer.from(pending.join(''), 'utf8');
    for (let at = 0; at < body.length; at += CHUNK_SIZE) decoder.feed(body.subarray(at, at + CHUNK_SIZE));
    pending = [];
    pendingBytes = 0;
  };
  for (let i = 1; i <= events; i++) {
    const frame = `event:BlockHeader\ndata:${chain.next().json}\n\n`;
    pending.push(frame);
    pendingBytes += frame.length;
    if (pendingBytes >= 64 * CHUNK_SIZE) flush();
    if (i % step === 0) {
      flush();
      gc();
      const used = process.memoryUsage().heapUsed;
      samples.push(used);
      log(`${String(i).padStart(9)} events  heap ${(used / 2 ** 20).toFixed(1).padStart(6)} MiB  confirmed ${confirmed}  orphaned ${orphaned}  pending ${buffer.pending}`);
    }
  }
  return samples;
}

/**
 * `measureHeap` through the whole client: the local node serves `events` synthetic events (forks and
 * random stream endings included) over loopback, and the heap is sampled every tenth of them.
 */
export async function measureHeapOverLoopback(events = 1_000_000, log: (line: string) => void = console.log): Promise<number[]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const server = new NodeServer({ port: 0, feed: new SyntheticFeed({ seed: 7, forkRate: 0.05 }, events), endAfter: 50_000, seed: 3 });
  await server.listen();
  const client = new HeaderStreamClient(server.url, { depth: 6, backoff: { initialMs: 1, maxMs: 10 } });
  let orphaned = 0;
  let reconnects = 0;
  client.on('orphan', () => orphaned++);
  client.on('reconnecting', () => reconnects++);
  const samples: number[] = [];
  const step = Math.max(1, Math.floor(events / 10));
  let confirmed = 0;
  let nextSample = step;
  for await (const _ of client) {
    confirmed++;
    if (confirmed + orphaned >= nextSample) {
      // The last tenth is sampled a little early: the blocks of the last heights never get deep enough.
      nextSample = samples.length === 8 ? events - 1000 : nextSample + step;
      gc();
      const used = process.memoryUsage().heapUsed;
      samples.push(used);
      log(`${String(server.stats.eventsMined).padStart(9)} events sent  heap ${(used / 2 ** 20).toFixed(1).padStart(6)} MiB  confirmed ${confirmed}  orphaned ${orphaned}  reconnects ${reconnects}`);
      if (samples.length === 10) break;
    }
  }
  await server.close();
  return samples;
}

async function main(): Promise<void> {
  const memory = process.argv.findIndex((arg) => arg === '--memory' || arg === '--memory-loopback');
  if (memory >= 0) {
    const events = Number(process.argv[memory + 1] ?? 1_000_000);
    const samples = process.argv[memory] === '--memory' ? measureHeap(events) : await measureHeapOverLoopback(events);
    const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
    const settled = samples.slice(1);
    console.log(`heap after the first tenth ${mib(samples[0]!)}; over the rest min ${mib(Math.min(...settled))}, max ${mib(Math.max(...settled))}, last − second ${mib(samples.at(-1)! - samples[1]!)}`);
    return;
  }
  for (const c of streamCases) {
    c.setup?.();
    c.subject();
    c.baseline();
    const m = measureRatio(c, 9, 3);
    const rate = (hz: number) => (hz * EVENTS / 1e6).toFixed(2);
    console.log(`${c.name.padEnd(16)} pactvm ${rate(m.hz)} M events/s  eventsource-parser ${rate(m.baseline)} M events/s  ratio ${m.ratio.toFixed(2)} (rounds ${m.ratioMin.toFixed(2)}–${m.ratioMax.toFixed(2)})`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
