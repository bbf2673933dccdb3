// The bytes the Pact REPL's mock database stores for a module or interface, whose length is what
// reading it back charges (MOpLoadModule, gas.md §3.8). Entry point: `storedModuleBytes`.
//
// Pact stores `docEncode(encodeModuleData)` (Pact.Core.Serialise): the CBOR word 0 (the document
// version V1_CBOR), then a CBOR byte string holding the SerialiseV1 encoding of
// `ModuleData module deps` — exactly what IrEncoder writes with infos kept — with one difference:
// the REPL's infos are FileLocSpanInfo, a record of the source file (a Haskell String, i.e. a
// CBOR text string) and the span, so each info is `[file, [startLine, startCol, endLine, endCol]]`.
// Builtins are written as when hashing (the REPL's builtin type serialises the same either way).

import { CborCounter, CborWriter, type CborSink } from './cbor.js';
import { IrEncoder } from './encode.js';
import type { Built } from './hash.js';
import { compareFqn, type Def, type FullyQualifiedName, type Info, type ModuleName } from './terms.js';

/** IrEncoder with FileLocSpanInfo infos: every info names `file`, switched per definition. */
export class StoredModuleEncoder<W extends CborSink = CborWriter> extends IrEncoder<W> {
  file = '';

  constructor(w?: W) { super(true, w); }

  override info(i: Info): void {
    // Pact has no erased info in a stored module; our IR has a span on every node it stores.
    const s = i ?? { startLine: 0, startCol: 0, endLine: 0, endCol: 0 };
    this.w.listLen(2).text(this.file);
    this.w.listLen(4).int(s.startLine).int(s.startCol).int(s.endLine).int(s.endCol);
  }
}

/**
 * The stored document of a built module/interface with its dependency map. `ownFile` is the file
 * the module was loaded from; `fileOf(m)` names the file of another module whose definitions
 * appear among `deps` (their infos point into that file).
 */
export function storedModuleBytes(
  built: Built, deps: [FullyQualifiedName, Def][], ownFile: string, fileOf: (m: ModuleName) => string,
): Uint8Array {
  const data = new CborWriter();
  encodeModuleData(data, built, deps, ownFile, fileOf);
  return new CborWriter().word(0).byteString(data.bytes()).bytes();
}

/** The length of `storedModuleBytes` (what MOpLoadModule charges), counted without writing. */
export function storedModuleLength(
  built: Built, deps: [FullyQualifiedName, Def][], ownFile: string, fileOf: (m: ModuleName) => string,
): number {
  const data = new CborCounter();
  encodeModuleData(data, built, deps, ownFile, fileOf);
  // the document: the word 0, then the data as a byte string
  return new CborCounter().word(0).byteStringOfLength(data.length).length;
}

/** ModuleData: [tag, module record, Map FQN Def], the map in FQN order (as IrEncoder.moduleData),
 *  each dependency's infos naming its own module's file. */
function encodeModuleData<W extends CborSink>(
  w: W, built: Built, deps: [FullyQualifiedName, Def][], ownFile: string, fileOf: (m: ModuleName) => string,
): void {
  const e = new StoredModuleEncoder(w);
  e.file = ownFile;
  if ('module' in built) { w.variant(0, 1); e.module(built.module); } else { w.variant(1, 1); e.interface(built.interface); }
  const sorted = [...deps].sort((a, b) => compareFqn(a[0], b[0]));
  w.mapLen(sorted.length);
  for (const [k, d] of sorted) {
    e.file = ownFile;
    e.fqn(k);
    e.file = fileOf(k.module);
    e.def(d);
  }
}
