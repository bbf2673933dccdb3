// The sort Pact's `sort` natives use: the introsort of Haskell's vector-algorithms
// (median-of-three quicksort down to segments of 18, a heap sort past the depth limit, then one
// insertion-sort pass). It is not stable, and the order of elements that compare equal (`1.0` vs
// `1.00`, objects tied on the sort fields) is observable, so we follow the same steps rather than
// Array.prototype.sort.

export type Cmp<T> = (a: T, b: T) => number;

const THRESHOLD = 18;

/** Sort a copy of `xs` the way `Data.Vector.Algorithms.Intro.sortBy` would. */
export function introSort<T>(xs: readonly T[], cmp: Cmp<T>): T[] {
  const a = xs.slice();
  const n = a.length;
  // below 18 elements (below 2 the depth limit is 0 or negative) the partitioning returns at
  // once, and the stable insertion pass is vector-algorithms' sort2/3/4 networks for 2..4
  partitionLoop(a, cmp, depthLimit(n), 0, n);
  stableInsert(a, 0, n, cmp);
  return a;
}

/** 2·⌊log2 n⌋: the recursion depth after which heap sort takes over. */
function depthLimit(n: number): number {
  let k = -1;
  for (let m = n; m > 0; m >>= 1) k++;
  return 2 * k;
}

function partitionLoop<T>(a: T[], cmp: Cmp<T>, depth: number, l: number, u: number): void {
  if (depth === 0) { heapSort(a, l, u, cmp); return; }
  if (u - l < THRESHOLD) return;
  // median of (l, middle, u-1) moved to position l, then used as the pivot
  const c = l + ((u - l) >> 1);
  sort3At(a, c, l, u - 1, cmp);
  const p = a[l];
  const mid = partition(a, cmp, p, l + 1, u);
  swap(a, l, mid - 1);
  partitionLoop(a, cmp, depth - 1, mid, u);
  partitionLoop(a, cmp, depth - 1, l, mid - 1);
}

/** Hoare-style partition of [l, u) around p; returns the first index of the upper part. */
function partition<T>(a: T[], cmp: Cmp<T>, p: T, l: number, u: number): number {
  for (;;) {
    // move up while elements are below the pivot
    while (l < u && cmp(a[l], p) < 0) l++;
    if (l >= u) return l;
    // then down while the pivot is below the element
    u--;
    while (l < u && cmp(p, a[u]) < 0) u--;
    if (l >= u) return l;
    swap(a, l, u);
    l++;
  }
}

function swap<T>(a: T[], i: number, j: number): void {
  const t = a[i]; a[i] = a[j]; a[j] = t;
}

/** Sort the elements at indices i, j, k (as if i < j < k); ties keep their order. */
function sort3At<T>(a: T[], i: number, j: number, k: number, cmp: Cmp<T>): void {
  const a0 = a[i], a1 = a[j], a2 = a[k];
  if (cmp(a0, a1) > 0) {
    if (cmp(a0, a2) > 0) {
      if (cmp(a2, a1) < 0) { a[i] = a2; a[k] = a0; }
      else { a[i] = a1; a[j] = a2; a[k] = a0; }
    } else { a[i] = a1; a[j] = a0; }
  } else if (cmp(a1, a2) > 0) {
    if (cmp(a0, a2) > 0) { a[i] = a2; a[j] = a0; a[k] = a1; }
    else { a[j] = a2; a[k] = a1; }
  }
}

/** Insertion sort of [l, u), each element moving past strictly greater ones: stable, so on 2..4
 *  elements it orders them as the (stable) optimal sorting networks do. */
function stableInsert<T>(a: T[], l: number, u: number, cmp: Cmp<T>): void {
  for (let i = l; i < u; i++) {
    const v = a[i];
    let j = i;
    while (j > l && cmp(v, a[j - 1]) < 0) { a[j] = a[j - 1]; j--; }
    a[j] = v;
  }
}

/**
 * Depth exhausted: Heap.sortByBounds, a heap sort over a quaternary heap (each node has up to four
 * children at 4i+1..4i+4, relative to l). It is not stable, and which of two equal elements ends
 * first is observable, so its steps are followed exactly: build the heap, pop the largest to the
 * end until five are left, move the largest of those into place (the first four are sorted by
 * the closing insertion pass).
 */
function heapSort<T>(a: T[], l: number, u: number, cmp: Cmp<T>): void {
  const len = u - l;
  if (len <= 4) { stableInsert(a, l, u, cmp); return; }
  for (let k = (len - 1) >> 2; k >= 0; k--) sift(a, cmp, l, a[l + k], k, len);
  // pop the top to k, k = u-1 down to l+5, each time sifting the element displaced from k
  for (let k = u - 1; k > l + 4; k--) {
    const displaced = a[k];
    a[k] = a[l];
    sift(a, cmp, l, displaced, 0, k - l);
  }
  // the first four are left for the closing insertion pass, which sorts them as sort4 would
  swap(a, l, l + 4);
}

/** Fill the hole at `root` of the heap a[off..off+len) with `val`, moving larger children up. */
function sift<T>(a: T[], cmp: Cmp<T>, off: number, val: T, root: number, len: number): void {
  for (;;) {
    const first = 4 * root + 1;
    if (first >= len) break;
    // the leftmost largest child: a later child wins only if strictly greater
    let child = first;
    for (let c = first + 1; c < first + 4 && c < len; c++) if (cmp(a[off + child], a[off + c]) < 0) child = c;
    if (!(cmp(val, a[off + child]) < 0)) break;
    a[off + root] = a[off + child];
    root = child;
  }
  a[off + root] = val;
}
