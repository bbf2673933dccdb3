// WebAuthn public keys in keysets (`WEBAUTHN-<lowercase hex>`): the hex is a COSE_Key in CTAP2
// canonical CBOR, read as Pact 5 reads it (webauthn-haskell's decoder), and the key is accepted
// only for EdDSA (-8, Ed25519) or ECDSA P-256 (-7). Used by key-format enforcement
// (`EnforceKeyFormats`); the REPL does not verify signatures. Curve checks are @noble/curves'.

import { nistLibrary } from './libraries.js';
import { CborError, CborReader } from './cose-cbor.js';

export const WEBAUTHN_PREFIX = 'WEBAUTHN-';

export type CosePublicKey =
  | { kind: 'eddsa'; alg: -8; x: Uint8Array }
  | { kind: 'ecdsa'; alg: number; curve: 'P-256' | 'P-384' | 'P-521'; x: bigint; y: bigint };

/** COSE algorithms the decoder knows; Pact then accepts only -7 (ES256) and -8 (EdDSA). */
const KNOWN_ALGS = new Set([-8, -7, -35, -36, -257, -258, -259, -65535]);
const EC2_CURVES = { 1: 'P-256', 2: 'P-384', 3: 'P-521' } as const;
const COORD_SIZE = { 'P-256': 32, 'P-384': 48, 'P-521': 66 } as const;

/** Decode a COSE_Key; null when it is not a well-formed, checked EdDSA/ECDSA key. */
export function parseCosePublicKey(bytes: Uint8Array): CosePublicKey | null {
  try {
    const r = new CborReader(bytes);
    const n = r.mapLenCanonical();
    const expect = (k: bigint) => { if (r.int() !== k) throw new CborError(`expected parameter ${k}`); };
    expect(1n); // kty
    const kty = Number(r.int());
    if (kty < 1 || kty > 3) return null; // OKP, EC2, RSA
    expect(3n); // alg
    const alg = Number(r.int());
    if (!KNOWN_ALGS.has(alg)) return null;
    let key: CosePublicKey;
    if (alg === -8) {
      if (kty !== 1 || n !== 4) return null;
      expect(-1n);
      if (r.int() !== 6n) return null; // Ed25519
      expect(-2n);
      const x = r.bytesCanonical();
      if (x.length !== 32) return null;
      key = { kind: 'eddsa', alg, x };
    } else if (alg === -7 || alg === -35 || alg === -36) {
      if (kty !== 2 || n !== 5) return null;
      expect(-1n);
      const crv = Number(r.int()) as keyof typeof EC2_CURVES;
      const curve = EC2_CURVES[crv];
      if (!curve) return null;
      const size = COORD_SIZE[curve];
      expect(-2n);
      const xb = r.bytesCanonical();
      expect(-3n);
      const yb = r.bytesCanonical();
      if (xb.length !== size || yb.length !== size) return null;
      const x = toBig(xb), y = toBig(yb);
      const { p256, p384, p521 } = nistLibrary();
      const Point = { 'P-256': p256, 'P-384': p384, 'P-521': p521 }[curve].Point;
      try {
        Point.fromAffine({ x, y }).assertValidity();
      } catch {
        return null;
      }
      key = { kind: 'ecdsa', alg, curve, x, y };
    } else {
      return null; // RSA keys decode upstream but are never an accepted algorithm
    }
    return r.done ? key : null; // the whole input must be one key
  } catch (e) {
    if (e instanceof CborError) return null;
    throw e;
  }
}

function toBig(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}

/** `WEBAUTHN-` + lowercase hex of an EdDSA or ES256 COSE key. */
export function isWebAuthnKeyFormat(key: string): boolean {
  if (!key.startsWith(WEBAUTHN_PREFIX)) return false;
  const hex = key.slice(WEBAUTHN_PREFIX.length);
  if (!/^[0-9a-f]*$/.test(hex) || hex.length % 2 !== 0) return false;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  const k = parseCosePublicKey(bytes);
  return k !== null && (k.alg === -7 || k.alg === -8);
}

/** Pact 5's key-format rule (`EnforceKeyFormats`): ed25519 hex (64 lowercase hex) or WebAuthn. */
export function isValidKeyFormat(key: string): boolean {
  return /^[0-9a-f]{64}$/.test(key) || isWebAuthnKeyFormat(key);
}
