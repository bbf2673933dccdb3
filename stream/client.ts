// Follows a node's `/header/updates` over HTTP(S): reconnects with exponential back-off and jitter
// whenever the stream ends or fails, and yields the headers that reached the confirmation depth.

import { EventEmitter } from 'node:events';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { BlockHeaderEvent, HeaderDecodeError } from './block-header.js';
import { ConfirmationBuffer, DEFAULT_CONFIRMATION_DEPTH, type Gap } from './confirm.js';
import { HeaderStreamDecoder } from './header-stream.js';
import type { SseError } from './sse-decoder.js';

export interface BackoffOptions {
  /** First delay after a failure, in ms. Default 500. */
  initialMs?: number;
  /** Upper bound of the delay. Default 30 000. */
  maxMs?: number;
  /** Growth per consecutive failure. Default 2. */
  factor?: number;
  /** Share of the delay that is random (0 = none, 1 = anywhere in [0, delay]). Default 0.5. */
  jitter?: number;
}

export interface HeaderClientOptions {
  depth?: number;
  /** Only these chains are buffered and reported; default all. */
  chains?: Iterable<number>;
  backoff?: BackoffOptions;
  /** A stream that sends nothing for this long is treated as dead (the node has no heartbeat). Default 90 s. */
  staleAfterMs?: number;
  /** Give up on a connection attempt that has no response headers after this long. Default 30 s. */
  connectTimeoutMs?: number;
  maxEventSize?: number;
  /** Confirmed headers held for a slow consumer before the socket is paused. Default 10 000. */
  highWaterMark?: number;
  /** The source of jitter; defaults to Math.random (tests pass a seeded one). */
  random?: () => number;
  signal?: AbortSignal;
}

/** What the node said about itself when a stream opened. */
export interface ConnectionInfo {
  readonly url: string;
  readonly attempt: number;
  /** `x-service-node-version` (seed) or `X-Chainweb-Node-Version` (real node). */
  readonly nodeVersion: string | undefined;
  /** `x-server-timestamp`: the node's clock, seconds since the epoch. */
  readonly serverTimestamp: number | undefined;
  /** `x-peer-addr`: our address as the node sees it; real service APIs do not send it. */
  readonly peerAddress: string | undefined;
}

export interface Disconnection {
  readonly reason: 'ended' | 'failed' | 'stale';
  readonly error?: Error;
  /** Events received on this connection. */
  readonly events: number;
}

export interface Reconnection {
  /** Consecutive attempts that did not deliver an event, including the coming one. */
  readonly attempt: number;
  readonly delayMs: number;
}

/** A condition retrying cannot fix (wrong URL, stream disabled, not an event stream). */
export class StreamClientError extends Error {
  override readonly name = 'StreamClientError';
  constructor(
    readonly kind: 'not-found' | 'http-status' | 'content-type',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface HeaderClientEvents {
  connected: [ConnectionInfo];
  disconnected: [Disconnection];
  reconnecting: [Reconnection];
  orphan: [BlockHeaderEvent];
  gap: [Gap];
  duplicate: [BlockHeaderEvent];
  late: [BlockHeaderEvent];
  invalid: [SseError | HeaderDecodeError];
  /** A fatal error: the client stops and the iterator throws it. */
  fatal: [StreamClientError];
}

const DEFAULT_BACKOFF: Required<BackoffOptions> = { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0.5 };

/** Delay before reconnection attempt `attempt` (1-based): exponential, capped, partly random. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number {
  const { initialMs, maxMs, factor, jitter } = { ...DEFAULT_BACKOFF, ...options };
  const delay = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));
  return Math.round(delay * (1 - jitter * random()));
}

export class HeaderStreamClient extends EventEmitter<HeaderClientEvents> implements AsyncIterable<BlockHeaderEvent> {
  readonly url: string;
  private readonly options: HeaderClientOptions;
  private readonly chains: ReadonlySet<number> | undefined;
  private readonly decoder: HeaderStreamDecoder;
  private readonly buffer: ConfirmationBuffer;
  private readonly random: () => number;

  private readonly queue: BlockHeaderEvent[] = [];
  private queueHead = 0;
  private waiting: ((result: IteratorResult<BlockHeaderEvent>) => void) | undefined;
  private failWaiting: ((error: unknown) => void) | undefined;

  private started = false;
  private stopped = false;
  private fatalError: StreamClientError | undefined;
  private attempt = 0;
  private request: ClientRequest | undefined;
  private response: IncomingMessage | undefined;
  private eventsThisConnection = 0;
  private staleTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private paused = false;

  constructor(url: string, options: HeaderClientOptions = {}) {
    super();
    this.url = streamUrl(url);
    this.options = options;
    this.chains = options.chains === undefined ? undefined : new Set(options.chains);
    this.random = options.random ?? Math.random;
    this.buffer = new ConfirmationBuffer(
      {
        confirmed: (block) => this.enqueue(block),
        orphaned: (block) => this.emit('orphan', block),
        gap: (gap) => this.emit('gap', gap),
        duplicate: (block) => this.emit('duplicate', block),
        late: (block) => this.emit('late', block),
      },
      { depth: options.depth ?? DEFAULT_CONFIRMATION_DEPTH },
    );
    this.decoder = new HeaderStreamDecoder({
      maxEventSize: options.maxEventSize,
      onInvalid: (error) => this.emit('invalid', error),
      onHeader: (event) => {
        this.eventsThisConnection++;
        if (this.chains === undefined || this.chains.has(event.header.chainId)) this.buffer.push(event);
      },
    });
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Opens the first connection (iterating does this too). */
  start(): this {
    if (!this.started && !this.stopped) {
      this.started = true;
      this.connect();
    }
    return this;
  }

  /** Stops for good: closes the connection; the iterator finishes after the headers already queued. */
  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.staleTimer);
    this.request?.destroy();
    this.request = undefined;
    this.settleWaiting();
  }

  get closed(): boolean {
    return this.stopped;
  }

  /** Headers waiting in the confirmation buffer (not yet deep enough). */
  get pending(): number {
    return this.buffer.pending;
  }

  [Symbol.asyncIterator](): AsyncIterator<BlockHeaderEvent> {
    this.start();
    return {
      next: () => {
        if (this.queueHead < this.queue.length) return Promise.resolve({ value: this.dequeue(), done: false });
        if (this.fatalError !== undefined) return Promise.reject(this.fatalError);
        if (this.stopped) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => {
          this.waiting = resolve;
          this.failWaiting = reject;
        });
      },
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  private connect(): void {
    if (this.stopped) return;
    this.attempt++;
    this.eventsThisConnection = 0;
    this.decoder.reset();
    const attempt = this.attempt;
    const target = new URL(this.url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, {
      method: 'GET',
      agent: false, // one long-lived connection per stream; nothing to pool
      headers: { Accept: 'text/event-stream', 'Cache-Control': 'no-cache' },
      timeout: this.options.connectTimeoutMs ?? 30_000,
    });
    this.request = request;
    let finished = false;
    const finish = (reason: Disconnection['reason'], error?: Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(this.staleTimer);
      if (this.request === request) this.request = undefined;
      request.destroy();
      if (this.stopped) return;
      this.emit('disconnected', { reason, error, events: this.eventsThisConnection });
      this.reconnectLater();
    };

    request.on('timeout', () => finish('failed', new Error('no response from the node in time')));
    request.on('error', (error) => finish('failed', error));
    request.on('response', (response) => {
      request.setTimeout(0); // the connect timeout is over; staleness is watched separately
      const failure = this.checkResponse(response);
      if (failure !== undefined) {
        response.resume();
        if (failure instanceof StreamClientError) {
          finished = true;
          request.destroy();
          this.fail(failure);
        } else {
          finish('failed', failure);
        }
        return;
      }
      this.response = response;
      this.emit('connected', {
        url: this.url,
        attempt,
        nodeVersion: header(response, 'x-service-node-version') ?? header(response, 'x-chainweb-node-version'),
        serverTimestamp: parseTimestamp(header(response, 'x-server-timestamp')),
        peerAddress: header(response, 'x-peer-addr'),
      });
      this.watchStaleness(() => finish('stale', new Error('no data from the node for too long')));
      if (this.paused) response.pause();
      response.on('data', (chunk: Buffer) => {
        this.watchStaleness(() => finish('stale', new Error('no data from the node for too long')));
        this.decoder.feed(chunk);
        if (this.eventsThisConnection > 0) this.attempt = 0; // a stream that delivers resets the back-off
      });
      response.on('end', () => finish('ended'));
      response.on('aborted', () => finish('failed', new Error('connection cut by the node')));
      response.on('error', (error) => finish('failed', error));
      response.on('close', () => finish(response.complete ? 'ended' : 'failed', response.complete ? undefined : new Error('connection closed')));
    });
    request.end();
  }

  /** undefined if the response is a usable event stream; a fatal error or a retryable one if not. */
  private checkResponse(response: IncomingMessage): StreamClientError | Error | undefined {
    const status = response.statusCode ?? 0;
    if (status === 404) {
      return new StreamClientError('not-found', `${this.url}: 404 (header stream disabled on the node, or wrong network name)`, status);
    }
    if (status >= 500) return new Error(`${this.url}: HTTP ${status}`);
    if (status !== 200) return new StreamClientError('http-status', `${this.url}: HTTP ${status}`, status);
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'text/event-stream') {
      return new StreamClientError('content-type', `${this.url}: content type ${JSON.stringify(type)}, not text/event-stream`, status);
    }
    return undefined;
  }

  private watchStaleness(onStale: () => void): void {
    clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(onStale, this.options.staleAfterMs ?? 90_000);
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    const attempt = Math.max(1, this.attempt);
    const delayMs = backoffDelay(attempt, this.options.backoff, this.random);
    this.emit('reconnecting', { attempt, delayMs });
    this.retryTimer = setTimeout(() => this.connect(), delayMs);
  }

  private fail(error: StreamClientError): void {
    this.fatalError = error;
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.staleTimer);
    if (this.listenerCount('fatal') > 0) this.emit('fatal', error);
    this.settleWaiting();
  }

  private enqueue(block: BlockHeaderEvent): void {
    if (this.waiting !== undefined) {
      const resolve = this.waiting;
      this.waiting = this.failWaiting = undefined;
      resolve({ value: block, done: false });
      return;
    }
    this.queue.push(block);
    // Back-pressure: stop reading while the consumer is far behind.
    if (!this.paused && this.queue.length - this.queueHead >= (this.options.highWaterMark ?? 10_000)) {
      this.paused = true;
      this.response?.pause();
    }
  }

  private dequeue(): BlockHeaderEvent {
    const block = this.queue[this.queueHead]!;
    this.queue[this.queueHead++] = undefined as unknown as BlockHeaderEvent;
    if (this.queueHead === this.queue.length) {
      this.queue.length = 0;
      this.queueHead = 0;
    }
    if (this.paused && this.queue.length - this.queueHead < (this.options.highWaterMark ?? 10_000) / 2) {
      this.paused = false;
      this.response?.resume();
    }
    return block;
  }

  private settleWaiting(): void {
    if (this.waiting === undefined) return;
    const resolve = this.waiting;
    const reject = this.failWaiting!;
    this.waiting = this.failWaiting = undefined;
    if (this.fatalError !== undefined) reject(this.fatalError);
    else resolve({ value: undefined, done: true });
  }
}

/** Accepts a node's base URL (`…/chainweb/0.0/mainnet01`) or the full stream URL. */
export function streamUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('/header/updates')) {
    parsed.pathname = `${parsed.pathname.replace(/\/+$/, '')}/header/updates`;
  }
  return parsed.toString();
}

export function followHeaders(url: string, options: HeaderClientOptions = {}): HeaderStreamClient {
  return new HeaderStreamClient(url, options).start();
}

function header(response: IncomingMessage, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseTimestamp(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
