import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from './fixtures.js';

test('stream/ stands alone: it imports only itself and node built-ins', () => {
  const files = readdirSync(`${REPO_ROOT}stream`).filter((name) => name.endsWith('.ts'));
  assert.ok(files.length >= 10);
  for (const file of files) {
    const source = readFileSync(`${REPO_ROOT}stream/${file}`, 'utf8');
    for (const [, specifier] of source.matchAll(/\bfrom\s+'([^']+)'/g)) {
      assert.ok(/^\.\/[\w-]+\.js$/.test(specifier!) || specifier!.startsWith('node:'), `${file} imports ${specifier}`);
    }
  }
});

test.run();
