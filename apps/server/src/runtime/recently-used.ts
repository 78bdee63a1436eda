/**
 * A map that keeps only its `limit` most recently used entries: reading or
 * writing a key makes it the most recent, and a write past the limit drops
 * the least recent. A Map iterates in insertion order, so moving a key to
 * the end on each use leaves the least recent first. For the server's small
 * caches of compiled statements and validated querystrings. Written in
 * erasable TypeScript only: the SQLite read worker, which Node runs as it
 * is, uses it too.
 */
export class RecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#limit) {
      const leastRecent = this.#entries.keys().next();
      if (!leastRecent.done) this.#entries.delete(leastRecent.value);
    }
  }
}
