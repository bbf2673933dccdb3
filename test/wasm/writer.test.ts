// The WebAssembly module writer (runtime/wasm/writer.ts): its number encodings against the
// spec's examples and edge values, and the modules it writes, validated and run by V8.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ModuleWriter, Op, ValType, sleb, uleb } from '../../runtime/wasm/writer.js';

test('LEB128: unsigned and signed encodings, edge values included', () => {
  assert.equal(uleb(0), [0]);
  assert.equal(uleb(127), [0x7f]);
  assert.equal(uleb(128), [0x80, 0x01]);
  assert.equal(uleb(624485), [0xe5, 0x8e, 0x26]); // the spec's (and Wikipedia's) example
  assert.equal(uleb(2 ** 32 - 1), [0xff, 0xff, 0xff, 0xff, 0x0f]);
  assert.equal(sleb(0), [0]);
  assert.equal(sleb(63), [0x3f]);
  assert.equal(sleb(64), [0xc0, 0x00]); // bit 6 set: needs a second byte to stay positive
  assert.equal(sleb(-1), [0x7f]);
  assert.equal(sleb(-64), [0x40]);
  assert.equal(sleb(-65), [0xbf, 0x7f]);
  assert.equal(sleb(-123456), [0xc0, 0xbb, 0x78]);
  // i64 constants: taken as signed 64-bit, so 2^64 − 1 is −1
  assert.equal(sleb(0xffffffffffffffffn), [0x7f]);
  assert.equal(sleb(-(2n ** 63n)), [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f]);
});

test('a module of functions calling each other, a global, memory and data runs as written', () => {
  const w = new ModuleWriter(1);
  const counter = w.global(7);
  // double(x: i64) → i64, declared before its caller and defined after it
  const double = w.declare([ValType.I64], [ValType.I64]);
  // store(at: i32, x: i64): memory[at] = double(x) + global; global += 1
  const store = w.declare([ValType.I32, ValType.I64], [], [ValType.I64]);
  w.define(store, [
    Op.LocalGet, 1, Op.Call, ...uleb(double), Op.GlobalGet, counter, Op.I64ExtendI32U, Op.I64Add, Op.LocalSet, 2,
    Op.LocalGet, 0, Op.LocalGet, 2, Op.I64Store, 3, 0,
    Op.GlobalGet, counter, Op.I32Const, 1, Op.I32Add, Op.GlobalSet, counter,
  ]);
  w.define(double, [Op.LocalGet, 0, Op.LocalGet, 0, Op.I64Add]);
  w.export('store', store);
  w.data(64, Uint8Array.of(1, 2, 3));
  const bytes = w.bytes();
  assert.ok(WebAssembly.validate(bytes));
  const module = new WebAssembly.Module(bytes);
  assert.equal(WebAssembly.Module.exports(module).map(e => `${e.name}:${e.kind}`), ['store:function', 'memory:memory']);
  const ex = new WebAssembly.Instance(module).exports as { store: (at: number, x: bigint) => void; memory: WebAssembly.Memory };
  assert.equal([...new Uint8Array(ex.memory.buffer, 64, 4)], [1, 2, 3, 0]);
  ex.store(0, 20n);
  ex.store(8, -5n);
  const words = new BigInt64Array(ex.memory.buffer, 0, 2);
  assert.equal([...words], [47n, -2n]); // 2·20 + 7, then 2·(−5) + 8
});

test('functions of one signature share a type; a function without a body is refused by name', () => {
  const w = new ModuleWriter(1);
  const a = w.declare([ValType.I32], []), b = w.declare([ValType.I32], []), c = w.declare([ValType.I64], []);
  w.define(a, []); w.define(b, []);
  assert.throws(() => w.bytes(), /function 2 has no body/);
  w.define(c, []);
  const bytes = w.bytes();
  assert.ok(WebAssembly.validate(bytes));
  // the type section (id 1) right after the 8-byte header holds two types, not three
  assert.is(bytes[8], 1);
  assert.is(bytes[10], 2);
});

test.run();
