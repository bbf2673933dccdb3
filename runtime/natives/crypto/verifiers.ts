// Verifiers (natives.md §9): `enforce-verifier` (a verifier from the transaction, `env-verifiers`
// in the REPL, vouches for a capability whose defcap is being evaluated) and `verify-spv`, which
// the REPL answers with Pact's "no SPV support" failure.

import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { PactError, nativeFailure, userError } from '../../../vm/errors.js';
import { PactObject, type CapToken } from '../../../vm/values.js';
import { valueEquals } from '../../values/equality.js';

/** What this file needs of the contract runtime: the tokens whose defcap body is running. */
interface EvaluatingCaps { caps?: { evaluating?: readonly CapToken[] } }

export function verifierNatives(rt: Runtime): NativeTable {
  const evaluating = (): readonly CapToken[] => (rt as Runtime & EvaluatingCaps).caps?.evaluating ?? [];
  const sameCap = (a: CapToken, b: CapToken) =>
    a.name === b.name && a.args.length === b.args.length && a.args.every((x, i) => valueEquals(x, b.args[i]));

  return {
    'enforce-verifier': args => {
      const name = args[0];
      if (typeof name !== 'string') throw argTypeError('enforce-verifier', args);
      // the innermost running Pact function must be a defcap
      if (rt.vm.activeFunctions()[0]?.kind !== 'defcap') {
        throw nativeFailure('enforce-verifier', 'native must be called within a defcap body');
      }
      const granted = rt.env.verifiers.get(name);
      if (!granted) throw userError(`Verifier failure ${name}: not in transaction`);
      const running = evaluating();
      if (!granted.some(g => running.some(c => sameCap(g, c)))) throw userError(`Verifier failure ${name}: not in scope`);
      return true;
    },
    'verify-spv': args => {
      if (typeof args[0] !== 'string' || !(args[1] instanceof PactObject)) throw argTypeError('verify-spv', args);
      throw new PactError('exec', 'SPV verification failure: SPV verification not supported');
    },
  };
}
