import type { DatabaseUrl } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { openWriter } from './bulk-writer';
import { Dataset, type DatasetSize } from './dataset';
import { PromptBatchesThread } from './prompt-batches-thread';

export interface GenerateRequest {
  readonly database: DatabaseUrl;
  /** PostgreSQL only: the schema to fill (tests use a fresh one). */
  readonly schema?: string;
  readonly size: DatasetSize;
  readonly seed: number;
  readonly now: Date;
  /** Replace the prompts already in the database instead of refusing. */
  readonly force: boolean;
  /** Called after every batch with the rows written so far and the table being filled (or the step after the rows). */
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
 * Inserts each batch while the next one is generated: PostgreSQL writes a
 * batch in its own process while this one draws the next (on SQLite, whose
 * inserts run in this thread, it is the same as one after the other, unless
 * the batches are drawn in a thread of their own, as the prompts are).
 * `rowsIn` gives a batch's rows of `table`, for the progress.
 */
async function writeBatches<T>(
  table: string,
  batches: Iterable<T> | AsyncIterable<T>,
  insert: (batch: T) => Promise<void>,
  rowsIn: (batch: T) => number,
  report: (rows: number, table: string) => void,
): Promise<void> {
  report(0, table);
  let pending: Promise<number> | undefined;
  for await (const batch of batches) {
    const written = insert(batch).then(() => rowsIn(batch));
    // Awaited below; this only keeps a failure from counting as unhandled while the next batch is drawn.
    written.catch(() => undefined);
    if (pending) report(await pending, table);
    pending = written;
  }
  if (pending) report(await pending, table);
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
  let promptThread: PromptBatchesThread | undefined;
  try {
    const existing = await writer.countPrompts();
    if (existing > 0 && !request.force) throw new DatabaseNotEmptyError(existing);
    const options = { ...request.size, seed: request.seed, now: request.now };
    // Plans its own copy of the dataset meanwhile (the same from the same options).
    promptThread = new PromptBatchesThread(options, BATCH_SIZE);
    const dataset = new Dataset(options);
    let written = 0;
    const report = (rows: number, table: string) => {
      written += rows;
      request.onProgress?.(written, table);
    };
    await writer.begin();
    // The summaries are counted once at the end instead of by every row's trigger.
    await writer.pauseSummaries();
    await writer.deferIndexes();
    if (existing > 0) await writer.clear();
    const rowCount = (rows: unknown[]) => rows.length;
    await writeBatches(
      'prompts',
      promptThread.batches(),
      (batch) => writer.insertPrompts(batch),
      (batch) => batch.prompts.length,
      report,
    );
    await writer.endPrompts();
    await writeBatches('likes', dataset.likes(BATCH_SIZE), (rows) => writer.insertLikes(rows), rowCount, report);
    await writeBatches('copies', dataset.copies(BATCH_SIZE), (rows) => writer.insertCopies(rows), rowCount, report);
    await writeBatches('comments', dataset.comments(BATCH_SIZE), (rows) => writer.insertComments(rows), rowCount, report);
    report(0, 'indexes');
    await writer.buildIndexes();
    report(0, 'summaries');
    await writer.recountSummaries();
    report(0, 'commit and optimise');
    await writer.commit();
  } finally {
    await promptThread?.close();
    await writer.close();
  }
}
