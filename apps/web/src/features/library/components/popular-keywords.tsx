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
