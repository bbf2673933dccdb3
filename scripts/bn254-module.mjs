// npm run tables: rewrite runtime/natives/crypto/bn254-fields.wasm, the WebAssembly that
// runtime/natives/crypto/bn254-wasm.ts writes out (after a build), with Poseidon's constants from
// poseidon-constants.bin in its memory. Generating it costs tens of ms of cold JavaScript and
// converting the constants more, so the module ships ready; test/crypto/bn254-wasm.test.ts fails
// while it is stale.
import { writeFileSync } from 'node:fs';
import { bn254ModuleBytes, BN254_MODULE_FILE, POSEIDON_WIDTHS } from '../dist/runtime/natives/crypto/bn254-wasm.js';
import { Q, BN254_R } from '../dist/runtime/natives/crypto/bn254-field.js';
import { poseidonConstants } from '../dist/runtime/natives/crypto/poseidon.js';

const numbers = POSEIDON_WIDTHS.flatMap(t => {
  const { roundConstants, mds } = poseidonConstants(t);
  return [...roundConstants.flat(), ...mds.flat()];
});
writeFileSync(new URL(`../runtime/natives/crypto/${BN254_MODULE_FILE}`, import.meta.url), bn254ModuleBytes(Q, BN254_R, numbers));
