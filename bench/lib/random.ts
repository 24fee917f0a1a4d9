// Seeded randomness, so every run seeds the same data set and asks for the same pages: figures from
// two runs differ because the code or the machine did, not the data.

export type Random = () => number;

/** mulberry32: tiny, fast and good enough to pick words and pages. Returns numbers in [0, 1). */
export function seededRandom(seed: number): Random {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick() from an empty list');
  return items[Math.floor(random() * items.length)]!;
}

/** A whole number in [min, max]. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * Picks indexes 0..n-1 with Zipf's law (rank r has weight 1/r^s): a few names are everywhere and
 * most are rare, as in real writing, so a search hits a realistic spread of result counts.
 */
export function zipf(random: Random, n: number, s = 1): () => number {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let rank = 1; rank <= n; rank++) {
    total += 1 / rank ** s;
    cdf[rank - 1] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cdf[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}
