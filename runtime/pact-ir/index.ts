// The public face of the Pact IR mirror: module hashes and deployment sizes exactly as Pact 5
// computes them. Typical use when the REPL installs a module (gas.md §3.9, language.md §10):
//
//   const sizes = moduleSizes(form, ctx, allLoadedBefore);   // after evaluating defconsts
//   charge 400·sizes.desugar, 100·sizes.hashing, sizes.transitiveDepCost, 200·sizes.store
//     (gas/meter.ts chargeModuleDeploy(gas, sizes) measures each under the byte budget)
//   sizes.hash                                                // "Loaded module m, hash …"
//   keep summarize(sizes.built) for later `ctx.lookupModule`
//
// or just `hashModule(form, ctx)` for the hash text. `ctx` is described in module-context.ts; the
// defconst values it returns must be evaluated first (Pact hashes after constant evaluation).
// S_desugar does not depend on constants: `buildModuleIR` alone gives the pre-evaluation IR.

export { hashModule, buildModuleIR, evaluateConstants, constantOrder, hashBuilt, computeHash, hashText, type Built } from './hash.js';
export { moduleSizes, dependencyWalk, erasedModule, type ModuleSizes } from './deploy.js';
export { summarize, type ModuleHashContext, type ModuleSummary, type MemberKind } from './module-context.js';
export { countErasedModule, countStoredModule, countPactValue, type StoredModule } from './size-of.js';
export { IrEncoder, encodeModule, encodeInterface } from './encode.js';
export { storedModuleBytes, storedModuleLength, StoredModuleEncoder } from './stored.js';
export { toPactValue } from './values.js';
export { REPL_MODULE, REPL_MODULE_HASH, MODULE_PLACEHOLDER, compareText, defName, renderModuleName, type ModuleName, type HashBytes } from './terms.js';
