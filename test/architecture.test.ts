// Imports run one way: compiler → vm ← runtime; stream/ stands alone (DESIGN.md).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';

const repo = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(repo, dir)).flatMap(e => {
    const p = join(dir, e);
    return statSync(join(repo, p)).isDirectory() ? sources(p) : e.endsWith('.ts') ? [p] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(repo, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)[^'"]*from\s+'(\.[^']+)'/gm)].map(m => relative(repo, join(repo, file, '..', m[1])));
}

function violations(dir: string, forbidden: string[]): string[] {
  return sources(dir).flatMap(f => importsOf(f).filter(i => forbidden.some(d => i.startsWith(d + '/'))).map(i => `${f} → ${i}`));
}

test('vm imports neither the runtime nor the stream', () => {
  assert.equal(violations('vm', ['runtime', 'stream']), []);
});

test('the compiler does not import the runtime', () => {
  assert.equal(violations('compiler', ['runtime', 'stream']), []);
});

test('stream imports nothing from the engine', () => {
  assert.equal(violations('stream', ['compiler', 'vm', 'runtime']), []);
});

test.run();
