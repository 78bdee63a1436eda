import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

interface BackfillRow {
  id: string;
  title: string;
  prompt: string;
}

/**
 * The duplicate key as this migration defined it (db/duplicate-key.ts holds
 * the live definition, equal to this one today). A migration is history: it
 * must compute the same keys in every database it ever runs on, so it keeps
 * its own copy instead of following later changes of the live code; a change
 * of the key's definition comes with a migration that recomputes the keys.
 */
function duplicateKeyAt0003(title: string, prompt: string): string {
  const normalise = (text: string) => text.normalize('NFC').trim().toLowerCase().replace(/\s+/gu, ' ');
  return createHash('sha256')
    .update(JSON.stringify([normalise(title), normalise(prompt)]), 'utf8')
    .digest('hex');
}

// Rows are keyed in batches so a large library never sits in memory at once.
const BACKFILL_BATCH = 1000;

/**
 * Abuse controls: a duplicate key per prompt (unique, nullable so rows written
 * by older code or an importer that leaves it out still insert) and the
 * visitors' reports. Written once for both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('prompts').addColumn('duplicate_key', 'varchar(64)').execute();

  // Existing prompts get their key; where duplicates already exist, the first
  // in id order keeps it and the others NULL (all stay readable; only new
  // submissions are refused).
  const seen = new Set<string>();
  let after = '';
  for (;;) {
    const { rows } = await sql<BackfillRow>`
      select id, title, prompt from prompts where id > ${after} order by id limit ${BACKFILL_BATCH}
    `.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const key = duplicateKeyAt0003(row.title, row.prompt);
      if (seen.has(key)) continue;
      seen.add(key);
      await sql`update prompts set duplicate_key = ${key} where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  await db.schema.createIndex('prompts_duplicate_key_idx').on('prompts').column('duplicate_key').unique().execute();

  // One report per visitor and target: a repeat is accepted and counted once.
  await db.schema
    .createTable('reports')
    .addColumn('target_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('target_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('reason', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('reports_pk', ['target_type', 'target_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reports_created_idx').on('reports').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reports').execute();
  await db.schema.dropIndex('prompts_duplicate_key_idx').execute();
  await db.schema.alterTable('prompts').dropColumn('duplicate_key').execute();
}
