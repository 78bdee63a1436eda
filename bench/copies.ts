import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/connect';
import { copiesLoad } from './lib/copies-load';
import { type BenchDialect, databaseUrl } from './lib/data';
import { startBuiltServer } from './lib/processes';
import { waitUntilIdle } from './lib/load';
import { copiesCell } from './lib/report';

/**
 * The copies row alone, for profiling a change without the whole bench:
 * `npm run build`, then `node --import tsx bench/copies.ts --dialects
 * sqlite,postgres [--postgres <url>] [--seconds 20]`. Uses the databases
 * `npm run bench` made (or the PostgreSQL one given) and prints the row's
 * cell for each.
 */
const { values } = parseArgs({
  options: {
    dialects: { type: 'string', default: 'sqlite,postgres' },
    seconds: { type: 'string', default: '20' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/bench' },
  },
});
const seconds = Number(values.seconds);

for (const dialect of values.dialects.split(',').map((name) => name.trim()) as BenchDialect[]) {
  const url = databaseUrl(dialect, values.postgres);
  const direct = connectDatabase(parseDatabaseUrl(url));
  const server = await startBuiltServer(url, { NODE_ENV: 'production' });
  try {
    // A short run first, so the JIT and the prepared statements are ready (in the bench, the loads before it do that).
    await copiesLoad(direct.db, server.url, 2);
    await waitUntilIdle(server.url);
    const copies = await copiesLoad(direct.db, server.url, seconds);
    console.log(`[${dialect}] ${copiesCell(copies)}`);
  } finally {
    await server.stop();
    await direct.close();
  }
}
