// describe-module: Pact 5's fields (code, hash, interfaces, name, tx_hash) plus the seed's
// `blessed` (blessed hashes) and `keyset` (governance as text), as decisions.md settles it.

import { PactObject, type Value } from '../../vm/values.js';
import { PactError, nativeFailure } from '../../vm/errors.js';
import type { ReplSession } from './session.js';

export function describeModule(s: ReplSession, name: string): Value {
  if (!/^[a-zA-Z%#+\-_&$@<>=^?*!|/~][a-zA-Z0-9%#+\-_&$@<>=^?*!|/~]*(\.[a-zA-Z%#+\-_&$@<>=^?*!|/~][a-zA-Z0-9%#+\-_&$@<>=^?*!|/~]*)?$/.test(name)) {
    throw nativeFailure('describe-module', 'invalid module name format');
  }
  const m = s.module(name);
  if (!m) throw new PactError('exec', `Cannot find module: ${name}`);
  const fields: [string, Value][] = [['code', m.code], ['hash', m.hash], ['name', m.name], ['tx_hash', m.txHash]];
  fields.push(['blessed', m.blessed]);
  if (m.kind === 'module') {
    fields.push(['interfaces', m.interfaces]);
    // keyset governance by its keyset name, capability governance by its defcap
    fields.push(['keyset', m.governance.startsWith("'") ? m.governance.slice(1) : `${m.name}.${m.governance}`]);
  }
  return PactObject.of(fields);
}
