// Every native in vm/builtins.ts must have an implementation, except the ones other issues own,
// which are listed here by name so it is clear what remains.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ReplSession } from '../../runtime/repl/session.js';
import { BUILTINS } from '../../vm/builtins.js';

/** Cryptography issue: keccak, poseidon, BN254 pairing/ZK, hyperlane. */
const CRYPTO = [
  'hash-keccak256', 'hash-poseidon', 'poseidon-hash-hack-a-chain', 'pairing-check', 'scalar-mult', 'point-add',
  'hyperlane-message-id', 'hyperlane-encode-token-message', 'hyperlane-decode-token-message',
];

/** Contracts-runtime issue: database, capabilities, guards, keysets, principals, namespaces, modules, defpacts. */
const CONTRACTS_RUNTIME = [
  // database
  'create-table', 'insert', 'write', 'update', 'read', 'read-with-fields', 'with-read', 'with-default-read', 'keys',
  'select', 'select-with-fields', 'fold-db', 'txlog', 'txids', 'keylog', 'describe-table', 'describe-keyset',
  'describe-module', 'describe-namespace', 'list-modules', 'static-redeploy',
  // keysets and namespaces
  'define-keyset', 'define-read-keyset', 'read-keyset', 'namespace', 'define-namespace',
  // capabilities, guards, principals, verifiers
  'require-capability', 'compose-capability', 'install-capability', 'emit-event', 'create-capability-guard',
  'create-capability-pact-guard', 'enforce-guard', 'enforce-keyset', 'keyset-ref-guard', 'create-module-guard',
  'create-pact-guard', 'create-principal', 'is-principal', 'typeof-principal', 'validate-principal',
  'acquire-module-admin', 'verify-spv', 'enforce-verifier',
  // defpacts
  'yield', 'yield-to-chain', 'resume', 'pact-id',
  // REPL natives of those areas (runtime/repl, with the contracts runtime)
  'env-namespace-policy', 'env-module-admin', 'continue-pact', 'continue-pact-with-rollback',
  'continue-pact-rollback-yield', 'continue-pact-rollback-yield-object', 'pact-state', 'reset-pact-state',
  'test-capability',
];

const EXCLUDED = new Set([...CRYPTO, ...CONTRACTS_RUNTIME]);

test('every native outside the named exclusions has an implementation', () => {
  const missing = new ReplSession().missingNatives.filter(n => !EXCLUDED.has(n));
  assert.equal(missing, []);
});

test('the exclusion lists name real catalogue entries', () => {
  const known = new Set(BUILTINS.map(b => b.name));
  for (const n of EXCLUDED) assert.ok(known.has(n), `${n} is not in vm/builtins.ts`);
});

test.run();
