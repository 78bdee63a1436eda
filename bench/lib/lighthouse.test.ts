import { describe, expect, it } from 'vitest';
import { type LighthouseFigures, isMeasured, lighthouseMisses, lighthouseTable } from './lighthouse';

const perfect: LighthouseFigures = {
  page: 'Library',
  path: '/',
  formFactor: 'mobile',
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 900,
  lcpMs: 1200,
  tbtMs: 40,
  cls: 0,
};

describe('Lighthouse targets', () => {
  it('holds mobile performance to 90 and desktop to 100, every other category to 100', () => {
    expect(lighthouseMisses(perfect)).toEqual([]);
    expect(lighthouseMisses({ ...perfect, performance: 89 })).toEqual(['performance 89 < 90']);
    expect(lighthouseMisses({ ...perfect, formFactor: 'desktop' })).toEqual(['performance 95 < 100']);
    expect(lighthouseMisses({ ...perfect, seo: 92, accessibility: 98 })).toEqual(['accessibility 98 < 100', 'SEO 92 < 100']);
  });

  it('writes one row per page and form factor, naming what is missed', () => {
    const table = lighthouseTable([perfect, { ...perfect, formFactor: 'desktop', performance: 97 }]).split('\n');
    expect(table).toHaveLength(4);
    expect(table[2]).toMatch(/\| Library \(`\/`\) \| mobile \| 95 \|.*\| met \|$/);
    expect(table[3]).toContain('**missed**: performance 97 < 100');
  });
});

describe('a run fit for the median', () => {
  const timed = { 'first-contentful-paint': { numericValue: 1800 }, interactive: { numericValue: 2600 } };
  const run = (categories: object, audits: object) => ({ categories, audits }) as unknown as Parameters<typeof isMeasured>[0];

  it('has a performance score and the two times computeMedianRun compares', () => {
    expect(isMeasured(run({ performance: { score: 0.93 } }, timed))).toBe(true);
    expect(isMeasured(run({ performance: { score: null } }, timed))).toBe(false);
    expect(isMeasured(run({ performance: { score: 0.93 } }, { 'first-contentful-paint': timed['first-contentful-paint'] }))).toBe(false);
    expect(isMeasured(run({ performance: { score: 0.93 } }, { interactive: timed.interactive }))).toBe(false);
  });
});
