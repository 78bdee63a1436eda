import { SEARCH_DEBOUNCE_MS, SKELETON_CARD_COUNT } from '@prompt-vault/shared/limits';
import { searchTextOf } from '@prompt-vault/shared/search-text';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { LazyCommentsModal } from '../../components/comments-modal/lazy-comments-modal';
import { PromptCardSkeleton } from '../../components/prompt-card/prompt-card-skeleton';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useInView } from '../../lib/use-in-view';
import { useFacets } from '../../lib/facets-query';
import { usePromptCount, usePromptPages } from './api/get-prompts';
import { EmptyResults } from './components/empty-results';
import { FilterPanel } from './components/filter-panel';
import { LibraryHeader } from './components/library-header';
import { PopularKeywords, PopularKeywordsPlaceholder } from './components/popular-keywords';
import { PromptGrid } from './components/prompt-grid';
import { footerCounts } from './footer-counts';
import { heldMessage } from './held-message';
import { EMPTY_FILTERS, type FilterKey, type LibraryFilters, withoutFilter } from './filters';
import { useLibraryFilters } from './use-library-filters';
import './library.css';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search box's text, with the URL following it after the debounce.
 * Back/forward (a URL change not made here) puts the URL's text back in the box.
 */
function useSearchText(filters: LibraryFilters, setFilters: ReturnType<typeof useLibraryFilters>[1]) {
  const [text, setText] = useState(filters.q);
  const written = useRef(filters.q);
  const { pathname } = useLocation();

  useEffect(() => {
    if (searchTextOf(filters.q) !== searchTextOf(written.current)) {
      written.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);

  useEffect(() => {
    if (searchTextOf(text) === searchTextOf(filters.q)) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const write = () => {
      // The visitor has left for a page that is still loading: the router keeps this page on screen until the
      // other is ready, but the address has moved on, and a search written now would bring the visitor back here.
      // Asked again later: a visitor who comes back before it is ready (Back keeps this page's location, so
      // nothing here runs again) gets their search.
      if (window.location.pathname !== pathname) {
        timer = setTimeout(write, SEARCH_DEBOUNCE_MS);
        return;
      }
      written.current = text;
      // Refining a search replaces its history entry; starting one adds an entry.
      setFilters({ ...filters, q: text }, { replace: searchTextOf(filters.q) !== '' && searchTextOf(text) !== '' });
    };
    timer = setTimeout(write, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, setFilters, pathname]);

  /** Sets the text and the URL at once (a keyword click, the clear button). */
  const commit = useCallback(
    (value: string, base: LibraryFilters) => {
      written.current = value;
      setText(value);
      setFilters({ ...base, q: value });
    },
    [setFilters],
  );

  return [text, setText, commit] as const;
}

/** The next page loads when the visitor nears the end of the grid. */
function LoadMoreSentinel({ onNear }: { readonly onNear: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, '0px 0px 1200px 0px', false);
  useEffect(() => {
    if (near) onNear();
  }, [near, onNear]);
  return <div ref={ref} className="library-sentinel" aria-hidden="true" />;
}

export function LibraryPage() {
  useDocumentTitle(MESSAGES.sidebar.library);
  const [filters, setFilters] = useLibraryFilters();
  const [searchText, setSearchText, commitSearch] = useSearchText(filters, setFilters);
  const searchRef = useRef<HTMLInputElement>(null);
  const facets = useFacets();
  const list = usePromptPages(filters);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [commentsFor, setCommentsFor] = useState<Prompt | null>(null);

  // '/' focuses the search box from anywhere on the page but a text field.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      searchRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const onToggleExpanded = useCallback((id: string) => setExpandedId((current) => (current === id ? null : id)), []);
  const onOpenComments = useCallback((prompt: Prompt) => setCommentsFor(prompt), []);

  const pages = useMemo(() => list.data?.pages.map((page) => page.prompts) ?? [], [list.data]);
  const shown = pages.reduce((sum, page) => sum + page.length, 0);
  const lastPage = list.data?.pages.at(-1);
  // A common search's page comes without its total, which follows from its own request.
  // While a new search loads, the previous results show their own total or none: never the new search's.
  const countNeeded = lastPage !== undefined && lastPage.total === undefined && !list.isPlaceholderData;
  const count = usePromptCount(filters, countNeeded);
  const matches = lastPage?.total ?? (countNeeded ? count.data : undefined);
  const counts = matches === undefined ? undefined : footerCounts({ matches, libraryTotal: facets.data?.total, filters });

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const keywords = facets.data?.keywords ?? [];
  // A select change also commits whatever is typed but not yet debounced.
  const changeFilters = (next: LibraryFilters) => commitSearch(searchText, next);

  return (
    <div className="page library-page">
      <LibraryHeader />

      {facets.isPending && <PopularKeywordsPlaceholder />}
      {facets.isSuccess && keywords.length > 0 && (
        <PopularKeywords keywords={keywords} current={filters.q} onPick={(keyword) => commitSearch(keyword, filters)} />
      )}

      <FilterPanel
        filters={filters}
        searchText={searchText}
        onSearchTextChange={setSearchText}
        onSearchClear={() => {
          commitSearch('', filters);
          searchRef.current?.focus();
        }}
        searchRef={searchRef}
        facets={facets.data}
        onChange={changeFilters}
        onRemove={(key: FilterKey, tag?: string) => {
          if (key === 'q') commitSearch('', filters);
          else changeFilters(withoutFilter(filters, key, tag));
        }}
        onClearAll={() => commitSearch('', EMPTY_FILTERS)}
      />

      <section className="library-results" aria-labelledby="library-results-heading" aria-busy={list.isFetching}>
        <h2 id="library-results-heading" className="visually-hidden">
          Prompts
        </h2>

        {list.isPending && (
          <div className="prompt-grid" role="status" aria-label="Loading prompts">
            {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
              <PromptCardSkeleton key={index} />
            ))}
          </div>
        )}

        {list.isError && !list.data && (
          <div className="library-state library-error" role="alert">
            <h3>{MESSAGES.library.loadErrorHeading}</h3>
            <p>{MESSAGES.library.loadErrorText}</p>
            <p className="library-error-detail">{heldMessage(list.error)}</p>
            <button type="button" className="button button-primary" onClick={() => void list.refetch()}>
              {MESSAGES.library.tryAgain}
            </button>
          </div>
        )}

        {list.isSuccess && shown === 0 && (
          <EmptyResults
            filters={filters}
            onSuggestion={(suggestion) => {
              commitSearch(suggestion, filters);
              // The link goes with the empty state: the search box, now holding the suggestion, keeps the visitor's place.
              searchRef.current?.focus();
            }}
          />
        )}

        {shown > 0 && (
          <div className={list.isPlaceholderData ? 'library-grid is-stale' : 'library-grid'}>
            <PromptGrid pages={pages} expandedId={expandedId} onToggleExpanded={onToggleExpanded} onOpenComments={onOpenComments} />
          </div>
        )}

        {hasNextPage && !isFetchingNextPage && !isFetchNextPageError && (
          // A fresh sentinel after every page, so its first observation tells
          // whether the end of the grid is (still) near.
          <LoadMoreSentinel key={shown} onNear={loadMore} />
        )}

        {isFetchingNextPage && (
          <div className="prompt-grid library-more-skeletons" role="status" aria-label="Loading more prompts">
            {Array.from({ length: 3 }, (_, index) => (
              <PromptCardSkeleton key={index} />
            ))}
          </div>
        )}

        {isFetchNextPageError && (
          <div className="library-more-error" role="alert">
            <p>{list.error ? heldMessage(list.error) : MESSAGES.library.loadErrorHeading}</p>
            <button type="button" className="button button-secondary" onClick={() => void fetchNextPage()}>
              {MESSAGES.library.tryAgain}
            </button>
          </div>
        )}

        {counts && <p className="library-count">{MESSAGES.library.displaying(counts.shown, counts.total)}</p>}
      </section>

      <LazyCommentsModal prompt={commentsFor} onClose={() => setCommentsFor(null)} />
    </div>
  );
}
