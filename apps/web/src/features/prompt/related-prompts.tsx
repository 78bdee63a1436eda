import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { useCallback, useId, useState } from 'react';
import { LazyCommentsModal } from '../../components/comments-modal/lazy-comments-modal';
import { PromptCard } from '../../components/prompt-card/prompt-card';
import { PromptCardSkeleton } from '../../components/prompt-card/prompt-card-skeleton';
import { useRelatedPrompts } from './api/get-related-prompts';

/** Placeholders while the related prompts load: one row of cards at most widths. */
const RELATED_SKELETON_COUNT = 3;

/**
 * The prompts related to this one, as the library's cards (so liking,
 * copying, notes and opening work the same), under a "Related prompts"
 * heading. No section at all when there are none; placeholders while they
 * load; a short message and Try again when they could not be loaded.
 */
export function RelatedPrompts({ promptId }: { readonly promptId: string }) {
  const headingId = useId();
  const related = useRelatedPrompts(promptId);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [commentsFor, setCommentsFor] = useState<Prompt | null>(null);
  const onToggleExpanded = useCallback((id: string) => setExpandedId((current) => (current === id ? null : id)), []);

  if (related.isSuccess && related.data.length === 0) return null;

  return (
    <section className="permalink-related" aria-labelledby={headingId} aria-busy={related.isPending}>
      <h2 id={headingId}>{MESSAGES.permalink.relatedHeading}</h2>
      {related.isPending && (
        <div className="prompt-grid" role="status" aria-label={MESSAGES.permalink.relatedLoading}>
          {Array.from({ length: RELATED_SKELETON_COUNT }, (_, index) => (
            <PromptCardSkeleton key={index} />
          ))}
        </div>
      )}
      {related.isError && (
        <div className="permalink-related-error card-surface" role="alert">
          <p>{MESSAGES.permalink.relatedLoadFailed}</p>
          <button type="button" className="button button-secondary" onClick={() => void related.refetch()}>
            {MESSAGES.library.tryAgain}
          </button>
        </div>
      )}
      {related.isSuccess && (
        <div className="prompt-grid">
          {related.data.map((prompt) => (
            <PromptCard
              key={prompt._id}
              prompt={prompt}
              expanded={expandedId === prompt._id}
              onToggleExpanded={onToggleExpanded}
              onOpenComments={setCommentsFor}
            />
          ))}
        </div>
      )}
      <LazyCommentsModal prompt={commentsFor} onClose={() => setCommentsFor(null)} />
    </section>
  );
}
