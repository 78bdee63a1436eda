import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp } from '../testing/test-app';

describe.each(TEST_DIALECTS)('GET /api/health on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers ok while the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 in the one error shape once the database is gone', async () => {
    await t.database.db.destroy();
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
  });
});
