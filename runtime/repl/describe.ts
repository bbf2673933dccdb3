// describe-module: Pact 5's five fields (decisions.md keeps the seed's extra fields out).

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
  if (m.kind === 'module') fields.push(['interfaces', m.interfaces]);
  return PactObject.of(fields);
}
