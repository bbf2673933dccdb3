// WebAuthn key format: COSE_Key parsing of `WEBAUTHN-` keys (EdDSA and ES256 accepted).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isValidKeyFormat, isWebAuthnKeyFormat, parseCosePublicKey } from '../../runtime/natives/crypto/webauthn.js';

// pact-5 pact-tests/webauthn.repl: an OKP/EdDSA/Ed25519 COSE key
const EDDSA = 'a4010103272006215820c18831c6f15306d6271e154842906b68f26c1af79b132dde6f6add79710303bf';
// WebAuthn Level 2 §6.5.1.1, the EC2/ES256/P-256 credentialPublicKey example
const ES256_X = '65eda5a12577c2bae829437fe338701a10aaa375e1bb5b5de108de439c08551d';
const ES256_Y = '1e52ed75701163f7f9e40ddf9f341b3dc9ba860af7e0ca7ca7e9eecd0084d19c';
const ES256 = `a5010203262001215820${ES256_X}225820${ES256_Y}`;
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

test('the webauthn.repl key is an Ed25519 COSE key', () => {
  const k = parseCosePublicKey(bytes(EDDSA));
  assert.ok(k && k.kind === 'eddsa' && k.alg === -8);
  assert.ok(isWebAuthnKeyFormat(`WEBAUTHN-${EDDSA}`));
  assert.ok(isValidKeyFormat(`WEBAUTHN-${EDDSA}`));
});

test('the WebAuthn spec ES256 example key is accepted', () => {
  const k = parseCosePublicKey(bytes(ES256));
  assert.ok(k && k.kind === 'ecdsa' && k.curve === 'P-256' && k.x === BigInt('0x' + ES256_X));
  assert.ok(isWebAuthnKeyFormat(`WEBAUTHN-${ES256}`));
});

test('rejected: no prefix, upper-case or odd hex, trailing bytes, wrong sizes, off-curve, other algorithms', () => {
  assert.not.ok(isWebAuthnKeyFormat(EDDSA)); // webauthn.repl: an unprefixed key fails key-format enforcement
  assert.not.ok(isValidKeyFormat(EDDSA));
  assert.not.ok(isWebAuthnKeyFormat(`WEBAUTHN-${EDDSA.toUpperCase()}`));
  assert.not.ok(isWebAuthnKeyFormat(`WEBAUTHN-${EDDSA}0`));
  assert.not.ok(isWebAuthnKeyFormat(`WEBAUTHN-${EDDSA}00`));
  assert.not.ok(isWebAuthnKeyFormat(`WEBAUTHN-${EDDSA.slice(0, -2)}`));
  // the y coordinate off by one is not on P-256
  const offCurve = ES256.slice(0, -2) + ((parseInt(ES256.slice(-2), 16) + 1) % 256).toString(16).padStart(2, '0');
  assert.not.ok(isWebAuthnKeyFormat(`WEBAUTHN-${offCurve}`));
  // RS256 (-257, 0x390100) with an OKP body: decodes as an algorithm Pact does not allow
  assert.not.ok(isWebAuthnKeyFormat(`WEBAUTHN-${EDDSA.replace('0327', '03390100')}`));
  // map length must match the key type's parameter count
  assert.not.ok(isWebAuthnKeyFormat(`WEBAUTHN-a5${EDDSA.slice(2)}`));
});

test('ed25519 hex keys', () => {
  assert.ok(isValidKeyFormat('da1a339bd82d2c2e9180626a00dc043275deb3ababb27b5738abf6b9dcee8db6'));
  assert.not.ok(isValidKeyFormat('DA1A339BD82D2C2E9180626A00DC043275DEB3ABABB27B5738ABF6B9DCEE8DB6'));
  assert.not.ok(isValidKeyFormat('da1a'));
});

test.run();
