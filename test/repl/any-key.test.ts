// env-sigs key `any` is an ordinary key (Pact 5); the seed's wildcard, where `any` signs for
// every key, is opt-in: --any-key-wildcard or (env-exec-config ["AnyKeyWildcard"]) (decisions.md).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evalLast, errorOf, runRepl } from '../helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';

const SETUP = `
(env-data {"alice": ["alice"], "any": ["any"], "both": {"keys": ["alice", "bob"], "pred": "keys-all"}})
(module m g (defcap g () true)
  (defcap PLAIN () true)
  (defun plain-check (k:string) (with-capability (PLAIN) (enforce-keyset (read-keyset k)))))
`;

test('by default a signature with key any does not sign for other keys', () => {
  assert.is(errorOf(`${SETUP} (env-sigs [{"key": "any", "caps": []}]) (enforce-keyset (read-keyset "alice"))`),
    'Keyset failure (keys-all): [alice...]');
  assert.is(errorOf(`${SETUP} (env-keys ["any"]) (enforce-keyset (read-keyset "both"))`),
    'Keyset failure (keys-all): [alice..., bob...]');
});

test('by default any is an ordinary key: it satisfies a keyset that lists it', () => {
  assert.is(evalLast(`${SETUP} (env-sigs [{"key": "any", "caps": []}]) (enforce-keyset (read-keyset "any"))`), 'true');
});

test('(env-exec-config ["AnyKeyWildcard"]) turns the wildcard on; it lists and sorts with the other flags', () => {
  const r = runRepl(`${SETUP} (env-exec-config ["DisablePactEvents" "AnyKeyWildcard"])
    (env-sigs [{"key": "any", "caps": []}]) (enforce-keyset (read-keyset "both")) (env-exec-config)`);
  assert.is(r.error, null);
  assert.equal(r.traces.slice(-4), ['["AnyKeyWildcard" "DisablePactEvents"]', '"Setting transaction signatures/caps"',
    'true', '["AnyKeyWildcard" "DisablePactEvents"]']);
  assert.equal(r.prints, [], 'AnyKeyWildcard is a known flag: no warning');
  // clearing the flags turns it off again
  assert.is(errorOf(`${SETUP} (env-exec-config ["AnyKeyWildcard"]) (env-exec-config [])
    (env-keys ["any"]) (enforce-keyset (read-keyset "alice"))`), 'Keyset failure (keys-all): [alice...]');
});

test('with the wildcard, the capabilities the any signature lists scope it for every key', () => {
  const on = `${SETUP} (env-exec-config ["AnyKeyWildcard"]) (env-sigs [{"key": "any", "caps": [(m.PLAIN)]}])`;
  assert.is(evalLast(`${on} (m.plain-check "alice")`), 'true');
  assert.is(errorOf(`${on} (enforce-keyset (read-keyset "alice"))`), 'Keyset failure (keys-all): [alice...]');
});

test('the session option (--any-key-wildcard) turns the wildcard on for the whole run', () => {
  const s = new ReplSession();
  s.anyKeyWildcardOption = true;
  const r = runRepl(`${SETUP} (env-exec-config []) (env-keys ["any"]) (enforce-keyset (read-keyset "alice"))`, 'test.repl', s);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], 'true');
});

const cli = fileURLToPath(new URL('../../runtime/repl/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pactvm-any-'));
const script = `${SETUP}\n(env-keys ["any"])\n(expect "any signs for alice" true (enforce-keyset (read-keyset "alice")))\n`;
writeFileSync(join(dir, 'a.repl'), script);
writeFileSync(join(dir, 'b.repl'), script);
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });

test('pactvm run and test take --any-key-wildcard; test passes it to its --jobs workers', () => {
  const plain = run('run', join(dir, 'a.repl'));
  assert.is(plain.status, 1);
  assert.match(plain.stdout, 'Keyset failure (keys-all): [alice...]');
  assert.is(run('run', join(dir, 'a.repl'), '--any-key-wildcard').stdout, 'Load successful\n');
  assert.is(run('test', dir, '--any-key-wildcard').stdout.trim().split('\n').pop(), '2 passed, 0 failed');
  assert.is(run('test', '--jobs', '2', dir, '--any-key-wildcard').stdout.trim().split('\n').pop(), '2 passed, 0 failed');
  assert.is(run('test', '--jobs', '2', dir).stdout.trim().split('\n').pop(), '0 passed, 2 failed');
});

test('pactvm repl takes --any-key-wildcard', () => {
  const input = `${SETUP.replace(/\n/g, ' ')}\n(env-keys ["any"])\n(enforce-keyset (read-keyset "alice"))\n`;
  const on = spawnSync(process.execPath, [cli, 'repl', '--any-key-wildcard'], { input, encoding: 'utf8', timeout: 60_000 });
  assert.match(on.stdout, /pact> true\n/);
  const off = spawnSync(process.execPath, [cli, 'repl'], { input, encoding: 'utf8', timeout: 60_000 });
  assert.match(off.stdout, 'Keyset failure (keys-all): [alice...]');
});

test.run();
