import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function errorLine(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'sqlite', path: join(REPOSITORY_ROOT, 'data', 'prompt-vault.db') },
      sampleData: true,
      rateLimit: true,
      redisNamespace: 'prompt-vault:',
      trustProxy: false,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      serveWeb: true,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('opens the same default SQLite file from any working directory', () => {
    const fromRoot = loadConfig({ INIT_CWD: REPOSITORY_ROOT });
    const fromServerFolder = loadConfig({ INIT_CWD: join(REPOSITORY_ROOT, 'apps', 'server') });
    expect(fromServerFolder.database).toEqual(fromRoot.database);
  });

  it('resolves a relative sqlite: path against the folder the command was run in', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:./mine.db', INIT_CWD: '/srv/vault' }).database).toEqual({
      kind: 'sqlite',
      path: '/srv/vault/mine.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/vault.db', INIT_CWD: '/srv/vault' }).database).toEqual({
      kind: 'sqlite',
      path: '/var/lib/vault.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ kind: 'sqlite', path: ':memory:' });
  });

  it('refuses a database that is neither sqlite: nor postgres://, rather than take a file name for a server', () => {
    expect(() => parseDatabaseUrl('bench/library.db')).toThrow(ConfigError);
    expect(() => parseDatabaseUrl('bench/library.db')).toThrow('must start with sqlite: or postgres://, got "bench/library.db"');
    expect(parseDatabaseUrl('postgresql://u@h/db')).toEqual({ kind: 'postgres', url: 'postgresql://u@h/db' });
  });

  it('reads PostgreSQL urls and flags', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', SAMPLE_DATA: '0', RATE_LIMIT: '0', TRUST_PROXY: '2' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(config.sampleData).toBe(false);
    expect(config.rateLimit).toBe(false);
    expect(config.trustProxy).toBe(2);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SAMPLE_DATA', 'yes'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_NAMESPACE', 'has space'],
    ['RATE_LIMIT', 'off'],
    ['ADMIN_TOKEN', 'short'],
    ['CONTACT_EMAIL', 'not-an-email'],
    ['DONATION_URL', 'javascript:alert(1)'],
    ['TRUST_PROXY', 'maybe!'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'example.com'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['PUBLIC_URL', 'https://example.com/?a=1'],
    ['PUBLIC_URL', 'https://example.com/#top'],
    ['RATE_LIMIT_SUBMIT', '10'],
    ['RATE_LIMIT_NOTES', '0/1m'],
    ['RATE_LIMIT_LIKES', '10/1d'],
    ['RATE_LIMIT_COPIES', 'ten/1m'],
    ['RATE_LIMIT_REPORTS', '10/0m'],
    ['RATE_LIMIT_READS', '-5/1m'],
    ['SERVE_WEB', 'no'],
    ['CORS_ORIGINS', 'friend.example'],
    ['CORS_ORIGINS', 'https://friend.example/path'],
    ['CORS_ORIGINS', 'https://ok.example,javascript:alert(1)'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    const message = errorLine({ [name]: value });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(`Invalid environment variable ${name}=`);
  });

  it('reads PUBLIC_URL without its trailing slash, defaulting to localhost on PORT', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://prompts.example.com/' }).publicUrl).toBe('https://prompts.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/vault' }).publicUrl).toBe('https://example.com/vault');
    expect(loadConfig({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
  });

  it('reads rate-limit budgets as requests/window, with documented defaults', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      submit: { max: 10, windowMs: 600_000 },
      notes: { max: 20, windowMs: 600_000 },
      likes: { max: 120, windowMs: 60_000 },
      copies: { max: 120, windowMs: 60_000 },
      reports: { max: 20, windowMs: 3_600_000 },
      reads: { max: 600, windowMs: 60_000 },
    });
    const config = loadConfig({ RATE_LIMIT_SUBMIT: '3/30s', RATE_LIMIT_READS: '5000/2h' });
    expect(config.rateLimits.submit).toEqual({ max: 3, windowMs: 30_000 });
    expect(config.rateLimits.reads).toEqual({ max: 5000, windowMs: 7_200_000 });
  });

  it('serves only the API with SERVE_WEB=0', () => {
    expect(loadConfig({ SERVE_WEB: '0' }).serveWeb).toBe(false);
  });

  it('keeps CORS closed by default and reads CORS_ORIGINS as a list of origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });

  it('lists every bad variable, one per line', () => {
    const message = errorLine({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(message.split('\n')).toHaveLength(2);
  });
});
