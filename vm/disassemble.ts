// Human-readable bytecode, derived from the opcode table (`pactvm run --dump bytecode`).

import { OPCODES, type Op } from './opcodes.js';
import { FunctionProto, GlobalCell, type Chunk } from './chunk.js';
import { BUILTINS } from './builtins.js';

export function disassemble(proto: FunctionProto): string {
  const out: string[] = [];
  const pending: FunctionProto[] = [proto];
  const seen = new Set<FunctionProto>();
  while (pending.length) {
    const p = pending.shift()!;
    if (seen.has(p)) continue;
    seen.add(p);
    out.push(`== ${p.qualifiedName} (${p.kind}, arity ${p.arity}, locals ${p.nlocals}, captures ${p.captureFrom.length})`);
    out.push(...disassembleChunk(p.chunk, pending));
  }
  return out.join('\n');
}

function disassembleChunk(chunk: Chunk, protos: FunctionProto[]): string[] {
  const lines: string[] = [];
  const code = chunk.code;
  for (let ip = 0; ip < code.length;) {
    const op = code[ip] as Op;
    const info = OPCODES[op];
    const operands = Array.from(code.subarray(ip + 1, ip + 1 + info.operands));
    let note = '';
    if (info.name === 'CONST' || info.name === 'CLOSURE' || info.name === 'GLOBAL' || info.name === 'OBJECT') {
      const c = chunk.constants[operands[0]];
      if (c instanceof FunctionProto) { protos.push(c); note = `<fn ${c.qualifiedName}>`; }
      else if (c instanceof GlobalCell) note = c.module ? `${c.module}.${c.name}` : c.name;
      else note = describeConstant(c);
    } else if (info.name === 'NATIVE' || info.name === 'CALL_NATIVE') note = BUILTINS[operands[0]].name;
    lines.push(`${String(ip).padStart(5)}  ${info.name.padEnd(20)} ${operands.join(' ')}${note ? '    ; ' + note : ''}`);
    ip += 1 + info.operands;
  }
  return lines;
}

function describeConstant(c: unknown): string {
  if (typeof c === 'string') return JSON.stringify(c);
  if (typeof c === 'bigint') return c.toString();
  if (Array.isArray(c)) return '[' + c.map(describeConstant).join(' ') + ']';
  if (c && typeof c === 'object') return c.constructor.name;
  return String(c);
}
