import { describe, expect, it } from 'vitest';
import { ACADEMY_PAGES, ACADEMY_SECTIONS, resolveAcademyPath, sectionPages, sectionReadingMinutes } from './academy-nav';

const A = '/prompt-academy';

/** The spec's table, written out by hand: path, previous, next. */
const EXPECTED: readonly (readonly [string, string | null, string | null])[] = [
  [A, null, `${A}/beginner`],
  [`${A}/beginner`, A, `${A}/beginner/understanding`],
  [`${A}/beginner/understanding`, `${A}/beginner`, `${A}/beginner/components`],
  [`${A}/beginner/components`, `${A}/beginner/understanding`, `${A}/beginner/techniques`],
  [`${A}/beginner/techniques`, `${A}/beginner/components`, `${A}/beginner/mistakes`],
  [`${A}/beginner/mistakes`, `${A}/beginner/techniques`, `${A}/intermediate`],
  [`${A}/intermediate`, `${A}/beginner/specificity`, `${A}/intermediate/role-prompting`],
  [`${A}/intermediate/role-prompting`, `${A}/intermediate`, `${A}/intermediate/format-control`],
  [`${A}/intermediate/format-control`, `${A}/intermediate/role-prompting`, `${A}/intermediate/iterative`],
  [`${A}/intermediate/iterative`, `${A}/intermediate/format-control`, `${A}/advanced`],
  [`${A}/advanced`, `${A}/intermediate/iterative`, `${A}/advanced/chain-of-thought`],
  [`${A}/advanced/chain-of-thought`, `${A}/advanced`, `${A}/advanced/few-shot`],
  [`${A}/advanced/few-shot`, `${A}/advanced/chain-of-thought`, `${A}/advanced/system-user`],
  [`${A}/advanced/system-user`, `${A}/advanced/few-shot`, `${A}/patterns`],
  [`${A}/patterns`, `${A}/advanced/system-user`, `${A}/patterns/audience-persona`],
  [`${A}/patterns/audience-persona`, `${A}/patterns`, `${A}/patterns/structured-output`],
  [`${A}/patterns/structured-output`, `${A}/patterns/audience-persona`, `${A}/patterns/recipe`],
  [`${A}/patterns/recipe`, `${A}/patterns/structured-output`, `${A}/patterns/ask-input`],
  [`${A}/patterns/ask-input`, `${A}/patterns/recipe`, A],
];

describe('the academy page table', () => {
  it('has the 19 pages of the spec in reading order with their previous and next links', () => {
    expect(ACADEMY_PAGES.map((page) => [page.path, page.prev, page.next])).toEqual(EXPECTED);
  });

  it('names each page by its content file', () => {
    expect(ACADEMY_PAGES.map((page) => page.key)).toEqual(
      EXPECTED.map(([path]) => (path === A ? 'overview' : path.slice(A.length + 1).replace(/^(\w+)$/, '$1/overview'))),
    );
  });

  it('has the four sections in the spec order, labelled as their tabs', () => {
    expect(ACADEMY_SECTIONS.map((section) => section.label)).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Prompt Patterns']);
  });

  it('resolves every page at its own path, with or without a trailing slash', () => {
    for (const page of ACADEMY_PAGES) {
      expect(resolveAcademyPath(page.path)).toBe(page);
      expect(resolveAcademyPath(`${page.path}/`)).toBe(page);
    }
  });

  it.each([
    [`${A}/beginner/specificity`, `${A}/beginner`],
    [`${A}/beginner/nothing-here`, `${A}/beginner`],
    [`${A}/intermediate/chain-of-thought`, `${A}/intermediate`],
    [`${A}/advanced/understanding/extra`, `${A}/advanced`],
    [`${A}/patterns/xyz`, `${A}/patterns`],
    [`${A}/unknown-section`, A],
    [`${A}/unknown-section/understanding`, A],
  ])('shows %s as %s', (pathname, shown) => {
    expect(resolveAcademyPath(pathname).path).toBe(shown);
  });

  it('makes every previous and next link land on a page of the table', () => {
    for (const page of ACADEMY_PAGES) {
      for (const target of [page.prev, page.next]) {
        if (target !== null) expect(ACADEMY_PAGES).toContain(resolveAcademyPath(target));
      }
    }
  });

  it('lists a section overview first, then its lessons', () => {
    expect(sectionPages('advanced').map((page) => page.key)).toEqual([
      'advanced/overview',
      'advanced/chain-of-thought',
      'advanced/few-shot',
      'advanced/system-user',
    ]);
  });

  it("sums a section's words into reading minutes", () => {
    // 5 pages of 440 words at 220 words a minute.
    expect(sectionReadingMinutes('beginner', () => 440)).toBe(10);
  });
});
