import { MESSAGES } from '@prompt-vault/shared/messages';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { pageMeta } from './academy-content';
import { type SectionId, sectionPages } from './academy-nav';
import { progressOf } from './academy-progress';
import { AcademyProgressBar } from './academy-progress-bar';

/** A section overview's progress: lessons done, and the lesson to read next. */
export function AcademySectionProgress({ section, done }: { readonly section: SectionId; readonly done: ReadonlySet<string> }) {
  const id = useId();
  const lessons = sectionPages(section).filter((page) => page.kind === 'lesson');
  const progress = progressOf(
    lessons.map((page) => page.key),
    done,
  );
  const next = lessons.find((page) => page.key === progress.nextKey);
  return (
    <section className="academy-progress card-surface" aria-labelledby={`${id}-title`}>
      <div className="academy-progress-row">
        <h2 id={`${id}-title`} className="academy-progress-title">
          {MESSAGES.academy.progress.yourProgress}
        </h2>
        <p id={`${id}-count`} className="academy-progress-count">
          {MESSAGES.academy.progress.lessonsDone(progress.done, progress.total)}
        </p>
      </div>
      <AcademyProgressBar done={progress.done} total={progress.total} labelledBy={`${id}-count`} />
      {next ? (
        <Link className="academy-progress-next" to={next.path}>
          {progress.done === 0 ? MESSAGES.academy.progress.startWith : MESSAGES.academy.progress.continueWith}:{' '}
          <strong>{pageMeta(next.key).title}</strong>
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
      ) : (
        <p className="academy-progress-complete">
          <CircleCheck aria-hidden="true" size={18} />
          {MESSAGES.academy.progress.sectionComplete}
        </p>
      )}
    </section>
  );
}
