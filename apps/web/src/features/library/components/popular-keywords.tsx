import { searchTextOf } from '@prompt-vault/shared/search-text';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { useId } from 'react';

interface PopularKeywordsProps {
  readonly keywords: readonly string[];
  /** The current search text, so the matching badge shows as chosen. */
  readonly current: string;
  readonly onPick: (keyword: string) => void;
}

/** The badge row; the page renders it only once the keywords have loaded and exist. */
export function PopularKeywords({ keywords, current, onPick }: PopularKeywordsProps) {
  const headingId = useId();
  const chosen = searchTextOf(current).toLowerCase();
  return (
    <section className="popular-keywords" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-label">
        {MESSAGES.library.popularKeywords}
      </h2>
      <ul className="keyword-list">
        {keywords.map((keyword) => (
          <li key={keyword}>
            <button
              type="button"
              className={`keyword-badge${chosen === keyword ? ' is-chosen' : ''}`}
              aria-pressed={chosen === keyword}
              onClick={() => onPick(keyword)}
            >
              {keyword}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Badge shapes in the placeholder, one for each of the row's ten keywords. */
const PLACEHOLDER_BADGES = 10;

/**
 * Holds the row's place while the keywords load: the row is one line at any
 * width, so this is exactly as tall, and the filters and prompts below do not
 * move when it arrives (they moved 80 px at 1,350 px wide and 200 px at
 * 412, Lighthouse's layout shift 0.035 and 0.078-0.098). Shapes only: the
 * row itself shows once loading has finished (spec, section 2).
 */
export function PopularKeywordsPlaceholder() {
  return (
    <div className="popular-keywords is-placeholder" aria-hidden="true">
      <div className="section-label">
        <span className="skeleton-block keyword-label-skeleton" />
      </div>
      <ul className="keyword-list">
        {Array.from({ length: PLACEHOLDER_BADGES }, (_, index) => (
          <li key={index}>
            <span className="skeleton-block keyword-badge-skeleton" />
          </li>
        ))}
      </ul>
    </div>
  );
}
