import type { Prompt } from '@prompt-vault/shared/schemas';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/**
 * Query keys of everything that holds prompts, defined once, and the cache
 * updates that keep a prompt the same wherever it is shown (a card in any
 * loaded list page, the permalink).
 */
export const promptKeys = {
  all: ['prompts'] as const,
  lists: () => [...promptKeys.all, 'list'] as const,
  list: (filters: object) => [...promptKeys.lists(), filters] as const,
  /** How many prompts the filters match, when a page leaves it out (GET /api/prompts/count). */
  count: (filters: object) => [...promptKeys.all, 'count', filters] as const,
  detail: (id: string) => [...promptKeys.all, 'detail', id] as const,
  /** Every prompt's related prompts (GET /api/prompts/:id/related). */
  relatedLists: () => [...promptKeys.all, 'related'] as const,
  related: (id: string) => [...promptKeys.relatedLists(), id] as const,
};

/** One page of GET /api/prompts?limit=…: the prompts, X-Total-Count, and the cursor of the next page. */
export interface PromptPage {
  readonly prompts: Prompt[];
  /** Undefined when the server left it out (counting a common search costs more than its page): usePromptCount asks for it. */
  readonly total: number | undefined;
  readonly nextCursor: string | undefined;
}

export type PromptUpdate = (prompt: Prompt) => Prompt;

/** The prompts with one replaced; the very same array when it is not there. */
export function updatePromptInList(prompts: Prompt[], id: string, update: PromptUpdate): Prompt[] {
  const index = prompts.findIndex((prompt) => prompt._id === id);
  const found = prompts[index];
  if (!found) return prompts;
  const updated = prompts.slice();
  updated[index] = update(found);
  return updated;
}

/**
 * The list data with one prompt replaced. Unchanged pages keep their
 * identity, and when the prompt is not there the very same object comes
 * back, so nothing re-renders needlessly.
 */
export function updatePromptInPages<D extends InfiniteData<PromptPage, unknown>>(data: D, id: string, update: PromptUpdate): D {
  let changed = false;
  const pages = data.pages.map((page) => {
    const prompts = updatePromptInList(page.prompts, id, update);
    if (prompts === page.prompts) return page;
    changed = true;
    return { ...page, prompts };
  });
  return changed ? { ...data, pages } : data;
}

/** The prompt after the visitor (un)liked it; a repeat of the current state changes nothing. */
export function applyLike(prompt: Prompt, liked: boolean): Prompt {
  if (prompt.liked === liked) return prompt;
  return { ...prompt, liked, likes: Math.max(0, prompt.likes + (liked ? 1 : -1)) };
}

/** Applies an update to the prompt in every cached list page, every related list and its permalink entry. */
export function updatePromptEverywhere(queryClient: QueryClient, id: string, update: PromptUpdate): void {
  queryClient.setQueriesData<InfiniteData<PromptPage, unknown>>({ queryKey: promptKeys.lists() }, (data) =>
    data ? updatePromptInPages(data, id, update) : data,
  );
  queryClient.setQueriesData<Prompt[]>({ queryKey: promptKeys.relatedLists() }, (prompts) =>
    prompts ? updatePromptInList(prompts, id, update) : prompts,
  );
  queryClient.setQueryData<Prompt>(promptKeys.detail(id), (prompt) => (prompt ? update(prompt) : prompt));
}
