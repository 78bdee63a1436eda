import { LIBRARY_PAGE_SIZE } from '@prompt-vault/shared/limits';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type PromptPage, promptKeys } from '../../../lib/prompt-cache';
import { type LibraryFilters, listQueryString, normalizeFilters } from '../filters';

/** The cursor of the next page, from `Link: </api/prompts?…&cursor=…>; rel="next"`. */
export function nextCursorFromLink(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return new URL(match[1], 'http://link.invalid').searchParams.get('cursor') ?? undefined;
  }
  return undefined;
}

export async function getPromptPage(filters: LibraryFilters, cursor: string | undefined, signal?: AbortSignal): Promise<PromptPage> {
  const { data, headers } = await apiRequest<Prompt[]>(`/api/prompts?${listQueryString(filters, LIBRARY_PAGE_SIZE, cursor)}`, { signal });
  const total = Number(headers.get('X-Total-Count'));
  return { prompts: data, total: Number.isFinite(total) ? total : data.length, nextCursor: nextCursorFromLink(headers.get('Link')) };
}

export function promptPagesQueryOptions(filters: LibraryFilters) {
  const normalized = normalizeFilters(filters);
  return infiniteQueryOptions({
    queryKey: promptKeys.list(normalized),
    queryFn: ({ pageParam, signal }) => getPromptPage(normalized, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    // While a new search loads, the previous results stay (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/** The library's list, a page of 48 at a time, searched, filtered and sorted by the server. */
export function usePromptPages(filters: LibraryFilters) {
  return useInfiniteQuery(promptPagesQueryOptions(filters));
}
