/**
 * The near-duplicate measure (issue 20 item 5) and its index keys, computed
 * here in TypeScript so SQLite and PostgreSQL give the same answer to the
 * digit: the databases only store and look up the keys.
 *
 * - A text's shingles are its pairs of neighbouring words (title then
 *   prompt, NFC, lower-cased, split on anything not a letter, mark or
 *   digit, so punctuation and spacing never count). A one-word text's one
 *   shingle is that word.
 * - Similarity is the Jaccard index of two shingle sets, |A ∩ B| / |A ∪ B|.
 * - MinHash LSH finds the candidates without comparing with every prompt:
 *   SIGNATURE_BANDS bands of ROWS_PER_BAND min-hashes each, every band
 *   hashed into one key stored per prompt (table similarity_bands). Two texts
 *   of similarity s share at least one key with probability
 *   1 - (1 - s^ROWS_PER_BAND)^SIGNATURE_BANDS.
 */

/** Keys stored per prompt, and min-hashes per key. */
export const SIGNATURE_BANDS = 24;
export const ROWS_PER_BAND = 3;

/** The words that count, in order. */
export function similarityWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The shingles of a prompt's title and text together. */
export function shingles(title: string, prompt: string): Set<string> {
  const words = [...similarityWords(title), ...similarityWords(prompt)];
  if (words.length === 1) return new Set(words);
  const pairs = new Set<string>();
  for (let index = 0; index + 1 < words.length; index += 1) pairs.add(`${words[index]} ${words[index + 1]}`);
  return pairs;
}

/** |A ∩ B| / |A ∪ B|; two empty sets are not alike (0). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const shingle of small) if (large.has(shingle)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** MurmurHash3's finaliser: spreads every input bit over the 32 output bits. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a over the UTF-16 code units, then mixed: a shingle's 32-bit hash. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) h = Math.imul(h ^ text.charCodeAt(index), 0x01000193);
  return mix32(h);
}

/** One fixed seed per min-hash (a Weyl sequence, mixed), the same in every process forever. */
const SEEDS = Uint32Array.from({ length: SIGNATURE_BANDS * ROWS_PER_BAND }, (_, index) => mix32(Math.imul(index + 1, 0x9e3779b9)));

/**
 * The keys under which a shingle set is stored and looked up: one per band,
 * the band's number in the high bits (so equal hashes of different bands
 * never meet), below 2^53 so both databases and JavaScript hold it exactly.
 * No shingles, no keys.
 */
export function bandKeys(set: ReadonlySet<string>): number[] {
  if (set.size === 0) return [];
  const minima = new Uint32Array(SEEDS.length).fill(0xffffffff);
  for (const shingle of set) {
    const hash = hashText(shingle);
    for (let index = 0; index < SEEDS.length; index += 1) {
      const value = mix32(hash ^ (SEEDS[index] as number));
      if (value < (minima[index] as number)) minima[index] = value;
    }
  }
  const keys: number[] = [];
  for (let band = 0; band < SIGNATURE_BANDS; band += 1) {
    let h = 0x811c9dc5 ^ band;
    for (let row = 0; row < ROWS_PER_BAND; row += 1) h = Math.imul(h ^ (minima[band * ROWS_PER_BAND + row] as number), 0x01000193);
    keys.push(band * 2 ** 32 + mix32(h));
  }
  return keys;
}
