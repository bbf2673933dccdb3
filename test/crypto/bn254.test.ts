// point-add, scalar-mult, pairing-check: EIP-196/197 vectors (go-ethereum's precompile test data),
// pact-5's pairing.repl proof and G2 subgroup attack, Pact's point encoding, errors and gas.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bn254 } from '@noble/curves/bn254.js';
import { psiFrobenius } from '@noble/curves/abstract/tower.js';
import { toG2 } from '../../runtime/natives/crypto/bn254.js';
import { g2OnCurve, g2InSubgroup, PSI_CONSTANTS, type G2Point } from '../../runtime/natives/crypto/bn254-curve.js';
import { PactObject } from '../../vm/values.js';
import { evalLast, errorOf, runRepl } from '../helpers.js';
import { corpusTest, pactTest } from '../corpus.js';

const Q = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;
const word = (hex: string, i: number) => BigInt('0x' + (hex.slice(64 * i, 64 * (i + 1)) || '0').padEnd(64, '0'));
const g1 = (x: bigint, y: bigint) => `{"x": ${x}, "y": ${y}}`;
/** EIP-197 writes an Fq2 element imaginary part first; Pact lists it real part first. */
const g2 = (xi: bigint, xr: bigint, yi: bigint, yr: bigint) => `{"x": [${xr}, ${xi}], "y": [${yr}, ${yi}]}`;
const g1Hex = (hex: string) => `{"x": ${word(hex, 0)},"y": ${word(hex, 1)}}`;

// go-ethereum core/vm/testdata/precompiles/bn256Add.json (input: two points; expected: their sum)
const ADD: [string, string, string][] = [
  ['chfast1', '18b18acfb4c2c30276db5411368e7185b311dd124691610c5d3b74034e093dc9063c909c4720840cb5134cb9f59fa749755796819658d32efc0d288198f3726607c2b7f58a84bd6145f00c9c2bc0bb1a187f20ff2c92963a88019e7c6a014eed06614e20c147e940f2d70da3f74c9a17df361706a4485c742bd6788478fa17d7',
    '2243525c5efd4b9c3d3c45ac0ca3fe4dd85e830a4ce6b65fa1eeaee202839703301d1d33be6da8e509df21cc35964723180eed7532537db9ae5e7d48f195c915'],
  ['chfast2', '2243525c5efd4b9c3d3c45ac0ca3fe4dd85e830a4ce6b65fa1eeaee202839703301d1d33be6da8e509df21cc35964723180eed7532537db9ae5e7d48f195c91518b18acfb4c2c30276db5411368e7185b311dd124691610c5d3b74034e093dc9063c909c4720840cb5134cb9f59fa749755796819658d32efc0d288198f37266',
    '2bd3e6d0f3b142924f5ca7b49ce5b9d54c4703d7ae5648e61d02268b1a0a9fb721611ce0a6af85915e2f1d70300909ce2e49dfad4a4619c8390cae66cefdb204'],
  ['cdetrio11', '0000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000002',
    '030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd315ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4'],
  ['cdetrio13', '17c139df0efee0f766bc0204762b774362e4ded88953a39ce849a8a7fa163fa901e0559bacb160664764a357af8a9fe70baa9258e0b959273ffc5718c6d4cc7c039730ea8dff1254c0fee9c0ea777d29a9c710b7e616683f194f18c43b43b869073a5ffcc6fc7a28c30723d6e58ce577356982d65b833a5a5c15bf9024b43d98',
    '15bf2bb17880144b5d1cd2b1f46eff9d617bffd1ca57c37fb5a49bd84e53cf66049c797f9ce0d17083deb32b5e36f2ea2a212ee036598dd7624c168993d1355f'],
  ['cdetrio14', '17c139df0efee0f766bc0204762b774362e4ded88953a39ce849a8a7fa163fa901e0559bacb160664764a357af8a9fe70baa9258e0b959273ffc5718c6d4cc7c17c139df0efee0f766bc0204762b774362e4ded88953a39ce849a8a7fa163fa92e83f8d734803fc370eba25ed1f6b8768bd6d83887b87165fc2434fe11a830cb',
    '0'.repeat(128)],
];

// go-ethereum core/vm/testdata/precompiles/bn256ScalarMul.json (point, 256-bit scalar; expected)
const MUL: [string, string, string][] = [
  ['chfast1', '2bd3e6d0f3b142924f5ca7b49ce5b9d54c4703d7ae5648e61d02268b1a0a9fb721611ce0a6af85915e2f1d70300909ce2e49dfad4a4619c8390cae66cefdb20400000000000000000000000000000000000000000000000011138ce750fa15c2',
    '070a8d6a982153cae4be29d434e8faef8a47b274a053f5a4ee2a6c9c13c31e5c031b8ce914eba3a9ffb989f9cdd5b0f01943074bf4f0f315690ec3cec6981afc'],
  ['chfast2', '070a8d6a982153cae4be29d434e8faef8a47b274a053f5a4ee2a6c9c13c31e5c031b8ce914eba3a9ffb989f9cdd5b0f01943074bf4f0f315690ec3cec6981afc30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd46',
    '025a6f4181d2b4ea8b724290ffb40156eb0adb514c688556eb79cdea0752c2bb2eff3f31dea215f1eb86023a133a996eb6300b44da664d64251d05381bb8a02e'],
  ['cdetrio1', '1a87b0584ce92f4593d161480614f2989035225609f08058ccfa3d0f940febe31a2f3c951f6dadcc7ee9007dff81504b0fcd6d7cf59996efdc33d92bf7f9f8f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    '2cde5879ba6f13c0b5aa4ef627f159a3347df9722efce88a9afbb20b763b4c411aa7e43076f6aee272755a7f9b84832e71559ba0d2e0b17d5f9f01755e5b0d11'],
  ['cdetrio2', '1a87b0584ce92f4593d161480614f2989035225609f08058ccfa3d0f940febe31a2f3c951f6dadcc7ee9007dff81504b0fcd6d7cf59996efdc33d92bf7f9f8f630644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000000',
    '1a87b0584ce92f4593d161480614f2989035225609f08058ccfa3d0f940febe3163511ddc1c3f25d396745388200081287b3fd1472d8339d5fecb2eae0830451'],
  ['cdetrio4', '1a87b0584ce92f4593d161480614f2989035225609f08058ccfa3d0f940febe31a2f3c951f6dadcc7ee9007dff81504b0fcd6d7cf59996efdc33d92bf7f9f8f60000000000000000000000000000000000000000000000000000000000000009',
    '1dbad7d39dbc56379f78fac1bca147dc8e66de1b9d183c7b167351bfe0aeab742cd757d51289cd8dbd0acf9e673ad67d0f0a89f912af47ed1be53664f5692575'],
];

test('point-add g1: EIP-196 ECADD vectors', () => {
  for (const [name, input, want] of ADD) {
    assert.is(evalLast(`(point-add "g1" ${g1Hex(input.slice(0, 128))} ${g1Hex(input.slice(128))})`), g1Hex(want), name);
  }
});

test('scalar-mult g1: EIP-196 ECMUL vectors (scalars reduced mod r give the same points)', () => {
  for (const [name, input, want] of MUL) {
    assert.is(evalLast(`(scalar-mult "g1" ${g1Hex(input.slice(0, 128))} ${word(input, 2)})`), g1Hex(want), name);
  }
});

// go-ethereum core/vm/testdata/precompiles/bn256Pairing.json: (input, expected result)
const G2_GEN = '198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa';
const G2_NEG = '198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed275dc4a288d1afb3cbb1ac09187524c7db36395df7be3b99e673b13a075a65ec1d9befcd05a5323e6da4d435f3b617cdb3af83285c2df711ef39c01571827f9d';
const G1_GEN = '0000000000000000000000000000000000000000000000000000000000000001' + '0000000000000000000000000000000000000000000000000000000000000002';
const PAIRING: [string, string, boolean][] = [
  ['jeff1', '1c76476f4def4bb94541d57ebba1193381ffa7aa76ada664dd31c16024c43f593034dd2920f673e204fee2811c678745fc819b55d3e9d294e45c9b03a76aef41209dd15ebff5d46c4bd888e51a93cf99a7329636c63514396b4a452003a35bf704bf11ca01483bfa8b34b43561848d28905960114c8ac04049af4b6315a416782bb8324af6cfc93537a2ad1a445cfd0ca2a71acd7ac41fadbf933c2a51be344d120a2a4cf30c1bf9845f20c6fe39e07ea2cce61f0c9bb048165fe5e4de877550111e129f1cf1097710d41c4ac70fcdfa5ba2023c6ff1cbeac322de49d1b6df7c2032c61a830e3c17286de9462bf242fca2883585b93870a73853face6a6bf411' + G2_GEN, true],
  ['jeff6', '1c76476f4def4bb94541d57ebba1193381ffa7aa76ada664dd31c16024c43f593034dd2920f673e204fee2811c678745fc819b55d3e9d294e45c9b03a76aef41209dd15ebff5d46c4bd888e51a93cf99a7329636c63514396b4a452003a35bf704bf11ca01483bfa8b34b43561848d28905960114c8ac04049af4b6315a416782bb8324af6cfc93537a2ad1a445cfd0ca2a71acd7ac41fadbf933c2a51be344d120a2a4cf30c1bf9845f20c6fe39e07ea2cce61f0c9bb048165fe5e4de877550111e129f1cf1097710d41c4ac70fcdfa5ba2023c6ff1cbeac322de49d1b6df7c103188585e2364128fe25c70558f1560f4f9350baf3959e603cc91486e110936' + G2_GEN, false],
  ['empty_data', '', true],
  ['one_point', G1_GEN + G2_GEN, false],
  ['two_point_match_2', G1_GEN + G2_GEN + G1_GEN + G2_NEG, true],
];

/** EIP-197 input → the two pairing-check lists */
function pairingArgs(hex: string): string {
  const g1s: string[] = [], g2s: string[] = [];
  for (let at = 0; at < hex.length; at += 384) {
    const w = (i: number) => word(hex.slice(at), i);
    g1s.push(g1(w(0), w(1)));
    g2s.push(g2(w(2), w(3), w(4), w(5)));
  }
  return `[${g1s.join(' ')}] [${g2s.join(' ')}]`;
}

test('pairing-check: EIP-197 vectors', () => {
  for (const [name, input, want] of PAIRING) assert.is(evalLast(`(pairing-check ${pairingArgs(input)})`), String(want), name);
});

test('pairing-check: bilinearity e(aP, bQ) = e(abP, Q) and extra elements of the longer list are ignored', () => {
  const P = bn254.G1.Point.BASE, Qp = bn254.G2.Point.BASE;
  const a1 = P.multiply(37n).negate().toAffine(), b = Qp.multiply(27n).toAffine(), c = P.multiply(999n).toAffine();
  const G2 = `{"x": [${b.x.c0}, ${b.x.c1}], "y": [${b.y.c0}, ${b.y.c1}]}`;
  const Qa = Qp.toAffine();
  const Q1 = `{"x": [${Qa.x.c0}, ${Qa.x.c1}], "y": [${Qa.y.c0}, ${Qa.y.c1}]}`;
  assert.is(evalLast(`(pairing-check [${g1(a1.x, a1.y)} ${g1(c.x, c.y)} ${g1(1n, 2n)}] [${G2} ${Q1}])`), 'true');
  assert.is(evalLast(`(pairing-check [${g1(a1.x, a1.y)} ${g1(c.x, c.y)}] [${G2} ${Q1} ${Q1}])`), 'true');
  // a pair with a point at infinity contributes 1
  assert.is(evalLast(`(pairing-check [{"x": 0, "y": 0}] [${Q1}])`), 'true');
});

corpusTest("pact-5 pairing.repl: Groth16 proof, pre-5.4 cofactor attack passes, 5.4 rejects it", () => {
  // `bind` with an object-literal body is not desugared yet (outside the crypto natives): use the
  // equivalent field accesses so that the natives' part of the script runs unchanged.
  const text = pactTest('pairing.repl')
    .replace(`(bind point {"x" := x, "y" := y} {'x:x, 'y: (- y)})`, `{"x": (at "x" point), "y": (- (at "y" point))}`);
  const r = runRepl(text, 'pairing.repl');
  assert.is(r.error, null);
  const results = r.session.testResults;
  assert.is(results.length, 3);
  for (const t of results) assert.ok(t.passed, t.message);
});

// the cofactor-subgroup point of pairing.repl's pairing-attack
const BAD_G2 = `{"x": [714174525384625698196324342448018602778427756125896575268723443112276201656, 15184454992471448023977227688880154059606923890779081526591309460240767144611], "y": [4059636884310975796046572204287767311531424242221074206827231494834828442687, 20034115350295064288606382530926850307740152462130073457110526227453661700402]}`;

test('G2 subgroup membership is checked by pairing-check only, and DisablePact54 lifts it', () => {
  assert.is(errorOf(`(pairing-check [{"x": 1, "y": 2}] [${BAD_G2}])`), 'Point lies outside of elliptic curve');
  assert.is(evalLast(`(env-exec-config ["DisablePact54"]) (pairing-check [] [${BAD_G2}])`), 'true');
  // on the curve: point-add and scalar-mult accept it in every version
  assert.ok(evalLast(`(point-add "g2" ${BAD_G2} {"x": [], "y": []})`).startsWith('{"x": [714174525384625698196324342448018602778427756125896575268723443112276201656'));
  const coords = (v: bigint[]) => v;
  const p = toG2(PactObject.of([
    ['x', coords([714174525384625698196324342448018602778427756125896575268723443112276201656n, 15184454992471448023977227688880154059606923890779081526591309460240767144611n])],
    ['y', coords([4059636884310975796046572204287767311531424242221074206827231494834828442687n, 20034115350295064288606382530926850307740152462130073457110526227453661700402n])],
  ]));
  assert.ok(g2OnCurve(p));
  assert.not.ok(g2InSubgroup(p));
  assert.ok(g2InSubgroup(ours(bn254.G2.Point.BASE)));
});

// Scott's G2 test (g2InSubgroup) against the definition [r]P = ∞, and the identities its proof uses.
const BN_X = 4965661367192848881n;
const P_BN = 36n * BN_X ** 4n + 36n * BN_X ** 3n + 24n * BN_X ** 2n + 6n * BN_X + 1n;
const T_BN = 6n * BN_X ** 2n + 1n;
const R_BN = P_BN + 1n - T_BN;
const H_TWIST = P_BN - 1n + T_BN; // #E'(Fq²) = r · (p − 1 + t)

/** A deterministic stream of field elements (xorshift over 256-bit words), so failures replay. */
function* scalars(seed: bigint): Generator<bigint> {
  let s = seed;
  for (;;) {
    s ^= (s << 13n) & ((1n << 256n) - 1n); s ^= s >> 7n; s ^= (s << 17n) & ((1n << 256n) - 1n);
    yield s % Q;
  }
}

/** Points of the twist E'(Fq²) from pseudo-random x (most of them outside G2). */
function twistPoints(n: number): G2[] {
  const { Fp2 } = bn254.fields;
  const b = Fp2.div(Fp2.fromBigTuple([3n, 0n]), Fp2.fromBigTuple([9n, 1n]));
  const out: G2[] = [];
  const k = scalars(0x9e3779b97f4a7c15f39cc0605cedc834n);
  while (out.length < n) {
    const x = Fp2.fromBigTuple([k.next().value as bigint, k.next().value as bigint]);
    let y;
    try { y = Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), b)); } catch { continue; } // no square root: x is not on E'
    out.push(bn254.G2.Point.fromAffine({ x, y }));
  }
  return out;
}

type G2 = InstanceType<typeof bn254.G2.Point>;
/** noble's point in our representation */
function ours(p: G2): G2Point {
  if (p.is0()) return null;
  const { x, y } = p.toAffine();
  return { x: [x.c0, x.c1], y: [y.c0, y.c1] };
}
/** [k]P for any k ≥ 0 (noble's multiplyUnsafe takes k < r only): k in 252-bit digits. */
function times(p: G2, k: bigint): G2 {
  const digit = 1n << 252n;
  let acc = bn254.G2.Point.ZERO, base = p;
  for (; k > 0n; k /= digit, base = base.multiplyUnsafe(digit)) {
    if (k % digit !== 0n) acc = acc.add(base.multiplyUnsafe(k % digit));
  }
  return acc;
}
const byOrder = (p: G2) => times(p, R_BN).is0();

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

test('G2 membership: Scott\'s test rests on ψ² − tψ + p = 0 on the twist, deg α sharing only r with #E\'(Fq²), and α ≡ 0 on G2', () => {
  assert.is(R_BN, bn254.fields.Fr.ORDER);
  assert.is(P_BN, Q);
  // α = (x+1) + xψ + xψ² − 2xψ³ reduced by ψ² = tψ − p, ψ³ = (t² − p)ψ − tp to a + bψ
  const x = BN_X, t = T_BN, p = P_BN;
  const a = (x + 1n) - x * p + 2n * x * t * p;
  const b = x + x * t - 2n * x * (t * t - p);
  const degree = a * a + a * b * t + b * b * p;
  assert.is(gcd(degree, R_BN * H_TWIST), R_BN);
  assert.is(((x + 1n) + x * p + x * p * p - 2n * x * p ** 3n) % R_BN, 0n);
  const { psi } = psiFrobenius(bn254.fields.Fp, bn254.fields.Fp2, bn254.fields.Fp2.NONRESIDUE);
  const Point = bn254.G2.Point;
  const ψ = (p: G2) => { const a = p.toAffine(); const [x, y] = psi(a.x, a.y); return Point.fromAffine({ x, y }); };
  for (const p of twistPoints(6)) {
    assert.ok(times(times(p, R_BN), H_TWIST).is0(), 'the twist has r·(p − 1 + t) points');
    assert.ok(ψ(ψ(p)).subtract(times(ψ(p), T_BN)).add(times(p, P_BN)).is0(), 'ψ² − tψ + p = 0');
  }
});

test('the written-out ψ constants are the powers of ξ = 9 + u that noble\'s psiFrobenius computes', () => {
  const { Fp, Fp2 } = bn254.fields;
  const { PSI_X, PSI_Y, PSI2_X } = psiFrobenius(Fp, Fp2, Fp2.NONRESIDUE);
  const pair = (e: { c0: bigint; c1: bigint }) => [e.c0, e.c1];
  assert.equal([PSI_CONSTANTS.x, PSI_CONSTANTS.y, PSI_CONSTANTS.x2].map(k => [...k]), [PSI_X, PSI_Y, PSI2_X].map(pair));
  // and ξ is 9 + u
  assert.equal(pair(Fp2.NONRESIDUE), [9n, 1n]);
});

test('G2 membership: Scott\'s test agrees with [r]P = ∞ on points in G2, outside it, and in the cofactor part', () => {
  const k = scalars(12345678901234567890n);
  const inG2 = Array.from({ length: 8 }, () => bn254.G2.Point.BASE.multiplyUnsafe((k.next().value as bigint) % R_BN || 1n));
  const random = twistPoints(12);
  for (const p of random) assert.ok(g2OnCurve(ours(p)));
  // [r]P lies in the cofactor part (order dividing p − 1 + t); adding a G2 point keeps it outside G2
  const cofactorPart = random.slice(0, 6).map(p => times(p, R_BN)).filter(p => !p.is0());
  const mixed = cofactorPart.map((p, i) => p.add(inG2[i % inG2.length]));
  const cleared = random.slice(6).map(p => times(p, H_TWIST)); // cofactor cleared: in G2
  let inside = 0, outside = 0;
  for (const p of [...inG2, ...random, ...cofactorPart, ...mixed, ...cleared, bn254.G2.Point.ZERO]) {
    const expected = byOrder(p);
    assert.is(g2InSubgroup(ours(p)), expected);
    if (expected) inside++; else outside++;
  }
  assert.is(inside, 8 + 6 + 1);
  assert.is(outside, 12 + cofactorPart.length + mixed.length);
  assert.ok(cofactorPart.length >= 5);
});

test('points are read mod q; (0, 0) is infinity; results print canonically', () => {
  assert.is(evalLast(`(point-add "g1" {"x": ${Q + 1n}, "y": ${2n - Q}} {"x": 0, "y": 0})`), '{"x": 1,"y": 2}');
  assert.is(evalLast(`(point-add "G1" {"x": 1, "y": 2} {"x": 1, "y": ${Q - 2n}})`), '{"x": 0,"y": 0}');
  assert.is(evalLast(`(scalar-mult "g1" {"x": 1, "y": 2} 0)`), '{"x": 0,"y": 0}');
  assert.is(evalLast(`(scalar-mult "g1" {"x": 1, "y": 2} -1)`), `{"x": 1,"y": ${Q - 2n}}`);
  const G2 = '{"x": [10857046999023057135944570762232829481370756359578518086990519993285655852781, 11559732032986387107991004021392285783925812861821192530917403151452391805634], "y": [8495653923123431417604973247489272438418190587263600148770280649306958101930, 4082367875863433681332203403145435568316851327593401208105741076214120093531]}';
  // G2 infinity prints as [0], [0] (natives.md §7)
  assert.is(evalLast(`(scalar-mult "g2" ${G2} 21888242871839275222246405745257275088548364400416034343698204186575808495617)`), '{"x": [0],"y": [0]}');
  // the REPL prints lists space-separated
  assert.is(evalLast(`(point-add "g2" ${G2} {"x": [0], "y": [0]})`), G2.replace(/\], "y"/, '],"y"').replace(/, (?=[0-9])/g, ' '));
});

test('G2 coordinates print without trailing zero coefficients', () => {
  // a twist point whose x lies in Fq: x = [x0] (it need not be in G2; point-add accepts it)
  const { Fp2 } = bn254.fields;
  const b2 = Fp2.div(Fp2.fromBigTuple([3n, 0n]), Fp2.fromBigTuple([9n, 1n]));
  let x = 1n, y: ReturnType<typeof Fp2.sqrt> | undefined;
  for (; ; x++) {
    const rhs = Fp2.add(Fp2.mul(Fp2.sqr(Fp2.fromBigTuple([x, 0n])), Fp2.fromBigTuple([x, 0n])), b2);
    try { y = Fp2.sqrt(rhs); break; } catch { /* not a square */ }
  }
  const pt = `{"x": [${x}, 0], "y": [${y!.c0}, ${y!.c1}]}`;
  assert.is(evalLast(`(point-add "g2" ${pt} {"x": [], "y": []})`), `{"x": [${x}],"y": [${y!.c0} ${y!.c1}]}`);
});

test('errors: off-curve points, bad group names, malformed points', () => {
  assert.is(errorOf('(point-add "g1" {"x": 1, "y": 3} {"x": 1, "y": 2})'), 'Point lies outside of elliptic curve');
  assert.is(errorOf('(scalar-mult "g2" {"x": [1, 2], "y": [3, 4]} 2)'), 'Point lies outside of elliptic curve');
  assert.is(errorOf('(pairing-check [{"x": 1, "y": 3}] [])'), 'Point lies outside of elliptic curve');
  assert.is(errorOf('(scalar-mult "g3" {"x": 1, "y": 2} 2)'),
    'Type error: failed to call native function scalar-mult with argument(s) of type(s): string, object, integer');
  assert.is(errorOf('(point-add "g1" {"x": 1} {"x": 1, "y": 2})'),
    'Type error: failed to call native function point-add with argument(s) of type(s): string, object, object');
  assert.is(errorOf('(pairing-check [{"x": 1, "y": 2}] [{"x": 1, "y": 2}])'),
    'Type error: failed to call native function pairing-check with argument(s) of type(s): list, list');
  assert.is(errorOf('(scalar-mult "g1" {"x": 1, "y": 2} 2.0)'),
    'Type error: failed to call native function scalar-mult with argument(s) of type(s): string, object, decimal');
});

test('gas: point-add 5 000 / 30 000, scalar-mult 360 000 / 1 450 000, pairing p·3 760 + 11 600 (gas.md §2.3)', () => {
  const gas = (expr: string) => evalLast(`(env-gasmodel "table") (env-gaslimit 100000) (env-gas 0) ${expr} (env-milligas)`);
  assert.is(gas('(point-add "g1" {"x": 1, "y": 2} {"x": 1, "y": 2})'), String(200 + 200 + 100 + 5000));
  assert.is(gas('(scalar-mult "g1" {"x": 1, "y": 2} 2)'), String(200 + 100 + 360000));
  assert.is(gas('(point-add "g2" {"x": [], "y": []} {"x": [], "y": []})'), String(200 + 200 + 100 + 30000));
  assert.is(gas('(scalar-mult "g2" {"x": [], "y": []} 2)'), String(200 + 100 + 1450000));
  assert.is(gas('(pairing-check [] [])'), String(100 + 100000));
  assert.is(gas('(pairing-check [{"x": 0, "y": 0}] [{"x": [], "y": []} {"x": [], "y": []}])'),
    String(100 + 200 + 200 + 200 + 200 + 100 + 2 * 3760 + 11600));
  // charged before the points are checked
  const r = runRepl('(env-gasmodel "table") (env-gaslimit 100000) (env-gas 0) (pairing-check [{"x": 1, "y": 3}] [])');
  assert.is(r.error?.message, 'Point lies outside of elliptic curve');
  assert.is(r.session.gas.milligas, 100 + 200 + 100 + 3760 + 11600);
});

test.run();
