import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_BUNDLE, SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../apps/server/launch';
import { CHROMIUM_FLAGS } from './support/chromium';

/**
 * End-to-end tests drive the system Chromium against the real built app,
 * served by the real server on a fresh SQLite database with the sample data.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(`Chromium not found at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
}

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const tmpDir = fileURLToPath(new URL('./.tmp/', import.meta.url));
mkdirSync(tmpDir, { recursive: true });
const databasePath = `${tmpDir}e2e-${port}-${Date.now()}.db`;

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  // One worker per two cores (Playwright's default): each drives a Chromium beside the
  // server, and two on a two-core machine ran no faster (20.2 min against 18.9)
  // while starving first renders past the expect timeout.
  workers: '50%',
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The server as `npm start` runs it: test:e2e builds the bundle first.
    command: `node ${SERVER_NODE_FLAGS.join(' ')} ../${SERVER_BUNDLE}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...SERVER_ENVIRONMENT,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databasePath}`,
      SAMPLE_DATA: '1',
      RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      CONTACT_EMAIL: 'vault-owner@example.org',
      DONATION_URL: 'https://example.org/support-prompt-vault',
      // Absolute links in link previews, the feed and the sitemap point here.
      PUBLIC_URL: baseURL,
    },
  },
});
