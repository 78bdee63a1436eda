import { defineConfig } from 'vitest/config';

// One Vitest run covers the shared package, the server (API suites against
// SQLite and, with TEST_DATABASE_URL, PostgreSQL) and the web app's pure logic.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/cli/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          // As the server's: a test that migrates and seeds a PostgreSQL schema can take over Vitest's default 10 s.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/vite-plugins/**/*.test.ts'],
        },
      },
    ],
  },
});
