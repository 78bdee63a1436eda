import { MESSAGES } from '@prompt-vault/shared/messages';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACADEMY_SECTIONS, academyPath, type AcademyPage, type SectionId } from './academy-nav';

const TABS: readonly { readonly section: SectionId | null; readonly label: string; readonly to: string }[] = [
  { section: null, label: MESSAGES.academy.tabs.overview, to: academyPath() },
  ...ACADEMY_SECTIONS.map((section) => ({ section: section.id, label: section.label, to: academyPath(section.id) })),
];

/** The five Academy tabs; the active one follows the page shown (a section's tab stays active on its lessons). */
export function AcademyTabs({ page }: { readonly page: AcademyPage }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState({ before: false, after: false });

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

  // Fade the row's edges while tabs lie beyond them, so a phone reader knows to scroll.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const update = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setOverflow((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      list.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return (
    <nav className="academy-tabs" aria-label={MESSAGES.academy.title}>
      <ul
        ref={listRef}
        className={[overflow.before && 'overflows-before', overflow.after && 'overflows-after'].filter(Boolean).join(' ') || undefined}
      >
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
