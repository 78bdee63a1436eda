import { z } from 'zod';

/**
 * The environment, parsed once at start into a frozen object (DESIGN.md
 * section 6). A bad value stops start-up with one line naming the variable.
 */
const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must start with sqlite: or postgres://')
    .default('sqlite:./data/prompt-vault.db'),
  SAMPLE_DATA: booleanFlag.default(true),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must start with redis:// or rediss://').optional(),
  RATE_LIMIT: booleanFlag.default(true),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CONTACT_EMAIL: z.email('must be an e-mail address').default('owner@example.com'),
  DONATION_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://example.com/donate'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\d.:/a-fA-F, ]+)$/, 'must be true, false, a hop count or a list of addresses')
    .default('false'),
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
  readonly rateLimit: boolean;
  readonly adminToken: string | undefined;
  readonly contactEmail: string;
  readonly donationUrl: string;
  readonly trustProxy: boolean | number | string;
  readonly logLevel: string;
  /** Origin (and optional path prefix) of absolute links, without a trailing slash. */
  readonly publicUrl: string;
}

export class ConfigError extends Error {}

export function parseDatabaseUrl(url: string): DatabaseUrl {
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', path: url.slice('sqlite:'.length) };
  return { kind: 'postgres', url };
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
    database: parseDatabaseUrl(parsed.DATABASE_URL),
    sampleData: parsed.SAMPLE_DATA,
    redisUrl: parsed.REDIS_URL,
    rateLimit: parsed.RATE_LIMIT,
    adminToken: parsed.ADMIN_TOKEN,
    contactEmail: parsed.CONTACT_EMAIL,
    donationUrl: parsed.DONATION_URL,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    logLevel: parsed.LOG_LEVEL,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
  });
}
