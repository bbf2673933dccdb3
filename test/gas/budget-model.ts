// A model of sizeOf's byte budget for tests (gas.md §4.1; SizeOf.hs countBytes): given the pieces
// Pact counts, in its order, where the count first passes a budget.

/** The count at the first piece past `budget`, or null if the pieces fit. */
export function stopsAt(pieces: number[], budget: number): number | null {
  let total = 0;
  for (const p of pieces) {
    total += p;
    if (total > budget) return total;
  }
  return null;
}
