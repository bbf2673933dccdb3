// A small WebAssembly module writer for the code pactvm generates (BLAKE2b, the BN254 and Poseidon
// field arithmetic, the header stream's layout matcher): functions over one memory, mutable i32
// globals, exports. Cold code is where these run: WebAssembly is compiled before its first call
// (Liftoff), where the same JavaScript would be interpreted until V8 optimises it. The modules are
// written at build time (`npm run tables`) and shipped as bytes, so no process pays for writing one.

/** The opcodes the generators use (WebAssembly core spec §5.4). */
export const enum Op {
  Block = 0x02, Loop = 0x03, If = 0x04, Else = 0x05, End = 0x0b, Br = 0x0c, BrIf = 0x0d, Return = 0x0f,
  Call = 0x10, Select = 0x1b,
  LocalGet = 0x20, LocalSet = 0x21, LocalTee = 0x22, GlobalGet = 0x23, GlobalSet = 0x24,
  I32Load = 0x28, I64Load = 0x29, I32Load8U = 0x2d, I32Load16S = 0x2e, I32Load16U = 0x2f, I64Load32U = 0x35, I32Store = 0x36, I64Store = 0x37,
  F64Store = 0x39, I32Store8 = 0x3a, I64Store32 = 0x3e,
  I32Const = 0x41, I64Const = 0x42,
  I32Eqz = 0x45, I32Eq = 0x46, I32Ne = 0x47, I32LtS = 0x48, I32LtU = 0x49, I32GtU = 0x4b, I32LeU = 0x4d, I32GeU = 0x4f,
  I64Eqz = 0x50, I64Eq = 0x51, I64Ne = 0x52, I64LtU = 0x54, I64GtU = 0x56,
  I32Add = 0x6a, I32Sub = 0x6b, I32Mul = 0x6c, I32And = 0x71, I32Or = 0x72, I32Shl = 0x74, I32ShrU = 0x76,
  I64Add = 0x7c, I64Sub = 0x7d, I64Mul = 0x7e, I64And = 0x83, I64Or = 0x84, I64Xor = 0x85,
  I64Shl = 0x86, I64ShrS = 0x87, I64ShrU = 0x88, I64Rotr = 0x8a,
  I32WrapI64 = 0xa7, I64ExtendI32U = 0xad, I64TruncF64U = 0xb1, F64ConvertI32U = 0xb8, F64ConvertI64U = 0xba,
  /** the prefix of the 128-bit SIMD instructions, followed by a SimdOp */
  Simd = 0xfd,
}

/** The SIMD instructions the generators use (after Op.Simd; each below 0x80, so one byte). */
export const enum SimdOp {
  V128Load = 0x00, V128Const = 0x0c, I8x16Swizzle = 0x0e,
  I8x16Eq = 0x23, I8x16Ne = 0x24,
  V128And = 0x4e, V128Or = 0x50,
  I8x16AllTrue = 0x63, I8x16ShrU = 0x6d,
}

/** Value types, and the block type of a block without results. */
export const enum ValType { I32 = 0x7f, I64 = 0x7e, F64 = 0x7c, V128 = 0x7b, Void = 0x40 }

/** n as unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** value (taken as a signed 64-bit integer) as signed LEB128, the encoding of i32/i64 constants. */
export function sleb(value: bigint | number): number[] {
  let v = BigInt.asIntN(64, BigInt(value));
  const out: number[] = [];
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    const done = (v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

/** Instructions the generators write again and again: read or write a local, an i32 constant,
 *  and a local increased by a constant. */
export const get = (local: number): number[] => [Op.LocalGet, local];
export const set = (local: number): number[] => [Op.LocalSet, local];
export const i32 = (n: number): number[] => [Op.I32Const, ...sleb(n)];
export const increment = (local: number, by: number): number[] => [...get(local), ...i32(by), Op.I32Add, ...set(local)];

interface FunctionEntry {
  readonly type: number;
  readonly locals: readonly ValType[];
  body: number[] | null;
}

/**
 * A module being written. Functions are declared first (so that bodies can call any of them by
 * index) and given their bodies later; memory is one, exported as `memory`.
 */
export class ModuleWriter {
  private readonly types: string[] = [];
  private readonly functions: FunctionEntry[] = [];
  private readonly exports: [string, number][] = [];
  private readonly globals: number[] = [];
  private readonly segments: [number, Uint8Array][] = [];

  constructor(private readonly memoryPages: number) {}

  /** A new function of these parameters and results; its index is what `call` takes. */
  declare(params: readonly ValType[], results: readonly ValType[], locals: readonly ValType[] = []): number {
    const signature = [0x60, ...uleb(params.length), ...params, ...uleb(results.length), ...results].join(',');
    let type = this.types.indexOf(signature);
    if (type < 0) type = this.types.push(signature) - 1;
    return this.functions.push({ type, locals, body: null }) - 1;
  }

  /** The instructions of function `index`, without its final `end`. */
  define(index: number, body: number[]): void {
    this.functions[index].body = body;
  }

  export(name: string, index: number): void {
    this.exports.push([name, index]);
  }

  /** A mutable i32 global starting at `initial`; returns its index. */
  global(initial: number): number {
    this.globals.push(initial);
    return this.globals.length - 1;
  }

  /** Bytes the memory holds at `offset` when the module is instantiated (an active data segment). */
  data(offset: number, bytes: Uint8Array): void {
    this.segments.push([offset, bytes]);
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, c => c.charCodeAt(0))];
    const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
    const code = this.functions.map((f, i) => {
      if (f.body === null) throw new Error(`WebAssembly writer: function ${i} has no body`);
      // locals as runs of one type
      const runs: number[][] = [];
      for (const t of f.locals) {
        const last = runs[runs.length - 1];
        if (last && last[1] === t) last[0]++; else runs.push([1, t]);
      }
      const body = [...vector(runs.map(([n, t]) => [...uleb(n), t])), ...f.body, Op.End];
      return [...uleb(body.length), ...body];
    });
    const sections: [number, number[]][] = [
      [1, vector(this.types.map(t => t.split(',').map(Number)))],
      [3, vector(this.functions.map(f => uleb(f.type)))],
      [5, [1, 0x00, ...uleb(this.memoryPages)]],
      [6, vector(this.globals.map(g => [ValType.I32, 1, Op.I32Const, ...sleb(g), Op.End]))],
      [7, vector([
        ...this.exports.map(([n, i]) => [...name(n), 0x00, ...uleb(i)]),
        [...name('memory'), 0x02, 0],
      ])],
      [10, vector(code)],
      [11, vector(this.segments.map(([offset, bytes]) => [0, Op.I32Const, ...sleb(offset), Op.End, ...uleb(bytes.length), ...bytes]))],
    ];
    const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
    for (const [id, content] of sections) {
      if ((id === 6 && this.globals.length === 0) || (id === 11 && this.segments.length === 0)) continue;
      out.push(id, ...uleb(content.length));
      for (const b of content) out.push(b);
    }
    return Uint8Array.from(out);
  }
}
