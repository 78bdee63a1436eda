import { MESSAGES } from '@prompt-vault/shared/messages';
import { searchTextOf } from '@prompt-vault/shared/search-text';
import type { Suggestion } from '@prompt-vault/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { type LibraryFilters, filtersToSearchParams } from '../filters';

async function getSuggestion(text: string, signal: AbortSignal): Promise<string | null> {
  const { data } = await apiRequest<Suggestion>(`/api/search/suggest?q=${encodeURIComponent(text)}`, { signal, withUserId: false });
  return data.suggestion;
}

interface EmptyResultsProps {
  readonly filters: LibraryFilters;
  /** Searches for the suggestion (and puts it in the search box). */
  readonly onSuggestion: (suggestion: string) => void;
}

/**
 * The library's empty state. A search that finds nothing asks the server for
 * a "did you mean" (GET /api/search/suggest); with one, the text names the
 * search and offers the suggestion as a link to its results. Otherwise, or
 * while it is asked, the spec's text.
 */
export function EmptyResults({ filters, onSuggestion }: EmptyResultsProps) {
  const text = searchTextOf(filters.q);
  const suggestion = useQuery({
    queryKey: ['search-suggestion', text],
    queryFn: ({ signal }) => getSuggestion(text, signal),
    enabled: text !== '',
    staleTime: 60_000,
    // A suggestion is a nicety: without one the spec's text stands.
    retry: false,
  });
  const suggested = text !== '' ? suggestion.data : null;

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!suggested || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onSuggestion(suggested);
  };

  return (
    <div className="library-state library-empty" role="status">
      <h3>{MESSAGES.library.emptyHeading}</h3>
      {suggested ? (
        <p>
          {MESSAGES.library.noMatchFor(text)} {MESSAGES.library.didYouMean}{' '}
          <a href={`${paths.library}?${filtersToSearchParams({ ...filters, q: suggested }).toString()}`} onClick={follow}>
            {suggested}
          </a>
          ?
        </p>
      ) : (
        <p>{MESSAGES.library.emptyText}</p>
      )}
    </div>
  );
}
