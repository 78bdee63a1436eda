import type { Prompt } from '@prompt-vault/shared/schemas';
import { stringify } from 'csv-stringify/sync';
import { VAULT_CSV_COLUMNS } from './read-records';

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Marks a JSON file as ours, with a version for future changes of shape. */
export const EXPORT_KIND = 'prompt-vault-export';
export const EXPORT_VERSION = 1;

/**
 * One exported prompt. The counts are there for information (a reader can
 * see what was popular); import does not restore them, because each count
 * must equal the likes, copies and notes rows behind it, which an export
 * does not carry. Import restores title, text, category, model, createdAt
 * and tags (a JSON array; in CSV one cell of comma-separated tags).
 */
export type ExportedPrompt = Pick<
  Prompt,
  '_id' | 'title' | 'prompt' | 'category' | 'model' | 'createdAt' | 'likes' | 'copyCount' | 'commentCount' | 'tags'
>;

export function toExported(prompt: Prompt): ExportedPrompt {
  const { _id, title, prompt: text, category, model, createdAt, likes, copyCount, commentCount, tags } = prompt;
  return { _id, title, prompt: text, category, model, createdAt, likes, copyCount, commentCount, tags };
}

export function formatExport(prompts: readonly Prompt[], format: ExportFormat, exportedAt: Date = new Date()): string {
  const rows = prompts.map(toExported);
  if (format === 'json') {
    const document = {
      format: EXPORT_KIND,
      version: EXPORT_VERSION,
      exportedAt: exportedAt.toISOString(),
      count: rows.length,
      prompts: rows,
    };
    return `${JSON.stringify(document, null, 2)}\n`;
  }
  // A tag holds no comma (tags.ts), so one cell of comma-separated tags reads back exactly.
  const cells = rows.map((row) => ({ ...row, tags: row.tags.join(',') }));
  return stringify(cells, { header: true, columns: [...VAULT_CSV_COLUMNS] });
}
