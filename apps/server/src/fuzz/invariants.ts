import { titleWords } from '@prompt-vault/shared/keywords';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/dialect-of';
import { wordsOfRow } from '../db/migrations/0020-search-word-expressions';
import type { Database } from '../db/schema';
import { reversed } from '../db/sqlite-functions';
import { bandKeys, shingles } from '../similar/fingerprint';

export interface CounterMismatch {
  readonly id: string;
  readonly counter: 'like_count' | 'copy_count' | 'comment_count';
  readonly stored: number;
  readonly rows: number;
}

/**
 * Every prompt's counters against the rows they count: likes, copy events and
 * visible comments. An empty list means the database is consistent.
 */
export async function counterMismatches(db: Kysely<Database>): Promise<CounterMismatch[]> {
  const rows = await sql<{
    id: string;
    like_count: number;
    copy_count: number;
    comment_count: number;
    likes: number;
    copies: number;
    comments: number;
  }>`
    select p.id, p.like_count, p.copy_count, p.comment_count,
      (select count(*) from likes l where l.prompt_id = p.id) as likes,
      (select count(*) from copies c where c.prompt_id = p.id) as copies,
      (select count(*) from comments n where n.prompt_id = p.id and n.status = 'visible') as comments
    from prompts p
  `.execute(db);
  const mismatches: CounterMismatch[] = [];
  for (const row of rows.rows) {
    const pairs = [
      ['like_count', row.like_count, row.likes],
      ['copy_count', row.copy_count, row.copies],
      ['comment_count', row.comment_count, row.comments],
    ] as const;
    for (const [counter, stored, counted] of pairs) {
      if (Number(stored) !== Number(counted)) mismatches.push({ id: row.id, counter, stored: Number(stored), rows: Number(counted) });
    }
  }
  return mismatches;
}

/** A summary row (decision 0010) that differs from a recount of the library. */
export interface SummaryMismatch {
  readonly summary: 'totals' | 'days' | 'facets' | 'keywords';
  readonly key: string;
  readonly stored: string;
  readonly recounted: string;
}

/**
 * Every summary kept with the writes against a full recount of the library,
 * written here as plain SQL over prompts, likes and copies (and the keyword
 * rule of packages/shared over every visible title), independent of the
 * triggers and of the migration's counting. Shard rows are summed and zero
 * rows ignored, as the reads do. An empty list means they agree.
 */
export async function summaryMismatches(db: Kysely<Database>): Promise<SummaryMismatch[]> {
  const mismatches: SummaryMismatch[] = [];
  const compare = (summary: SummaryMismatch['summary'], stored: Map<string, string>, recounted: Map<string, string>) => {
    for (const key of new Set([...stored.keys(), ...recounted.keys()])) {
      const [a, b] = [stored.get(key) ?? 'none', recounted.get(key) ?? 'none'];
      if (a !== b) mismatches.push({ summary, key, stored: a, recounted: b });
    }
  };
  const asMap = <T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number[]) =>
    new Map(rows.filter((row) => value(row).some((n) => n !== 0)).map((row) => [key(row), value(row).join('/')]));
  type Counts = { prompts: number | string; likes: number | string; copies: number | string };
  const counts = (row: Counts) => [Number(row.prompts), Number(row.likes), Number(row.copies)];

  const storedTotals = await sql<Counts>`
    select coalesce(sum(prompts), 0) as prompts, coalesce(sum(likes), 0) as likes, coalesce(sum(copies), 0) as copies
    from summary_totals`.execute(db);
  const recountedTotals = await sql<Counts>`
    select (select count(*) from prompts where status = 'visible') as prompts,
      (select count(*) from likes l join prompts p on p.id = l.prompt_id where p.status = 'visible') as likes,
      (select count(*) from copies c join prompts p on p.id = c.prompt_id where p.status = 'visible') as copies`.execute(db);
  compare(
    'totals',
    asMap(storedTotals.rows, () => 'library', counts),
    asMap(recountedTotals.rows, () => 'library', counts),
  );

  type Day = Counts & { day: string };
  const storedDays = await sql<Day>`
    select day, sum(prompts) as prompts, sum(likes) as likes, sum(copies) as copies from summary_days group by day`.execute(db);
  const recountedDays = await sql<Day>`
    select day, sum(p) as prompts, sum(l) as likes, sum(c) as copies from (
      select substr(created_at, 1, 10) as day, 1 as p, 0 as l, 0 as c from prompts where status = 'visible'
      union all select substr(l.created_at, 1, 10), 0, 1, 0 from likes l join prompts p on p.id = l.prompt_id where p.status = 'visible'
      union all select substr(c.created_at, 1, 10), 0, 0, 1 from copies c join prompts p on p.id = c.prompt_id where p.status = 'visible'
    ) events group by day`.execute(db);
  compare(
    'days',
    asMap(storedDays.rows, (row) => row.day, counts),
    asMap(recountedDays.rows, (row) => row.day, counts),
  );

  type Facet = { field: string; name: string; prompts: number | string };
  const storedFacets = await sql<Facet>`select field, name, prompts from summary_facets`.execute(db);
  const recountedFacets = await sql<Facet>`
    select 'category' as field, category as name, count(*) as prompts from prompts where status = 'visible' group by category
    union all select 'model', model, count(*) from prompts where status = 'visible' group by model`.execute(db);
  const facetKey = (row: Facet) => `${row.field}:${row.name}`;
  compare(
    'facets',
    asMap(storedFacets.rows, facetKey, (row) => [Number(row.prompts)]),
    asMap(recountedFacets.rows, facetKey, (row) => [Number(row.prompts)]),
  );

  const storedWords = await sql<{ word: string; uses: number | string }>`select word, uses from summary_keywords`.execute(db);
  const titles = await sql<{ title: string }>`select title from prompts where status = 'visible'`.execute(db);
  const recountedWords = new Map<string, number>();
  for (const { title } of titles.rows) for (const word of titleWords(title)) recountedWords.set(word, (recountedWords.get(word) ?? 0) + 1);
  compare(
    'keywords',
    asMap(
      storedWords.rows,
      (row) => row.word,
      (row) => [Number(row.uses)],
    ),
    asMap(
      [...recountedWords],
      ([word]) => word,
      ([, uses]) => [uses],
    ),
  );

  return mismatches;
}

/**
 * The tag tables against the prompts: each tag's kept count of visible
 * prompts (migration 0006) against a recount from prompt_tags, and each tag
 * row's creation time (migration 0013) against its prompt's. One line per
 * tag, or tag row, that differs.
 */
export async function tagMismatches(db: Kysely<Database>): Promise<string[]> {
  const stored = await sql<{ name: string; prompts: number | string }>`select name, count as prompts from tags where count <> 0`.execute(
    db,
  );
  const recounted = await sql<{ name: string; prompts: number | string }>`
    select pt.tag as name, count(*) as prompts from prompt_tags pt join prompts p on p.id = pt.prompt_id
    where p.status = 'visible' group by pt.tag`.execute(db);
  const storedCounts = new Map(stored.rows.map((row) => [row.name, Number(row.prompts)]));
  const recountedCounts = new Map(recounted.rows.map((row) => [row.name, Number(row.prompts)]));
  const mismatches: string[] = [];
  for (const name of new Set([...storedCounts.keys(), ...recountedCounts.keys()])) {
    const [kept, counted] = [storedCounts.get(name) ?? 0, recountedCounts.get(name) ?? 0];
    if (kept !== counted) mismatches.push(`${name}: kept ${kept}, recounted ${counted}`);
  }
  const misdated = await sql<{ tag: string; prompt_id: string; tagged: string; created: string }>`
    select pt.tag, pt.prompt_id, pt.created_at as tagged, p.created_at as created from prompt_tags pt
    join prompts p on p.id = pt.prompt_id where pt.created_at <> p.created_at`.execute(db);
  for (const row of misdated.rows) mismatches.push(`${row.tag} on ${row.prompt_id}: tagged ${row.tagged}, created ${row.created}`);
  return mismatches;
}

/**
 * The near-duplicate index (migration 0008) against the keys each stored
 * prompt's title and text give now: one line per prompt whose stored keys
 * differ, so a write path that forgets them (or stores stale ones) shows.
 */
export async function similarityBandMismatches(db: Kysely<Database>): Promise<string[]> {
  const prompts = await db.selectFrom('prompts').select(['id', 'title', 'prompt']).execute();
  const stored = await db.selectFrom('similarity_bands').select(['band_key', 'prompt_id']).execute();
  const storedKeys = new Map<string, number[]>();
  for (const row of stored) storedKeys.set(row.prompt_id, [...(storedKeys.get(row.prompt_id) ?? []), Number(row.band_key)]);
  const mismatches: string[] = [];
  for (const prompt of prompts) {
    const expected = bandKeys(shingles(prompt.title, prompt.prompt)).sort((a, b) => a - b);
    const kept = (storedKeys.get(prompt.id) ?? []).sort((a, b) => a - b);
    if (expected.join() !== kept.join()) mismatches.push(`${prompt.id}: kept ${kept.length} keys, expected ${expected.length}`);
    storedKeys.delete(prompt.id);
  }
  for (const id of storedKeys.keys()) mismatches.push(`${id}: keys kept for no prompt`);
  return mismatches;
}

/**
 * The short needles' kept counts (db/search-grams.ts) against a count of
 * the visible prompts each needle finds, by the search's own comparison and
 * not by the code that keeps them: SQLite's built-in lower(), which folds
 * ASCII alone as its LIKE does, and PostgreSQL's lower-cased copies in
 * prompt_search. Every one- and two-character ASCII needle that could
 * occur is asked (any pair of the characters present), so a gram the
 * writes forgot shows as well as a wrong count. One line per needle that
 * differs.
 */
export async function searchGramMismatches(db: Kysely<Database>): Promise<string[]> {
  const sqlite = dialectOf(db) === 'sqlite';
  const texts = sqlite
    ? await sql<{ t: string }>`SELECT lower(title) || ' ' || lower(prompt) AS t FROM prompts WHERE status = 'visible'`.execute(db)
    : await sql<{ t: string }>`SELECT s.title || ' ' || s.prompt AS t FROM prompt_search s JOIN prompts p ON p.id = s.id
        WHERE p.status = 'visible'`.execute(db);
  const present = new Set<string>();
  for (const { t } of texts.rows) for (const char of t) if (char.charCodeAt(0) < 128) present.add(char);
  const needles = [...present].flatMap((first) => [first, ...[...present].map((second) => first + second)]);
  const recounted = sqlite
    ? await sql<{ gram: string; n: number | string }>`SELECT needle.value AS gram,
        (SELECT count(*) FROM prompts WHERE status = 'visible' AND (instr(lower(title), needle.value) > 0 OR instr(lower(prompt), needle.value) > 0)) AS n
        FROM json_each(${JSON.stringify(needles)}) AS needle`.execute(db)
    : await sql<{ gram: string; n: number | string }>`SELECT needle AS gram,
        (SELECT count(*) FROM prompt_search s JOIN prompts p ON p.id = s.id
          WHERE p.status = 'visible' AND (strpos(s.title, needle) > 0 OR strpos(s.prompt, needle) > 0)) AS n
        FROM unnest(${needles}::text[]) AS needle`.execute(db);
  const kept = (await db.selectFrom('search_grams').select(['gram', 'prompts']).execute()).map((row) => [row.gram, row.prompts] as const);
  return keptCountMismatches(
    kept,
    recounted.rows.map((row) => [row.gram, row.n] as const),
    'found in',
  );
}

/**
 * SQLite: each word of the prompts' word index (prompt_words, migration
 * 0021) that the search vocabulary lacks or keys by the wrong ending, and
 * each of the two indexes that differs from the rows it indexes, as a line. The word-phrase plan (prompts/word-phrase-plan.ts) looks a needle's
 * first and last words up there, so a word the writes forgot would be a
 * match a search misses. The index's words are listed by `fts5vocab`, not
 * by the vocabulary's own tokenizing (asciiWords), so this also catches the
 * two cutting words differently. Nothing on PostgreSQL, which keeps none.
 */
export async function searchVocabularyMismatches(db: Kysely<Database>): Promise<string[]> {
  if (dialectOf(db) !== 'sqlite') return [];
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.invariant_prompt_words USING fts5vocab(main, prompt_words, row)`.execute(db);
  const { rows } = await sql<{ term: string; reversed: string | null }>`
    SELECT t.term, v.reversed FROM temp.invariant_prompt_words t LEFT JOIN search_vocabulary v ON v.word = t.term`.execute(db);
  const mismatches = rows.flatMap(({ term, reversed: kept }) => {
    if (kept === null) return [`${JSON.stringify(term)}: in the word index, not in the vocabulary`];
    return kept === reversed(term) ? [] : [`${JSON.stringify(term)}: kept reversed as ${JSON.stringify(kept)}`];
  });
  // Each external-content index against the rows it indexes (FTS5's own check, which fails when they differ).
  for (const index of ['prompt_words', 'search_vocabulary_grams']) {
    try {
      await sql`INSERT INTO ${sql.table(index)} (${sql.ref(index)}, rank) VALUES ('integrity-check', 1)`.execute(db);
    } catch (error) {
      mismatches.push(`${index}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return mismatches;
}

/**
 * Each key whose kept count differs from its recount (a key missing on
 * either side counts 0), as a line: `"key": kept K, <verb> N visible prompts`.
 */
function keptCountMismatches(
  kept: readonly (readonly [string, number | string])[],
  recounted: readonly (readonly [string, number | string])[],
  verb: string,
): string[] {
  const stored = new Map(kept.map(([key, count]) => [key, Number(count)]));
  const mismatches: string[] = [];
  const differs = (key: string, keptCount: number, found: number) =>
    mismatches.push(`${JSON.stringify(key)}: kept ${keptCount}, ${verb} ${found} visible prompts`);
  for (const [key, n] of recounted) {
    if ((stored.get(key) ?? 0) !== Number(n)) differs(key, stored.get(key) ?? 0, Number(n));
    stored.delete(key);
  }
  for (const [key, count] of stored) if (count !== 0) differs(key, count, 0);
  return mismatches;
}

/**
 * PostgreSQL: the kept counts of the search words (search_word_counts,
 * migration 0017) against the visible prompts whose indexed words hold
 * each word, counted here word by word from prompt_search rather than by
 * ts_stat as the writers' recount does. One line per word that differs;
 * nothing on SQLite, which keeps none.
 */
export async function searchWordCountMismatches(db: Kysely<Database>): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') return [];
  const recounted = await sql<{ word: string; n: number | string }>`
    SELECT word, count(DISTINCT s.id) AS n
    FROM prompt_search s JOIN prompts p ON p.id = s.id CROSS JOIN LATERAL unnest(tsvector_to_array(${wordsOfRow('s')})) AS word
    WHERE p.status = 'visible' GROUP BY word`.execute(db);
  const kept = (await db.selectFrom('search_word_counts').select(['word', 'prompts']).execute()).map(
    (row) => [row.word, row.prompts] as const,
  );
  return keptCountMismatches(
    kept,
    recounted.rows.map((row) => [row.word, row.n] as const),
    'held by',
  );
}
