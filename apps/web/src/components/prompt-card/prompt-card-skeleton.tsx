/** A card-shaped placeholder with the real card's structure and sizes, so nothing moves when the cards arrive. */
export function PromptCardSkeleton() {
  return (
    <div className="prompt-card card-surface prompt-card-skeleton" aria-hidden="true">
      <div className="prompt-card-header">
        <span className="skeleton-block skeleton-title" />
      </div>
      <div className="prompt-tags">
        <span className="skeleton-block skeleton-tag" />
        <span className="skeleton-block skeleton-tag" />
      </div>
      <div className="prompt-card-text">
        <span className="skeleton-block skeleton-line" />
        <span className="skeleton-block skeleton-line" />
        <span className="skeleton-block skeleton-line" />
        <span className="skeleton-block skeleton-line skeleton-line-short" />
      </div>
      <div className="prompt-card-actions">
        <span className="skeleton-block skeleton-button" />
        <span className="skeleton-block skeleton-button" />
        <span className="skeleton-block skeleton-button" />
      </div>
    </div>
  );
}
