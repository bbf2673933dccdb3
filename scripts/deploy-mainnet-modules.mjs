// node scripts/deploy-mainnet-modules.mjs <dir> [<dir>…] (after a build): deploys every `.pact` file
// of each folder into one REPL session per folder, as a probe of the compiler on real contracts.
// Meant for kadena-io/pact-corpus's `<chain>/latest` folders: each file there is one module or
// interface as it was last deployed on mainnet, named `<namespace>.<name>-<height>.pact`. Modules
// refer to one another, so the files are deployed in passes until a pass deploys nothing more.
// Every namespace the names mention is defined first, and a module governed by a keyset name gets
// that keyset, so what fails is the code itself (Pact 4 syntax, native shadowing, reads at deploy
// time of data no transaction gave) or a module it needs. Prints, per folder, the count deployed and
// the failures grouped by message, each with its first file and line.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SourceFile } from '../dist/compiler/index.js';
import { ReplSession } from '../dist/runtime/repl/session.js';
import { runSource } from '../dist/runtime/repl/script.js';
import { PactError } from '../dist/vm/errors.js';

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: node scripts/deploy-mainnet-modules.mjs <folder of .pact files> [...]');
  process.exit(2);
}

/** `free.token-123.pact` → `free`; `coin-456.pact` → null (the root namespace) */
const namespaceOf = file => {
  const name = file.replace(/-\d+\.pact$/, '');
  const dot = name.lastIndexOf('.');
  return dot < 0 ? null : name.slice(0, dot);
};
/** the keyset name a module's governance names, if it is a string (`'ks` or `"ns.ks"`) */
const governanceKeyset = text => {
  const head = /^\s*(?:;[^\n]*\n\s*)*\(module\s+\S+\s+(?:'([\w.\-]+)|"([^"]+)")/.exec(text);
  return head ? head[1] ?? head[2] : null;
};

function deployFolder(folder) {
  const session = new ReplSession();
  session.out = { print: () => {}, trace: () => {} };
  const run = (text, name) => {
    try { runSource(session, new SourceFile(name, text)); return null; } catch (e) {
      if (e instanceof PactError) return e;
      throw e; // anything else is a bug of ours: let it show with its stack
    }
  };
  const files = readdirSync(folder).filter(f => f.endsWith('.pact')).sort();
  const namespaces = [...new Set(files.map(namespaceOf).filter(Boolean))];
  const setup = run('(env-data {"ks": {"keys": ["k"], "pred": "keys-all"}}) (env-sigs [{"key": "k", "caps": []}])\n' +
    '(begin-tx)\n' + namespaces.map(ns => `(define-namespace "${ns}" (read-keyset "ks") (read-keyset "ks"))\n`).join('') +
    '(commit-tx)', 'setup.repl');
  if (setup) throw new Error(`${folder}: setup failed: ${setup.message}`);

  let pending = files.map(file => ({ file, ns: namespaceOf(file), text: readFileSync(join(folder, file), 'utf8') }));
  let deployed = 0;
  for (;;) {
    const failed = [];
    for (const m of pending) {
      const enter = m.ns ? `(namespace "${m.ns}")` : '';
      const keyset = governanceKeyset(m.text);
      if (keyset && run(`(begin-tx) ${enter} (define-keyset "${keyset}" (read-keyset "ks")) (commit-tx)`, 'keyset.repl')) {
        run('(rollback-tx)', 'rollback.repl'); // already defined, or a name Pact refuses: the deploy will tell
      }
      // a .repl name: the REPL's natives (begin-tx, commit-tx) must resolve in this one script
      m.error = run(`(begin-tx) ${enter}\n${m.text}\n(commit-tx)`, m.file.replace(/\.pact$/, '.repl'));
      if (m.error) { run('(rollback-tx)', 'rollback.repl'); failed.push(m); } else deployed++;
    }
    const progress = failed.length < pending.length;
    pending = failed;
    if (!progress) break;
  }

  console.log(`${folder}: ${deployed} deployed, ${pending.length} failed of ${files.length}`);
  const groups = new Map();
  for (const m of pending) {
    const message = m.error.message.split('\n')[0];
    const key = message.replace(/"[^"]*"/g, '"…"').replace(/[\w\-]+(\.[\w\-]+)+/g, 'X.Y');
    const span = m.error.span;
    const line = span?.file ? span.file.text.slice(0, span.start).split('\n').length - 1 : 0;
    const where = span?.file ? `${line}: ${span.file.text.split('\n')[line]?.trim().slice(0, 100)}` : '';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(`${m.file}: ${message.slice(0, 160)}\n      at line ${where}`);
  }
  for (const [key, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${list.length} × ${key}\n    e.g. ${list[0]}`);
  }
}

for (const folder of folders) deployFolder(folder);
