import { ACTIVITY_DAYS, ANALYTICS_STALE_MS, TOP_COPIED_COUNT } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Analytics } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import { cacheKeys } from '../cache/keys';
import type { AppCaches } from '../cache/app-caches';
import type { Database } from '../db/schema';
import * as repository from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC date (YYYY-MM-DD) of a moment. */
function utcDate(moment: Date | number): string {
  return new Date(moment).toISOString().slice(0, 10);
}

/** The last `days` UTC dates, oldest first, ending today. */
export function lastDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => utcDate(today - (days - 1 - index) * DAY_MS));
}

function orUncategorized(name: string | null): string {
  return name && name.trim() ? name : MESSAGES.analytics.uncategorized;
}

export interface AnalyticsService {
  get(): Promise<Analytics>;
}

/**
 * Analytics read the summaries kept with the writes (decision 0010): a few
 * small rows and the top of one index, whatever the library's size. The
 * answer is still cached until the next write: likes, copies and notes can
 * arrive thousands of times a second, and a read per visitor in between
 * would cost round trips for nothing, so after those the dashboard may trail
 * by up to ANALYTICS_STALE_MS (shared with the web app, which waits that
 * long after its own write); a new prompt or a moderation shows at once.
 */
export function createAnalyticsService(db: Kysely<Database>, caches: AppCaches, clock: () => Date = () => new Date()): AnalyticsService {
  return {
    // Keyed by day: the activity window moves at midnight. The window's 30 dates are built only to
    // compute it: building them on every request took 16 µs, as long as the rest of a cached answer.
    get: () => {
      const now = clock();
      return caches.activity.get(cacheKeys.analytics(utcDate(now)), () => compute(lastDays(ACTIVITY_DAYS, now)), {
        staleForMs: ANALYTICS_STALE_MS,
      });
    },
  };

  async function compute(days: string[]): Promise<Analytics> {
    const [totals, categories, models, top, activity] = await Promise.all([
      repository.overview(db),
      repository.countsBy(db, 'category'),
      repository.countsBy(db, 'model'),
      repository.topCopied(db, TOP_COPIED_COUNT),
      repository.dailyActivity(db, days),
    ]);
    const byDay = new Map(activity.map((row) => [row.day, row]));
    return {
      overview: {
        totalPrompts: Number(totals.total_prompts),
        totalLikes: Number(totals.total_likes),
        totalCopies: Number(totals.total_copies),
      },
      categoryStats: categories.map((row) => ({ name: orUncategorized(row.name), promptCount: Number(row.count) })),
      modelStats: models.map((row) => ({ name: orUncategorized(row.name), promptCount: Number(row.count) })),
      topCopiedPrompts: top.map((row) => ({
        _id: row.id,
        title: row.title,
        category: orUncategorized(row.category),
        model: orUncategorized(row.model),
        prompt: row.prompt,
        copyCount: Number(row.copy_count),
        likes: Number(row.like_count),
      })),
      activity: days.map((date) => {
        const day = byDay.get(date);
        return { date, prompts: Number(day?.prompts ?? 0), likes: Number(day?.likes ?? 0), copies: Number(day?.copies ?? 0) };
      }),
    };
  }
}
