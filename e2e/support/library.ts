import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { uniqueToken } from './unique';

export interface CreatedPrompt {
  readonly _id: string;
  readonly title: string;
  readonly prompt: string;
  readonly category: string;
  readonly model: string;
}

/** A unique token with a readable prefix, so parallel tests never see each other's data. */
export function unique(prefix = ''): string {
  return `${prefix}${uniqueToken()}`;
}

export async function createPrompt(request: APIRequestContext, fields: Partial<Omit<CreatedPrompt, '_id'>> = {}): Promise<CreatedPrompt> {
  const response = await request.post('/api/prompts', {
    data: {
      title: fields.title ?? `E2E prompt ${unique()}`,
      prompt: fields.prompt ?? 'Summarise the text below in three bullet points for a busy reader.',
      category: fields.category ?? 'Writing',
      model: fields.model ?? 'GPT-4o',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedPrompt;
}

/** Several prompts in one new category, created in parallel batches. */
export async function createPromptsInCategory(
  request: APIRequestContext,
  category: string,
  count: number,
  fields: Partial<Omit<CreatedPrompt, '_id' | 'category'>> = {},
): Promise<CreatedPrompt[]> {
  const created: CreatedPrompt[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, index) =>
      createPrompt(request, { ...fields, category, title: `${fields.title ?? 'Batch'} ${start + index + 1} ${unique()}`.slice(0, 50) }),
    );
    created.push(...(await Promise.all(batch)));
  }
  return created;
}

/** Starts every test with the cookie notice answered, unless the test is about it. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
}

/** The card of one prompt, found by its title. */
export function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}
