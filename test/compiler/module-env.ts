// What the compiler tests compile modules against: one installed module, `other`, and no runtime.

import type { ModuleEnv } from '../../compiler/index.js';
import { GlobalCell } from '../../vm/chunk.js';

/** The only module already installed: `other`, with a defun `z` and a defcap `C`. */
export const other = {
  name: 'other',
  members: new Map([['z', new GlobalCell('z', 'defun', 'other')], ['C', new GlobalCell('C', 'defcap', 'other')]]),
};

/** Names resolve only as members of `other`; there is no top level and no module reference. */
export const env: ModuleEnv = {
  replNatives: false,
  lookupTopLevel: () => undefined,
  lookupMember: (m, member) => (m === 'other' ? other.members.get(member) ?? null : undefined),
  lookupModRef: () => undefined,
  resolveModule: n => (n === 'other' ? other : undefined),
};
