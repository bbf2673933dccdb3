// Dead code stays out: every module under compiler/, vm/, runtime/ and stream/ is imported by
// another file (or is an entry point), and every name it exports is used by another file or by
// itself. tsc's noUnusedLocals/noUnusedParameters covers what is not exported.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const CHECKED = ['compiler', 'vm', 'runtime', 'stream'];
/** Modules run rather than imported: the `pactvm` command (package.json bin). */
const ENTRY_POINTS = ['runtime/repl/cli.ts'];
/** Library APIs: what they name is offered to users, so it counts as used. */
const PUBLIC_APIS = ['stream/index.ts'];
/** Each folder's index.ts is its public face (test/architecture.test.ts); none need be imported. */
const isFace = (p: string) => p.endsWith('/index.ts');

const config = ts.getParsedCommandLineOfConfigFile(join(repo, 'tsconfig.json'), {}, {
  ...ts.sys, onUnRecoverableConfigFileDiagnostic: d => { throw new Error(String(d.messageText)); },
})!;
const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
const checker = program.getTypeChecker();
const files = program.getSourceFiles().filter(f => !f.isDeclarationFile && !f.fileName.includes('node_modules'));
const rel = (f: ts.SourceFile | string) => relative(repo, typeof f === 'string' ? f : f.fileName);
const checked = files.filter(f => CHECKED.some(d => rel(f).startsWith(d + '/')));

/** Resolve `spec` (a relative `.js` import) from `from` to the repo-relative `.ts` path. */
function target(from: ts.SourceFile, spec: string): string {
  return rel(resolve(from.fileName, '..', spec)).replace(/\.js$/, '.ts');
}

/** Who imports which module, and which exported declarations other files use. */
const importers = new Map<string, Set<string>>();
const used = new Set<ts.Symbol>();
const wholeModules = new Set<string>();

function original(sym: ts.Symbol | undefined): ts.Symbol | undefined {
  if (!sym) return undefined;
  return sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
}

for (const f of files) {
  const note = (spec: string) => {
    const t = target(f, spec);
    if (!importers.has(t)) importers.set(t, new Set());
    importers.get(t)!.add(rel(f));
  };
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)
      && n.moduleSpecifier.text.startsWith('.')) {
      note(n.moduleSpecifier.text);
      const spec = n.moduleSpecifier.text;
      if (ts.isImportDeclaration(n)) {
        const c = n.importClause;
        if (c?.name) used.add(original(checker.getSymbolAtLocation(c.name))!);
        if (c?.namedBindings && ts.isNamespaceImport(c.namedBindings)) wholeModules.add(target(f, spec));
        if (c?.namedBindings && ts.isNamedImports(c.namedBindings)) {
          for (const e of c.namedBindings.elements) {
            const s = original(checker.getSymbolAtLocation(e.name));
            if (s) used.add(s);
          }
        }
      } else if (PUBLIC_APIS.includes(rel(f)) && n.exportClause && ts.isNamedExports(n.exportClause)) {
        for (const e of n.exportClause.elements) {
          const s = original(checker.getSymbolAtLocation(e.name));
          if (s) used.add(s);
        }
      }
      // otherwise `export *` and `export { x } from` only pass names on: importers' aliases resolve
      // through them to the declaration
    }
    // new URL('./x.js', import.meta.url): a module loaded by path (a worker)
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'URL') {
      const a = n.arguments?.[0];
      if (a && ts.isStringLiteral(a) && a.text.startsWith('.') && a.text.endsWith('.js')) note(a.text);
    }
    // dynamic import('./x.js'): the whole module counts as used
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const a = n.arguments[0];
      const lit = a && (ts.isStringLiteral(a) ? a : ts.isAsExpression(a) && ts.isStringLiteral(a.expression) ? a.expression : undefined);
      if (lit && lit.text.startsWith('.')) { note(lit.text); wholeModules.add(target(f, lit.text)); }
    }
    ts.forEachChild(n, visit);
  };
  visit(f);
}

test('every module under compiler/, vm/, runtime/ and stream/ is imported by another file or is an entry point', () => {
  const orphans = checked.map(rel).filter(p => !ENTRY_POINTS.includes(p) && !isFace(p) && !(importers.get(p)?.size));
  assert.equal(orphans, [], `modules nobody imports: ${orphans.join(', ')}`);
});

test('every exported name is used by another file or inside its own module', () => {
  const unused: string[] = [];
  for (const f of checked) {
    const p = rel(f);
    if (ENTRY_POINTS.includes(p)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(f);
    if (!moduleSymbol) continue;
    const text = readFileSync(f.fileName, 'utf8');
    for (const e of checker.getExportsOfModule(moduleSymbol)) {
      const s = original(e)!;
      // re-exports (an index.ts) are judged where they are declared
      if (s.declarations?.some(d => d.getSourceFile() !== f)) continue;
      if (used.has(s) || wholeModules.has(p)) continue;
      const uses = text.match(new RegExp(`\\b${e.name}\\b`, 'g'))?.length ?? 0;
      if (uses <= 1) unused.push(`${p}: ${e.name}`);
    }
  }
  assert.equal(unused, [], `exports nothing uses: ${unused.join(', ')}`);
});

test('tsconfig keeps unused locals and parameters out', () => {
  const options = config.options;
  assert.is(options.noUnusedLocals, true);
  assert.is(options.noUnusedParameters, true);
});

test.run();
