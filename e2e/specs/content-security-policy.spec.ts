import { type Page, expect, test } from '@playwright/test';

/**
 * The built app under its strict Content-Security-Policy: every route renders
 * without a single CSP violation (no inline script, no eval, no inline style
 * element, nothing from another origin).
 */
const ROUTES = [
  '/',
  '/submit',
  '/analytics',
  '/prompt-academy',
  '/prompt-academy/beginner',
  '/prompt-academy/beginner/understanding',
  '/prompt-academy/intermediate/role-prompting',
  '/prompt-academy/advanced/few-shot',
  '/prompt-academy/patterns/recipe',
  '/no-such-page',
];

/** Collects securitypolicyviolation events from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleViolations.push(message.text());
  });
  return async () => [
    ...consoleViolations,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

test('every route renders under the strict CSP without a violation', async ({ page, request }) => {
  const list = await request.get('/api/prompts?limit=1');
  const [first] = (await list.json()) as Array<{ _id: string }>;
  const routes = first ? [...ROUTES, `/prompts/${first._id}`] : ROUTES;
  const violations = await watchViolations(page);
  for (const route of routes) {
    const response = await page.goto(route);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, route).toContain("script-src 'self'");
    expect(csp, route).toContain("frame-ancestors 'none'");
    expect(csp, route).not.toContain('unsafe-eval');
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(), route).toEqual([]);
  }

  // The watch itself works: an injected inline script is blocked and reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

test('the app cannot be framed by another page', async ({ request }) => {
  const response = await request.get('/');
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers()['x-frame-options']).toBe('DENY');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
});
