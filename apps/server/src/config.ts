import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * How many long reads (searches missing the cache) run at once by default:
 * one per core, at most four. Each is CPU work, in a SQLite read thread or
 * a PostgreSQL process; more at once than the machine has cores only queue
 * for them, and take the cores the event loop and short queries need.
 * - SQLite's threads run at a lower priority than the event loop
 *   (sqlite-read-worker.ts; decision 0009, amended), and each costs about
 *   12 MB of resident memory idle (a V8 isolate and a connection), some
 *   tens of MB under load, besides the file's pages it maps (decision 0029).
 * - PostgreSQL's connections are a pool apart from the main one. At 100,000
 *   prompts on two cores its distinct-search load ran as many searches a
 *   second on 2 connections as on 4 (303-337), with `/api/health` at p99
 *   12-22 ms against 26-42 (docs/performance.md).
 */
export function defaultLongReads(): number {
  return Math.min(4, availableParallelism());
}

/**
 * The environment, parsed once at start into a frozen object (the README's
 * Configuration table lists every variable). A bad value stops start-up with one line naming the variable.
 */
const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** The separate rate-limit budgets, each its own counter per client IP. */
export const RATE_BUDGETS = ['submit', 'notes', 'likes', 'copies', 'reports', 'reads'] as const;
export type RateBudget = (typeof RATE_BUDGETS)[number];
export interface RateLimitRule {
  readonly max: number;
  readonly windowMs: number;
}

const WINDOW_UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
const RATE_RULE = /^([1-9]\d{0,6})\/([1-9]\d{0,4})(s|m|h)$/;

/** "N/window": N requests per window, the window a whole number of s, m or h (e.g. "10/1m"). */
const rateRule = z
  .string()
  .regex(RATE_RULE, 'must be requests/window, e.g. 10/1m (window in s, m or h)')
  .transform((value): RateLimitRule => {
    const [, max, amount, unit] = RATE_RULE.exec(value) as unknown as [string, string, string, keyof typeof WINDOW_UNIT_MS];
    return { max: Number(max), windowMs: Number(amount) * WINDOW_UNIT_MS[unit] };
  });

/** Per budget: the environment variable and its default. */
export const RATE_LIMIT_DEFAULTS = {
  submit: { env: 'RATE_LIMIT_SUBMIT', value: '10/10m' },
  notes: { env: 'RATE_LIMIT_NOTES', value: '20/10m' },
  likes: { env: 'RATE_LIMIT_LIKES', value: '120/1m' },
  copies: { env: 'RATE_LIMIT_COPIES', value: '120/1m' },
  reports: { env: 'RATE_LIMIT_REPORTS', value: '20/1h' },
  reads: { env: 'RATE_LIMIT_READS', value: '600/1m' },
} as const satisfies Record<RateBudget, { env: string; value: string }>;

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}
const origin = z.string().refine(isOrigin, 'must be a comma-separated list of http(s) origins (scheme://host[:port])');

/** What DATABASE_URL, and the command line's `--database`, may name: an SQLite file or a PostgreSQL server. */
const DATABASE_URL_FORM = /^(sqlite:.+|postgres(ql)?:\/\/.+)$/;
const DATABASE_URL_RULE = 'must start with sqlite: or postgres://';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().regex(DATABASE_URL_FORM, DATABASE_URL_RULE).optional(),
  SAMPLE_DATA: booleanFlag.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must start with redis:// or rediss://')
    .optional(),
  // Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis.
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,100}$/, 'must be 1-100 letters, digits or : . _ -')
    .default('prompt-vault:'),
  RATE_LIMIT: booleanFlag.default(true),
  RATE_LIMIT_SUBMIT: rateRule.prefault(RATE_LIMIT_DEFAULTS.submit.value),
  RATE_LIMIT_NOTES: rateRule.prefault(RATE_LIMIT_DEFAULTS.notes.value),
  RATE_LIMIT_LIKES: rateRule.prefault(RATE_LIMIT_DEFAULTS.likes.value),
  RATE_LIMIT_COPIES: rateRule.prefault(RATE_LIMIT_DEFAULTS.copies.value),
  RATE_LIMIT_REPORTS: rateRule.prefault(RATE_LIMIT_DEFAULTS.reports.value),
  RATE_LIMIT_READS: rateRule.prefault(RATE_LIMIT_DEFAULTS.reads.value),
  CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin))
    .default([]),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CONTACT_EMAIL: z.email('must be an e-mail address').default('owner@example.com'),
  DONATION_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://example.com/donate'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\d.:/a-fA-F, ]+)$/, 'must be true, false, a hop count or a list of addresses')
    .default('false'),
  SERVE_WEB: booleanFlag.default(true),
  // A request whose headers and body have not all arrived by then is answered
  // 408 and its connection closed, so stalled uploads cannot pile up.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // On SIGTERM, connections still open this long after the last in-flight
  // request (a stalled client) are closed and the process exits.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // SQLite only: threads that run searches off the event loop (db/sqlite-read-pool.ts); unset picks one per core, at most 4.
  SQLITE_READ_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  // PostgreSQL only: connections, in a pool of their own, that run searches missing the cache; unset picks one per core, at most 4.
  POSTGRES_LONG_READ_CONNECTIONS: z.coerce.number().int().min(1).max(100).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The origin visitors reach the site at, for absolute links in link
  // previews, the feed and the sitemap (behind a proxy it differs from HOST:PORT).
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine((value) => !/[?#]/.test(value), 'must not have a query or fragment')
    .optional(),
});

export type DatabaseUrl = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseUrl;
  readonly sampleData: boolean;
  readonly redisUrl: string | undefined;
  /** Prefix of the rate-limit keys and the cache announcements' channel in Redis. */
  readonly redisNamespace: string;
  readonly rateLimit: boolean;
  readonly rateLimits: Readonly<Record<RateBudget, RateLimitRule>>;
  /** Origins allowed to call the API from another site; empty keeps CORS closed. */
  readonly corsOrigins: readonly string[];
  readonly adminToken: string | undefined;
  readonly contactEmail: string;
  readonly donationUrl: string;
  readonly trustProxy: boolean | number | string;
  readonly logLevel: string;
  /** Origin (and optional path prefix) of absolute links, without a trailing slash. */
  readonly publicUrl: string;
  /** False serves only the API (web app hosted elsewhere, or not built: the crash test runs the real server so). */
  readonly serveWeb: boolean;
  /** Longest a request may take to arrive (headers and body). */
  readonly requestTimeoutMs: number;
  /** Longest a graceful shutdown waits for open connections. */
  readonly shutdownTimeoutMs: number;
  /** SQLite only: threads for long reads; undefined lets connect.ts choose, 0 keeps them on the main connection. */
  readonly sqliteReadThreads: number | undefined;
  /** PostgreSQL only: connections for long reads, a pool apart from the main one; undefined lets connect.ts choose. */
  readonly postgresLongReadConnections: number | undefined;
}

export class ConfigError extends Error {}

/**
 * The repository's root. This file runs from apps/server/src (tsx: dev, the
 * CLIs, tests) or bundled into apps/server/dist/main.js (`npm start`): both
 * three folders below the root.
 */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The SQLite file used when DATABASE_URL is not set: one place, whatever the
 * working directory, so `npm start` (which runs in apps/server), `npm run dev`
 * and the CLIs (which run in the root) all open the same database.
 */
export const DEFAULT_SQLITE_PATH = join(REPOSITORY_ROOT, 'data', 'prompt-vault.db');

/**
 * The folder a relative `sqlite:` path is resolved against: where the command
 * was typed. npm runs a workspace's scripts in the workspace's folder and
 * keeps the caller's folder in INIT_CWD.
 */
export function invocationDirectory(env: Record<string, string | undefined>): string {
  return env.INIT_CWD || process.cwd();
}

/**
 * `sqlite:<path>` (relative paths resolved against `baseDir`) or a PostgreSQL
 * URL. Anything else throws ConfigError: a bare file name would otherwise be
 * taken for a server's address.
 */
export function parseDatabaseUrl(url: string, baseDir: string = process.cwd()): DatabaseUrl {
  if (!DATABASE_URL_FORM.test(url)) throw new ConfigError(`${DATABASE_URL_RULE}, got "${url}"`);
  if (!url.startsWith('sqlite:')) return { kind: 'postgres', url };
  const path = url.slice('sqlite:'.length);
  return { kind: 'sqlite', path: path === ':memory:' || isAbsolute(path) ? path : resolve(baseDir, path) };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Reads the configuration from an environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `Invalid environment variable ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const parsed = result.data;
  return Object.freeze({
    port: parsed.PORT,
    host: parsed.HOST,
    database: parseDatabaseUrl(parsed.DATABASE_URL ?? `sqlite:${DEFAULT_SQLITE_PATH}`, invocationDirectory(env)),
    sampleData: parsed.SAMPLE_DATA,
    redisUrl: parsed.REDIS_URL,
    redisNamespace: parsed.REDIS_NAMESPACE,
    rateLimit: parsed.RATE_LIMIT,
    rateLimits: Object.freeze({
      submit: parsed.RATE_LIMIT_SUBMIT,
      notes: parsed.RATE_LIMIT_NOTES,
      likes: parsed.RATE_LIMIT_LIKES,
      copies: parsed.RATE_LIMIT_COPIES,
      reports: parsed.RATE_LIMIT_REPORTS,
      reads: parsed.RATE_LIMIT_READS,
    }),
    corsOrigins: Object.freeze(parsed.CORS_ORIGINS.map((value) => new URL(value).origin)),
    adminToken: parsed.ADMIN_TOKEN,
    contactEmail: parsed.CONTACT_EMAIL,
    donationUrl: parsed.DONATION_URL,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    logLevel: parsed.LOG_LEVEL,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    serveWeb: parsed.SERVE_WEB,
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    sqliteReadThreads: parsed.SQLITE_READ_THREADS,
    postgresLongReadConnections: parsed.POSTGRES_LONG_READ_CONNECTIONS,
  });
}
