// THE opcode table. Every opcode is declared here once: its number (the const enum, inlined by
// the compiler so the dispatch switch compares literals) and its metadata (the table below,
// which the type system forces to cover every opcode). The emitter, disassembler and gas
// accounting derive from this file.

export const enum Op {
  Const, SmallInt, Local, SetLocal, Capture, Global, Native, Pop,
  Jump, JumpIfFalse, JumpIfFalseOrPop, JumpIfTrueOrPop, CheckBool, EnsureValue, EnsureArgs,
  Call, TailCall, CallNative, Return, Closure,
  List, Object, ChargeConcat,
  EnforceTest, RaiseUser, RaiseExec, TryBegin, TryEnd, EnforceOneTest,
  TypecheckLocal, TypecheckResult, ReadOnlyBegin, ReadOnlyEnd,
  Add, Sub, Lt, Gt, Le, Ge, Eq, JumpUnlessCompare, AddImm, SubImm, JumpUnlessCompareImm,
  Cover,
}

export interface OpInfo {
  name: string;
  /** number of int32 operands following the opcode */
  operands: number;
  /** net stack effect, or null when it depends on an operand */
  stack: number | null;
  doc: string;
}

export const OPCODES: { readonly [K in Op]: OpInfo } = {
  [Op.Const]: { name: 'CONST', operands: 1, stack: 1, doc: 'push constants[k]' },
  [Op.SmallInt]: { name: 'SMALLINT', operands: 1, stack: 1, doc: 'push the integer operand' },
  [Op.Local]: { name: 'LOCAL', operands: 1, stack: 1, doc: 'push frame slot i' },
  [Op.SetLocal]: { name: 'SET_LOCAL', operands: 1, stack: -1, doc: 'pop into frame slot i' },
  [Op.Capture]: { name: 'CAPTURE', operands: 1, stack: 1, doc: "push the running closure's capture i" },
  [Op.Global]: { name: 'GLOBAL', operands: 1, stack: 1, doc: 'push the value of the global cell constants[k]' },
  [Op.Native]: { name: 'NATIVE', operands: 1, stack: 1, doc: 'push native id as a function value' },
  [Op.Pop]: { name: 'POP', operands: 0, stack: -1, doc: 'drop the top value (checks it is not a partial application)' },
  [Op.Jump]: { name: 'JUMP', operands: 1, stack: 0, doc: 'ip = target' },
  [Op.JumpIfFalse]: { name: 'JUMP_IF_FALSE', operands: 1, stack: -1, doc: 'pop a bool; jump when false' },
  [Op.JumpIfFalseOrPop]: { name: 'JUMP_IF_FALSE_OR_POP', operands: 1, stack: null, doc: 'and: keep false and jump, else pop' },
  [Op.JumpIfTrueOrPop]: { name: 'JUMP_IF_TRUE_OR_POP', operands: 1, stack: null, doc: 'or: keep true and jump, else pop' },
  [Op.CheckBool]: { name: 'CHECK_BOOL', operands: 0, stack: 0, doc: 'error unless the top value is a bool' },
  [Op.EnsureValue]: { name: 'ENSURE_VALUE', operands: 0, stack: 0, doc: "error unless the top value is a Pact value (a nullary lambda's result: Pact's enforcePactValue')" },
  [Op.EnsureArgs]: { name: 'ENSURE_ARGS', operands: 0, stack: 0, doc: "error unless the frame's arguments are Pact values (a defun's entry: Pact's enforcePactValue on each)" },
  [Op.Call]: { name: 'CALL', operands: 1, stack: null, doc: 'call the value below argc arguments' },
  [Op.TailCall]: { name: 'TAIL_CALL', operands: 1, stack: null, doc: 'CALL reusing the current frame' },
  [Op.CallNative]: { name: 'CALL_NATIVE', operands: 2, stack: null, doc: 'saturated call of native id with argc arguments' },
  [Op.Return]: { name: 'RETURN', operands: 0, stack: null, doc: 'return the top value to the caller' },
  [Op.Closure]: { name: 'CLOSURE', operands: 1, stack: 1, doc: 'make a closure of prototype constants[k], capturing per its capture map' },
  [Op.List]: { name: 'LIST', operands: 1, stack: null, doc: 'pop n values into a list' },
  [Op.Object]: { name: 'OBJECT', operands: 1, stack: null, doc: 'pop values for the key list constants[k] into an object' },
  [Op.ChargeConcat]: { name: 'CHARGE_CONCAT', operands: 2, stack: 0, doc: 'charge a literal or unconsWork (kind: a LiteralCharge, n elements)' },
  [Op.EnforceTest]: { name: 'ENFORCE_TEST', operands: 1, stack: null, doc: 'enforce: on true push true and jump, on false fall through to the message' },
  [Op.RaiseUser]: { name: 'RAISE_USER', operands: 0, stack: -1, doc: 'pop a string and raise it as a recoverable error' },
  [Op.RaiseExec]: { name: 'RAISE_EXEC', operands: 1, stack: 0, doc: 'raise constants[k] as an execution error (a form Pact accepts but cannot run)' },
  [Op.TryBegin]: { name: 'TRY_BEGIN', operands: 1, stack: 0, doc: 'install a handler for recoverable errors at target' },
  [Op.TryEnd]: { name: 'TRY_END', operands: 0, stack: 0, doc: 'remove the innermost handler' },
  [Op.EnforceOneTest]: { name: 'ENFORCE_ONE_TEST', operands: 1, stack: null, doc: 'pop a bool; on true push true and jump' },
  [Op.TypecheckLocal]: { name: 'TYPECHECK_LOCAL', operands: 2, stack: 0, doc: 'check slot i against the type constants[k]' },
  [Op.TypecheckResult]: { name: 'TYPECHECK_RESULT', operands: 1, stack: 0, doc: 'check the top value against the return type constants[k]' },
  [Op.ReadOnlyBegin]: { name: 'READ_ONLY_BEGIN', operands: 1, stack: 1, doc: 'push the current purity and narrow it for a pure body (0) or an enforce condition (1)' },
  [Op.ReadOnlyEnd]: { name: 'READ_ONLY_END', operands: 0, stack: -1, doc: 'restore the purity saved below the top value' },
  [Op.Add]: { name: 'ADD', operands: 0, stack: -1, doc: '(+ a b), with a small-integer fast path' },
  [Op.Sub]: { name: 'SUB', operands: 0, stack: -1, doc: '(- a b), with a small-integer fast path' },
  [Op.Lt]: { name: 'LT', operands: 0, stack: -1, doc: '(< a b), with a small-integer fast path' },
  [Op.Gt]: { name: 'GT', operands: 0, stack: -1, doc: '(> a b), with a small-integer fast path' },
  [Op.Le]: { name: 'LE', operands: 0, stack: -1, doc: '(<= a b), with a small-integer fast path' },
  [Op.Ge]: { name: 'GE', operands: 0, stack: -1, doc: '(>= a b), with a small-integer fast path' },
  [Op.Eq]: { name: 'EQ', operands: 0, stack: -1, doc: '(= a b), with a small-integer fast path' },
  [Op.AddImm]: { name: 'ADD_IMM', operands: 1, stack: 0, doc: '(+ a k) for a small integer k, with a small-integer fast path' },
  [Op.SubImm]: { name: 'SUB_IMM', operands: 1, stack: 0, doc: '(- a k) for a small integer k, with a small-integer fast path' },
  [Op.JumpUnlessCompareImm]: { name: 'JUMP_UNLESS_CMP_IMM', operands: 3, stack: -1, doc: 'pop a; jump to target unless (cmp a k) holds for the small integer k' },
  [Op.JumpUnlessCompare]: { name: 'JUMP_UNLESS_CMP', operands: 2, stack: -2, doc: 'pop a b; jump to target unless (cmp a b) holds (cmp: 0 <, 1 >, 2 <=, 3 >=, 4 =)' },
  [Op.Cover]: { name: 'COVER', operands: 2, stack: 0, doc: 'count a coverage hit: probe i of the probe map constants[k] (emitted only with coverage on)' },
};

/** Comparison natives that `if` can fuse with its branch, by their JUMP_UNLESS_CMP code. */
export const COMPARE_CODES: Readonly<Record<string, number>> = { '<': 0, '>': 1, '<=': 2, '>=': 3, '=': 4 };

export const OPCODE_COUNT = Object.keys(OPCODES).length;

/** Natives that have a dedicated opcode (fast path) when called with two arguments. */
export const NATIVE_OPCODES: Readonly<Record<string, Op>> = {
  '+': Op.Add, '-': Op.Sub, '<': Op.Lt, '>': Op.Gt, '<=': Op.Le, '>=': Op.Ge, '=': Op.Eq,
};
