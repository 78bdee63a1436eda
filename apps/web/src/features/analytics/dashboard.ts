import type { Analytics } from '@prompt-vault/shared/schemas';
import { type Slice, displayName, groupSlices } from './chart-data';

/**
 * The analytics answer as the page receives it: the spec's empty state covers
 * answers where the statistics are missing, so nothing is assumed present.
 */
export type AnalyticsAnswer = {
  readonly [K in keyof Analytics]?: Analytics[K] | null;
};

export interface LeaderboardEntry {
  readonly id: string;
  readonly rank: number;
  readonly title: string;
  readonly category: string;
  readonly model: string;
  readonly prompt: string | undefined;
  readonly copyCount: number;
  readonly likes: number | undefined;
}

export interface DashboardData {
  readonly totalPrompts: number;
  readonly totalLikes: number;
  readonly totalCopies: number;
  /** The Models card: the number of model statistics (spec section 2). */
  readonly modelCount: number;
  readonly categorySlices: Slice[];
  readonly modelSlices: Slice[];
  readonly leaderboard: LeaderboardEntry[];
  readonly activity: Analytics['activity'];
}

function toSlices(stats: Analytics['categoryStats']): Slice[] {
  return groupSlices(stats.map((stat) => ({ name: displayName(stat.name), count: stat.promptCount })));
}

/**
 * What the dashboard shows, or null for the empty state: no prompts yet, or
 * the category or model statistics missing (spec section 4).
 */
export function toDashboard(answer: AnalyticsAnswer): DashboardData | null {
  const { categoryStats, modelStats } = answer;
  if (!Array.isArray(categoryStats) || !Array.isArray(modelStats)) return null;
  const totalPrompts = answer.overview?.totalPrompts ?? categoryStats.reduce((sum, stat) => sum + stat.promptCount, 0);
  if (totalPrompts <= 0) return null;
  return {
    totalPrompts,
    totalLikes: answer.overview?.totalLikes ?? 0,
    totalCopies: answer.overview?.totalCopies ?? 0,
    modelCount: modelStats.length,
    categorySlices: toSlices(categoryStats),
    modelSlices: toSlices(modelStats),
    leaderboard: (answer.topCopiedPrompts ?? []).map((entry, index) => ({
      id: entry._id,
      rank: index + 1,
      title: entry.title,
      category: displayName(entry.category),
      model: displayName(entry.model),
      prompt: entry.prompt || undefined,
      copyCount: entry.copyCount,
      likes: entry.likes ?? undefined,
    })),
    activity: answer.activity ?? [],
  };
}

/** The leaderboard's new count after a recorded copy: the server's copyCount, or the old count plus one. */
export function nextCopyCount(previous: number, answer: { copyCount?: number } | undefined): number {
  return typeof answer?.copyCount === 'number' ? answer.copyCount : previous + 1;
}
