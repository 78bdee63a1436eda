import { LIBRARY_PAGE_SIZE } from '@prompt-vault/shared/limits';
import type { Prompt, PromptCount } from '@prompt-vault/shared/schemas';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type PromptPage, promptKeys } from '../../../lib/prompt-cache';
import { type LibraryFilters, filtersToSearchParams, listQueryString, normalizeFilters } from '../filters';

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
  return { prompts: data, total: totalFromHeader(headers.get('X-Total-Count')), nextCursor: nextCursorFromLink(headers.get('Link')) };
}

/** X-Total-Count, or undefined when the server left it out (it then answers GET /api/prompts/count). */
export function totalFromHeader(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header)) return undefined;
  const total = Number(header);
  return Number.isSafeInteger(total) ? total : undefined;
}

export async function getPromptCount(filters: LibraryFilters, signal?: AbortSignal): Promise<number> {
  const { data } = await apiRequest<PromptCount>(`/api/prompts/count?${filtersToSearchParams(filters).toString()}`, { signal });
  return data.total;
}

/**
 * How many prompts the filters match, asked only when `needed`: when the
 * list's page came without it (a search found in many prompts, whose count
 * the server does not make the page wait for). Until it comes the footer
 * shows no count rather than a wrong one.
 */
export function usePromptCount(filters: LibraryFilters, needed: boolean) {
  // The order does not change the count: one request serves every sort.
  const normalized = { ...normalizeFilters(filters), sort: '' as const };
  return useQuery({
    queryKey: promptKeys.count(normalized),
    queryFn: ({ signal }) => getPromptCount(normalized, signal),
    enabled: needed,
  });
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
