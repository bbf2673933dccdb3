// A local node serving `{base}/header/updates` byte for byte like chainweb-node (event:BlockHeader,
// data: without a space, LF only), fed by a replay or the synthetic chain, with optional random
// stream endings to exercise clients.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HeaderFeed } from './header-feed.js';
import { REAL_SCHEDULER, type Cancel, type Scheduler } from './scheduler.js';
import { randomInt, seededRandom, type Random } from './seeded-random.js';

export interface NodeServerOptions {
  feed: HeaderFeed;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Default 1848 (the service API port of a node); 0 picks a free port. */
  port?: number;
  /** The network in `/chainweb/0.0/{network}/header/updates`. Default mainnet01. */
  network?: string;
  /** Value of `x-service-node-version`. */
  nodeVersion?: string;
  /** Events per second while a client listens. Default Infinity: as fast as the clients read. */
  rate?: number;
  /** If set, every stream ends after a random number of new events in 1..endAfter. */
  endAfter?: number;
  /** Share of those endings that cut the connection in the middle of an event (the rest end cleanly). Default 0.5. */
  abruptEndShare?: number;
  /**
   * Events re-sent at the start of every stream (default 0, like a real node, which has no backlog).
   * A small overlap makes reconnects produce duplicates instead of holes.
   */
  overlap?: number;
  /** Seed of the random stream endings. */
  seed?: number;
  /**
   * Bytes a client may leave unread before it counts as fallen behind and is disconnected, so that
   * no client waits for another. Default 4 MiB.
   */
  maxQueueBytes?: number;
  /** Where notes about clients go (a dropped slow client). Default: nowhere. */
  log?: (line: string) => void;
  /** The clock and timers of the pacing. Default: the real ones. */
  scheduler?: Scheduler;
}

export interface NodeServerStats {
  streams: number;
  eventsMined: number;
  cleanEnds: number;
  abruptEnds: number;
  /** Clients disconnected because their queue passed `maxQueueBytes`. */
  slowDrops: number;
}

interface Stream {
  readonly response: ServerResponse;
  /** `host:port` of the client, for the log. */
  readonly peer: string;
  /** New events this stream still gets before it ends. */
  remaining: number;
  /** How it will end: cut inside an event, or with a clean end of the body. */
  readonly abrupt: boolean;
}

const STREAM_PATH = '/header/updates';
const EVENT_PREFIX = 'event:BlockHeader\ndata:';
const MAX_BATCH = 256; // events per tick at unlimited rate, so sockets and timers get their turn

export class NodeServer {
  readonly stats: NodeServerStats = { streams: 0, eventsMined: 0, cleanEnds: 0, abruptEnds: 0, slowDrops: 0 };
  private readonly options: Required<Omit<NodeServerOptions, 'endAfter'>> & { endAfter: number };
  private readonly random: Random;
  private readonly server: Server;
  private readonly streams = new Set<Stream>();
  /** The last `overlap` frames, for new streams. */
  private readonly recent: Buffer[] = [];
  /** The next frame, taken from the feed but not yet delivered to any stream. */
  private next: Buffer | undefined;
  private exhausted = false;
  /** Set while the next tick is due. */
  private cancelTick: Cancel | undefined;
  private budget = 0;
  private lastTick = 0;
  /** Set while every client is behind: stops waiting for their 'drain' and ticks again. */
  private endDrainWait: (() => void) | undefined;
  private closed = false;

  constructor(options: NodeServerOptions) {
    this.options = {
      feed: options.feed,
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 1848,
      network: options.network ?? 'mainnet01',
      nodeVersion: options.nodeVersion ?? '2.31.1',
      rate: options.rate ?? Infinity,
      endAfter: options.endAfter ?? Infinity,
      abruptEndShare: options.abruptEndShare ?? 0.5,
      overlap: options.overlap ?? 0,
      seed: options.seed ?? 1,
      maxQueueBytes: options.maxQueueBytes ?? 4 * 1024 * 1024,
      log: options.log ?? (() => {}),
      scheduler: options.scheduler ?? REAL_SCHEDULER,
    };
    if (!(this.options.rate > 0)) throw new RangeError(`rate must be positive, got ${this.options.rate}`);
    if (!(this.options.endAfter >= 1)) throw new RangeError(`endAfter must be at least 1, got ${this.options.endAfter}`);
    this.random = seededRandom(this.options.seed);
    this.server = createServer((request, response) => this.handle(request, response));
    // The stream is meant to stay open; let no idle timer end it.
    this.server.requestTimeout = 0;
    this.server.timeout = 0;
  }

  /** Starts listening; resolves with the bound address. */
  listen(): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /** The stream URL on the real node's path. */
  get url(): string {
    const address = this.server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}/chainweb/0.0/${this.options.network}${STREAM_PATH}`;
  }

  /** Streams open now: a client that left counts until the server sees its connection close. */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Ends every stream and stops listening. */
  close(): Promise<void> {
    this.closed = true;
    this.stopTicking();
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    // The node's middlewares put these on every response, errors included.
    const socket = request.socket;
    const peer = socket.remoteAddress?.includes(':') ? `[${socket.remoteAddress}]` : socket.remoteAddress;
    response.setHeader('x-peer-addr', `${peer}:${socket.remotePort}`);
    response.setHeader('x-server-timestamp', String(Math.floor(Date.now() / 1000)));
    response.setHeader('x-service-node-version', this.options.nodeVersion);
    response.setHeader('Server', 'Chainweb Service API');
    if (request.headers.origin !== undefined) response.setHeader('Access-Control-Allow-Origin', '*');

    const path = (request.url ?? '/').split('?')[0]!;
    if (path !== STREAM_PATH && path !== `/chainweb/0.0/${this.options.network}${STREAM_PATH}`) {
      response.writeHead(404, { 'Content-Length': '0' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET', 'Content-Length': '0' }).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    if (request.method === 'HEAD' || this.closed) {
      response.end();
      return;
    }
    response.flushHeaders();
    socket.setNoDelay(true);

    const stream: Stream = {
      response,
      peer: `${peer}:${socket.remotePort}`,
      remaining: this.options.endAfter === Infinity ? Infinity : randomInt(this.random, 1, this.options.endAfter),
      abrupt: this.random() < this.options.abruptEndShare,
    };
    this.stats.streams++;
    for (const frame of this.recent) response.write(frame);
    this.streams.add(stream);
    response.on('close', () => {
      this.streams.delete(stream);
    });
    // A new client is not behind: whoever the server was waiting for, it serves this one now.
    this.endDrainWait?.();
    this.schedule();
  }

  private schedule(): void {
    if (this.cancelTick !== undefined || this.closed || this.streams.size === 0 || this.exhausted || this.endDrainWait !== undefined) return;
    const rate = this.options.rate;
    if (rate === Infinity) {
      this.cancelTick = this.options.scheduler.soon(() => this.tick());
      return;
    }
    if (this.lastTick === 0) this.lastTick = this.options.scheduler.now(); // (re)starting after an idle time: no burst
    const wait = Math.max(1, ((1 - this.budget) * 1000) / rate);
    this.cancelTick = this.options.scheduler.after(wait, () => this.tick());
  }

  private stopTicking(): void {
    this.cancelTick?.();
    this.cancelTick = undefined;
  }

  private tick(): void {
    this.cancelTick = undefined;
    let quota = MAX_BATCH;
    if (this.options.rate !== Infinity) {
      const now = this.options.scheduler.now();
      // After a stall (GC, a busy machine) catch up by at most a quarter of a second's worth: a
      // paced node should not dump a burst on its clients.
      const most = Math.max(1, this.options.rate / 4);
      this.budget = Math.min(this.budget + ((now - this.lastTick) * this.options.rate) / 1000, most);
      this.lastTick = now;
      quota = Math.min(Math.floor(this.budget), MAX_BATCH);
      this.budget = Math.min(this.budget - quota, 1);
    }
    for (let i = 0; i < quota && this.streams.size > 0; i++) {
      if (this.mustWaitForDrain()) return;
      if (!this.mineOne()) break;
    }
    if (this.streams.size === 0) this.lastTick = 0;
    this.schedule();
  }

  /** Delivers the next event to every stream; false when the feed is exhausted. */
  private mineOne(): boolean {
    if (this.next === undefined) {
      const line = this.options.feed.next();
      if (line === undefined) {
        this.exhausted = true; // streams stay open and quiet, like a node on a halted network
        return false;
      }
      this.next = Buffer.from(`${EVENT_PREFIX}${line}\n\n`, 'utf8');
    }
    const frame = this.next;
    let delivered = 0;
    for (const stream of [...this.streams]) {
      if (stream.response.writableLength > this.options.maxQueueBytes) {
        this.dropSlow(stream);
        continue;
      }
      if (stream.remaining === 0) {
        // Its quota is spent and it ends abruptly: half of this event, then the connection drops.
        this.streams.delete(stream);
        this.stats.abruptEnds++;
        stream.response.write(frame.subarray(0, frame.length >> 1));
        stream.response.socket?.end();
        continue;
      }
      stream.response.write(frame);
      delivered++;
      if (--stream.remaining === 0 && !stream.abrupt) {
        this.streams.delete(stream);
        this.stats.cleanEnds++;
        stream.response.end();
      }
    }
    // An event nobody received is not mined yet: a lone client that reconnects misses nothing.
    if (delivered === 0) return true;
    this.next = undefined;
    this.stats.eventsMined++;
    if (this.options.overlap > 0) {
      this.recent.push(frame);
      if (this.recent.length > this.options.overlap) this.recent.shift();
    }
    return true;
  }

  /** A client that stopped reading: its queue is full, so it goes and the others carry on. */
  private dropSlow(stream: Stream): void {
    this.streams.delete(stream);
    this.stats.slowDrops++;
    this.options.log(`disconnected ${stream.peer}: fell behind (${stream.response.writableLength} bytes unread)`);
    stream.response.destroy();
  }

  /** At an unlimited rate the fastest client sets the pace: wait only when every client is behind
   *  (a slow one fills its own queue until it is dropped; nobody waits for it). */
  private mustWaitForDrain(): boolean {
    for (const stream of this.streams) if (!stream.response.writableNeedDrain) return false;
    const waiting = [...this.streams];
    const resume = () => {
      for (const s of waiting) {
        s.response.off('drain', resume);
        s.response.off('close', resume);
      }
      this.endDrainWait = undefined;
      this.schedule();
    };
    this.endDrainWait = resume;
    for (const s of waiting) {
      s.response.on('drain', resume);
      s.response.on('close', resume);
    }
    return true;
  }
}
