import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Analytics } from '@prompt-vault/shared/schemas';

export interface ActivityDay {
  readonly date: string;
  /** The x-axis label: 'Nov 21', or 'Today' for the last day. */
  readonly label: string;
  /** The data table's row header: as the label, with today marked as still in progress. */
  readonly tableLabel: string;
  /** Today: its figures are still growing, so it is drawn apart and never read as a drop. */
  readonly inProgress: boolean;
  readonly prompts: number;
  readonly likes: number;
  readonly copies: number;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** '2026-11-21' -> 'Nov 21' (the dates are UTC days). */
function dayLabel(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

/**
 * The activity chart's days. The server's window always ends with today
 * (UTC), a day not over yet: it is labelled 'Today' and marked in progress.
 */
export function activityDays(activity: Analytics['activity']): ActivityDay[] {
  return activity.map((day, index) => {
    const inProgress = index === activity.length - 1;
    return {
      ...day,
      label: inProgress ? MESSAGES.analytics.activityToday : dayLabel(day.date),
      tableLabel: inProgress ? MESSAGES.analytics.activityTodayRow : dayLabel(day.date),
      inProgress,
    };
  });
}
