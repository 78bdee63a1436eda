import { parse } from 'csv-parse/sync';
import { splitTagList } from '@prompt-vault/shared/tags';
import { AWESOME_DEFAULT_MODEL, awesomeCategory } from './awesome-prompts';

/** A record as read from a file, before any rule is checked. */
export interface SourceRecord {
  /** Where it starts, for the report: 'line 12' (CSV) or 'item 3' (JSON). */
  readonly location: string;
  readonly title: unknown;
  readonly prompt: unknown;
  readonly category: unknown;
  readonly model: unknown;
  /** Present in our own exports; other sources get an import time. */
  readonly createdAt: unknown;
  /** A JSON array, or in CSV one cell of comma-separated tags; absent for none. */
  readonly tags?: unknown;
}

export type SourceFormat = 'json' | 'csv-vault' | 'csv-awesome';

export interface ReadResult {
  readonly format: SourceFormat;
  readonly records: SourceRecord[];
}

/** A file the importer cannot read at all (as opposed to rows it skips). */
export class SourceError extends Error {}

/** Columns of our own CSV export, in order; the importer needs the first four. */
export const VAULT_CSV_COLUMNS = [
  '_id',
  'title',
  'prompt',
  'category',
  'model',
  'createdAt',
  'likes',
  'copyCount',
  'commentCount',
  // Last, so files exported before tags keep their columns' places.
  'tags',
] as const;

/** Reads JSON (our export, or a bare array of prompts) or CSV (ours or awesome-chatgpt-prompts'). */
export function readRecords(text: string): ReadResult {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.trimStart()[0];
  return first === '[' || first === '{' ? readJson(body) : readCsv(body);
}

function readJson(text: string): ReadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SourceError(`The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const items = Array.isArray(parsed) ? parsed : isObject(parsed) && Array.isArray(parsed.prompts) ? parsed.prompts : undefined;
  if (!items) throw new SourceError('The JSON file must be an array of prompts or an object with a "prompts" array');
  const records = items.map((item: unknown, index: number): SourceRecord => {
    const fields = isObject(item) ? item : {};
    return {
      location: `item ${index + 1}`,
      title: fields.title,
      prompt: fields.prompt,
      category: fields.category,
      model: fields.model,
      createdAt: fields.createdAt,
      tags: fields.tags,
    };
  });
  return { format: 'json', records };
}

interface CsvRow {
  readonly record: Record<string, string | undefined>;
  readonly info: { readonly lines: number; readonly empty_lines: number };
}

function readCsv(text: string): ReadResult {
  let rows: CsvRow[];
  let header: string[] = [];
  try {
    rows = parse(text, {
      columns: (names: string[]) => {
        header = names.map((name) => name.trim());
        return header;
      },
      info: true,
      skip_empty_lines: true,
      // A short row is read with its missing fields blank, and then skipped
      // as such, rather than failing the whole file.
      relax_column_count: true,
    }) as CsvRow[];
  } catch (error) {
    throw new SourceError(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const awesome = header.includes('act') && header.includes('prompt');
  const vault = header.includes('title') && header.includes('prompt');
  if (!awesome && !vault) {
    throw new SourceError(
      `Unrecognised CSV header "${header.join(',')}": expected act,prompt,for_devs,type,contributor or title,prompt,category,model[,createdAt][,tags]`,
    );
  }

  // csv-parse reports the line a record ends on; it starts after the previous
  // record's end and any empty lines skipped in between.
  let previousEnd = 1;
  let previousEmpty = 0;
  const records = rows.map(({ record, info }): SourceRecord => {
    const start = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    const location = `line ${start}`;
    if (awesome) {
      return {
        location,
        title: record.act,
        prompt: record.prompt,
        category: awesomeCategory(record.type, record.for_devs),
        model: AWESOME_DEFAULT_MODEL,
        createdAt: undefined,
        tags: undefined,
      };
    }
    return {
      location,
      title: record.title,
      prompt: record.prompt,
      category: record.category,
      model: record.model,
      // An empty cell means "not given", as in the export of a source without dates.
      createdAt: record.createdAt === '' ? undefined : record.createdAt,
      tags: record.tags === '' || record.tags === undefined ? undefined : splitTagList(record.tags),
    };
  });
  return { format: awesome ? 'csv-awesome' : 'csv-vault', records };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
