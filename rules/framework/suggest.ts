/**
 * Edit distance with transpositions (optimal string alignment): `protcted` → `protected` is 1,
 * `pritected` → `protected` is 1, `porttected` → `protected` is 2.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The closest candidate, when it is close enough to be what was meant: a distance of at most 2
 * and at most a third of the typed word's length (SPEC section 4). Case differences count as
 * edits, except that a candidate equal ignoring case always qualifies. Ties go to the first
 * candidate, so suggestions are deterministic.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // Lengths further apart than the largest accepted distance cannot qualify.
    if (candidate === word || Math.abs(candidate.length - word.length) > 2) continue;
    const distance = candidate.toLowerCase() === word.toLowerCase() ? 0.5 : editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= 2 && bestDistance <= word.length / 3 ? best : undefined;
}
