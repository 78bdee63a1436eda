import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/connect';
import { copiesLoad } from './lib/copies-load';
import { type BenchDialect, DEFAULT_BENCH_PROMPTS, databaseUrl } from './lib/data';
import { likesLoad } from './lib/likes-load';
import { startBuiltServer } from './lib/processes';
import { waitUntilIdle } from './lib/load';
import { copiesCell, likesCell } from './lib/report';

/**
 * The bench's write rows alone (likes, copies), for profiling a change
 * without the whole bench: `npm run build`, then `node --import tsx
 * bench/writes.ts [--rows likes,copies] [--dialects sqlite,postgres]
 * [--prompts 100000] [--postgres <url>] [--seconds 20]`. Uses the databases
 * `npm run bench` made at that size (or the PostgreSQL one given) and prints
 * each row's cell, /api/health meanwhile included, for each database.
 */
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: 'likes,copies' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    prompts: { type: 'string', default: String(DEFAULT_BENCH_PROMPTS) },
    seconds: { type: 'string', default: '20' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/bench' },
  },
});
const seconds = Number(values.seconds);
const rows = values.rows.split(',').map((name) => name.trim());
const unknown = rows.filter((row) => row !== 'likes' && row !== 'copies');
if (unknown.length > 0) throw new Error(`Unknown rows: ${unknown.join(', ')} (likes, copies)`);

for (const dialect of values.dialects.split(',').map((name) => name.trim()) as BenchDialect[]) {
  const url = databaseUrl(dialect, values.postgres, Number(values.prompts));
  const direct = connectDatabase(parseDatabaseUrl(url));
  const server = await startBuiltServer(url, { NODE_ENV: 'production' });
  try {
    for (const row of rows) {
      const cellOf = async (length: number) =>
        row === 'likes'
          ? likesCell(await likesLoad(direct.db, server.url, length))
          : copiesCell(await copiesLoad(direct.db, server.url, length));
      // A short run first, so the JIT and the prepared statements are ready (in the bench, the loads before it do that).
      await cellOf(2);
      await waitUntilIdle(server.url);
      console.log(`[${dialect}] ${row}: ${await cellOf(seconds)}`);
      await waitUntilIdle(server.url);
    }
  } finally {
    await server.stop();
    await direct.close();
  }
}
