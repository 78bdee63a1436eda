import { MESSAGES } from '@prompt-vault/shared/messages';
import { readingMinutes } from '../../../vite-plugins/markdown/ast';
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

export const ACADEMY_SECTIONS: readonly AcademySection[] = [
  { id: 'beginner', label: MESSAGES.academy.tabs.beginner, pages: ['understanding', 'components', 'techniques', 'mistakes'] },
  { id: 'intermediate', label: MESSAGES.academy.tabs.intermediate, pages: ['role-prompting', 'format-control', 'iterative'] },
  { id: 'advanced', label: MESSAGES.academy.tabs.advanced, pages: ['chain-of-thought', 'few-shot', 'system-user'] },
  { id: 'patterns', label: MESSAGES.academy.tabs.patterns, pages: ['audience-persona', 'structured-output', 'recipe', 'ask-input'] },
];

export interface AcademyPage {
  /** Content file, relative to content/academy without '.md' ('overview', 'beginner/overview', 'beginner/mistakes'). */
  readonly key: string;
  /** Canonical path of the page. */
  readonly path: string;
  /** null for the academy overview. */
  readonly section: SectionId | null;
  /** Topic slug; null for overviews. */
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
  const order: Omit<AcademyPage, 'prev' | 'next'>[] = [{ key: 'overview', path: academyPath(), section: null, slug: null }];
  for (const section of ACADEMY_SECTIONS) {
    order.push({ key: `${section.id}/overview`, path: academyPath(section.id), section: section.id, slug: null });
    for (const slug of section.pages) {
      order.push({ key: `${section.id}/${slug}`, path: academyPath(section.id, slug), section: section.id, slug });
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

/** Every page of the Academy in reading order, from the academy overview to the last pattern. */
export const ACADEMY_PAGES: readonly AcademyPage[] = buildTable();

const pagesByPath = new Map(ACADEMY_PAGES.map((page) => [page.path, page]));

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
