// Gas profiles: every charge is attributed to the Pact call stack at the moment it is made
// (user functions, innermost last) and to the native being run, giving inclusive/exclusive gas
// per function, gas per native, and folded stacks (`frame;frame;native milligas`) for flame graphs.

import type { Machine } from '../../vm/machine.js';

export const TOP_LEVEL = '<top-level>';

export interface FunctionCost { inclusive: number; exclusive: number }

export class GasProfile {
  total = 0;
  readonly functions = new Map<string, FunctionCost>();
  readonly natives = new Map<string, number>();
  readonly folded = new Map<string, number>();
  /** the native whose flat cost was charged last: its size-dependent charges follow it */
  private currentNative: string | null = null;

  constructor(private vm: Machine) {}

  /** Record one charge (called by the gas meter for every charge it makes). */
  record(cost: number, what: string): void {
    this.total += cost;
    const stack = this.vm.activeFunctions().map(p => p.qualifiedName).reverse();
    const frames = stack.length ? stack : [TOP_LEVEL];
    const seen = new Set<string>();
    for (const f of frames) {
      let c = this.functions.get(f);
      if (!c) this.functions.set(f, c = { inclusive: 0, exclusive: 0 });
      if (!seen.has(f)) { c.inclusive += cost; seen.add(f); }
    }
    this.functions.get(frames[frames.length - 1])!.exclusive += cost;

    if (what.startsWith('GNative ')) this.currentNative = what.slice('GNative '.length);
    else if (what.startsWith('GAApplyLam') || what.startsWith('GModuleOp') ||
      what.startsWith('GConcat (ListConcat (GasListLength') || what.startsWith('GConcat (ObjConcat')) {
      this.currentNative = null;
    }
    const native = this.currentNative ?? what.split(' ')[0];
    this.natives.set(native, (this.natives.get(native) ?? 0) + cost);
    const key = [...frames, native].join(';');
    this.folded.set(key, (this.folded.get(key) ?? 0) + cost);
  }

  /** `frame;frame;native milligas` lines, as flamegraph.pl and speedscope read them. */
  foldedText(): string {
    return [...this.folded].map(([k, v]) => `${k} ${v}`).join('\n') + '\n';
  }

  tableText(title: string): string {
    const gas = Math.ceil(this.total / 1000);
    const lines = [`Gas profile of ${title}: ${gas} gas (${this.total} mG)`, ''];
    const width = Math.max(24, ...[...this.functions.keys(), ...this.natives.keys()].map(k => k.length)) + 2;
    lines.push(`${'function'.padEnd(width)}${'inclusive mG'.padStart(14)}${'exclusive mG'.padStart(14)}${'%'.padStart(8)}`);
    for (const [name, c] of [...this.functions].sort((a, b) => b[1].inclusive - a[1].inclusive)) {
      lines.push(`${name.padEnd(width)}${String(c.inclusive).padStart(14)}${String(c.exclusive).padStart(14)}${percent(c.inclusive, this.total).padStart(8)}`);
    }
    lines.push('', `${'native / charge'.padEnd(width)}${'mG'.padStart(14)}${'%'.padStart(8)}`);
    for (const [name, mg] of [...this.natives].sort((a, b) => b[1] - a[1])) {
      lines.push(`${name.padEnd(width)}${String(mg).padStart(14)}${percent(mg, this.total).padStart(8)}`);
    }
    return lines.join('\n') + '\n';
  }
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0.0%' : `${((100 * part) / whole).toFixed(1)}%`;
}
