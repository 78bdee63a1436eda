import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
      database: { kind: 'sqlite', path: './data/prompt-vault.db' },
      sampleData: true,
      rateLimit: true,
      trustProxy: false,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
    });
    expect(Object.isFrozen(config)).toBe(true);
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

  it('lists every bad variable, one per line', () => {
    const message = errorLine({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(message.split('\n')).toHaveLength(2);
  });
});
