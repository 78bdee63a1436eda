import type { DatabaseUrl } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { openWriter } from './bulk-writer';
import { Dataset, type DatasetSize } from './dataset';

export interface GenerateRequest {
  readonly database: DatabaseUrl;
  /** PostgreSQL only: the schema to fill (tests use a fresh one). */
  readonly schema?: string;
  readonly size: DatasetSize;
  readonly seed: number;
  readonly now: Date;
  /** Replace the prompts already in the database instead of refusing. */
  readonly force: boolean;
  /** Called after every batch with the rows written so far and the table being filled. */
  readonly onProgress?: (rowsWritten: number, table: string) => void;
}

export class DatabaseNotEmptyError extends Error {
  constructor(readonly existing: number) {
    super(
      `The database already holds ${existing.toLocaleString('en')} prompts. ` +
        'Point --database at an empty database, or pass --force to replace every prompt, like, copy and comment in it.',
    );
  }
}

const BATCH_SIZE = 10_000;

export function totalRows(size: DatasetSize): number {
  return size.prompts + size.likes + size.copies + size.comments;
}

/**
 * Migrates the database, then fills it with a generated dataset in one
 * transaction, so an interrupted run leaves nothing half-written.
 */
export async function generateDatabase(request: GenerateRequest): Promise<void> {
  const handle = connectDatabase(request.database, { schema: request.schema, readThreads: 0 });
  try {
    await migrateToLatest(handle.db, request.schema);
  } finally {
    await handle.close();
  }

  const writer = await openWriter(request.database, request.schema);
  try {
    const existing = await writer.countPrompts();
    if (existing > 0 && !request.force) throw new DatabaseNotEmptyError(existing);
    const dataset = new Dataset({ ...request.size, seed: request.seed, now: request.now });
    let written = 0;
    const report = (rows: number, table: string) => {
      written += rows;
      request.onProgress?.(written, table);
    };
    await writer.begin();
    // The summaries are counted once at the end instead of by every row's trigger.
    await writer.pauseSummaries();
    if (existing > 0) await writer.clear();
    for (const batch of dataset.prompts(BATCH_SIZE)) {
      await writer.insertPrompts(batch);
      report(batch.length, 'prompts');
    }
    for (const batch of dataset.likes(BATCH_SIZE)) {
      await writer.insertLikes(batch);
      report(batch.length, 'likes');
    }
    for (const batch of dataset.copies(BATCH_SIZE)) {
      await writer.insertCopies(batch);
      report(batch.length, 'copies');
    }
    for (const batch of dataset.comments(BATCH_SIZE)) {
      await writer.insertComments(batch);
      report(batch.length, 'comments');
    }
    await writer.recountSummaries();
    await writer.commit();
  } finally {
    await writer.close();
  }
}
