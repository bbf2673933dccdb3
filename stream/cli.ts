// The `pactvm headers` and `pactvm node` sub-commands: follow a node's header stream and print
// confirmed headers, or run a local node that serves one.

import type { Writable } from 'node:stream';
import type { BlockHeaderEvent } from './block-header.js';
import { HeaderStreamClient, StreamClientError } from './client.js';
import { DEFAULT_CONFIRMATION_DEPTH } from './confirm.js';
import { encodeHeaderEventJson } from './header-encoding.js';
import { ReplayFeed, SyntheticFeed, type HeaderFeed } from './header-feed.js';
import type { Scheduler } from './scheduler.js';
import { NodeServer } from './server.js';
import { UsageError, integerFlag, numberFlag, parseArgs, type FlagSpec } from './args.js';

/** Where a command writes and what stops it; tests pass their own, the CLI uses the process's. */
export interface CommandIo {
  stdout?: Writable;
  stderr?: Writable;
  /** Stops a running command as SIGINT/SIGTERM would. */
  signal?: AbortSignal;
  /** The node command's clock and timers (its pacing). Default: the real ones. */
  scheduler?: Scheduler;
}

export const HEADERS_USAGE = `usage: pactvm headers URL [--depth N] [--chains LIST] [--format json|table] [--count N]
  URL          a node's base URL (http://host:1848/chainweb/0.0/mainnet01) or its /header/updates URL
  --depth N    confirmations before a header is printed (default ${DEFAULT_CONFIRMATION_DEPTH})
  --chains L   only these chains, e.g. 0,5,10 or 0-9
  --format F   table (default) or json (one event object per line, exactly as the node sent it)
  --count N    stop after N confirmed headers
Orphans, gaps and reconnections are reported on stderr. Runs until interrupted.`;

export const NODE_USAGE = `usage: pactvm node [--port P] (--replay FILE | --synthetic) [options]
  --port P          port to listen on (default 1848; 0 = any free port)   --host H (default 127.0.0.1)
  --replay FILE     serve the lines of a JSON-lines file (e.g. ../shared/data/headers/*.jsonl) once
  --synthetic       serve a synthetic 20-chain mainnet-like chain
  --rate R          events per second (default 0.67, the mainnet rate; "max" = as fast as clients read)
  --fork-rate F     synthetic: probability that a block first loses a fork (default 0)
  --end-after N     end each stream after a random 1..N events (half of them mid-event)
  --count N         synthetic: stop producing after N events   --seed S   random seed (default 1)
  --overlap K       re-send the last K events to each new stream (default 0, like a real node)
  --network NAME    network in /chainweb/0.0/NAME/header/updates (default mainnet01)
  --max-file-size B largest replay file in bytes (default 64 MiB)
Serves {base}/header/updates and /chainweb/0.0/NAME/header/updates; runs until SIGINT/SIGTERM.`;

const HEADERS_FLAGS: readonly FlagSpec[] = [
  { name: 'depth', value: 'N' }, { name: 'chains', value: 'L' }, { name: 'format', value: 'F' }, { name: 'count', value: 'N' },
];

const NODE_FLAGS: readonly FlagSpec[] = [
  { name: 'port', value: 'P' }, { name: 'host', value: 'H' }, { name: 'replay', value: 'FILE' }, { name: 'synthetic' },
  { name: 'rate', value: 'R' }, { name: 'fork-rate', value: 'F' }, { name: 'end-after', value: 'N' }, { name: 'count', value: 'N' },
  { name: 'seed', value: 'S' }, { name: 'overlap', value: 'K' }, { name: 'network', value: 'NAME' }, { name: 'node-version', value: 'V' },
  { name: 'max-file-size', value: 'B' },
];

/** `0,5,10`, `0-9`, or a mix (`0-3,7`). */
export function parseChainList(text: string): number[] {
  const chains = new Set<number>();
  for (const part of text.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (range === null) throw new UsageError(`--chains: cannot read ${JSON.stringify(part)}`);
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) throw new UsageError(`--chains: empty range ${part}`);
    for (let chain = from; chain <= to; chain++) chains.add(chain);
  }
  return [...chains].sort((a, b) => a - b);
}

/** Resolves when SIGINT/SIGTERM arrives or `signal` aborts. */
function untilStopped(signal: AbortSignal | undefined): { stopped: Promise<void>; dispose: () => void } {
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  return {
    stopped,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
    },
  };
}

const TABLE_HEADER = `${'chain'.padStart(5)}  ${'height'.padStart(10)}  ${'hash'.padEnd(43)}  ${'created (UTC)'.padEnd(24)}  ${'txs'.padStart(5)}`;

export function formatTableRow(event: BlockHeaderEvent): string {
  const header = event.header;
  const created = new Date(Math.floor(header.creationTime / 1000)).toISOString();
  return `${String(header.chainId).padStart(5)}  ${String(header.height).padStart(10)}  ${header.hash}  ${created.padEnd(24)}  ${String(event.txCount).padStart(5)}`;
}

export async function headersCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let url: string;
  let depth: number;
  let chains: number[] | undefined;
  let format: 'json' | 'table';
  let count: number | undefined;
  try {
    const args = parseArgs(argv, HEADERS_FLAGS);
    if (args.help) {
      stdout.write(`${HEADERS_USAGE}\n`);
      return 0;
    }
    if (args.positional.length !== 1) throw new UsageError('expected exactly one URL');
    url = args.positional[0]!;
    try {
      const protocol = new URL(url).protocol;
      if (protocol !== 'http:' && protocol !== 'https:') throw new UsageError(`not an http(s) URL: ${url}`);
    } catch (error) {
      throw error instanceof UsageError ? error : new UsageError(`not a URL: ${url}`);
    }
    depth = integerFlag(args, 'depth', 0) ?? DEFAULT_CONFIRMATION_DEPTH;
    count = integerFlag(args, 'count', 1);
    const chainsFlag = args.flags.get('chains');
    chains = typeof chainsFlag === 'string' ? parseChainList(chainsFlag) : undefined;
    const formatFlag = args.flags.get('format') ?? 'table';
    if (formatFlag !== 'json' && formatFlag !== 'table') throw new UsageError(`--format must be json or table, got ${String(formatFlag)}`);
    format = formatFlag;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`pactvm headers: ${error.message}\n${HEADERS_USAGE}\n`);
    return 2;
  }

  const client = new HeaderStreamClient(url, { depth, chains });
  client.on('connected', (info) => {
    const version = info.nodeVersion === undefined ? '' : ` (node ${info.nodeVersion})`;
    stderr.write(`connected to ${info.url}${version}\n`);
  });
  client.on('disconnected', (d) => stderr.write(`stream ${d.reason}${d.error ? `: ${d.error.message}` : ''} after ${d.events} events\n`));
  client.on('reconnecting', (r) => stderr.write(`reconnecting in ${r.delayMs} ms (attempt ${r.attempt})\n`));
  client.on('orphan', (o) => stderr.write(`orphan: chain ${o.header.chainId} height ${o.header.height} ${o.header.hash}\n`));
  client.on('gap', (g) => stderr.write(`gap: chain ${g.chainId} heights ${g.fromHeight}..${g.toHeight} (${g.reason}), ${g.unresolved.length} unresolved\n`));
  client.on('invalid', (e) => stderr.write(`invalid event dropped: ${e.message}\n`));

  const { stopped, dispose } = untilStopped(io.signal);
  void stopped.then(() => client.close());
  let printed = 0;
  try {
    if (format === 'table') stdout.write(`${TABLE_HEADER}\n`);
    for await (const event of client) {
      stdout.write(`${format === 'json' ? encodeHeaderEventJson(event) : formatTableRow(event)}\n`);
      if (count !== undefined && ++printed >= count) break;
    }
    return 0;
  } catch (error) {
    if (!(error instanceof StreamClientError)) throw error;
    stderr.write(`pactvm headers: ${error.message}\n`);
    return 1;
  } finally {
    client.close();
    dispose();
  }
}

export async function nodeCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let server: NodeServer;
  try {
    const args = parseArgs(argv, NODE_FLAGS);
    if (args.help) {
      stdout.write(`${NODE_USAGE}\n`);
      return 0;
    }
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const replay = args.flags.get('replay');
    const synthetic = args.flags.has('synthetic');
    if ((replay === undefined) === !synthetic) throw new UsageError('give exactly one of --replay FILE and --synthetic');
    const seed = integerFlag(args, 'seed', 0) ?? 1;
    const rateFlag = args.flags.get('rate');
    const rate = rateFlag === 'max' ? Infinity : numberFlag(args, 'rate', (n) => n > 0, 'a positive number or max') ?? 20 / 30;
    const forkRate = numberFlag(args, 'fork-rate', (n) => n >= 0 && n <= 1, 'between 0 and 1') ?? 0;
    let feed: HeaderFeed;
    if (typeof replay === 'string') {
      if (args.flags.has('fork-rate') || args.flags.has('count')) throw new UsageError('--fork-rate and --count apply to --synthetic only');
      const maxBytes = integerFlag(args, 'max-file-size', 1);
      try {
        feed = ReplayFeed.fromFile(replay, maxBytes);
      } catch (error) {
        stderr.write(`pactvm node: cannot read ${replay}: ${readFailure(error)}\n`);
        return 1;
      }
    } else {
      feed = new SyntheticFeed({ seed, forkRate }, integerFlag(args, 'count', 1) ?? Infinity);
    }
    server = new NodeServer({
      feed,
      port: integerFlag(args, 'port', 0) ?? 1848,
      host: (args.flags.get('host') as string | undefined) ?? '127.0.0.1',
      network: (args.flags.get('network') as string | undefined) ?? 'mainnet01',
      nodeVersion: (args.flags.get('node-version') as string | undefined) ?? undefined,
      rate,
      endAfter: integerFlag(args, 'end-after', 1),
      overlap: integerFlag(args, 'overlap', 0) ?? 0,
      seed,
      log: (line) => stderr.write(`pactvm node: ${line}\n`),
      scheduler: io.scheduler,
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`pactvm node: ${error.message}\n${NODE_USAGE}\n`);
    return 2;
  }

  const { stopped, dispose } = untilStopped(io.signal);
  try {
    await server.listen();
  } catch (error) {
    dispose();
    stderr.write(`pactvm node: cannot listen: ${(error as Error).message}\n`);
    return 1;
  }
  stdout.write(`listening: ${server.url}\n`);
  await stopped;
  dispose();
  await server.close();
  stderr.write(`stopped after ${server.stats.eventsMined} events on ${server.stats.streams} streams\n`);
  return 0;
}

/** Why a replay file could not be read, in a few words. */
export function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
}
