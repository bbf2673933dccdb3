// The body of a generated WebAssembly function over field elements in memory: its parameters are
// addresses (i32), its temporaries live in a frame carved from a stack in memory (the stack
// pointer is a global), and it calls other such functions. Generators write tower arithmetic
// with it as calls on addresses, e.g. `f.call(mul, t0, f.param(1), f.param(2, 32))`.

import { Op, sleb, uleb } from './writer.js';

/** An address: a local's value plus a constant offset, or (local = ABSOLUTE) the offset alone. */
export interface Address { readonly local: number; readonly offset: number }

export const ABSOLUTE = -1;
export const absolute = (offset: number): Address => ({ local: ABSOLUTE, offset });
export const at = (a: Address, offset: number): Address => ({ local: a.local, offset: a.offset + offset });

export class ElementFunction {
  private readonly code: number[] = [];
  private frameBytes = 0;
  /** the local holding this call's frame base: the one after the parameters */
  private readonly frameLocal: number;

  constructor(params: number, private readonly stackPointer: number) {
    this.frameLocal = params;
  }

  /** Parameter i (an address), plus an offset into what it points at. */
  param(i: number, offset = 0): Address {
    return { local: i, offset };
  }

  /** A fresh temporary of `bytes` bytes in this call's frame. */
  temp(bytes: number): Address {
    const a = { local: this.frameLocal, offset: this.frameBytes };
    this.frameBytes += bytes;
    return a;
  }

  private push(a: Address): void {
    if (a.local === ABSOLUTE) { this.code.push(Op.I32Const, ...sleb(a.offset)); return; }
    this.code.push(Op.LocalGet, a.local);
    if (a.offset !== 0) this.code.push(Op.I32Const, ...sleb(a.offset), Op.I32Add);
  }

  call(fn: number, ...args: Address[]): void {
    for (const a of args) this.push(a);
    this.code.push(Op.Call, ...uleb(fn));
  }

  /** bytes (a multiple of 8) from src to dst; a copy onto itself is left out */
  copy(dst: Address, src: Address, bytes: number): void {
    if (dst.local === src.local && dst.offset === src.offset) return;
    for (let i = 0; i < bytes; i += 8) {
      this.push(at(dst, i)); this.push(at(src, i));
      this.code.push(Op.I64Load, 3, 0, Op.I64Store, 3, 0);
    }
  }

  /** The finished body: the frame taken from the stack on entry and given back on exit. */
  body(): number[] {
    if (this.frameBytes === 0) return this.code;
    const size = sleb(this.frameBytes);
    return [
      Op.GlobalGet, ...uleb(this.stackPointer), Op.I32Const, ...size, Op.I32Sub, Op.LocalTee, this.frameLocal,
      Op.GlobalSet, ...uleb(this.stackPointer),
      ...this.code,
      Op.LocalGet, this.frameLocal, Op.I32Const, ...size, Op.I32Add, Op.GlobalSet, ...uleb(this.stackPointer),
    ];
  }
}
