// Runs every benchmark case with benchmark.js and prints subject/baseline throughput ratios.
// `npm run bench` prints a table; `npm run bench -- --json` one JSON object per line.

import { measureRatio, type BenchCase } from './harness.js';
import { pactCases, gasCases } from './pact.js';
import { coinCases } from './coin.js';
import { compileCases } from './compile.js';
import { cryptoCases } from './crypto.js';

async function streamCases(): Promise<BenchCase[]> {
  try {
    const mod = await import('./stream.js' as string);
    return mod.streamCases as BenchCase[];
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return [];
    throw e;
  }
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const only = process.argv.find(a => a.startsWith('--suite='))?.slice('--suite='.length);
  const maxTime = Number(process.argv.find(a => a.startsWith('--max-time='))?.slice('--max-time='.length) ?? 3);
  const rounds = Number(process.argv.find(a => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 3);
  const cases = [...pactCases(), ...gasCases(), ...coinCases(), ...compileCases(), ...cryptoCases(), ...(await streamCases())].filter(c => !only || c.suite === only);
  if (!json) console.log(`${'suite'.padEnd(8)} ${'name'.padEnd(34)} ${'pactvm ops/s'.padStart(14)} ${'baseline ops/s'.padStart(15)}  ratio (range over ${rounds} rounds)`);
  for (const c of cases) {
    c.setup?.();
    c.subject(); c.baseline(); // each checks its own result before timing
    const m = measureRatio(c, maxTime, rounds);
    if (json) console.log(JSON.stringify({ suite: c.suite, name: c.name, hz: m.hz, baseline: m.baseline, ratio: m.ratio, ratioMin: m.ratioMin, ratioMax: m.ratioMax }));
    else console.log(`${c.suite.padEnd(8)} ${c.name.padEnd(34)} ${m.hz.toFixed(1).padStart(14)} ${m.baseline.toFixed(1).padStart(15)}  ${m.ratio.toFixed(3)} (${m.ratioMin.toFixed(3)}–${m.ratioMax.toFixed(3)})`);
  }
}

main().catch(e => { console.error(e); process.exitCode = 1; });
