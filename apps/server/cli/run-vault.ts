import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { ConfigError, loadConfig } from '../src/config';
import { type DatabaseHandle, connectDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { createPromptsService } from '../src/prompts/service';
import { UNCACHED_LIBRARY_WRITES } from '../src/cache/library-writes';
import { EXPORT_FORMATS, type ExportFormat, formatExport } from './export-prompts';
import { formatReport, importPrompts } from './import-prompts';
import { SourceError, readRecords } from './read-records';
import { createAppCaches } from '../src/cache/app-caches';

export const USAGE = `Usage:
  npm run vault -- import <file> [--dry-run] [--category C] [--model M]
  npm run vault -- export --format json|csv [--out file]

DATABASE_URL selects the database, as for the server.`;

export interface VaultIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Where relative file names are resolved from. */
  readonly cwd: string;
  /** Draw a progress bar (on an interactive terminal). */
  readonly progress: boolean;
}

export interface VaultOptions {
  readonly env: Record<string, string | undefined>;
  readonly io: VaultIo;
  /** An open database to use instead of DATABASE_URL (tests). */
  readonly database?: DatabaseHandle;
}

class UsageError extends Error {}

/** Runs one vault command and returns the process exit code. */
export async function runVault(argv: readonly string[], options: VaultOptions): Promise<number> {
  const { io } = options;
  try {
    const { positionals, values } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        category: { type: 'string' },
        model: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (command === 'import') {
      const [file, ...extra] = rest;
      if (!file || extra.length > 0) throw new UsageError('import needs exactly one file');
      if (values.format !== undefined || values.out !== undefined) throw new UsageError('--format and --out are for export');
      return await withDatabase(options, async (database) => {
        const { format, records } = readRecords(readFileSync(resolve(io.cwd, file), 'utf8'));
        io.stderr(`Importing ${records.length} rows from ${file} (${format})${values['dry-run'] ? ', dry run' : ''}\n`);
        const bar = io.progress ? new SingleBar({ stream: process.stderr, etaBuffer: 500 }) : undefined;
        bar?.start(records.length, 0);
        const started = performance.now();
        const summary = await importPrompts(database.db, records, {
          dryRun: values['dry-run'],
          category: values.category,
          model: values.model,
          onProgress: (done) => bar?.update(done),
        });
        bar?.stop();
        io.stdout(formatReport(summary));
        io.stderr(`Done in ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
        return 0;
      });
    }
    if (command === 'export') {
      if (rest.length > 0) throw new UsageError('export takes no file; use --out');
      if (values['dry-run'] || values.category !== undefined || values.model !== undefined) {
        throw new UsageError('--dry-run, --category and --model are for import');
      }
      const format = values.format;
      if (!isExportFormat(format)) throw new UsageError('export needs --format json or --format csv');
      return await withDatabase(options, async (database) => {
        // Exporting writes nothing: no cache needs to hear of it.
        const promptsService = createPromptsService(database, createAppCaches(), UNCACHED_LIBRARY_WRITES);
        const { prompts } = await promptsService.list({}, undefined);
        const output = formatExport(prompts, format);
        if (values.out === undefined) {
          io.stdout(output);
        } else {
          writeFileSync(resolve(io.cwd, values.out), output);
        }
        io.stderr(`Exported ${prompts.length} prompts${values.out ? ` to ${values.out}` : ''}\n`);
        return 0;
      });
    }
    throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.stderr(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof SourceError || isFileError(error)) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function isExportFormat(value: string | undefined): value is ExportFormat {
  return (EXPORT_FORMATS as readonly (string | undefined)[]).includes(value);
}

function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error && 'path' in error;
}

/** Opens DATABASE_URL (migrated first, as the server does) unless a database was handed in. */
async function withDatabase(options: VaultOptions, work: (database: DatabaseHandle) => Promise<number>): Promise<number> {
  if (options.database) return work(options.database);
  const config = loadConfig(options.env);
  const database = connectDatabase(config.database, { readThreads: 0 });
  try {
    await migrateToLatest(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}
