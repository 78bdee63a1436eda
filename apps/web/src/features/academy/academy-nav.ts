import { MESSAGES } from '@prompt-vault/shared/messages';
import { readingMinutes } from '../../lib/markdown-ast';
import { paths } from '../../config/paths';

/**
 * The Academy's page table (spec section 2, "Academy"), defined once: its
 * sections, their pages in reading order, and every page's previous/next link.
 * Pure data and functions, so the table is unit-tested without a browser.
 */

export type SectionId = 'beginner' | 'intermediate' | 'advanced' | 'patterns';

export interface AcademySection {
  readonly id: SectionId;
  /** Tab and path-card label. */
  readonly label: string;
  /** Topic page slugs in reading order (the section overview comes first, implicitly). */
  readonly pages: readonly string[];
}

/*
 * Lessons added after the spec's table sit inside their section before its
 * last page (sampling before mistakes, templates before iterative, three before
 * system-user), so the spec's links between sections stay exactly as written.
 */
export const ACADEMY_SECTIONS: readonly AcademySection[] = [
  {
    id: 'beginner',
    label: MESSAGES.academy.tabs.beginner,
    pages: ['understanding', 'components', 'techniques', 'sampling', 'mistakes'],
  },
  {
    id: 'intermediate',
    label: MESSAGES.academy.tabs.intermediate,
    pages: ['role-prompting', 'format-control', 'templates', 'iterative'],
  },
  {
    id: 'advanced',
    label: MESSAGES.academy.tabs.advanced,
    pages: ['chain-of-thought', 'few-shot', 'evaluation', 'long-documents', 'tools-agents', 'system-user'],
  },
  {
    id: 'patterns',
    label: MESSAGES.academy.tabs.patterns,
    pages: ['audience-persona', 'structured-output', 'recipe', 'ask-input'],
  },
];

export type AcademyPageKind = 'academy-overview' | 'section-overview' | 'lesson' | 'glossary';

export interface AcademyPage {
  /** Content file, relative to content/academy without '.md' ('overview', 'beginner/overview', 'beginner/mistakes'). */
  readonly key: string;
  readonly kind: AcademyPageKind;
  /** Canonical path of the page. */
  readonly path: string;
  /** null for the academy overview and the glossary. */
  readonly section: SectionId | null;
  /** Lesson slug ('glossary' for the glossary); null for overviews. */
  readonly slug: string | null;
  /** Previous/next link targets as paths. A target may be a path that falls back (see resolveAcademyPath). */
  readonly prev: string | null;
  readonly next: string | null;
}

export const academyPath = (section?: SectionId, slug?: string): string =>
  [paths.academy, section, slug].filter((part) => part !== undefined).join('/');

/**
 * Links the spec writes out that differ from plain reading order: the
 * intermediate overview's back link to a path that is not a page (it falls
 * back to the beginner overview), and the last page's link back to the academy.
 */
const SPEC_LINKS: Readonly<Record<string, { prev?: string; next?: string }>> = {
  'intermediate/overview': { prev: academyPath('beginner', 'specificity') },
  'patterns/ask-input': { next: academyPath() },
};

function buildTable(): readonly AcademyPage[] {
  const order: Omit<AcademyPage, 'prev' | 'next'>[] = [
    { key: 'overview', kind: 'academy-overview', path: academyPath(), section: null, slug: null },
  ];
  for (const section of ACADEMY_SECTIONS) {
    order.push({ key: `${section.id}/overview`, kind: 'section-overview', path: academyPath(section.id), section: section.id, slug: null });
    for (const slug of section.pages) {
      order.push({ key: `${section.id}/${slug}`, kind: 'lesson', path: academyPath(section.id, slug), section: section.id, slug });
    }
  }
  // Reading order gives every other link: overview -> first page, first page -> overview,
  // and the last page of a section -> the next section's overview (mistakes -> intermediate,
  // iterative -> advanced, system-user -> patterns).
  return order.map((page, index) => ({
    ...page,
    prev: SPEC_LINKS[page.key]?.prev ?? order[index - 1]?.path ?? null,
    next: SPEC_LINKS[page.key]?.next ?? order[index + 1]?.path ?? null,
  }));
}

/** Every page of the reading order (the spec's chain), from the academy overview to the last pattern. */
export const ACADEMY_PAGES: readonly AcademyPage[] = buildTable();

const GLOSSARY_SLUG = 'glossary';
export const GLOSSARY_PATH = `${paths.academy}/${GLOSSARY_SLUG}`;

/**
 * The glossary stands beside the reading order rather than in it: the overview
 * and the lessons link to its terms, and it leads back to the academy.
 */
export const GLOSSARY_PAGE: AcademyPage = {
  key: GLOSSARY_SLUG,
  kind: 'glossary',
  path: GLOSSARY_PATH,
  section: null,
  slug: GLOSSARY_SLUG,
  prev: null,
  next: academyPath(),
};

/** Every page with a content file: the reading order, then the glossary. */
export const ALL_ACADEMY_PAGES: readonly AcademyPage[] = [...ACADEMY_PAGES, GLOSSARY_PAGE];

/** The lessons, whose progress a learner can mark. */
export const ACADEMY_LESSONS: readonly AcademyPage[] = ACADEMY_PAGES.filter((page) => page.kind === 'lesson');

const pagesByPath = new Map(ALL_ACADEMY_PAGES.map((page) => [page.path, page]));

function pageAt(path: string): AcademyPage {
  const page = pagesByPath.get(path);
  if (!page) throw new Error(`No academy page at ${path}`);
  return page;
}

/**
 * The page shown at a pathname. Unknown sub-paths of a section show that
 * section's overview; any other unknown academy path shows the academy overview.
 */
export function resolveAcademyPath(pathname: string): AcademyPage {
  const rest = pathname.startsWith(paths.academy) ? pathname.slice(paths.academy.length) : '';
  const [sectionId, slug, ...extra] = rest.split('/').filter(Boolean);
  if (sectionId === GLOSSARY_SLUG && slug === undefined) return GLOSSARY_PAGE;
  const section = ACADEMY_SECTIONS.find(({ id }) => id === sectionId);
  if (!section) return pageAt(academyPath());
  if (slug !== undefined && extra.length === 0 && section.pages.includes(slug)) return pageAt(academyPath(section.id, slug));
  return pageAt(academyPath(section.id));
}

/** Pages of a section, its overview first. */
export function sectionPages(section: SectionId): readonly AcademyPage[] {
  return ACADEMY_PAGES.filter((page) => page.section === section);
}

/** Reading minutes of a section (overview and lessons), from each page's word count. */
export function sectionReadingMinutes(section: SectionId, wordsOf: (key: string) => number): number {
  return readingMinutes(sectionPages(section).reduce((sum, page) => sum + wordsOf(page.key), 0));
}
