import { PROMPT_LIMITS, type PromptField } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { promptInputSchema } from '@prompt-vault/shared/schemas';
import { charLength } from '@prompt-vault/shared/text';
import type { Kysely } from 'kysely';
import { newId, nowIso } from '../src/db/ids';
import type { Database, NewPrompt } from '../src/db/schema';
import { findTitleTexts, insertPromptsIfAbsent, titleTextKey } from '../src/prompts/insert-repository';
import { toTagList } from '../src/tags/stored-tags';
import type { SourceRecord } from './read-records';

/** Every reason a row can be skipped, in the order the summary lists them. */
export const SKIP_REASONS = [
  'blank field',
  'title too long',
  'prompt too long',
  'category too long',
  'model too long',
  'invalid createdAt',
  'invalid tags',
  'duplicate in file',
  'already in library',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const TOO_LONG: Record<PromptField, SkipReason> = {
  title: 'title too long',
  prompt: 'prompt too long',
  category: 'category too long',
  model: 'model too long',
};

export interface SkippedRow {
  readonly location: string;
  /** Every rule the row breaks, so one pass over the report finds them all. */
  readonly problems: readonly { readonly reason: SkipReason; readonly detail: string }[];
}

export interface ImportSummary {
  readonly dryRun: boolean;
  readonly read: number;
  /** Added, or in a dry run: would be added. */
  readonly added: number;
  readonly skipped: readonly SkippedRow[];
  /** Rows per reason; a row breaking two rules counts under both. */
  readonly byReason: Readonly<Record<SkipReason, number>>;
}

export interface ImportOptions {
  readonly dryRun?: boolean;
  /** Replace every row's category / model (e.g. for a source without them). */
  readonly category?: string;
  readonly model?: string;
  /** Rows per transaction. */
  readonly batchSize?: number;
  /** Start of the import: rows without a createdAt are dated just before it. */
  readonly now?: Date;
  /** Called with the number of rows handled so far. */
  readonly onProgress?: (done: number) => void;
}

export const DEFAULT_BATCH_SIZE = 250;

interface Candidate {
  readonly index: number;
  readonly location: string;
  readonly row: NewPrompt;
}

type Problem = SkippedRow['problems'][number];

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A timestamp exactly as the database stores it (fixed-width ISO-8601 UTC). */
function isStoredTimestamp(value: string): boolean {
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && nowIso(date) === value;
}

/**
 * Checks one record against the same zod schema the API uses, so the
 * importer can never accept what the share form would refuse. Nothing is
 * ever cut to fit: a row over a limit is reported, not truncated.
 */
function check(record: SourceRecord, options: ImportOptions): { input?: NewPrompt; problems: Problem[] } {
  const fields = {
    title: text(record.title),
    prompt: text(record.prompt),
    category: options.category ?? text(record.category),
    model: options.model ?? text(record.model),
    tags: record.tags,
  };
  const problems: Problem[] = [];
  const result = promptInputSchema.safeParse(fields);
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const name = issue.path[0];
      if (name === 'tags') {
        // The API's own message: which tag, and the rule it breaks.
        problems.push({ reason: 'invalid tags', detail: `invalid tags (${issue.message})` });
        continue;
      }
      const field = name as PromptField;
      if (seen.has(field)) continue;
      seen.add(field);
      const limit = PROMPT_LIMITS[field];
      if (issue.message === MESSAGES.submit.exceedsLimit(limit)) {
        const length = charLength(fields[field].trim());
        problems.push({ reason: TOO_LONG[field], detail: `${field} too long (${length}/${limit} characters)` });
      } else {
        problems.push({ reason: 'blank field', detail: `blank field (${field})` });
      }
    }
  }
  const createdAt = record.createdAt;
  if (createdAt !== undefined && !(typeof createdAt === 'string' && isStoredTimestamp(createdAt))) {
    problems.push({
      reason: 'invalid createdAt',
      detail: `invalid createdAt (${JSON.stringify(createdAt)}; expected an ISO-8601 UTC time like 2025-01-31T12:00:00.000Z)`,
    });
  }
  if (!result.success || problems.length > 0) return { problems };
  return {
    problems,
    input: {
      id: newId(),
      title: result.data.title,
      prompt: result.data.prompt,
      category: result.data.category,
      model: result.data.model,
      created_at: typeof createdAt === 'string' ? createdAt : '',
      tag_list: toTagList(result.data.tags ?? []),
    },
  };
}

/**
 * Imports records: rows breaking a rule, repeating an earlier row of the file
 * or already in the library (same title and text) are skipped and reported;
 * the rest are inserted in batches, one transaction each. Running it twice on
 * the same file adds nothing the second time.
 */
export async function importPrompts(
  db: Kysely<Database>,
  records: readonly SourceRecord[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const now = (options.now ?? new Date()).getTime();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const skipped = new Map<number, SkippedRow>();
  const candidates: Candidate[] = [];
  const firstSeen = new Map<string, string>();

  for (const [index, record] of records.entries()) {
    const { input, problems } = check(record, options);
    if (!input) {
      skipped.set(index, { location: record.location, problems });
      continue;
    }
    const key = titleTextKey(input);
    const earlier = firstSeen.get(key);
    if (earlier !== undefined) {
      skipped.set(index, {
        location: record.location,
        problems: [
          { reason: 'duplicate in file', detail: `duplicate in file (same title and text as ${earlier}, ignoring case and spacing)` },
        ],
      });
      continue;
    }
    firstSeen.set(key, record.location);
    // Undated rows keep the file's order under "newest first": each is a
    // millisecond older than the row before it.
    const row = input.created_at === '' ? { ...input, created_at: nowIso(new Date(now - index)) } : input;
    candidates.push({ index, location: record.location, row });
  }

  let added = 0;
  let done = records.length - candidates.length;
  options.onProgress?.(done);
  for (let start = 0; start < candidates.length; start += batchSize) {
    const batch = candidates.slice(start, start + batchSize);
    const rows = batch.map((candidate) => candidate.row);
    // A dry run asks the same question the insert would, without writing.
    const stored = options.dryRun ? await findTitleTexts(db, rows) : await insertPromptsIfAbsent(db, rows);
    const existing = new Set(stored.map(titleTextKey));
    for (const candidate of batch) {
      if (existing.has(titleTextKey(candidate.row))) {
        skipped.set(candidate.index, {
          location: candidate.location,
          problems: [{ reason: 'already in library', detail: 'already in library (same title and text, ignoring case and spacing)' }],
        });
      } else {
        added += 1;
      }
    }
    done += batch.length;
    options.onProgress?.(done);
  }

  const byReason = Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<SkipReason, number>;
  const ordered = [...skipped.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  for (const row of ordered) {
    for (const reason of new Set(row.problems.map((problem) => problem.reason))) byReason[reason] += 1;
  }
  return { dryRun: options.dryRun ?? false, read: records.length, added, skipped: ordered, byReason };
}

/** The report: one line per skipped row, then the summary. */
export function formatReport(summary: ImportSummary): string {
  const lines: string[] = [];
  if (summary.skipped.length > 0) {
    lines.push(`Skipped ${summary.skipped.length} rows:`);
    for (const row of summary.skipped) {
      lines.push(`  ${row.location}: ${row.problems.map((problem) => problem.detail).join('; ')}`);
    }
    lines.push('');
  }
  lines.push(`${summary.dryRun ? 'Dry run (nothing written). ' : ''}Summary:`);
  lines.push(`  read: ${summary.read}`);
  lines.push(`  ${summary.dryRun ? 'would add' : 'added'}: ${summary.added}`);
  lines.push(`  skipped: ${summary.skipped.length}`);
  for (const reason of SKIP_REASONS) {
    if (summary.byReason[reason] > 0) lines.push(`    ${reason}: ${summary.byReason[reason]}`);
  }
  const counted = SKIP_REASONS.reduce((sum, reason) => sum + summary.byReason[reason], 0);
  if (counted > summary.skipped.length) {
    lines.push('  (a row breaking several rules counts under each)');
  }
  return `${lines.join('\n')}\n`;
}
