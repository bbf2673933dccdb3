// A whole module or interface form: the order its definitions compile in and the cycles it refuses.

import type { Syntax } from './syntax.js';
import type { Span } from '../vm/source.js';
import { desugarError } from './errors.js';

/** A module's definitions may not refer to each other in a cycle, itself included (language.md §3.5). */
export function rejectCycles(module: string, names: string[], dependsOn: Map<string, Set<string>>, span: Span): void {
  dependencyWalk(names, n => dependsOn.get(n) ?? [], cycle => {
    const ordered = names.filter(x => cycle.includes(x));
    throw desugarError(`Recursive cycle detected in Module ${module} in the following functions: [${ordered.join(', ')}]`, span);
  });
}

/**
 * Depth-first walk of a dependency graph: the names with every dependency before its dependents.
 * On a cycle, `onCycle` receives its names, starting with the one reached twice, and must throw.
 */
export function dependencyWalk(names: string[], dependsOn: (name: string) => Iterable<string>, onCycle: (cycle: string[]) => never): string[] {
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): void => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'visiting') onCycle(path.slice(path.indexOf(n)));
    state.set(n, 'visiting');
    path.push(n);
    for (const m of dependsOn(n)) visit(m);
    path.pop();
    state.set(n, 'done');
    out.push(n);
  };
  names.forEach(visit);
  return out;
}

/** Order defconsts so that each comes after the defconsts its expression names. */
export function dependencyOrder<T extends { form: Syntax; name: string }>(consts: T[]): T[] {
  const byName = new Map(consts.map(c => [c.name, c]));
  const dependsOn = (name: string) => namesIn(byName.get(name)!.form).filter(n => n !== name && byName.has(n));
  const order = dependencyWalk(consts.map(c => c.name), dependsOn, cycle => {
    throw desugarError(`Recursive cycle detected in defconst ${cycle[0]}`, byName.get(cycle[0])!.form.span);
  });
  return order.map(n => byName.get(n)!);
}

export function namesIn(s: Syntax): string[] {
  if (s.t === 'name') return [s.parts[s.parts.length - 1]];
  if (s.t === 'paren' || s.t === 'bracket' || s.t === 'brace') return s.items.flatMap(namesIn);
  return [];
}
