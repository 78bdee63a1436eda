/**
 * A small seeded pseudo-random generator (mulberry32), so the same seed
 * always produces the same database; Math.random cannot be seeded.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A standard normal sample (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** `length` URL-safe characters, the alphabet of the app's own ids. */
  id(length: number): string {
    let out = '';
    for (let index = 0; index < length; index += 1) out += ID_ALPHABET[Math.floor(this.next() * 64)];
    return out;
  }
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Splits `total` into `weights.length` whole counts proportional to the
 * weights, each at most `cap`, summing exactly to `total` (largest remainders
 * get the leftover units).
 */
export function apportion(total: number, weights: readonly number[], cap: number): Uint32Array {
  const counts = new Uint32Array(weights.length);
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  let assigned = 0;
  const remainders: { index: number; rest: number }[] = [];
  for (const [index, weight] of weights.entries()) {
    const exact = (total * weight) / sum;
    const whole = Math.min(cap, Math.floor(exact));
    counts[index] = whole;
    assigned += whole;
    remainders.push({ index, rest: exact - whole });
  }
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  // Hand out what is left one unit at a time, skipping counts at the cap.
  let cursor = 0;
  let stalled = 0;
  while (assigned < total && stalled < remainders.length) {
    const entry = remainders[cursor % remainders.length] as { index: number };
    if ((counts[entry.index] as number) < cap) {
      counts[entry.index] = (counts[entry.index] as number) + 1;
      assigned += 1;
      stalled = 0;
    } else {
      stalled += 1;
    }
    cursor += 1;
  }
  if (assigned < total) throw new Error(`Cannot place ${total} items with at most ${cap} each`);
  return counts;
}
