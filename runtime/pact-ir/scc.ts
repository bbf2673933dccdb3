// Haskell's `Data.Graph.stronglyConnComp`, step for step, because Pact orders a module's
// definitions by it and the order is part of the module hash: dependencies come first, and ties
// fall out of the vertex numbering (keys sorted), Kosaraju's two depth-first passes and the
// reversed adjacency lists of `transposeG`.

import { compareText } from './terms.js';

export type SCC<T> = { cyclic: false; node: T } | { cyclic: true; nodes: T[] };

interface Tree { v: number; children: Tree[] }

function dfs(graph: number[][], roots: number[]): Tree[] {
  const seen = new Uint8Array(graph.length);
  const visit = (v: number): Tree => {
    seen[v] = 1;
    const children: Tree[] = [];
    for (const w of graph[v]) if (!seen[w]) children.push(visit(w));
    return { v, children };
  };
  const out: Tree[] = [];
  for (const r of roots) if (!seen[r]) out.push(visit(r));
  return out;
}

function postorder(forest: Tree[], out: number[] = []): number[] {
  for (const t of forest) { postorder(t.children, out); out.push(t.v); }
  return out;
}

/** `stronglyConnComp [(node, key, [key])]` with Text keys. */
export function stronglyConnComp<T>(edges: { node: T; key: string; deps: string[] }[]): SCC<T>[] {
  if (edges.length === 0) return [];
  // graphFromEdges: vertices numbered by key order (a stable sort)
  const sorted = edges.map((e, i) => ({ e, i })).sort((a, b) => compareText(a.e.key, b.e.key) || a.i - b.i).map(x => x.e);
  const index = new Map<string, number>();
  sorted.forEach((e, v) => { if (!index.has(e.key)) index.set(e.key, v); });
  const graph = sorted.map(e => e.deps.flatMap(k => (index.has(k) ? [index.get(k)!] : [])));
  // transposeG = buildG (reverseE g): accumArray (flip (:)) prepends, reversing insertion order
  const transposed: number[][] = graph.map(() => []);
  graph.forEach((ws, v) => { for (const w of ws) transposed[w].unshift(v); });
  // scc g = dfs g (reverse (postOrd (transposeG g)))
  const order = postorder(dfs(transposed, graph.map((_, v) => v))).reverse();
  return dfs(graph, order).map(t => {
    if (t.children.length === 0) {
      return graph[t.v].includes(t.v) ? { cyclic: true, nodes: [sorted[t.v].node] } : { cyclic: false, node: sorted[t.v].node };
    }
    const nodes: T[] = [];
    const walk = (n: Tree) => { nodes.push(sorted[n.v].node); n.children.forEach(walk); };
    walk(t);
    return { cyclic: true, nodes };
  });
}
