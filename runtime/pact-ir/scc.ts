// Haskell's `Data.Graph.stronglyConnComp`, step for step, because Pact orders a module's
// definitions by it and the order is part of the module hash: dependencies come first, and ties
// fall out of the vertex numbering (keys sorted), Kosaraju's two depth-first passes and the
// reversed adjacency lists of `transposeG`.

import { compareText } from './terms.js';

export type SCC<T> = { cyclic: false; node: T } | { cyclic: true; nodes: T[] };

interface Tree { v: number; children: Tree[] }

// The walks below keep their own stacks: a chain of thousands of definitions (each calling the
// previous one) would overflow the call stack if they recursed.

/** Depth-first spanning forest from `roots`, children in adjacency order (Data.Graph.dfs). */
function dfs(graph: number[][], roots: number[]): Tree[] {
  const seen = new Uint8Array(graph.length);
  const out: Tree[] = [];
  const stack: { tree: Tree; next: number }[] = [];
  for (const r of roots) {
    if (seen[r]) continue;
    seen[r] = 1;
    const root: Tree = { v: r, children: [] };
    out.push(root);
    stack.push({ tree: root, next: 0 });
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const edges = graph[top.tree.v];
      if (top.next === edges.length) { stack.pop(); continue; }
      const w = edges[top.next++];
      if (seen[w]) continue;
      seen[w] = 1;
      const child: Tree = { v: w, children: [] };
      top.tree.children.push(child);
      stack.push({ tree: child, next: 0 });
    }
  }
  return out;
}

function postorder(forest: Tree[]): number[] {
  const out: number[] = [];
  const stack: { tree: Tree; next: number }[] = forest.slice().reverse().map(tree => ({ tree, next: 0 }));
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next < top.tree.children.length) stack.push({ tree: top.tree.children[top.next++], next: 0 });
    else { stack.pop(); out.push(top.tree.v); }
  }
  return out;
}

/** Vertices of a tree in preorder. */
function preorder(t: Tree): number[] {
  const out: number[] = [];
  const stack = [t];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n.v);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

/** graphFromEdges' `key_vertex`: a binary search over the sorted keys, so that of two vertices
 *  with the same key (a duplicated definition) an edge goes to the one the search meets first. */
function keyVertex(sorted: { key: string }[], k: string, compare: (a: string, b: string) => number): number {
  let a = 0, b = sorted.length - 1;
  while (a <= b) {
    const mid = a + Math.floor((b - a) / 2);
    const c = compare(k, sorted[mid].key);
    if (c === 0) return mid;
    if (c < 0) b = mid - 1; else a = mid + 1;
  }
  return -1;
}

/** `stronglyConnComp [(node, key, [key])]`: keys are Text unless `compare` orders them as the
 *  key type Pact uses does. */
export function stronglyConnComp<T>(edges: { node: T; key: string; deps: string[] }[],
  compare: (a: string, b: string) => number = compareText): SCC<T>[] {
  if (edges.length === 0) return [];
  // graphFromEdges: vertices numbered by key order (a stable sort)
  const sorted = edges.map((e, i) => ({ e, i })).sort((a, b) => compare(a.e.key, b.e.key) || a.i - b.i).map(x => x.e);
  const graph = sorted.map(e => e.deps.flatMap(k => {
    const v = keyVertex(sorted, k, compare);
    return v < 0 ? [] : [v];
  }));
  // transposeG = buildG (reverseE g): accumArray (flip (:)) prepends, reversing insertion order
  const transposed: number[][] = graph.map(() => []);
  graph.forEach((ws, v) => { for (const w of ws) transposed[w].push(v); });
  for (const ws of transposed) ws.reverse();
  // scc g = dfs g (reverse (postOrd (transposeG g)))
  const order = postorder(dfs(transposed, graph.map((_, v) => v))).reverse();
  return dfs(graph, order).map(t => {
    if (t.children.length === 0) {
      return graph[t.v].includes(t.v) ? { cyclic: true, nodes: [sorted[t.v].node] } : { cyclic: false, node: sorted[t.v].node };
    }
    return { cyclic: true, nodes: preorder(t).map(v => sorted[v].node) };
  });
}
