// The plan of the tree (README, Design): imports run one way, compiler → vm ← runtime; the runtime
// uses the compiler through compiler/index.ts; stream/ stands alone; runtime/ is a set of concept
// folders, each with an index.ts as its public face, and no two of its files share a name.

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

test('vm imports neither the compiler, the runtime nor the stream', () => {
  assert.equal(violations('vm', ['compiler', 'runtime', 'stream']), []);
});

test('the compiler does not import the runtime', () => {
  assert.equal(violations('compiler', ['runtime', 'stream']), []);
});

/** The imports of files under `dir` that reach into `into/` other than through `allowed` files. */
function reachesAround(dir: string, into: string, allowed: string[]): string[] {
  return sources(dir).flatMap(f => importsOf(f)
    .filter(i => i.startsWith(into + '/') && !allowed.includes(i))
    .map(i => `${f} → ${i}`));
}

test('the runtime reaches the compiler only through its public face and the syntax tree it shares', () => {
  assert.equal(reachesAround('runtime', 'compiler', ['compiler/index.js', 'compiler/syntax.js', 'compiler/errors.js']), []);
});

test('the Pact-IR mirror reads the syntax tree it is given and never lexes, parses or compiles', () => {
  assert.equal(reachesAround('runtime/pact-ir', 'compiler', ['compiler/syntax.js', 'compiler/errors.js']), []);
});

test('stream imports nothing from the engine', () => {
  assert.equal(violations('stream', ['compiler', 'vm', 'runtime']), []);
});

test('runtime/ holds folders only, each opening with an index.ts that says what it is', () => {
  const entries = readdirSync(join(repo, 'runtime'));
  assert.equal(entries.filter(e => !statSync(join(repo, 'runtime', e)).isDirectory()), []);
  for (const folder of entries) {
    const index = join(repo, 'runtime', folder, 'index.ts');
    let text = '';
    try { text = readFileSync(index, 'utf8'); } catch { assert.unreachable(`runtime/${folder} has no index.ts`); }
    assert.ok(text.startsWith('//'), `runtime/${folder}/index.ts opens with a comment`);
  }
});

test('no two files under runtime/ share a name (index.ts aside)', () => {
  const byName = new Map<string, string[]>();
  for (const f of sources('runtime')) {
    const name = f.split('/').pop()!;
    if (name !== 'index.ts') byName.set(name, [...(byName.get(name) ?? []), f]);
  }
  assert.equal([...byName.values()].filter(paths => paths.length > 1), []);
});

test('natives read their arguments by index, not by array destructuring', () => {
  // `const [a, b] = args` runs the iterator protocol: ~100 ns a call more than `args[0]` until V8
  // optimises the function, and the bin's raised optimisation budget keeps most natives of a short
  // script unoptimised (measured 28 Nov: `shift` spent a third of its time there)
  const destructuring = sources('runtime').flatMap(f =>
    readFileSync(join(repo, f), 'utf8').split('\n').flatMap((line, i) => /\[[^\]]*\] = args\b/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : []));
  assert.equal(destructuring, []);
});

test.run();
