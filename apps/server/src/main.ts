import { fileURLToPath } from 'node:url';
import { ConfigError, type Config, loadConfig } from './config';
import { buildApp } from './app';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { warnOfSmallBuffers } from './db/postgres-buffers';
import { seedSampleData } from './db/seed';
import { startIdleGarbageCollection } from './runtime/idle-collection';

const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = connectDatabase(config.database, {
    readThreads: config.sqliteReadThreads,
    // SQLITE_READ_THREADS=0 asks for no thread at all (README).
    checkpointThread: config.sqliteReadThreads !== 0,
    fullTextMerges: true,
    longReadConnections: config.postgresLongReadConnections,
  });
  await migrateToLatest(database.db);
  if (config.sampleData) await seedSampleData(database.db);

  const app = await buildApp(config, { database, webRoot: config.serveWeb ? WEB_ROOT : undefined });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify closes idle connections at once and waits for in-flight ones; a
    // client that stalls (an upload that never ends) would hold it open, so
    // after the grace period every connection is closed.
    setTimeout(() => {
      app.log.warn('shutdown grace period over: closing the remaining connections');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs).unref();
    try {
      // Stops accepting connections and waits for in-flight requests.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // With --expose-gc (launch.ts), the garbage of a burst of requests is collected once they stop.
  const idleCollection = startIdleGarbageCollection();
  if (idleCollection) app.server.on('request', () => idleCollection.touch());

  await app.listen({ port: config.port, host: config.host });
  // After listening, so a lock it waits for never holds up the start; it logs its own failure.
  if (database.dialect === 'postgres') void warnOfSmallBuffers(database.db, app.log);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
