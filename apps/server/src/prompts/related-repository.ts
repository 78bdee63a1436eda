import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { sumOfVisiblePrompts } from '../db/summaries';
import { selectPromptColumns } from './read-repository';
import type { CandidateSource } from './related-score';
import { likePattern, titleContainsByIndex, walkOrderFor } from './search';

/** The queries behind related prompts (related.ts): the prompt's signals' counts, and the candidates. */

/** What choosing a prompt's candidate sources needs (related-score.ts chooseSources), from the summaries kept with the writes. */
export interface SignalCounts {
  /** How many visible prompts carry each of the prompt's tags (migration 0006's counts). */
  readonly tags: Map<string, number>;
  /** How many visible titles use each of its title words (summary_keywords). */
  readonly titleWordUses: Map<string, number>;
  /**
   * How many titles reading each title word's source returns: the title's
   * trigram index finds the word inside longer words too, "help" in
   * "helper" (at 100k prompts, 174 titles use the word and 3,006 contain it,
   * which PostgreSQL read in 23 ms). Summed from the kept uses of every
   * title word that contains it: an upper bound, as a title holding two
   * such words counts twice.
   */
  readonly titleWordReads: Map<string, number>;
  /** Visible prompts in the library (summary_totals). */
  readonly visible: number;
}

type SignalKind = 'tag' | 'use' | 'read' | 'visible';

/**
 * Every count of SignalCounts in one statement, each from a small summary
 * table: one round trip where a query for each kind of count (and one for
 * each title word's reads) took a pooled connection apiece, the widest spread
 * of a related read's time on PostgreSQL.
 */
export async function signalCounts(db: Kysely<Database>, tags: readonly string[], words: readonly string[]): Promise<SignalCounts> {
  const kind = (name: SignalKind) => sql<SignalKind>`${sql.lit(name)}`.as('kind');
  // The text cast gives every branch's name one type on PostgreSQL, whose parameters carry none of their own.
  const name = (value: string) => sql<string>`cast(${value} as text)`.as('name');
  const visible = db.selectFrom('summary_totals').select((eb) => [kind('visible'), name(''), sumOfVisiblePrompts(eb).as('count')]);
  const others = [
    ...(tags.length === 0
      ? []
      : [
          db
            .selectFrom('tags')
            .select([kind('tag'), sql<string>`name`.as('name'), sql<number | string>`count`.as('count')])
            .where('name', 'in', [...tags]),
        ]),
    ...(words.length === 0
      ? []
      : [
          db
            .selectFrom('summary_keywords')
            .select([kind('use'), sql<string>`word`.as('name'), sql<number | string>`uses`.as('count')])
            .where('word', 'in', [...words]),
        ]),
    ...words.map((word) =>
      db
        .selectFrom('summary_keywords')
        .select((eb) => [kind('read'), name(word), eb.fn.coalesce(eb.fn.sum<number | string>('uses'), sql<number>`0`).as('count')])
        .where(sql<SqlBool>`word LIKE ${likePattern(word)} ESCAPE '\\'`),
    ),
  ];
  const rows = await others.reduce((all, next) => all.unionAll(next), visible).execute();
  const byKind = (wanted: SignalKind) => new Map(rows.filter((row) => row.kind === wanted).map((row) => [row.name, Number(row.count)]));
  const reads = byKind('read');
  return {
    tags: byKind('tag'),
    titleWordUses: byKind('use'),
    titleWordReads: new Map(words.map((word) => [word, reads.get(word) ?? 0])),
    visible: Number(rows.find((row) => row.kind === 'visible')?.count ?? 0),
  };
}

/**
 * Ids in code-unit order on both databases: SQLite compares text bytewise,
 * PostgreSQL by the column's collation unless told "C", and a cut at the
 * limit among equal likes must fall on the same prompts on both.
 */
function idInCodeUnitOrder(dialect: Dialect) {
  return dialect === 'postgres' ? sql`prompts.id collate "C"` : sql`prompts.id`;
}

/**
 * The category's likes order is read from its own index
 * (prompts_category_likes_idx). A tag's or title word's few hundred prompts
 * are sorted instead: ordering by `+like_count`, which no index provides,
 * keeps both planners from walking the whole likes index in the hope of
 * meeting the tag early, as SQLite does on a database without statistics
 * (ANALYZE) and PostgreSQL did for a tag carried by 446 prompts at 100k
 * (8,678 index probes, 5 ms, against 446 from the tag, 2 ms).
 *
 * On SQLite a source found in enough prompts (walkOrderFor) walks the likes
 * index instead, testing each entry's rowid against the source: sorting
 * reads every match's row for its like count, a random page each, which a
 * prompt nobody opened lately finds on disk, not in the cache (at 100k
 * prompts, the 479 titles with "account": 16.5 ms sorted against 12.5
 * walked, "sales" 22 against 4, "pitch" 14 against 2.6, in a fresh process).
 */
function walksLikesOrder(dialect: Dialect, source: CandidateSource, visible: number): boolean {
  return dialect === 'sqlite' && source.kind !== 'category' && walkOrderFor(dialect, source.rows, visible, 'index entries');
}

function likesOrder(source: CandidateSource, walk: boolean) {
  return source.kind === 'category' || walk ? sql`prompts.like_count` : sql`+prompts.like_count`;
}

function sourceCondition(dialect: Dialect, source: CandidateSource, walk: boolean) {
  return (eb: ExpressionBuilder<Database, 'prompts'>): Expression<SqlBool> => {
    switch (source.kind) {
      case 'tag':
        // The unary + keeps SQLite from starting at the tag's prompts when the likes order is walked.
        return eb(
          walk ? sql<string>`+prompts.id` : sql.ref<string>('prompts.id'),
          'in',
          eb.selectFrom('prompt_tags').select('prompt_tags.prompt_id').where('prompt_tags.tag', '=', source.tag),
        );
      case 'category':
        return eb('prompts.category', '=', source.category);
      case 'title-word':
        return titleContainsByIndex(dialect, source.word, walk);
    }
  };
}

/**
 * Every candidate of every source, with the prompt columns (toPrompt's
 * record), in one statement: each source is its own subquery of its `limit`
 * most liked visible prompts (then by id), never `promptId`, so the read
 * costs one round trip. Row order is not meaningful.
 */
export async function findCandidates(
  db: Kysely<Database>,
  dialect: Dialect,
  promptId: string,
  sources: readonly CandidateSource[],
  limit: number,
  visible: number,
) {
  return (await candidatesQuery(db, dialect, promptId, sources, limit, visible)?.execute()) ?? [];
}

/** findCandidates' statement (undefined without sources), apart so its plan can be looked at. */
export function candidatesQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  promptId: string,
  sources: readonly CandidateSource[],
  limit: number,
  visible: number,
) {
  const ids = sources.map((source) => {
    const walk = walksLikesOrder(dialect, source, visible);
    return db
      .selectFrom((inner) =>
        inner
          .selectFrom('prompts')
          .select('prompts.id')
          .where('prompts.status', '=', 'visible')
          .where('prompts.id', '<>', promptId)
          .where(sourceCondition(dialect, source, walk))
          .orderBy(likesOrder(source, walk), 'desc')
          .orderBy(idInCodeUnitOrder(dialect), 'desc')
          .limit(limit)
          .as('source'),
      )
      .select('source.id');
  });
  const [first, ...rest] = ids;
  if (!first) return undefined;
  const union = rest.reduce((all, next) => all.union(next), first);
  return selectPromptColumns(db.selectFrom('prompts'), undefined).where('prompts.id', 'in', union);
}
