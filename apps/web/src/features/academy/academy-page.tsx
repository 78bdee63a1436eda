import { MESSAGES } from '@prompt-vault/shared/messages';
import { Clock } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadPage, pageMeta } from './academy-content';
import { ACADEMY_SECTIONS, resolveAcademyPath } from './academy-nav';
import { AcademyBodyBoundary, AcademyPageBody, AcademyPageBodySkeleton } from './academy-page-body';
import { AcademyPager } from './academy-pager';
import { AcademyPathCards } from './academy-path-cards';
import { AcademyTabs } from './academy-tabs';
import './academy.css';

/** Prompt Academy (/prompt-academy/*): tabs, then the page the path resolves to (see academy-nav.ts). */
export function AcademyPage() {
  const { pathname } = useLocation();
  const page = resolveAcademyPath(pathname);
  const meta = pageMeta(page.key);
  const section = ACADEMY_SECTIONS.find(({ id }) => id === page.section);
  const lesson = section && page.slug !== null ? section.pages.indexOf(page.slug) + 1 : 0;
  useDocumentTitle(page.section === null ? MESSAGES.academy.title : `${meta.title} · ${MESSAGES.academy.title}`);

  // After moving between pages, put keyboard and screen-reader focus on the new title
  // (not on first load), instead of leaving it on a link at the bottom of the old page.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownKey = useRef(page.key);
  useEffect(() => {
    if (shownKey.current === page.key) return;
    shownKey.current = page.key;
    titleRef.current?.focus({ preventScroll: true });
  }, [page.key]);

  // Readers mostly go to a neighbour next: fetch those bodies while this one is read.
  useEffect(() => {
    for (const target of [page.prev, page.next]) {
      if (target !== null) loadPage(resolveAcademyPath(target).key).catch(() => undefined);
    }
  }, [page]);

  return (
    <div className="page academy">
      <AcademyTabs page={page} />
      <article className={`academy-article${page.slug === null ? '' : ' is-lesson'}`} aria-labelledby="academy-page-title">
        <header className="academy-article-header">
          {section && (
            <p className="academy-eyebrow">
              {lesson > 0
                ? `${section.label} · Lesson ${lesson} of ${section.pages.length}`
                : `Section overview · ${section.pages.length} lessons`}
            </p>
          )}
          <h1 id="academy-page-title" className="page-title academy-title" ref={titleRef} tabIndex={-1}>
            {meta.title}
          </h1>
          <p className="page-subtitle academy-description">{meta.description}</p>
          <p className="academy-reading-time">
            <Clock aria-hidden="true" size={16} />
            {meta.readingMinutes} min read
          </p>
        </header>
        {page.section === null && <AcademyPathCards />}
        <AcademyBodyBoundary key={page.key}>
          <Suspense fallback={<AcademyPageBodySkeleton />}>
            <AcademyPageBody contentKey={page.key} withContents={page.slug !== null} />
          </Suspense>
        </AcademyBodyBoundary>
        <AcademyPager page={page} />
      </article>
    </div>
  );
}
