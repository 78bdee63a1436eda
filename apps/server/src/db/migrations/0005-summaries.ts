import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Summaries kept with the writes (issue 21, decision 0010): small tables that
 * hold what facets, analytics and the list's total used to aggregate over
 * every prompt, like and copy, so those reads cost the same at a thousand
 * prompts and at a million.
 *
 * - `summary_totals`: visible prompts, and the likes and copies of visible
 *   prompts, spread over shard rows (summed on read);
 * - `summary_days`: the same per UTC day (the day of the prompt's, like's or
 *   copy's `created_at`), also per shard;
 * - `summary_facets`: visible prompts per category and per model;
 * - `summary_keywords`: how often each title word (packages/shared/src/keywords.ts)
 *   occurs in visible titles. The word rule needs Unicode classes neither
 *   database's SQL has on both sides, so the application keeps this one
 *   (db/summaries.ts), in the transaction of the insert or status change.
 *
 * The others are kept by triggers on prompts, likes and copies, so every
 * writer (the API, the CLIs, a test writing rows directly) keeps them exact
 * in the same transaction. On PostgreSQL the likes and copies triggers are
 * per statement (a batch of 500 copies is one update per summary row, not
 * 500), and each transaction writes the shard `txid % 16`: thousands of likes
 * and copies a second then spread over 16 rows instead of queueing on one
 * row lock, and a transaction only ever locks one shard, taking the totals
 * row first, then days in order, then facets in order, so two writers never
 * wait for each other in a cycle. SQLite has one writer at a time: shard 0,
 * row triggers.
 *
 * The existing library is counted once here. The counting is this
 * migration's own copy (a migration is history); db/summaries.ts holds the
 * live one the generator uses after a bulk load.
 */

/** The title words as this migration counts them: packages/shared/src/keywords.ts `titleWords` when it was written. */
const KEYWORD_MIN_LENGTH = 4;
const KEYWORD_STOP_WORDS = new Set(['with', 'that', 'this', 'from', 'have', 'will', 'what', 'about', 'your', 'which']);
function titleWordsAt0005(title: string): string[] {
  return title
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter((word) => Array.from(word).length >= KEYWORD_MIN_LENGTH && !KEYWORD_STOP_WORDS.has(word));
}

const SHARDS = 16;
const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('summary_totals')
    .addColumn('shard', 'integer', (col) => col.primaryKey())
    .addColumn('prompts', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('likes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('copies', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('summary_days')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('shard', 'integer', (col) => col.notNull())
    .addColumn('prompts', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('likes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('copies', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('summary_days_pk', ['day', 'shard'])
    .execute();
  await db.schema
    .createTable('summary_facets')
    .addColumn('field', 'varchar(16)', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prompts', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('summary_facets_pk', ['field', 'name'])
    .execute();
  await db.schema
    .createTable('summary_keywords')
    .addColumn('word', 'text', (col) => col.primaryKey())
    .addColumn('uses', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  // The popular keywords are the top of this index.
  await db.schema.createIndex('summary_keywords_uses_idx').on('summary_keywords').column('uses').execute();

  if (dialectOf(db) === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await countOnce(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const visible = (id: string) => `(SELECT status FROM prompts WHERE id = ${id}) = 'visible'`;
  const event = (column: 'likes' | 'copies', row: 'NEW' | 'OLD', step: 1 | -1) => `
      INSERT INTO summary_totals (shard, ${column}) VALUES (0, ${step})
        ON CONFLICT (shard) DO UPDATE SET ${column} = ${column} + excluded.${column};
      INSERT INTO summary_days (day, shard, ${column}) VALUES (substr(${row}.created_at, 1, 10), 0, ${step})
        ON CONFLICT (day, shard) DO UPDATE SET ${column} = ${column} + excluded.${column};`;
  const statements = [
    `CREATE TRIGGER summaries_like_added AFTER INSERT ON likes WHEN ${visible('NEW.prompt_id')} BEGIN ${event('likes', 'NEW', 1)} END`,
    `CREATE TRIGGER summaries_like_removed AFTER DELETE ON likes WHEN ${visible('OLD.prompt_id')} BEGIN ${event('likes', 'OLD', -1)} END`,
    `CREATE TRIGGER summaries_copy_added AFTER INSERT ON copies WHEN ${visible('NEW.prompt_id')} BEGIN ${event('copies', 'NEW', 1)} END`,
    `CREATE TRIGGER summaries_prompt_added AFTER INSERT ON prompts WHEN NEW.status = 'visible' BEGIN
      INSERT INTO summary_totals (shard, prompts) VALUES (0, 1)
        ON CONFLICT (shard) DO UPDATE SET prompts = prompts + 1;
      INSERT INTO summary_days (day, shard, prompts) VALUES (substr(NEW.created_at, 1, 10), 0, 1)
        ON CONFLICT (day, shard) DO UPDATE SET prompts = prompts + 1;
      INSERT INTO summary_facets (field, name, prompts) VALUES ('category', NEW.category, 1), ('model', NEW.model, 1)
        ON CONFLICT (field, name) DO UPDATE SET prompts = prompts + 1;
    END`,
    // A prompt's own contribution leaves with its old values and comes back
    // with its new ones; its likes and copies move only with its visibility.
    `CREATE TRIGGER summaries_prompt_changed AFTER UPDATE OF status, category, model, created_at ON prompts
    WHEN OLD.status IS NOT NEW.status OR OLD.category IS NOT NEW.category OR OLD.model IS NOT NEW.model
      OR OLD.created_at IS NOT NEW.created_at
    BEGIN
      INSERT INTO summary_totals (shard, prompts, likes, copies)
        SELECT 0, step, step * (SELECT count(*) FROM likes WHERE prompt_id = NEW.id),
          step * (SELECT count(*) FROM copies WHERE prompt_id = NEW.id)
        FROM (SELECT (NEW.status = 'visible') - (OLD.status = 'visible') AS step) WHERE step <> 0
        ON CONFLICT (shard) DO UPDATE SET prompts = prompts + excluded.prompts, likes = likes + excluded.likes,
          copies = copies + excluded.copies;
      INSERT INTO summary_days (day, shard, prompts, likes, copies)
        SELECT day, 0, sum(p), sum(l), sum(c) FROM (
          SELECT substr(OLD.created_at, 1, 10) AS day, -(OLD.status = 'visible') AS p, 0 AS l, 0 AS c
          UNION ALL SELECT substr(NEW.created_at, 1, 10), (NEW.status = 'visible'), 0, 0
          UNION ALL SELECT substr(created_at, 1, 10), 0, (NEW.status = 'visible') - (OLD.status = 'visible'), 0
            FROM likes WHERE prompt_id = NEW.id AND OLD.status IS NOT NEW.status
          UNION ALL SELECT substr(created_at, 1, 10), 0, 0, (NEW.status = 'visible') - (OLD.status = 'visible')
            FROM copies WHERE prompt_id = NEW.id AND OLD.status IS NOT NEW.status
        ) WHERE true GROUP BY day HAVING sum(p) <> 0 OR sum(l) <> 0 OR sum(c) <> 0
        ON CONFLICT (day, shard) DO UPDATE SET prompts = prompts + excluded.prompts, likes = likes + excluded.likes,
          copies = copies + excluded.copies;
      INSERT INTO summary_facets (field, name, prompts)
        SELECT field, name, sum(step) FROM (
          SELECT 'category' AS field, OLD.category AS name, -(OLD.status = 'visible') AS step
          UNION ALL SELECT 'category', NEW.category, (NEW.status = 'visible')
          UNION ALL SELECT 'model', OLD.model, -(OLD.status = 'visible')
          UNION ALL SELECT 'model', NEW.model, (NEW.status = 'visible')
        ) WHERE true GROUP BY field, name HAVING sum(step) <> 0
        ON CONFLICT (field, name) DO UPDATE SET prompts = prompts + excluded.prompts;
    END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const shard = `(txid_current() % ${SHARDS})::int`;
  /** Likes or copies of visible prompts in a transition table, added with `step`. */
  const events = (column: 'likes' | 'copies', table: string, step: 1 | -1) => `
    INSERT INTO summary_totals AS t (shard, ${column})
      SELECT ${shard}, ${step} * count(*) FROM ${table} e JOIN prompts p ON p.id = e.prompt_id AND p.status = 'visible'
      HAVING count(*) > 0
      ON CONFLICT (shard) DO UPDATE SET ${column} = t.${column} + excluded.${column};
    INSERT INTO summary_days AS d (day, shard, ${column})
      SELECT substr(e.created_at, 1, 10), ${shard}, ${step} * count(*)
      FROM ${table} e JOIN prompts p ON p.id = e.prompt_id AND p.status = 'visible'
      GROUP BY 1 ORDER BY 1
      ON CONFLICT (day, shard) DO UPDATE SET ${column} = d.${column} + excluded.${column};`;
  const functions: Record<string, string> = {
    summaries_likes_added: events('likes', 'added', 1),
    summaries_likes_removed: events('likes', 'removed', -1),
    summaries_copies_added: events('copies', 'added', 1),
    summaries_prompts_added: `
      INSERT INTO summary_totals AS t (shard, prompts)
        SELECT ${shard}, count(*) FROM added WHERE status = 'visible' HAVING count(*) > 0
        ON CONFLICT (shard) DO UPDATE SET prompts = t.prompts + excluded.prompts;
      INSERT INTO summary_days AS d (day, shard, prompts)
        SELECT substr(created_at, 1, 10), ${shard}, count(*) FROM added WHERE status = 'visible' GROUP BY 1 ORDER BY 1
        ON CONFLICT (day, shard) DO UPDATE SET prompts = d.prompts + excluded.prompts;
      INSERT INTO summary_facets AS f (field, name, prompts)
        SELECT field, name, count(*) FROM (
          SELECT 'category' AS field, category AS name FROM added WHERE status = 'visible'
          UNION ALL SELECT 'model', model FROM added WHERE status = 'visible'
        ) v GROUP BY field, name ORDER BY field, name
        ON CONFLICT (field, name) DO UPDATE SET prompts = f.prompts + excluded.prompts;`,
    summaries_prompt_changed: `
      INSERT INTO summary_totals AS t (shard, prompts, likes, copies)
        SELECT ${shard}, step, step * (SELECT count(*) FROM likes WHERE prompt_id = NEW.id),
          step * (SELECT count(*) FROM copies WHERE prompt_id = NEW.id)
        FROM (SELECT (NEW.status = 'visible')::int - (OLD.status = 'visible')::int AS step) s WHERE step <> 0
        ON CONFLICT (shard) DO UPDATE SET prompts = t.prompts + excluded.prompts, likes = t.likes + excluded.likes,
          copies = t.copies + excluded.copies;
      INSERT INTO summary_days AS d (day, shard, prompts, likes, copies)
        SELECT day, ${shard}, sum(p), sum(l), sum(c) FROM (
          SELECT substr(OLD.created_at, 1, 10) AS day, -(OLD.status = 'visible')::int AS p, 0 AS l, 0 AS c
          UNION ALL SELECT substr(NEW.created_at, 1, 10), (NEW.status = 'visible')::int, 0, 0
          UNION ALL SELECT substr(created_at, 1, 10), 0, (NEW.status = 'visible')::int - (OLD.status = 'visible')::int, 0
            FROM likes WHERE prompt_id = NEW.id AND OLD.status IS DISTINCT FROM NEW.status
          UNION ALL SELECT substr(created_at, 1, 10), 0, 0, (NEW.status = 'visible')::int - (OLD.status = 'visible')::int
            FROM copies WHERE prompt_id = NEW.id AND OLD.status IS DISTINCT FROM NEW.status
        ) e GROUP BY day HAVING sum(p) <> 0 OR sum(l) <> 0 OR sum(c) <> 0 ORDER BY day
        ON CONFLICT (day, shard) DO UPDATE SET prompts = d.prompts + excluded.prompts, likes = d.likes + excluded.likes,
          copies = d.copies + excluded.copies;
      INSERT INTO summary_facets AS f (field, name, prompts)
        SELECT field, name, sum(step) FROM (
          SELECT 'category' AS field, OLD.category AS name, -(OLD.status = 'visible')::int AS step
          UNION ALL SELECT 'category', NEW.category, (NEW.status = 'visible')::int
          UNION ALL SELECT 'model', OLD.model, -(OLD.status = 'visible')::int
          UNION ALL SELECT 'model', NEW.model, (NEW.status = 'visible')::int
        ) v GROUP BY field, name HAVING sum(step) <> 0 ORDER BY field, name
        ON CONFLICT (field, name) DO UPDATE SET prompts = f.prompts + excluded.prompts;`,
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN ${body} RETURN NULL; END $body$`).execute(db);
  }
  const triggers = [
    'CREATE TRIGGER summaries_likes_added AFTER INSERT ON likes REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION summaries_likes_added()',
    'CREATE TRIGGER summaries_likes_removed AFTER DELETE ON likes REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION summaries_likes_removed()',
    'CREATE TRIGGER summaries_copies_added AFTER INSERT ON copies REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION summaries_copies_added()',
    'CREATE TRIGGER summaries_prompts_added AFTER INSERT ON prompts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION summaries_prompts_added()',
    // Per row, and only when a summarised column changed: the like and copy
    // counters move on every click and must not pay for a function call.
    `CREATE TRIGGER summaries_prompt_changed AFTER UPDATE ON prompts FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.category IS DISTINCT FROM NEW.category
        OR OLD.model IS DISTINCT FROM NEW.model OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION summaries_prompt_changed()`,
  ];
  for (const statement of triggers) await sql.raw(statement).execute(db);
}

/** Counts the existing library into the summaries (shard 0). */
async function countOnce(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO summary_totals (shard, prompts, likes, copies) SELECT 0,
      (SELECT count(*) FROM prompts WHERE status = 'visible'),
      (SELECT count(*) FROM likes e JOIN prompts p ON p.id = e.prompt_id AND p.status = 'visible'),
      (SELECT count(*) FROM copies e JOIN prompts p ON p.id = e.prompt_id AND p.status = 'visible')`.execute(db);
  await sql`
    INSERT INTO summary_days (day, shard, prompts, likes, copies)
    SELECT day, 0, sum(p), sum(l), sum(c) FROM (
      SELECT substr(created_at, 1, 10) AS day, 1 AS p, 0 AS l, 0 AS c FROM prompts WHERE status = 'visible'
      UNION ALL SELECT substr(e.created_at, 1, 10), 0, 1, 0 FROM likes e JOIN prompts p ON p.id = e.prompt_id AND p.status = 'visible'
      UNION ALL SELECT substr(e.created_at, 1, 10), 0, 0, 1 FROM copies e JOIN prompts p ON p.id = e.prompt_id AND p.status = 'visible'
    ) events GROUP BY day`.execute(db);
  await sql`
    INSERT INTO summary_facets (field, name, prompts)
    SELECT 'category', category, count(*) FROM prompts WHERE status = 'visible' GROUP BY category
    UNION ALL SELECT 'model', model, count(*) FROM prompts WHERE status = 'visible' GROUP BY model`.execute(db);

  const uses = new Map<string, number>();
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; title: string }>`
      SELECT id, title FROM prompts WHERE status = 'visible' AND id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) for (const word of titleWordsAt0005(row.title)) uses.set(word, (uses.get(word) ?? 0) + 1);
    after = rows[rows.length - 1]?.id ?? after;
  }
  const entries = [...uses];
  for (let start = 0; start < entries.length; start += BATCH) {
    const values = entries.slice(start, start + BATCH).map(([word, count]) => sql`(${word}, ${count})`);
    await sql`INSERT INTO summary_keywords (word, uses) VALUES ${sql.join(values)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const name of [
      'summaries_likes_added',
      'summaries_likes_removed',
      'summaries_copies_added',
      'summaries_prompts_added',
      'summaries_prompt_changed',
    ]) {
      await sql.raw(`DROP FUNCTION ${name}() CASCADE`).execute(db);
    }
  } else {
    for (const name of [
      'summaries_like_added',
      'summaries_like_removed',
      'summaries_copy_added',
      'summaries_prompt_added',
      'summaries_prompt_changed',
    ]) {
      await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    }
  }
  for (const table of ['summary_keywords', 'summary_facets', 'summary_days', 'summary_totals']) await db.schema.dropTable(table).execute();
}
