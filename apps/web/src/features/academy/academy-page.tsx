import { MESSAGES } from '@prompt-vault/shared/messages';
import { CircleCheck, Clock } from 'lucide-react';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadPage, pageMeta } from './academy-content';
import { ACADEMY_LESSONS, ACADEMY_SECTIONS, resolveAcademyPath } from './academy-nav';
import { AcademyBodyBoundary, AcademyPageBody, AcademyPageBodySkeleton } from './academy-page-body';
import { AcademyLessonDone } from './academy-lesson-done';
import { AcademyPager } from './academy-pager';
import { AcademyPathCards } from './academy-path-cards';
import { AcademySectionProgress } from './academy-section-progress';
import { AcademyTabs } from './academy-tabs';
import { DoneLessonsContext } from './markdown-blocks';
import { useAcademyProgress } from './use-academy-progress';
import './academy.css';

// A fixed calendar date, the same for every reader whatever their time zone.
const reviewedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Prompt Academy (/prompt-academy/*): tabs, then the page the path resolves to (see academy-nav.ts). */
export function AcademyPage() {
  const { pathname } = useLocation();
  const page = resolveAcademyPath(pathname);
  const meta = pageMeta(page.key);
  const section = ACADEMY_SECTIONS.find(({ id }) => id === page.section);
  const isLesson = page.kind === 'lesson';
  const lesson = section && isLesson && page.slug !== null ? section.pages.indexOf(page.slug) + 1 : 0;
  const { done } = useAcademyProgress();
  const donePaths = useMemo(() => new Set(ACADEMY_LESSONS.filter((entry) => done.has(entry.key)).map((entry) => entry.path)), [done]);
  useDocumentTitle(page.kind === 'academy-overview' ? MESSAGES.academy.title : `${meta.title} · ${MESSAGES.academy.title}`);

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
      <DoneLessonsContext value={donePaths}>
        <article className={`academy-article${isLesson ? ' is-lesson' : ''}`} aria-labelledby="academy-page-title">
          <header className="academy-article-header">
            {section && (
              <p className="academy-eyebrow">
                {lesson > 0
                  ? `${section.label} · Lesson ${lesson} of ${section.pages.length}`
                  : `Section overview · ${section.pages.length} lessons`}
                {isLesson && done.has(page.key) && (
                  <>
                    {' '}
                    <span className="academy-done-mark academy-eyebrow-done">
                      <CircleCheck aria-hidden="true" size={14} />
                      {MESSAGES.academy.progress.done}
                    </span>
                  </>
                )}
              </p>
            )}
            <h1 id="academy-page-title" className="page-title academy-title" ref={titleRef} tabIndex={-1}>
              {meta.title}
            </h1>
            <p className="page-subtitle academy-description">{meta.description}</p>
            <p className="academy-meta">
              <span className="academy-reading-time">
                <Clock aria-hidden="true" size={16} />
                {meta.readingMinutes} min read
              </span>
              {meta.reviewed && (
                <span className="academy-reviewed">
                  {MESSAGES.academy.reviewed}{' '}
                  <time dateTime={meta.reviewed}>{reviewedFormat.format(new Date(`${meta.reviewed}T00:00:00Z`))}</time>
                </span>
              )}
            </p>
          </header>
          {page.kind === 'academy-overview' && <AcademyPathCards done={done} />}
          {page.kind === 'section-overview' && page.section !== null && <AcademySectionProgress section={page.section} done={done} />}
          <AcademyBodyBoundary key={page.key}>
            <Suspense fallback={<AcademyPageBodySkeleton />}>
              <AcademyPageBody contentKey={page.key} contents={isLesson ? 'aside' : page.kind === 'glossary' ? 'index' : 'none'} />
            </Suspense>
          </AcademyBodyBoundary>
          {isLesson && <AcademyLessonDone lessonKey={page.key} />}
          <AcademyPager page={page} />
        </article>
      </DoneLessonsContext>
    </div>
  );
}
