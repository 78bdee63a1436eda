import pg from 'pg';
import type { PromptRow } from './dataset';
import { INDEX_STATISTICS_SQL, LOAD_MAINTENANCE_WORK_MEM, postgresClient } from './postgres-load';

/** The table the copy is filled into, beside the library's own until the load's transaction swaps them. */
const STAGED_TABLE = 'prompt_search_generated';

/** The connections that fill the copy and build its indexes: one index at a time each. */
const BUILDERS = 2;

/** What the copy must have to stand in for prompt_search, read from the catalog before the load begins. */
interface SearchCopyDefinition {
  /** Each index and key built on the staged table under a name of its own, in the order they are taken. */
  readonly builds: string[];
  /** Run in the load's transaction once the staged table has the library's name. */
  readonly renames: string[];
  /** Foreign keys and triggers, added in the load's transaction after the renames. */
  readonly additions: string[];
}

/**
 * PostgreSQL: prompt_search, the lower-cased copy of the prompts the
 * searches read (migration 0002), filled and indexed beside the load on
 * connections of its own, then swapped into the load's transaction.
 *
 * Its four GIN indexes took 451 of the 698 s the load spent on indexes at
 * 1,000,000 prompts (docs/performance.md, Generator). PostgreSQL 15 builds
 * a GIN index in one process, and the load's transaction runs one
 * statement at a time in one backend, so one of two cores was idle. Other
 * connections cannot see the rows of a transaction that has not committed,
 * so the copy is a table of its own (`STAGED_TABLE`, made `LIKE`
 * prompt_search), committed as it is filled. The load's transaction drops
 * the old prompt_search and renames the staged one in its place, with the
 * old one's index, key and trigger names: a run that stops before its
 * commit leaves the library it found. The staged table is dropped when a
 * run ends, whether it failed before the swap or after it, or by the next
 * run if the process died.
 */
export class StagedSearchCopy {
  /** The index and key builds not yet taken by a connection. */
  private readonly waiting: string[] = [];
  /** Each connection's run through `waiting`. */
  private builders: Promise<void>[] = [];
  private building = false;

  private constructor(
    /** Fills the staged table, then builds like the others. */
    private readonly filler: pg.Client,
    private readonly others: readonly pg.Client[],
    private readonly definition: SearchCopyDefinition,
    private readonly connect: () => pg.Client,
  ) {}

  /** Creates the staged table; call before the load's transaction begins (which locks prompt_search). */
  static async prepare(url: string, schema?: string): Promise<StagedSearchCopy> {
    const connect = () => postgresClient(url, schema);
    const [filler, ...others] = Array.from({ length: BUILDERS }, connect) as [pg.Client, ...pg.Client[]];
    const clients = [filler, ...others];
    try {
      await Promise.all(clients.map((client) => client.connect()));
      await filler.query(`DROP TABLE IF EXISTS ${STAGED_TABLE}`);
      const definition = await readDefinition(filler);
      await filler.query(`CREATE TABLE ${STAGED_TABLE} (LIKE prompt_search INCLUDING ALL EXCLUDING INDEXES)`);
      for (const client of clients) await client.query(LOAD_MAINTENANCE_WORK_MEM);
      return new StagedSearchCopy(filler, others, definition, connect);
    } catch (error) {
      await Promise.allSettled(clients.map((client) => client.end()));
      throw error;
    }
  }

  /** Copies a batch of prompts as prompt_search_sync() (migration 0007) would: lower-cased. */
  async insert(rows: PromptRow[]): Promise<void> {
    await this.filler.query(
      `INSERT INTO ${STAGED_TABLE} (id, title, prompt)
       SELECT id, lower(title), lower(prompt) FROM unnest($1::text[], $2::text[], $3::text[]) AS batch (id, title, prompt)`,
      [rows.map((row) => row.id), rows.map((row) => row.title), rows.map((row) => row.prompt)],
    );
  }

  /** Starts building the copy's indexes and keys (call once every prompt is inserted); swapIn waits for them. */
  startBuilds(): void {
    this.waiting.push(...this.definition.builds);
    const build = async (client: pg.Client) => {
      try {
        for (let statement = this.waiting.shift(); statement !== undefined; statement = this.waiting.shift()) await client.query(statement);
      } catch (error) {
        // The other connections stop after the build they are running: the load fails at swapIn anyway.
        this.waiting.length = 0;
        throw error;
      }
    };
    this.builders = [this.filler, ...this.others].map(build);
    this.building = true;
    void Promise.allSettled(this.builders).then(() => {
      this.building = false;
    });
  }

  /** Puts the built copy in prompt_search's place, in the transaction `load` holds open. */
  async swapIn(load: pg.Client): Promise<void> {
    if (this.builders.length === 0) throw new Error('swapIn() before startBuilds()');
    await Promise.all(this.builders);
    await load.query('DROP TABLE prompt_search');
    await load.query(`ALTER TABLE ${STAGED_TABLE} RENAME TO prompt_search`);
    for (const statement of [...this.definition.renames, ...this.definition.additions]) await load.query(statement);
  }

  /**
   * Stops any build still running (a run that failed elsewhere), drops the
   * staged table and ends the connections. After a committed swap the table
   * is gone; after a failed one its rollback gave the staged table its name
   * back. Call after the load's own connection has ended, whose transaction
   * holds the table's lock until then.
   */
  async close(): Promise<void> {
    try {
      this.waiting.length = 0;
      if (this.building) await this.cancelRunning();
      await Promise.allSettled(this.builders);
      await this.filler.query(`DROP TABLE IF EXISTS ${STAGED_TABLE}`);
    } finally {
      await Promise.allSettled([this.filler, ...this.others].map((client) => client.end()));
    }
  }

  /** Cancels the statements the copy's connections are running, from a connection of its own. */
  private async cancelRunning(): Promise<void> {
    const canceller = this.connect();
    await canceller.connect();
    try {
      const pids = [this.filler, ...this.others].map((client) => (client as pg.Client & { processID: number }).processID);
      await canceller.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pids (pid)', [pids]);
    } finally {
      await canceller.end();
    }
  }
}

/**
 * prompt_search's indexes, keys included, as statements on the staged table
 * under temporary names (expression indexes first: with the other GIN
 * indexes, the longest builds), what gives each its own name back, and the
 * table's foreign keys and triggers. A key is built as a plain unique index
 * and made the key at the swap (`USING INDEX`): `ADD CONSTRAINT` would lock
 * the table against the index builds running beside it (at 1,000,000
 * prompts the key waited 123 s for the trigram index).
 */
async function readDefinition(client: pg.Client): Promise<SearchCopyDefinition> {
  const indexes = await client.query<{ name: string; definition: string; statistics: string; key: string | null; kind: string | null }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, ${INDEX_STATISTICS_SQL} AS statistics,
            k.conname AS key, k.contype AS kind
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u')
     WHERE i.indrelid = 'prompt_search'::regclass
     ORDER BY i.indexprs IS NULL, c.relname`,
  );
  const foreignKeys = await client.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE conrelid = 'prompt_search'::regclass AND contype = 'f' ORDER BY conname`,
  );
  const triggers = await client.query<{ definition: string }>(
    `SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger
     WHERE tgrelid = 'prompt_search'::regclass AND NOT tgisinternal ORDER BY tgname`,
  );
  const builds: string[] = [];
  const renames: string[] = [];
  indexes.rows.forEach((index, n) => {
    const staged = `${STAGED_TABLE}_index_${n}`;
    const using = index.definition.indexOf(' USING ');
    const unique = index.definition.startsWith('CREATE UNIQUE INDEX ');
    builds.push(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${staged} ON ${STAGED_TABLE}${index.definition.slice(using)}`);
    // A key's index takes the key's name; the statistics statements name the index, so they run after.
    const named = index.key
      ? `ALTER TABLE prompt_search ADD CONSTRAINT ${pg.escapeIdentifier(index.key)} ${index.kind === 'p' ? 'PRIMARY KEY' : 'UNIQUE'} USING INDEX ${staged}`
      : `ALTER INDEX ${staged} RENAME TO ${pg.escapeIdentifier(index.name)}`;
    renames.push(named + index.statistics);
  });
  const additions = [
    ...foreignKeys.rows.map((key) => `ALTER TABLE prompt_search ADD CONSTRAINT ${pg.escapeIdentifier(key.name)} ${key.definition}`),
    ...triggers.rows.map((trigger) => trigger.definition),
  ];
  return { builds, renames, additions };
}
