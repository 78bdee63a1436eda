import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import { writePerformanceSection } from './performance-doc';
import type { BenchRun, DialectFigures } from './report';
import { scaleTable } from './scale';

function loadOf(rps: number, p99: number): LoadResult {
  return { rps, p50: p99 / 2, p99, requests: rps * 10, succeeded: rps * 10, failures: 0, elapsedSeconds: 10 };
}

/** A dialect's figures where every latency is `latency` ms and every rate `rate` req/s. */
function figures(dialect: DialectFigures['dialect'], latency: number, rate: number): DialectFigures {
  const timing = { requests: 100, p50Ms: latency / 2, p99Ms: latency };
  return {
    dialect,
    endpoints: ['list', 'search', 'category', 'sort', 'tags', 'facets', 'analytics'].map((name) => ({
      name,
      path: `/${name}`,
      app: loadOf(rate, latency),
      raw: loadOf(rate * 2, latency / 2),
    })),
    coldSearch: loadOf(rate, latency),
    coldSearchHealth: { p50: latency / 2, p99: latency },
    coldSearchProcessorTime: { serverMs: latency / 10, clientMs: 0.1, ...(dialect === 'postgres' ? { databaseMs: latency / 5 } : {}) },
    search: { indexedMs: latency, scanMs: latency * 20, matches: {} },
    commonWord: { word: 'data', matches: 10, share: 0.5, p50Ms: latency, maxMs: latency, pageP50Ms: latency, pageMaxMs: latency },
    suggest: { ...timing, suggested: 90 },
    similar: { ...timing, foundSource: 90 },
    related: { ...timing, related: 500 },
    likes: { ...loadOf(rate, latency), seconds: 10, wrongCounters: 0, health: { p50: latency / 4, p99: latency / 2 } },
    copies: { ...loadOf(rate, latency), seconds: 10, offered: rate * 10, rowsAdded: rate * 10, wrongCounters: 0 },
    rss: { rssMb: latency, peakMb: latency },
    fullList: {
      seconds: 10,
      downloads: 10,
      downloadBytes: 1000,
      failures: 0,
      healthP50: latency,
      healthP99: latency,
      healthChecks: 100,
      peakRssMb: latency,
    },
  };
}

function run(prompts: number, dialects: DialectFigures[]): BenchRun {
  return { date: new Date('2026-11-24T20:00:00Z'), command: 'npm run bench', seconds: 10, connections: 50, prompts, dialects };
}

describe('the scale table', () => {
  it('sets each figure at both sizes side by side with their ratio, marking what got more than twice as bad', () => {
    const small = run(100_000, [figures('sqlite', 10, 1000), figures('postgres', 20, 1000)]);
    // SQLite: latencies x1.5, rates x0.8 (within bounds); PostgreSQL: latencies x3, rates x0.25 (worse).
    const large = run(1_000_000, [figures('sqlite', 15, 800), figures('postgres', 60, 250)]);
    const lines = scaleTable(small, large).split('\n');
    expect(lines[2]).toBe(
      '| Figure | SQLite 100,000 | SQLite 1,000,000 | SQLite ratio | PostgreSQL 100,000 | PostgreSQL 1,000,000 | PostgreSQL ratio |',
    );
    const row = (label: string) => lines.find((line) => line.startsWith(`| ${label} |`));
    expect(row('`/api/facets`, p99')).toBe('| `/api/facets`, p99 | 10 ms | 15 ms | 1.50x | 20 ms | 60 ms | 3.00x (worse) |');
    expect(row('Copies, req/s')).toBe('| Copies, req/s | 1,000 | 800 | 0.80x | 1,000 | 250 | 0.25x (worse) |');
    expect(row('`/api/health` during likes, p99')).toBe(
      '| `/api/health` during likes, p99 | 5.0 ms | 7.5 ms | 1.50x | 10 ms | 30 ms | 3.00x (worse) |',
    );
    expect(row("Distinct searches, the server's processor time a request")).toBe(
      "| Distinct searches, the server's processor time a request | 1,000 µs | 1,500 µs | 1.50x | 2,000 µs | 6,000 µs | 3.00x (worse) |",
    );
    // SQLite's database work is the server's own.
    expect(row("Distinct searches, PostgreSQL's processor time a request")).toBe(
      "| Distinct searches, PostgreSQL's processor time a request | - | - | - | 4,000 µs | 12,000 µs | 3.00x (worse) |",
    );
    // Runs from before /api/health was timed during the copies row.
    expect(row('`/api/health` during copies, p99')).toBe('| `/api/health` during copies, p99 | - | - | - | - | - | - |');
    // A figure one run did not measure is shown as missing, not as a ratio.
    expect(row('Generator')).toBe('| Generator | - | - | - | - | - | - |');
  });

  it('shows a figure that is no finite number (a probe that timed nothing, saved as null) as missing', () => {
    const small = run(100_000, [figures('sqlite', 10, 1000)]);
    const large = run(1_000_000, [figures('sqlite', 10, 1000)]);
    const [timedNothing] = large.dialects;
    (timedNothing as { coldSearchHealth: unknown }).coldSearchHealth = { p50: null, p99: null };
    (timedNothing as { likes: { health: unknown } }).likes.health = { p50: Number.NaN, p99: Number.POSITIVE_INFINITY };
    const lines = scaleTable(small, large).split('\n');
    expect(lines.find((line) => line.startsWith('| `/api/health` during distinct searches, p99 |'))).toBe(
      '| `/api/health` during distinct searches, p99 | 10 ms | - | - |',
    );
    expect(lines.find((line) => line.startsWith('| `/api/health` during likes, p99 |'))).toBe(
      '| `/api/health` during likes, p99 | 5.0 ms | - | - |',
    );
  });

  it('compares only the databases both runs measured', () => {
    const table = scaleTable(
      run(100_000, [figures('sqlite', 10, 1000), figures('postgres', 10, 1000)]),
      run(1_000_000, [figures('postgres', 10, 1000)]),
    );
    expect(table).not.toContain('SQLite');
    expect(table).toContain('| PostgreSQL ratio |');
  });
});

describe('a generated section of docs/performance.md', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces only the text between its markers, and is added under a heading when missing', () => {
    dir = mkdtempSync(join(tmpdir(), 'perf-doc-'));
    const file = join(dir, 'performance.md');
    writeFileSync(file, '# Performance\n\nIntro.\n\n<!-- bench:start -->\nold\n<!-- bench:end -->\n\nProse after.\n');
    writePerformanceSection('bench', 'Unused', 'new table', file);
    expect(readFileSync(file, 'utf8')).toBe(
      '# Performance\n\nIntro.\n\n<!-- bench:start -->\nnew table\n<!-- bench:end -->\n\nProse after.\n',
    );
    writePerformanceSection('bench-scale', 'Scale', 'ratios', file);
    expect(readFileSync(file, 'utf8')).toMatch(
      /Prose after\.\n\n## Scale\n\n<!-- bench-scale:start -->\nratios\n<!-- bench-scale:end -->\n$/,
    );
  });
});
