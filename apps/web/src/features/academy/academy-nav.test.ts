import { describe, expect, it } from 'vitest';
import {
  ACADEMY_LESSONS,
  ACADEMY_PAGES,
  ACADEMY_SECTIONS,
  ALL_ACADEMY_PAGES,
  GLOSSARY_PAGE,
  resolveAcademyPath,
  sectionPages,
  sectionReadingMinutes,
} from './academy-nav';

const A = '/prompt-academy';

/**
 * The reading order written out by hand: path, previous, next. The spec's 19
 * pages and its links between sections, with the five later lessons each
 * inside its section before the section's last page.
 */
const EXPECTED: readonly (readonly [string, string | null, string | null])[] = [
  [A, null, `${A}/beginner`],
  [`${A}/beginner`, A, `${A}/beginner/understanding`],
  [`${A}/beginner/understanding`, `${A}/beginner`, `${A}/beginner/components`],
  [`${A}/beginner/components`, `${A}/beginner/understanding`, `${A}/beginner/techniques`],
  [`${A}/beginner/techniques`, `${A}/beginner/components`, `${A}/beginner/sampling`],
  [`${A}/beginner/sampling`, `${A}/beginner/techniques`, `${A}/beginner/mistakes`],
  // Spec: the mistakes page links onward to intermediate.
  [`${A}/beginner/mistakes`, `${A}/beginner/sampling`, `${A}/intermediate`],
  // Spec: the intermediate overview's back link points to /beginner/specificity (no page; it falls back).
  [`${A}/intermediate`, `${A}/beginner/specificity`, `${A}/intermediate/role-prompting`],
  [`${A}/intermediate/role-prompting`, `${A}/intermediate`, `${A}/intermediate/format-control`],
  [`${A}/intermediate/format-control`, `${A}/intermediate/role-prompting`, `${A}/intermediate/templates`],
  [`${A}/intermediate/templates`, `${A}/intermediate/format-control`, `${A}/intermediate/iterative`],
  // Spec: the iterative page links on to advanced.
  [`${A}/intermediate/iterative`, `${A}/intermediate/templates`, `${A}/advanced`],
  [`${A}/advanced`, `${A}/intermediate/iterative`, `${A}/advanced/chain-of-thought`],
  [`${A}/advanced/chain-of-thought`, `${A}/advanced`, `${A}/advanced/few-shot`],
  [`${A}/advanced/few-shot`, `${A}/advanced/chain-of-thought`, `${A}/advanced/evaluation`],
  [`${A}/advanced/evaluation`, `${A}/advanced/few-shot`, `${A}/advanced/long-documents`],
  [`${A}/advanced/long-documents`, `${A}/advanced/evaluation`, `${A}/advanced/tools-agents`],
  [`${A}/advanced/tools-agents`, `${A}/advanced/long-documents`, `${A}/advanced/system-user`],
  // Spec: the last advanced page links to patterns.
  [`${A}/advanced/system-user`, `${A}/advanced/tools-agents`, `${A}/patterns`],
  [`${A}/patterns`, `${A}/advanced/system-user`, `${A}/patterns/audience-persona`],
  [`${A}/patterns/audience-persona`, `${A}/patterns`, `${A}/patterns/structured-output`],
  [`${A}/patterns/structured-output`, `${A}/patterns/audience-persona`, `${A}/patterns/recipe`],
  [`${A}/patterns/recipe`, `${A}/patterns/structured-output`, `${A}/patterns/ask-input`],
  // Spec: the last pattern links back to the academy.
  [`${A}/patterns/ask-input`, `${A}/patterns/recipe`, A],
];

describe('the academy page table', () => {
  it('has its 24 pages in reading order with their previous and next links', () => {
    expect(ACADEMY_PAGES).toHaveLength(24);
    expect(ACADEMY_PAGES.map((page) => [page.path, page.prev, page.next])).toEqual(EXPECTED);
  });

  it("keeps each section's last page the one the spec names, so the links between sections hold", () => {
    expect(ACADEMY_SECTIONS.map((section) => section.pages[section.pages.length - 1])).toEqual([
      'mistakes',
      'iterative',
      'system-user',
      'ask-input',
    ]);
  });

  it('keeps every page of the spec, in the spec order within each section', () => {
    const spec = {
      beginner: ['understanding', 'components', 'techniques', 'mistakes'],
      intermediate: ['role-prompting', 'format-control', 'iterative'],
      advanced: ['chain-of-thought', 'few-shot', 'system-user'],
      patterns: ['audience-persona', 'structured-output', 'recipe', 'ask-input'],
    };
    for (const section of ACADEMY_SECTIONS) {
      expect(section.pages.filter((slug) => spec[section.id].includes(slug))).toEqual(spec[section.id]);
    }
  });

  it('tells lessons from overviews', () => {
    expect(ACADEMY_LESSONS).toHaveLength(19);
    expect(ACADEMY_PAGES.filter((page) => page.kind === 'section-overview').map((page) => page.key)).toEqual([
      'beginner/overview',
      'intermediate/overview',
      'advanced/overview',
      'patterns/overview',
    ]);
    expect(ACADEMY_PAGES[0]?.kind).toBe('academy-overview');
  });

  it('keeps the glossary beside the reading order: its own page, leading back to the academy', () => {
    expect(ACADEMY_PAGES).not.toContain(GLOSSARY_PAGE);
    expect(ALL_ACADEMY_PAGES).toEqual([...ACADEMY_PAGES, GLOSSARY_PAGE]);
    expect(GLOSSARY_PAGE).toMatchObject({ key: 'glossary', kind: 'glossary', path: `${A}/glossary`, prev: null, next: A });
    expect(resolveAcademyPath(`${A}/glossary`)).toBe(GLOSSARY_PAGE);
    expect(resolveAcademyPath(`${A}/glossary/`)).toBe(GLOSSARY_PAGE);
    expect(resolveAcademyPath(`${A}/glossary/temperature`).path).toBe(A);
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
      'advanced/evaluation',
      'advanced/long-documents',
      'advanced/tools-agents',
      'advanced/system-user',
    ]);
  });

  it("sums a section's words into reading minutes", () => {
    // 6 pages (the overview and 5 lessons) of 440 words at 220 words a minute.
    expect(sectionReadingMinutes('beginner', () => 440)).toBe(12);
  });
});
