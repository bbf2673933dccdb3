// `env-stackframe`: the running defuns, defcaps and defpacts, innermost first, each as Pact's
// REPL returns it: the Haskell `show` of its StackFrame record (Direct/ReplBuiltin.hs).

import type { Machine } from '../../vm/machine.js';
import type { Value } from '../../vm/values.js';
import { toPactValue } from '../pact-ir/values.js';
import { REPL_MODULE, REPL_MODULE_HASH, parseModuleName, type HashBytes } from '../pact-ir/terms.js';
import { hsStackFrame } from '../values/haskell-show.js';

const hashBytes = (hash: string | null): HashBytes => Buffer.from(hash ?? '', 'base64url');

export function stackFrameTexts(vm: Machine): string[] {
  return vm.stackTrace(vm.fp).map(frame => {
    const proto = frame.proto!;
    // a REPL definition lives in the pseudo-module #repl
    const repl = proto.module === null;
    const module = repl ? REPL_MODULE : parseModuleName(proto.module!);
    const hash = repl ? REPL_MODULE_HASH : hashBytes(proto.moduleHash);
    const name = { module, name: proto.qualifiedName.slice(proto.qualifiedName.lastIndexOf('.') + 1), hash };
    const args = (frame.args as Value[]).map(a => toPactValue(a, (_, own) => hashBytes(own)));
    return hsStackFrame(name, args, proto.kind, frame.span);
  });
}
