// A small deployment world for pact-ir tests: modules are built, hashed and then visible to the
// modules after them, as in one REPL transaction.

import { read, SourceFile } from '../../compiler/index.js';
import type { Syntax } from '../../compiler/syntax.js';
import type { Value } from '../../vm/values.js';
import { summarize, type ModuleHashContext, type ModuleSummary, type MemberKind } from '../../runtime/pact-ir/module-context.js';
import { buildModuleIR, evaluateConstants, hashBuilt, hashText, type Built } from '../../runtime/pact-ir/hash.js';
import { renderModuleName, type ModuleName, type HashBytes } from '../../runtime/pact-ir/terms.js';

export class World {
  readonly modules = new Map<string, ModuleSummary>();
  readonly loaded = new Map<string, { module: ModuleName; hash: HashBytes; kind: MemberKind }>();
  namespace: string | null = null;
  txHash = new Uint8Array(32);

  context(consts: Record<string, Value> = {}): ModuleHashContext {
    return {
      namespace: this.namespace,
      txHash: this.txHash,
      topLevel: n => this.loaded.get(n),
      lookupModule: m => this.modules.get(renderModuleName(m)),
      constValue: n => consts[n],
    };
  }

  /** Build, hash and deploy the single module/interface form in `src`; returns its hash text. */
  deploy(src: string, consts: Record<string, Value> = {}): { hash: string; built: Built } {
    const form = read(new SourceFile('test.repl', src))[0] as Syntax & { t: 'paren' };
    const ctx = this.context(consts);
    const built = hashBuilt(evaluateConstants(buildModuleIR(form, ctx), ctx));
    const s = summarize(built);
    this.modules.set(renderModuleName(s.name), s);
    // deploying adds the members to the loaded top-level names
    for (const [n, kind] of s.members) this.loaded.set(n, { module: s.name, hash: s.hash, kind });
    return { hash: hashText(built), built };
  }

  /** `(commit-tx)`: the loaded-name table is cleared. */
  commit(): void { this.loaded.clear(); }
}
