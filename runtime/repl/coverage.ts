// Test coverage of module code, written as LCOV (`coverage/lcov.info`), as `pact -c` writes it:
// per file, the functions with their entry counts, the `if` branches, and per-line hit counts.
// The recorder keeps the probe maps compiled functions register (vm/coverage.ts); a report is
// plain JSON so that reports from several scripts and from worker threads merge by addition.
//
// Lines are 1-based, as LCOV readers (genhtml, editors, CI services) expect. A line's count is
// how often control reached code on that line (Pact counts evaluated terms: the same lines are
// covered or not, but counts can differ).

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ProbeKind, type CoverageCollector, type ProbeMap } from '../../vm/coverage.js';

export interface FileCoverage {
  /** line → hits */
  lines: Record<number, number>;
  /** `module.function` → its first line and entry count */
  functions: Record<string, { line: number; hits: number }>;
  /** line of an `if` → [then hits, else hits] */
  branches: Record<number, [number, number]>;
}

/** file name → its coverage */
export type CoverageReport = Record<string, FileCoverage>;

export class CoverageRecorder implements CoverageCollector {
  private readonly maps: ProbeMap[] = [];

  add(map: ProbeMap): void { this.maps.push(map); }

  report(): CoverageReport {
    const report: CoverageReport = Object.create(null);
    for (const map of this.maps) {
      const file = report[map.file] ??= emptyFile();
      for (let i = 0; i < map.lines.length; i++) {
        const line = map.lines[i], hits = map.hits[i];
        switch (map.kinds[i]) {
          case ProbeKind.Entry: {
            const name = map.functionName!;
            const fn = file.functions[name] ??= { line, hits: 0 };
            fn.hits += hits;
            break;
          }
          case ProbeKind.Line:
            file.lines[line] = (file.lines[line] ?? 0) + hits;
            break;
          case ProbeKind.Then: case ProbeKind.Else: {
            const branch = file.branches[line] ??= [0, 0];
            branch[map.kinds[i] === ProbeKind.Then ? 0 : 1] += hits;
            break;
          }
        }
      }
    }
    return report;
  }
}

function emptyFile(): FileCoverage {
  return { lines: Object.create(null), functions: Object.create(null), branches: Object.create(null) };
}

/** `into` + `from`, by addition (a batch of scripts, or the reports of several workers). */
export function mergeCoverage(into: CoverageReport, from: CoverageReport): CoverageReport {
  for (const [name, src] of Object.entries(from)) {
    const dst = into[name] ??= emptyFile();
    for (const [line, hits] of Object.entries(src.lines)) dst.lines[+line] = (dst.lines[+line] ?? 0) + hits;
    for (const [fn, { line, hits }] of Object.entries(src.functions)) {
      const d = dst.functions[fn] ??= { line, hits: 0 };
      d.hits += hits;
    }
    for (const [line, [t, f]] of Object.entries(src.branches)) {
      const d = dst.branches[+line] ??= [0, 0];
      d[0] += t;
      d[1] += f;
    }
  }
  return into;
}

const byLine = (a: [string, unknown], b: [string, unknown]) => +a[0] - +b[0];

/** The LCOV tracefile: one record per file, files and entries in a stable order. */
export function renderLcov(report: CoverageReport): string {
  const out: string[] = [];
  for (const name of Object.keys(report).sort()) {
    const f = report[name];
    const fns = Object.entries(f.functions).sort((a, b) => a[1].line - b[1].line || (a[0] < b[0] ? -1 : 1));
    const lines = Object.entries(f.lines).sort(byLine);
    const branches = Object.entries(f.branches).sort(byLine);
    out.push('TN:', `SF:${name}`);
    for (const [fn, { line }] of fns) out.push(`FN:${line},${fn}`);
    for (const [fn, { hits }] of fns) out.push(`FNDA:${hits},${fn}`);
    out.push(`FNF:${fns.length}`, `FNH:${fns.filter(([, x]) => x.hits > 0).length}`);
    for (const [line, [t, e]] of branches) out.push(`BRDA:${line},0,0,${t}`, `BRDA:${line},0,1,${e}`);
    out.push(`BRF:${branches.length * 2}`, `BRH:${branches.reduce((n, [, [t, e]]) => n + (t > 0 ? 1 : 0) + (e > 0 ? 1 : 0), 0)}`);
    for (const [line, hits] of lines) out.push(`DA:${line},${hits}`);
    out.push(`LF:${lines.length}`, `LH:${lines.filter(([, h]) => h > 0).length}`, 'end_of_record');
  }
  return out.join('\n') + (out.length ? '\n' : '');
}

export function writeLcov(path: string, report: CoverageReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, renderLcov(report));
}

/** A short table for the terminal: per file, the share of lines and functions covered. */
export function coverageSummary(report: CoverageReport): string {
  const rows = Object.keys(report).sort().map(name => {
    const f = report[name];
    const lines = Object.values(f.lines), fns = Object.values(f.functions);
    return [name, ratio(lines.filter(h => h > 0).length, lines.length), ratio(fns.filter(x => x.hits > 0).length, fns.length)];
  });
  if (rows.length === 0) return 'coverage: no module code was loaded\n';
  const width = Math.max(4, ...rows.map(r => r[0].length));
  const head = `${'file'.padEnd(width)}  ${'lines'.padStart(18)}  ${'functions'.padStart(18)}`;
  return [head, ...rows.map(([n, l, f]) => `${n.padEnd(width)}  ${l.padStart(18)}  ${f.padStart(18)}`)].join('\n') + '\n';
}

function ratio(hit: number, total: number): string {
  const pct = total === 0 ? 100 : (100 * hit) / total;
  return `${pct.toFixed(1)}% (${hit}/${total})`;
}
