import type { Page } from '@playwright/test';

/** An analytics answer crafted for one state of the dashboard (the real server's data is shared by all specs). */
export interface CraftedAnalytics {
  overview?: { totalPrompts: number; totalLikes: number; totalCopies: number };
  categoryStats?: { name: string; promptCount: number }[] | null;
  modelStats?: { name: string; promptCount: number }[] | null;
  topCopiedPrompts?: {
    _id: string;
    title: string;
    category: string;
    model: string;
    prompt: string;
    copyCount: number;
    likes?: number;
  }[];
  activity?: { date: string; prompts: number; likes: number; copies: number }[];
}

export function craftedAnalytics(overrides: Partial<CraftedAnalytics> = {}): CraftedAnalytics {
  return {
    overview: { totalPrompts: 12, totalLikes: 34, totalCopies: 56 },
    categoryStats: [
      { name: 'Writing', promptCount: 8 },
      { name: 'Coding', promptCount: 4 },
    ],
    modelStats: [
      { name: 'GPT-4o', promptCount: 9 },
      { name: 'Claude Sonnet 4', promptCount: 3 },
    ],
    topCopiedPrompts: [],
    activity: [],
    ...overrides,
  };
}

/** Answers GET /api/analytics with `body` for this page only. */
export async function serveAnalytics(page: Page, body: CraftedAnalytics): Promise<void> {
  await page.route('**/api/analytics', (route) => route.fulfill({ json: body }));
}
