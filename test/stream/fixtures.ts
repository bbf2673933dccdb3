// Shared by the stream tests: the real header data (in the corpus, see test/corpus.ts) and small helpers to read it.
// Compiled to dist/test/stream/, so the repository root is three levels up.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { HEADER_DATA } from '../corpus.js';
import { HeaderDecodeError, parseBlockHeaderEvent } from '../../stream/block-header.js';
import { NodeServer } from '../../stream/server.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A file of the corpus's real header data; tests that read one register through corpusTest. */
export function headerFile(name: string): string {
  return join(HEADER_DATA, name);
}

/** Every `.jsonl` file of the real header data. */
export function jsonlFiles(): string[] {
  return readdirSync(HEADER_DATA).filter((name) => name.endsWith('.jsonl')).sort();
}

/** The data lines of a `.jsonl` file. */
export function jsonlLines(name: string): string[] {
  return readFileSync(headerFile(name), 'utf8').split('\n').filter((line) => line.trim() !== '');
}

/** Every real data line, with the file it came from. */
export function allRealLines(): { file: string; line: string }[] {
  return jsonlFiles().flatMap((file) => jsonlLines(file).map((line) => ({ file, line })));
}

/** Frames data lines exactly as the node does. */
export function frame(lines: readonly string[]): string {
  return lines.map((line) => `event:BlockHeader\ndata:${line}\n\n`).join('');
}

/** The decode error `json` raises (failing the test when it decodes). */
export function errorOf(json: string): HeaderDecodeError {
  try {
    parseBlockHeaderEvent(json);
  } catch (error) {
    if (error instanceof HeaderDecodeError) return error;
    throw error;
  }
  throw new Error(`decoded without an error: ${json}`);
}

/** A writable stream that keeps what is written, for a command's stdout and stderr. */
export class Capture extends Writable {
  text = '';
  private waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  override _write(chunk: Buffer, _: string, done: () => void): void {
    this.text += chunk.toString();
    for (const waiter of [...this.waiters]) {
      const match = this.text.match(waiter.pattern);
      if (match) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
    done();
  }
  /** Resolves when the output matches `pattern`. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
    const match = this.text.match(pattern);
    if (match) return Promise.resolve(match);
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }
}

/** Run `body` against a local node listening on a free port, closing it afterwards. */
export async function withServer(options: ConstructorParameters<typeof NodeServer>[0], body: (server: NodeServer) => Promise<void>): Promise<void> {
  const server = new NodeServer({ port: 0, ...options });
  await server.listen();
  try {
    await body(server);
  } finally {
    await server.close();
  }
}
