import { describe, expect, it } from 'vitest';
import { activityDays } from './activity-days';

const day = (date: string, prompts = 1) => ({ date, prompts, likes: 10, copies: 20 });

describe('activityDays', () => {
  it('labels the days by date and the last one, today, as still in progress', () => {
    const days = activityDays([day('2026-11-22'), day('2026-11-23'), day('2026-11-24', 0)]);
    expect(days.map((entry) => entry.label)).toEqual(['Nov 22', 'Nov 23', 'Today']);
    expect(days.map((entry) => entry.tableLabel)).toEqual(['Nov 22', 'Nov 23', 'Today (in progress)']);
    expect(days.map((entry) => entry.inProgress)).toEqual([false, false, true]);
    expect(days[2]).toMatchObject({ date: '2026-11-24', prompts: 0, likes: 10, copies: 20 });
  });

  it('has nothing to mark without days', () => {
    expect(activityDays([])).toEqual([]);
  });
});
