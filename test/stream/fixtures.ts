// Shared by the stream tests: where the real header data lives, and small helpers to read it.
// Compiled to dist/test/stream/, so the repository root is three levels up.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const HEADERS_DIR = fileURLToPath(new URL('../../../../shared/data/headers/', import.meta.url));

export function headerFile(name: string): string {
  return `${HEADERS_DIR}${name}`;
}

/** Every `.jsonl` file of the real header data. */
export function jsonlFiles(): string[] {
  return readdirSync(HEADERS_DIR).filter((name) => name.endsWith('.jsonl')).sort();
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
