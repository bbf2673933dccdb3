// The data files modules read beside themselves (`new URL(name, import.meta.url)`), which tsc does
// not copy: `node scripts/data-files.mjs` puts each next to tsc's output of its module in dist/
// (`--tsc`: after running tsc, for the mutation sandbox, whose build command runs without a shell:
// stryker/base.mjs). The bundle step (scripts/bundle.mjs) also puts them next to the bundles,
// whose import.meta.url is their own file's.

import { execFileSync } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** each file as [its folder in the source tree, its name, whether the bundles read it] (the
 *  Poseidon constants are in the field module; the file is read only by the tests and by `npm run
 *  tables`, which writes them into the module) */
export const DATA_FILES = [
  ['runtime/natives/crypto', 'poseidon-constants.bin', false],
  ['runtime/natives/crypto', 'bn254-fields.wasm', true],
];

/** Copy every data file to `dist/<its folder>/`, and those the bundles read into `alsoTo` when given. */
export async function copyDataFiles(alsoTo) {
  for (const [dir, name, bundled] of DATA_FILES) {
    await mkdir(`${repo}dist/${dir}`, { recursive: true });
    await copyFile(`${repo}${dir}/${name}`, `${repo}dist/${dir}/${name}`);
    if (alsoTo && bundled) await copyFile(`${repo}${dir}/${name}`, `${alsoTo}/${name}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--tsc')) {
    // found as Node finds a package (the sandbox has no node_modules of its own while it builds)
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', `${repo}tsconfig.json`], { stdio: 'inherit' });
  }
  await copyDataFiles();
}
