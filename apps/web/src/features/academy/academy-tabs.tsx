import { MESSAGES } from '@prompt-vault/shared/messages';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ACADEMY_SECTIONS, academyPath, type AcademyPage, type SectionId } from './academy-nav';

const TABS: readonly { readonly section: SectionId | null; readonly label: string; readonly to: string }[] = [
  { section: null, label: MESSAGES.academy.tabs.overview, to: academyPath() },
  ...ACADEMY_SECTIONS.map((section) => ({ section: section.id, label: section.label, to: academyPath(section.id) })),
];

/** The five Academy tabs; the active one follows the page shown (a section's tab stays active on its lessons). */
export function AcademyTabs({ page }: { readonly page: AcademyPage }) {
  const listRef = useRef<HTMLUListElement>(null);

  // On phones the tab row scrolls sideways: bring the active tab into view
  // without scrolling the window (the route change has just reset it to the top).
  useLayoutEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !active) return;
    const overflowRight = active.offsetLeft + active.offsetWidth - (list.scrollLeft + list.clientWidth);
    if (overflowRight > 0) list.scrollLeft += overflowRight;
    if (active.offsetLeft < list.scrollLeft) list.scrollLeft = active.offsetLeft;
  }, [page.section]);

  return (
    <nav className="academy-tabs" aria-label={MESSAGES.academy.title}>
      <ul ref={listRef}>
        {TABS.map((tab) => {
          const active = tab.section === page.section;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className={`academy-tab${active ? ' is-active' : ''}`}
                // 'page' when the tab's own page is shown; on a lesson its section's tab is the current location.
                aria-current={active ? (page.slug === null ? 'page' : 'location') : undefined}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
