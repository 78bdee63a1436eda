import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect } from 'kysely';
import type { DatabaseUrl } from '../../src/config';
import type { Database } from '../../src/db/schema';
import { dropFullTextSamples } from '../../src/db/full-text-statistics';
import { recountSummariesInTransaction } from '../../src/db/summaries';
import { FILL_VOCABULARY } from '../../src/db/migrations/0021-prompt-words';
import { registerSqliteFunctions } from '../../src/db/sqlite-functions';
import { mergeAboveLevelZero } from '../../src/db/migrations/0024-full-text-large-segments-lifted';
import type { EventRow, CommentRow, PromptRow } from './dataset';
import { type PromptBatch, type SimilarityRow, type TagRow, similarityRows, tagRows } from './prompt-batch';
import { INDEX_STATISTICS_SQL, LOAD_MAINTENANCE_WORK_MEM, postgresClient } from './postgres-load';
import { StagedSearchCopy } from './postgres-search-copy';
import { bulkInserter } from './sqlite-bulk-insert';

/**
 * Bulk loading bypasses Kysely on purpose: building 2.3 million query objects
 * would dominate the run. SQLite gets prepared multi-row INSERTs
 * (sqlite-bulk-insert.ts) inside one big transaction; PostgreSQL gets one
 * INSERT ... SELECT FROM unnest(arrays) per batch (a handful of parameters
 * whatever the batch size).
 */
export interface BulkWriter {
  countPrompts(): Promise<number>;
  begin(): Promise<void>;
  /** Removes every prompt and the rows that hang off them. */
  clear(): Promise<void>;
  /** The prompts, their tags and their near-duplicate keys. */
  insertPrompts(batch: PromptBatch): Promise<void>;
  insertLikes(rows: EventRow[]): Promise<void>;
  insertCopies(rows: EventRow[]): Promise<void>;
  insertComments(rows: CommentRow[]): Promise<void>;
  /** Called once every prompt is inserted (PostgreSQL starts building its search copy's indexes beside the load). */
  endPrompts(): Promise<void>;
  /**
   * Turns the summaries' triggers (migration 0005; on PostgreSQL also the
   * search words' of migration 0011) off inside the load's
   * transaction (call after begin): a row trigger per like and copy would
   * cost more than the one recount at the end. Both databases change
   * triggers transactionally, so other connections never see them off.
   */
  pauseSummaries(): Promise<void>;
  /** Turns them back on and recounts the summaries, in the same transaction (call before commit). */
  recountSummaries(): Promise<void>;
  /**
   * Drops the bulk tables' indexes inside the load's transaction (call after
   * begin, before clear): their secondary indexes; on SQLite the triggers
   * that keep the full-text index; on PostgreSQL their primary and foreign
   * keys too. One sorted build per index after the load costs far less
   * than 23 million inserts at random places in b-trees larger than the
   * page cache.
   */
  deferIndexes(): Promise<void>;
  /** Builds what deferIndexes dropped, from the loaded rows, in the same transaction (call before commit). */
  buildIndexes(): Promise<void>;
  commit(): Promise<void>;
  close(): Promise<void>;
}

/** SQLite's full-text indexes of the prompts (migrations 0002, 0012, 0014, 0021 and 0022): their triggers are deferred and each is rebuilt once. */
export const FULL_TEXT_TABLES = ['prompts_fts', 'prompt_titles_fts', 'prompt_title_words', 'prompt_words'] as const;

/**
 * How each full-text index is filled again from the prompts in one pass,
 * replacing whatever it held before a --force run: FTS5's rebuild for the
 * external-content ones, a fresh copy of the titles for the titles' words,
 * which keeps its own.
 */
function refillStatements(table: (typeof FULL_TEXT_TABLES)[number]): string[] {
  if (table === 'prompt_title_words') {
    // As migration 0014 fills it.
    const charset = `CASE WHEN title GLOB '*[^ -~]*' THEN 'other' ELSE 'ascii' END`;
    return [`DELETE FROM ${table}`, `INSERT INTO ${table} (rowid, title, charset) SELECT rowid, title, ${charset} FROM prompts`];
  }
  const rebuild = `INSERT INTO ${table}(${table}) VALUES ('rebuild')`;
  // Its vocabulary too, which its deferred triggers kept: listed afresh from the index's words.
  if (table === 'prompt_words') return [rebuild, 'DELETE FROM search_vocabulary', ...FILL_VOCABULARY];
  return [rebuild];
}

/**
 * The bytes of new terms FTS5 holds in memory before writing them out as a
 * segment of the index (its `hashsize` option, in FTS5's source though not
 * in its documentation), while the load fills the full-text indexes. Its
 * default, 1 MB, cut a rebuild of 100,000 prompts into hundreds of
 * segments, which it kept merging as it went and the commit's optimise then
 * merged again: rebuild 13.1 s and optimise 3.3 s, against 7.8 s and
 * nothing left to merge with 256 MB (docs/performance.md, Generator). FTS5
 * counts the bytes of its entries, which it allocates by doubling, so the
 * memory it takes can reach about twice this. The default is set back
 * before the commit, so the server's transactions, an import's included,
 * keep FTS5's usual memory.
 */
const FULL_TEXT_BUILD_HASH_BYTES = 256 * 1024 * 1024;
const FULL_TEXT_DEFAULT_HASH_BYTES = 1024 * 1024;

/**
 * Sets FTS5's buffer of new terms for `table` to `bytes`, a setting the
 * table keeps in its `_config` table. FTS5 first writes out the terms it
 * holds, so setting it back before the commit loses none of them.
 */
function hashSizeStatement(table: (typeof FULL_TEXT_TABLES)[number], bytes: number): string {
  return `INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', ${bytes})`;
}

// The tag tables go too: `tags` has no key to prompts, so nothing would clear its counts.
const CLEAR_ORDER = ['comments', 'copies', 'likes', 'prompt_tags', 'tags', 'similarity_bands', 'prompts'] as const;

/**
 * Each tag's count of visible prompts (migration 0006), computed once from
 * the rows after the load instead of one upsert per prompt.
 */
const COUNT_TAGS = [
  'DELETE FROM tags',
  `INSERT INTO tags (name, count)
   SELECT pt.tag, count(*) FROM prompt_tags pt JOIN prompts p ON p.id = pt.prompt_id WHERE p.status = 'visible' GROUP BY pt.tag`,
];

/** The tables the load fills in bulk: their indexes are built once at the end (deferIndexes). */
const BULK_TABLES = ['prompts', 'likes', 'copies', 'comments', 'prompt_search', 'prompt_tags', 'similarity_bands'] as const;

/** SQLite: the bulk tables the summaries' recount reads (db/summaries.ts), analysed before it. */
const RECOUNTED_TABLES = ['prompts', 'likes', 'copies'] as const;

/**
 * SQLite: an append-only table the similarity rows are loaded into, moved
 * into similarity_bands (a WITHOUT ROWID table, whose key cannot be
 * dropped) in key order by buildIndexes, and dropped.
 */
const SIMILARITY_STAGE = 'similarity_bands_load';

/**
 * A rollback journal for the load: it holds only the pages the load changes
 * that existed before (almost none in a new file), while WAL writes all
 * 7 GB of a million prompts twice, once to the log and once at the
 * checkpoint. The transaction is atomic either way, and close() returns the
 * file to WAL, the mode the server runs in (db/connect.ts). SQLite refuses
 * the switch while another connection has the file open (a running server,
 * a test's handle): the load then stays in WAL.
 */
function rollbackJournalIfAlone(db: SqliteDatabase.Database): 'delete' | 'wal' {
  try {
    db.pragma('journal_mode = DELETE');
    return 'delete';
  } catch (error) {
    if (error instanceof SqliteDatabase.SqliteError && error.code === 'SQLITE_BUSY') return 'wal';
    throw error;
  }
}

/** Page cache for the load: the indexes of 1M-row tables stay in memory. */
const SQLITE_LOAD_CACHE_KIB = 512 * 1024;

export function sqliteWriter(path: string): BulkWriter {
  const db = new SqliteDatabase(path, { timeout: 5000 });
  // The word index reads its texts through pv_word_index_text and its vocabulary is keyed through pv_reversed
  // (refillStatements), as the app's connections do it.
  registerSqliteFunctions(db);
  const journal = rollbackJournalIfAlone(db);
  db.pragma(`cache_size = -${SQLITE_LOAD_CACHE_KIB}`);
  db.pragma('temp_store = MEMORY');
  // Kysely on this same connection, for the app's own statements (never destroyed: that would close the connection).
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: db }) });
  const promptInserter = bulkInserter<PromptRow>(db, 'prompts', [
    'id',
    'title',
    'prompt',
    'category',
    'model',
    'like_count',
    'copy_count',
    'comment_count',
    'created_at',
    'tag_list',
  ]);
  const promptTagInserter = bulkInserter<TagRow>(db, 'prompt_tags', ['tag', 'prompt_id', 'created_at']);
  let similarityBandInserter: ((rows: readonly SimilarityRow[]) => void) | undefined;
  const likeInserter = bulkInserter<EventRow>(db, 'likes', ['prompt_id', 'user_id', 'created_at']);
  const copyInserter = bulkInserter<EventRow>(db, 'copies', ['prompt_id', 'user_id', 'created_at']);
  const commentInserter = bulkInserter<CommentRow>(db, 'comments', ['id', 'prompt_id', 'text', 'author', 'created_at']);
  let summaryTriggers: { name: string; sql: string }[] = [];
  let deferred: { type: string; name: string; sql: string }[] = [];
  return {
    countPrompts: async () => (db.prepare('SELECT count(*) AS n FROM prompts').get() as { n: number }).n,
    begin: async () => void db.exec('BEGIN'),
    clear: async () => {
      for (const table of CLEAR_ORDER) db.exec(`DELETE FROM ${table}`);
    },
    insertPrompts: async (batch) => {
      promptInserter(batch.prompts);
      promptTagInserter(tagRows(batch));
      if (!similarityBandInserter) throw new Error('deferIndexes() stages the similarity rows: call it before inserting prompts');
      similarityBandInserter(similarityRows(batch));
    },
    insertLikes: async (rows) => likeInserter(rows),
    insertCopies: async (rows) => copyInserter(rows),
    insertComments: async (rows) => commentInserter(rows),
    endPrompts: async () => undefined,
    // SQLite cannot disable a trigger: they are dropped and created again from their own text.
    pauseSummaries: async () => {
      summaryTriggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'summaries%'").all() as {
        name: string;
        sql: string;
      }[];
      for (const trigger of summaryTriggers) db.exec(`DROP TRIGGER ${trigger.name}`);
    },
    deferIndexes: async () => {
      const tables = BULK_TABLES.map((table) => `'${table}'`).join(', ');
      // Autoindexes (primary keys, unique constraints) have no SQL and stay.
      deferred = db
        .prepare(
          `SELECT type, name, sql FROM sqlite_master
           WHERE (type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables})) OR (type = 'trigger' AND (${FULL_TEXT_TABLES.map((table) => `name GLOB '${table}_*'`).join(' OR ')}))`,
        )
        .all() as { type: string; name: string; sql: string }[];
      for (const entry of deferred) db.exec(`DROP ${entry.type.toUpperCase()} ${entry.name}`);
      db.exec(`CREATE TABLE ${SIMILARITY_STAGE} (band_key INTEGER NOT NULL, prompt_id TEXT NOT NULL)`);
      similarityBandInserter = bulkInserter<SimilarityRow>(db, SIMILARITY_STAGE, ['band_key', 'prompt_id']);
    },
    buildIndexes: async () => {
      db.exec(
        `INSERT INTO similarity_bands (band_key, prompt_id) SELECT band_key, prompt_id FROM ${SIMILARITY_STAGE} ORDER BY band_key, prompt_id`,
      );
      db.exec(`DROP TABLE ${SIMILARITY_STAGE}`);
      // The full-text indexes first: with the titles' index back, SQLite read the titles' refills through it, in
      // title order, and FTS5 writes out a segment whenever a rowid comes lower than the last, whatever its buffer.
      for (const table of FULL_TEXT_TABLES) {
        db.exec(hashSizeStatement(table, FULL_TEXT_BUILD_HASH_BYTES));
        for (const statement of refillStatements(table)) db.exec(statement);
        db.exec(hashSizeStatement(table, FULL_TEXT_DEFAULT_HASH_BYTES));
      }
      for (const entry of deferred) db.exec(entry.sql);
    },
    recountSummaries: async () => {
      for (const trigger of summaryTriggers) db.exec(trigger.sql);
      // As on PostgreSQL, the recount's plans need statistics of the rows just loaded, which SQLite's ANALYZE
      // reads inside the load's transaction too. At 1,000,000 prompts the recount took 100.1 s without them
      // and 25.6 s with them; analysing the three tables it reads took 7.3 s. The commit's ANALYZE does them
      // again with every other table (the summaries, the tags' counts, the full-text index's own tables).
      for (const table of RECOUNTED_TABLES) db.exec(`ANALYZE ${table}`);
      // Through Kysely on this same connection and transaction.
      await recountSummariesInTransaction(kysely);
    },
    commit: async () => {
      for (const statement of COUNT_TAGS) db.exec(statement);
      db.exec('COMMIT');
      // One merged FTS b-tree instead of the segments a refill larger than FTS5's buffer leaves: a search reads
      // every segment (13 ms -> 2 ms a search, once, after 100k trigger inserts). Above level 0, where the first
      // new prompts' segments would begin a merge of it all (decision 0033).
      for (const table of FULL_TEXT_TABLES) await mergeAboveLevelZero(kysely, table);
      // Fresh statistics let the planner pick the search and sort indexes; none sampled of the full-text
      // indexes' own tables, with which SQLite prepared FTS5's lookups again for every term.
      db.exec('ANALYZE');
      await dropFullTextSamples(kysely);
      if (journal === 'wal') db.pragma('wal_checkpoint(TRUNCATE)');
    },
    close: async () => {
      if (journal === 'delete') db.pragma('journal_mode = WAL');
      db.close();
    },
  };
}

function column<T, K extends keyof T>(rows: T[], key: K): T[K][] {
  return rows.map((row) => row[key]);
}

/** PostgreSQL: the bulk tables the load's own transaction fills (prompt_search is filled beside it: StagedSearchCopy). */
const POSTGRES_LOADED_TABLES = BULK_TABLES.filter((table) => table !== 'prompt_search');

export async function postgresWriter(url: string, schema?: string): Promise<BulkWriter> {
  const client = postgresClient(url, schema);
  await client.connect();
  let searchCopy: StagedSearchCopy | undefined;
  const begunSearchCopy = () => {
    if (!searchCopy) throw new Error('The load has not begun');
    return searchCopy;
  };
  let pausedTriggers: { table_name: string; trigger_name: string }[] = [];
  let deferred: { drop: string; create: string | null }[] = [];
  const setPausedTriggers = async (action: 'ENABLE' | 'DISABLE') => {
    for (const trigger of pausedTriggers) await client.query(`ALTER TABLE ${trigger.table_name} ${action} TRIGGER ${trigger.trigger_name}`);
  };
  return {
    countPrompts: async () => {
      const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM prompts');
      return Number(result.rows[0]?.n ?? 0);
    },
    begin: async () => {
      searchCopy = await StagedSearchCopy.prepare(url, schema);
      await client.query('BEGIN');
    },
    // Not prompt_search: its old rows stay until swapIn drops it (and stay if the load rolls back).
    clear: async () => void (await client.query(`TRUNCATE ${CLEAR_ORDER.join(', ')} CASCADE`)),
    insertPrompts: async (batch) => {
      const rows = batch.prompts;
      const copied = begunSearchCopy().insert(rows);
      // Awaited below, after this connection's inserts; this only keeps a failure from counting as unhandled meanwhile.
      copied.catch(() => undefined);
      await client.query(
        `INSERT INTO prompts (id, title, prompt, category, model, like_count, copy_count, comment_count, created_at, tag_list)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::text[], $10::text[])`,
        [
          column(rows, 'id'),
          column(rows, 'title'),
          column(rows, 'prompt'),
          column(rows, 'category'),
          column(rows, 'model'),
          column(rows, 'like_count'),
          column(rows, 'copy_count'),
          column(rows, 'comment_count'),
          column(rows, 'created_at'),
          column(rows, 'tag_list'),
        ],
      );
      const tags = tagRows(batch);
      await client.query('INSERT INTO prompt_tags (tag, prompt_id, created_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])', [
        column(tags, 'tag'),
        column(tags, 'prompt_id'),
        column(tags, 'created_at'),
      ]);
      const bands = similarityRows(batch);
      await client.query('INSERT INTO similarity_bands (band_key, prompt_id) SELECT * FROM unnest($1::bigint[], $2::text[])', [
        column(bands, 'band_key'),
        column(bands, 'prompt_id'),
      ]);
      await copied;
    },
    insertLikes: async (rows) => {
      await client.query('INSERT INTO likes (prompt_id, user_id, created_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])', [
        column(rows, 'prompt_id'),
        column(rows, 'user_id'),
        column(rows, 'created_at'),
      ]);
    },
    insertCopies: async (rows) => {
      await client.query('INSERT INTO copies (prompt_id, user_id, created_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])', [
        column(rows, 'prompt_id'),
        column(rows, 'user_id'),
        column(rows, 'created_at'),
      ]);
    },
    insertComments: async (rows) => {
      await client.query(
        'INSERT INTO comments (id, prompt_id, text, author, created_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])',
        [column(rows, 'id'), column(rows, 'prompt_id'), column(rows, 'text'), column(rows, 'author'), column(rows, 'created_at')],
      );
    },
    endPrompts: async () => begunSearchCopy().startBuilds(),
    pauseSummaries: async () => {
      // With them the trigger that copies each prompt into prompt_search: the staged copy holds them.
      const triggers = await client.query<{ table_name: string; trigger_name: string }>(
        `SELECT c.relname AS table_name, t.tgname AS trigger_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE c.relnamespace = current_schema()::regnamespace
           AND (t.tgname LIKE 'summaries%' OR t.tgname IN ('search_words_after_write', 'prompt_search_after_write'))`,
      );
      pausedTriggers = triggers.rows;
      await setPausedTriggers('DISABLE');
    },
    deferIndexes: async () => {
      // Foreign keys (a per-row check each, validated in one join when
      // added back), primary keys (the similarity rows' key takes batches
      // spread over its whole range) and plain indexes. Dropped in that
      // order, created in the reverse one. prompt_search's foreign key is
      // dropped, for the prompts' key to go, but not created again: swapIn
      // replaces the whole table, and adds it to the copy.
      const found = await client.query<{ drop: string; create: string | null }>(
        `SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', k.conrelid::regclass, k.conname) AS drop,
                CASE WHEN c.relname <> 'prompt_search'
                     THEN format('ALTER TABLE %s ADD CONSTRAINT %I %s', k.conrelid::regclass, k.conname, pg_get_constraintdef(k.oid))
                END AS create,
                CASE k.contype WHEN 'f' THEN 0 ELSE 1 END AS step
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
         WHERE k.contype IN ('f', 'p', 'u') AND c.relnamespace = current_schema()::regnamespace
           AND (c.relname = ANY($1) OR (c.relname = 'prompt_search' AND k.contype = 'f'))
         UNION ALL
         SELECT format('DROP INDEX %s', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid) || ${INDEX_STATISTICS_SQL}, 2
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
         ORDER BY step`,
        [POSTGRES_LOADED_TABLES],
      );
      deferred = found.rows;
      for (const entry of deferred) await client.query(entry.drop);
    },
    buildIndexes: async () => {
      await client.query(LOAD_MAINTENANCE_WORK_MEM);
      for (const { create } of [...deferred].reverse()) if (create) await client.query(create);
      // After the prompts' key, which the copy's foreign key refers to.
      await begunSearchCopy().swapIn(client);
    },
    recountSummaries: async () => {
      await setPausedTriggers('ENABLE');
      // The recount's plans need statistics of the rows just loaded; ANALYZE, unlike VACUUM, runs inside
      // the load's transaction and samples its own uncommitted rows. A new database has none otherwise: at
      // 1,000,000 prompts the recount took 273.6 s without them, 50.0 s after a 1.7 s ANALYZE.
      await client.query(`ANALYZE ${BULK_TABLES.join(', ')}`);
      await recountSummariesInTransaction(new Kysely<Database>({ dialect: new PostgresDialect({ pool: singleClientPool(client) }) }));
    },
    commit: async () => {
      for (const statement of COUNT_TAGS) await client.query(statement);
      await client.query('COMMIT');
      // VACUUM also moves the rows a bulk load leaves in the GIN indexes'
      // pending list (read linearly by every search) into the index proper:
      // a search went from 82 ms to 14 ms. ANALYZE gives the planner statistics.
      await client.query(
        'VACUUM ANALYZE prompts, prompt_search, search_words, likes, copies, comments, prompt_tags, tags, similarity_bands',
      );
    },
    close: async () => {
      // The load's connection first: a failed swap holds the staged table's lock until its transaction ends.
      await client.end();
      await searchCopy?.close();
    },
  };
}

/** Kysely's pool interface over the one client that holds the load's transaction. */
function singleClientPool(client: pg.Client): PostgresPool {
  const borrowed: PostgresPoolClient = {
    query: client.query.bind(client) as PostgresPoolClient['query'],
    release: () => undefined,
  };
  return { connect: async () => borrowed, end: async () => undefined, options: {} };
}

export async function openWriter(database: DatabaseUrl, schema?: string): Promise<BulkWriter> {
  return database.kind === 'sqlite' ? sqliteWriter(database.path) : postgresWriter(database.url, schema);
}
