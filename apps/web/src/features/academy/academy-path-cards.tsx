import { MESSAGES } from '@prompt-vault/shared/messages';
import { BookOpen, Compass, GraduationCap, Puzzle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { pageMeta } from './academy-content';
import { ACADEMY_SECTIONS, academyPath, sectionPages, sectionReadingMinutes, type SectionId } from './academy-nav';
import { AcademyProgressBar } from './academy-progress-bar';
import { progressOf } from './academy-progress';

const ICONS: Readonly<Record<SectionId, LucideIcon>> = {
  beginner: Compass,
  intermediate: BookOpen,
  advanced: GraduationCap,
  patterns: Puzzle,
};

/** The overview's four path cards: each section's level, lesson count, reading time and the learner's progress. */
export function AcademyPathCards({ done }: { readonly done: ReadonlySet<string> }) {
  return (
    <section className="academy-paths" aria-labelledby="academy-paths-title">
      <h2 id="academy-paths-title" className="visually-hidden">
        Learning paths
      </h2>
      <ul className="academy-path-grid">
        {ACADEMY_SECTIONS.map((section) => {
          const meta = pageMeta(`${section.id}/overview`);
          const minutes = sectionReadingMinutes(section.id, (key) => pageMeta(key).totalWords);
          const Icon = ICONS[section.id];
          const progress = progressOf(
            sectionPages(section.id)
              .filter((page) => page.kind === 'lesson')
              .map((page) => page.key),
            done,
          );
          const progressId = `academy-path-progress-${section.id}`;
          return (
            <li key={section.id} className="academy-path-card card-surface">
              <div className="academy-path-card-top">
                <span className="academy-path-icon">
                  <Icon aria-hidden="true" size={22} />
                </span>
                <span className="tag tag-primary">{meta.level}</span>
              </div>
              <h3 className="academy-path-title">
                {/* The link covers the whole card (see .academy-path-link::after). */}
                <Link className="academy-path-link" to={academyPath(section.id)}>
                  {section.label}
                </Link>
              </h3>
              <p className="academy-path-description">{meta.description}</p>
              <p className="academy-path-stats">
                {section.pages.length} lessons · {minutes} min read
              </p>
              <div className="academy-path-progress">
                <p id={progressId} className="academy-path-progress-text">
                  {MESSAGES.academy.progress.lessonsDone(progress.done, progress.total)}
                </p>
                <AcademyProgressBar done={progress.done} total={progress.total} labelledBy={progressId} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
