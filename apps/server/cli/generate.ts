import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { ConfigError, invocationDirectory, loadConfig, parseDatabaseUrl } from '../src/config';
import { defaultSize } from './generate/dataset';
import { DatabaseNotEmptyError, generateDatabase, totalRows } from './generate/generate-database';

const USAGE = `Usage: npm run generate -- [--prompts 100000] [--seed 1] [--database URL] [--force]

Fills a database with generated prompts, likes, copies and comments (10
likes, 10 copies and 2 comments per prompt; one user per 2 prompts, 50,000 at 100,000).
  --prompts N     how many prompts (default 100000)
  --seed N        the random seed; the same seed on the same day gives the same data (default 1)
  --now ISO       the instant every timestamp lies before (default: today 00:00 UTC)
  --database URL  sqlite:path or postgres://... (default: DATABASE_URL, as the server)
  --force         replace the prompts already in the database instead of refusing`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function positiveInteger(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) fail(`--${name} must be a whole number above 0, got "${value}"`);
  return number;
}

function startOfTodayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      prompts: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '1' },
      now: { type: 'string' },
      database: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const size = defaultSize(positiveInteger('prompts', values.prompts));
  const seed = positiveInteger('seed', values.seed);
  const now = values.now ? new Date(values.now) : startOfTodayUtc();
  if (Number.isNaN(now.getTime())) fail(`--now must be an ISO date, got "${values.now}"`);
  let database;
  try {
    database = values.database ? parseDatabaseUrl(values.database, invocationDirectory(process.env)) : loadConfig(process.env).database;
  } catch (error) {
    if (error instanceof ConfigError) fail(values.database ? `--database ${error.message}` : error.message);
    throw error;
  }
  const target = database.kind === 'sqlite' ? database.path : database.url.replace(/:[^:@/]*@/, ':***@');
  console.log(`Generating into ${target} with seed ${seed}`);

  const bar = new SingleBar({
    format: 'generate |{bar}| {percentage}% | {value}/{total} rows | {table}',
    barCompleteChar: '\u2588',
    barIncompleteChar: '\u2591',
    hideCursor: true,
    formatValue: (value, _options, type) => (type === 'value' || type === 'total' ? value.toLocaleString('en') : String(value)),
  });
  const started = performance.now();
  // When each step began, to say where the time went.
  const steps: { name: string; at: number }[] = [{ name: 'planning', at: started }];
  const onProgress = (rows: number, step: string) => {
    if (steps.at(-1)?.name !== step) steps.push({ name: step, at: performance.now() });
    bar.update(rows, { table: step });
  };
  bar.start(totalRows(size), 0, { table: 'planning' });
  try {
    await generateDatabase({ database, size, seed, now, force: values.force, onProgress });
  } catch (error) {
    bar.stop();
    if (error instanceof DatabaseNotEmptyError) fail(error.message);
    throw error;
  }
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  const rows = totalRows(size);
  const format = (value: number) => value.toLocaleString('en');
  console.log(
    [
      `Done in ${seconds.toFixed(1)} s (${format(Math.round(rows / seconds))} rows/s):`,
      `  prompts  ${format(size.prompts)}`,
      `  likes    ${format(size.likes)} from ${format(size.users)} users`,
      `  copies   ${format(size.copies)}`,
      `  comments ${format(size.comments)}`,
      ...(database.kind === 'sqlite' ? [`  file     ${(statSync(database.path).size / 1024 / 1024).toFixed(0)} MB`] : []),
      `  steps    ${steps.map((step, index) => `${step.name} ${(((steps[index + 1]?.at ?? performance.now()) - step.at) / 1000).toFixed(0)} s`).join(', ')}`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
