/**
 * Seeded uniform generator in [0, 1): a 32-bit counter advanced by the golden-ratio increment,
 * then scrambled with the murmur3 finaliser. Fixture generation and run order both use it, so
 * both are reproducible from their seed.
 */
export function seededRandom(seed) {
  let counter = seed >>> 0;
  return function next() {
    counter = (counter + 0x9e3779b9) >>> 0;
    let x = counter;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    x ^= x >>> 16;
    return (x >>> 0) / 0x1_0000_0000;
  };
}

/** A shuffler whose orders are reproducible from `seed` (Fisher–Yates over `seededRandom`). */
export function seededShuffle(seed) {
  const random = seededRandom(seed);
  return function shuffled(list) {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
}
