import type { Page } from '@playwright/test';

/**
 * Holds every request matching `url` until the returned function is called,
 * then lets each go on to the server: how a test sees a screen while
 * something is still loading.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
