import { describe, expect, it } from 'vitest';
import type { CopiesLoadResult } from './copies-load';
import { healthFigures } from './health-probe';
import type { LikesLoadResult } from './likes-load';
import { copiesCell, likesCell } from './report';

const likes = (health?: LikesLoadResult['health']): LikesLoadResult => ({
  rps: 2000,
  p50: 4,
  p99: 30,
  requests: 40_000,
  succeeded: 40_000,
  failures: 0,
  elapsedSeconds: 20,
  seconds: 20,
  wrongCounters: 0,
  health,
});

const copies = (health?: CopiesLoadResult['health']): CopiesLoadResult => ({
  ...likes(health),
  offered: 40_000,
  rowsAdded: 40_000,
});

describe("the write rows' /api/health", () => {
  it('passes a write row whose health checks kept within 20 ms, and fails one that did not', () => {
    expect(likesCell(likes({ p50: 1.2, p99: 19 }))).toBe(
      '2,000 req/s over 20 s, p99 30 ms, 0 failed, 0 wrong counters; /api/health meanwhile p50 1.2 ms, p99 19 ms: met',
    );
    expect(likesCell(likes({ p50: 1.2, p99: 35 }))).toMatch(/p99 35 ms: \*\*missed\*\* \(health p99 15 ms over\)$/);
    expect(copiesCell(copies({ p50: 1, p99: 20 }))).toMatch(/\/api\/health meanwhile p50 1\.0 ms, p99 20 ms: met$/);
    expect(copiesCell(copies({ p50: 1, p99: 21 }))).toMatch(/: \*\*missed\*\* \(health p99 1\.0 ms over\)$/);
    // A probe that timed nothing is no pass.
    expect(likesCell(likes(healthFigures([])))).toMatch(/wrong counters; \/api\/health not timed: \*\*missed\*\* \(health not timed\)$/);
  });

  it('names every miss of a write row', () => {
    expect(likesCell({ ...likes({ p50: 1, p99: 25 }), requests: 38_000, wrongCounters: 2 })).toMatch(
      /\*\*missed\*\* \(100 req\/s short, counts not exact, health p99 5\.0 ms over\)$/,
    );
    expect(copiesCell({ ...copies({ p50: 1, p99: 5 }), rowsAdded: 39_999, failures: 1 })).toMatch(
      /\*\*missed\*\* \(1 failed, counts not exact\)$/,
    );
  });

  it('judges a run from before health was timed on its writes alone, and says so', () => {
    expect(likesCell(likes())).toBe('2,000 req/s over 20 s, p99 30 ms, 0 failed, 0 wrong counters; /api/health not measured: met');
    expect(copiesCell(copies())).toMatch(/0 wrong counters; \/api\/health not measured: met$/);
  });

  it('summarises the checks by rank, a failed check counting as the longest wait', () => {
    const times = [...Array.from({ length: 98 }, (_, i) => i + 1), 500, Number.POSITIVE_INFINITY];
    expect(healthFigures(times.reverse())).toEqual({ p50: 51, p99: Number.POSITIVE_INFINITY });
  });
});
