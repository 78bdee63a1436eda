import type { ReportSummary } from '@prompt-vault/shared/schemas';
import { type Config, ConfigError, loadConfig } from '../src/config';
import { type DatabaseHandle, connectDatabase } from '../src/db/connect';
import { recountSummaries, visiblePromptCount } from '../src/db/summaries';
import type { Visibility } from '../src/db/schema';
import { AppError } from '../src/http/app-error';
import { createModerationService } from '../src/moderation/service';
import { type LibraryWrites, UNCACHED_LIBRARY_WRITES } from '../src/cache/library-writes';
import { type AnnouncementLog, connectRedisLibraryWrites } from '../src/cache/redis-library-writes';

/**
 * Moderation from the command line, on the database DATABASE_URL names (the
 * same service as the admin API, so both behave alike):
 *   npm run admin -- reports | hide <id> | unhide <id> | hide-comment <id> | unhide-comment <id> | recount
 * `recount` counts every summary kept with the writes again from the library
 * (db/summaries.ts recountSummaries): after writes that bypassed them (plain
 * SQL), or a migration that counted while an older instance still wrote.
 */
const USAGE =
  'Usage: npm run admin -- reports | hide <prompt-id> | unhide <prompt-id> | hide-comment <comment-id> | unhide-comment <comment-id> | recount';

type Command = { kind: 'reports' } | { kind: 'recount' } | { kind: 'prompt' | 'comment'; id: string; status: Visibility };

const STATUS_COMMANDS: Record<string, { kind: 'prompt' | 'comment'; status: Visibility }> = {
  hide: { kind: 'prompt', status: 'hidden' },
  unhide: { kind: 'prompt', status: 'visible' },
  'hide-comment': { kind: 'comment', status: 'hidden' },
  'unhide-comment': { kind: 'comment', status: 'visible' },
};

function parseArguments(args: readonly string[]): Command | undefined {
  const [name, id, ...rest] = args;
  if (name === 'reports' && id === undefined) return { kind: 'reports' };
  if (name === 'recount' && id === undefined) return { kind: 'recount' };
  const command = name === undefined ? undefined : STATUS_COMMANDS[name];
  if (!command || id === undefined || id === '' || rest.length > 0) return undefined;
  return { ...command, id };
}

function formatReport(report: ReportSummary): string {
  const { spam, offensive, other } = report.reasons;
  const excerpt = report.excerpt.replace(/\s+/g, ' ').slice(0, 60);
  return [
    String(report.reports).padStart(4),
    report.targetType.padEnd(7),
    report.targetId.padEnd(16),
    report.status.padEnd(7),
    `spam ${spam}, offensive ${offensive}, other ${other}`.padEnd(32),
    report.lastReportedAt,
    excerpt,
  ].join('  ');
}

async function run(database: DatabaseHandle, writes: LibraryWrites, command: Command): Promise<string> {
  if (command.kind === 'recount') return recount(database, writes);
  const moderation = createModerationService(database.db, writes);
  if (command.kind === 'reports') {
    const reports = await moderation.listReports();
    if (reports.length === 0) return 'No reports.';
    return reports.map(formatReport).join('\n');
  }
  const result =
    command.kind === 'prompt'
      ? await moderation.setPromptStatus(command.id, command.status)
      : await moderation.setCommentStatus(command.id, command.status);
  return `${command.kind === 'prompt' ? 'Prompt' : 'Comment'} ${result._id} is now ${result.status}.`;
}

/** The recount, then the running servers drop what they cached from the summaries. */
async function recount(database: DatabaseHandle, writes: LibraryWrites): Promise<string> {
  const started = performance.now();
  await recountSummaries(database.db);
  writes.announce({ kind: 'summaries-recounted' });
  const seconds = (performance.now() - started) / 1000;
  const visible = await visiblePromptCount(database.db);
  return `Summaries recounted in ${seconds.toFixed(1)} s (${visible.toLocaleString('en')} visible prompts).`;
}

/** Redis trouble is reported on stderr and does not stop the command: servers then see it within their cache TTL. */
const STDERR_LOG: AnnouncementLog = {
  warn: (details, message) => {
    const cause = 'err' in details && details.err instanceof Error ? `: ${details.err.message}` : '';
    console.error(`Warning: ${message}${cause}`);
  },
  info: (_details, message) => console.error(message),
};

/**
 * With REDIS_URL, a moderation is announced to every running server at once
 * (they drop what it made stale); the connection is closed once sent. Listing
 * reports writes nothing, so it does without Redis.
 */
async function announcer(config: Config, command: Command): Promise<LibraryWrites & { close(): Promise<void> }> {
  if (!config.redisUrl || command.kind === 'reports') return { ...UNCACHED_LIBRARY_WRITES, close: async () => {} };
  return connectRedisLibraryWrites({ redisUrl: config.redisUrl, namespace: config.redisNamespace, log: STDERR_LOG });
}

async function main(): Promise<number> {
  const command = parseArguments(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = connectDatabase(config.database, { poolSize: 1, readThreads: 0 });
  const writes = await announcer(config, command);
  try {
    console.log(await run(database, writes, command));
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await writes.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
