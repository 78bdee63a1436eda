import { SIMILAR_PROMPTS } from '@prompt-vault/shared/limits';
import type { SimilarInput, SimilarPrompts } from '@prompt-vault/shared/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { similarCheckDraft } from '../similar-check';

export type SimilarPrompt = SimilarPrompts['similar'][number];

export const similarKeys = {
  draft: (input: SimilarInput) => ['similar', input.title, input.prompt] as const,
};

function draftFromKey(key: string): SimilarInput {
  const [title, prompt] = JSON.parse(key) as [string, string];
  return { title, prompt };
}

export async function findSimilar(input: SimilarInput, signal?: AbortSignal): Promise<SimilarPrompt[]> {
  const { data } = await apiRequest<SimilarPrompts>('/api/prompts/similar', { method: 'POST', body: input, withUserId: false, signal });
  return data.similar;
}

/**
 * The existing prompt most like the form's title and text, asked
 * SIMILAR_PROMPTS.debounceMs after the visitor stops typing; undefined when
 * nothing is alike, while a field is empty, or when the check fails (it is
 * advice: a failure shows nothing and is not retried). The previous answer
 * stays while the next is on its way, so the note does not flicker.
 */
export function useSimilarPrompt(values: { readonly title: string; readonly prompt: string }): SimilarPrompt | undefined {
  // Debounced as one string: a new object each render would restart the timer on every render.
  const current = similarCheckDraft(values);
  const settled = useDebouncedValue(current ? JSON.stringify([current.title, current.prompt]) : '', SIMILAR_PROMPTS.debounceMs);
  const draft = settled ? draftFromKey(settled) : undefined;
  const query = useQuery({
    queryKey: draft ? similarKeys.draft(draft) : ['similar', 'none'],
    queryFn: ({ signal }) => findSimilar(draft as SimilarInput, signal),
    enabled: draft !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (!draft || query.isError) return undefined;
  return query.data?.[0];
}
